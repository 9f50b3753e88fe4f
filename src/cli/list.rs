//! `verigym list`: the registered envs, their versions and params.

use std::io::{Write, stdout};

use anyhow::Result;
use serde_json::{Value, json};
use verigym::{DynEnv, LEVEL_MAX, LEVEL_MIN, episodes, registry};

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
        let entry = |env: &dyn DynEnv, episode: bool| {
            let mut entry = json!({
                "id": env.id(),
                "version": env.version(),
                "summary": env.summary(),
                "params": env.params_info(),
            });
            if episode {
                entry["episode"] = Value::Bool(true);
            }
            if env.id() == "repo_fix" {
                entry["agentic"] = Value::Bool(true);
            }
            entry
        };
        let envs: Vec<Value> = registry::envs()
            .iter()
            .map(|env| entry(*env, false))
            .chain(
                episodes::interactive()
                    .iter()
                    .map(|e| entry(e.as_env(), true)),
            )
            .collect();
        writeln!(out, "{}", serde_json::to_string_pretty(&envs)?).map_err(OutputError)?;
        return Ok(());
    }
    let mut text = String::new();
    for env in registry::envs() {
        describe(&mut text, *env);
    }
    text += "Episodes (verigym episode run, verigym play; feedback episodes over any env above \
             with --feedback-turns 1 to 16 and --reward solved|first_turn|discounted:GAMMA)\n\n";
    if registry::envs().iter().any(|e| e.id() == "repo_fix") {
        text += "repo_fix --agentic: work on the mini repo with tools, then submit\n  \
                 tools       <query>list_files</query>, <query>read_file PATH</query>, \
                 <query>run_tests</query> (the visible suite), <query>replace_function ```rust \
                 …```</query>, <answer>submit</answer>\n  \
                 --agentic-turns  1 to 64, default 20; the hidden suite judges the crate as it \
                 stands at the end\n\n";
    }
    for env in episodes::interactive() {
        describe(&mut text, env.as_env());
    }
    out.write_all(text.as_bytes()).map_err(OutputError)?;
    Ok(())
}

fn describe(text: &mut String, env: &dyn DynEnv) {
    *text += &format!("{} v{}: {}\n", env.id(), env.version(), env.summary());
    let params = env.params_info();
    let width = params.iter().map(|p| p.name.len()).max().unwrap_or(0);
    for p in params {
        *text += &format!(
            "  {:<width$}  default {}; {}\n  {:<width$}  {}\n",
            p.name,
            p.default,
            p.allowed,
            "",
            p.description.replace('\n', " ")
        );
    }
    *text += &format!(
        "  --level {LEVEL_MIN} to {LEVEL_MAX} maps to params; --param NAME=VALUE overrides\n\n"
    );
}
