//! `verigym eval`: pass@k, CoT-pass@k and format figures over a response file.

use std::io::{Write, stdout};
use std::path::PathBuf;

use anyhow::{Result, bail};
use verigym::eval::{self, EvalReport, Figures, PassAtK};
use verigym::grade;

use super::OutputError;
use super::inputs::Inputs;
use super::output::Output;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    inputs: Inputs,
    /// The k values of pass@k, comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "1")]
    k: Vec<u32>,
    /// Also write the report as JSON to this file.
    #[arg(long)]
    json: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<()> {
    if let Some(bad) = args.k.iter().find(|&&k| k == 0) {
        bail!("invalid value for `--k`: {bad}; allowed: whole numbers of at least 1");
    }
    let (problems, responses) = args.inputs.load()?;
    let mut samples = vec![0u64; problems.len()];
    for index in responses.problem_indices() {
        samples[index] += 1;
    }
    let most = samples.iter().copied().max().unwrap_or(0);
    if let Some(bad) = args.k.iter().find(|&&k| u64::from(k) > most) {
        bail!(
            "invalid value for `--k`: {bad}; allowed: at most {most}, the most samples any problem \
             has (pass@k needs k samples of a problem)"
        );
    }
    let graded = grade::grade(&problems, &responses);
    let malformed = graded
        .iter()
        .filter(|g| g.verdict.reason == verigym::Reason::MalformedResponse)
        .count();
    if malformed > 0 {
        // They count as failed samples with an invalid format; say so, since pass@k includes them.
        eprintln!(
            "warning: {malformed} responses could not be decoded (malformed_response); graded 0"
        );
    }
    let report = eval::evaluate(&problems, &responses, &graded, &args.k);
    if let Some(path) = &args.json {
        let mut out = Output::open(Some(path))?;
        serde_json::to_writer_pretty(&mut out, &report)?;
        out.write_all(b"\n").map_err(OutputError)?;
        out.finish()?;
    }
    stdout()
        .lock()
        .write_all(render(&report).as_bytes())
        .map_err(OutputError)?;
    Ok(())
}

fn render(r: &EvalReport) -> String {
    let mut head = format!(
        "{:<16} {:>6} {:>8} {:>9} {:>7} {:>8}",
        "group", "level", "problems", "responses", "score", "invalid"
    );
    for k in &r.ks {
        head += &format!(" {:>8} {:>8}", format!("pass@{k}"), format!("cot@{k}"));
    }
    let mut text = head + "\n";
    let mut row = |name: &str, level: String, f: &Figures| {
        text += &format!(
            "{:<16} {:>6} {:>8} {:>9} {:>7.3} {:>7.1}%",
            name,
            level,
            f.problems,
            f.responses,
            f.mean_score,
            100.0 * f.invalid_format
        );
        for (i, p) in f.pass_at_k.iter().enumerate() {
            let cot = f.cot_pass_at_k.as_ref().map(|c| &c[i]);
            text += &format!(" {:>8} {:>8}", cell(Some(p)), cell(cot));
        }
        text.push('\n');
    };
    for l in &r.by_level {
        let level = l.level.map_or_else(|| "-".to_owned(), |v| format!("{v}"));
        row(&l.env, level, &l.figures);
    }
    for e in &r.by_env {
        row(&e.env, "all".to_owned(), &e.figures);
    }
    row("all", "all".to_owned(), &r.overall);
    text
}

fn cell(p: Option<&PassAtK>) -> String {
    match p.and_then(|p| p.value) {
        Some(v) => format!("{v:.3}"),
        None => "-".to_owned(),
    }
}
