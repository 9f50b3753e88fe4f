//! `verigym catalog`: build a mini-repo's bug catalog (the strong suite's clean kills), the asset
//! `repo_fix` injects bugs from.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use verigym::repo::audit::AuditOptions;
use verigym::repo::catalog::{self, CATALOG_FILE};
use verigym::repo::layout;

use super::OutputError;
use super::output::Output;
use super::progress;

#[derive(clap::Args)]
pub struct Args {
    /// A repo directory with `src/lib.rs` and `tests/strong.rs`.
    repo: PathBuf,
    /// Where to write the catalog (`-` for stdout) [default: <REPO>/bugs.json].
    #[arg(long)]
    out: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<()> {
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
