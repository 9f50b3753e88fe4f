//! The one generate-and-verify bench every env bench file runs per case, included by `#[path]`
//! (a subdirectory without `main.rs` is not a bench target of its own).

use std::hint::black_box;

use criterion::{Criterion, Throughput};
use verigym::{Env, Generator};

/// Writes a bench response for a problem's data and reference answer.
pub type Respond<'a, D> = &'a dyn Fn(&D, &str) -> String;

/// The usual bench response: a short think block, then the reference answer.
#[allow(dead_code)] // not every bench file writes the usual response
pub fn think_then(answer: &str) -> String {
    format!("<think>Working.</think>\n<answer>\n{answer}\n</answer>")
}

/// Benches `<env>/generate/<name>` (one problem to a JSON line), and, when `respond` is given,
/// `<env>/verify/<name>`: the responses it writes for 64 problems, judged in turn. Every bench
/// response must be correct (checked in debug builds), so a bench never times a rejection path.
pub fn bench_case<E: Env>(
    c: &mut Criterion,
    env: &E,
    name: &str,
    params: E::Params,
    respond: Option<Respond<'_, E::Data>>,
) {
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
    let Some(respond) = respond else {
        return;
    };
    let cases: Vec<_> = (0..64)
        .map(|i| {
            let p = generator.problem(i);
            let response = respond(&p.data, &p.answer);
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
