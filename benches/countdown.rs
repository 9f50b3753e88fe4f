//! `countdown` benches: generation to JSON bytes and verification of reference answers.

mod support;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use verigym::envs::countdown::{Countdown, CountdownParams};
use verigym::{EnvParams, Generator};

fn generate(c: &mut Criterion) {
    let mut group = c.benchmark_group("countdown/generate");
    group.throughput(Throughput::Elements(1));
    for (name, params) in [
        ("default", CountdownParams::default()),
        ("level-10", CountdownParams::at_level(10.0)),
    ] {
        support::generate(
            &mut group,
            name,
            &Generator::new(&Countdown, params, 42).unwrap(),
        );
    }
    group.finish();
}

fn verify(c: &mut Criterion) {
    let mut group = c.benchmark_group("countdown/verify");
    group.throughput(Throughput::Elements(1));
    let g = Generator::new(&Countdown, CountdownParams::default(), 42).unwrap();
    support::verify(&mut group, "reference", &g);
    group.finish();
}

criterion_group!(benches, generate, verify);
criterion_main!(benches);
