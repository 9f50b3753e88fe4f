//! Criterion bench for `repo_fix` on a real crate (`repo = path:DIR`): verifying one answer and a
//! GRPO group of 16 distinct answers (the reference, one with a type error, up to 14 single edits
//! of the buggy functions, the rest the reference written differently) against the crate's own
//! sealed tests and its hidden differential suite, for a problem with one bug and for one with two
//! bugs in two files (`bugs = 2`); and the one-bug group with two of its answers replaced by
//! hostile ones (a tuple that doubles 30 times, a compile-time bomb; a 150 MiB panic message, a
//! run-time one), which must cost it seconds, not minutes. Needs cargo and rustc on PATH.
//!
//! The catalog is a shipped one, `envs/crates/heck`, or the directory in
//! `VERIGYM_BENCH_CATALOG`. The first verification in the process builds the crate and its
//! dependencies; criterion's warm-up takes it, so the medians are for a crate whose dependencies
//! are built (one incremental cargo build of the crate per group, then the test runs).

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use verigym::envs::repo_fix::{RepoFix, RepoFixData, RepoFixParams, answer_block};
use verigym::repo::mutate;
use verigym::{Env, EnvParams, Generator, Problem};

fn catalog() -> PathBuf {
    std::env::var_os("VERIGYM_BENCH_CATALOG").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("envs/crates/heck"),
        PathBuf::from,
    )
}

/// A problem with `bugs` bugs, or `None` when the catalog cannot pose that many together.
fn problem(bugs: u32) -> Option<Problem<RepoFixParams, RepoFixData>> {
    let params = RepoFixParams {
        repo: format!("path:{}", catalog().display()),
        bugs,
        ..RepoFixParams::at_level(2.0)
    };
    Some(Generator::new(&RepoFix, params, 4).ok()?.problem(0))
}

/// The reference, one answer with a type error, and single edits of the buggy functions (other
/// mutants of them), topped up with the reference padded by an unused `let`: 16 distinct answers.
fn group(p: &Problem<RepoFixParams, RepoFixData>) -> Vec<String> {
    let names: Vec<&str> = p.data.bugs.iter().map(|b| b.function.as_str()).collect();
    let analysis = mutate::analyze(&p.data.library, "buggy.rs").unwrap();
    // Inside the first function's body (not an `impl` block's braces).
    let at = p
        .answer
        .find("fn ")
        .and_then(|f| p.answer[f..].find('{').map(|i| f + i + 1))
        .expect("the reference has a body");
    let broken = format!("{} let _: u8 = \"no\";{}", &p.answer[..at], &p.answer[at..]);
    let mut answers = vec![p.answer.clone(), broken];
    for m in &analysis.mutants {
        let edited = mutate::apply(&p.data.library, m);
        let functions = mutate::analyze(&edited, "buggy.rs").unwrap().functions;
        let answer = answer_block(&edited, &functions, &names);
        if !answers.contains(&answer) {
            answers.push(answer);
        }
        if answers.len() == 16 {
            break;
        }
    }
    // A small function has few edits: the rest are right answers written differently.
    let mut k = 0;
    while answers.len() < 16 {
        answers.push(format!(
            "{} let _pad = {k};{}",
            &p.answer[..at],
            &p.answer[at..]
        ));
        k += 1;
    }
    answers
}

/// `answer` (a reference block) with `stmt` first in its function's body.
fn with_first(answer: &str, stmt: &str) -> String {
    let at = answer
        .find("fn ")
        .and_then(|f| answer[f..].find('{').map(|i| f + i + 1))
        .expect("the reference has a body");
    format!("{} {stmt}{}", &answer[..at], &answer[at..])
}

/// The group with its last two answers replaced by a compile-time and a run-time bomb.
fn hostile(p: &Problem<RepoFixParams, RepoFixData>, answers: &[String]) -> Vec<String> {
    let doubling = format!(
        "let a = (1u8, 1u8); {} let _ = &a;",
        "let a = (a, a); ".repeat(29)
    );
    let mut out = answers[..14].to_vec();
    out.push(with_first(&p.answer, &doubling));
    out.push(with_first(
        &p.answer,
        "if true { panic!(\"{}\", \"x\".repeat(150 << 20)); }",
    ));
    out
}

fn verify(c: &mut Criterion) {
    let mut group = c.benchmark_group("repo_fix_crate");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(30));
    for (bugs, suffix) in [(1, ""), (2, "_two_bugs")] {
        let Some(p) = problem(bugs) else {
            eprintln!("{}: no problem with {bugs} bugs", catalog().display());
            continue;
        };
        let answers = self::group(&p);
        let responses: Vec<&str> = answers.iter().map(String::as_str).collect();
        let verdicts = RepoFix.verify_group(&p.data, &responses);
        let reasons: Vec<_> = verdicts.iter().map(|v| v.reason).collect();
        let functions: Vec<&str> = p.data.bugs.iter().map(|b| b.function.as_str()).collect();
        eprintln!("group of 16 on {} ({functions:?}): {reasons:?}", p.id);
        assert!(verdicts[0].correct, "{:?}", verdicts[0]);
        assert_eq!(verdicts[1].reason, verigym::Reason::CompileError);
        group.bench_function(format!("verify_single{suffix}"), |b| {
            b.iter(|| black_box(RepoFix.verify(&p.data, &p.answer).correct))
        });
        group.bench_function(format!("verify_group_16{suffix}"), |b| {
            b.iter(|| black_box(RepoFix.verify_group(&p.data, &responses).len()))
        });
        if bugs == 1 {
            let bombs = hostile(&p, &answers);
            let bombed: Vec<&str> = bombs.iter().map(String::as_str).collect();
            let v = RepoFix.verify_group(&p.data, &bombed);
            // The bombs score 0; every other answer keeps its verdict from the calm group.
            assert_eq!(v[14].reason, verigym::Reason::CompileError, "{:?}", v[14]);
            assert!(!v[15].correct, "{:?}", v[15]);
            for (a, b) in v[..14].iter().zip(&verdicts[..14]) {
                assert_eq!((a.reason, a.correct), (b.reason, b.correct));
            }
            group.bench_function("verify_group_16_compile_and_runtime_bomb", |b| {
                b.iter(|| black_box(RepoFix.verify_group(&p.data, &bombed).len()))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, verify);
criterion_main!(benches);
