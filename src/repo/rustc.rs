//! Compiles a schemata file with rustc: build rounds screen out mutants that do not compile (by
//! mapping the compiler's error spans back to mutant arms) until one optimised test build passes.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use super::RepoError;
use super::mutate::Analysis;
use super::sandbox::{self, RunOutput, TempDir};
use super::schemata::{self, Fuel, Schemata};

/// At most this many build rounds before giving up; each round drops every mutant blamed.
const MAX_ROUNDS: usize = 8;

/// Finds rustc: `$RUSTC` when set, else the first `rustc` on `PATH`.
pub fn find_rustc() -> Result<PathBuf, RepoError> {
    if let Some(path) = std::env::var_os("RUSTC") {
        let path = PathBuf::from(path);
        return if path.is_file() || which(&path).is_some() {
            Ok(path)
        } else {
            Err(RepoError::RustcMissing(format!(
                "$RUSTC is {} but no such file exists",
                path.display()
            )))
        };
    }
    which(Path::new("rustc"))
        .ok_or_else(|| RepoError::RustcMissing("no `rustc` on PATH and $RUSTC is unset".into()))
}

fn which(name: &Path) -> Option<PathBuf> {
    if name.components().count() > 1 {
        return name.is_file().then(|| name.to_path_buf());
    }
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
}

/// How to build the test binary. Both keep overflow checks on and debug assertions off, so a
/// mutant behaves alike in either; they trade compile time against run time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Profile {
    /// `-O`: slower to build, faster to run; for audits, which run every mutant.
    #[default]
    Optimized,
    /// No optimisation, no debug info: half the build time; for a few runs, such as a group of
    /// candidate fixes.
    Quick,
}

impl Profile {
    fn flags(self) -> &'static [&'static str] {
        match self {
            Profile::Optimized => &["-O", "-C", "debug-assertions=off"],
            Profile::Quick => &[
                "-C",
                "opt-level=0",
                "-C",
                "debuginfo=0",
                "-C",
                "debug-assertions=off",
            ],
        }
    }
}

/// The longest one compiler run may take. A build of a mini repo takes under 2 s; only an
/// endless loop in constant evaluation (which `--cap-lints allow` no longer stops) comes near.
pub const COMPILE_WALL: Duration = Duration::from_secs(30);

/// Runs rustc under [`COMPILE_WALL`]; an overrun is a compile error that says so.
fn run_rustc(cmd: Command, rustc: &Path) -> Result<RunOutput, RepoError> {
    let out = sandbox::run_tool(cmd, rustc, COMPILE_WALL)?;
    if out.wall_killed {
        return Err(RepoError::Compile {
            suite: "-".into(),
            message: format!(
                "rustc did not finish within {} s (an endless loop in constant evaluation?)",
                COMPILE_WALL.as_secs()
            ),
        });
    }
    Ok(out)
}

/// A mutant screened out by the compiler.
#[derive(Clone, Debug)]
pub struct Unviable {
    /// The mutant's ordinal.
    pub ordinal: u32,
    /// The compiler's message that blamed it (first line).
    pub reason: String,
}

/// A compiled test binary with every viable mutant inside.
#[derive(Debug)]
pub struct Build {
    /// The test binary.
    pub binary: PathBuf,
    /// The schemata it was built from.
    pub schemata: Schemata,
    /// The mutants that were included (viable).
    pub viable: BTreeSet<u32>,
    /// The mutants screened out.
    pub unviable: Vec<Unviable>,
    /// Probe indices (into the probes given) that did not compile and were dropped.
    pub dropped_probes: Vec<usize>,
    /// Compiler runs: each failing one screened out the mutants it blamed; the last one built.
    pub rounds: usize,
    /// Wall time of all compiler runs.
    pub compile_time: Duration,
    _dir: TempDir,
}

/// Builds the test binary for `analysis` with `suite` (a module body) and `probes`.
///
/// Mutants that do not type-check are dropped and reported as unviable; an error in the original
/// library or the suite is [`RepoError::Compile`].
pub fn compile(
    analysis: &Analysis,
    suite_name: &str,
    suite: &str,
    probes: &[String],
    fuel: Fuel,
    profile: Profile,
) -> Result<Build, RepoError> {
    let rustc = find_rustc()?;
    let dir = TempDir::new("build")?;
    let file = dir.path().join("schemata.rs");
    let started = Instant::now();
    let mut enabled: BTreeSet<u32> = analysis.mutants.iter().map(|m| m.ordinal).collect();
    let mut unviable = Vec::new();
    let mut live_probes: Vec<usize> = (0..probes.len()).collect();
    let mut dropped_probes = Vec::new();
    let mut rounds = 0;
    let binary = dir.path().join("tests");
    let schemata = loop {
        rounds += 1;
        let probe_texts: Vec<String> = live_probes.iter().map(|&i| probes[i].clone()).collect();
        let s = schemata::build(analysis, &enabled, suite, &probe_texts, fuel);
        for &o in &s.unplaced {
            enabled.remove(&o);
            unviable.push(Unviable {
                ordinal: o,
                reason: "its site overlaps another site; cannot be placed in the schemata".into(),
            });
        }
        std::fs::write(&file, &s.source)
            .map_err(RepoError::io(format!("cannot write {}", file.display())))?;
        // Every round is a full build: when it fails, it fails at type-checking, as fast as a
        // metadata-only check would, and the round that succeeds is the build itself.
        let output = binary.to_string_lossy();
        let mut extra: Vec<&str> = profile.flags().to_vec();
        extra.extend(["-o", &output]);
        let errors = rustc_errors(&rustc, &file, &extra)?;
        if errors.is_empty() {
            break s; // Unplaced mutants were left out of this very build.
        }
        if rounds >= MAX_ROUNDS {
            return Err(compile_error(suite_name, &errors[0]));
        }
        let mut blamed_any = false;
        for err in &errors {
            match blame(&s, err) {
                Blame::Mutants(ords) => {
                    for o in ords {
                        if enabled.remove(&o) {
                            unviable.push(Unviable {
                                ordinal: o,
                                reason: err.message.clone(),
                            });
                        }
                        blamed_any = true;
                    }
                }
                Blame::Probe(k) => {
                    let original = live_probes[k];
                    if !dropped_probes.contains(&original) {
                        dropped_probes.push(original);
                    }
                    blamed_any = true;
                }
                Blame::Nobody => return Err(compile_error(suite_name, err)),
            }
        }
        live_probes.retain(|p| !dropped_probes.contains(p));
        if !blamed_any {
            return Err(compile_error(suite_name, &errors[0]));
        }
    };
    unviable.sort_by_key(|u| u.ordinal);
    dropped_probes.sort_unstable();
    Ok(Build {
        binary,
        schemata,
        viable: enabled,
        unviable,
        dropped_probes,
        rounds,
        compile_time: started.elapsed(),
        _dir: dir,
    })
}

/// Type-checks `source` alone, as a library crate with no schemata around it: `None` when it
/// compiles, else the first error. The schemata can accept a mutant that does not compile on its
/// own: every `match` keeps the original arm, which still constrains inference outside the site
/// (a removed `words.push(w)` leaves `let mut words = Vec::new()` untyped only in the real file).
pub fn check_alone(source: &str) -> Result<Option<String>, RepoError> {
    let rustc = find_rustc()?;
    let dir = TempDir::new("check")?;
    let file = dir.path().join("lib.rs");
    std::fs::write(&file, source)
        .map_err(RepoError::io(format!("cannot write {}", file.display())))?;
    let mut cmd = Command::new(&rustc);
    cmd.args([
        "--edition",
        "2021",
        "--crate-type",
        "lib",
        "--crate-name",
        "verigym_check",
        "--emit=metadata",
        "--cap-lints",
        "allow",
        "--error-format=short",
        "-o",
    ])
    .arg(dir.path().join("out.rmeta"))
    .arg(&file);
    let out = run_rustc(cmd, &rustc)?;
    if out.success() {
        return Ok(None);
    }
    let stderr = &out.stderr;
    let first = stderr
        .lines()
        .find(|l| l.contains("error"))
        .unwrap_or("rustc failed")
        .trim();
    // Short errors start with the temporary file's path; the file is the library.
    let first = first
        .strip_prefix(&*file.to_string_lossy())
        .map_or(first.to_owned(), |rest| format!("src/lib.rs{rest}"));
    Ok(Some(first))
}

/// [`check_alone`] for many sources with one compiler run: each source becomes a module of one
/// file, and an error is charged to the module its primary span falls in. A module with errors
/// is then checked alone, so the wrapping can never make a source look broken that is not.
pub fn check_alone_batch(sources: &[String]) -> Result<Vec<Option<String>>, RepoError> {
    if sources.is_empty() {
        return Ok(Vec::new());
    }
    let rustc = find_rustc()?;
    let dir = TempDir::new("check")?;
    let file = dir.path().join("schemata.rs"); // the name diagnostics are read from
    let mut text = String::new();
    let mut ranges = Vec::with_capacity(sources.len());
    for (i, source) in sources.iter().enumerate() {
        text.push_str(&format!("pub mod __vg_alone_{i} {{\n"));
        let start = text.len();
        text.push_str(source);
        ranges.push(start..text.len());
        text.push_str("\n}\n");
    }
    std::fs::write(&file, &text)
        .map_err(RepoError::io(format!("cannot write {}", file.display())))?;
    let out = dir.path().join("out.rmeta");
    let extra = [
        "--crate-type",
        "lib",
        "--emit=metadata",
        "-o",
        &*out.to_string_lossy(),
    ];
    let errors = rustc_errors_as(&rustc, &file, &extra, false)?;
    let mut suspects = BTreeSet::new();
    for err in &errors {
        match ranges.iter().position(|r| r.contains(&err.primary.start)) {
            Some(i) => {
                suspects.insert(i);
            }
            // An error outside every module (it cannot happen with well-formed sources): check
            // every source alone rather than guess.
            None => suspects.extend(0..sources.len()),
        }
    }
    let mut verdicts = vec![None; sources.len()];
    for i in suspects {
        verdicts[i] = check_alone(&sources[i])?;
    }
    Ok(verdicts)
}

fn compile_error(suite: &str, err: &Diagnostic) -> RepoError {
    RepoError::Compile {
        suite: suite.to_owned(),
        message: err.rendered.clone(),
    }
}

/// One compiler error: its message and every byte offset its spans point at, primary first.
#[derive(Debug)]
struct Diagnostic {
    message: String,
    rendered: String,
    offsets: Vec<usize>,
    /// The primary span's byte range.
    primary: std::ops::Range<usize>,
}

fn rustc_errors(rustc: &Path, file: &Path, extra: &[&str]) -> Result<Vec<Diagnostic>, RepoError> {
    rustc_errors_as(rustc, file, extra, true)
}

/// The compiler's errors on `file`, built as a test harness when `test`, else as `extra` says.
fn rustc_errors_as(
    rustc: &Path,
    file: &Path,
    extra: &[&str],
    test: bool,
) -> Result<Vec<Diagnostic>, RepoError> {
    let mut cmd = Command::new(rustc);
    cmd.args(["--edition", "2021"])
        .args(test.then_some("--test"))
        .args([
            "--error-format=json",
            "--cap-lints",
            "allow",
            // As `cargo test` does: an overflowing mutant panics instead of wrapping silently.
            "-C",
            "overflow-checks=on",
            "--crate-name",
            "verigym_mutants",
        ])
        .args(extra)
        .arg(file)
        .env("RUST_BACKTRACE", "0");
    let out = run_rustc(cmd, rustc)?;
    let stderr = &out.stderr;
    let mut errors = Vec::new();
    for line in stderr.lines() {
        let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        if v["level"] != "error" {
            continue;
        }
        let mut offsets = Vec::new();
        collect_offsets(&v, &mut offsets);
        if offsets.is_empty() {
            continue; // "aborting due to N previous errors" and the like
        }
        let primary = v["spans"]
            .as_array()
            .and_then(|spans| spans.iter().find(|s| s["is_primary"] == true))
            .and_then(|s| {
                Some(s["byte_start"].as_u64()? as usize..s["byte_end"].as_u64()? as usize)
            })
            .unwrap_or(offsets[0]..offsets[0]);
        errors.push(Diagnostic {
            primary,
            message: v["message"].as_str().unwrap_or("").to_owned(),
            rendered: v["rendered"].as_str().unwrap_or("").trim_end().to_owned(),
            offsets,
        });
    }
    if errors.is_empty() && !out.success() {
        return Err(RepoError::Compile {
            suite: file.display().to_string(),
            message: stderr.lines().take(20).collect::<Vec<_>>().join("\n"),
        });
    }
    Ok(errors)
}

fn collect_offsets(v: &serde_json::Value, out: &mut Vec<usize>) {
    let spans = v["spans"].as_array().map(Vec::as_slice).unwrap_or(&[]);
    let ours = |s: &&serde_json::Value| {
        s["file_name"]
            .as_str()
            .is_some_and(|f| f.ends_with("schemata.rs"))
    };
    for primary in [true, false] {
        for s in spans.iter().filter(ours) {
            if s["is_primary"].as_bool() == Some(primary)
                && let Some(b) = s["byte_start"].as_u64()
            {
                out.push(b as usize);
            }
        }
    }
    for child in v["children"].as_array().map(Vec::as_slice).unwrap_or(&[]) {
        collect_offsets(child, out);
    }
}

enum Blame {
    Mutants(Vec<u32>),
    Probe(usize),
    Nobody,
}

/// Who an error belongs to: the mutant whose arm holds one of its spans (primary first), else
/// the innermost site holding the primary span (all its mutants), else a probe.
fn blame(s: &Schemata, err: &Diagnostic) -> Blame {
    for &off in &err.offsets {
        if let Some((o, _)) = s.arms.iter().find(|(_, r)| r.contains(&off)) {
            return Blame::Mutants(vec![*o]);
        }
    }
    // A span covering whole arms (a block that no longer diverges, say) blames those arms.
    let covered: Vec<u32> = s
        .arms
        .iter()
        .filter(|(_, r)| err.primary.start <= r.start && r.end <= err.primary.end)
        .map(|(o, _)| *o)
        .collect();
    if !covered.is_empty() {
        return Blame::Mutants(covered);
    }
    let primary = err.offsets[0];
    if let Some((_, ords)) = s
        .sites
        .iter()
        .filter(|(r, _)| r.contains(&primary))
        .min_by_key(|(r, _)| r.len())
    {
        return Blame::Mutants(ords.clone());
    }
    if let Some((k, _)) = s.probes.iter().find(|(_, r)| r.contains(&primary)) {
        return Blame::Probe(*k);
    }
    Blame::Nobody
}
