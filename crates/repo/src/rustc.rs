//! Compiles a schemata file with rustc: build rounds screen out mutants that do not compile (by
//! mapping the compiler's error spans back to mutant arms) until one optimised test build passes.
//!
//! The compiler reads model-written code, so it runs sandboxed like the tests: the toolchain's
//! own `rustc` binary (never a rustup proxy, which would need the user's environment) with an
//! environment of only `PATH`, `HOME` and `TMPDIR`, in a private directory, without network,
//! under CPU, address-space, file-size, output and wall limits ([`CompileLimits`]). Error
//! messages are rebuilt from the diagnostics' plain text and from lines of the generated file
//! only, never from rustc's rendered snippets, which quote any file it read.

use std::collections::BTreeSet;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use super::RepoError;
use super::mutate::Analysis;
use super::sandbox::{self, Limits, RunOutput, TempDir};
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

/// The toolchain's real compiler behind `rustc` (a rustup proxy needs `$RUSTUP_HOME`, `$HOME`
/// and the rest of the user's environment; the binary in the sysroot needs nothing), found once.
fn real_rustc() -> Result<PathBuf, RepoError> {
    static REAL: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    REAL.get_or_init(|| {
        let rustc = find_rustc().map_err(|e| e.to_string())?;
        let sysroot = Command::new(&rustc)
            .args(["--print", "sysroot"])
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()));
        Ok(sysroot
            .map(|s| s.join("bin").join("rustc"))
            .filter(|p| p.is_file())
            .unwrap_or(rustc))
    })
    .clone()
    .map_err(RepoError::RustcMissing)
}

/// Limits on one compiler run. rustc needs about 120 MB and a quarter of a CPU second for a mini
/// repo with a group of candidate fixes; the limits stop answers that turn the compiler against
/// the host (a giant constant, type-level blow-ups) within a few seconds.
#[derive(Clone, Debug)]
pub struct CompileLimits {
    /// CPU seconds of the compiler process (the linker has its own).
    pub cpu_seconds: u32,
    /// Address space of each process, in MiB.
    pub address_space_mib: u64,
    /// Wall-clock limit of the whole run.
    pub wall: Duration,
}

impl Default for CompileLimits {
    /// Generous limits for trusted builds (audits of a user's repo, optimised).
    fn default() -> Self {
        Self {
            cpu_seconds: 60,
            address_space_mib: 4096,
            wall: COMPILE_WALL,
        }
    }
}

impl CompileLimits {
    /// Tight limits for a build holding `answers` model-written fixes: one CPU second plus one
    /// per eight answers (a build of 16 takes under half a second), and a wall limit of four
    /// times that plus two seconds, for a loaded machine.
    pub fn for_answers(answers: usize) -> Self {
        let cpu_seconds = 1 + answers.div_ceil(8) as u32;
        Self {
            cpu_seconds,
            address_space_mib: 1536,
            wall: Duration::from_secs(4 * u64::from(cpu_seconds) + 2),
        }
    }

    fn sandbox(&self) -> Limits {
        Limits {
            cpu_seconds: self.cpu_seconds,
            address_space_mib: self.address_space_mib,
            // The test binary of a mini repo is a few MiB; rustc writes nothing larger.
            file_size_kib: 256 * 1024,
            open_files: 1024,
            wall: self.wall,
            output_cap: 8 << 20,
        }
    }
}

/// The wall limit of one trusted compiler run ([`CompileLimits::default`]).
pub const COMPILE_WALL: Duration = Duration::from_secs(120);

/// Lint levels for every build: as `--cap-lints allow` (mutants and fixes may trip deny-by-default
/// lints such as `arithmetic_overflow` and still run), except that endless constant evaluation
/// stays an error rustc reports itself after about a second, with a span that names the culprit.
/// `-F` (forbid), so an `#[allow]` in the source cannot lift it.
const LINT_FLAGS: &[&str] = &[
    "-A",
    "warnings",
    "-A",
    "ambiguous_associated_items",
    "-A",
    "arithmetic_overflow",
    "-A",
    "bindings_with_variant_name",
    "-A",
    "conflicting_repr_hints",
    "-A",
    "enum_intrinsics_non_enums",
    "-A",
    "ill_formed_attribute_input",
    "-A",
    "invalid_atomic_ordering",
    "-A",
    "invalid_from_utf8_unchecked",
    "-A",
    "invalid_null_arguments",
    "-A",
    "invalid_reference_casting",
    "-A",
    "let_underscore_lock",
    "-A",
    "mutable_transmutes",
    "-A",
    "overflowing_literals",
    "-A",
    "semicolon_in_expressions_from_macros",
    "-A",
    "text_direction_codepoint_in_comment",
    "-A",
    "text_direction_codepoint_in_literal",
    "-A",
    "unconditional_panic",
    "-A",
    "undropped_manually_drops",
    "-A",
    "useless_deprecated",
    "-F",
    "long_running_const_eval",
];

/// Runs rustc sandboxed in `dir`; a run ended by a limit is [`RepoError::CompilerLimit`].
fn run_rustc(
    args: Vec<OsString>,
    dir: &Path,
    limits: &CompileLimits,
) -> Result<RunOutput, RepoError> {
    let rustc = real_rustc()?;
    let out = sandbox::run_compiler(&rustc, &args, dir, &limits.sandbox())?;
    if out.code == Some(125) && out.stdout.is_empty() && out.stderr.is_empty() {
        return Err(RepoError::Io {
            context: "the sandbox could not apply the compiler's limits".into(),
            source: std::io::Error::other("`ulimit` failed"),
        });
    }
    if out.wall_killed || out.signal.is_some() {
        let why = if out.wall_killed {
            format!(
                "did not finish within {} s of wall time",
                limits.wall.as_secs()
            )
        } else if out.signal == Some(24) || out.signal == Some(9) {
            format!("used more than its {} CPU seconds", limits.cpu_seconds)
        } else {
            format!(
                "was killed by signal {} (over {} MiB of memory?)",
                out.signal.unwrap_or(0),
                limits.address_space_mib
            )
        };
        return Err(RepoError::CompilerLimit(format!("rustc {why}")));
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
    compile_limited(
        analysis,
        suite_name,
        suite,
        probes,
        fuel,
        profile,
        &CompileLimits::default(),
    )
}

/// [`compile`] with every compiler run under `limits`; a run ended by a limit is
/// [`RepoError::CompilerLimit`].
pub fn compile_limited(
    analysis: &Analysis,
    suite_name: &str,
    suite: &str,
    probes: &[String],
    fuel: Fuel,
    profile: Profile,
    limits: &CompileLimits,
) -> Result<Build, RepoError> {
    let dir = sandbox::private_dir("build")?;
    let file = dir.path().join("schemata.rs");
    let started = Instant::now();
    let mut enabled: BTreeSet<u32> = analysis.mutants.iter().map(|m| m.ordinal).collect();
    let mut unviable = Vec::new();
    let mut live_probes: Vec<usize> = (0..probes.len()).collect();
    let mut dropped_probes = Vec::new();
    let mut rounds = 0;
    let binary = dir.path().join("tests");
    let deps = dir.path().join("tests.d");
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
        let mut extra: Vec<OsString> = profile.flags().iter().map(OsString::from).collect();
        let mut emit = OsString::from("--emit=link,dep-info=");
        emit.push(&deps);
        extra.extend([emit, "-o".into(), binary.clone().into_os_string()]);
        let errors = rustc_errors(dir.path(), &file, extra, true, limits)?;
        if errors.is_empty() {
            own_source_only(&deps, &file).map_err(|message| RepoError::Compile {
                suite: suite_name.to_owned(),
                message,
            })?;
            break s; // Unplaced mutants were left out of this very build.
        }
        if rounds >= MAX_ROUNDS {
            return Err(compile_error(suite_name, &s, &errors[0]));
        }
        let mut blamed_any = false;
        for err in &errors {
            match blame(&s, err) {
                Blame::Mutants(ords) => {
                    for o in ords {
                        if enabled.remove(&o) {
                            unviable.push(Unviable {
                                ordinal: o,
                                reason: describe(&s, err),
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
                Blame::Nobody => return Err(compile_error(suite_name, &s, err)),
            }
        }
        live_probes.retain(|p| !dropped_probes.contains(p));
        if !blamed_any {
            return Err(compile_error(suite_name, &s, &errors[0]));
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
    let dir = sandbox::private_dir("check")?;
    let file = dir.path().join("lib.rs");
    std::fs::write(&file, source)
        .map_err(RepoError::io(format!("cannot write {}", file.display())))?;
    let mut args: Vec<OsString> = [
        "--edition",
        "2021",
        "--crate-type",
        "lib",
        "--crate-name",
        "verigym_check",
        "--emit=metadata",
        "--error-format=short",
    ]
    .iter()
    .chain(LINT_FLAGS)
    .map(OsString::from)
    .collect();
    args.extend([
        "-o".into(),
        dir.path().join("out.rmeta").into_os_string(),
        file.clone().into_os_string(),
    ]);
    let out = run_rustc(args, dir.path(), &CompileLimits::default())?;
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
    let dir = sandbox::private_dir("check")?;
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
    let extra: Vec<OsString> = vec![
        "--crate-type".into(),
        "lib".into(),
        "--emit=metadata".into(),
        "-o".into(),
        dir.path().join("out.rmeta").into_os_string(),
    ];
    let errors = rustc_errors(dir.path(), &file, extra, false, &CompileLimits::default())?;
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

/// Refuses a build that read any source file but `file`, or any environment variable at compile
/// time (`#[path]` modules, `include_str!`, `env!`): the generated file holds all the code there
/// is, so anything else came from an answer reaching for the host. rustc's dep-info lists both.
fn own_source_only(deps: &Path, file: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(deps)
        .map_err(|e| format!("cannot read the compiler's dep-info: {e}"))?;
    let own = file.to_string_lossy();
    for line in text.lines() {
        if line.starts_with("# env-dep:") {
            return Err("the build read an environment variable at compile time".into());
        }
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        // `target: dep dep…` and `dep:` lines; paths escape spaces as `\ `.
        let deps = line
            .split_once(": ")
            .map_or(line.trim_end_matches(':'), |(_, d)| d);
        let foreign = deps
            .replace("\\ ", "\u{0}")
            .split_whitespace()
            .chain(line.strip_suffix(':'))
            .any(|d| d.replace('\u{0}', " ") != own);
        if foreign {
            return Err("the build read a source file other than the generated one".into());
        }
    }
    Ok(())
}

fn compile_error(suite: &str, s: &Schemata, err: &Diagnostic) -> RepoError {
    RepoError::Compile {
        suite: suite.to_owned(),
        message: describe(s, err),
    }
}

/// The longest compiler message a verdict or error carries.
pub const COMPILE_MESSAGE_CAP: usize = 400;

/// A compiler error told without quoting anything but the generated file's own mutant arms (a
/// candidate fix's code): the diagnostic's plain message, and the arm's line when the primary
/// span lies in an arm. Never rustc's rendered snippets (they quote any file rustc read, and
/// the hidden suite), never a message whose primary span lies in another file.
fn describe(s: &Schemata, err: &Diagnostic) -> String {
    if !err.in_file {
        return "error in a file other than the generated source (not shown)".to_owned();
    }
    let mut text = cap(err.message.trim(), COMPILE_MESSAGE_CAP);
    let at = err.primary.start;
    if let Some((_, arm)) = s.arms.iter().find(|(_, r)| r.contains(&at)) {
        let line_start = s.source[..at]
            .rfind('\n')
            .map_or(0, |i| i + 1)
            .max(arm.start);
        let line_end = s.source[at..]
            .find('\n')
            .map_or(s.source.len(), |i| at + i)
            .min(arm.end);
        if let Some(line) = s.source.get(line_start..line_end) {
            text.push_str("\n  | ");
            text.push_str(&cap(line.trim(), COMPILE_MESSAGE_CAP / 2));
        }
    }
    text
}

/// `text` cut to at most `max` bytes at a char boundary, marked when cut.
fn cap(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_owned();
    }
    let mut cut = max;
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    format!("{} …", &text[..cut])
}

/// One compiler error: its message and every byte offset its spans point at, primary first.
#[derive(Debug)]
struct Diagnostic {
    message: String,
    offsets: Vec<usize>,
    /// The primary span's byte range.
    primary: std::ops::Range<usize>,
    /// Whether the primary span lies in the generated file (not in a file it made rustc read).
    in_file: bool,
}

/// The compiler's errors on `file` (in `dir`), built as a test harness when `test`, with `extra`
/// flags, under `limits`.
fn rustc_errors(
    dir: &Path,
    file: &Path,
    extra: Vec<OsString>,
    test: bool,
    limits: &CompileLimits,
) -> Result<Vec<Diagnostic>, RepoError> {
    let mut args: Vec<OsString> = ["--edition", "2021"]
        .into_iter()
        .chain(test.then_some("--test"))
        .chain([
            "--error-format=json",
            // As `cargo test` does: an overflowing mutant panics instead of wrapping silently.
            "-C",
            "overflow-checks=on",
            "--crate-name",
            "verigym_mutants",
        ])
        .chain(LINT_FLAGS.iter().copied())
        .map(OsString::from)
        .collect();
    args.extend(extra);
    args.push(file.as_os_str().to_owned());
    let out = run_rustc(args, dir, limits)?;
    let stderr = &out.stderr;
    let mut errors = Vec::new();
    let mut spanless = Vec::new();
    let mut foreign = false;
    for line in stderr.lines() {
        let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        if v["level"] != "error" {
            continue;
        }
        let mut offsets = Vec::new();
        collect_offsets(&v, &mut offsets);
        let primary_span = v["spans"]
            .as_array()
            .and_then(|spans| spans.iter().find(|s| s["is_primary"] == true));
        if offsets.is_empty() {
            // "aborting due to N previous errors", a linker failure and the like: told only
            // when nothing else is (below), and only when no span points anywhere: an error in
            // another file quotes that file's tokens.
            let spans = v["spans"].as_array().map_or(0, Vec::len);
            match v["message"].as_str() {
                Some(m) if m.starts_with("aborting due to") => {}
                Some(m) if spans == 0 => spanless.push(cap(m, COMPILE_MESSAGE_CAP / 2)),
                _ => foreign = true,
            }
            continue;
        }
        let in_file = primary_span.is_some_and(is_ours);
        let primary = primary_span
            .filter(|s| is_ours(s))
            .and_then(|s| {
                Some(s["byte_start"].as_u64()? as usize..s["byte_end"].as_u64()? as usize)
            })
            .unwrap_or(offsets[0]..offsets[0]);
        errors.push(Diagnostic {
            primary,
            message: v["message"].as_str().unwrap_or("").to_owned(),
            offsets,
            in_file,
        });
    }
    if errors.is_empty() && !out.success() {
        // No diagnostic with a span: a linker failure or the like. Only the top-level messages
        // are told; the notes under them quote the linker's output, which may quote anything.
        return Err(RepoError::Compile {
            suite: "-".into(),
            message: if foreign {
                "error in a file other than the generated source (not shown)".to_owned()
            } else if spanless.is_empty() {
                format!(
                    "rustc failed without a diagnostic (exit code {:?})",
                    out.code
                )
            } else {
                spanless.join("; ")
            },
        });
    }
    Ok(errors)
}

/// Whether a diagnostic span lies in the generated file.
fn is_ours(span: &serde_json::Value) -> bool {
    span["file_name"]
        .as_str()
        .is_some_and(|f| f.ends_with("schemata.rs"))
}

fn collect_offsets(v: &serde_json::Value, out: &mut Vec<usize>) {
    let spans = v["spans"].as_array().map(Vec::as_slice).unwrap_or(&[]);
    for primary in [true, false] {
        for s in spans.iter().filter(|s| is_ours(s)) {
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
