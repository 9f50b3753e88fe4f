//! `verigym curriculum`: the language-agnostic training loop. Each round writes a batch of problems
//! as JSON lines on stdout, then reads one reward line per problem on stdin. See docs/curriculum.md.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use serde::Deserialize;
use verigym::curriculum::{Curriculum, CurriculumConfig, CurriculumState};

use super::OutputError;

#[derive(clap::Args)]
pub struct Args {
    /// The curriculum config (TOML; schema in schemas/curriculum-config.schema.json).
    #[arg(long)]
    config: PathBuf,
    /// Save the state here after every round, and resume from it when it exists.
    #[arg(long)]
    state: Option<PathBuf>,
    /// Stop after this many rounds (default: until stdin ends).
    #[arg(long)]
    rounds: Option<u64>,
    /// Write a telemetry JSON line to stderr after every round.
    #[arg(long)]
    telemetry: bool,
}

/// One line of feedback: the rewards of every answer to one problem.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RewardLine {
    id: String,
    rewards: Vec<f64>,
}

pub fn run(args: Args) -> Result<()> {
    let text = std::fs::read_to_string(&args.config)
        .with_context(|| format!("reading {}", args.config.display()))?;
    let config: CurriculumConfig =
        toml::from_str(&text).with_context(|| format!("parsing {}", args.config.display()))?;
    let mut curriculum = match &args.state {
        Some(path) if path.exists() => resume(path, &config)?,
        _ => Curriculum::new(config.clone())?,
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut line = String::new();
    let mut line_no = 0usize;
    let mut round = 0u64;
    while args.rounds.is_none_or(|max| round < max) {
        let batch = curriculum.next(config.batch as usize)?;
        let mut out = std::io::stdout().lock();
        for problem in &batch {
            serde_json::to_writer(&mut out, problem).context("serializing a problem")?;
            out.write_all(b"\n").map_err(OutputError)?;
        }
        out.flush().map_err(OutputError)?;
        drop(out);
        // A round is atomic: the state is saved only once all its rewards are in, so an
        // interrupted round is re-issued identically on resume.
        let mut received = 0;
        while received < batch.len() {
            line.clear();
            if input.read_line(&mut line).context("reading stdin")? == 0 {
                return Ok(());
            }
            line_no += 1;
            if line.trim().is_empty() {
                continue;
            }
            let reward: RewardLine = serde_json::from_str(&line).with_context(|| {
                format!("stdin line {line_no}: expected {{\"id\": ..., \"rewards\": [...]}}")
            })?;
            curriculum
                .record(&reward.id, &reward.rewards)
                .with_context(|| format!("stdin line {line_no}"))?;
            received += 1;
        }
        round += 1;
        if let Some(path) = &args.state {
            save(path, &curriculum.state())?;
        }
        if args.telemetry {
            eprintln!("{}", serde_json::to_string(&curriculum.telemetry())?);
        }
    }
    Ok(())
}

fn resume(path: &Path, config: &CurriculumConfig) -> Result<Curriculum> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let state: CurriculumState =
        serde_json::from_str(&text).with_context(|| format!("parsing {}", path.display()))?;
    if &state.config != config {
        bail!(
            "{} was saved with a different config; remove it to start over",
            path.display()
        );
    }
    Ok(Curriculum::restore(state)?)
}

/// Writes the state to a temporary file beside `path`, then renames it over `path`, so a crash
/// leaves either the old state or the new one, never half of one.
fn save(path: &Path, state: &CurriculumState) -> Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    let json = serde_json::to_vec(state).context("serializing the state")?;
    std::fs::write(&tmp, json)
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(OutputError)
        .with_context(|| format!("saving the state to {}", path.display()))
}
