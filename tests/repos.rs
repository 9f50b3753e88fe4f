//! The mini-repos under `envs/repos/` stay honest: both suites compile with `rustc` and pass on the
//! original library, every pub item carries its spec as a doc comment, the layout's rules hold,
//! and the weak suite is smaller than the strong one.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

/// Every repo directory under `envs/repos/` (a directory holding `src/lib.rs`), sorted by name.
fn repos() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("envs/repos");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", root.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.join("src/lib.rs").is_file())
        .collect();
    dirs.sort();
    assert!(
        dirs.iter().any(|d| d.ends_with("toy")),
        "envs/repos/toy (the lecture's toy repo) is missing"
    );
    dirs
}

fn name(repo: &Path) -> String {
    repo.file_name().unwrap().to_string_lossy().into_owned()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// The number of `#[test]` functions in a suite.
fn test_count(suite: &str) -> usize {
    suite.lines().filter(|l| l.trim() == "#[test]").count()
}

/// A scratch directory unique to this test run, removed on drop.
struct Scratch(PathBuf);

impl Scratch {
    fn new(tag: &str) -> Scratch {
        let dir = tempfile::Builder::new()
            .prefix(&format!("verigym-repos-{tag}-"))
            .tempdir()
            .unwrap();
        Scratch(dir.keep())
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Compiles the library with one suite the way the harness does (the suite as the body of
/// `#[cfg(test)] mod suite { use super::*; ... }` after the library, warnings denied) and runs it.
/// Returns the number of tests that passed, or a message holding rustc's or the tests' output.
fn compile_and_run(repo: &Path, suite: &str, dir: &Path) -> Result<usize, String> {
    let tag = format!("{}_{suite}", name(repo));
    let source = format!(
        "{}\n#[cfg(test)]\nmod suite {{\nuse super::*;\n{}\n}}\n",
        read(&repo.join("src/lib.rs")),
        read(&repo.join(format!("tests/{suite}.rs")))
    );
    let src = dir.join(format!("{tag}.rs"));
    let bin = dir.join(format!("{tag}.bin"));
    std::fs::write(&src, source).unwrap();
    let out = Command::new("rustc")
        .args([
            "--edition",
            "2021",
            "--test",
            "-D",
            "warnings",
            "-C",
            "debuginfo=0",
        ])
        .arg(&src)
        .arg("-o")
        .arg(&bin)
        .output()
        .map_err(|e| format!("cannot run rustc (it must be on the PATH): {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{tag}: rustc failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let run = Command::new(&bin)
        .args(["-q", "--test-threads", "1"])
        .env("RUST_BACKTRACE", "0")
        .current_dir(dir)
        .output()
        .map_err(|e| format!("{tag}: cannot run the test binary: {e}"))?;
    let stdout = String::from_utf8_lossy(&run.stdout);
    if !run.status.success() {
        return Err(format!(
            "{tag}: the suite fails on the original library:\n{stdout}{}",
            String::from_utf8_lossy(&run.stderr)
        ));
    }
    let passed = stdout
        .lines()
        .find_map(|l| l.strip_prefix("test result: ok. "))
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| format!("{tag}: no test summary in:\n{stdout}"))?;
    Ok(passed)
}

#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn both_suites_compile_and_pass_on_the_original_code() {
    let scratch = Scratch::new("suites");
    let jobs: Vec<(PathBuf, &str)> = repos()
        .into_iter()
        .flat_map(|r| [(r.clone(), "strong"), (r, "weak")])
        .collect();
    let queue = Mutex::new(jobs.into_iter());
    let failures = Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| {
                loop {
                    let Some((repo, suite)) = queue.lock().unwrap().next() else {
                        break;
                    };
                    let expected = test_count(&read(&repo.join(format!("tests/{suite}.rs"))));
                    match compile_and_run(&repo, suite, &scratch.0) {
                        Ok(passed) if passed == expected => {}
                        Ok(passed) => failures.lock().unwrap().push(format!(
                            "{}/{suite}: {passed} tests passed, but the file has {expected} #[test]s",
                            name(&repo)
                        )),
                        Err(message) => failures.lock().unwrap().push(message),
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The pub items of a library, each with whether a `///` doc comment precedes it (attributes may
/// sit between the comment and the item).
fn pub_items(lib: &str) -> Vec<(usize, String, bool)> {
    let lines: Vec<&str> = lib.lines().collect();
    let mut items = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let t = line.trim_start();
        let is_item = [
            "pub fn ",
            "pub struct ",
            "pub enum ",
            "pub const ",
            "pub type ",
        ]
        .iter()
        .any(|p| t.starts_with(p));
        if !is_item {
            continue;
        }
        let documented = lines[..i]
            .iter()
            .rev()
            .map(|l| l.trim_start())
            .find(|l| !l.starts_with("#["))
            .is_some_and(|l| l.starts_with("///"));
        items.push((i + 1, t.to_owned(), documented));
    }
    items
}

#[test]
fn every_pub_item_has_a_doc_comment() {
    let mut missing = Vec::new();
    for repo in repos() {
        let lib = read(&repo.join("src/lib.rs"));
        let items = pub_items(&lib);
        assert!(
            items.iter().any(|(_, item, _)| item.starts_with("pub fn ")),
            "{}: no pub fn",
            name(&repo)
        );
        for (line, item, documented) in items {
            if !documented {
                missing.push(format!("{}/src/lib.rs:{line}: {item}", name(&repo)));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "pub items without a doc comment (the doc comment is the spec):\n{}",
        missing.join("\n")
    );
}

#[test]
fn libraries_and_suites_follow_the_layout_rules() {
    let mut broken = Vec::new();
    for repo in repos() {
        let n = name(&repo);
        if !repo.join("README.md").is_file() {
            broken.push(format!("{n}: README.md is missing"));
        }
        let lib = read(&repo.join("src/lib.rs"));
        for banned in [
            "unsafe",
            "macro_rules!",
            "#[test]",
            "std::fs",
            "std::net",
            "std::process",
            "std::env",
            "println!",
            "include!",
        ] {
            if lib.contains(banned) {
                broken.push(format!("{n}/src/lib.rs contains `{banned}`"));
            }
        }
        if lib.lines().any(|l| {
            let t = l.trim_start();
            t.starts_with("mod ") || t.starts_with("pub mod ")
        }) {
            broken.push(format!("{n}/src/lib.rs has a `mod` block"));
        }
        for suite in ["strong", "weak"] {
            let text = read(&repo.join(format!("tests/{suite}.rs")));
            for line in text.lines() {
                let t = line.trim_start();
                if t.starts_with("use ") && !t.starts_with("use std::") {
                    broken.push(format!(
                        "{n}/tests/{suite}.rs: `{t}` (only std may be used)"
                    ));
                }
                if ["print!", "println!", "eprint", "dbg!"]
                    .iter()
                    .any(|p| t.contains(p))
                {
                    broken.push(format!(
                        "{n}/tests/{suite}.rs: `{t}` (suites must not print)"
                    ));
                }
            }
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

#[test]
fn the_weak_suite_has_fewer_tests_than_the_strong_one() {
    for repo in repos() {
        let strong = test_count(&read(&repo.join("tests/strong.rs")));
        let weak = test_count(&read(&repo.join("tests/weak.rs")));
        assert!(weak > 0, "{}: the weak suite has no tests", name(&repo));
        assert!(
            weak < strong,
            "{}: the weak suite has {weak} tests, the strong one {strong}",
            name(&repo)
        );
    }
}
