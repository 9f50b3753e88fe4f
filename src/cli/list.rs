//! `verigym list`: the registered envs, their versions and params.

use std::io::{Write, stdout};

use anyhow::Result;
use serde_json::{Value, json};
use verigym::{LEVEL_MAX, LEVEL_MIN, registry};

use super::OutputError;

#[derive(clap::Args)]
pub struct Args {
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<()> {
    let mut out = stdout().lock();
    if args.json {
        let envs: Vec<Value> = registry::envs()
            .iter()
            .map(|env| {
                json!({
                    "id": env.id(),
                    "version": env.version(),
                    "summary": env.summary(),
                    "params": env.params_info(),
                })
            })
            .collect();
        writeln!(out, "{}", serde_json::to_string_pretty(&envs)?).map_err(OutputError)?;
        return Ok(());
    }
    let mut text = String::new();
    for env in registry::envs() {
        text += &format!("{} v{}: {}\n", env.id(), env.version(), env.summary());
        let params = env.params_info();
        let width = params.iter().map(|p| p.name.len()).max().unwrap_or(0);
        for p in params {
            text += &format!(
                "  {:<width$}  default {}; {}\n  {:<width$}  {}\n",
                p.name,
                p.default,
                p.allowed,
                "",
                p.description.replace('\n', " ")
            );
        }
        text += &format!(
            "  --level {LEVEL_MIN} to {LEVEL_MAX} maps to params; --param NAME=VALUE overrides\n\n"
        );
    }
    out.write_all(text.as_bytes()).map_err(OutputError)?;
    Ok(())
}
