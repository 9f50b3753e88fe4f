//! `verigym eval`: pass@k and CoT-pass@k over a hand-built response file.

use std::process::Command;

use crate::support::jsonl;

#[test]
fn eval_reports_unbiased_pass_at_k_per_level() {
    let guard = tempfile::tempdir().unwrap();
    let dir = guard.path();
    let problems = dir.join("p.jsonl");
    let bytes = [
        jsonl("modarith", Some(1.0), &[], 4, 0, 2),
        jsonl("modarith", Some(3.0), &[], 4, 0, 1),
    ]
    .concat();
    std::fs::write(&problems, &bytes).unwrap();
    let records: Vec<serde_json::Value> = String::from_utf8(bytes)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // Problem 0: 4 samples, 1 right (with its chain). Problem 1: 4 samples, none right.
    // Problem 2 (level 3): 2 samples, both right, no chains.
    let chain = |r: &serde_json::Value| -> String {
        r["data"]["steps"]
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
            .map(|(i, s)| format!("step {}: {}\n", i + 1, s["value"]))
            .collect()
    };
    let right =
        |r: &serde_json::Value| format!("<answer>{}</answer>", r["answer"].as_str().unwrap());
    let lines = [
        serde_json::json!({"id": records[0]["id"], "responses": [
            format!("{}{}", chain(&records[0]), right(&records[0])), "<answer>-1</answer>", "nothing", "<answer>-1</answer>"]}),
        serde_json::json!({"id": records[1]["id"], "responses": vec!["<answer>-1</answer>"; 4]}),
        serde_json::json!({"id": records[2]["id"], "responses": [right(&records[2]), right(&records[2])]}),
    ];
    let responses = dir.join("r.jsonl");
    std::fs::write(
        &responses,
        lines
            .iter()
            .map(|l| l.to_string() + "\n")
            .collect::<String>(),
    )
    .unwrap();
    let report_path = dir.join("report.json");
    let eval = |extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_verigym"))
            .args(["eval", "--problems", problems.to_str().unwrap()])
            .args(["--responses", responses.to_str().unwrap()])
            .args(extra)
            .output()
            .unwrap()
    };
    let out = eval(&["--k", "1,2,4", "--json", report_path.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: verigym::eval::EvalReport =
        serde_json::from_slice(&std::fs::read(&report_path).unwrap()).unwrap();
    let value =
        |f: &verigym::eval::Figures, k: u32| f.pass_at_k.iter().find(|p| p.k == k).unwrap().value;
    let level1 = &report.by_level[0];
    assert_eq!(level1.level, Some(1.0));
    // pass@1 = mean(1/4, 0) ; pass@2 = mean(1 - C(3,2)/C(4,2), 0) = mean(0.5, 0).
    assert_eq!(value(&level1.figures, 1), Some(0.125));
    assert_eq!(value(&level1.figures, 2), Some(0.25));
    assert_eq!(value(&level1.figures, 4), Some(0.5));
    assert_eq!(level1.figures.invalid_format, 1.0 / 8.0);
    // CoT: only problem 0's first sample lists a right chain.
    let cot = level1.figures.cot_pass_at_k.as_ref().unwrap();
    assert_eq!(cot[0].value, Some(0.125));
    // Level 3: right answers but no chain listed, so CoT-pass is 0; pass@4 has too few samples.
    let level3 = &report.by_level[1];
    assert_eq!(value(&level3.figures, 1), Some(1.0));
    assert_eq!(
        level3.figures.cot_pass_at_k.as_ref().unwrap()[0].value,
        Some(0.0)
    );
    assert_eq!(value(&level3.figures, 4), None);
    assert_eq!(report.overall.problems, 3);
    let table = String::from_utf8(out.stdout).unwrap();
    assert!(table.contains("pass@2"), "{table}");
    let bad = eval(&["--k", "0"]);
    assert_eq!(bad.status.code(), Some(2));
}
