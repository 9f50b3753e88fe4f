//! The README's shell examples run: every `verigym …` line of its ```sh blocks runs through the
//! built binary in a scratch directory and must succeed, except the slow ones named in `SKIP`,
//! each covered by its own tests. Its response and verdict examples are checked against a real run.

use std::path::Path;
use std::process::{Command, Stdio};

/// Lines not run here, by a substring, and why.
const SKIP: &[(&str, &str)] = &[
    (
        "probe -n 200",
        "minutes in a debug build; .ci/run runs it as written, tests/probe.rs holds J = 1 on every env",
    ),
    (
        "simulate --compare",
        "minutes in a debug build; tests/curriculum.rs runs the comparison",
    ),
    ("verigym audit ", "needs rustc and minutes; tests/audit.rs"),
    (
        "verigym fix-agent ",
        "needs rustc and minutes; tests/agent.rs",
    ),
    (
        "verigym catalog ",
        "needs rustc and minutes; tests/repo_fix.rs rebuilds every mini-repo catalog, tests/crate_catalog.rs a crate's",
    ),
    (
        "| jq ",
        "needs jq, which a fresh machine lacks; tests/serve.rs checks the OpenRLHF contract",
    ),
    (
        "verigym serve ",
        "a server runs until stopped; tests/serve.rs starts the real one on port 0 under faults",
    ),
    (
        "--agentic",
        "needs rustc and a build per tool call; tests/repo_fix_agentic.rs runs, plays and verifies agentic episodes through the CLI",
    ),
    (
        "agentic.jsonl",
        "verifies the agentic transcripts skipped above; tests/repo_fix_agentic.rs",
    ),
    (
        "--problems fix.jsonl",
        "needs rustc and an answers file; tests/repo_fix.rs",
    ),
];

fn readme() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap()
}

/// The bodies of the README's fenced blocks of one language, in order.
fn blocks(text: &str, lang: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        match &mut current {
            None if line.trim_end() == format!("```{lang}") => current = Some(String::new()),
            Some(body) if line.trim_end() == "```" => {
                out.push(std::mem::take(body));
                current = None;
            }
            Some(body) => {
                body.push_str(line);
                body.push('\n');
            }
            None => {}
        }
    }
    out
}

/// A block's commands as the shell reads them: a line ending in `\\` goes on on the next.
fn shell_lines(block: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    for line in block.lines() {
        match line.strip_suffix('\\') {
            Some(head) => current.push_str(head),
            None => {
                current.push_str(line);
                out.push(std::mem::take(&mut current));
            }
        }
    }
    out
}

#[test]
fn the_readme_shell_examples_run() {
    let text = readme();
    let commands: Vec<String> = blocks(&text, "sh")
        .iter()
        .flat_map(|b| shell_lines(b))
        .filter(|l| l.starts_with("verigym "))
        .collect();
    assert!(commands.len() >= 20, "found only {commands:?}");
    let json = blocks(&text, "json");
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    // The examples name repo assets by relative path, as from a checkout.
    std::os::unix::fs::symlink(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("envs"),
        dir.join("envs"),
    )
    .unwrap();
    let mut ran = 0;
    for line in &commands {
        if SKIP.iter().any(|(pattern, _)| line.contains(pattern)) {
            continue;
        }
        if line.contains("--responses responses.jsonl") && !dir.join("responses.jsonl").exists() {
            // The README's response lines (its second JSON block) are the responses file.
            std::fs::write(dir.join("responses.jsonl"), &json[1]).unwrap();
        }
        let out = Command::new("sh")
            .arg("-c")
            .arg(format!("verigym() {{ \"$VERIGYM\" \"$@\"; }}\n{line}"))
            .env("VERIGYM", env!("CARGO_BIN_EXE_verigym"))
            .current_dir(dir)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "README line failed: {line}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        ran += 1;
    }
    assert!(ran >= 15, "ran only {ran} README lines");

    // The record shown is the first problem of that seed, and the verdict shown is the verdict
    // of the first response shown.
    let problems = std::fs::read_to_string(dir.join("problems.jsonl")).unwrap();
    let first: serde_json::Value = serde_json::from_str(problems.lines().next().unwrap()).unwrap();
    assert!(
        json[0].contains(&format!("\"id\":{}", first["id"])),
        "{}",
        json[0]
    );
    assert!(
        json[0].contains(&format!("\"answer\":{}", first["answer"])),
        "{}",
        json[0]
    );
    let verdicts = std::fs::read_to_string(dir.join("verdicts.jsonl")).unwrap();
    let got: serde_json::Value = serde_json::from_str(verdicts.lines().next().unwrap()).unwrap();
    let shown: serde_json::Value = serde_json::from_str(&json[2]).unwrap();
    assert_eq!(
        got, shown,
        "the README's verdict example is not what verify writes"
    );
}

#[test]
fn every_skipped_readme_line_is_still_in_the_readme() {
    let text = readme();
    for (pattern, why) in SKIP {
        assert!(
            text.contains(pattern),
            "skip rule `{pattern}` ({why}) matches nothing"
        );
    }
}
