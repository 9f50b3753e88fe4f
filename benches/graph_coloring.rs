//! Criterion benches for `graph_coloring`: generating a record (to JSON bytes) and verifying the
//! reference answer.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use verigym::envs::graph_coloring::{GraphColoring, GraphColoringParams};
use verigym::{Env, EnvParams, Generator, LEVEL_MAX};

fn generate(c: &mut Criterion) {
    let mut group = c.benchmark_group("graph_coloring/generate");
    let cases = [
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
    for (name, p) in cases {
        let g = Generator::new(&GraphColoring, p, 1).unwrap();
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

fn verify(c: &mut Criterion) {
    let g = Generator::new(&GraphColoring, GraphColoringParams::default(), 1).unwrap();
    let p = g.problem(0);
    let response = format!("<think>try colors</think>\n<answer>{}</answer>", p.answer);
    assert!(GraphColoring.verify(&p.data, &response).correct);
    // The shared extraction step alone, for scale: verify = extraction + the env's own work.
    c.bench_function("graph_coloring/verify/extract-only", |b| {
        b.iter(|| black_box(verigym::extract_answer(black_box(&response)).is_ok()))
    });
    c.bench_function("graph_coloring/verify/default-reference", |b| {
        b.iter(|| black_box(GraphColoring.verify(black_box(&p.data), black_box(&response))))
    });
}

criterion_group!(benches, generate, verify);
criterion_main!(benches);
