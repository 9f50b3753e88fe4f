//! Running a crate's test executables: libtest's output read as it streams, so a mutant run can
//! stop at its first failing test; the fuel marker on stderr tells a timeout from a failure; a
//! wall-clock guard kills the process group of a run that blocks.
//!
//! These are the user's own tests of the user's own crate with verigym's mutants, the same trust
//! as `cargo test` (and cargo-mutants): they run with the user's environment, in the copied
//! package directory, without the mini-repo sandbox's resource limits.

use std::io::{BufRead, BufReader, Read};
use std::os::unix::process::CommandExt as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use super::super::RepoError;
use super::super::audit::Outcome;
use super::super::libtest::{self, LineResult};
use super::super::schemata::{FUEL_EXHAUSTED, MUTANT_ENV};
use super::inject::{FUEL_ENV, REACH_ENV};

/// One run of one test executable.
#[derive(Clone, Debug, Default)]
pub(crate) struct ExeRun {
    /// Each test's outcome, in the order libtest reported them (ignored tests left out).
    pub tests: Vec<(String, Outcome)>,
    /// Tests libtest reported as ignored.
    pub ignored: Vec<String>,
    /// Whether the process exited with 0.
    pub success: bool,
    /// Whether the run was stopped at its first failure.
    pub stopped: bool,
    /// Whether the wall-clock guard killed it.
    pub wall_killed: bool,
    /// Whether the fuel marker appeared (some test ran out of fuel).
    pub fuel_exhausted: bool,
    /// Why the process ended abnormally, if it did.
    pub abnormal: Option<String>,
    /// Whether stdout looked like libtest's (a `test result:` line or a test line).
    pub libtest: bool,
    /// Wall time.
    pub elapsed: Duration,
    /// Its stdout, capped (for `mutants.out` logs).
    pub log: String,
}

/// How to run one executable.
#[derive(Clone, Debug)]
pub(crate) struct RunSpec<'a> {
    /// The executable.
    pub exe: &'a Path,
    /// Its working directory (the copied package directory, as under `cargo test`).
    pub cwd: &'a Path,
    /// The mutant (0: none).
    pub mutant: u32,
    /// Fuel per test thread.
    pub fuel: u64,
    /// Exact test names to run; empty: all (with `filter` when given).
    pub tests: &'a [String],
    /// A substring filter, as `cargo test FILTER`.
    pub filter: Option<&'a str>,
    /// Whether the executable has libtest's harness (else it runs whole, without arguments).
    pub harness: bool,
    /// Stop at the first failing test.
    pub fail_fast: bool,
    /// Record reach into this file.
    pub reach: Option<PathBuf>,
    /// Kill the run after this long.
    pub wall: Duration,
}

/// Runs one executable as `spec` says.
pub(crate) fn run(spec: &RunSpec) -> Result<ExeRun, RepoError> {
    let started = Instant::now();
    let mut cmd = Command::new(spec.exe);
    if spec.harness {
        cmd.arg("--test-threads=1");
        if spec.tests.is_empty() {
            cmd.args(spec.filter);
        } else {
            cmd.arg("--exact").args(spec.tests);
        }
    }
    cmd.current_dir(spec.cwd)
        .env("CARGO_MANIFEST_DIR", spec.cwd)
        .env(MUTANT_ENV, spec.mutant.to_string())
        .env(FUEL_ENV, spec.fuel.to_string())
        .env("RUST_BACKTRACE", "0")
        .env("RUST_MIN_STACK", "33554432")
        .env_remove(REACH_ENV)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    if let Some(path) = &spec.reach {
        cmd.env(REACH_ENV, path);
    }
    let mut child = cmd.spawn().map_err(RepoError::io(format!(
        "cannot run test executable {}",
        spec.exe.display()
    )))?;
    let pid = child.id();
    let stdout = child.stdout.take().expect("piped");
    let mut stderr = child.stderr.take().expect("piped");
    let err_reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = stderr.by_ref().take(1 << 20).read_to_end(&mut buf);
        let _ = std::io::copy(&mut stderr, &mut std::io::sink());
        String::from_utf8_lossy(&buf).into_owned()
    });
    // The wall-clock guard: a thread that kills the group unless told the run ended.
    let (done_tx, done_rx) = mpsc::channel::<()>();
    let wall = spec.wall;
    let guard = std::thread::spawn(move || {
        matches!(
            done_rx.recv_timeout(wall),
            Err(mpsc::RecvTimeoutError::Timeout)
        )
        .then(|| kill_group(pid))
        .is_some()
    });
    let mut lines = Vec::new();
    let mut stopped = false;
    for line in BufReader::new(stdout).lines() {
        let Ok(line) = line else { break };
        let failed = spec.fail_fast
            && line.starts_with("test ")
            && (line.ends_with("... FAILED") || line.ends_with(" FAILED"));
        lines.push(line);
        if failed {
            stopped = true;
            kill_group(pid);
            break;
        }
    }
    let status = child
        .wait()
        .map_err(RepoError::io("cannot wait for a test executable"))?;
    kill_group(pid);
    let _ = done_tx.send(());
    let wall_killed = guard.join().unwrap_or(false);
    let stderr = err_reader.join().unwrap_or_default();
    let mut run = parse(&lines, &stderr);
    run.log = capped(lines.join("\n"));
    run.success = status.success() && !stopped;
    run.stopped = stopped;
    run.wall_killed = wall_killed;
    run.elapsed = started.elapsed();
    if !run.success && !stopped {
        use std::os::unix::process::ExitStatusExt as _;
        run.abnormal = if wall_killed {
            Some(format!("killed after {} s of wall time", wall.as_secs()))
        } else {
            match status.signal() {
                Some(6) => Some("aborted (SIGABRT)".into()),
                Some(11) => Some("segmentation fault (SIGSEGV), e.g. a stack overflow".into()),
                Some(s) => Some(format!("killed by signal {s}")),
                None => None,
            }
        };
    }
    Ok(run)
}

fn kill_group(pid: u32) {
    if let Some(pid) = i32::try_from(pid)
        .ok()
        .and_then(rustix::process::Pid::from_raw)
    {
        let _ = rustix::process::kill_process_group(pid, rustix::process::Signal::KILL);
    }
}

/// Reads libtest's pretty output: `test x ... ok|FAILED|ignored` lines, failure sections, and a
/// dangling `test x ... ` when the process died inside that test.
fn parse(lines: &[String], stderr: &str) -> ExeRun {
    let mut run = ExeRun::default();
    let timed_out: Vec<&str> = stderr
        .lines()
        .filter_map(|l| l.strip_prefix(FUEL_EXHAUSTED))
        .map(|rest| rest.trim_start_matches(':').trim())
        .collect();
    run.fuel_exhausted = !timed_out.is_empty();
    let read = libtest::read(lines.iter().map(String::as_str));
    run.libtest = read.summary_seen || !read.tests.is_empty();
    for (name, result) in read.tests {
        // `#[should_panic]` tests are listed as `name - should panic`; the name is what
        // `--exact` and the reach data know.
        let name = name.strip_suffix(" - should panic").unwrap_or(&name);
        let outcome = match result {
            LineResult::Passed => Outcome::Passed,
            LineResult::Failed => {
                let text = read.sections.get(name).map_or("", String::as_str);
                if text.contains(FUEL_EXHAUSTED) || timed_out.contains(&name) {
                    Outcome::Timeout
                } else {
                    Outcome::Failed(libtest::panic_message(text))
                }
            }
            LineResult::Ignored => {
                run.ignored.push(name.to_owned());
                continue;
            }
            LineResult::Dangling => {
                Outcome::Crashed("the test process ended inside this test".into())
            }
            LineResult::Other => continue,
        };
        run.tests.push((name.to_owned(), outcome));
    }
    run
}

/// At most 64 KiB of a run's output: a log is for reading, and a chatty suite run for each of
/// hundreds of mutants must not hold the audit's memory.
fn capped(mut text: String) -> String {
    const CAP: usize = 64 << 10;
    if text.len() > CAP {
        let mut cut = CAP;
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        text.truncate(cut);
        text.push_str("\n… (cut)");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn libtest_lines_and_the_fuel_marker_are_read() {
        let lines: Vec<String> = [
            "running 4 tests",
            "test a::ok ... ok",
            "test a::slow ... FAILED",
            "test a::bad ... FAILED",
            "test a::panics - should panic ... ok",
            "test a::skip ... ignored, needs network",
            "",
            "failures:",
            "",
            "---- a::bad stdout ----",
            "thread 'a::bad' panicked at src/lib.rs:3:5:",
            "boom",
            "note: run with `RUST_BACKTRACE=1`",
            "",
            "failures:",
            "test result: FAILED. 1 passed; 2 failed; 1 ignored",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let run = parse(&lines, &format!("{FUEL_EXHAUSTED}: a::slow\n"));
        assert!(run.libtest && run.fuel_exhausted);
        assert_eq!(run.ignored, ["a::skip"]);
        assert_eq!(
            run.tests,
            [
                ("a::ok".to_owned(), Outcome::Passed),
                ("a::slow".to_owned(), Outcome::Timeout),
                ("a::bad".to_owned(), Outcome::Failed("boom".into())),
                ("a::panics".to_owned(), Outcome::Passed),
            ]
        );
    }
}
