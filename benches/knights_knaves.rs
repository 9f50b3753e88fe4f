//! `knights_knaves` generate and verify, at the anchor size (5 people, depth 3) and at
//! the largest (level 10: 12 people, depth 4, width 4).

mod common;

use criterion::{Criterion, criterion_group, criterion_main};
use verigym::EnvParams;
use verigym::envs::knights_knaves::{KnightsKnaves, KnightsKnavesParams};

fn benches(c: &mut Criterion) {
    common::generate_and_verify(
        c,
        &KnightsKnaves,
        KnightsKnavesParams::default(),
        "knights_knaves/5p-d3",
    );
    common::generate_and_verify(
        c,
        &KnightsKnaves,
        KnightsKnavesParams::at_level(10.0),
        "knights_knaves/level10",
    );
}

criterion_group!(knights_knaves, benches);
criterion_main!(knights_knaves);
