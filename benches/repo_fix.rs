//! Criterion bench for `repo_fix`: generating a problem, verifying one answer, and verifying a
//! GRPO group of 16 distinct answers (one compile). Needs rustc on PATH.
//!
//! The group is what a naive agent would sample: the reference fix, one answer that does not
//! compile, and 14 random single edits of the buggy function, so the figure includes the compile
//! round that screens the non-compiling answer out. The hostile group swaps two of the edits for
//! the costliest answers the answer policy lets through: one that never finishes at run time
//! without a loop of its own (an endless iterator search, which fuel cannot see, so the CPU and
//! wall limits stop it), and a compile-time bomb (an iterator chain whose type doubles twenty
//! times: legal code the compiler's CPU limit stops, after which the group is split to find the
//! culprit). Blocking on a channel, constant-evaluation loops and generic type doubling are
//! refused by the policy before anything compiles, so they cost microseconds here; the runner's
//! own handling of them is tested in `tests/repo_fix_runner.rs`.

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

/// Never finishes, and has no loop of its own for fuel to count.
const SPIN: &str = " { let _ = (1u64..).find(|&x| x == 0); }";
/// An iterator whose type doubles twenty times: a legal expression that takes rustc minutes.
const CHAIN_BOMB: &str = " { let a0 = std::iter::once(0u8); let a1 = a0.clone().chain(a0); let a2 = a1.clone().chain(a1); let a3 = a2.clone().chain(a2); let a4 = a3.clone().chain(a3); let a5 = a4.clone().chain(a4); let a6 = a5.clone().chain(a5); let a7 = a6.clone().chain(a6); let a8 = a7.clone().chain(a7); let a9 = a8.clone().chain(a8); let a10 = a9.clone().chain(a9); let a11 = a10.clone().chain(a10); let a12 = a11.clone().chain(a11); let a13 = a12.clone().chain(a12); let a14 = a13.clone().chain(a13); let a15 = a14.clone().chain(a14); let a16 = a15.clone().chain(a15); let a17 = a16.clone().chain(a16); let a18 = a17.clone().chain(a17); let a19 = a18.clone().chain(a18); let a20 = a19.clone().chain(a19); let _ = a20.count(); }";

/// The group of 16 with the last two edits replaced by the endless search and the compile bomb.
fn hostile(p: &Problem<RepoFixParams, RepoFixData>, answers: &[String]) -> Vec<String> {
    let mut answers = answers.to_vec();
    answers[14] = with(&p.answer, SPIN);
    answers[15] = with(&p.answer, CHAIN_BOMB);
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
    let answers = hostile(&p, &answers);
    let responses: Vec<&str> = answers.iter().map(String::as_str).collect();
    let verdicts = RepoFix.verify_group(&p.data, &responses);
    let reasons: Vec<_> = verdicts.iter().map(|v| v.reason).collect();
    eprintln!("verify_group_16_spin_and_compile_bomb: {reasons:?}");
    assert!(verdicts[0].correct);
    assert_eq!(verdicts[14].reason, verigym::Reason::Timeout);
    assert!(!verdicts[15].correct, "{:?}", verdicts[15]);
    group.bench_function("verify_group_16_spin_and_compile_bomb", |b| {
        b.iter(|| black_box(RepoFix.verify_group(&p.data, &responses).len()))
    });
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
