//! Criterion benches for the `sql` env: one problem generated to a JSON line, and one response
//! verified, at levels 0, 5 and 10 (`sql/generate/<case>`, `sql/verify/<case>`). The verify
//! bench cycles through 64 problems, so each verification builds that record's databases
//! (the cold path); `sql/verify-warm/<case>` judges one record's response again and again, as a
//! GRPO group does, on the thread's cached databases.

#[path = "support/env_bench.rs"]
mod env_bench;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use verigym::envs::sql::{Sql, SqlParams};
use verigym::{Env, EnvParams, Generator};

fn sql(c: &mut Criterion) {
    let respond = |_: &_, answer: &str| format!("<think>Working.</think>\n{answer}");
    for (name, level) in [("level-0", 0.0), ("level-5", 5.0), ("level-10", 10.0)] {
        env_bench::bench_case(c, &Sql, name, SqlParams::at_level(level), Some(&respond));
    }
    let mut group = c.benchmark_group("sql/verify-warm");
    for (name, level) in [("level-0", 0.0), ("level-5", 5.0), ("level-10", 10.0)] {
        let p = Generator::new(&Sql, SqlParams::at_level(level), 42)
            .expect("bench params are valid")
            .problem(0);
        let response = respond(&p.data, &p.answer);
        group.bench_function(name, |b| {
            b.iter(|| {
                let verdict = Sql.verify(black_box(&p.data), black_box(&response));
                debug_assert!(verdict.correct);
                verdict.score
            })
        });
    }
    group.finish();
}

criterion_group!(benches, sql);
criterion_main!(benches);
