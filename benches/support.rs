//! Shared bench bodies: generation to JSON bytes and verification of reference answers.

use std::hint::black_box;

use criterion::{BenchmarkGroup, measurement::WallTime};
use verigym::{Env, Generator};

/// Benchmarks writing consecutive problems of `g` as JSON lines, one problem per iteration.
pub fn generate<E: Env>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    g: &Generator<'_, E>,
) {
    let mut out = Vec::with_capacity(8192);
    let mut index = 0u64;
    group.bench_function(name, |b| {
        b.iter(|| {
            out.clear();
            g.write_jsonl(black_box(index), &mut out);
            index += 1;
            out.len()
        })
    });
}

/// Benchmarks verifying the reference answers of the first 64 problems of `g`, in turn.
pub fn verify<E: Env>(group: &mut BenchmarkGroup<'_, WallTime>, name: &str, g: &Generator<'_, E>) {
    let env = g.env();
    let cases: Vec<_> = (0..64)
        .map(|i| {
            let p = g.problem(i);
            (p.data, format!("<answer>\n{}\n</answer>", p.answer))
        })
        .collect();
    let mut i = 0;
    group.bench_function(name, |b| {
        b.iter(|| {
            let (data, response) = &cases[i % cases.len()];
            i += 1;
            env.verify(black_box(data), black_box(response)).score
        })
    });
}
