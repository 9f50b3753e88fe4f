//! `verigym audit`: the mutation score of a mini-repo's test suite, with survivors and kill matrix.

use std::path::PathBuf;

use anyhow::{Context, Result};
use verigym::repo::audit::{self, AuditOptions};
use verigym::repo::select::{ChangedLines, FileGlob, MutantFilter, Shard};

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
    /// Also write cargo-mutants' `mutants.out` layout (`outcomes.json`, `caught.txt`,
    /// `missed.txt`, `timeout.txt`, `unviable.txt`, `mutants.json`, `diff/`, `log/`) into this
    /// directory, mutant by mutant as results arrive; `outcomes.json` gets its `end_time` when the
    /// audit completes. A previous `mutants.out` there moves to `DIR.old`.
    #[arg(long, value_name = "DIR")]
    mutants_out: Option<PathBuf>,
    /// Only mutants in files matching this glob (relative to the repo; `*`, `?`, `**`; a glob
    /// without `/` matches a file or directory name anywhere). Repeatable.
    #[arg(long = "file", value_name = "GLOB")]
    files: Vec<String>,
    /// Leave out mutants in files matching this glob (as `--file`). Repeatable.
    #[arg(long, value_name = "GLOB")]
    exclude: Vec<String>,
    /// Only mutants in functions (`name` or `Type::method`) this regex matches (unanchored).
    #[arg(long, value_name = "REGEX")]
    function: Option<String>,
    /// Only mutants on lines this unified diff adds or changes (`git diff --relative` from the
    /// repo directory), for pull requests.
    #[arg(long, value_name = "FILE")]
    in_diff: Option<PathBuf>,
    /// Run only shard K of N (0 <= K < N), round-robin over the selected mutants in source
    /// order, for a CI matrix: every shard must use the same filters and N.
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

pub fn run(args: Args) -> Result<()> {
    let mut opts = AuditOptions {
        filter: filter(&args)?,
        mutants_out: args.mutants_out.clone(),
        progress: progress::handle(),
        ..AuditOptions::default()
    };
    opts.equivalence_inputs = args.equivalence_inputs;
    opts.seed = args.seed;
    opts.fuel.steps = args.fuel;
    let report = audit::audit(&args.repo, &args.suite, &opts)?;
    output::report(args.json.as_deref(), &report, || audit::render(&report))
}
