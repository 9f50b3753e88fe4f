//! `verigym suite build|check`: frozen fixed-seed benchmark suites.

use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::Subcommand;
use verigym::registry::EnvSet;
use verigym::suite::{self, SuiteSpec};

use super::{OutputError, progress};

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: SuiteCommand,
}

#[derive(Subcommand)]
enum SuiteCommand {
    /// Build a suite: one JSONL file per entry plus manifest.json.
    Build {
        /// A shipped suite name (such as standard-v10) or a path to a suite .toml file.
        suite: String,
        /// The directory to write into.
        #[arg(long)]
        out: PathBuf,
    },
    /// Re-derive a built suite from its manifest and confirm every byte matches.
    Check {
        /// The directory `suite build` wrote.
        dir: PathBuf,
    },
}

pub fn run(args: Args) -> Result<()> {
    let envs = EnvSet::shipped();
    match args.command {
        SuiteCommand::Build { suite, out } => {
            let built =
                SuiteSpec::load(&suite, &envs)?.build_with_progress(&envs, &progress::handle())?;
            built
                .write(&out)
                .map_err(OutputError)
                .with_context(|| format!("writing the suite to {}", out.display()))?;
            let m = &built.manifest;
            let problems: u64 = m.files.iter().map(|f| f.count).sum();
            eprintln!(
                "built {} v{}: {problems} problems in {} files, sha256 {}",
                m.suite,
                m.suite_version,
                m.files.len(),
                m.sha256
            );
        }
        SuiteCommand::Check { dir } => {
            let m = suite::check(&dir, &envs)?;
            eprintln!(
                "ok: {} v{} matches a fresh build byte for byte (sha256 {})",
                m.suite, m.suite_version, m.sha256
            );
        }
    }
    Ok(())
}
