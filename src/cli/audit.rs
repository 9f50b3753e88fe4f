//! `verigym audit`: the mutation score of a mini-repo's test suite, with survivors and kill matrix.

use std::path::PathBuf;

use anyhow::Result;
use verigym::repo::audit::{self, AuditOptions};

use super::{output, progress};

#[derive(clap::Args)]
pub struct Args {
    /// A repo directory with `src/lib.rs` and `tests/strong.rs` / `tests/weak.rs`.
    repo: PathBuf,
    /// The suite: `strong`, `weak`, or the path of a suite file (a module body of `#[test]` fns).
    #[arg(long, default_value = "strong")]
    suite: String,
    /// Also write the full report as JSON to this file (`-` for stdout, replacing the table).
    #[arg(long)]
    json: Option<PathBuf>,
    /// Random inputs per function when checking survivors for equivalence (0: off).
    #[arg(long, default_value_t = 200)]
    equivalence_inputs: u32,
    /// Seed of those inputs.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Loop iterations plus calls each test may make before it counts as a timeout.
    #[arg(long, default_value_t = verigym::repo::Fuel::default().steps)]
    fuel: u64,
}

pub fn run(args: Args) -> Result<()> {
    let mut opts = AuditOptions {
        progress: progress::handle(),
        ..AuditOptions::default()
    };
    opts.equivalence_inputs = args.equivalence_inputs;
    opts.seed = args.seed;
    opts.fuel.steps = args.fuel;
    let report = audit::audit(&args.repo, &args.suite, &opts)?;
    output::report(args.json.as_deref(), &report, || audit::render(&report))
}
