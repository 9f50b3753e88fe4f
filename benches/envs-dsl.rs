//! Criterion benches for the small-language envs (`program_synthesis`): one problem generated to
//! a JSON line (the reference drawn, its mutants separated on the pool), and one reference
//! answer verified (the ```dsl block read, parsed, type-checked and run on every shown and hidden
//! input), per named params (`<env>/generate/<case>`, `<env>/verify/<case>`).

#[path = "support/env_bench.rs"]
mod env_bench;

use criterion::{Criterion, criterion_group, criterion_main};
use verigym::envs::program_synthesis::{ProgramSynthesis, ProgramSynthesisParams};
use verigym::{EnvParams, LEVEL_MAX};

fn program_synthesis(c: &mut Criterion) {
    // A model's usual reply: a short think block, a sentence, then the fenced program.
    let respond = |_: &_, answer: &str| {
        format!("<think>Working.</think>\nThe rule, as a program:\n\n{answer}\n")
    };
    for (name, params) in [
        ("default", ProgramSynthesisParams::default()),
        ("level-0", ProgramSynthesisParams::at_level(0.0)),
        ("level-5", ProgramSynthesisParams::at_level(5.0)),
        ("level-10", ProgramSynthesisParams::at_level(LEVEL_MAX)),
    ] {
        env_bench::bench_case(c, &ProgramSynthesis, name, params, Some(&respond));
    }
}

criterion_group!(benches, program_synthesis);
criterion_main!(benches);
