//! Criterion benches for the game envs (`nim`, `tictactoe`): one problem generated to a JSON
//! line, and one reference answer verified, per named params (`<env>/generate/<case>`,
//! `<env>/verify/<case>`).

#[path = "support/env_bench.rs"]
mod env_bench;

use criterion::{Criterion, criterion_group, criterion_main};
use verigym::envs::nim::{Nim, NimParams};
use verigym::envs::tictactoe::{TicTacToe, TicTacToeParams};
use verigym::{EnvParams, LEVEL_MAX};

fn nim(c: &mut Criterion) {
    let respond = |_: &_, answer: &str| env_bench::think_then(answer);
    for (name, params) in [
        ("default", NimParams::default()),
        ("level-0", NimParams::at_level(0.0)),
        ("level-10", NimParams::at_level(LEVEL_MAX)),
    ] {
        env_bench::bench_case(c, &Nim, name, params, Some(&respond));
    }
}

fn tictactoe(c: &mut Criterion) {
    let respond = |_: &_, answer: &str| env_bench::think_then(answer);
    for (name, params) in [
        ("default", TicTacToeParams::default()),
        ("level-0", TicTacToeParams::at_level(0.0)),
        ("level-10", TicTacToeParams::at_level(LEVEL_MAX)),
    ] {
        env_bench::bench_case(c, &TicTacToe, name, params, Some(&respond));
    }
}

criterion_group!(benches, nim, tictactoe);
criterion_main!(benches);
