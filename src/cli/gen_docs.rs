//! `verigym gen-docs`: write (or check) the shell completions and man pages generated from the
//! argument definitions, committed under `docs/cli/`.

use std::fs;
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::CommandFactory;
use clap_complete::Shell;
use verigym::atomic::write_atomic;

use super::{Cli, OutputError};

#[derive(clap::Args)]
pub struct Args {
    /// The directory to write into.
    #[arg(long, default_value = "docs/cli")]
    out: PathBuf,
    /// Write nothing; fail if any file in --out differs from what would be written.
    #[arg(long)]
    check: bool,
}

/// Completions for these shells, with their file names.
const SHELLS: [(Shell, &str); 4] = [
    (Shell::Bash, "verigym.bash"),
    (Shell::Zsh, "_verigym"),
    (Shell::Fish, "verigym.fish"),
    (Shell::PowerShell, "verigym.ps1"),
];

/// Every generated file, as (path relative to --out, bytes), in a stable order.
fn files() -> Result<Vec<(String, Vec<u8>)>> {
    let mut cmd = Cli::command();
    cmd.build();
    let mut out = Vec::new();
    for (shell, name) in SHELLS {
        let mut bytes = Vec::new();
        clap_complete::generate(shell, &mut cmd.clone(), "verigym", &mut bytes);
        out.push((format!("completions/{name}"), bytes));
    }
    out.push(("man/verigym.1".to_owned(), man(cmd.clone())?));
    for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
        let name = format!("verigym-{}", sub.get_name());
        // clap names commands with `'static` strings; a dozen short names for one run.
        let page = sub.clone().name(&*Box::leak(name.clone().into_boxed_str()));
        out.push((format!("man/{name}.1"), man(page)?));
    }
    Ok(out)
}

fn man(cmd: clap::Command) -> Result<Vec<u8>> {
    let mut bytes = Vec::new();
    clap_mangen::Man::new(cmd).render(&mut bytes)?;
    Ok(bytes)
}

pub fn run(args: Args) -> Result<()> {
    let mut stale = Vec::new();
    for (name, bytes) in files()? {
        let path = args.out.join(&name);
        if args.check {
            if fs::read(&path).ok().as_deref() != Some(bytes.as_slice()) {
                stale.push(name);
            }
            continue;
        }
        if let Some(dir) = path.parent() {
            fs::create_dir_all(dir)
                .map_err(OutputError)
                .with_context(|| format!("creating {}", dir.display()))?;
        }
        write_atomic(&path, &bytes).map_err(OutputError)?;
    }
    if !stale.is_empty() {
        bail!(
            "stale generated docs in {}: {}; run `verigym gen-docs --out {}`",
            args.out.display(),
            stale.join(", "),
            args.out.display()
        );
    }
    Ok(())
}
