//! `sat` generate and verify at the defaults (12 variables, 51 3-clauses) and at level 10
//! (50 variables, 213 3-clauses, the threshold ratio).

mod common;

use criterion::{Criterion, criterion_group, criterion_main};
use verigym::EnvParams;
use verigym::envs::sat::{Sat, SatParams};

fn benches(c: &mut Criterion) {
    common::generate_and_verify(c, &Sat, SatParams::default(), "sat/default");
    common::generate_and_verify(c, &Sat, SatParams::at_level(10.0), "sat/level10");
}

criterion_group!(sat, benches);
criterion_main!(sat);
