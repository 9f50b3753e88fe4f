//! `zebra` benches: generation to JSON bytes (5×5 and 7×7) and verification of reference answers.

mod support;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use verigym::Generator;
use verigym::envs::zebra::{Mode, Zebra, ZebraParams};

fn sized(houses: u32, attributes: u32, mode: Mode) -> Generator<'static, Zebra> {
    let params = ZebraParams {
        houses,
        attributes,
        mode,
        ..Default::default()
    };
    Generator::new(&Zebra, params, 42).unwrap()
}

fn generate(c: &mut Criterion) {
    let mut group = c.benchmark_group("zebra/generate");
    group.throughput(Throughput::Elements(1));
    support::generate(&mut group, "5x5", &sized(5, 5, Mode::Grid));
    support::generate(&mut group, "7x7", &sized(7, 7, Mode::Grid));
    group.finish();
}

fn verify(c: &mut Criterion) {
    let mut group = c.benchmark_group("zebra/verify");
    group.throughput(Throughput::Elements(1));
    support::verify(&mut group, "grid-5x5", &sized(5, 5, Mode::Grid));
    support::verify(&mut group, "question-5x5", &sized(5, 5, Mode::Question));
    group.finish();
}

criterion_group!(benches, generate, verify);
criterion_main!(benches);
