//! `verigym audit`: the mutation score of a test suite (a mini repo's, or a real Cargo crate's),
//! with survivors and kill matrix.

use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use verigym::repo::audit::{self, AuditOptions};
use verigym::repo::krate::{self, CrateOptions, TestKind};
use verigym::repo::select::{ChangedLines, FileGlob, MutantFilter, Shard};

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
    #[command(flatten)]
    krate: CrateFlags,
    /// Crate: run every test against every mutant (the full kill matrix, in cargo's order)
    /// instead of only the tests that reach it, cheapest first, stopping at the first failure.
    #[arg(long)]
    full_matrix: bool,
    /// Also write the full report as JSON to this file (`-` for stdout, replacing the table).
    #[arg(long)]
    json: Option<PathBuf>,
    /// Print each survivor's diff under its line in the table (one line each without it; the
    /// diffs are always in the JSON report and in `--mutants-out DIR/diff/`).
    #[arg(long)]
    diffs: bool,
    /// Random inputs per function when checking survivors for equivalence (0: off).
    #[arg(long, default_value_t = 200)]
    equivalence_inputs: u32,
    /// Seed of those inputs.
    #[arg(long, default_value_t = 0, allow_hyphen_values = true)]
    seed: u64,
    /// Loop iterations plus calls each test may make before it counts as a timeout. Mini repo:
    /// the tank of every run (default 1 000 000). Crate: the ceiling (default 100 000 000); the
    /// baseline runs with it, and each mutant run with a tank sized from the baseline, 20 × the
    /// most fuel a test of that run used, at least 2 000 000, at most this; a run whose tank
    /// runs dry runs again with a tank 20 × larger (at most this) before it counts as a timeout.
    #[arg(long)]
    fuel: Option<u64>,
    /// Also write cargo-mutants' `mutants.out` layout (`outcomes.json`, `caught.txt`,
    /// `missed.txt`, `timeout.txt`, `unviable.txt`, `mutants.json`, `diff/`, `log/`) into this
    /// directory, mutant by mutant as results arrive; `outcomes.json` gets its `end_time` when the
    /// audit completes. A previous `mutants.out` there moves to `DIR.old`.
    #[arg(long, value_name = "DIR")]
    mutants_out: Option<PathBuf>,
    /// Only mutants in files matching this glob (relative to the mini repo or the package
    /// directory, as `src/foo/bar.rs`; `*`, `?`, `**`; a glob without `/` matches a file or
    /// directory name anywhere). Repeatable.
    #[arg(long = "file", value_name = "GLOB")]
    files: Vec<String>,
    /// Leave out mutants in files matching this glob (as `--file`). Repeatable.
    #[arg(long, value_name = "GLOB")]
    exclude: Vec<String>,
    /// Only mutants in functions (`name` or `Type::method`) this regex matches (unanchored).
    #[arg(long, value_name = "REGEX")]
    function: Option<String>,
    /// Only mutants on lines this unified diff adds or changes, for pull requests. Paths are
    /// relative to the mini repo or the package directory (`git diff --relative` run there, or
    /// plain `git diff` when it is the repository root).
    #[arg(long, value_name = "FILE")]
    in_diff: Option<PathBuf>,
    /// Run only shard K of N (0 <= K < N), round-robin over the selected mutants in source
    /// order (a crate's files in module order), for a CI matrix: every shard must use the same
    /// filters, N and cargo flags. Only the shard's mutants are built.
    #[arg(long, value_name = "K/N")]
    shard: Option<String>,
}

/// The selection flags as a filter; errors name the flag, the value and what is allowed.
fn filter(args: &Args) -> Result<MutantFilter> {
    let mut filter = MutantFilter::default();
    for g in &args.files {
        filter.files.push(FileGlob::parse("--file", g)?);
    }
    for g in &args.exclude {
        filter.exclude.push(FileGlob::parse("--exclude", g)?);
    }
    if let Some(re) = &args.function {
        filter.function = Some(MutantFilter::function_regex(re)?);
    }
    if let Some(path) = &args.in_diff {
        let text = std::fs::read(path)
            .with_context(|| format!("--in-diff {}: cannot read the diff", path.display()))?;
        let text = String::from_utf8_lossy(&text);
        filter.in_diff = Some(ChangedLines::parse(&path.display().to_string(), &text)?);
    }
    if let Some(shard) = &args.shard {
        filter.shard = Some(shard.parse::<Shard>()?);
    }
    Ok(filter)
}

/// The flags that say how a Cargo package is built and tested, shared by `audit` and `catalog`.
#[derive(clap::Args)]
pub(super) struct CrateFlags {
    /// Crate: the workspace member to use.
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
    /// Crate: cargo's target directory (default: a temporary one; reuse one to keep built
    /// dependencies between runs).
    #[arg(long)]
    target_dir: Option<PathBuf>,
    /// Crate: the optimisation level the package itself is built at, 0 to 3 (its dependencies
    /// keep your profile). Default 1: the instrumentation is inlined there, so compute-heavy
    /// tests run faster than a plain debug `cargo test`; debug assertions and overflow checks
    /// stay on, and verdicts count steps, not time. 0 builds exactly the test profile's code.
    #[arg(long, value_parser = clap::value_parser!(u8).range(0..=3))]
    opt_level: Option<u8>,
}

impl CrateFlags {
    /// The first flag given that only a Cargo package takes, for refusing it on a mini repo.
    pub(super) fn crate_only_flag(&self) -> Option<&'static str> {
        [
            (self.package.is_some(), "-p/--package"),
            (!self.features.is_empty(), "--features"),
            (self.all_features, "--all-features"),
            (self.no_default_features, "--no-default-features"),
            (self.test_filter.is_some(), "--test-filter"),
            (self.target_dir.is_some(), "--target-dir"),
            (self.opt_level.is_some(), "--opt-level"),
        ]
        .into_iter()
        .find_map(|(set, flag)| set.then_some(flag))
    }

    /// The crate options these flags give, with the audit's defaults for everything else.
    pub(super) fn options(self) -> CrateOptions {
        let defaults = CrateOptions::default();
        CrateOptions {
            package: self.package,
            features: self
                .features
                .iter()
                .flat_map(|f| f.split_whitespace())
                .map(String::from)
                .collect(),
            all_features: self.all_features,
            no_default_features: self.no_default_features,
            tests: match self.tests {
                Tests::Unit => TestKind::Unit,
                Tests::Integration => TestKind::Integration,
                Tests::All => TestKind::All,
            },
            test_filter: self.test_filter,
            target_dir: self.target_dir,
            progress: progress::handle(),
            opt_level: self.opt_level.unwrap_or(defaults.opt_level),
            ..defaults
        }
    }
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
    let crate_only = args
        .krate
        .crate_only_flag()
        .or(args.full_matrix.then_some("--full-matrix"));
    if let Some(flag) = crate_only {
        bail!(
            "{flag}: only for a Cargo package, and {} has no Cargo.toml (a mini repo takes \
             --suite, --fuel, --seed, the selection flags and --mutants-out)",
            args.repo.display()
        );
    }
    let mut opts = AuditOptions {
        filter: filter(&args)?,
        mutants_out: args.mutants_out.clone(),
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
    output::report(args.json.as_deref(), &report, || {
        audit::render(&report, args.diffs)
    })
}

fn run_crate(args: Args) -> Result<()> {
    let filter = filter(&args)?;
    let defaults = CrateOptions::default();
    let opts = CrateOptions {
        suite: args.suite,
        full_matrix: args.full_matrix,
        fuel: args.fuel.unwrap_or(defaults.fuel),
        filter,
        mutants_out: args.mutants_out,
        ..args.krate.options()
    };
    let report = krate::audit_crate(&args.repo, &opts)?;
    output::report(args.json.as_deref(), &report, || {
        krate::render(&report, args.diffs)
    })
}
