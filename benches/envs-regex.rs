//! Criterion benches for `regex_synthesis`: one problem generated to a JSON line (the rule
//! drawn, the examples sampled, a refutation found for every plausible wrong answer), and one
//! reference pattern verified (parsed, compiled over the alphabet, checked on the shown strings
//! and compared exactly with the rule), per named params (`regex_synthesis/generate/<case>`,
//! `regex_synthesis/verify/<case>`).

#[path = "support/env_bench.rs"]
mod env_bench;

use criterion::{Criterion, criterion_group, criterion_main};
use verigym::envs::regex_synthesis::{RegexSynthesis, RegexSynthesisParams};
use verigym::{EnvParams, LEVEL_MAX};

fn regex_synthesis(c: &mut Criterion) {
    let respond = |_: &_, answer: &str| env_bench::think_then(answer);
    for (name, params) in [
        ("default", RegexSynthesisParams::default()),
        ("level-0", RegexSynthesisParams::at_level(0.0)),
        ("level-5", RegexSynthesisParams::at_level(5.0)),
        ("level-10", RegexSynthesisParams::at_level(LEVEL_MAX)),
    ] {
        env_bench::bench_case(c, &RegexSynthesis, name, params, Some(&respond));
    }
}

criterion_group!(benches, regex_synthesis);
criterion_main!(benches);
