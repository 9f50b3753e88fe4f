//! Criterion benches for `graph_coloring`: generating a record (to JSON bytes) and verifying the
//! reference answer.

mod support;

use criterion::{Criterion, criterion_group, criterion_main};
use verigym::envs::graph_coloring::{GraphColoring, GraphColoringParams};
use verigym::{EnvParams, LEVEL_MAX};

fn generate(c: &mut Criterion) {
    let cases = vec![
        ("default", GraphColoringParams::default()),
        ("level-10", GraphColoringParams::at_level(LEVEL_MAX)),
        (
            "100v-5c-30pct",
            GraphColoringParams {
                vertices: 100,
                colors: 5,
                edge_percent: 30,
            },
        ),
    ];
    support::generate(c, &GraphColoring, cases);
}

fn verify(c: &mut Criterion) {
    support::verify(
        c,
        &GraphColoring,
        "default-reference",
        GraphColoringParams::default(),
    );
}

criterion_group!(benches, generate, verify);
criterion_main!(benches);
