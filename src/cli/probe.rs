//! `verigym probe`: verifier quality (TPR, FPR, Youden's J) on generated probe responses.

use std::io::{Write, stdout};
use std::path::PathBuf;

use anyhow::{Result, bail};
use verigym::probe::{self, EnvProbeReport};
use verigym::progress::Progress;
use verigym::registry::EnvSet;

use super::OutputError;
use super::output::Output;
use super::progress;

#[derive(clap::Args)]
pub struct Args {
    /// Probe only this env (default: every registered env).
    #[arg(long)]
    env: Option<String>,
    /// Problems per env.
    #[arg(
        short = 'n',
        long = "count",
        default_value_t = 200,
        allow_hyphen_values = true
    )]
    count: u64,
    /// The master seed of the probed problems.
    #[arg(long, default_value_t = 0, allow_hyphen_values = true)]
    seed: u64,
    /// Also write the reports as JSON to this file.
    #[arg(long)]
    json: Option<PathBuf>,
    /// A param of `--env`'s as NAME=VALUE, applied after each level (repeatable), such as
    /// `repo=crate:heck` to probe `repo_fix` on a shipped crate.
    #[arg(long = "param", value_name = "NAME=VALUE", requires = "env")]
    params: Vec<String>,
}

pub fn run(args: Args) -> Result<()> {
    let shipped = EnvSet::shipped();
    let envs = match &args.env {
        Some(id) => EnvSet::new().with(shipped.find(id)?)?,
        None => shipped,
    };
    if args.count == 0 {
        bail!("invalid value for `--count`: 0; allowed: at least 1");
    }
    let reports: Vec<EnvProbeReport> = if args.params.is_empty() {
        probe::probe_envs(&envs, args.count, args.seed, &progress::handle())?
    } else {
        let env = envs.iter().next().expect("--param requires --env");
        let overrides = super::params::parse_overrides(&args.params, &env.default_params())?;
        let progress = progress::handle();
        progress.start(args.count, "probe: problems");
        let report =
            probe::probe_env_with_params(env, args.count, args.seed, &overrides, &progress)?;
        progress.finish();
        vec![report]
    };
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
