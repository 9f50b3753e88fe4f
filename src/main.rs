//! The `verigym` command line: a thin layer over the library. See `verigym --help`.

mod cli;

fn main() -> std::process::ExitCode {
    cli::run()
}
