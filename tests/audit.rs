//! `verigym audit` and its engine on the fixture repo `tests/fixtures/repos/mini`: counts, strong
//! vs weak, unviable screening, deterministic timeouts, the JSON report, and the sandbox against
//! hostile code. Each audit is run once and shared, to keep the suite's time modest.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::Duration;

use verigym::repo::Fuel;
use verigym::repo::Limits;
use verigym::repo::audit::{self, AuditOptions, AuditReport, Outcome, Status};
use verigym::repo::mutate::{self, Operator};
use verigym::repo::sandbox;
use verigym::repo::{layout, rustc};

fn mini() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/repos/mini")
}

/// The fixture built with a small fuel tank, so timeouts cost little.
fn small_tank_build(analysis: &mutate::Analysis, suite: &str) -> (Fuel, rustc::Build) {
    let fuel = Fuel {
        steps: 100_000,
        max_depth: 1_000,
    };
    let build = rustc::compile(
        analysis,
        "strong",
        suite,
        &[],
        fuel,
        rustc::Profile::Optimized,
    )
    .unwrap();
    (fuel, build)
}

fn report(suite: &str) -> &'static AuditReport {
    static STRONG: OnceLock<AuditReport> = OnceLock::new();
    static WEAK: OnceLock<AuditReport> = OnceLock::new();
    let cell = if suite == "strong" { &STRONG } else { &WEAK };
    cell.get_or_init(|| audit::audit(&mini(), suite, &AuditOptions::default()).unwrap())
}

#[test]
fn strong_suite_finds_the_expected_counts() {
    let r = report("strong");
    let c = &r.counts;
    assert_eq!(
        (
            c.total, c.viable, c.killed, c.timeout, c.survived, c.unviable
        ),
        (54, 53, 44, 5, 4, 1),
        "{c:?}"
    );
    assert_eq!(r.tests.len(), 8);
    assert!((r.score - 49.0 / 53.0).abs() < 1e-9);
    // The `first` → `last` swap in `largest` is equivalent, and differential testing says so.
    let swap = r
        .mutants
        .iter()
        .find(|m| m.mutant.operator == Operator::MethodSwap && m.mutant.function == "largest")
        .unwrap();
    assert_eq!(swap.status, Status::Survived);
    assert_eq!(swap.likely_equivalent, Some(true));
    assert_eq!(c.likely_equivalent, 3);
    assert!((r.adjusted_score - 49.0 / 50.0).abs() < 1e-9);
    // Every survivor carries its diff; the kill matrix covers every test.
    assert!(
        r.survivors()
            .all(|m| m.mutant.diff.starts_with("--- a/src/lib.rs"))
    );
    assert_eq!(r.kill_matrix.len(), r.tests.len());
    assert_eq!(r.redundant_tests, ["largest_single"]);
}

#[test]
fn strong_suite_kills_more_than_weak() {
    let (strong, weak) = (report("strong"), report("weak"));
    assert_eq!(strong.counts.total, weak.counts.total);
    assert!(
        strong.score > weak.score + 0.2,
        "{} vs {}",
        strong.score,
        weak.score
    );
    assert_eq!(weak.tests, ["smoke"]);
    assert!(weak.counts.survived > strong.counts.survived);
}

#[test]
fn unviable_mutants_are_screened_without_breaking_the_build() {
    let r = report("strong");
    let unviable: Vec<_> = r
        .mutants
        .iter()
        .filter(|m| m.status == Status::Unviable)
        .collect();
    assert_eq!(unviable.len(), 1);
    let m = unviable[0];
    assert_eq!(
        (m.mutant.operator, m.mutant.function.as_str()),
        (Operator::RangeLimits, "indices")
    );
    assert!(m.reason.as_deref().unwrap().contains("mismatched types"));
    // Everything else in `indices` still ran.
    assert!(
        r.mutants
            .iter()
            .any(|m| m.mutant.function == "indices" && m.status == Status::Killed)
    );
}

#[test]
fn an_infinite_loop_is_a_timeout_deterministically() {
    let r = report("strong");
    let removal = r
        .mutants
        .iter()
        .find(|m| m.mutant.operator == Operator::StatementRemoval && m.mutant.original == "i += 1;")
        .unwrap();
    assert_eq!(removal.status, Status::Timeout);
    assert_eq!(removal.killed_by, ["triangle_values"]);

    // The same verdict, test by test, on repeated runs of the same binary with a small tank.
    let src = layout::read(&mini(), "strong").unwrap();
    let analysis = mutate::analyze(&src.library, "src/lib.rs").unwrap();
    let (fuel, build) = small_tank_build(&analysis, &src.suite);
    let opts = AuditOptions {
        fuel,
        ..AuditOptions::default()
    };
    let outcomes = || {
        let run = audit::run_suite(&build, removal.mutant.ordinal, &opts).unwrap();
        run.tests
            .into_iter()
            .map(|t| (t.name, t.outcome))
            .collect::<Vec<_>>()
    };
    let first = outcomes();
    assert_eq!(first, outcomes());
    assert!(
        first
            .iter()
            .any(|(n, o)| n == "triangle_values" && *o == Outcome::Timeout)
    );
    assert_eq!(
        first.iter().filter(|(_, o)| *o == Outcome::Passed).count(),
        7
    );
}

fn verigym(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_verigym"))
        .args(args)
        .output()
        .expect("run verigym")
}

#[test]
fn cli_writes_a_json_report_of_the_schema_type() {
    let guard = tempfile::tempdir().unwrap();
    let dir = guard.path();
    let json = dir.join("report.json");
    let out = verigym(&[
        "audit",
        mini().to_str().unwrap(),
        "--suite",
        "weak",
        "--json",
        json.to_str().unwrap(),
        "--equivalence-inputs",
        "0",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let table = String::from_utf8(out.stdout).unwrap();
    assert!(table.contains("mutation score"), "{table}");
    assert!(table.contains("survivors ("), "{table}");
    let text = std::fs::read_to_string(&json).unwrap();
    let parsed: AuditReport = serde_json::from_str(&text).unwrap();
    // Survivors one line each, diffs only behind --diffs (they are in the JSON either way).
    let survivors = parsed.survivors().count();
    assert!(survivors > 0);
    let lines = |table: &str| {
        table
            .lines()
            .filter(|l| parsed.survivors().any(|m| l.contains(&m.mutant.id)))
            .count()
    };
    assert_eq!(lines(&table), survivors, "{table}");
    assert!(!table.contains("--- a/src/lib.rs"), "{table}");
    let with_diffs = verigym(&[
        "audit",
        mini().to_str().unwrap(),
        "--suite",
        "weak",
        "--equivalence-inputs",
        "0",
        "--diffs",
    ]);
    let with_diffs = String::from_utf8(with_diffs.stdout).unwrap();
    assert_eq!(
        with_diffs.matches("--- a/src/lib.rs").count(),
        survivors,
        "{with_diffs}"
    );
    assert!(with_diffs.lines().count() > table.lines().count() + 2 * survivors);
    assert_eq!(parsed.suite, "weak");
    assert_eq!(parsed.counts.total, 54);
    // The committed schema is the one generated from the type, and names its top-level fields.
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("schemas/audit-report.schema.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    for key in schema["required"].as_array().unwrap() {
        assert!(value.get(key.as_str().unwrap()).is_some(), "missing {key}");
    }
}

#[test]
fn cli_rejects_a_bad_repo_dir_with_exit_2() {
    let out = verigym(&["audit", "/nonexistent/verigym-repo"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("/nonexistent/verigym-repo") && err.contains("expected a repo dir"),
        "{err}"
    );
    let out = verigym(&["audit", mini().to_str().unwrap(), "--suite", "nope.rs"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().contains("nope.rs"));
    // No rustc anywhere: said plainly.
    let out = Command::new(env!("CARGO_BIN_EXE_verigym"))
        .args(["audit", mini().to_str().unwrap()])
        .env("PATH", "")
        .env_remove("RUSTC")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("rustc not found"), "{err}");
}

/// Hostile tests, each run alone in the sandbox with tight limits: every one must end
/// (killed or failing) with a reason, quickly.
#[test]
fn the_sandbox_contains_hostile_code() {
    let dir = sandbox::private_dir("hostile").unwrap();
    let file = dir.path().join("hostile.rs");
    std::fs::write(
        &file,
        r#"
#[test] fn spin() { let mut x = 0u64; loop { x = std::hint::black_box(x + 1); } }
#[test] fn hog() { let v = vec![1u8; 8 << 30]; assert_eq!(std::hint::black_box(&v)[7], 1); }
#[test] fn write_big() { std::fs::write("big.bin", vec![0u8; 8 << 20]).unwrap(); }
#[test] fn fork() {
    let child = std::process::Command::new("sleep").arg("600").spawn().unwrap();
    panic!("spawned {}", child.id());
}
#[test] fn socket() { std::net::TcpStream::connect(("1.1.1.1", 80)).unwrap(); }
"#,
    )
    .unwrap();
    let binary = dir.path().join("hostile");
    let status = Command::new(rustc::find_rustc().unwrap())
        .args(["--edition", "2021", "--test", "-O", "-o"])
        .arg(&binary)
        .arg(&file)
        .status()
        .unwrap();
    assert!(status.success());
    let limits = Limits {
        cpu_seconds: 1,
        address_space_mib: 512,
        file_size_kib: 256,
        open_files: 32,
        wall: Duration::from_secs(20),
        output_cap: 16 * 1024,
    };
    for name in ["spin", "hog", "write_big", "fork", "socket"] {
        let out = sandbox::run(&binary, &["--exact", name], &[], &limits).unwrap();
        assert!(!out.success(), "{name} passed: {out:?}");
        let reason = out.abnormal_reason().unwrap_or_else(|| {
            out.stdout
                .lines()
                .find(|l| l.contains("panicked"))
                .unwrap_or("")
                .to_owned()
        });
        assert!(!reason.is_empty(), "{name}: no reason in {out:?}");
        assert!(
            out.elapsed < Duration::from_secs(15),
            "{name} took {:?}",
            out.elapsed
        );
        if name == "spin" {
            assert_eq!(out.signal, Some(24), "CPU limit: {out:?}");
        }
        if name == "socket" && sandbox::network_isolated() {
            assert!(out.stdout.contains("unreachable"), "{}", out.stdout);
        }
    }
    // The same in one batch (one sandbox shell): each job keeps its own limits and output.
    let jobs: Vec<sandbox::Job> = ["hog", "write_big", "fork"]
        .iter()
        .map(|name| sandbox::Job {
            args: vec!["--exact".into(), (*name).into(), "--test-threads=1".into()],
            env: vec![("VG_JOB".into(), format!("it's {name}"))],
        })
        .collect();
    let outs = sandbox::run_batch(&binary, &jobs, &limits).unwrap();
    assert_eq!(outs.len(), 3);
    for (job, out) in jobs.iter().zip(&outs) {
        assert!(!out.success(), "{job:?}: {out:?}");
        assert!(
            out.stdout.contains(&format!("test {} ...", job.args[1])),
            "{out:?}"
        );
    }
}

/// The design `repo_fix` builds on: a group of candidate bodies for one function, one compile,
/// each candidate a variant chosen at run time; one that does not compile is screened out alone.
#[test]
fn candidate_variants_share_one_compile() {
    let src = layout::read(&mini(), "strong").unwrap();
    let mut analysis = mutate::analyze(&src.library, "src/lib.rs").unwrap();
    analysis.mutants.clear();
    let sig = "pub fn triangle(n: u32) -> u64";
    let candidates = [
        format!("{sig} {{ u64::from(n) * (u64::from(n) + 1) / 2 }}"),
        format!("{sig} {{ u64::from(n) * u64::from(n) }}"),
        format!("{sig} {{ n + \"x\" }}"),
        format!("{sig} {{ let mut t = 0; loop {{ t += 1; if t == 0 {{ return 0; }} }} }}"),
    ];
    let ords: Vec<u32> = candidates
        .iter()
        .map(|c| analysis.add_variant("triangle", c).unwrap())
        .collect();
    assert!(
        analysis
            .add_variant("triangle", "pub fn triangle(n: u64) -> u64 { n }")
            .unwrap_err()
            .contains("signature")
    );
    let (fuel, build) = small_tank_build(&analysis, &src.suite);
    assert_eq!(
        build.unviable.iter().map(|u| u.ordinal).collect::<Vec<_>>(),
        [ords[2]]
    );
    let opts = AuditOptions {
        fuel,
        ..AuditOptions::default()
    };
    let failing = |ordinal: u32| {
        audit::run_suite(&build, ordinal, &opts)
            .unwrap()
            .tests
            .into_iter()
            .filter(|t| t.outcome != Outcome::Passed)
            .map(|t| (t.name, t.outcome == Outcome::Timeout))
            .collect::<Vec<_>>()
    };
    assert_eq!(failing(ords[0]), []);
    assert_eq!(failing(ords[1]), [("triangle_values".to_owned(), false)]);
    assert_eq!(failing(ords[3]), [("triangle_values".to_owned(), true)]);
}
