//! `zebra` benches: generation to JSON bytes (5×5 and 7×7) and verification of reference answers.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use verigym::envs::zebra::{Mode, Zebra, ZebraParams};
use verigym::{Env, Generator};

fn sized(houses: u32, attributes: u32, mode: Mode) -> ZebraParams {
    ZebraParams {
        houses,
        attributes,
        mode,
        ..Default::default()
    }
}

fn generate(c: &mut Criterion) {
    let mut group = c.benchmark_group("zebra/generate");
    group.throughput(Throughput::Elements(1));
    for (houses, attributes) in [(5, 5), (7, 7)] {
        let g = Generator::new(&Zebra, sized(houses, attributes, Mode::Grid), 42).unwrap();
        let mut out = Vec::with_capacity(8192);
        let mut index = 0u64;
        group.bench_function(format!("{houses}x{attributes}"), |b| {
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
    let mut group = c.benchmark_group("zebra/verify");
    group.throughput(Throughput::Elements(1));
    for (name, mode) in [("grid-5x5", Mode::Grid), ("question-5x5", Mode::Question)] {
        let g = Generator::new(&Zebra, sized(5, 5, mode), 42).unwrap();
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
                Zebra.verify(black_box(data), black_box(response)).score
            })
        });
    }
    group.finish();
}

criterion_group!(benches, generate, verify);
criterion_main!(benches);
