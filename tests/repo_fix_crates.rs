//! `repo_fix` on a real crate's catalog (`repo = path:DIR`, or `crate:NAME` for a shipped one):
//! problems generate from the catalog, the reference fix passes the crate's own sealed tests, the
//! unchanged bug and wrong fixes fail, a source that differs from the record's hash is refused,
//! and outcomes come only from the sealed records (checked on the runner alone, with the answer
//! policy skipped). A shipped catalog poses the same problems as its directory, and its cached
//! source is checked before use.

use std::path::{Path, PathBuf};

use verigym::envs::repo_fix::{RepoFix, RepoFixData, RepoFixParams};
use verigym::repo::catalog::Failure;
use verigym::repo::krate::catalog::{
    CATALOG_FORMAT, CATALOG_JSON, CrateBug, CrateCatalog, CrateTest, SOURCE_DIR, source_sha256,
};
use verigym::repo::krate::fixes::{self, FixRun, FixTarget, Replacement};
use verigym::repo::mutate::Operator;
use verigym::{Env, EnvParams, Generator, Problem, Reason};

type P = Problem<RepoFixParams, RepoFixData>;

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let dest = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &dest);
        } else {
            std::fs::copy(e.path(), &dest).unwrap();
        }
    }
}

/// A catalog directory for the `multi` fixture crate with one bug: `sum`'s `s += x` made
/// `s -= x`, which `tests::sum_adds` catches (an overflow in the test profile).
fn multi_catalog(dir: &Path) -> PathBuf {
    let source = dir.join(SOURCE_DIR);
    copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/crates/multi"),
        &source,
    );
    let lib = std::fs::read_to_string(source.join("src/lib.rs")).unwrap();
    let start = lib.find("pub fn sum(").unwrap();
    let end = start + lib[start..].find("\n}\n").unwrap() + 2;
    let at = start + lib[start..].find("s += x").unwrap();
    let catalog = CrateCatalog {
        format: CATALOG_FORMAT,
        package: "multi".into(),
        version: "0.1.0".into(),
        source_sha256: source_sha256(&source).unwrap(),
        cargo_args: Vec::new(),
        tests: vec![
            CrateTest {
                name: "[lib] tests::sum_adds".into(),
                reaches: vec!["src/lib.rs#sum".into()],
            },
            CrateTest {
                name: "[tests/api] clamps".into(),
                reaches: Vec::new(),
            },
        ],
        bugs: vec![CrateBug {
            id: "0000000-1".into(),
            operator: Operator::ArithmeticSwap,
            file: "src/lib.rs".into(),
            function: "sum".into(),
            item_span: [start, end],
            span: [at, at + 6],
            original: "s += x".into(),
            replacement: "s -= x".into(),
            failing: vec![Failure {
                test: "[lib] tests::sum_adds".into(),
                message: "attempt to subtract with overflow".into(),
            }],
        }],
    };
    std::fs::write(
        dir.join(CATALOG_JSON),
        serde_json::to_string_pretty(&catalog).unwrap(),
    )
    .unwrap();
    dir.to_path_buf()
}

fn params(dir: &Path) -> RepoFixParams {
    RepoFixParams {
        repo: format!("path:{}", dir.display()),
        ..RepoFixParams::at_level(2.0)
    }
}

fn problem(dir: &Path) -> P {
    Generator::new(&RepoFix, params(dir), 7).unwrap().problem(0)
}

fn block(code: &str) -> String {
    format!("Here is the fix.\n```rust\n{code}\n```\n")
}

#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn a_crate_problem_generates_and_only_a_real_fix_passes_the_crates_own_tests() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = multi_catalog(tmp.path());
    let p = problem(&dir);
    let k = p
        .data
        .krate
        .as_ref()
        .expect("a crate record names its crate");
    assert_eq!(
        (k.package.as_str(), k.file.as_str()),
        ("multi", "src/lib.rs")
    );
    assert!(p.data.library.contains("s -= x"), "{}", p.data.library);
    assert!(p.prompt.contains("`src/lib.rs`") && p.prompt.contains("s -= x"));
    assert!(p.prompt.contains("[lib] tests::sum_adds"));
    // Deterministic: the same (params, seed, index) gives the same bytes.
    let again = problem(&dir);
    assert_eq!(
        serde_json::to_string(&p).unwrap(),
        serde_json::to_string(&again).unwrap()
    );

    let unchanged = block(&p.data.library);
    let wrong = block(
        &p.answer
            .replace("```rust\n", "")
            .replace("```", "")
            .replace("s += x", "s += x + 1"),
    );
    let other_fn_changed = block(&format!(
        "{}\npub fn clamp(x: i32, lo: i32, hi: i32) -> i32 {{ x }}",
        p.answer.replace("```rust\n", "").replace("```", "")
    ));
    let exits = block(
        &p.data
            .library
            .replace("let mut s = 0;", "std::process::exit(0);"),
    );
    let answers = [
        p.answer.as_str(),
        &unchanged,
        &wrong,
        &other_fn_changed,
        &exits,
    ];
    let v = RepoFix.verify_group(&p.data, &answers);
    assert!(v[0].correct, "{v:?}");
    assert_eq!(v[1].reason, Reason::WrongAnswer, "{:?}", v[1]);
    assert_eq!(v[2].reason, Reason::WrongAnswer, "{:?}", v[2]);
    assert!(v[3].message.contains("has no bug"), "{:?}", v[3]);
    assert_eq!(v[4].reason, Reason::Forbidden, "{:?}", v[4]);
    // A group's verdicts are its members' alone.
    let alone = RepoFix.verify(&p.data, &wrong);
    assert_eq!(alone.reason, v[2].reason);

    // Through JSON, as a third party re-checks a record.
    let back: P = serde_json::from_str(&serde_json::to_string(&p).unwrap()).unwrap();
    assert!(RepoFix.verify(&back.data, &back.answer).correct);
}

#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn a_source_with_another_hash_or_no_catalog_is_a_verifier_error_never_a_verdict() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = multi_catalog(&tmp.path().join("a"));
    let p = problem(&dir);
    // The same catalog, with one byte of the crate's source changed.
    let other = multi_catalog(&tmp.path().join("b"));
    let lib = other.join(SOURCE_DIR).join("src/lib.rs");
    let text = std::fs::read_to_string(&lib).unwrap();
    std::fs::write(&lib, format!("{text}// changed\n")).unwrap();
    let mut data = p.data.clone();
    data.krate.as_mut().unwrap().catalog = format!("path:{}", other.display());
    let v = RepoFix.verify(&data, &p.answer);
    assert_eq!(v.reason, Reason::VerifierError, "{v:?}");
    assert!(v.message.contains("SHA-256"), "{}", v.message);

    let mut data = p.data.clone();
    data.krate.as_mut().unwrap().catalog = format!("path:{}", tmp.path().join("none").display());
    let v = RepoFix.verify(&data, &p.answer);
    assert_eq!(v.reason, Reason::VerifierError, "{v:?}");
    assert!(v.message.contains("cannot be loaded"), "{}", v.message);
}

#[test]
fn a_missing_catalog_is_a_param_error_naming_repo() {
    let p = RepoFixParams {
        repo: "path:/nonexistent/verigym-catalog".into(),
        ..RepoFixParams::default()
    };
    let e = p.validate().unwrap_err().to_string();
    assert!(
        e.starts_with("invalid value for `repo`: path:/nonexistent/verigym-catalog; allowed: a crate catalog directory"),
        "{e}"
    );
}

/// The runner alone, with hostile fixes the policy would refuse: a fix that exits the test
/// process with 0 before any test reports, and one that prints libtest's success lines, are not
/// passes, because only the sealed records count.
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn outcomes_come_only_from_sealed_records() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = multi_catalog(tmp.path());
    let p = problem(&dir);
    let k = p.data.krate.as_ref().unwrap();
    let source = dir.join(SOURCE_DIR);
    let original = std::fs::read_to_string(source.join("src/lib.rs")).unwrap();
    let buggy = original.replace("s += x", "s -= x");
    let files = [(k.file.as_str(), buggy.as_str())];
    let target = FixTarget {
        source_dir: &source,
        files: &files,
        cargo_args: &k.cargo_args,
        tests: &p.data.tests,
        hidden: None,
        every_test: false,
    };
    let item = |body: &str| {
        vec![Replacement {
            file: 0,
            function: "sum".to_owned(),
            item: format!("pub fn sum(v: &[u32]) -> u32 {{ {body} }}"),
        }]
    };
    let answers = [
        item("let mut s = 0; for x in v { s += x; } s"),
        item("std::process::exit(0)"),
        item(
            "println!(\"test tests::sum_adds ... ok\\n\\ntest result: ok. 1 passed\"); std::process::exit(0)",
        ),
        item("std::process::abort()"),
        // The unit tests' harness is a module of the library: a fix that names it (the policy
        // refuses `__vg` names; this is the runner alone) and reports its own test passed, then
        // leaves before the test body can fail, must not pass. (It does not even build: the
        // harness exists only in the test build, and the library is also built without it.)
        item("crate::__vg_seal::run(|| {}); std::process::exit(0)"),
        item("crate::__vg_seal::should_panic(\"\", || panic!(\"x\")); std::process::exit(0)"),
    ];
    let runs = fixes::judge(&target, &answers).unwrap();
    let passed = |r: &FixRun| match r {
        FixRun::Ran(run) => {
            run.tests
                .iter()
                .all(|t| t.outcome == verigym::repo::audit::Outcome::Passed)
                && run.tests.len() == p.data.tests.len()
                && run.output.success()
        }
        FixRun::DoesNotCompile(_) => false,
    };
    assert!(passed(&runs[0]), "{:?}", runs[0]);
    for r in &runs[1..] {
        assert!(!passed(r), "{r:?}");
    }
}

/// A suite entry naming a crate catalog builds, checks byte for byte, and its problems, read back
/// from the built files, verify: the reference passes, the unchanged bug fails.
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn crate_problems_round_trip_through_a_suite() {
    use verigym::registry::EnvSet;
    use verigym::suite::{self, SuiteSpec};
    let tmp = tempfile::tempdir().unwrap();
    let dir = multi_catalog(&tmp.path().join("catalog"));
    let toml = format!(
        "name = \"crate-suite\"\nversion = 1\n\n[[entries]]\nenv = \"repo_fix\"\nlevel = 2.0\nseed = 3\ncount = 2\n\n[entries.params]\nrepo = \"path:{}\"\n",
        dir.display()
    );
    let envs = EnvSet::shipped();
    let spec = SuiteSpec::from_toml(&toml, "crate-suite.toml", &envs).unwrap();
    let built = spec.build(&envs).unwrap();
    let out = tmp.path().join("built");
    built.write(&out).unwrap();
    suite::check(&out, &envs).unwrap();
    let lines = std::fs::read_to_string(out.join(&built.manifest.files[0].path)).unwrap();
    let problems: Vec<P> = lines
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(problems.len(), 2);
    for p in &problems {
        let v = RepoFix.verify_group(&p.data, &[p.answer.as_str(), &block(&p.data.library)]);
        assert!(v[0].correct, "{v:?}");
        assert_eq!(v[1].reason, Reason::WrongAnswer, "{v:?}");
    }
}

/// A crate's working copy lives as long as the process that judges on it: `verigym verify`
/// removes its own at exit, and sweeps the copy of a process that died (an owner file nobody
/// holds a lock on). Before owners, every process left its copy and target directory in the
/// temp dir, a hundred megabytes at a time.
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn verify_leaves_no_working_copy_behind_and_sweeps_a_dead_processs() {
    use verigym::repo::sandbox::OWNER_FILE;
    let tmp = tempfile::tempdir().unwrap();
    let dir = multi_catalog(&tmp.path().join("catalog"));
    let scratch = tmp.path().join("tmp");
    let dead = scratch.join("verigym-fix-dead00");
    std::fs::create_dir_all(dead.join("target")).unwrap();
    std::fs::write(dead.join(OWNER_FILE), "").unwrap();
    let p = problem(&dir);
    std::fs::write(
        tmp.path().join("p.jsonl"),
        format!("{}\n", serde_json::to_string(&p).unwrap()),
    )
    .unwrap();
    let line = serde_json::json!({"id": p.id, "responses": [p.answer]});
    std::fs::write(tmp.path().join("r.jsonl"), format!("{line}\n")).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_verigym"))
        .args(["verify", "--problems", "p.jsonl", "--responses", "r.jsonl"])
        .current_dir(tmp.path())
        .env("TMPDIR", &scratch)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains(r#""correct":true"#), "{stdout}");
    let left: Vec<_> = std::fs::read_dir(&scratch)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("verigym-"))
        .collect();
    assert!(left.is_empty(), "left in the temp dir: {left:?}");
}

/// The names of the shipped crate catalogs: every directory of `envs/crates/`, sorted (the
/// binary embeds exactly these, which a unit test of `shipped` checks), so a catalog added there
/// is covered by the tests below without naming it.
fn shipped_names() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("envs/crates");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Answers that break the build in a group, a borrow error among them (the build screens those
/// by where the compiler points, and bisects what no answer's code holds), cannot take the
/// reference's reward away or earn one: each is judged as it would be alone.
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn answers_that_break_the_build_do_not_change_the_other_answers_verdicts() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = multi_catalog(tmp.path());
    let p = problem(&dir);
    let broken = [
        // A type error.
        "pub fn sum(v: &[u32]) -> u32 { let s: u32 = \"no\"; s }",
        // Use after move: the borrow checker's error, reported after type checking.
        "pub fn sum(v: &[u32]) -> u32 { let w = v.to_vec(); let a = w; let b = w; a[0] + b[0] }",
        // Assigning twice to an immutable binding, in a loop.
        "pub fn sum(v: &[u32]) -> u32 { let s; loop { s = v.len() as u32; if s > 0 { break; } } s }",
        // A name that does not exist.
        "pub fn sum(v: &[u32]) -> u32 { v.iter().copied().summm() }",
    ];
    let mut answers: Vec<String> = vec![p.answer.clone()];
    answers.extend(broken.iter().map(|b| block(b)));
    let refs: Vec<&str> = answers.iter().map(String::as_str).collect();
    let v = RepoFix.verify_group(&p.data, &refs);
    assert!(v[0].correct, "{:?}", v[0]);
    for (i, b) in broken.iter().enumerate() {
        let got = &v[i + 1];
        assert!(!got.correct && got.score == 0.0, "{b}: {got:?}");
        assert_eq!(got.reason, Reason::CompileError, "{b}: {got:?}");
        assert_eq!(
            RepoFix.verify(&p.data, refs[i + 1]).reason,
            got.reason,
            "{b}"
        );
    }
}

/// Every shipped crate catalog poses problems whose reference passes the crate's own sealed tests
/// and whose unchanged bug fails them (heck's tests are written by a `macro_rules!`, so this
/// also holds the sealing of macro-written tests).
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn shipped_crate_catalogs_pose_problems_their_references_solve() {
    let names = shipped_names();
    assert_eq!(
        names,
        [
            "heck",
            "ms-converter",
            "shlex",
            "thunderdome",
            "unit-prefix"
        ]
    );
    for name in &names {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("envs/crates")
            .join(name);
        let g = Generator::new(&RepoFix, params(&dir), 11).unwrap();
        for i in 0..2 {
            let p = g.problem(i);
            assert!(p.data.tests.len() > 1, "{name}: {:?}", p.data.tests);
            let v = RepoFix.verify_group(&p.data, &[p.answer.as_str(), &block(&p.data.library)]);
            assert!(v[0].correct, "{name} {}: {:?}", p.id, v[0]);
            assert_eq!(
                v[1].reason,
                Reason::WrongAnswer,
                "{name} {}: {:?}",
                p.id,
                v[1]
            );
        }
    }
}

/// Every level poses problems on every shipped crate: the level's failing-test range is fitted
/// to the crate (each of heck's bugs fails several tests, so the levels asking for one or two
/// were refused), the fitted map is monotone per crate, and a range the caller sets is kept, so
/// it is refused when the crate has no such bug.
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn every_level_poses_problems_on_every_shipped_crate() {
    let mut most = Vec::new();
    for name in shipped_names() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("envs/crates")
            .join(&name);
        let repo = serde_json::json!(format!("path:{}", dir.display()));
        let overrides = serde_json::Map::from_iter([("repo".to_owned(), repo.clone())]);
        let mut prev: Option<RepoFixParams> = None;
        for step in 0..=20 {
            let level = f64::from(step) / 2.0;
            let g = Generator::at_level(&RepoFix, level, &overrides, 3)
                .unwrap_or_else(|e| panic!("{name} at level {level}: {e}"));
            let p = g.params().clone();
            let problem = g.problem(0);
            assert_eq!(
                problem.data.bugs.len() as u32,
                p.bugs,
                "{name} at level {level}"
            );
            let n = problem.data.failing.len() as u32;
            assert!(
                n >= 1 && n <= p.bugs * p.max_failing,
                "{name} at level {level}: {n}"
            );
            if let Some(prev) = &prev {
                // More bugs are harder whatever the range; at as many bugs, the range only
                // narrows.
                assert!(p.bugs >= prev.bugs, "{name} at level {level}");
                if p.bugs == prev.bugs {
                    assert!(p.max_failing <= prev.max_failing, "{name} at level {level}");
                }
                assert!(p.min_failing <= prev.min_failing, "{name} at level {level}");
            }
            prev = Some(p);
        }
        most.push((name, prev.unwrap().bugs));
    }
    // At the top level, as many bugs as the crate can pose together, each in its own file: one
    // for ms-converter, a crate of one file, and for shlex, whose `bytes.rs` repeats the
    // function names of its `lib.rs`, so an answer's fix could not be told apart by name; one
    // for unit-prefix too, since its hidden suite separates no bug of `parse.rs` under every
    // survey seed.
    let most: Vec<(&str, u32)> = most.iter().map(|(n, b)| (n.as_str(), *b)).collect();
    assert_eq!(
        most,
        [
            ("heck", 3),
            ("ms-converter", 1),
            ("shlex", 1),
            ("thunderdome", 3),
            ("unit-prefix", 1)
        ]
    );
    let heck = Path::new(env!("CARGO_MANIFEST_DIR")).join("envs/crates/heck");
    let overrides = serde_json::Map::from_iter([
        (
            "repo".to_owned(),
            serde_json::json!(format!("path:{}", heck.display())),
        ),
        ("max_failing".to_owned(), serde_json::json!(1)),
    ]);
    let e = Generator::at_level(&RepoFix, 10.0, &overrides, 3)
        .err()
        .unwrap();
    assert!(
        e.to_string()
            .starts_with("invalid value for `max_failing`: 1; allowed: a range holding some bug"),
        "{e}"
    );
}

/// The shipped catalogs by name (`crate:NAME`), through the CLI with the cache directory in a
/// temporary directory and the working directory outside any checkout.
mod shipped {
    use std::path::Path;
    use std::process::Command;

    use verigym::EnvParams;
    use verigym::envs::repo_fix::RepoFixParams;
    use verigym::repo::krate::catalog::source_sha256;

    fn verigym(cwd: &Path, cache: &Path, args: &[&str]) -> (Option<i32>, String, String) {
        let out = Command::new(env!("CARGO_BIN_EXE_verigym"))
            .args(args)
            .current_dir(cwd)
            .env("VERIGYM_CACHE_DIR", cache)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    }

    fn generate(cwd: &Path, cache: &Path, repo: &str, count: u32) -> Vec<serde_json::Value> {
        let repo = format!("repo={repo}");
        let count = count.to_string();
        let args = [
            "generate",
            "--env",
            "repo_fix",
            "--difficulty",
            "2",
            "--seed",
            "5",
            "-n",
            &count,
            "--param",
            &repo,
        ];
        let (code, out, err) = verigym(cwd, cache, &args);
        assert_eq!(code, Some(0), "{err}");
        out.lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    }

    /// The reasons of each record's verdicts on its reference and on its unchanged bug.
    fn verify(cwd: &Path, cache: &Path, problems: &[serde_json::Value]) -> Vec<String> {
        let mut p = String::new();
        let mut r = String::new();
        for x in problems {
            p.push_str(&format!("{x}\n"));
            let unchanged = format!("```rust\n{}```\n", x["data"]["library"].as_str().unwrap());
            let line = serde_json::json!({"id": x["id"], "responses": [x["answer"], unchanged]});
            r.push_str(&format!("{line}\n"));
        }
        std::fs::write(cwd.join("p.jsonl"), p).unwrap();
        std::fs::write(cwd.join("r.jsonl"), r).unwrap();
        let args = ["verify", "--problems", "p.jsonl", "--responses", "r.jsonl"];
        let (_, out, err) = verigym(cwd, cache, &args);
        assert!(!out.is_empty(), "{err}");
        out.lines()
            .map(|l| {
                let g: serde_json::Value = serde_json::from_str(l).unwrap();
                format!(
                    "{} {}",
                    g["verdict"]["reason"].as_str().unwrap(),
                    g["verdict"]["message"].as_str().unwrap_or_default()
                )
            })
            .collect()
    }

    fn reasons(verdicts: &[String]) -> Vec<&str> {
        verdicts
            .iter()
            .map(|v| v.split(' ').next().unwrap())
            .collect()
    }

    /// A record with its naming fields (and the id, which hashes the params) blanked.
    fn unnamed(mut p: serde_json::Value) -> String {
        p["id"] = "-".into();
        p["params"]["repo"] = "-".into();
        p["data"]["krate"]["catalog"] = "-".into();
        p.to_string()
    }

    #[cfg_attr(
        not(feature = "slow-tests"),
        ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
    )]
    #[test]
    fn crate_names_pose_the_same_problems_as_the_catalog_directories() {
        let tmp = tempfile::tempdir().unwrap();
        let cache = tmp.path().join("cache");
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        for name in super::shipped_names() {
            let by_name = generate(tmp.path(), &cache, &format!("crate:{name}"), 4);
            let dir = root.join("envs/crates").join(&name);
            let by_dir = generate(tmp.path(), &cache, &format!("path:{}", dir.display()), 4);
            assert_eq!(by_name.len(), 4);
            for (a, b) in by_name.iter().zip(&by_dir) {
                assert_eq!(a["params"]["repo"], format!("crate:{name}"));
                assert_eq!(a["data"]["krate"]["catalog"], format!("crate:{name}"));
                assert_eq!(unnamed(a.clone()), unnamed(b.clone()), "{name}");
            }
            // The source went to the cache directory, named by its hash.
            let sha = by_name[0]["data"]["krate"]["source_sha256"]
                .as_str()
                .unwrap();
            let cached = cache.join("crates").join(sha);
            assert_eq!(source_sha256(&cached).unwrap(), sha);
        }
        let mut entries: Vec<String> = std::fs::read_dir(cache.join("crates"))
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        entries.retain(|e| e.starts_with('.'));
        assert!(
            entries.is_empty(),
            "temporary directories left: {entries:?}"
        );
    }

    #[cfg_attr(
        not(feature = "slow-tests"),
        ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
    )]
    #[test]
    fn a_shipped_crate_verifies_with_no_checkout_and_a_tampered_cache_is_not_judged_on() {
        let tmp = tempfile::tempdir().unwrap();
        let cache = tmp.path().join("cache");
        let problems = generate(tmp.path(), &cache, "crate:heck", 2);
        let v = verify(tmp.path(), &cache, &problems);
        assert_eq!(
            reasons(&v),
            ["correct", "wrong_answer", "correct", "wrong_answer"],
            "{v:?}"
        );

        // Tamper with the cached source: cut the buggy file's tests off and add a file. The
        // next process finds the hash wrong and writes the source again before judging.
        let k = &problems[0]["data"]["krate"];
        let sha = k["source_sha256"].as_str().unwrap();
        let dir = cache.join("crates").join(sha);
        let file = dir.join(k["file"].as_str().unwrap());
        let original = std::fs::read_to_string(&file).unwrap();
        let cut = original.find("#[cfg(test)]").unwrap_or(original.len() / 2);
        std::fs::write(&file, &original[..cut]).unwrap();
        std::fs::write(dir.join("src/extra.rs"), "pub fn extra() {}\n").unwrap();
        assert_ne!(source_sha256(&dir).unwrap(), sha);
        let again = verify(tmp.path(), &cache, &problems);
        assert_eq!(reasons(&again), reasons(&v), "{again:?}");
        assert_eq!(std::fs::read_to_string(&file).unwrap(), original);
        assert_eq!(source_sha256(&dir).unwrap(), sha);

        // A record made from another source of the same crate (another verigym build) is a
        // verifier error, not a verdict.
        let mut other = problems[0].clone();
        other["data"]["krate"]["source_sha256"] = "0".repeat(64).into();
        let v = verify(tmp.path(), &cache, &[other]);
        assert_eq!(reasons(&v), ["verifier_error", "verifier_error"], "{v:?}");
        assert!(v[0].contains("verigym build"), "{v:?}");
    }

    #[test]
    fn an_unknown_crate_name_is_a_param_error_listing_the_shipped_ones() {
        let e = RepoFixParams {
            repo: "crate:nope".into(),
            ..RepoFixParams::default()
        }
        .validate()
        .unwrap_err()
        .to_string();
        assert_eq!(
            e,
            "invalid value for `repo`: crate:nope; allowed: `crate:NAME` with NAME one of heck, \
             ms-converter, shlex, thunderdome, unit-prefix (no crate catalog named `nope` is \
             shipped in this build)"
        );
        let e = RepoFixParams {
            repo: "heck".into(),
            ..RepoFixParams::default()
        }
        .validate()
        .unwrap_err()
        .to_string();
        assert!(
            e.contains(
                "`crate:NAME` naming a crate catalog shipped in this build (heck, ms-converter, \
                 shlex, thunderdome, unit-prefix)"
            ),
            "{e}"
        );
        let tmp = tempfile::tempdir().unwrap();
        let (code, _, err) = verigym(
            tmp.path(),
            &tmp.path().join("cache"),
            &["generate", "--env", "repo_fix", "--param", "repo=crate:"],
        );
        assert_eq!(code, Some(2), "{err}");
        assert!(
            err.contains("one of heck, ms-converter, shlex, thunderdome, unit-prefix"),
            "{err}"
        );
        assert!(
            !tmp.path().join("cache").exists(),
            "nothing is cached for an unknown name"
        );
    }
}

/// `fn` item text as an answer gives it: a method inside its `impl` block.
fn item_block(name: &str, text: &str) -> String {
    match name.rsplit_once("::") {
        Some((ty, _)) => format!("impl {ty} {{\n    {text}\n}}\n"),
        None => format!("{text}\n"),
    }
}

/// Several bugs on a crate (`bugs = 2`): each in its own file, in functions no test of the crate
/// runs two of, so each bug alone fails exactly its catalogued tests and the prompt lists their
/// union. Only fixing every bug earns the reward: the reference passes in either order of its
/// functions, and with each fix in a block of its own; the bugs left as they are, one bug fixed
/// and the other left (in one block or two), and one fix given alone all fail.
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn two_bugs_in_two_files_of_a_crate_are_fixed_together_or_not_at_all() {
    for name in ["heck", "thunderdome"] {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("envs/crates")
            .join(name);
        let catalog = verigym::repo::krate::catalog::load(&dir).unwrap();
        let params = RepoFixParams {
            bugs: 2,
            ..params(&dir)
        };
        let g = Generator::new(&RepoFix, params, 5).unwrap();
        for i in 0..2 {
            let p = g.problem(i);
            let k = p.data.krate.as_ref().unwrap();
            assert_eq!((p.data.bugs.len(), k.more.len()), (2, 1), "{name}");
            assert_ne!(k.file, k.more[0].file, "{name}");
            for file in [&k.file, &k.more[0].file] {
                assert!(
                    p.prompt.contains(&format!("`{file}`:\n```rust\n")),
                    "{name}: {}",
                    p.prompt
                );
            }
            let bugs: Vec<&CrateBug> = p
                .data
                .bugs
                .iter()
                .map(|b| catalog.bugs.iter().find(|c| c.id == b.id).unwrap())
                .collect();
            let mut union: Vec<&str> = bugs
                .iter()
                .flat_map(|b| &b.failing)
                .map(|f| f.test.as_str())
                .filter(|t| p.data.tests.iter().any(|c| c == t))
                .collect();
            union.sort_unstable();
            let listed: Vec<&str> = p.data.failing.iter().map(|f| f.test.as_str()).collect();
            assert_eq!(listed, union, "{name}");

            let source =
                |b: &CrateBug| std::fs::read_to_string(dir.join(SOURCE_DIR).join(&b.file)).unwrap();
            let original =
                |b: &CrateBug| item_block(&b.function, &source(b)[b.item_span[0]..b.item_span[1]]);
            let buggy = |b: &CrateBug| {
                let s = source(b);
                let item = format!(
                    "{}{}{}",
                    &s[b.item_span[0]..b.span[0]],
                    b.replacement,
                    &s[b.span[1]..b.item_span[1]]
                );
                item_block(&b.function, &item)
            };
            let answers = [
                p.answer.clone(),
                block(&format!("{}{}", original(bugs[1]), original(bugs[0]))),
                block(&p.data.library),
                block(&format!("{}{}", original(bugs[0]), buggy(bugs[1]))),
                block(&format!("{}{}", buggy(bugs[0]), original(bugs[1]))),
                block(&original(bugs[1])),
                // One block per file, as a prompt showing two files invites, after a quote of
                // the bug: the latest block giving each function is its fix.
                format!(
                    "The bug:\n```rust\n{}```\nIn `{}`:\n```rust\n{}```\nIn `{}`:\n```rust\n{}```\n",
                    buggy(bugs[0]),
                    bugs[0].file,
                    original(bugs[0]),
                    bugs[1].file,
                    original(bugs[1])
                ),
                // The same layout with one function given only as it is: still buggy.
                format!(
                    "```rust\n{}```\nand\n```rust\n{}```\n",
                    buggy(bugs[1]),
                    original(bugs[0])
                ),
                // A hostile spread: the other fix only inside a think block, which is not read.
                format!(
                    "<think>\n```rust\n{}```\n</think>\n```rust\n{}```\n",
                    original(bugs[1]),
                    original(bugs[0])
                ),
            ];
            let refs: Vec<&str> = answers.iter().map(String::as_str).collect();
            let v = RepoFix.verify_group(&p.data, &refs);
            assert!(v[0].correct, "{name} {}: {:?}", p.id, v[0]);
            assert!(v[1].correct, "{name} {}: {:?}", p.id, v[1]);
            assert!(v[6].correct, "{name} {}: {:?}", p.id, v[6]);
            for (j, got) in v.iter().enumerate().skip(2).filter(|&(j, _)| j != 6) {
                assert_eq!(
                    got.reason,
                    Reason::WrongAnswer,
                    "{name} {} #{j}: {got:?}",
                    p.id
                );
                assert_eq!(got.score, 0.0, "{name} {} #{j}: {got:?}", p.id);
            }
            assert!(v[5].message.contains("does not give"), "{:?}", v[5]);
            assert!(v[8].message.contains("does not give"), "{:?}", v[8]);
            // With both bugs in place, the test the run stops at (a crate's run ends at its
            // first failure) is one the prompt lists: no test runs both buggy functions, so
            // none fails that each bug alone would not fail. (That exactly the listed tests
            // fail is measured over every test by `examples/repo_fix_crate_bugs.rs`.)
            let failed: Vec<&str> = v[2].detail.as_ref().unwrap()["messages"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m["test"].as_str().unwrap())
                .collect();
            assert!(!failed.is_empty(), "{name} {}: {:?}", p.id, v[2]);
            for t in failed {
                assert!(listed.contains(&t), "{name} {}: {t} is not listed", p.id);
            }
        }
    }
}

/// A method given inside its trait impl, as the prompt shows the file (`impl ToKebabCase for str
/// { fn to_kebab_case … }`, `impl<'a, T> Iterator for Iter<'a, T> { type Item = …; fn next … }`),
/// is read as the fix of that method: on every shipped crate with such a bug, the reference so
/// wrapped passes.
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn a_fix_inside_its_trait_impl_block_is_read_as_the_method() {
    let mut checked = 0;
    for name in shipped_names() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("envs/crates")
            .join(&name);
        let catalog = verigym::repo::krate::catalog::load(&dir).unwrap();
        let g = Generator::new(&RepoFix, params(&dir), 13).unwrap();
        let wrapped = (0..40).find_map(|i| {
            let p = g.problem(i);
            let bug = catalog.bugs.iter().find(|c| c.id == p.data.bugs[0].id)?;
            let source = std::fs::read_to_string(dir.join(SOURCE_DIR).join(&bug.file)).unwrap();
            let impl_at = source[..bug.item_span[0]].rfind("\nimpl")? + 1;
            let header_end = impl_at + source[impl_at..].find('{')? + 1;
            let header = &source[impl_at..header_end];
            // The innermost `impl` before the method must hold it, and be a trait's.
            let closes = source[header_end..bug.item_span[0]].matches("\n}").count();
            (header.contains(" for ") && closes == 0).then(|| {
                let item = &source[bug.item_span[0]..bug.item_span[1]];
                (p, format!("{header}\n    {item}\n}}"))
            })
        });
        let Some((p, answer)) = wrapped else {
            continue;
        };
        let v = RepoFix.verify(&p.data, &block(&answer));
        assert!(v.correct, "{name} {}: {v:?}\n{answer}", p.id);
        checked += 1;
    }
    assert!(checked >= 2, "{checked}");
}

/// Hostile siblings, each beside a correct body of `sum` so that only its hostility could cost
/// it: 48 arrays of 64 KiB, a 3 MiB frame past the test thread's 2 MiB stack (an answer's huge
/// frame once overflowed the stack of every arm of its function: the reference beside an
/// 18-level `.clone().chain(…)` died with SIGABRT; that one also costs seconds to type-check,
/// right at the compile-cost limit, so it is left to the probes),
/// a 150 MiB panic message, unbounded recursion, a tuple that doubles 30 times (a compile-time
/// bomb that once held its group for minutes) and closures that double 24 times.
const HOSTILE_SUMS: [&str; 5] = [
    "pub fn sum(v: &[u32]) -> u32 { let a0 = [0u128; 4096]; let a1 = [1u128; 4096]; let a2 = [2u128; 4096]; let a3 = [3u128; 4096]; let a4 = [4u128; 4096]; let a5 = [5u128; 4096]; let a6 = [6u128; 4096]; let a7 = [7u128; 4096]; let a8 = [8u128; 4096]; let a9 = [9u128; 4096]; let a10 = [10u128; 4096]; let a11 = [11u128; 4096]; let a12 = [12u128; 4096]; let a13 = [13u128; 4096]; let a14 = [14u128; 4096]; let a15 = [15u128; 4096]; let a16 = [16u128; 4096]; let a17 = [17u128; 4096]; let a18 = [18u128; 4096]; let a19 = [19u128; 4096]; let a20 = [20u128; 4096]; let a21 = [21u128; 4096]; let a22 = [22u128; 4096]; let a23 = [23u128; 4096]; let a24 = [24u128; 4096]; let a25 = [25u128; 4096]; let a26 = [26u128; 4096]; let a27 = [27u128; 4096]; let a28 = [28u128; 4096]; let a29 = [29u128; 4096]; let a30 = [30u128; 4096]; let a31 = [31u128; 4096]; let a32 = [32u128; 4096]; let a33 = [33u128; 4096]; let a34 = [34u128; 4096]; let a35 = [35u128; 4096]; let a36 = [36u128; 4096]; let a37 = [37u128; 4096]; let a38 = [38u128; 4096]; let a39 = [39u128; 4096]; let a40 = [40u128; 4096]; let a41 = [41u128; 4096]; let a42 = [42u128; 4096]; let a43 = [43u128; 4096]; let a44 = [44u128; 4096]; let a45 = [45u128; 4096]; let a46 = [46u128; 4096]; let a47 = [47u128; 4096]; \
     let n = a0[0] + a1[1] + a2[2] + a3[3] + a4[4] + a5[5] + a6[6] + a7[7] + a8[8] + a9[9] + a10[10] + a11[11] + a12[12] + a13[13] + a14[14] + a15[15] + a16[16] + a17[17] + a18[18] + a19[19] + a20[20] + a21[21] + a22[22] + a23[23] + a24[24] + a25[25] + a26[26] + a27[27] + a28[28] + a29[29] + a30[30] + a31[31] + a32[32] + a33[33] + a34[34] + a35[35] + a36[36] + a37[37] + a38[38] + a39[39] + a40[40] + a41[41] + a42[42] + a43[43] + a44[44] + a45[45] + a46[46] + a47[47]; v.iter().sum::<u32>() + (n - n) as u32 }",
    "pub fn sum(v: &[u32]) -> u32 { if v.len() == 3 { panic!(\"{}\", \"x\".repeat(150 << 20)); } \
     v.iter().sum() }",
    "pub fn sum(v: &[u32]) -> u32 { fn r(n: u64) -> u64 { if n == u64::MAX { 0 } else { r(n + 1) + 1 } } \
     if v.len() == 3 { let _ = r(0); } v.iter().sum() }",
    "pub fn sum(v: &[u32]) -> u32 { let a = (1u8, 1u8); let a = (a, a); let a = (a, a); \
     let a = (a, a); let a = (a, a); let a = (a, a); let a = (a, a); let a = (a, a); let a = (a, a); \
     let a = (a, a); let a = (a, a); let a = (a, a); let a = (a, a); let a = (a, a); let a = (a, a); \
     let a = (a, a); let a = (a, a); let a = (a, a); let a = (a, a); let a = (a, a); let a = (a, a); \
     let a = (a, a); let a = (a, a); let a = (a, a); let a = (a, a); let a = (a, a); let a = (a, a); \
     let a = (a, a); let a = (a, a); let a = (a, a); let _ = &a; v.iter().sum() }",
    "pub fn sum(v: &[u32]) -> u32 { let f = |x: u8| (x, x); let f = move |x: u8| (f(x), f(x)); \
     let f = move |x: u8| (f(x), f(x)); let f = move |x: u8| (f(x), f(x)); let f = move |x: u8| (f(x), f(x)); \
     let f = move |x: u8| (f(x), f(x)); let f = move |x: u8| (f(x), f(x)); let f = move |x: u8| (f(x), f(x)); \
     let f = move |x: u8| (f(x), f(x)); let f = move |x: u8| (f(x), f(x)); let f = move |x: u8| (f(x), f(x)); \
     let f = move |x: u8| (f(x), f(x)); let f = move |x: u8| (f(x), f(x)); let f = move |x: u8| (f(x), f(x)); \
     let f = move |x: u8| (f(x), f(x)); let f = move |x: u8| (f(x), f(x)); let f = move |x: u8| (f(x), f(x)); \
     let f = move |x: u8| (f(x), f(x)); let f = move |x: u8| (f(x), f(x)); let f = move |x: u8| (f(x), f(x)); \
     let f = move |x: u8| (f(x), f(x)); let f = move |x: u8| (f(x), f(x)); let f = move |x: u8| (f(x), f(x)); \
     let _ = f(1); v.iter().sum() }",
];

/// A group's verdicts on a crate are its members' verdicts alone, whatever hostile siblings sit
/// beside them and in whatever order: each hostile answer is judged alone once, then groups of
/// the reference and hostile answers, drawn by proptest, must give each member that verdict.
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn hostile_siblings_leave_every_verdict_as_it_is_alone() {
    use proptest::prelude::*;
    let tmp = tempfile::tempdir().unwrap();
    let dir = multi_catalog(tmp.path());
    let p = problem(&dir);
    let mut members: Vec<String> = vec![p.answer.clone()];
    members.extend(HOSTILE_SUMS.iter().map(|h| block(h)));
    let alone: Vec<(Reason, bool)> = members
        .iter()
        .map(|m| {
            let v = RepoFix.verify(&p.data, m);
            (v.reason, v.correct)
        })
        .collect();
    assert!(alone[0].1, "the reference alone: {:?}", alone[0]);
    for (h, a) in HOSTILE_SUMS.iter().zip(&alone[1..]) {
        assert!(!a.1, "{h}: {a:?}");
    }
    // Every hostile answer with the reference, once.
    let refs: Vec<&str> = members.iter().map(String::as_str).collect();
    let v = RepoFix.verify_group(&p.data, &refs);
    let got: Vec<(Reason, bool)> = v.iter().map(|v| (v.reason, v.correct)).collect();
    assert_eq!(got, alone, "{v:#?}");
    let config = ProptestConfig {
        cases: 3,
        failure_persistence: None,
        ..ProptestConfig::default()
    };
    proptest!(config, |(order in Just((0..members.len()).collect::<Vec<usize>>()).prop_shuffle(),
                        take in 2..=members.len())| {
        let picked: Vec<usize> = order.into_iter().take(take).collect();
        let refs: Vec<&str> = picked.iter().map(|&i| members[i].as_str()).collect();
        let v = RepoFix.verify_group(&p.data, &refs);
        for (&i, v) in picked.iter().zip(&v) {
            prop_assert_eq!((v.reason, v.correct), alone[i], "member {}: {:?}", i, v);
        }
    });
}

/// A statement of a realistic fix that uses one item of `root::module`.
fn using(root: &str, module: &str) -> String {
    let item = match module {
        "ascii" => "let _ = R::ascii::escape_default(b'a').count();",
        "borrow" => "let _: &u8 = R::borrow::Borrow::borrow(&1u8);",
        "boxed" => "let _ = R::boxed::Box::new(1u8);",
        "cell" => "let _ = R::cell::Cell::new(1u8).get();",
        "char" => "let _ = R::char::from_u32(65);",
        "cmp" => "let _ = R::cmp::max(1u8, 2);",
        "collections" => "let _ = R::collections::BTreeMap::<u8, u8>::new();",
        "convert" => "let _ = <u16 as R::convert::From<u8>>::from(1u8);",
        "default" => "let _: u8 = R::default::Default::default();",
        "fmt" => "let _ = R::fmt::Error;",
        "hash" => "let _: Option<R::hash::BuildHasherDefault<u8>> = None;",
        "iter" => "let _ = R::iter::once(1u8).count();",
        "marker" => "let _ = R::marker::PhantomData::<u8>;",
        "mem" => "let mut m = 1u8; let _ = R::mem::replace(&mut m, 2);",
        "num" => "let _ = R::num::Wrapping(1u8);",
        "ops" => "let _ = R::ops::Range { start: 0u8, end: 1 };",
        "option" => "let _: R::option::Option<u8> = None;",
        "rc" => "let _ = R::rc::Rc::new(1u8);",
        "result" => "let _: R::result::Result<u8, u8> = Ok(1);",
        "slice" => "let _ = R::slice::from_ref(&1u8).len();",
        "str" => "let _ = R::str::from_utf8(b\"a\").is_ok();",
        "string" => "let _ = R::string::String::new();",
        "vec" => "let _ = R::vec::Vec::<u8>::new();",
        "f32" | "f64" => return format!("let _ = {root}::{module}::consts::PI;"),
        int => return format!("let _ = {root}::{int}::MAX;"),
    };
    item.replace("R::", &format!("{root}::"))
}

/// `answer` (a reply whose block holds the fixed function) with `stmt` first in the body.
fn with_first(answer: &str, stmt: &str) -> String {
    let at = answer.find("fn ").unwrap();
    let open = at + answer[at..].find('{').unwrap() + 1;
    format!("{} {stmt}{}", &answer[..open], &answer[open..])
}

/// The prompt of every shipped crate states what a fix's paths may start with, from what the
/// crate links (`#![no_std]` heck links `core` and `alloc`; ms-converter is `no_std` with
/// `extern crate std`; the rest link std), and the policy and the compiler agree with it: a
/// realistic fix using each module the prompt allows, on each root it names, is accepted and
/// passes; so do the `vec!` and `format!` the prompt says how to spell. Before, `use std::…` on
/// a `no_std` crate was promised and did not compile, and `alloc::vec::Vec` was forbidden.
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn every_module_a_crate_prompt_allows_builds_in_a_fix() {
    let clause = regex::Regex::new(
        r"`(std|core|alloc)` modules other than (.*?)(?:, `(?:std|core|alloc)` modules other|, and arrays)",
    )
    .unwrap();
    let tick = regex::Regex::new(r"`(\w+)`").unwrap();
    for name in shipped_names() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("envs/crates")
            .join(&name);
        let p = Generator::new(&RepoFix, params(&dir), 3)
            .unwrap()
            .problem(0);
        let prompt = p.prompt.replace('\n', " ");
        let mut stmts: Vec<String> = Vec::new();
        let mut at = 0;
        while let Some(c) = clause.captures_at(&prompt, at) {
            let root = c.get(1).unwrap().as_str();
            let list = c.get(2).unwrap();
            for m in tick.captures_iter(list.as_str()) {
                stmts.push(using(root, &m[1]));
            }
            if list.as_str().contains("`mem::{swap, replace, take}`") {
                stmts.push(using(root, "mem"));
            }
            if list.as_str().contains("the numeric-type modules") {
                stmts.push(using(root, "u8"));
                stmts.push(using(root, "f64"));
            }
            at = list.end();
        }
        assert!(stmts.len() > 20, "{name}: {stmts:?}\n{prompt}");
        let no_std = prompt.contains("This crate is `#![no_std]`");
        assert_eq!(
            no_std,
            ["heck", "ms-converter"].contains(&name.as_str()),
            "{name}"
        );
        // The macros, spelled as the prompt says.
        let home = if prompt.contains("`alloc::vec!`") {
            "alloc::"
        } else if prompt.contains("`std::vec!`") {
            "std::"
        } else {
            ""
        };
        stmts.push(format!(
            "let _ = {home}vec![1u8]; let _ = {home}format!(\"{{}}\", 1u8);"
        ));
        if no_std {
            let krate = if prompt.contains("`alloc` modules") {
                "alloc"
            } else {
                "std"
            };
            stmts.push(format!(
                "use {krate}::vec::Vec; let _v: Vec<u8> = Vec::new();"
            ));
        }
        let answers: Vec<String> = stmts.iter().map(|s| with_first(&p.answer, s)).collect();
        let refs: Vec<&str> = answers.iter().map(String::as_str).collect();
        let v = RepoFix.verify_group(&p.data, &refs);
        for (s, v) in stmts.iter().zip(&v) {
            assert!(v.correct, "{name}: `{s}`: {v:?}");
        }
    }
}
