//! Shared by the env benches: generate (to JSON bytes) and verify (of the reference answer).

use std::hint::black_box;

use criterion::{Criterion, Throughput};
use verigym::{Env, Generator};

/// Benches `generate/<name>` (one problem written as a JSON line) and `verify/<name>` (the
/// reference answer of one of 256 pre-generated problems, wrapped in `<answer>` tags).
pub fn generate_and_verify<E: Env>(c: &mut Criterion, env: &E, params: E::Params, name: &str) {
    let generator = Generator::new(env, params, 42).expect("bench params are valid");

    let mut group = c.benchmark_group("generate");
    group.throughput(Throughput::Elements(1));
    let mut index = 0u64;
    let mut out = Vec::with_capacity(1 << 16);
    group.bench_function(name, |b| {
        b.iter(|| {
            out.clear();
            generator.write_jsonl(index, &mut out);
            index += 1;
            black_box(out.len())
        })
    });
    group.finish();

    let problems: Vec<_> = (0..256)
        .map(|i| {
            let p = generator.problem(i);
            (p.data, format!("<answer>{}</answer>", p.answer))
        })
        .collect();
    let mut group = c.benchmark_group("verify");
    group.throughput(Throughput::Elements(1));
    let mut i = 0;
    group.bench_function(name, |b| {
        b.iter(|| {
            let (data, response) = &problems[i % problems.len()];
            i += 1;
            let verdict = env.verify(black_box(data), black_box(response));
            assert!(verdict.correct);
            verdict.score
        })
    });
    group.finish();
}
