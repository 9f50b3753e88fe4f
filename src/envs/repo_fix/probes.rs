//! `repo_fix` probe answers: other ways of writing the right fix, and near misses that must fail.

use super::RepoFixData;
use crate::core::env::ProbeAnswers;

/// Equivalent forms rewrite the reference block's layout; near misses hand in the buggy code
/// unchanged, or a fix with a forbidden construct. Answers here are whole responses.
pub fn probe_answers(data: &RepoFixData, answer: &str, _foreign: &str) -> ProbeAnswers {
    let mut out = ProbeAnswers::default();
    let Some(code) = answer
        .strip_prefix("```rust\n")
        .and_then(|a| a.strip_suffix("```"))
    else {
        return out;
    };
    out.equivalent.push((
        "explained",
        format!("The bug is an off-by-one edit; here is the fix.\n\n```rust\n{code}```\n\nAll tests should pass now."),
    ));
    out.equivalent.push((
        "reindented",
        format!(
            "```rust\n{}\n```",
            code.lines()
                .map(|l| format!("  {l}  "))
                .collect::<Vec<_>>()
                .join("\n")
        ),
    ));
    out.equivalent.push((
        "commented",
        format!(
            "```rust\n// fixed\n{}```",
            code.replace("{\n", "{\n    // checked against the docs\n")
        ),
    ));
    // The buggy functions, unchanged: what an agent that "fixes" nothing hands in.
    if let Ok(buggy) = crate::repo::mutate::analyze(&data.library, "src/lib.rs") {
        let names: Vec<&str> = data.bugs.iter().map(|b| b.function.as_str()).collect();
        out.near_miss.push((
            "unchanged_bug",
            super::answer_block(&data.library, &buggy.functions, &names),
        ));
    }
    out.near_miss.push((
        "exit_early",
        format!(
            "```rust\n{}```",
            code.replacen("{\n", "{\n    std::process::exit(0);\n", 1)
        ),
    ));
    out.near_miss.push((
        "unsafe_block",
        format!(
            "```rust\n{}```",
            code.replacen("{\n", "{\n    unsafe {}\n", 1)
        ),
    ));
    out
}
