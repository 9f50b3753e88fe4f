//! `verigym audit`: the mutation score of a test suite (a mini repo's, or a real Cargo crate's),
//! with survivors and kill matrix.

use std::path::PathBuf;

use anyhow::Result;
use verigym::repo::audit::{self, AuditOptions};
use verigym::repo::krate::{self, CrateOptions, TestKind};

use super::{output, progress};

#[derive(clap::Args)]
pub struct Args {
    /// A mini repo (`src/lib.rs` and `tests/strong.rs` / `tests/weak.rs`), or a Cargo package or
    /// workspace (a directory with `Cargo.toml`), audited unchanged.
    repo: PathBuf,
    /// Mini repo: `strong`, `weak`, or the path of a suite file (a module body of `#[test]` fns).
    /// Crate: one integration test, by file (relative to the package) or target name.
    #[arg(long)]
    suite: Option<String>,
    /// Crate: the workspace member to audit.
    #[arg(short = 'p', long = "package")]
    package: Option<String>,
    /// Crate: features to enable (comma- or space-separated, repeatable).
    #[arg(long, value_delimiter = ',')]
    features: Vec<String>,
    /// Crate: enable every feature.
    #[arg(long)]
    all_features: bool,
    /// Crate: do not enable the default features.
    #[arg(long)]
    no_default_features: bool,
    /// Crate: which tests count.
    #[arg(long, value_enum, default_value = "all")]
    tests: Tests,
    /// Crate: only tests whose name contains this, as `cargo test FILTER`.
    #[arg(long)]
    test_filter: Option<String>,
    /// Crate: run every test against every mutant (the full kill matrix) instead of only the
    /// tests that reach it, stopping at the first failure.
    #[arg(long)]
    full_matrix: bool,
    /// Crate: cargo's target directory (default: a temporary one; reuse one to keep built
    /// dependencies between audits).
    #[arg(long)]
    target_dir: Option<PathBuf>,
    /// Also write the full report as JSON to this file (`-` for stdout, replacing the table).
    #[arg(long)]
    json: Option<PathBuf>,
    /// Random inputs per function when checking survivors for equivalence (0: off).
    #[arg(long, default_value_t = 200)]
    equivalence_inputs: u32,
    /// Seed of those inputs.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Loop iterations plus calls each test may make before it counts as a timeout (default:
    /// 1 000 000 for a mini repo, 100 000 000 for a crate).
    #[arg(long)]
    fuel: Option<u64>,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum Tests {
    Unit,
    Integration,
    All,
}

pub fn run(args: Args) -> Result<()> {
    if krate::is_crate(&args.repo) {
        return run_crate(args);
    }
    let mut opts = AuditOptions {
        progress: progress::handle(),
        ..AuditOptions::default()
    };
    opts.equivalence_inputs = args.equivalence_inputs;
    opts.seed = args.seed;
    if let Some(fuel) = args.fuel {
        opts.fuel.steps = fuel;
    }
    let suite = args.suite.as_deref().unwrap_or("strong");
    let report = audit::audit(&args.repo, suite, &opts)?;
    output::report(args.json.as_deref(), &report, || audit::render(&report))
}

fn run_crate(args: Args) -> Result<()> {
    let defaults = CrateOptions::default();
    let opts = CrateOptions {
        package: args.package,
        features: args
            .features
            .iter()
            .flat_map(|f| f.split_whitespace())
            .map(String::from)
            .collect(),
        all_features: args.all_features,
        no_default_features: args.no_default_features,
        tests: match args.tests {
            Tests::Unit => TestKind::Unit,
            Tests::Integration => TestKind::Integration,
            Tests::All => TestKind::All,
        },
        suite: args.suite,
        test_filter: args.test_filter,
        full_matrix: args.full_matrix,
        fuel: args.fuel.unwrap_or(defaults.fuel),
        target_dir: args.target_dir,
        progress: progress::handle(),
    };
    let report = krate::audit_crate(&args.repo, &opts)?;
    output::report(args.json.as_deref(), &report, || krate::render(&report))
}
