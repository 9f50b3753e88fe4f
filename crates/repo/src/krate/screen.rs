//! The per-answer compile-cost screen: before a group's shared build, each distinct answer is
//! type-checked alone (`cargo check` of the library with only its fixes applied, in a copy of its
//! own), and an answer whose check outlasts the limit is judged a compile error without entering
//! the shared build. Without it, one answer whose types double thirty times held every sibling's
//! build for a minute, then again in each half it was bisected into.
//!
//! The limit is a multiple of the unmodified library's own check time, measured once per process,
//! so a fix that type-checks in the time a crate's realistic code takes always passes, and a
//! type-level bomb (which costs seconds to minutes even to check) never reaches the build. The
//! screen runs for one answer alone as for a group, so a verdict alone is a verdict in a group.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use super::super::RepoError;
use super::compile::output_within;
use super::fixes::Replacement;
use super::package::{self, Copy, Package};

/// The shortest limit of one answer's check, on an idle machine (stretched by the load factor):
/// far above what a small crate's check takes (heck and thunderdome check in 0.1 to 0.3 s), and
/// a bomb is cut off in seconds.
const MIN_CHECK: Duration = Duration::from_secs(2);

/// An answer's check may take this many times the unmodified library's.
const CHECK_FACTOR: u32 = 4;

/// One copy of the crate an answer is checked in, with its own target directory.
struct Slot {
    copy: Copy,
    target_dir: PathBuf,
}

/// The copies of one crate and the unmodified library's check time.
struct Slots {
    /// Holds the copies; removed when the process ends (see `sandbox::KeptDir`).
    _dir: super::super::sandbox::KeptDir,
    free: Mutex<Vec<Slot>>,
    baseline: Duration,
}

/// Every crate's screen copies in this process, by source directory.
static SLOTS: OnceLock<Mutex<BTreeMap<PathBuf, Arc<Slots>>>> = OnceLock::new();

/// Removes this process's screen copies, for a process about to end (see
/// `fixes::release_workspaces`).
pub(crate) fn release() {
    if let Some(all) = SLOTS.get() {
        std::mem::take(&mut *all.lock().unwrap_or_else(|e| e.into_inner()));
    }
}

/// The cargo arguments of a library check: the catalog's package and feature selection, then
/// `--lib` (the answers are library code; target selection is the build's business).
fn check_args(cargo_args: &[String]) -> Vec<String> {
    let mut out = vec!["check".to_owned(), "--lib".to_owned()];
    let mut args = cargo_args.iter();
    while let Some(a) = args.next() {
        match a.as_str() {
            "-p" | "--package" | "--features" | "-F" => {
                out.push(a.clone());
                if let Some(v) = args.next() {
                    out.push(v.clone());
                }
            }
            "--no-default-features" | "--all-features" => out.push(a.clone()),
            other if other.starts_with("--features=") || other.starts_with("--package=") => {
                out.push(a.clone());
            }
            _ => {}
        }
    }
    out
}

/// Runs `cargo check` in `slot` within `wall`; false only for a check that outlasted it.
fn check(slot: &Slot, cargo_args: &[String], wall: Duration) -> bool {
    let mut cmd = package::cargo();
    cmd.args(check_args(cargo_args))
        .arg("--quiet")
        .arg("--manifest-path")
        .arg(slot.copy.package_dir.join("Cargo.toml"))
        .env("CARGO_TARGET_DIR", &slot.target_dir)
        .env("CARGO_TERM_COLOR", "never");
    // A check that cannot run at all says nothing of the answer's cost: the build decides.
    !matches!(output_within(cmd, wall), Err(RepoError::CompilerLimit(_)))
}

/// The screen copies of the crate `pkg` (source `source_dir`), made and measured on first use.
fn slots(pkg: &Package, source_dir: &Path, cargo_args: &[String]) -> Result<Arc<Slots>, RepoError> {
    let all = SLOTS.get_or_init(Mutex::default);
    let mut all = all.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(s) = all.get(source_dir) {
        return Ok(Arc::clone(s));
    }
    let dir = super::super::sandbox::kept_dir("screen")?;
    let n = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut free = Vec::with_capacity(n);
    for k in 0..n {
        let copy = package::copy(pkg, &dir.path().join(format!("copy-{k}")))?;
        free.push(Slot {
            copy,
            target_dir: dir.path().join(format!("target-{k}")),
        });
    }
    // The first check builds what the library depends on; the second, after a touch of its
    // root, is what an answer's check costs.
    let first = &free[0];
    let generous = Duration::from_secs(600);
    check(first, cargo_args, generous);
    let root = first.copy.map(pkg, &pkg.lib_root);
    let text = std::fs::read_to_string(&root)
        .map_err(RepoError::io(format!("cannot read {}", root.display())))?;
    write(&root, &format!("{text}\n"))?;
    let start = Instant::now();
    check(first, cargo_args, generous);
    let baseline = start.elapsed();
    write(&root, &text)?;
    for s in &free[1..] {
        check(s, cargo_args, generous);
    }
    let slots = Arc::new(Slots {
        _dir: dir,
        free: Mutex::new(free),
        baseline,
    });
    all.insert(source_dir.to_path_buf(), Arc::clone(&slots));
    Ok(slots)
}

fn write(path: &Path, text: &str) -> Result<(), RepoError> {
    std::fs::write(path, text).map_err(RepoError::io(format!("cannot write {}", path.display())))
}

/// The limit of one answer's check: [`CHECK_FACTOR`] times the unmodified library's check, at
/// least [`MIN_CHECK`], stretched by the machine's load.
fn limit(baseline: Duration) -> Duration {
    (baseline * CHECK_FACTOR)
        .max(MIN_CHECK)
        .mul_f64(super::super::sandbox::load_factor())
}

/// Screens each answer (its replacements, in `files` = the buggy files as (path relative to the
/// package directory, buggy text)): `Some(reason)` for an answer whose check alone outlasts the
/// limit, `None` for the rest (which may still not compile: the build tells that by its errors).
pub(crate) fn screen(
    pkg: &Package,
    source_dir: &Path,
    cargo_args: &[String],
    files: &[(&str, &str)],
    answers: &[&[Replacement]],
) -> Result<Vec<Option<String>>, RepoError> {
    if answers.is_empty() {
        return Ok(Vec::new());
    }
    let slots = slots(pkg, source_dir, cargo_args)?;
    let wall = limit(slots.baseline);
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<String>>> = Mutex::new(vec![None; answers.len()]);
    let workers = slots
        .free
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .len()
        .min(answers.len());
    let failure: Mutex<Option<RepoError>> = Mutex::new(None);
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| {
                let Some(slot) = slots.free.lock().unwrap_or_else(|e| e.into_inner()).pop() else {
                    return;
                };
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(answer) = answers.get(i) else { break };
                    match screen_one(pkg, &slot, cargo_args, files, answer, wall) {
                        Ok(r) => results.lock().unwrap_or_else(|e| e.into_inner())[i] = r,
                        Err(e) => {
                            failure
                                .lock()
                                .unwrap_or_else(|e| e.into_inner())
                                .get_or_insert(e);
                        }
                    }
                }
                slots
                    .free
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push(slot);
            });
        }
    });
    if let Some(e) = failure.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    Ok(results.into_inner().unwrap_or_else(|e| e.into_inner()))
}

/// Writes the buggy files with `answer`'s fixes applied into `slot` and checks it.
fn screen_one(
    pkg: &Package,
    slot: &Slot,
    cargo_args: &[String],
    files: &[(&str, &str)],
    answer: &[Replacement],
    wall: Duration,
) -> Result<Option<String>, RepoError> {
    for (k, (rel, buggy)) in files.iter().enumerate() {
        let mut text = (*buggy).to_owned();
        let functions = super::fixes::functions(buggy, rel)?;
        // From the last span back, so earlier spans stay where they are.
        let mut spans: Vec<(std::ops::Range<usize>, &str)> = answer
            .iter()
            .filter(|r| r.file == k)
            .filter_map(|r| {
                let f = functions.iter().find(|f| f.name == r.function)?;
                Some((f.span.clone(), r.item.as_str()))
            })
            .collect();
        spans.sort_by_key(|(s, _)| std::cmp::Reverse(s.start));
        for (span, item) in spans {
            text.replace_range(span, item);
        }
        write(&slot.copy.map(pkg, &pkg.dir.join(rel)), &text)?;
    }
    let within = check(slot, cargo_args, wall);
    // The copy goes back unmodified: the next problem's bugs may be in other files.
    for (rel, _) in files {
        let original = pkg.dir.join(rel);
        let text = std::fs::read_to_string(&original)
            .map_err(RepoError::io(format!("cannot read {}", original.display())))?;
        write(&slot.copy.map(pkg, &original), &text)?;
    }
    Ok((!within).then(|| {
        format!(
            "over the compile-cost limit: type-checking the crate with this fix alone took \
             longer than {:.1} s ({CHECK_FACTOR}x the unmodified crate's check, at least {} s)",
            wall.as_secs_f64(),
            MIN_CHECK.as_secs()
        )
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_check_keeps_the_package_and_features_and_drops_target_selection() {
        let args: Vec<String> = ["-p", "heck", "--lib", "--features", "x,y", "--tests"]
            .iter()
            .map(|s| (*s).to_owned())
            .collect();
        assert_eq!(
            check_args(&args),
            ["check", "--lib", "-p", "heck", "--features", "x,y"]
        );
    }

    #[test]
    fn the_limit_is_a_multiple_of_the_crates_own_check_and_never_below_the_floor() {
        let idle = super::super::super::sandbox::load_factor();
        assert!(limit(Duration::from_millis(100)) >= MIN_CHECK.mul_f64(idle.min(1.0)));
        assert!(limit(Duration::from_secs(10)) >= Duration::from_secs(40));
    }
}
