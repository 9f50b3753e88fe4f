//! `verigym play`: one episode in a terminal, a person (or a pipe) acting line by line.

use std::io::{BufRead, Write};
use std::path::PathBuf;

use anyhow::{Context, Result};
use verigym::episodes::Episode;

use super::OutputError;
use super::episode::Source;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    source: Source,
    /// Write the episode's transcript (one JSON line) to this file when it ends.
    #[arg(long)]
    out: Option<PathBuf>,
}

/// Reads one action per line from stdin; a bare line without tags is taken as a query for an
/// interactive env or an agentic episode (a line starting with `=` as the final answer), and as
/// the answer for a feedback episode, so a person need not type tags. In an agentic episode a
/// `replace_function` line goes on until its ```rust block closes.
pub fn run(args: Args) -> Result<()> {
    let (records, options) = args.source.records(1)?;
    let interactive = options.feedback.is_none();
    let mut episode = Episode::open_with(records[0].trim_end(), &options)?;
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout().lock();
    writeln!(stdout, "{}\n", episode.prompt()).map_err(OutputError)?;
    let mut lines = stdin.lock().lines();
    while !episode.session().done() {
        write!(stdout, "> ").map_err(OutputError)?;
        stdout.flush().map_err(OutputError)?;
        let Some(line) = lines.next() else {
            writeln!(stdout, "\n(standard input ended before the episode did)")
                .map_err(OutputError)?;
            break;
        };
        let mut line = line.context("reading standard input")?;
        // A `replace_function` line takes the ```rust block on the lines after it.
        if line.trim_start().starts_with("replace_function") {
            while line
                .lines()
                .filter(|l| l.trim_start().starts_with("```"))
                .count()
                < 2
            {
                let Some(more) = lines.next() else { break };
                line.push('\n');
                line.push_str(&more.context("reading standard input")?);
            }
        }
        let action = tagged(&line, interactive);
        let step = episode.step(&action)?;
        writeln!(stdout, "{}", step.observation).map_err(OutputError)?;
        if let Some(verdict) = &step.verdict {
            writeln!(stdout, "reward {} ({:?})", step.reward, verdict.reason)
                .map_err(OutputError)?;
        }
    }
    if let Some(path) = &args.out {
        let mut line = serde_json::to_vec(&episode.transcript())?;
        line.push(b'\n');
        verigym::atomic::write_atomic(path, &line)
            .with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(())
}

fn tagged(line: &str, interactive: bool) -> String {
    let line = line.trim();
    // Code holds `<` (generics, comparisons): a bare tool call with a block is never pre-tagged.
    if interactive && line.starts_with("replace_function") {
        return format!("<query>{line}</query>");
    }
    if line.contains('<') || line.contains("\\boxed") {
        return line.to_string();
    }
    match line.strip_prefix('=') {
        Some(answer) => format!("<answer>{}</answer>", answer.trim()),
        None if interactive => format!("<query>{line}</query>"),
        None => format!("<answer>{line}</answer>"),
    }
}
