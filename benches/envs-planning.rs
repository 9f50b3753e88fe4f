//! Criterion benches for the planning envs (`water_jugs`, `hanoi`, `maze`): one problem generated
//! to a JSON line, and one reference plan verified by simulation, per env and named params
//! (`<env>/generate/<case>`, `<env>/verify/<case>`).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use verigym::envs::hanoi::{Hanoi, HanoiParams};
use verigym::envs::maze::{Maze, MazeParams};
use verigym::envs::water_jugs::{WaterJugs, WaterJugsParams};
use verigym::{Env, EnvParams, Generator, LEVEL_MAX};

/// Benches generation and verification (the reference answers of 64 problems in turn, after a
/// short think block) for each case.
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
                let response = format!("<think>Plan it.</think>\n<answer>{}</answer>", p.answer);
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
                let v = env.verify(black_box(data), black_box(response));
                assert!(v.correct);
                v.score
            })
        });
        group.finish();
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
            ("4-pegs-8-disks", HanoiParams { disks: 8, pegs: 4 }),
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
