//! Criterion benches for episodes in-process: one step of each interactive env (a query on an
//! open episode, `episodes/<env>/step`), and a whole episode played by the optimal agent from
//! opening the record to the verdict (`episodes/<env>/optimal_episode`); and the agentic
//! `repo_fix` episode's `run_tests` tool on a level-5 mini repo (`episodes/repo_fix/run_tests_built`:
//! the state's build exists, so only the sealed, sandboxed run is timed; `run_tests_cold`: the
//! build too).

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use verigym::episodes::{self, EpisodeOptions};

fn record(env: &str) -> String {
    let env = episodes::find_interactive(env).unwrap().as_env();
    let generator = env.generator(Some(5.0), &Default::default(), 1).unwrap();
    let mut line = Vec::new();
    generator.write_jsonl(0, &mut line);
    String::from_utf8(line).unwrap().trim_end().to_owned()
}

/// A well-formed first query the optimal agent would send.
fn first_query(env: &str, record: &str) -> String {
    let mut agent = episodes::find_interactive(env)
        .unwrap()
        .optimal_agent(record)
        .unwrap();
    agent.act("")
}

fn bench(c: &mut Criterion) {
    for env in episodes::interactive().iter().map(|e| e.as_env().id()) {
        let record = record(env);
        let query = first_query(env, &record);
        let options = EpisodeOptions::default();
        c.bench_function(&format!("episodes/{env}/step"), |b| {
            b.iter_batched(
                || episodes::open(&record, &options).unwrap(),
                // The session is handed back so that dropping it (the record's data) is not
                // timed as part of the step.
                |mut session| {
                    let step = session.step(&query).unwrap();
                    (session, step)
                },
                BatchSize::SmallInput,
            )
        });
        c.bench_function(&format!("episodes/{env}/optimal_episode"), |b| {
            b.iter(|| {
                let interactive = episodes::find_interactive(env).unwrap();
                let mut agent = interactive.optimal_agent(&record).unwrap();
                let mut session = episodes::open(&record, &options).unwrap();
                let mut observation = session.prompt().to_owned();
                while !session.done() {
                    observation = session.step(&agent.act(&observation)).unwrap().observation;
                }
                session.verdict().map(|v| v.score)
            })
        });
    }
}

/// `run_tests` on the workbench an agentic session drives: the tool call is this plus parsing.
#[cfg(feature = "repo")]
fn agentic(c: &mut Criterion) {
    use verigym::envs::repo_fix::{RepoFix, RepoFixParams, Workbench};
    use verigym::{EnvParams, Generator};
    let generator = Generator::new(&RepoFix, RepoFixParams::at_level(5.0), 1).unwrap();
    let record = serde_json::to_string(&generator.problem(0)).unwrap();
    let mut group = c.benchmark_group("episodes/repo_fix");
    group.sample_size(10);
    let mut bench = Workbench::open(&record).unwrap();
    let first = bench.run_tests();
    assert!(first.starts_with("running "), "{first}");
    group.bench_function("run_tests_built", |b| b.iter(|| bench.run_tests()));
    group.bench_function("run_tests_cold", |b| {
        b.iter_batched(
            || Workbench::open(&record).unwrap(),
            |mut bench| {
                let said = bench.run_tests();
                (bench, said)
            },
            BatchSize::PerIteration,
        )
    });
    group.finish();
    crate_run_tests(c);
}

/// `run_tests` on a shipped crate (`crate:heck`, level 2, seed 5, problem 0) once its working
/// copy is built: `run_tests_built` on the unchanged state (cargo finds every target fresh, so
/// the check, the no-op build and the sealed runs of the crate's own tests), `run_tests_edited`
/// after the buggy function is replaced by turns with two bodies (the incremental rebuild too).
#[cfg(feature = "repo")]
fn crate_run_tests(c: &mut Criterion) {
    use verigym::envs::repo_fix::{RepoFix, RepoFixParams, Workbench};
    use verigym::{EnvParams, Generator};
    let params = RepoFixParams {
        repo: "crate:heck".into(),
        ..RepoFixParams::at_level(2.0)
    };
    let generator = Generator::new(&RepoFix, params, 5).unwrap();
    let problem = generator.problem(0);
    let record = serde_json::to_string(&problem).unwrap();
    let mut bench = Workbench::open(&record).unwrap();
    let first = bench.run_tests();
    assert!(first.starts_with("running "), "{first}");
    let mut group = c.benchmark_group("episodes/repo_fix_crate");
    group.sample_size(10);
    group.bench_function("run_tests_built", |b| b.iter(|| bench.run_tests()));
    let fixes = bench.blocks(&problem.answer).unwrap();
    let buggy = bench
        .blocks(&format!("```rust\n{}\n```", problem.data.library))
        .unwrap();
    let mut flip = false;
    group.bench_function("run_tests_edited", |b| {
        b.iter(|| {
            flip = !flip;
            let block = if flip { &fixes[0] } else { &buggy[0] };
            bench.replace(block).unwrap();
            bench.run_tests()
        })
    });
    group.finish();
}

#[cfg(feature = "repo")]
criterion_group!(benches, bench, agentic);
#[cfg(not(feature = "repo"))]
criterion_group!(benches, bench);
criterion_main!(benches);
