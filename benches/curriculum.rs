//! Controller overhead per problem: choosing a level (`plan`), remembering the problem and taking
//! its rewards back (`record`), with problem generation excluded; and `next`, which generates.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use verigym::curriculum::{ControllerConfig, Curriculum, CurriculumConfig};

const BATCH: usize = 64;

/// A curriculum warmed up with a few hundred groups of feedback, so the fit has data.
fn warmed(controller: ControllerConfig) -> Curriculum {
    let mut c = Curriculum::new(CurriculumConfig {
        controller,
        ..CurriculumConfig::single("modarith", 1)
    })
    .unwrap();
    for round in 0..10 {
        for (i, p) in c.plan(BATCH).into_iter().enumerate() {
            let id = format!("warm-{round}-{i}");
            c.track(&id, p).unwrap();
            c.record(&id, &rewards(i)).unwrap();
        }
    }
    c
}

fn rewards(i: usize) -> [f64; 8] {
    std::array::from_fn(|j| f64::from(u8::from((i >> (j % 4)) & 1 == 1)))
}

fn controller(c: &mut Criterion) {
    let mut group = c.benchmark_group("curriculum");
    group.throughput(Throughput::Elements(BATCH as u64));
    for config in [
        ControllerConfig::default(),
        ControllerConfig::by_name("reasoning_gym").unwrap(),
    ] {
        let name = config.name();
        // plan + track + record for a batch, with ids made up instead of generated problems.
        let mut cur = warmed(config);
        let ids: Vec<String> = (0..BATCH).map(|i| format!("bench-{i}")).collect();
        group.bench_function(format!("{name}/plan+record"), |b| {
            b.iter(|| {
                for (i, p) in cur.plan(BATCH).into_iter().enumerate() {
                    cur.track(&ids[i], p).unwrap();
                }
                for (i, id) in ids.iter().enumerate() {
                    cur.record(black_box(id), &rewards(i)).unwrap();
                }
            })
        });
    }
    let mut cur = warmed(ControllerConfig::default());
    group.bench_function("target/record", |b| {
        b.iter_custom(|iters| {
            let mut spent = Duration::ZERO;
            for _ in 0..iters {
                let plan = cur.plan(BATCH);
                let ids: Vec<String> = plan.iter().map(|p| format!("r-{}", p.serial)).collect();
                for (p, id) in plan.into_iter().zip(&ids) {
                    cur.track(id, p).unwrap();
                }
                let start = Instant::now();
                for (i, id) in ids.iter().enumerate() {
                    cur.record(black_box(id), &rewards(i)).unwrap();
                }
                spent += start.elapsed();
            }
            spent
        })
    });
    // For reference: next() generates real records, whose cost is the env's, not the controller's.
    let mut cur = warmed(ControllerConfig::default());
    group.bench_function("target/next (with generation)", |b| {
        b.iter_batched(
            || (),
            |()| {
                let batch = cur.next(BATCH).unwrap();
                for (i, p) in batch.iter().enumerate() {
                    cur.record(&p.id, &rewards(i)).unwrap();
                }
                batch
            },
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

criterion_group!(benches, controller);
criterion_main!(benches);
