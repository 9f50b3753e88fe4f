//! The realistic-forms corpus: answers written the way models and people write them, each with
//! the verdict a careful grader gives it.
//!
//! `tests/data/realistic/<env>.jsonl` holds one JSON object per line:
//! `{"level": 5, "seed": 7, "index": 0, "form": "bullets", "response": "…", "expect": "correct"}`.
//! The problem is regenerated from (env = file stem, level, seed, index) through the registry, so
//! the corpus stays small and follows the env's generator; `expect` is a reason code. An optional
//! `"params"` object overrides params by name (as `--param` does). Every line must get exactly its
//! expected reason, and every registered env whose answer is tagged must have a non-empty file
//! holding both correct forms and near misses; a code-block env's file, where it has one, is judged
//! the same way (its responses hold fenced blocks instead of tags).
//! `tests/data/realistic/layouts/<env>.jsonl`, where it exists, holds the layout forms of issue 31
//! (tables with header rows, LaTeX matrices, heading lines, fixed sentences; written by
//! `generate_layouts.py`) and is judged the same way.

use std::fs;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde_json::{Map, Value};
use verigym::{AnswerFormat, Reason, registry};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    level: f64,
    seed: u64,
    index: u64,
    form: String,
    response: String,
    expect: Reason,
    #[serde(default)]
    params: Map<String, Value>,
}

fn corpus_path(env: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/realistic")
        .join(format!("{env}.jsonl"))
}

fn layouts_path(env: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/realistic/layouts")
        .join(format!("{env}.jsonl"))
}

fn tagged_envs() -> impl Iterator<Item = &'static str> {
    registry::envs()
        .iter()
        .filter(|e| e.answer_format() == AnswerFormat::Tagged)
        .map(|e| e.id())
}

/// Judges every line of one env's corpus; returns the failures and the (correct, other) counts.
fn judge_corpus(env_id: &str) -> (Vec<String>, usize, usize) {
    judge_file(env_id, &corpus_path(env_id))
}

fn judge_file(env_id: &str, path: &Path) -> (Vec<String>, usize, usize) {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let env = registry::find(env_id).unwrap();
    let mut failures = Vec::new();
    let (mut correct, mut other) = (0, 0);
    for (n, line) in text.lines().enumerate() {
        let at = format!("{}:{}", path.display(), n + 1);
        if line.trim().is_empty() {
            failures.push(format!("{at}: blank line"));
            continue;
        }
        let case: Case =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("{at}: not a case: {e}"));
        let generator = env
            .generator(Some(case.level), &case.params, case.seed)
            .unwrap_or_else(|e| panic!("{at}: {e}"));
        let record = serde_json::to_string(&generator.record(case.index)).unwrap();
        let problem = env.load_problem(&record).unwrap();
        let verdict = problem.verify(&case.response);
        if case.expect == Reason::Correct {
            correct += 1;
        } else {
            other += 1;
        }
        if verdict.reason != case.expect {
            failures.push(format!(
                "{at} [{}]: expected {:?}, got {:?} ({}) for {:?}; reference answer {:?}",
                case.form,
                case.expect,
                verdict.reason,
                verdict.message,
                case.response,
                problem.answer()
            ));
        }
    }
    (failures, correct, other)
}

/// The envs whose corpus is judged: every tagged env, and every code-block env that has one
/// (`program_synthesis`; `repo_fix` needs a compiler and has none).
fn corpus_envs() -> impl Iterator<Item = &'static str> {
    registry::envs()
        .iter()
        .map(|e| e.id())
        .filter(|id| tagged_envs().any(|t| t == *id) || corpus_path(id).is_file())
}

#[test]
fn every_corpus_line_gets_its_expected_verdict() {
    let mut failures = Vec::new();
    for env in corpus_envs() {
        let (mut f, correct, other) = judge_corpus(env);
        if correct == 0 || other == 0 {
            f.push(format!(
                "{env}: the corpus needs both correct forms and near misses ({correct} correct, \
                 {other} rejected)"
            ));
        }
        failures.append(&mut f);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_layout_line_gets_its_expected_verdict() {
    let mut failures = Vec::new();
    let mut judged = 0;
    for env in tagged_envs() {
        let path = layouts_path(env);
        if path.is_file() {
            let (mut f, correct, other) = judge_file(env, &path);
            judged += correct + other;
            failures.append(&mut f);
        }
    }
    assert!(judged > 0, "no layout corpus was found");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_tagged_env_has_a_corpus() {
    for env in tagged_envs() {
        assert!(
            corpus_path(env).is_file(),
            "{} is missing",
            corpus_path(env).display()
        );
    }
}
