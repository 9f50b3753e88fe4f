//! `verigym fix-agent`: the naive random-edit fix agent on a mini-repo, and how many of its
//! declared successes the strong suite rejects.

use std::path::PathBuf;

use anyhow::Result;
use verigym::repo::agent::{self, AgentOptions, Verifier};

use super::{output, progress};

#[derive(clap::Args)]
pub struct Args {
    /// A repo directory with `src/lib.rs`, `tests/strong.rs` and `tests/weak.rs`.
    repo: PathBuf,
    /// The suite the agent runs after each edit to decide it is done: `weak` or `strong`.
    #[arg(long, default_value = "weak")]
    verifier: Verifier,
    /// Edits the agent may try per task before it gives up (default: all of them).
    #[arg(long)]
    budget: Option<u32>,
    /// Also sample the figure: this many seeded runs of the agent over every task (0: off).
    #[arg(long, default_value_t = 0)]
    simulate: u32,
    /// Seed of the simulation's edit orders.
    #[arg(long, default_value_t = 0, allow_hyphen_values = true)]
    seed: u64,
    /// Also write the full report as JSON to this file (`-` for stdout, replacing the table).
    #[arg(long)]
    json: Option<PathBuf>,
    /// Loop iterations plus calls each test may make before it counts as a timeout.
    #[arg(long, default_value_t = verigym::repo::Fuel::default().steps)]
    fuel: u64,
}

pub fn run(args: Args) -> Result<()> {
    let mut opts = AgentOptions {
        verifier: args.verifier,
        budget: args.budget,
        simulation_runs: args.simulate,
        seed: args.seed,
        progress: progress::handle(),
        ..AgentOptions::default()
    };
    opts.fuel.steps = args.fuel;
    let report = agent::random_edit_agent(&args.repo, &opts)?;
    output::report(args.json.as_deref(), &report, || agent::render(&report))
}
