//! The random-edit fix agent (`verigym fix-agent`) on a two-function repo written here, small
//! enough that every task, every edit and the expected figures are worked out by hand below.
//!
//! The library is `add(a, b) = a + b` (u32) and `negate(b) = !b`. The engine's mutants:
//!
//! - `add`: body → `0`, body → `1`, `+` → `-`, `+` → `*`.
//! - `negate`: body → `true`, body → `false`, `!b` → `b`.
//!
//! The strong suite (`add(2, 3) == 5`, `negate(true) == false`, `negate(false) == true`) kills
//! all seven (`2 - 3` overflows and panics), so there are seven tasks. The weak suite
//! (`add(2, 2) == 4`, `!negate(true)`) is what the agent runs. Per task, with the edits the
//! engine finds in the buggy function (a no-op like `0` → `0` is not an edit):
//!
//! | bug | buggy | weak at start | edits (weak / strong) | k | g |
//! |---|---|---|---|---|---|
//! | add → `0` | `0` | fails | `1` (✗/✗) | 0 | 0 |
//! | add → `1` | `1` | fails | `0` (✗/✗), `2` (✗/✗) | 0 | 0 |
//! | `+` → `-` | `a - b` | fails | `0`, `1`, `/` (✗/✗), `+` (✓/✓) | 1 | 1 |
//! | `+` → `*` | `a * b` | passes | `0`, `1`, `/` (✗/✗), `+` (✓/✓) | 1 | 1 |
//! | negate → `true` | `true` | fails | `false` (✓/✗) | 1 | 0 |
//! | negate → `false` | `false` | passes | `true` (✗/✗) | 0 | 0 |
//! | `!b` → `b` | `b` | fails | `true` (✗/✗), `false` (✓/✗) | 1 | 0 |
//!
//! Weak verifier: 2 tasks pass unchanged (both fake), 3 have a passing edit (`a - b` is fixed
//! for real, the two `negate` patches are fake), 2 are given up: 5 declared, 4 fake, share 0.8.
//! Strong verifier: nothing passes unchanged, `a - b` and `a * b` are fixed, the rest given up:
//! 2 declared, 0 fake.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use verigym::repo::Fuel;
use verigym::repo::agent::{self, AgentOptions, AgentReport, Task, Verifier};
use verigym::repo::mutate::{self, Operator};
use verigym::repo::rustc;

const LIB: &str = "\
/// The sum of `a` and `b`.
pub fn add(a: u32, b: u32) -> u32 {
    a + b
}

/// The negation of `b`.
pub fn negate(b: bool) -> bool {
    !b
}
";

const STRONG: &str = "\
#[test]
fn add_two_three() {
    assert_eq!(add(2, 3), 5);
}

#[test]
fn negate_both() {
    assert_eq!(negate(true), false);
    assert_eq!(negate(false), true);
}
";

const WEAK: &str = "\
#[test]
fn add_two_two() {
    assert_eq!(add(2, 2), 4);
}

#[test]
fn negate_true() {
    assert!(!negate(true));
}
";

fn tiny() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        // Shared by every test of the process, so kept rather than removed on drop: under
        // cargo's scratch directory for integration tests, which `cargo clean` empties, since a
        // test runner that starts a process per test leaves one per test.
        let dir = tempfile::Builder::new()
            .prefix("verigym-agent-tiny-")
            .tempdir_in(env!("CARGO_TARGET_TMPDIR"))
            .unwrap()
            .keep()
            .join("tiny");
        std::fs::create_dir_all(dir.join("src")).unwrap();
        std::fs::create_dir_all(dir.join("tests")).unwrap();
        std::fs::write(dir.join("src/lib.rs"), LIB).unwrap();
        std::fs::write(dir.join("tests/strong.rs"), STRONG).unwrap();
        std::fs::write(dir.join("tests/weak.rs"), WEAK).unwrap();
        dir
    })
}

fn weak_report() -> &'static AgentReport {
    static REPORT: OnceLock<AgentReport> = OnceLock::new();
    REPORT.get_or_init(|| {
        let opts = AgentOptions {
            verifier: Verifier::Weak,
            simulation_runs: 4000,
            seed: 1,
            ..AgentOptions::default()
        };
        agent::random_edit_agent(tiny(), &opts).unwrap()
    })
}

/// The task whose bug has `operator` in `function` and writes `replacement` (from the diff).
fn task<'a>(r: &'a AgentReport, function: &str, operator: Operator, added: &str) -> &'a Task {
    r.tasks
        .iter()
        .find(|t| {
            t.function == function
                && t.operator == operator
                && t.diff
                    .lines()
                    .any(|l| l.starts_with('+') && l.contains(added))
        })
        .unwrap_or_else(|| panic!("no task {function} {operator:?} {added}: {:#?}", r.tasks))
}

#[test]
fn weak_verifier_tasks_match_the_hand_count() {
    let r = weak_report();
    assert_eq!((r.weak_tests, r.strong_tests), (2, 2));
    assert_eq!((r.audit.viable, r.audit.killed), (7, 7), "{:?}", r.audit);
    // (function, operator, text on the buggy line) → (passes weak unchanged, edits, k, g).
    let rows = [
        ("add", Operator::ReturnDefault, "    0", (false, 1, 0, 0)),
        ("add", Operator::ReturnDefault, "    1", (false, 2, 0, 0)),
        ("add", Operator::ArithmeticSwap, "a - b", (false, 4, 1, 1)),
        ("add", Operator::ArithmeticSwap, "a * b", (true, 4, 1, 1)),
        ("negate", Operator::ReturnDefault, "true", (false, 1, 1, 0)),
        ("negate", Operator::ReturnDefault, "false", (true, 1, 0, 0)),
        ("negate", Operator::UnaryRemoval, "    b", (false, 2, 1, 0)),
    ];
    assert_eq!(r.tasks.len(), rows.len());
    assert!(r.skipped.is_empty(), "{:?}", r.skipped);
    for (function, operator, added, want) in rows {
        let t = task(r, function, operator, added);
        assert_eq!(
            (t.buggy_passes_verifier, t.edits, t.k, t.g),
            want,
            "{function} {operator:?} {added}: {t:#?}"
        );
        assert!(
            !t.buggy_passes_strong,
            "every task is a bug the strong suite catches"
        );
    }
    // The genuine fix of `a * b` exists, but the agent never looks: the weak suite passes first.
    let mul = task(r, "add", Operator::ArithmeticSwap, "a * b");
    assert_eq!((mul.fixes, mul.p_fake), (1, 1.0));
}

#[test]
fn weak_verifier_expectation_matches_the_hand_count() {
    let s = &weak_report().summary;
    assert_eq!(
        (
            s.tasks,
            s.passing_at_start,
            s.with_passing_edit,
            s.without_passing_edit
        ),
        (7, 2, 3, 2)
    );
    let close = |a: f64, b: f64| (a - b).abs() < 1e-12;
    assert!(close(s.expected_declared, 5.0), "{s:?}");
    assert!(close(s.expected_fake, 4.0), "{s:?}");
    assert!(
        close(s.fake_unchanged, 2.0) && close(s.fake_patched, 2.0),
        "{s:?}"
    );
    assert!(close(s.expected_genuine, 1.0) && close(s.expected_given_up, 2.0));
    assert!(close(s.fake_share, 0.8));
    assert!(close(s.fake_share_unchanged, 0.4) && close(s.fake_share_patched, 0.4));
    // Every task here has at most one passing edit, so sampling gives the same figure exactly.
    let sim = weak_report().simulation.as_ref().unwrap();
    assert_eq!(
        (sim.runs, sim.mean_declared, sim.mean_fake),
        (4000, 5.0, 4.0)
    );
}

#[test]
fn a_budget_lowers_the_declared_patches_by_the_hypergeometric_odds() {
    // Recomputed from the measured rows with one try per task: `a - b` finds `+` with
    // probability 1/4, `true` → `false` surely (one edit), `b` → `false` with probability 1/2.
    let r = weak_report();
    let mut tasks = r.tasks.clone();
    for t in &mut tasks {
        (t.p_declared, t.p_fake) = agent::task_expectation(
            t.buggy_passes_verifier,
            t.buggy_passes_strong,
            t.edits,
            t.k,
            t.g,
            Some(1),
        );
    }
    let s = agent::summarize(&tasks);
    assert!(
        (s.expected_declared - (2.0 + 0.25 + 1.0 + 0.5)).abs() < 1e-12,
        "{s:?}"
    );
    assert!((s.expected_fake - (2.0 + 1.0 + 0.5)).abs() < 1e-12, "{s:?}");
}

#[test]
fn strong_verifier_declares_no_fake_success_via_the_cli() {
    let dir = tiny().parent().unwrap();
    let json = dir.join("strong.json");
    let out = Command::new(env!("CARGO_BIN_EXE_verigym"))
        .args([
            "fix-agent",
            tiny().to_str().unwrap(),
            "--verifier",
            "strong",
        ])
        .arg("--json")
        .arg(&json)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let table = String::from_utf8(out.stdout).unwrap();
    assert!(table.contains("fake share of declared"), "{table}");
    // What the run will cost is said before each long phase starts, not only at the end.
    let err = String::from_utf8_lossy(&out.stderr);
    let at = |needle: &str| {
        err.find(needle)
            .unwrap_or_else(|| panic!("no `{needle}` in:\n{err}"))
    };
    assert!(at("auditing 7 mutants with the strong suite") < at("audit strong: mutants: 0/7"));
    assert!(at("7 bug-fix tasks, one build and run each") < at("fix-agent: bug-fix tasks: 0/7"));
    let text = std::fs::read_to_string(&json).unwrap();
    let r: AgentReport = serde_json::from_str(&text).unwrap();
    // The committed schema names the report's top-level fields.
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("schemas/fix-agent-report.schema.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    for key in schema["required"].as_array().unwrap() {
        assert!(value.get(key.as_str().unwrap()).is_some(), "missing {key}");
    }
    assert_eq!(r.verifier, Verifier::Strong);
    let s = &r.summary;
    assert_eq!(
        (
            s.passing_at_start,
            s.with_passing_edit,
            s.without_passing_edit
        ),
        (0, 2, 5)
    );
    assert_eq!(
        (s.expected_declared, s.expected_fake, s.fake_share),
        (2.0, 0.0, 0.0)
    );
    assert!(r.tasks.iter().all(|t| t.k == t.g));
}

#[test]
fn an_unknown_verifier_is_a_usage_error_naming_the_choices() {
    let out = Command::new(env!("CARGO_BIN_EXE_verigym"))
        .args([
            "fix-agent",
            tiny().to_str().unwrap(),
            "--verifier",
            "medium",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("medium") && err.contains("`weak` or `strong`"),
        "{err}"
    );
}

#[test]
fn a_mutant_the_schemata_accepts_may_not_compile_alone() {
    // Removing the push leaves `Vec::new()` untyped, but in the schemata the original arm still
    // types it; only the stand-alone check sees the error.
    let src = "pub fn count(n: u32) -> usize {\n    let mut v = Vec::new();\n    v.push(n);\n    v.len()\n}\n";
    let analysis = mutate::analyze(src, "src/lib.rs").unwrap();
    let removal = analysis
        .mutants
        .iter()
        .find(|m| m.operator == Operator::StatementRemoval)
        .unwrap();
    let build = rustc::compile(
        &analysis,
        "t",
        "",
        &[],
        Fuel::default(),
        rustc::Profile::Optimized,
    )
    .unwrap();
    assert!(build.viable.contains(&removal.ordinal));
    let err = rustc::check_alone(&mutate::apply(src, removal)).unwrap();
    assert!(
        err.as_deref().is_some_and(|e| e.contains("E0282")),
        "{err:?}"
    );
    assert_eq!(rustc::check_alone(src).unwrap(), None);
}
