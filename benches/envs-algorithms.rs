//! Criterion benches for the algorithm envs (`shortest_path`, `knapsack`, `topo_order`): one
//! problem generated to a JSON line, and one reference answer verified, per env and named params
//! (`<env>/generate/<case>`, `<env>/verify/<case>`).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use verigym::envs::knapsack::{Knapsack, KnapsackParams};
use verigym::envs::shortest_path::{ShortestPath, ShortestPathParams};
use verigym::envs::topo_order::{TopoOrder, TopoOrderParams};
use verigym::{Env, EnvParams, Generator, LEVEL_MAX};

/// Benches generation and verification of the reference answers of 64 problems in turn, each
/// after a short think block, for each case.
fn bench_env<E: Env>(c: &mut Criterion, env: &E, cases: Vec<(&str, E::Params)>) {
    for (name, params) in cases {
        let generator = Generator::new(env, params, 42).expect("bench params are valid");
        let mut group = c.benchmark_group(format!("{}/generate", E::ID));
        group.throughput(Throughput::Elements(1));
        let mut out = Vec::with_capacity(1 << 16);
        let mut index = 0u64;
        group.bench_function(name, |b| {
            b.iter(|| {
                out.clear();
                generator.write_jsonl(index, &mut out);
                index += 1;
                black_box(out.len())
            })
        });
        group.finish();
        let cases: Vec<_> = (0..64)
            .map(|i| {
                let p = generator.problem(i);
                let response =
                    format!("<think>Working.</think>\n<answer>\n{}\n</answer>", p.answer);
                (p.data, response)
            })
            .collect();
        let mut group = c.benchmark_group(format!("{}/verify", E::ID));
        group.throughput(Throughput::Elements(1));
        let mut i = 0;
        group.bench_function(name, |b| {
            b.iter(|| {
                let (data, response) = &cases[i % cases.len()];
                i += 1;
                let verdict = env.verify(black_box(data), black_box(response));
                debug_assert!(verdict.correct);
                verdict.score
            })
        });
        group.finish();
    }
}

fn shortest_path(c: &mut Criterion) {
    bench_env(
        c,
        &ShortestPath,
        vec![
            ("default", ShortestPathParams::default()),
            ("level-10", ShortestPathParams::at_level(LEVEL_MAX)),
        ],
    );
}

fn knapsack(c: &mut Criterion) {
    bench_env(
        c,
        &Knapsack,
        vec![
            ("default", KnapsackParams::default()),
            ("level-10", KnapsackParams::at_level(LEVEL_MAX)),
        ],
    );
}

fn topo_order(c: &mut Criterion) {
    let lexicographic = TopoOrderParams {
        lexicographic: true,
        ..Default::default()
    };
    bench_env(
        c,
        &TopoOrder,
        vec![
            ("default", TopoOrderParams::default()),
            ("level-10", TopoOrderParams::at_level(LEVEL_MAX)),
            ("lexicographic", lexicographic),
        ],
    );
}

criterion_group!(benches, shortest_path, knapsack, topo_order);
criterion_main!(benches);
