//! `verigym verify`: grade response files against problem files.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use verigym::Reason;
use verigym::grade::{self, Summary};

use super::OutputError;
use super::inputs::Inputs;
use super::output::Output;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    inputs: Inputs,
    /// Write verdicts to this file instead of stdout; it appears only when complete.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Also write the summary as JSON to this file.
    #[arg(long)]
    summary_json: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<()> {
    // Every input line is read and checked before anything is written, so bad input can never
    // leave verdicts that look complete.
    let (problems, responses) = args.inputs.load()?;
    let graded = grade::grade(&problems, &responses);
    let summary = grade::summarize(&problems, &graded);

    let mut out = Output::open(args.out.as_deref())?;
    for g in &graded {
        serde_json::to_writer(&mut out, g)?;
        out.write_all(b"\n").map_err(OutputError)?;
    }
    out.finish()?;
    if let Some(path) = &args.summary_json {
        let mut out = Output::open(Some(path))?;
        serde_json::to_writer_pretty(&mut out, &summary)?;
        out.write_all(b"\n").map_err(OutputError)?;
        out.finish()?;
    }
    eprint!("{}", render_summary(&summary));
    // Only the repo feature runs candidate code; without it there is nothing to isolate.
    #[cfg(feature = "repo")]
    if graded.iter().any(|g| g.env == "repo_fix") && !verigym::repo::sandbox::network_isolated() {
        eprintln!(
            "warning: repo_fix answers were compiled and run with network access (`unshare -n` \
             is unavailable on this machine)"
        );
    }
    let unjudged: Vec<&grade::Graded> = graded
        .iter()
        .filter(|g| g.verdict.reason == Reason::VerifierError)
        .collect();
    if let Some(first) = unjudged.first() {
        // Their 0 says nothing about the responses: a trainer must not learn from it.
        eprintln!(
            "warning: {} responses could not be judged (reason verifier_error), first {}: {}",
            unjudged.len(),
            first.id,
            first.verdict.message
        );
    }
    Ok(())
}

fn render_summary(s: &Summary) -> String {
    let pct = |x: f64| format!("{:>6.1}%", 100.0 * x);
    let cot = |x: Option<f64>| x.map_or_else(|| "      -".to_owned(), pct);
    let mut text = format!(
        "{:<14} {:>10} {:>9} {:>8} {:>8} {:>8}\n",
        "env", "difficulty", "responses", "score", "accuracy", "cot"
    );
    for b in &s.by_difficulty {
        text += &format!(
            "{:<14} {:>10} {:>9} {:>8.3} {} {}\n",
            b.env,
            b.difficulty,
            b.tally.responses,
            b.tally.mean_score,
            pct(b.tally.accuracy),
            cot(b.tally.cot_accuracy)
        );
    }
    let o = &s.overall;
    text += &format!(
        "{:<14} {:>10} {:>9} {:>8.3} {} {}\nformat ok {}, problems with no response {}\n",
        "all",
        "",
        o.responses,
        o.mean_score,
        pct(o.accuracy),
        cot(o.cot_accuracy),
        pct(o.format_ok).trim(),
        s.unanswered_problems
    );
    if s.malformed_responses > 0 {
        text += &format!(
            "responses that could not be decoded (malformed_response, graded 0): {}\n",
            s.malformed_responses
        );
    }
    text
}
