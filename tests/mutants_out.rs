//! `verigym audit --mutants-out`: the directory is read back and checked against the fields
//! cargo-mutants 27.1.0 documents and writes (`book/src/mutants-out.md`, `src/outcome.rs`,
//! `src/mutant.rs`, `src/output.rs`), against the list files, the diffs and our own JSON report;
//! and an interrupted run keeps what it finished.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;
use verigym::repo::audit::{AuditReport, Status};
use verigym::repo::mutants_out::{
    Function, LineColumn, MutantResult, MutantsOut, OutMutant, Span, Summary,
};

fn mini() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/repos/mini")
}

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap()
}

fn lines(path: &Path) -> Vec<String> {
    fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect()
}

/// The fields of a serialized cargo-mutants `Mutant`, with their JSON types.
fn check_mutant(m: &Value) {
    for key in ["name", "package", "file", "replacement", "genre"] {
        assert!(m[key].is_string(), "{key} in {m}");
    }
    for end in ["start", "end"] {
        for f in ["line", "column"] {
            assert!(m["span"][end][f].as_u64().unwrap() >= 1, "{m}");
        }
    }
    let f = &m["function"];
    assert!(f.is_null() || (f["function_name"].is_string() && f["return_type"].is_string()));
    let name = m["name"].as_str().unwrap();
    let prefix = format!(
        "{}:{}:{}: ",
        m["file"].as_str().unwrap(),
        m["span"]["start"]["line"],
        m["span"]["start"]["column"]
    );
    assert!(name.starts_with(&prefix), "{name}");
    assert!(!name.contains('\n'));
}

#[test]
fn audit_writes_the_cargo_mutants_layout() {
    let tmp = tempfile::tempdir().unwrap();
    let out_dir = tmp.path().join("mutants.out");
    let json = tmp.path().join("report.json");
    let out = Command::new(env!("CARGO_BIN_EXE_verigym"))
        .args(["audit", mini().to_str().unwrap(), "--suite", "weak"])
        .args(["--equivalence-inputs", "0", "--progress", "off"])
        .arg("--mutants-out")
        .arg(&out_dir)
        .arg("--json")
        .arg(&json)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: AuditReport = serde_json::from_str(&fs::read_to_string(&json).unwrap()).unwrap();

    // outcomes.json: LabOutcome's fields.
    let o = read_json(&out_dir.join("outcomes.json"));
    for key in [
        "total_mutants",
        "missed",
        "caught",
        "timeout",
        "unviable",
        "success",
    ] {
        assert!(o[key].is_u64(), "{key}");
    }
    assert!(o["start_time"].as_str().unwrap().ends_with('Z'));
    assert!(
        o["end_time"].is_string(),
        "a finished audit has its end_time"
    );
    assert_eq!(o["cargo_mutants_version"], "27.1.0");
    let c = &report.counts;
    assert_eq!(o["caught"], c.killed);
    assert_eq!(o["missed"], c.survived);
    assert_eq!(o["timeout"], c.timeout);
    assert_eq!(o["unviable"], c.unviable);
    assert_eq!(o["total_mutants"], c.total - c.skipped);
    assert!(c.killed > 0 && c.survived > 0 && c.unviable > 0);

    // Each outcome: ScenarioOutcome's fields; the baseline first.
    let outcomes = o["outcomes"].as_array().unwrap();
    assert_eq!(outcomes.len(), c.total - c.skipped + 1);
    assert_eq!(outcomes[0]["scenario"], "Baseline");
    assert_eq!(outcomes[0]["summary"], "Success");
    assert!(outcomes[0]["diff_path"].is_null());
    let mut by_summary: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for entry in &outcomes[1..] {
        let m = &entry["scenario"]["Mutant"];
        check_mutant(m);
        let summary = entry["summary"].as_str().unwrap();
        assert!(
            ["CaughtMutant", "MissedMutant", "Timeout", "Unviable"].contains(&summary),
            "{summary}"
        );
        by_summary
            .entry(summary.to_owned())
            .or_default()
            .push(m["name"].as_str().unwrap().to_owned());
        let phases = entry["phase_results"].as_array().unwrap();
        for p in phases {
            assert!(["Build", "Test"].contains(&p["phase"].as_str().unwrap()));
            assert!(p["duration"].as_f64().unwrap() >= 0.0);
            assert!(p["argv"].is_array());
        }
        let last = &phases.last().unwrap()["process_status"];
        match summary {
            "Unviable" => assert_eq!(phases.len(), 1),
            "CaughtMutant" => assert!(last["Failure"].is_i64(), "{last}"),
            "MissedMutant" => assert_eq!(last, "Success"),
            _ => assert_eq!(last, "Timeout"),
        }
        // The diff and the log exist where the outcome says.
        let diff_path = entry["diff_path"].as_str().unwrap();
        assert!(diff_path.starts_with("diff/") && diff_path.ends_with(".diff"));
        let diff = fs::read_to_string(out_dir.join(diff_path)).unwrap();
        assert!(diff.starts_with("--- a/src/lib.rs"), "{diff}");
        let log = fs::read_to_string(out_dir.join(entry["log_path"].as_str().unwrap())).unwrap();
        assert!(log.contains(m["name"].as_str().unwrap()));
    }

    // The list files hold exactly the names of each outcome, in the order they finished.
    for (file, summary) in [
        ("caught.txt", "CaughtMutant"),
        ("missed.txt", "MissedMutant"),
        ("timeout.txt", "Timeout"),
        ("unviable.txt", "Unviable"),
    ] {
        let want = by_summary.remove(summary).unwrap_or_default();
        assert_eq!(lines(&out_dir.join(file)), want, "{file}");
    }

    // mutants.json: every mutant, each with its diff, the same ones as our report.
    let list = read_json(&out_dir.join("mutants.json"));
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), c.total - c.skipped);
    for m in list {
        check_mutant(m);
        assert!(m["diff"].as_str().unwrap().starts_with("--- a/src/lib.rs"));
    }
    let survivor = report
        .mutants
        .iter()
        .find(|m| m.status == Status::Survived)
        .unwrap();
    let missed = lines(&out_dir.join("missed.txt"));
    assert!(
        missed.iter().any(|n| n.starts_with(&format!(
            "src/lib.rs:{}:{}: ",
            survivor.mutant.line, survivor.mutant.column
        ))),
        "{missed:?}"
    );

    // A second run moves the first to mutants.out.old, as cargo-mutants does.
    let again = Command::new(env!("CARGO_BIN_EXE_verigym"))
        .args(["audit", mini().to_str().unwrap(), "--suite", "weak"])
        .args([
            "--equivalence-inputs",
            "0",
            "--progress",
            "off",
            "--function",
            "^gcd$",
        ])
        .arg("--mutants-out")
        .arg(&out_dir)
        .output()
        .unwrap();
    assert!(
        again.status.success(),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    let old = read_json(&tmp.path().join("mutants.out.old/outcomes.json"));
    assert_eq!(old["outcomes"], o["outcomes"]);
    let new = read_json(&out_dir.join("mutants.json"));
    assert!(!new.as_array().unwrap().is_empty());
    assert!(
        new.as_array()
            .unwrap()
            .iter()
            .all(|m| m["function"]["function_name"] == "gcd")
    );
}

/// On a Cargo crate: package-relative paths (`src/a/b.rs`), the crate's own package name, one
/// shard of a CI matrix, and the counts of the JSON report.
#[test]
fn a_crate_shard_writes_the_cargo_mutants_layout() {
    let tmp = tempfile::tempdir().unwrap();
    let out_dir = tmp.path().join("mutants.out");
    let json = tmp.path().join("report.json");
    let out = Command::new(env!("CARGO_BIN_EXE_verigym"))
        .arg("audit")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/crates/multi"))
        .args(["--fuel", "1000000", "--progress", "off", "--shard", "1/2"])
        .arg("--mutants-out")
        .arg(&out_dir)
        .arg("--json")
        .arg(&json)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: verigym::repo::krate::CrateReport =
        serde_json::from_str(&fs::read_to_string(&json).unwrap()).unwrap();
    assert!(report.selection.other_shards > 0);
    let o = read_json(&out_dir.join("outcomes.json"));
    assert!(
        o["end_time"].is_string(),
        "a finished audit has its end_time"
    );
    let c = &report.counts;
    assert_eq!(o["total_mutants"], c.total);
    assert_eq!(o["caught"], c.killed);
    assert_eq!(o["missed"], c.survived);
    assert_eq!(o["timeout"], c.timeout);
    assert_eq!(o["unviable"], c.unviable);
    let outcomes = o["outcomes"].as_array().unwrap();
    assert_eq!(outcomes.len(), c.total + 1);
    assert_eq!(outcomes[0]["scenario"], "Baseline");
    let files: Vec<&str> = report.mutants.iter().map(|m| m.file.as_str()).collect();
    for entry in &outcomes[1..] {
        let m = &entry["scenario"]["Mutant"];
        check_mutant(m);
        assert_eq!(m["package"], "multi");
        let file = m["file"].as_str().unwrap();
        assert!(files.contains(&file), "{file}");
        let diff = fs::read_to_string(out_dir.join(entry["diff_path"].as_str().unwrap())).unwrap();
        assert!(diff.starts_with(&format!("--- a/{file}")), "{diff}");
        let log = fs::read_to_string(out_dir.join(entry["log_path"].as_str().unwrap())).unwrap();
        assert!(log.contains(m["name"].as_str().unwrap()));
        if entry["summary"] == "CaughtMutant" {
            assert!(log.contains("VERIGYM_MUTANT="), "{log}");
        }
    }
    // Each report mutant is listed under its verdict by its cargo-mutants name.
    let caught = lines(&out_dir.join("caught.txt"));
    assert_eq!(caught.len(), c.killed);
    for m in report
        .mutants
        .iter()
        .filter(|m| m.report.status == Status::Killed)
    {
        let prefix = format!(
            "{}:{}:{}: ",
            m.file, m.report.mutant.line, m.report.mutant.column
        );
        assert!(
            caught.iter().any(|n| n.starts_with(&prefix)),
            "{prefix} {caught:?}"
        );
    }
    assert_eq!(lines(&out_dir.join("timeout.txt")).len(), c.timeout);
    assert!(
        fs::read_to_string(out_dir.join("log/baseline.log"))
            .unwrap()
            .contains("[lib]")
    );
}

fn lc(line: usize, column: usize) -> LineColumn {
    LineColumn { line, column }
}

fn sample(i: usize) -> OutMutant {
    OutMutant {
        package: "demo".into(),
        file: "src/lib.rs".into(),
        function: Some(Function {
            function_name: "f".into(),
            return_type: "-> u8".into(),
            span: Span {
                start: lc(1, 1),
                end: lc(3, 2),
            },
        }),
        span: Span {
            start: lc(2, 5 + i),
            end: lc(2, 6 + i),
        },
        original: "+".into(),
        replacement: "-".into(),
        genre: "BinaryOperator".into(),
        diff: format!("--- a/src/lib.rs\n+++ b/src/lib.rs\n@@ mutant {i}\n"),
    }
}

#[test]
fn an_interrupted_run_keeps_what_it_finished() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("out");
    let out =
        MutantsOut::create(&dir, (0..3).map(sample).collect(), 1.5, vec!["t".into()]).unwrap();
    out.baseline(0.1, "ok").unwrap();
    let result = |summary| MutantResult {
        summary,
        test_secs: 0.2,
        log: "x".into(),
    };
    out.record(2, &result(Summary::CaughtMutant)).unwrap();
    out.record(0, &result(Summary::Timeout)).unwrap();
    // The process dies here: no `finish`.
    drop(out);
    let o = read_json(&dir.join("outcomes.json"));
    assert!(o["end_time"].is_null(), "no completion marker");
    assert_eq!(o["total_mutants"], 2);
    assert_eq!(
        (o["caught"].as_u64(), o["timeout"].as_u64()),
        (Some(1), Some(1))
    );
    let outcomes = o["outcomes"].as_array().unwrap();
    assert_eq!(outcomes.len(), 3);
    assert_eq!(
        outcomes[1]["scenario"]["Mutant"]["name"],
        "src/lib.rs:2:7: replace + with - in f"
    );
    assert_eq!(
        lines(&dir.join("caught.txt")),
        ["src/lib.rs:2:7: replace + with - in f"]
    );
    assert_eq!(
        lines(&dir.join("timeout.txt")),
        ["src/lib.rs:2:5: replace + with - in f"]
    );
    assert!(lines(&dir.join("missed.txt")).is_empty());
    // mutants.json was complete before testing began.
    assert_eq!(
        read_json(&dir.join("mutants.json"))
            .as_array()
            .unwrap()
            .len(),
        3
    );
    // No temporary file is left behind: every write was atomic.
    for entry in fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        assert!(!name.starts_with('.'), "{name}");
    }
}
