//! `verigym catalog`: build a bug catalog, the asset `repo_fix` injects bugs from: a mini repo's
//! (the strong suite's clean kills, `bugs.json`), or a Cargo package's (its own tests' clean
//! kills, a catalog directory with a copy of its source).

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Result, bail};
use verigym::repo::audit::AuditOptions;
use verigym::repo::catalog::{self, CATALOG_FILE};
use verigym::repo::krate::{self, CrateOptions, catalog as crate_catalog};
use verigym::repo::layout;

use super::OutputError;
use super::audit::CrateFlags;
use super::output::Output;
use super::progress;

#[derive(clap::Args)]
pub struct Args {
    /// A mini repo (`src/lib.rs` and `tests/strong.rs`), or a Cargo package (a directory with
    /// `Cargo.toml`; in a workspace, pick the member with `-p`).
    repo: PathBuf,
    /// Mini repo: where to write the catalog (`-` for stdout) [default: <REPO>/bugs.json].
    /// Crate (required): the catalog directory, which gets `catalog.json` and `source/`, the
    /// package's copy the catalog was built from; it must be new, empty or a previous catalog
    /// (replaced), and outside the package.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Crate: one integration test, by file (relative to the package) or target name.
    #[arg(long)]
    suite: Option<String>,
    #[command(flatten)]
    krate: CrateFlags,
    /// Crate: loop iterations plus calls each test may make before it counts as a timeout, as
    /// `verigym audit --fuel` (default: the audit's).
    #[arg(long)]
    fuel: Option<u64>,
    /// Crate: REPO is an existing catalog directory; survey its hidden differential suite again
    /// and write its `hidden.json` (for a catalog made before the suite, or by another version).
    #[arg(long)]
    hidden_only: bool,
}

pub fn run(args: Args) -> Result<()> {
    if args.hidden_only {
        let h = crate_catalog::resurvey(&args.repo)?;
        eprintln!("{}", hidden_summary(&h));
        return Ok(());
    }
    if krate::is_crate(&args.repo) {
        return run_crate(args);
    }
    let crate_only = args
        .krate
        .crate_only_flag()
        .or(args.suite.as_ref().map(|_| "--suite"))
        .or(args.fuel.map(|_| "--fuel"));
    if let Some(flag) = crate_only {
        bail!(
            "{flag}: only for a Cargo package, and {} has no Cargo.toml (a mini repo's catalog \
             is always its strong suite's)",
            args.repo.display()
        );
    }
    let source = layout::read(&args.repo, "strong")?;
    let opts = AuditOptions {
        progress: progress::handle(),
        ..AuditOptions::default()
    };
    let catalog = catalog::build(&source, &opts)?;
    let path = args.out.unwrap_or_else(|| args.repo.join(CATALOG_FILE));
    let to_stdout = path.as_os_str() == "-";
    let mut out = Output::open((!to_stdout).then_some(path.as_path()))?;
    out.write_all(catalog::to_json(&catalog).as_bytes())
        .map_err(OutputError)?;
    out.finish()?;
    if !to_stdout {
        eprintln!(
            "{}: {} bugs from {} strong tests -> {}",
            catalog.repo,
            catalog.bugs.len(),
            catalog.tests.len(),
            path.display()
        );
    }
    Ok(())
}

fn run_crate(args: Args) -> Result<()> {
    let Some(out) = args.out else {
        bail!(
            "--out DIR is required for a Cargo package: the catalog is a directory \
             (`catalog.json` and `source/`), not one file"
        );
    };
    if out.as_os_str() == "-" {
        bail!("--out -: a crate's catalog is a directory, not a stream; give a directory");
    }
    let defaults = CrateOptions::default();
    let opts = CrateOptions {
        suite: args.suite,
        fuel: args.fuel.unwrap_or(defaults.fuel),
        ..args.krate.options()
    };
    let built = crate_catalog::build(&args.repo, &out, &opts)?;
    let c = &built.catalog;
    let left_out: Vec<String> = built
        .left_out
        .iter()
        .map(|(why, n)| format!("{n} {why}"))
        .collect();
    eprintln!(
        "{} {}: {} bugs from {} tests ({} of {} mutants killed{}) -> {}",
        c.package,
        c.version,
        c.bugs.len(),
        c.tests.len(),
        built.killed,
        built.viable,
        if left_out.is_empty() {
            String::new()
        } else {
            format!("; left out: {}", left_out.join(", "))
        },
        out.display()
    );
    eprintln!("{}", hidden_summary(&built.hidden));
    Ok(())
}

/// One line on a hidden survey: drivers, and the bugs it separates under every seed.
fn hidden_summary(h: &krate::hidden::survey::HiddenCatalog) -> String {
    let separated = h.bugs.iter().filter(|b| h.separates(&b.id)).count();
    format!(
        "hidden differential suite: {} drivers ({} left out, not compiling), {} inputs each; \
         separates {separated} of {} bugs under all {} seeds",
        h.drivers.len(),
        h.dropped.len(),
        h.inputs,
        h.bugs.len(),
        h.seeds.len()
    )
}
