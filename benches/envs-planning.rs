//! Criterion benches for the planning envs (`water_jugs`, `hanoi`, `maze`): one problem generated
//! to a JSON line, and one reference plan verified by simulation, per env and named params
//! (`<env>/generate/<case>`, `<env>/verify/<case>`).

#[path = "support/env_bench.rs"]
mod env_bench;

use criterion::{Criterion, criterion_group, criterion_main};
use verigym::envs::hanoi::{Hanoi, HanoiParams};
use verigym::envs::maze::{Maze, MazeParams};
use verigym::envs::water_jugs::{WaterJugs, WaterJugsParams};
use verigym::{Env, EnvParams, LEVEL_MAX};

/// Benches generation and verification of reference answers for each case.
fn bench_env<E: Env>(c: &mut Criterion, env: &E, cases: Vec<(&str, E::Params)>) {
    let respond =
        |_: &E::Data, answer: &str| format!("<think>Plan it.</think>\n<answer>{answer}</answer>");
    for (name, params) in cases {
        env_bench::bench_case(c, env, name, params, Some(&respond));
    }
}

fn water_jugs(c: &mut Criterion) {
    bench_env(
        c,
        &WaterJugs,
        vec![
            ("default", WaterJugsParams::default()),
            ("level-10", WaterJugsParams::at_level(LEVEL_MAX)),
        ],
    );
}

fn hanoi(c: &mut Criterion) {
    bench_env(
        c,
        &Hanoi,
        vec![
            ("default", HanoiParams::default()),
            ("level-10", HanoiParams::at_level(LEVEL_MAX)),
            (
                "4-pegs-8-disks",
                HanoiParams {
                    disks: 8,
                    pegs: 4,
                    ..HanoiParams::default()
                },
            ),
        ],
    );
}

fn maze(c: &mut Criterion) {
    bench_env(
        c,
        &Maze,
        vec![
            ("default", MazeParams::default()),
            ("level-10", MazeParams::at_level(LEVEL_MAX)),
        ],
    );
}

criterion_group!(benches, water_jugs, hanoi, maze);
criterion_main!(benches);
