//! Criterion benches for the algorithm envs (`shortest_path`, `knapsack`, `topo_order`,
//! `min_spanning_tree`): one
//! problem generated to a JSON line, and one reference answer verified, per env and named params
//! (`<env>/generate/<case>`, `<env>/verify/<case>`).

#[path = "support/env_bench.rs"]
mod env_bench;

use criterion::{Criterion, criterion_group, criterion_main};
use verigym::envs::knapsack::{Knapsack, KnapsackParams};
use verigym::envs::min_spanning_tree::{MinSpanningTree, MinSpanningTreeParams};
use verigym::envs::shortest_path::{ShortestPath, ShortestPathParams};
use verigym::envs::topo_order::{TopoOrder, TopoOrderParams};
use verigym::{Env, EnvParams, LEVEL_MAX};

/// Benches generation and verification of reference answers for each case.
fn bench_env<E: Env>(c: &mut Criterion, env: &E, cases: Vec<(&str, E::Params)>) {
    let respond = |_: &E::Data, answer: &str| env_bench::think_then(answer);
    for (name, params) in cases {
        env_bench::bench_case(c, env, name, params, Some(&respond));
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

fn min_spanning_tree(c: &mut Criterion) {
    bench_env(
        c,
        &MinSpanningTree,
        vec![
            ("default", MinSpanningTreeParams::default()),
            ("level-10", MinSpanningTreeParams::at_level(LEVEL_MAX)),
        ],
    );
}

criterion_group!(
    benches,
    shortest_path,
    knapsack,
    topo_order,
    min_spanning_tree
);
criterion_main!(benches);
