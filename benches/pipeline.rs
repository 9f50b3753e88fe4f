//! Criterion benches for the env-agnostic pipeline: `eval` over 100k responses (parsing both
//! files, grading, pass@k) and building the `standard-v1` suite.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use serde_json::json;
use verigym::grade::{self, ProblemSet, ResponseSet};
use verigym::registry::{self, EnvSet};
use verigym::suite::SuiteSpec;
use verigym::{eval, stream};

const PROBLEMS: u64 = 12_500;
const GROUP: usize = 8;

/// 12,500 modarith problems and 8 responses each (100,000 in all), as JSONL bytes.
fn files() -> (Vec<u8>, Vec<u8>) {
    let env = registry::find("modarith").unwrap();
    let generator = env.generator(Some(4.0), &Default::default(), 9).unwrap();
    let mut problems = Vec::new();
    stream::write_jsonl(generator.as_ref(), 0, PROBLEMS, &mut problems).unwrap();
    let mut responses = Vec::new();
    for i in 0..PROBLEMS {
        let p = generator.record(i);
        let steps: String = p.data["steps"]
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
            .map(|(k, s)| format!("step {}: {}\n", k + 1, s["value"]))
            .collect();
        let group: Vec<String> = (0..GROUP)
            .map(|k| {
                let answer = if k % 3 == 0 {
                    p.answer.clone()
                } else {
                    "0".to_owned()
                };
                format!("<think>\n{steps}</think>\n<answer>{answer}</answer>")
            })
            .collect();
        responses.extend(json!({"id": p.id, "responses": group}).to_string().bytes());
        responses.push(b'\n');
    }
    (problems, responses)
}

fn eval_100k(c: &mut Criterion) {
    let (problems, responses) = files();
    let mut group = c.benchmark_group("pipeline");
    group.sample_size(10);
    group.bench_function("eval_100k_responses", |b| {
        b.iter(|| {
            let p = ProblemSet::from_jsonl(&problems[..], "p", &EnvSet::shipped()).unwrap();
            let r = ResponseSet::from_jsonl(&responses[..], "r", &p).unwrap();
            let graded = grade::grade(&p, &r);
            black_box(eval::evaluate(&p, &r, &graded, &[1, 4, 8]))
        })
    });
    let envs = EnvSet::shipped();
    group.bench_function("suite_build_standard_v1", |b| {
        b.iter(|| {
            black_box(
                SuiteSpec::load("standard-v1", &envs)
                    .unwrap()
                    .build(&envs)
                    .unwrap(),
            )
        })
    });
    group.finish();
}

criterion_group!(benches, eval_100k);
criterion_main!(benches);
