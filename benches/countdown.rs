//! `countdown` benches: generation to JSON bytes and verification of reference answers.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use verigym::envs::countdown::{Countdown, CountdownParams};
use verigym::{Env, EnvParams, Generator};

fn generate(c: &mut Criterion) {
    let mut group = c.benchmark_group("countdown/generate");
    group.throughput(Throughput::Elements(1));
    for (name, params) in [
        ("default", CountdownParams::default()),
        ("level-10", CountdownParams::at_level(10.0)),
    ] {
        let g = Generator::new(&Countdown, params, 42).unwrap();
        let mut out = Vec::with_capacity(4096);
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
    group.finish();
}

fn verify(c: &mut Criterion) {
    let mut group = c.benchmark_group("countdown/verify");
    group.throughput(Throughput::Elements(1));
    let g = Generator::new(&Countdown, CountdownParams::default(), 42).unwrap();
    let cases: Vec<_> = (0..64)
        .map(|i| {
            let p = g.problem(i);
            (p.data, format!("<answer>{}</answer>", p.answer))
        })
        .collect();
    let mut i = 0;
    group.bench_function("reference", |b| {
        b.iter(|| {
            let (data, response) = &cases[i % cases.len()];
            i += 1;
            Countdown.verify(black_box(data), black_box(response)).score
        })
    });
    group.finish();
}

criterion_group!(benches, generate, verify);
criterion_main!(benches);
