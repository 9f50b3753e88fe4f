//! The one build of an audit: `cargo test --no-run --message-format=json` on the rewritten copy.
//! A round that fails is read for the errors' spans; an error inside a mutant's arm (or its site)
//! screens that mutant out as unviable, and the next round builds without it. An error nobody's
//! mutant caused is the crate's own, told at the user's file and line from a build of the
//! unmodified copy.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use super::super::RepoError;
use super::super::rustc::Unviable;
use super::super::schemata::Rendered;
use super::inject::{self, FileMutants};
use super::package::{self, Copy, Package};

/// At most this many build rounds.
const MAX_ROUNDS: usize = 20;

/// What to build: cargo's feature flags and target selection.
#[derive(Clone, Debug, Default)]
pub(crate) struct BuildArgs {
    /// `--features`, `--all-features`, `--no-default-features`, `-p`, `--lib`, `--test …`.
    pub args: Vec<String>,
    /// Cargo's target directory.
    pub target_dir: PathBuf,
    /// Stop a build round that takes longer (its process group killed): for builds of code
    /// nobody vetted, such as candidate fixes. `None` waits.
    pub wall: Option<std::time::Duration>,
}

/// A test executable cargo built.
#[derive(Clone, Debug)]
pub(crate) struct TestExe {
    /// `lib` for the unit tests, else `tests/<name>` for the integration test target `name`.
    pub target: String,
    /// The executable.
    pub path: PathBuf,
}

/// The result of the build.
#[derive(Debug)]
pub(crate) struct Built {
    /// The test executables, unit tests first.
    pub exes: Vec<TestExe>,
    /// Each file's rendering in the build that passed.
    pub rendered: Vec<Rendered>,
    /// The mutants in the build.
    pub viable: BTreeSet<u32>,
    /// The mutants screened out.
    pub unviable: Vec<Unviable>,
    /// Build rounds.
    pub rounds: usize,
    /// Whether cargo ran `--offline`.
    pub offline: bool,
}

struct Error {
    file: PathBuf,
    primary: std::ops::Range<usize>,
    offsets: Vec<(PathBuf, usize)>,
    /// Every span's byte range, primary first.
    ranges: Vec<(PathBuf, std::ops::Range<usize>)>,
    message: String,
    rendered: String,
}

/// Builds the copy with every mutant of `files`, screening out the ones that do not compile.
pub(crate) fn build(
    pkg: &Package,
    copy: &Copy,
    files: &[FileMutants],
    args: &BuildArgs,
) -> Result<Built, RepoError> {
    let offline = fetch_offline(copy);
    let mut enabled: BTreeSet<u32> = files
        .iter()
        .flat_map(|f| f.analysis.mutants.iter().map(|m| m.ordinal))
        .collect();
    let mut unviable = Vec::new();
    let paths: Vec<PathBuf> = files.iter().map(|f| copy.map(pkg, &f.file.path)).collect();
    let canonical: Vec<PathBuf> = paths.iter().map(|p| canonical(p)).collect();
    let mut rounds = 0;
    loop {
        rounds += 1;
        let mut rendered = Vec::with_capacity(files.len());
        for (k, f) in files.iter().enumerate() {
            let r = inject::render(f, &enabled, k == 0);
            for &o in &r.unplaced {
                enabled.remove(&o);
                unviable.push(Unviable {
                    ordinal: o,
                    reason: "its site overlaps another site; cannot be placed in the schemata"
                        .into(),
                });
            }
            std::fs::write(&paths[k], &r.source).map_err(RepoError::io(format!(
                "cannot write {}",
                paths[k].display()
            )))?;
            rendered.push(r);
        }
        let (exes, errors) = cargo_test_no_run(pkg, copy, args, offline)?;
        if errors.is_empty() {
            unviable.sort_by_key(|u| u.ordinal);
            return Ok(Built {
                exes: order(exes),
                rendered,
                viable: enabled,
                unviable,
                rounds,
                offline,
            });
        }
        let mut blamed: BTreeMap<u32, String> = BTreeMap::new();
        for e in &errors {
            let Some(k) = canonical.iter().position(|c| *c == canonical_of(&e.file)) else {
                continue;
            };
            let diverging = |o: u32| {
                files[k]
                    .analysis
                    .mutants
                    .iter()
                    .find(|m| m.ordinal == o)
                    .is_some_and(removes_a_diverging_tail)
            };
            for o in blame(&rendered[k], e, &canonical, k, &diverging) {
                blamed.entry(o).or_insert_with(|| e.message.clone());
            }
        }
        if blamed.is_empty() || rounds >= MAX_ROUNDS {
            // Nobody's mutant: the crate itself, or the instrumentation. A build of the
            // unmodified copy tells which, at the user's own file and line.
            for (k, f) in files.iter().enumerate() {
                std::fs::write(&paths[k], &f.file.source).map_err(RepoError::io(format!(
                    "cannot write {}",
                    paths[k].display()
                )))?;
            }
            let (_, plain) = cargo_test_no_run(pkg, copy, args, offline)?;
            let (e, whose) = match plain.first() {
                Some(e) => (e, "the crate does not compile"),
                None => (
                    &errors[0],
                    "the instrumented crate does not compile (a verigym bug; please report it)",
                ),
            };
            return Err(RepoError::Compile {
                suite: pkg.name.clone(),
                message: format!("{whose}: {}", user_facing(e, pkg, copy)),
            });
        }
        for (o, reason) in blamed {
            if enabled.remove(&o) {
                unviable.push(Unviable { ordinal: o, reason });
            }
        }
    }
}

/// Unit tests first, then integration tests by name.
fn order(mut exes: Vec<TestExe>) -> Vec<TestExe> {
    exes.sort_by(|a, b| (a.target != "lib", &a.target).cmp(&(b.target != "lib", &b.target)));
    exes.dedup_by(|a, b| a.path == b.path);
    exes
}

fn canonical(p: &Path) -> PathBuf {
    p.canonicalize().unwrap_or_else(|_| p.to_path_buf())
}

fn canonical_of(p: &Path) -> PathBuf {
    canonical(p)
}

/// An error told at the user's path: the copy's directory replaced by the original's.
fn user_facing(e: &Error, pkg: &Package, copy: &Copy) -> String {
    let copy_root = copy.workspace_root.to_string_lossy().into_owned();
    let user_root = pkg.workspace_root.to_string_lossy().into_owned();
    let text = if e.rendered.is_empty() {
        e.message.clone()
    } else {
        e.rendered.clone()
    };
    let text = text.replace(&copy_root, &user_root);
    text.trim_end().to_owned()
}

/// The mutants an error blames: the one whose arm holds a span (primary first), else the arms
/// the primary span covers, else every mutant of the innermost site holding it.
fn blame(
    r: &Rendered,
    e: &Error,
    canonical: &[PathBuf],
    k: usize,
    diverging: &dyn Fn(u32) -> bool,
) -> Vec<u32> {
    for (file, off) in &e.offsets {
        if canonical_of(file) != canonical[k] {
            continue;
        }
        if let Some((o, _)) = r.arms.iter().find(|(_, a)| a.contains(off)) {
            return vec![*o];
        }
    }
    let covered: Vec<u32> = r
        .arms
        .iter()
        .filter(|(_, a)| e.primary.start <= a.start && a.end <= e.primary.end)
        .map(|(o, _)| *o)
        .collect();
    if !covered.is_empty() {
        return covered;
    }
    // The primary span first, then the others: a type mismatch is often reported at the code
    // that expected the type (outside every site), with a secondary span on the site that
    // changed it.
    let here = (e.file.clone(), e.primary.start);
    std::iter::once(&here)
        .chain(&e.offsets)
        .filter(|(file, _)| canonical_of(file) == canonical[k])
        .find_map(|(_, off)| {
            r.sites
                .iter()
                .filter(|(s, _)| s.contains(off))
                .min_by_key(|(s, _)| s.len())
                .map(|(_, ords)| ords.clone())
        })
        .unwrap_or_else(|| {
            // Removing the `return`/`break` that ends a block changes the block's type from `!`
            // to `()`, and the schemata's `match` keeps that type even in the original arm: the
            // error then lands on the code that used the block's value, with a secondary span
            // over the block.
            // Likewise a removed `return` lets a moved value reach a later use: the spans then
            // surround the removal. So: the removals between the error's outermost spans.
            let spans: Vec<&std::ops::Range<usize>> = e
                .ranges
                .iter()
                .filter(|(file, _)| canonical_of(file) == canonical[k])
                .map(|(_, span)| span)
                .collect();
            let (Some(lo), Some(hi)) = (
                spans.iter().map(|s| s.start).min(),
                spans.iter().map(|s| s.end).max(),
            ) else {
                return Vec::new();
            };
            r.sites
                .iter()
                .filter(|(s, _)| lo <= s.start && s.end <= hi)
                .flat_map(|(_, ords)| ords.iter().copied())
                .filter(|&o| diverging(o))
                .collect::<BTreeSet<u32>>()
                .into_iter()
                .collect()
        })
}

/// Whether a mutant removes a diverging statement (`return`, `break`, `continue`, a panicking
/// macro) that ends its block.
fn removes_a_diverging_tail(m: &super::super::mutate::Mutant) -> bool {
    use super::super::mutate::Operator;
    let text = m.original.trim_start();
    m.operator == Operator::StatementRemoval
        && [
            "return",
            "break",
            "continue",
            "panic!",
            "unreachable!",
            "todo!",
            "unimplemented!",
        ]
        .iter()
        .any(|k| text.starts_with(k))
}

/// Whether every dependency is already in cargo's cache: then the builds run `--offline`.
fn fetch_offline(copy: &Copy) -> bool {
    package::cargo()
        .args(["fetch", "--offline", "--manifest-path"])
        .arg(copy.workspace_root.join("Cargo.toml"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// One `cargo test --no-run`: the package's test executables, or its errors.
fn cargo_test_no_run(
    pkg: &Package,
    copy: &Copy,
    args: &BuildArgs,
    offline: bool,
) -> Result<(Vec<TestExe>, Vec<Error>), RepoError> {
    let mut cmd = package::cargo();
    cmd.args([
        "test",
        "--no-run",
        "--message-format=json",
        "--manifest-path",
    ])
    .arg(copy.package_dir.join("Cargo.toml"))
    .args(&args.args)
    .env("CARGO_TARGET_DIR", &args.target_dir)
    // Colour codes would end up in the rendered messages.
    .env("CARGO_TERM_COLOR", "never");
    if offline {
        cmd.arg("--offline");
    }
    let out = match args.wall {
        None => cmd
            .output()
            .map_err(RepoError::io("cannot run `cargo test --no-run`"))?,
        Some(wall) => output_within(cmd, wall)?,
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    let mut exes = Vec::new();
    let mut errors = Vec::new();
    for line in stdout.lines() {
        let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        match v["reason"].as_str() {
            Some("compiler-artifact")
                if v["target"]["src_path"]
                    .as_str()
                    .is_some_and(|p| Path::new(p).starts_with(&copy.package_dir)) =>
            {
                let Some(exe) = v["executable"].as_str() else {
                    continue;
                };
                if v["profile"]["test"] != true {
                    continue;
                }
                let kinds = v["target"]["kind"].as_array().cloned().unwrap_or_default();
                let target = if kinds.iter().any(|k| k == "test") {
                    // Its own namespace: an integration test may be named `lib`.
                    format!("tests/{}", v["target"]["name"].as_str().unwrap_or("test"))
                } else if kinds
                    .iter()
                    .any(|k| k == "bin" || k == "example" || k == "bench")
                {
                    continue; // Only the library's unit tests and the integration tests count.
                } else {
                    "lib".to_owned()
                };
                exes.push(TestExe {
                    target,
                    path: PathBuf::from(exe),
                });
            }
            Some("compiler-message") if v["message"]["level"] == "error" => {
                let m = &v["message"];
                let spans = m["spans"].as_array().cloned().unwrap_or_default();
                let resolve = |f: &str| {
                    let p = PathBuf::from(f);
                    if p.is_absolute() {
                        p
                    } else {
                        copy.workspace_root.join(p)
                    }
                };
                let primary = spans.iter().find(|s| s["is_primary"] == true);
                let mut offsets = Vec::new();
                let mut ranges = Vec::new();
                collect(m, &resolve, &mut offsets, &mut ranges);
                errors.push(Error {
                    file: primary
                        .and_then(|s| s["file_name"].as_str())
                        .map(resolve)
                        .unwrap_or_default(),
                    primary: primary
                        .and_then(|s| {
                            Some(
                                s["byte_start"].as_u64()? as usize
                                    ..s["byte_end"].as_u64()? as usize,
                            )
                        })
                        .unwrap_or(0..0),
                    offsets,
                    ranges,
                    message: m["message"].as_str().unwrap_or("").to_owned(),
                    rendered: m["rendered"].as_str().unwrap_or("").to_owned(),
                });
            }
            _ => {}
        }
    }
    if !out.status.success() && errors.is_empty() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        return Err(RepoError::Compile {
            suite: pkg.name.clone(),
            message: format!("`cargo test --no-run` failed: {}", stderr.trim()),
        });
    }
    Ok((exes, errors))
}

fn collect(
    m: &serde_json::Value,
    resolve: &dyn Fn(&str) -> PathBuf,
    out: &mut Vec<(PathBuf, usize)>,
    ranges: &mut Vec<(PathBuf, std::ops::Range<usize>)>,
) {
    let spans = m["spans"].as_array().cloned().unwrap_or_default();
    for primary in [true, false] {
        for s in &spans {
            if s["is_primary"].as_bool() == Some(primary)
                && let (Some(f), Some(b)) = (s["file_name"].as_str(), s["byte_start"].as_u64())
            {
                out.push((resolve(f), b as usize));
                let end = s["byte_end"].as_u64().map_or(b as usize, |e| e as usize);
                ranges.push((resolve(f), b as usize..end));
            }
        }
    }
    for child in m["children"].as_array().into_iter().flatten() {
        collect(child, resolve, out, ranges);
    }
}

/// Runs `cmd` in its own process group, its output collected, and kills the group at `wall`.
fn output_within(
    mut cmd: std::process::Command,
    wall: std::time::Duration,
) -> Result<std::process::Output, RepoError> {
    use std::io::Read;
    use std::os::unix::process::CommandExt;
    use std::process::Stdio;
    cmd.process_group(0)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd
        .spawn()
        .map_err(RepoError::io("cannot run `cargo test --no-run`"))?;
    let pid = child.id();
    // Readers on their own threads: a full pipe must not stall the build we wait for.
    let mut out_pipe = child.stdout.take().expect("piped");
    let mut err_pipe = child.stderr.take().expect("piped");
    let out_reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = out_pipe.read_to_end(&mut v);
        v
    });
    let err_reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = err_pipe.read_to_end(&mut v);
        v
    });
    let deadline = std::time::Instant::now() + wall;
    let status = loop {
        if let Some(status) = child
            .try_wait()
            .map_err(RepoError::io("cannot wait for cargo"))?
        {
            break status;
        }
        if std::time::Instant::now() >= deadline {
            if let Some(group) = rustix::process::Pid::from_raw(pid as i32) {
                let _ = rustix::process::kill_process_group(group, rustix::process::Signal::KILL);
            }
            let _ = child.wait();
            return Err(RepoError::CompilerLimit(format!(
                "the build took longer than {} s",
                wall.as_secs()
            )));
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    Ok(std::process::Output {
        status,
        stdout: out_reader.join().unwrap_or_default(),
        stderr: err_reader.join().unwrap_or_default(),
    })
}
