//! `verigym episode`: run scripted agents through episodes, and re-judge transcripts.

use std::io::{BufRead, Write};
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use verigym::DynEnv;
use verigym::episodes::{
    self, AgenticOptions, Episode, EpisodeOptions, FeedbackOptions, RewardMode, Transcript,
};

use super::OutputError;
use super::inputs::{name, open};
use super::output::Output;
use super::params::parse_overrides;

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Plays scripted agents through an interactive env's episodes and writes their transcripts.
    Run(RunArgs),
    /// Replays transcripts from their records and actions, and judges them again.
    Verify(VerifyArgs),
    /// Probes each interactive env as an attacker: the optimal agent must be paid, hostile
    /// agents never; prints TPR, FPR and Youden's J per env.
    Probe(ProbeArgs),
}

#[derive(clap::Args)]
struct ProbeArgs {
    /// Problems per level (levels 0, 5 and 10).
    #[arg(
        short = 'n',
        long = "count",
        default_value_t = 20,
        allow_hyphen_values = true
    )]
    count: u64,
    /// The master seed.
    #[arg(long, default_value_t = 0, allow_hyphen_values = true)]
    seed: u64,
    /// Probe this env only.
    #[arg(long)]
    env: Option<String>,
}

/// Where an episode's problems come from: shared by `episode run` and `play`.
#[derive(clap::Args)]
pub struct Source {
    /// The env id: an interactive env, or any single-turn env for a feedback episode.
    #[arg(long)]
    pub env: String,
    /// The master seed.
    #[arg(long, default_value_t = 0, allow_hyphen_values = true)]
    pub seed: u64,
    /// The index of the first problem.
    #[arg(long, default_value_t = 0, allow_hyphen_values = true)]
    pub start: u64,
    /// The level, from 0 (easiest) to 10.
    #[arg(long, visible_alias = "difficulty", allow_hyphen_values = true)]
    pub level: Option<f64>,
    /// A param as NAME=VALUE, applied after --level (repeatable).
    #[arg(long = "param", value_name = "NAME=VALUE")]
    pub params: Vec<String>,
    /// For a single-turn env: answers allowed, with feedback after each wrong one (1 to 16).
    #[arg(long, allow_hyphen_values = true)]
    pub feedback_turns: Option<u32>,
    /// For a single-turn env: `solved`, `first_turn`, or `discounted:GAMMA` with GAMMA in (0, 1].
    #[arg(long)]
    pub reward: Option<String>,
    /// For repo_fix: an agentic episode, working on the mini repo with tools (list_files,
    /// read_file, run_tests, replace_function) before submitting.
    #[arg(long)]
    pub agentic: bool,
    /// For an agentic episode: turns allowed, tool calls and the submission included (1 to 64;
    /// default 20). Implies --agentic.
    #[arg(long, allow_hyphen_values = true)]
    pub agentic_turns: Option<u32>,
}

impl Source {
    /// The env, its generator's records from `start`, and the episode options.
    pub fn records(&self, count: u64) -> Result<(Vec<String>, EpisodeOptions)> {
        let env = find_env(&self.env)?;
        let interactive = episodes::find_interactive(&self.env).is_some();
        let feedback = self.feedback_options()?;
        let agentic = self.agentic_options()?;
        if interactive && feedback.is_some() {
            bail!(
                "invalid value for `--feedback-turns`/`--reward` with `--env` {}: it is an \
                 interactive env with its own turn budget; allowed: these flags only with a \
                 single-turn env",
                self.env
            );
        }
        if agentic.is_some() && feedback.is_some() {
            bail!(
                "invalid value for `--feedback-turns`/`--reward` with `--agentic`: an agentic \
                 episode has its own turn budget (`--agentic-turns`); allowed: one kind of episode"
            );
        }
        if agentic.is_some() && self.env != "repo_fix" {
            bail!(
                "invalid value for `--env` with `--agentic`: {}; allowed: repo_fix",
                self.env
            );
        }
        let overrides = parse_overrides(&self.params, &env.default_params())?;
        let generator = env.generator(self.level, &overrides, self.seed)?;
        if count > 0 && self.start.checked_add(count - 1).is_none() {
            bail!(
                "invalid value for `--start`: {}; allowed: start + count - 1 at most {}",
                self.start,
                u64::MAX
            );
        }
        let records = (self.start..self.start + count)
            .map(|i| {
                let mut line = Vec::new();
                generator.write_jsonl(i, &mut line);
                String::from_utf8(line).expect("records are UTF-8")
            })
            .collect();
        let feedback = if agentic.is_some() {
            None
        } else {
            feedback.or((!interactive).then(FeedbackOptions::default))
        };
        Ok((records, EpisodeOptions { feedback, agentic }))
    }

    fn agentic_options(&self) -> Result<Option<AgenticOptions>> {
        if !self.agentic && self.agentic_turns.is_none() {
            return Ok(None);
        }
        let mut options = AgenticOptions::default();
        if let Some(turns) = self.agentic_turns {
            options.max_turns = turns;
        }
        options.validate().map_err(|e| {
            anyhow::anyhow!(
                "{}",
                e.to_string()
                    .replace("`agentic.max_turns`", "`--agentic-turns`")
            )
        })?;
        Ok(Some(options))
    }

    fn feedback_options(&self) -> Result<Option<FeedbackOptions>> {
        if self.feedback_turns.is_none() && self.reward.is_none() {
            return Ok(None);
        }
        let mut options = FeedbackOptions::default();
        if let Some(turns) = self.feedback_turns {
            options.max_turns = turns;
        }
        if let Some(reward) = &self.reward {
            options.reward = parse_reward(reward)?;
        }
        // The options' own names (`max_turns`, `reward.gamma`) are the flags' here.
        options.validate().map_err(|e| {
            anyhow::anyhow!(
                "{}",
                e.to_string()
                    .replace("`max_turns`", "`--feedback-turns`")
                    .replace("`reward.gamma`", "`--reward discounted:GAMMA`")
            )
        })?;
        Ok(Some(options))
    }
}

fn parse_reward(text: &str) -> Result<RewardMode> {
    Ok(match text {
        "solved" => RewardMode::Solved,
        "first_turn" => RewardMode::FirstTurn,
        _ => match text.strip_prefix("discounted:").map(str::parse::<f64>) {
            Some(Ok(gamma)) if gamma > 0.0 && gamma <= 1.0 => RewardMode::Discounted { gamma },
            _ => bail!(
                "invalid value for `--reward`: {text:?}; allowed: solved, first_turn, or \
                 discounted:GAMMA with GAMMA in (0, 1]"
            ),
        },
    })
}

/// A single-turn env from the registry or an interactive one, by id.
pub fn find_env(id: &str) -> Result<&'static dyn DynEnv> {
    Ok(episodes::find_env(id)?)
}

#[derive(clap::Args)]
struct RunArgs {
    #[command(flatten)]
    source: Source,
    /// Episodes to play.
    #[arg(
        short = 'n',
        long = "count",
        default_value_t = 10,
        allow_hyphen_values = true
    )]
    count: u64,
    /// The scripted agent: `optimal` (the env's solver strategy, built without the hidden
    /// state) or `random` (random queries, then a random answer); for an agentic repo_fix
    /// episode, `reference` (applies the record's own catalogued fix: a pipeline check, not a
    /// solver) or `lazy` (submits the crate unchanged).
    #[arg(long, value_enum, default_value = "optimal")]
    agent: AgentKind,
    /// Write the transcripts (JSONL) to this file instead of stdout.
    #[arg(long)]
    out: Option<PathBuf>,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum AgentKind {
    Optimal,
    Random,
    Reference,
    Lazy,
}

#[derive(clap::Args)]
struct VerifyArgs {
    /// Transcripts (JSONL) as `episode run`, `play` or a trainer wrote them; `-` reads stdin.
    #[arg(long)]
    transcripts: PathBuf,
    /// Write the judgements (JSONL) to this file instead of stdout.
    #[arg(long)]
    out: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<()> {
    match args.command {
        Command::Run(args) => run_agents(args),
        Command::Verify(args) => verify(args),
        Command::Probe(args) => probe(args),
    }
}

fn run_agents(args: RunArgs) -> Result<()> {
    if args.source.agentic || args.source.agentic_turns.is_some() {
        return run_agentic(args);
    }
    if matches!(args.agent, AgentKind::Reference | AgentKind::Lazy) {
        bail!(
            "invalid value for `--agent` without `--agentic`: reference and lazy agents work on \
             agentic repo_fix episodes; allowed: optimal or random"
        );
    }
    let Some(env) = episodes::find_interactive(&args.source.env) else {
        find_env(&args.source.env)?;
        bail!(
            "invalid value for `--env`: {}; allowed: an interactive env (scripted agents need one): {}",
            args.source.env,
            episodes::interactive()
                .iter()
                .map(|e| e.as_env().id())
                .collect::<Vec<_>>()
                .join(", ")
        );
    };
    let (records, options) = args.source.records(args.count)?;
    let mut out = Output::open(args.out.as_deref())?;
    let (mut solved, mut queries, mut optimum) = (0u64, 0u64, 0u64);
    for (i, record) in records.iter().enumerate() {
        let record = record.trim_end();
        let mut agent = match args.agent {
            AgentKind::Optimal => env.optimal_agent(record)?,
            AgentKind::Random => env.random_agent(record, args.source.start + i as u64)?,
            // Refused above; kept as an error rather than a panic.
            AgentKind::Reference | AgentKind::Lazy => {
                bail!("invalid value for `--agent`: reference and lazy need `--agentic`")
            }
        };
        let transcript = play_out(record, &options, &mut *agent)?;
        if let Some(verdict) = &transcript.verdict {
            solved += u64::from(verdict.correct);
            let counters = verdict.detail.as_ref().and_then(|d| d.get("episode"));
            let count = |key: &str| counters.and_then(|c| c.get(key)).and_then(|v| v.as_u64());
            queries += count("queries").unwrap_or(0);
            optimum += count("optimum").unwrap_or(0);
        }
        serde_json::to_writer(&mut out, &transcript)?;
        out.write_all(b"\n").map_err(OutputError)?;
    }
    out.finish()?;
    let n = records.len().max(1) as f64;
    eprintln!(
        "{} episodes of {}: solved {:.3}, queries {:.2} per episode (optimum {:.2})",
        records.len(),
        args.source.env,
        solved as f64 / n,
        queries as f64 / n,
        optimum as f64 / n
    );
    Ok(())
}

/// One episode on `record`, `agent` acting until it ends.
fn play_out(
    record: &str,
    options: &EpisodeOptions,
    agent: &mut dyn episodes::Agent,
) -> Result<Transcript> {
    let mut episode = Episode::open_with(record, options)?;
    let mut observation = episode.prompt().to_string();
    while !episode.session().done() {
        let action = agent.act(&observation);
        observation = episode.step(&action)?.observation;
    }
    Ok(episode.transcript())
}

/// The scripted agent `kind` for an agentic episode of `record`.
#[cfg(feature = "repo")]
fn agentic_agent(kind: AgentKind, record: &str) -> Result<Box<dyn episodes::Agent>> {
    Ok(match kind {
        AgentKind::Reference => episodes::agentic::reference_agent(record, true)?,
        AgentKind::Lazy => episodes::agentic::lazy_agent(),
        AgentKind::Optimal | AgentKind::Random => bail!(
            "invalid value for `--agent` with `--agentic`: no optimal or random agent can \
             work on a hidden fix; allowed: reference or lazy"
        ),
    })
}

/// Agentic episodes build and run code through the `repo` feature's sandbox.
#[cfg(not(feature = "repo"))]
fn agentic_agent(_: AgentKind, _: &str) -> Result<Box<dyn episodes::Agent>> {
    bail!(
        "invalid value for `--agentic`: agentic repo_fix episodes need verigym built with the \
         `repo` feature (a default feature)"
    )
}

/// Scripted agents through agentic repo_fix episodes: there is no optimal agent (the fix is
/// hidden), so the paid one reads the record's own reference fix.
fn run_agentic(args: RunArgs) -> Result<()> {
    let (records, options) = args.source.records(args.count)?;
    let mut out = Output::open(args.out.as_deref())?;
    let mut solved = 0u64;
    for record in &records {
        let record = record.trim_end();
        let mut agent = agentic_agent(args.agent, record)?;
        let transcript = play_out(record, &options, &mut *agent)?;
        solved += u64::from(transcript.verdict.as_ref().is_some_and(|v| v.correct));
        serde_json::to_writer(&mut out, &transcript)?;
        out.write_all(b"\n").map_err(OutputError)?;
    }
    out.finish()?;
    eprintln!(
        "{} agentic episodes of repo_fix: solved {:.3}",
        records.len(),
        solved as f64 / records.len().max(1) as f64
    );
    Ok(())
}

fn verify(args: VerifyArgs) -> Result<()> {
    let source = name(&args.transcripts);
    let reader = open(&args.transcripts)?;
    let mut judged = Vec::new();
    for (n, line) in reader.lines().enumerate() {
        let line = line.with_context(|| format!("reading {source}"))?;
        if line.trim().is_empty() {
            continue;
        }
        let transcript: Transcript = serde_json::from_str(&line)
            .with_context(|| format!("{source}:{}: not a transcript", n + 1))?;
        let rejudged = episodes::rejudge(&transcript)
            .map_err(|e| anyhow::anyhow!("{source}:{}: {e}", n + 1))?;
        judged.push(rejudged);
    }
    if judged.is_empty() {
        bail!(
            "invalid value for `--transcripts`: {source} holds no transcript; allowed: a JSONL \
             file of transcripts"
        );
    }
    let mut out = Output::open(args.out.as_deref())?;
    for r in &judged {
        serde_json::to_writer(&mut out, r)?;
        out.write_all(b"\n").map_err(OutputError)?;
    }
    out.finish()?;
    let inconsistent = judged.iter().filter(|r| !r.consistent).count();
    let reward: f64 = judged.iter().map(|r| r.reward).sum();
    eprintln!(
        "{} transcripts: mean reward {:.4} (re-judged), {inconsistent} inconsistent with their log",
        judged.len(),
        reward / judged.len().max(1) as f64
    );
    Ok(())
}

fn probe(args: ProbeArgs) -> Result<()> {
    if args.count == 0 {
        bail!("invalid value for `--count`: 0; allowed: at least 1 problem per level");
    }
    let envs: Vec<_> = match &args.env {
        Some(id) => match episodes::find_interactive(id) {
            Some(env) => vec![env],
            None => {
                find_env(id)?;
                bail!("invalid value for `--env`: {id}; allowed: an interactive env");
            }
        },
        None => episodes::interactive().to_vec(),
    };
    let mut out = std::io::stdout().lock();
    let mut worst = 1.0f64;
    for env in envs {
        let report = episodes::probe::probe(env, args.count, args.seed)?;
        worst = worst.min(report.j);
        let leaks: Vec<String> = report
            .hostile
            .iter()
            .filter(|f| f.paid > 0)
            .map(|f| format!("{} {}/{}", f.family, f.paid, f.episodes))
            .collect();
        eprintln!(
            "{:<18} TPR {:.3} ({}/{})  FPR {:.4}  J {:.3}{}",
            report.env,
            report.tpr,
            report.optimal.paid,
            report.optimal.episodes,
            report.fpr,
            report.j,
            if leaks.is_empty() {
                String::new()
            } else {
                format!("  paid: {}", leaks.join(", "))
            }
        );
        serde_json::to_writer(&mut out, &report)?;
        out.write_all(b"\n").map_err(OutputError)?;
    }
    out.flush().map_err(OutputError)?;
    if worst < 1.0 {
        bail!(
            "an episode env's J is {worst}, below 1: a hostile agent was paid or the optimal one was not"
        );
    }
    Ok(())
}
