//! Bench loops shared by the env benches: a record to JSON bytes, and one verify.

use std::hint::black_box;

use criterion::Criterion;
use verigym::{Env, Generator};

/// Benches `Generator::write_jsonl` for each named params, under `<id>/generate/<name>`. Each
/// iteration writes the next index, so the measured mix is the env's real mix of problems.
pub fn generate<E: Env>(c: &mut Criterion, env: &E, cases: Vec<(&str, E::Params)>) {
    let mut group = c.benchmark_group(format!("{}/generate", E::ID));
    for (name, params) in cases {
        let g = Generator::new(env, params, 1).unwrap();
        let mut buf = Vec::with_capacity(1 << 16);
        let mut i = 0u64;
        group.bench_function(name, |b| {
            b.iter(|| {
                buf.clear();
                g.write_jsonl(i, &mut buf);
                i += 1;
                black_box(buf.len())
            })
        });
    }
    group.finish();
}

/// Benches verifying the reference answer of problem 0 at `params`, after a short think block,
/// under `<id>/verify/<name>`, next to the shared extraction step alone for scale.
pub fn verify<E: Env>(c: &mut Criterion, env: &E, name: &str, params: E::Params) {
    let p = Generator::new(env, params, 1).unwrap().problem(0);
    let response = format!(
        "<think>work it out</think>\n<answer>\n{}\n</answer>",
        p.answer
    );
    assert!(env.verify(&p.data, &response).correct);
    c.bench_function(&format!("{}/verify/extract-only", E::ID), |b| {
        b.iter(|| black_box(verigym::extract_answer(black_box(&response)).is_ok()))
    });
    c.bench_function(&format!("{}/verify/{name}", E::ID), |b| {
        b.iter(|| black_box(env.verify(black_box(&p.data), black_box(&response))))
    });
}
