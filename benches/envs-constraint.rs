//! Criterion benches for the constraint-puzzle envs of issue 17 (`futoshiki`, `binairo`,
//! `cryptarithm`): one problem generated to a JSON line, and one reference answer verified, per
//! env and level (`<env>/generate/<case>`, `<env>/verify/<case>`).

#[path = "support/env_bench.rs"]
mod env_bench;

use criterion::{Criterion, criterion_group, criterion_main};
use verigym::envs::binairo::{Binairo, BinairoParams};
use verigym::envs::cryptarithm::{Cryptarithm, CryptarithmParams};
use verigym::envs::futoshiki::{Futoshiki, FutoshikiParams};
use verigym::{Env, EnvParams};

/// Benches generation for each case, and verification for the cases marked `true`.
fn bench_env<E: Env>(c: &mut Criterion, env: &E, cases: Vec<(&str, E::Params, bool)>) {
    for (name, params, verify_too) in cases {
        let respond = |_: &E::Data, answer: &str| env_bench::think_then(answer);
        env_bench::bench_case(c, env, name, params, verify_too.then_some(&respond as _));
    }
}

fn levels<P: EnvParams>() -> Vec<(&'static str, P, bool)> {
    vec![
        ("level-0", P::at_level(0.0), true),
        ("level-5", P::at_level(5.0), true),
        ("level-10", P::at_level(10.0), true),
    ]
}

fn futoshiki(c: &mut Criterion) {
    bench_env(c, &Futoshiki, levels::<FutoshikiParams>());
}

fn binairo(c: &mut Criterion) {
    bench_env(c, &Binairo, levels::<BinairoParams>());
}

fn cryptarithm(c: &mut Criterion) {
    bench_env(c, &Cryptarithm, levels::<CryptarithmParams>());
}

criterion_group!(benches, futoshiki, binairo, cryptarithm);
criterion_main!(benches);
