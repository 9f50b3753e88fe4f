//! Criterion benches for the constraint-puzzle envs of issue 17 (`futoshiki`, `binairo`,
//! `cryptarithm`): one problem generated to a JSON line, and one reference answer verified, per
//! env and level (`<env>/generate/<case>`, `<env>/verify/<case>`).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use verigym::envs::binairo::{Binairo, BinairoParams};
use verigym::envs::cryptarithm::{Cryptarithm, CryptarithmParams};
use verigym::envs::futoshiki::{Futoshiki, FutoshikiParams};
use verigym::{Env, EnvParams, Generator};

/// Benches generation for each case, and verification for the cases marked `true`.
fn bench_env<E: Env>(c: &mut Criterion, env: &E, cases: Vec<(&str, E::Params, bool)>) {
    for (name, params, verify_too) in cases {
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
        if !verify_too {
            continue;
        }
        // The reference answers of 64 problems in turn, after a short think block.
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
