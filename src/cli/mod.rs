//! Argument parsing, dispatch, and the mapping of errors to exit codes.

#[cfg(feature = "repo")]
mod audit;
#[cfg(feature = "repo")]
mod catalog;
mod curriculum;
mod episode;
mod eval;
#[cfg(feature = "repo")]
mod fix_agent;
mod gen_docs;
mod generate;
mod inputs;
mod list;
mod output;
mod params;
mod play;
mod probe;
mod progress;
mod schema;
#[cfg(feature = "serve")]
mod serve;
mod signals;
mod simulate;
mod suite;
mod verify;

use std::io;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Seeded, difficulty-controlled reasoning problems with exact verifiers.
#[derive(Parser)]
#[command(name = "verigym", version, about)]
pub(crate) struct Cli {
    /// Worker threads for generation and verification (default: one per core).
    #[arg(long, global = true, value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
    /// How to show progress of long commands on stderr.
    #[arg(long, global = true, value_enum, default_value_t)]
    progress: progress::Mode,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the envs with their versions and params.
    List(list::Args),
    /// Write problems as JSON lines.
    Generate(generate::Args),
    /// Verify responses against problems; verdicts as JSON lines, a summary on stderr.
    Verify(verify::Args),
    /// Benchmark figures: unbiased pass@k, CoT-pass@k, score and format, per env and level.
    Eval(eval::Args),
    /// Measure verifiers: TPR, FPR and Youden's J on right answers in every allowed form, near
    /// misses and known hacks.
    Probe(probe::Args),
    /// Build or check frozen fixed-seed benchmark suites.
    Suite(suite::Args),
    /// Write the JSON Schemas of every record and params type.
    Schema(schema::Args),
    /// Write the shell completions (bash, zsh, fish, PowerShell) and man pages.
    GenDocs(gen_docs::Args),
    /// Run a curriculum controller against a simulated learner and print a table.
    Simulate(simulate::Args),
    /// Serve a curriculum over stdin/stdout: batches of problems out, reward lines in.
    Curriculum(curriculum::Args),
    /// Multi-turn episodes: scripted agents through interactive envs, and re-judged transcripts.
    Episode(episode::Args),
    /// Play one episode in a terminal: an interactive env, or a single-turn env with feedback.
    Play(play::Args),
    #[cfg(feature = "repo")]
    /// Mutation-score audit of a mini-repo's test suite (needs rustc).
    Audit(audit::Args),
    #[cfg(feature = "repo")]
    /// Build a bug catalog for `repo_fix`: every mutant a mini repo's strong suite, or a Cargo
    /// package's own tests, kill cleanly (needs rustc; a package also cargo).
    Catalog(catalog::Args),
    #[cfg(feature = "repo")]
    /// The naive random-edit fix agent on a mini-repo: how many declared fixes are fake (needs rustc).
    FixAgent(fix_agent::Args),
    /// Serve rewards, problems and a shared curriculum over HTTP (see the README's server section).
    #[cfg(feature = "serve")]
    Serve(serve::Args),
}

/// An error writing our own output (not the user's input): exit code 1 instead of 2.
#[derive(Debug, thiserror::Error)]
// The io error is the source, not part of this message: `{:#}` prints the chain, so naming it
// here too printed every cause twice.
#[error("cannot write output")]
pub struct OutputError(#[from] pub io::Error);

/// Runs the command line and maps the outcome to an exit code: 0 on success and on a closed
/// pipe (as when piped into `head`), 1 when our output cannot be written, 2 for bad input.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    progress::set_mode(cli.progress);
    if let Some(n) = cli.threads {
        // Only fails if a global pool exists already, which cannot happen this early.
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(usize::from(n))
            .build_global();
    }
    #[cfg(feature = "serve")]
    let serving = matches!(cli.command, Command::Serve(_));
    #[cfg(not(feature = "serve"))]
    let serving = false;
    if !serving {
        signals::remove_partials_on_fatal_signals();
    }
    let result = match cli.command {
        Command::List(args) => list::run(args),
        Command::Generate(args) => generate::run(args),
        Command::Verify(args) => verify::run(args),
        Command::Eval(args) => eval::run(args),
        Command::Probe(args) => probe::run(args),
        Command::Schema(args) => schema::run(args),
        Command::GenDocs(args) => gen_docs::run(args),
        Command::Simulate(args) => simulate::run(args),
        Command::Curriculum(args) => curriculum::run(args),
        Command::Episode(args) => episode::run(args),
        Command::Play(args) => play::run(args),
        Command::Suite(args) => suite::run(args),
        #[cfg(feature = "repo")]
        Command::Audit(args) => audit::run(args),
        #[cfg(feature = "repo")]
        Command::Catalog(args) => catalog::run(args),
        #[cfg(feature = "repo")]
        Command::FixAgent(args) => fix_agent::run(args),
        #[cfg(feature = "serve")]
        Command::Serve(args) => serve::run(args),
    };
    #[cfg(feature = "repo")]
    verigym::repo::krate::fixes::release_workspaces();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("verigym: error: {err:#}");
            if err.chain().any(|e| e.is::<OutputError>()) {
                ExitCode::from(1)
            } else {
                ExitCode::from(2)
            }
        }
    }
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<io::Error>()
            .or_else(|| e.downcast_ref::<OutputError>().map(|o| &o.0))
            .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}
