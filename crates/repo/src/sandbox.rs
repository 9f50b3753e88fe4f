//! Runs an untrusted program in a child process: its own private directory (made with
//! `tempfile`: mode 0700, an unpredictable name), its own process group (killed whole at the end),
//! resource limits (CPU time, address space, file size, open files), an environment of a few
//! fixed variables, no network where the OS allows it, capped output, and a wall-clock limit for
//! code that blocks without using CPU. The compiler runs under the same sandbox
//! (`run_compiler`): it reads model-written code.
//!
//! Limits are applied by `sh -c 'ulimit ...; exec "$0" "$@"'` rather than `pre_exec`, so the crate
//! needs no `unsafe`. The network is cut with `unshare -n` (or `unshare -rn`) when that works;
//! [`network_isolated`] says whether it does, and the library never prints.

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

pub use tempfile::TempDir;

use super::RepoError;

/// Resource limits for one run.
#[derive(Clone, Debug)]
pub struct Limits {
    /// CPU seconds (`ulimit -t`).
    pub cpu_seconds: u32,
    /// Address space in MiB (`ulimit -v`).
    pub address_space_mib: u64,
    /// Largest file the child may write, in KiB (`ulimit -f`).
    pub file_size_kib: u64,
    /// Open file descriptors (`ulimit -n`).
    pub open_files: u32,
    /// Wall-clock limit, stretched by [`load_factor`] on a loaded machine; it stops code that
    /// blocks. Fuel and the CPU limit stop code that computes.
    pub wall: Duration,
    /// Bytes kept of each of stdout and stderr; the rest is read and dropped.
    pub output_cap: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            cpu_seconds: 20,
            address_space_mib: 2048,
            file_size_kib: 1024,
            open_files: 64,
            wall: Duration::from_secs(60),
            output_cap: 256 * 1024,
        }
    }
}

/// What a sandboxed run produced.
#[derive(Clone, Debug)]
pub struct RunOutput {
    /// The exit code, when the child exited normally.
    pub code: Option<i32>,
    /// The signal that ended the child, when one did (9: killed, 24: CPU limit, 6: abort).
    pub signal: Option<i32>,
    /// Stdout, lossily decoded and capped.
    pub stdout: String,
    /// Stderr, lossily decoded and capped.
    pub stderr: String,
    /// Whether either stream was longer than the cap.
    pub truncated: bool,
    /// Whether the wall-clock guard had to kill the child.
    pub wall_killed: bool,
    /// Wall time of the run.
    pub elapsed: Duration,
}

impl RunOutput {
    /// Whether the child exited with code 0.
    pub fn success(&self) -> bool {
        self.code == Some(0)
    }

    /// A short reason for an abnormal end, if it was abnormal.
    pub fn abnormal_reason(&self) -> Option<String> {
        if self.wall_killed {
            return Some("killed by the wall-clock guard".into());
        }
        if self.code == Some(125) && self.stdout.is_empty() {
            return Some(
                "the sandbox could not apply its resource limits (`ulimit` failed)".into(),
            );
        }
        match self.signal {
            Some(24) => Some("CPU time limit exceeded (SIGXCPU)".into()),
            Some(25) => Some("file size limit exceeded (SIGXFSZ)".into()),
            Some(6) => Some("aborted (SIGABRT), e.g. an allocation over the memory limit".into()),
            Some(11) => Some("segmentation fault (SIGSEGV), e.g. a stack overflow".into()),
            Some(9) => Some("killed (SIGKILL), e.g. at the hard CPU time limit".into()),
            Some(s) => Some(format!("killed by signal {s}")),
            None => None,
        }
    }
}

/// How the network is cut off, detected once per process. The library never prints: callers
/// that care ask [`network_isolated`] and warn in their own voice.
fn net_prefix() -> &'static [&'static str] {
    static PREFIX: OnceLock<&'static [&'static str]> = OnceLock::new();
    PREFIX.get_or_init(|| {
        for candidate in [&["unshare", "-n"][..], &["unshare", "-rn"][..]] {
            let ok = Command::new(candidate[0])
                .args(&candidate[1..])
                .arg("true")
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success());
            if ok {
                return candidate;
            }
        }
        &[]
    })
}

/// Whether runs (tests and the compiler) are network-isolated on this machine: `unshare -n` or
/// `unshare -rn` works. When it does not, they run with the host's network; warn the user.
pub fn network_isolated() -> bool {
    !net_prefix().is_empty()
}

/// A fresh private directory (mode 0700, an unpredictable name) under the system temp dir,
/// removed with everything in it on drop.
pub fn private_dir(prefix: &str) -> Result<TempDir, RepoError> {
    tempfile::Builder::new()
        .prefix(&format!("verigym-{prefix}-"))
        .tempdir()
        .map_err(RepoError::io(format!(
            "cannot create a private directory under {}",
            std::env::temp_dir().display()
        )))
}

/// A private directory kept for the life of the process (a cache), with a lock held on its
/// [`OWNER_FILE`] for as long as this value lives. The OS drops that lock however the process
/// ends, a kill included, so the next [`kept_dir`] of the same prefix, in any process, removes
/// the directory once its owner is gone: a kept directory never outlives its owner by more than
/// the next process's start, where a static cache of a `TempDir` would leak one per process.
#[derive(Debug)]
pub struct KeptDir {
    dir: TempDir,
    _owner: std::fs::File,
}

impl KeptDir {
    /// The directory.
    pub fn path(&self) -> &Path {
        self.dir.path()
    }
}

/// The file inside a [`KeptDir`] whose lock says its owner lives. It is created locked, under
/// another name, and renamed into place, so no sweep ever sees it unlocked while its owner runs.
pub const OWNER_FILE: &str = ".verigym-owner";

/// A [`private_dir`] kept as a [`KeptDir`], after removing every kept directory of `prefix`
/// whose owner is gone. A file system without locks still gets the directory, unowned: it is
/// then never swept, as before kept directories had owners.
pub fn kept_dir(prefix: &str) -> Result<KeptDir, RepoError> {
    sweep_dead(&std::env::temp_dir(), prefix);
    let dir = private_dir(prefix)?;
    let claiming = dir.path().join(".verigym-owner.new");
    let owner = std::fs::File::create(&claiming).map_err(RepoError::io(format!(
        "cannot create {}",
        claiming.display()
    )))?;
    if owner.try_lock().is_ok() {
        std::fs::rename(&claiming, dir.path().join(OWNER_FILE)).map_err(RepoError::io(format!(
            "cannot rename {}",
            claiming.display()
        )))?;
    }
    Ok(KeptDir { dir, _owner: owner })
}

/// Removes the kept directories of `prefix` under `root` whose owner file can be locked, that
/// is, whose owner is gone. Directories without an owner file are left alone: they may belong to
/// a live process of a version before owners (remove such leftovers by hand), or be a moment
/// from getting one. Errors skip the directory: a sweep is housekeeping, never a failure.
fn sweep_dead(root: &Path, prefix: &str) {
    let Ok(entries) = std::fs::read_dir(root) else {
        return;
    };
    let stem = format!("verigym-{prefix}-");
    for entry in entries.flatten() {
        let named = entry
            .file_name()
            .to_str()
            .is_some_and(|n| n.starts_with(&stem));
        // A symlink is never followed: only a real directory of ours is removed.
        if !named || !entry.file_type().is_ok_and(|t| t.is_dir()) {
            continue;
        }
        let Ok(owner) = std::fs::File::open(entry.path().join(OWNER_FILE)) else {
            continue;
        };
        if owner.try_lock().is_ok() {
            // The lock is held while removing, so a concurrent sweep skips the directory.
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// Runs `program args` sandboxed, with `env` as its only environment besides `RUST_BACKTRACE=0`,
/// a minimal `PATH` and `HOME`, in a fresh private directory.
pub fn run(
    program: &Path,
    args: &[&str],
    env: &[(&str, &str)],
    limits: &Limits,
) -> Result<RunOutput, RepoError> {
    let dir = private_dir("run")?;
    run_in(dir.path(), program, args, env, None, limits)
}

/// [`run`] in `dir` (the caller's private directory, which it reads afterwards), with `input`
/// written to the child's stdin and then closed (else stdin is empty). The child runs in its own
/// process group, which is killed whole at the wall limit and after the child exits.
pub fn run_in(
    dir: &Path,
    program: &Path,
    args: &[&str],
    env: &[(&str, &str)],
    input: Option<&[u8]>,
    limits: &Limits,
) -> Result<RunOutput, RepoError> {
    let script = format!("{} || exit 125; exec \"$0\" \"$@\"", ulimits(limits));
    let mut cmd = shell(Some(&script), dir);
    cmd.arg(program).args(args).envs(env.iter().copied());
    spawn_wait(cmd, program, limits.wall, limits.output_cap, input)
}

/// Runs the compiler (a trusted program fed untrusted source) under `limits`, in `dir`, with no
/// network and an environment of only `PATH` (the caller's, to find the linker), `HOME` and
/// `TMPDIR` (both `dir`). Its process group is killed at the wall limit.
pub(crate) fn run_compiler(
    rustc: &Path,
    args: &[std::ffi::OsString],
    dir: &Path,
    limits: &Limits,
) -> Result<RunOutput, RepoError> {
    let script = format!("{} || exit 125; exec \"$0\" \"$@\"", ulimits(limits));
    let mut cmd = shell(Some(&script), dir);
    cmd.arg(rustc)
        .args(args)
        .env(
            "PATH",
            std::env::var_os("PATH").unwrap_or_else(|| "/usr/bin:/bin".into()),
        )
        .env("TMPDIR", dir);
    spawn_wait(cmd, rustc, limits.wall, limits.output_cap, None)
}

/// One run of a batch: arguments and extra environment.
#[derive(Clone, Debug, Default)]
pub struct Job {
    /// Arguments to the program.
    pub args: Vec<String>,
    /// Environment variables besides the sandbox's own.
    pub env: Vec<(String, String)>,
}

/// Runs `program` once per job, one after another, inside ONE sandbox shell (one network
/// namespace: creating one costs more than a test run), each job under its own resource limits
/// and with its output captured to a file. Per-job wall time is not measured (`elapsed` is the
/// batch's share); the batch as a whole has the wall-clock guard `limits.wall` × jobs. Meant
/// for code verigym wrote (an audit's mutants): a job that blocks holds up the jobs after it.
/// Model-written code runs through [`run_in`], one process group and one wall limit each.
pub fn run_batch(
    program: &Path,
    jobs: &[Job],
    limits: &Limits,
) -> Result<Vec<RunOutput>, RepoError> {
    let dir = private_dir("batch")?;
    let limits_line = ulimits(limits);
    // A script file, not `sh -c`: one argument may hold at most 128 KiB on Linux.
    let mut script = String::from("prog=$1\n");
    for (i, job) in jobs.iter().enumerate() {
        let exports: String = job
            .env
            .iter()
            .map(|(k, v)| format!("export {k}={}; ", quote(v)))
            .collect();
        let args: Vec<String> = job.args.iter().map(|a| quote(a)).collect();
        script.push_str(&format!(
            "( {limits_line} || exit 125; {exports}exec \"$prog\" {} ) >o{i} 2>e{i} </dev/null; \
             echo $? >r{i}\n",
            args.join(" ")
        ));
    }
    let file = dir.path().join("batch.sh");
    std::fs::write(&file, script)
        .map_err(RepoError::io(format!("cannot write {}", file.display())))?;
    let mut cmd = shell(None, dir.path());
    cmd.arg(&file).arg(program);
    let wall = limits.wall.saturating_mul(jobs.len().max(1) as u32);
    let batch = spawn_wait(cmd, program, wall, limits.output_cap, None)?;
    let share = batch.elapsed / jobs.len().max(1) as u32;
    let mut out = Vec::with_capacity(jobs.len());
    for i in 0..jobs.len() {
        let read = |name: String| read_file_capped(&dir.path().join(name), limits.output_cap);
        let rc = std::fs::read_to_string(dir.path().join(format!("r{i}")))
            .ok()
            .and_then(|t| t.trim().parse::<i32>().ok());
        let (stdout, t1) = read(format!("o{i}"));
        let (stderr, t2) = read(format!("e{i}"));
        let (code, signal) = match rc {
            // The shell reports death by signal N as 128 + N.
            Some(c) if c > 128 => (None, Some(c - 128)),
            Some(c) => (Some(c), None),
            None => (None, batch.signal.or(Some(9))),
        };
        out.push(RunOutput {
            code,
            signal,
            stdout,
            stderr,
            truncated: t1 || t2,
            wall_killed: rc.is_none() && batch.wall_killed,
            elapsed: share,
        });
    }
    Ok(out)
}

/// The `ulimit` calls that apply `limits` (dash takes one limit per call).
fn ulimits(limits: &Limits) -> String {
    format!(
        // The hard CPU limit is one second above the soft one, so the child gets SIGXCPU (a
        // clear reason) before the kernel's SIGKILL.
        "ulimit -t {} && ulimit -S -t {} && ulimit -v {} && ulimit -f {} && ulimit -n {}",
        limits.cpu_seconds + 1,
        limits.cpu_seconds,
        limits.address_space_mib * 1024,
        // `ulimit -f` counts 512-byte blocks in dash and POSIX sh (bash counts KiB, which only
        // doubles the limit where /bin/sh is bash).
        limits.file_size_kib * 2,
        limits.open_files
    )
}

/// Single-quotes `s` for sh.
fn quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

/// `[unshare -n] sh [-c script]` in `dir`, with a clean environment.
fn shell(script: Option<&str>, dir: &Path) -> Command {
    let mut cmd = match net_prefix().split_first() {
        Some((first, rest)) => {
            let mut c = Command::new(first);
            c.args(rest).arg("sh");
            c
        }
        None => Command::new("sh"),
    };
    if let Some(script) = script {
        cmd.arg("-c").arg(script);
    }
    cmd.current_dir(dir)
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .env("HOME", dir)
        .env("RUST_BACKTRACE", "0");
    cmd
}

/// How much longer than nominal a wall-clock limit runs on this machine now: the one-minute load
/// average per CPU, between 1 and 8. A wall limit is there to stop code that blocks, not to
/// judge speed, so a loaded machine must not turn a correct answer into a timeout.
pub fn load_factor() -> f64 {
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get()) as f64;
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|t| t.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(1.0, |load| (load / cpus).clamp(1.0, 8.0))
}

fn spawn_wait(
    mut cmd: Command,
    program: &Path,
    wall: Duration,
    cap: usize,
    input: Option<&[u8]>,
) -> Result<RunOutput, RepoError> {
    cmd.stdin(if input.is_some() {
        Stdio::piped()
    } else {
        Stdio::null()
    })
    .stdout(Stdio::piped())
    .stderr(Stdio::piped());
    // Its own process group, so a forked grandchild can be killed with the child.
    std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
    let wall = wall.mul_f64(load_factor());
    let start = Instant::now();
    let mut child = cmd
        .spawn()
        .map_err(RepoError::io(format!("cannot run {}", program.display())))?;
    let pid = child.id();
    if let (Some(input), Some(mut stdin)) = (input, child.stdin.take()) {
        // A few bytes into an empty pipe never block; a child that exits without reading them
        // makes this fail, which is its own loss (it never learns what it was given).
        let _ = std::io::Write::write_all(&mut stdin, input);
    }
    let (tx, rx) = std::sync::mpsc::channel();
    for (k, stream) in [
        child
            .stdout
            .take()
            .map(|s| Box::new(s) as Box<dyn Read + Send>),
        child
            .stderr
            .take()
            .map(|s| Box::new(s) as Box<dyn Read + Send>),
    ]
    .into_iter()
    .enumerate()
    {
        let tx = tx.clone();
        let stream = stream.expect("piped");
        std::thread::spawn(move || {
            let _ = tx.send((k, read_capped(stream, cap)));
        });
    }
    drop(tx);

    let mut wall_killed = false;
    let mut nap = Duration::from_micros(100);
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) => {}
            Err(e) => return Err(RepoError::io("cannot wait for the test binary")(e)),
        }
        if start.elapsed() > wall {
            wall_killed = true;
            kill_group(pid);
            let _ = child.kill();
            break child
                .wait()
                .map_err(RepoError::io("cannot wait for the test binary"))?;
        }
        std::thread::sleep(nap);
        nap = (nap * 2).min(Duration::from_millis(5));
    };
    let elapsed = start.elapsed();
    // Whatever the child left behind (a forked grandchild) ends with it.
    kill_group(pid);
    let mut outputs = [(Vec::new(), false), (Vec::new(), false)];
    let mut received = 0;
    while received < 2 {
        match rx.recv_timeout(Duration::from_millis(300)) {
            Ok((k, out)) => {
                outputs[k] = out;
                received += 1;
            }
            // A grandchild still holds the pipes open: end the whole group.
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => kill_group(pid),
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break,
        }
    }
    let [(out, t1), (err, t2)] = outputs;
    use std::os::unix::process::ExitStatusExt;
    Ok(RunOutput {
        code: status.code(),
        signal: status.signal(),
        stdout: String::from_utf8_lossy(&out).into_owned(),
        stderr: String::from_utf8_lossy(&err).into_owned(),
        truncated: t1 || t2,
        wall_killed,
        elapsed,
    })
}

fn read_file_capped(path: &Path, cap: usize) -> (String, bool) {
    match std::fs::File::open(path) {
        Ok(f) => {
            let (bytes, truncated) = read_capped(f, cap);
            (String::from_utf8_lossy(&bytes).into_owned(), truncated)
        }
        Err(_) => (String::new(), false),
    }
}

/// Kills the child's process group (the child made it with `process_group(0)`), so nothing it
/// spawned outlives the run. An already empty group is not an error.
fn kill_group(pid: u32) {
    if let Some(pid) = i32::try_from(pid)
        .ok()
        .and_then(rustix::process::Pid::from_raw)
    {
        let _ = rustix::process::kill_process_group(pid, rustix::process::Signal::KILL);
    }
}

/// Reads up to `cap` bytes, then drains the rest so the child never blocks on a full pipe.
fn read_capped(mut stream: impl Read, cap: usize) -> (Vec<u8>, bool) {
    let mut kept = Vec::new();
    let mut buf = [0u8; 8192];
    let mut truncated = false;
    loop {
        match stream.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => {
                let room = cap.saturating_sub(kept.len());
                if n > room {
                    truncated = true;
                }
                kept.extend_from_slice(&buf[..n.min(room)]);
            }
        }
    }
    (kept, truncated)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A kept directory under `root`, as `kept_dir` makes one under the system temp dir.
    fn kept_under(root: &Path, prefix: &str) -> KeptDir {
        let dir = tempfile::Builder::new()
            .prefix(&format!("verigym-{prefix}-"))
            .tempdir_in(root)
            .unwrap();
        let owner = std::fs::File::create(dir.path().join(OWNER_FILE)).unwrap();
        owner.try_lock().unwrap();
        KeptDir { dir, _owner: owner }
    }

    #[test]
    fn a_sweep_removes_the_kept_dirs_of_dead_owners_only() {
        let root = tempfile::tempdir().unwrap();
        let alive = kept_under(root.path(), "fix");
        let dead = kept_under(root.path(), "fix");
        let other_prefix = kept_under(root.path(), "other");
        let unowned = root.path().join("verigym-fix-unowned");
        std::fs::create_dir(&unowned).unwrap();
        // A process's end drops its lock: here the directory is kept and the lock dropped.
        let KeptDir { dir, _owner } = dead;
        let dead_path = dir.keep();
        drop(_owner);
        let other_path = other_prefix.path().to_path_buf();
        let KeptDir { dir, _owner } = other_prefix;
        let _ = dir.keep();
        drop(_owner);

        sweep_dead(root.path(), "fix");
        assert!(!dead_path.exists(), "the dead owner's directory is removed");
        assert!(
            alive.path().join(OWNER_FILE).exists(),
            "a live owner's stays"
        );
        assert!(unowned.exists(), "one without an owner file stays");
        assert!(other_path.exists(), "another prefix's stays");
    }

    #[test]
    fn a_new_kept_dir_has_a_locked_owner_file() {
        let kept = kept_dir("kept-test").unwrap();
        let owner = std::fs::File::open(kept.path().join(OWNER_FILE)).unwrap();
        assert!(owner.try_lock().is_err(), "locked while the KeptDir lives");
        assert!(!kept.path().join(".verigym-owner.new").exists());
        let path = kept.path().to_path_buf();
        drop(kept);
        assert!(!path.exists(), "removed on drop, like a TempDir");
    }
}
