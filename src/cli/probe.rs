//! `verigym probe`: verifier quality (TPR, FPR, Youden's J) on generated probe responses.

use std::io::{Write, stdout};
use std::path::PathBuf;

use anyhow::{Result, bail};
use rayon::prelude::*;
use verigym::probe::{self, EnvProbeReport};
use verigym::registry;

use super::OutputError;
use super::output::Output;

#[derive(clap::Args)]
pub struct Args {
    /// Probe only this env (default: every registered env).
    #[arg(long)]
    env: Option<String>,
    /// Problems per env.
    #[arg(short = 'n', long = "count", default_value_t = 200)]
    count: u64,
    /// The master seed of the probed problems.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Also write the reports as JSON to this file.
    #[arg(long)]
    json: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<()> {
    let envs = match &args.env {
        Some(id) => vec![registry::find(id)?],
        None => registry::envs().to_vec(),
    };
    if args.count == 0 {
        bail!("invalid value for `--count`: 0; allowed: at least 1");
    }
    let reports: Vec<EnvProbeReport> = envs
        .par_iter()
        .map(|env| probe::probe_env(*env, args.count, args.seed))
        .collect::<verigym::Result<_>>()?;
    if let Some(path) = &args.json {
        let mut out = Output::open(Some(path))?;
        serde_json::to_writer_pretty(&mut out, &reports)?;
        out.write_all(b"\n").map_err(OutputError)?;
        out.finish()?;
    }
    let mut text = format!(
        "{:<16} {:>8} {:>9} {:>9} {:>6} {:>6} {:>6} {:>9} {:>9}\n",
        "env", "problems", "positives", "negatives", "TPR", "FPR", "J", "realistic", "families"
    );
    for r in &reports {
        text += &format!(
            "{:<16} {:>8} {:>9} {:>9} {:>6.3} {:>6.3} {:>6.3} {:>9} {:>9}\n",
            r.env,
            r.problems,
            r.positives,
            r.negatives,
            r.tpr,
            r.fpr,
            r.j,
            r.realistic,
            r.families.len()
        );
    }
    // The realistic forms on their own line each: the TPR that measures formatting fidelity.
    for r in &reports {
        text += &format!(
            "{:<16} realistic forms: TPR {:.3} on {} probes\n",
            r.env, r.realistic_tpr, r.realistic
        );
    }
    for r in &reports {
        for m in &r.misjudged {
            let should = if m.should_accept { "accept" } else { "reject" };
            text += &format!(
                "MISJUDGED {} {} (should {should}; got {}): {:?}\n",
                m.id, m.family, m.verdict, m.response
            );
        }
    }
    stdout()
        .lock()
        .write_all(text.as_bytes())
        .map_err(OutputError)?;
    if reports.iter().any(|r| !r.misjudged.is_empty()) {
        bail!("some probes were misjudged (listed above)");
    }
    Ok(())
}
