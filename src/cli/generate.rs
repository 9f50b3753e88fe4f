//! `verigym generate`: problems as JSON lines.

use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use verigym::stream;

use super::OutputError;
use super::episode::find_env;
use super::output::Output;
use super::params::parse_overrides;

#[derive(clap::Args)]
pub struct Args {
    /// The env id (see `verigym list`), interactive envs' included.
    #[arg(long)]
    env: String,
    /// The master seed.
    #[arg(long, default_value_t = 0, allow_hyphen_values = true)]
    seed: u64,
    /// How many problems to write.
    #[arg(
        short = 'n',
        long = "count",
        default_value_t = 10,
        allow_hyphen_values = true
    )]
    count: u64,
    /// The index of the first problem; problem i is the same in any run that includes it.
    #[arg(long, default_value_t = 0, allow_hyphen_values = true)]
    start: u64,
    /// The level, from 0 (easiest) to 10, that the env maps to params (`--difficulty` is an alias).
    #[arg(long, visible_alias = "difficulty", allow_hyphen_values = true)]
    level: Option<f64>,
    /// A param as NAME=VALUE, applied after --level (repeatable).
    #[arg(long = "param", value_name = "NAME=VALUE")]
    params: Vec<String>,
    /// Write to this file instead of stdout; it appears only when complete.
    #[arg(long)]
    out: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<()> {
    let env = find_env(&args.env)?;
    let overrides = parse_overrides(&args.params, &env.default_params())?;
    let generator = env.generator(args.level, &overrides, args.seed)?;
    if args.count > 0 && args.start.checked_add(args.count - 1).is_none() {
        bail!(
            "invalid value for `--start` {} with `--count` {}: the last index would be past {}; \
             allowed: start + count - 1 at most {}",
            args.start,
            args.count,
            u64::MAX,
            u64::MAX
        );
    }
    let mut out = Output::open(args.out.as_deref())?;
    stream::write_jsonl(generator.as_ref(), args.start, args.count, &mut out)
        .map_err(OutputError)
        .context("writing problems")?;
    out.finish()?;
    Ok(())
}
