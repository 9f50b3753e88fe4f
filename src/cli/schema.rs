//! `verigym schema`: write (or check) the JSON Schemas.

use std::fs;
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use verigym::schema;

use super::OutputError;

#[derive(clap::Args)]
pub struct Args {
    /// The directory to write into.
    #[arg(long, default_value = "schemas")]
    out: PathBuf,
    /// Write nothing; fail if any file in --out differs from what would be written.
    #[arg(long)]
    check: bool,
}

/// The library's schemas and, in a build with the server, the server's request and response types.
pub fn all() -> Vec<(String, schemars::Schema)> {
    #[cfg_attr(not(feature = "serve"), allow(unused_mut))]
    let mut all = schema::all();
    #[cfg(feature = "serve")]
    all.extend(verigym_serve::api::schemas());
    all
}

pub fn run(args: Args) -> Result<()> {
    let mut stale = Vec::new();
    if !args.check {
        fs::create_dir_all(&args.out)
            .map_err(OutputError)
            .with_context(|| format!("creating {}", args.out.display()))?;
    }
    for (name, doc) in all() {
        let path = args.out.join(&name);
        let text = schema::render(&doc);
        if args.check {
            if fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
                stale.push(name);
            }
        } else {
            fs::write(&path, text)
                .map_err(OutputError)
                .with_context(|| format!("writing {}", path.display()))?;
        }
    }
    if !stale.is_empty() {
        bail!(
            "stale schemas in {}: {}; run `verigym schema --out {}`",
            args.out.display(),
            stale.join(", "),
            args.out.display()
        );
    }
    Ok(())
}
