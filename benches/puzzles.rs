//! Criterion benches for the logic-puzzle envs: one problem generated to a JSON line, and one
//! reference answer verified, per env and named params (`<env>/generate/<case>`,
//! `<env>/verify/<case>`).

#[path = "support/env_bench.rs"]
mod env_bench;

use criterion::{Criterion, criterion_group, criterion_main};
use verigym::envs::countdown::{Countdown, CountdownParams};
use verigym::envs::graph_coloring::{GraphColoring, GraphColoringParams};
use verigym::envs::knights_knaves::{KnightsKnaves, KnightsKnavesParams};
use verigym::envs::sat::{Sat, SatParams};
use verigym::envs::sudoku::{Sudoku, SudokuParams, Technique};
use verigym::envs::zebra::{Mode, Zebra, ZebraParams};
use verigym::{Env, EnvParams, LEVEL_MAX};

/// Benches generation for each case, and verification for the cases marked `true`.
fn bench_env<E: Env>(c: &mut Criterion, env: &E, cases: Vec<(&str, E::Params, bool)>) {
    for (name, params, verify_too) in cases {
        let respond = |_: &E::Data, answer: &str| env_bench::think_then(answer);
        env_bench::bench_case(c, env, name, params, verify_too.then_some(&respond as _));
    }
}

fn knights_knaves(c: &mut Criterion) {
    bench_env(
        c,
        &KnightsKnaves,
        vec![
            ("5p-d3", KnightsKnavesParams::default(), true),
            ("level-10", KnightsKnavesParams::at_level(LEVEL_MAX), true),
        ],
    );
}

fn zebra(c: &mut Criterion) {
    let sized = |n, mode| ZebraParams {
        houses: n,
        attributes: n,
        mode,
        ..Default::default()
    };
    bench_env(
        c,
        &Zebra,
        vec![
            ("5x5", sized(5, Mode::Grid), true),
            ("7x7", sized(7, Mode::Grid), true),
            ("5x5-question", sized(5, Mode::Question), true),
        ],
    );
}

fn sudoku(c: &mut Criterion) {
    let sized = |size, givens, technique| SudokuParams {
        size,
        givens,
        technique,
        require_technique: false,
    };
    bench_env(
        c,
        &Sudoku,
        vec![
            ("9x9-default", SudokuParams::default(), true),
            ("4x4", sized(4, 6, Technique::Search), false),
            ("6x6", sized(6, 12, Technique::Search), false),
            ("9x9-level-7", SudokuParams::at_level(7.0), false),
            ("9x9-level-10", SudokuParams::at_level(LEVEL_MAX), false),
        ],
    );
}

fn sat(c: &mut Criterion) {
    bench_env(
        c,
        &Sat,
        vec![
            ("default", SatParams::default(), true),
            ("level-10", SatParams::at_level(LEVEL_MAX), true),
        ],
    );
}

fn graph_coloring(c: &mut Criterion) {
    bench_env(
        c,
        &GraphColoring,
        vec![
            ("default", GraphColoringParams::default(), true),
            ("level-10", GraphColoringParams::at_level(LEVEL_MAX), true),
            (
                "100v-5c-30pct",
                GraphColoringParams {
                    vertices: 100,
                    colors: 5,
                    edge_percent: 30,
                },
                false,
            ),
        ],
    );
}

fn countdown(c: &mut Criterion) {
    bench_env(
        c,
        &Countdown,
        vec![
            ("default", CountdownParams::default(), true),
            ("level-10", CountdownParams::at_level(LEVEL_MAX), true),
        ],
    );
}

criterion_group!(
    benches,
    knights_knaves,
    zebra,
    sudoku,
    sat,
    graph_coloring,
    countdown
);
criterion_main!(benches);
