//! Criterion bench for `repo_fix`: generating a problem, verifying one answer, and verifying a
//! GRPO group of 16 distinct answers (one compile). Needs rustc on PATH.
//!
//! The group is what a naive agent would sample: the reference fix, one answer that does not
//! compile, and 14 random single edits of the buggy function, so the figure includes the compile
//! round that screens the non-compiling answer out. The hostile groups swap two of the edits
//! for an answer that blocks forever on a channel (no CPU: only the wall limit stops it) and a
//! compile-time bomb that passes the answer policy: a constant whose evaluation never ends
//! (rustc's forbidden long-running-const-eval lint stops it and blames the answer), or a generic
//! whose type doubles 24 times (the compiler's CPU limit stops it; the group is split to find
//! the culprit).

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use verigym::envs::repo_fix::{RepoFix, RepoFixData, RepoFixParams, answer_block};
use verigym::repo::mutate;
use verigym::{Env, EnvParams, Generator, Problem};

fn problem() -> Problem<RepoFixParams, RepoFixData> {
    let params = RepoFixParams {
        repo: "toy".into(),
        ..RepoFixParams::at_level(3.0)
    };
    Generator::new(&RepoFix, params, 4).unwrap().problem(0)
}

/// The reference, one answer with a type error, and random single edits of the buggy function:
/// 16 distinct answers in all.
fn group(p: &Problem<RepoFixParams, RepoFixData>) -> Vec<String> {
    let function = &p.data.bugs[0].function;
    let analysis = mutate::analyze(&p.data.library, "src/lib.rs").unwrap();
    let body = p
        .answer
        .find(") -> ")
        .and_then(|i| p.answer[i..].find('{').map(|j| i + j + 1));
    let at = body.expect("the reference has a body");
    let broken = format!("{} let _: u8 = \"no\";{}", &p.answer[..at], &p.answer[at..]);
    let mut answers = vec![p.answer.clone(), broken];
    for m in analysis.mutants.iter().filter(|m| &m.function == function) {
        let edited = mutate::apply(&p.data.library, m);
        let functions = mutate::analyze(&edited, "src/lib.rs").unwrap().functions;
        let answer = answer_block(&edited, &functions, &[function]);
        if !answers.contains(&answer) {
            answers.push(answer);
        }
        if answers.len() == 16 {
            break;
        }
    }
    assert_eq!(answers.len(), 16, "too few edits of `{function}`");
    answers
}

/// `answer` with `code` inserted at the start of its first body.
fn with(answer: &str, code: &str) -> String {
    let at = answer
        .find(") -> ")
        .and_then(|i| answer[i..].find('{').map(|j| i + j + 1))
        .expect("the reference has a body");
    format!("{}{code}{}", &answer[..at], &answer[at..])
}

const BLOCK: &str =
    " { let (tx, rx) = std::sync::mpsc::channel::<u8>(); let _ = rx.recv(); drop(tx); }";
const CONST_LOOP: &str =
    " const X: u64 = { let mut i = 1u64; while i != 0 { i = i.wrapping_add(1); } i }; let _ = X;";
const TYPE_BLOWUP: &str = " { fn d<T: Clone>(t: T) -> (T, T) { (t.clone(), t) } let _ = d(d(d(d(d(d(d(d(d(d(d(d(d(d(d(d(d(d(d(d(d(d(d(d(0u8)))))))))))))))))))))))); }";

/// The group of 16 with the last two edits replaced by a blocking answer and `bomb`.
fn hostile(p: &Problem<RepoFixParams, RepoFixData>, answers: &[String], bomb: &str) -> Vec<String> {
    let mut answers = answers.to_vec();
    answers[14] = with(&p.answer, BLOCK);
    answers[15] = with(&p.answer, bomb);
    answers
}

fn verify(c: &mut Criterion) {
    let p = problem();
    let answers = group(&p);
    let responses: Vec<&str> = answers.iter().map(String::as_str).collect();
    let verdicts = RepoFix.verify_group(&p.data, &responses);
    let reasons: Vec<_> = verdicts.iter().map(|v| v.reason).collect();
    eprintln!("group of 16 on {}: {reasons:?}", p.id);
    assert!(verdicts[0].correct);
    assert_eq!(verdicts[1].reason, verigym::Reason::CompileError);

    let mut group = c.benchmark_group("repo_fix");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    group.bench_function("verify_single", |b| {
        b.iter(|| black_box(RepoFix.verify(&p.data, &p.answer).correct))
    });
    group.bench_function("verify_group_16", |b| {
        b.iter(|| black_box(RepoFix.verify_group(&p.data, &responses).len()))
    });
    for (name, bomb) in [
        ("verify_group_16_block_const_loop", CONST_LOOP),
        ("verify_group_16_block_type_blowup", TYPE_BLOWUP),
    ] {
        let answers = hostile(&p, &answers, bomb);
        let responses: Vec<&str> = answers.iter().map(String::as_str).collect();
        let verdicts = RepoFix.verify_group(&p.data, &responses);
        let reasons: Vec<_> = verdicts.iter().map(|v| v.reason).collect();
        eprintln!("{name}: {reasons:?}");
        assert!(verdicts[0].correct);
        assert_eq!(verdicts[14].reason, verigym::Reason::Timeout);
        assert_eq!(verdicts[15].reason, verigym::Reason::CompileError);
        group.bench_function(name, |b| {
            b.iter(|| black_box(RepoFix.verify_group(&p.data, &responses).len()))
        });
    }
    group.finish();
}

fn generate(c: &mut Criterion) {
    let g = Generator::new(&RepoFix, RepoFixParams::at_level(8.0), 1).unwrap();
    let mut i = 0u64;
    c.bench_function("repo_fix/generate_level_8", |b| {
        b.iter(|| {
            i += 1;
            black_box(g.problem(i).prompt.len())
        })
    });
}

criterion_group!(benches, generate, verify);
criterion_main!(benches);
