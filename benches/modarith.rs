//! Criterion benches for `modarith`: generation to JSONL bytes, parallel streaming, verification.

use std::hint::black_box;
use std::io;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use verigym::envs::modarith::{ModArith, ModArithParams};
use verigym::{Env, Generator, MAX_RESPONSE_BYTES, stream};

fn k8() -> Generator<'static, ModArith> {
    let params = ModArithParams {
        steps: 8,
        ..Default::default()
    };
    Generator::new(&ModArith, params, 42).unwrap()
}

fn generate(c: &mut Criterion) {
    let g = k8();
    let mut group = c.benchmark_group("modarith/generate");
    group.throughput(Throughput::Elements(1));
    let mut buf = Vec::with_capacity(4096);
    let mut index = 0u64;
    group.bench_function("one_k8_to_jsonl", |b| {
        b.iter(|| {
            buf.clear();
            index += 1;
            g.write_jsonl(index, &mut buf);
            black_box(buf.len())
        })
    });
    const N: u64 = 100_000;
    group.throughput(Throughput::Elements(N));
    group.sample_size(10);
    group.bench_function("stream_100k_k8_all_cores_to_sink", |b| {
        b.iter(|| stream::write_jsonl(&g, 0, N, &mut io::sink()).unwrap())
    });
    group.finish();
}

/// A typical response of about 1 KB: reasoning, every step listed, then the answer.
fn typical_response(
    g: &Generator<'static, ModArith>,
    index: u64,
) -> (
    verigym::Problem<ModArithParams, verigym::envs::modarith::ModArithData>,
    String,
) {
    let p = g.problem(index);
    let mut r = String::from(
        "<think>\nLet me work through the chain carefully, reducing after every operation.\n",
    );
    for (i, s) in p.data.steps.iter().enumerate() {
        r += &format!(
            "Operation {} is {:?}; applying it to the running value and reducing modulo {} gives the next value.\nstep {}: {}\n",
            i + 1,
            s.op,
            p.data.modulus,
            i + 1,
            s.value
        );
    }
    r += "Checking each line once more, the chain is consistent.\n</think>\n";
    r += &format!(
        "The final value is {}.\n<answer>{}</answer>",
        p.answer, p.answer
    );
    (p, r)
}

fn verify(c: &mut Criterion) {
    let g = k8();
    let (p, response) = typical_response(&g, 7);
    let mut group = c.benchmark_group("modarith/verify");
    group.throughput(Throughput::Elements(1));
    group.bench_function(format!("typical_{}B_response", response.len()), |b| {
        b.iter(|| black_box(ModArith.verify(&p.data, black_box(&response))))
    });
    let bare = format!("<answer>{}</answer>", p.answer);
    group.bench_function("bare_answer", |b| {
        b.iter(|| black_box(ModArith.verify(&p.data, black_box(&bare))))
    });
    // The largest response read in full: 1 MiB of step lines and tags, all scanned.
    let unit = "step 3: 17\n<think>x</think>\\boxed{1}<answer>2</answer>\n";
    let max = unit.repeat(MAX_RESPONSE_BYTES / unit.len());
    group.throughput(Throughput::Bytes(max.len() as u64));
    group.sample_size(20);
    group.bench_function("adversarial_1MiB_response", |b| {
        b.iter(|| black_box(ModArith.verify(&p.data, black_box(&max))))
    });
    // 100 MB: rejected by its length before any scan.
    let huge = "7".repeat(100_000_000);
    group.throughput(Throughput::Bytes(huge.len() as u64));
    group.bench_function("100MB_response", |b| {
        b.iter_batched(
            || (),
            |()| black_box(ModArith.verify(&p.data, black_box(&huge))),
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

criterion_group!(benches, generate, verify);
criterion_main!(benches);
