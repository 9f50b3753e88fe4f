//! Criterion benches for the modular-algebra envs (`modexp`, `crt`, `linear_mod`, `det_mod`,
//! `bezout`): one
//! problem generated to a JSON line, and one response verified, per env and named params
//! (`<env>/generate/<case>`, `<env>/verify/<case>`).

#[path = "support/env_bench.rs"]
mod env_bench;

use criterion::{Criterion, criterion_group, criterion_main};
use verigym::envs::bezout::{Bezout, BezoutParams};
use verigym::envs::crt::{Crt, CrtParams};
use verigym::envs::det_mod::{DetMod, DetModParams};
use verigym::envs::linear_mod::{LinearMod, LinearModParams};
use verigym::envs::modexp::{ModExp, ModExpParams};
use verigym::{Env, EnvParams, LEVEL_MAX};

/// How a bench response is written around the reference answer.
#[derive(Clone, Copy)]
enum Response {
    /// A short think block, then the answer.
    Bare,
    /// Every step listed in the think block (`step k: V`), then the answer.
    WithSteps,
}

/// Benches generation for each case, and verification of 64 reference answers in turn.
fn bench_env<E: Env>(
    c: &mut Criterion,
    env: &E,
    steps: fn(&E::Data) -> Vec<u64>,
    cases: Vec<(&str, E::Params, Response)>,
) {
    for (name, params, response) in cases {
        let respond = |data: &E::Data, answer: &str| {
            let think = match response {
                Response::Bare => "Working.".to_owned(),
                Response::WithSteps => (1..)
                    .zip(steps(data))
                    .map(|(k, v)| format!("step {k}: {v}"))
                    .collect::<Vec<_>>()
                    .join("\n"),
            };
            format!("<think>{think}</think>\n<answer>{answer}</answer>")
        };
        env_bench::bench_case(c, env, name, params, Some(&respond));
    }
}

fn modexp(c: &mut Criterion) {
    bench_env(
        c,
        &ModExp,
        |d| d.squares.clone(),
        vec![
            ("default", ModExpParams::default(), Response::Bare),
            (
                "default-steps",
                ModExpParams::default(),
                Response::WithSteps,
            ),
            (
                "level-10-steps",
                ModExpParams::at_level(LEVEL_MAX),
                Response::WithSteps,
            ),
        ],
    );
}

fn crt(c: &mut Criterion) {
    bench_env(
        c,
        &Crt,
        |d| d.partials.clone(),
        vec![
            ("default", CrtParams::default(), Response::Bare),
            ("default-steps", CrtParams::default(), Response::WithSteps),
            (
                "level-10-steps",
                CrtParams::at_level(LEVEL_MAX),
                Response::WithSteps,
            ),
        ],
    );
}

fn linear_mod(c: &mut Criterion) {
    bench_env(
        c,
        &LinearMod,
        |_| Vec::new(),
        vec![
            ("default", LinearModParams::default(), Response::Bare),
            (
                "level-10",
                LinearModParams::at_level(LEVEL_MAX),
                Response::Bare,
            ),
        ],
    );
}

fn det_mod(c: &mut Criterion) {
    bench_env(
        c,
        &DetMod,
        |_| Vec::new(),
        vec![
            ("default", DetModParams::default(), Response::Bare),
            (
                "level-10",
                DetModParams::at_level(LEVEL_MAX),
                Response::Bare,
            ),
        ],
    );
}

fn bezout(c: &mut Criterion) {
    bench_env(
        c,
        &Bezout,
        |_| Vec::new(),
        vec![
            ("default", BezoutParams::default(), Response::Bare),
            (
                "level-10",
                BezoutParams::at_level(LEVEL_MAX),
                Response::Bare,
            ),
        ],
    );
}

criterion_group!(benches, modexp, crt, linear_mod, det_mod, bezout);
criterion_main!(benches);
