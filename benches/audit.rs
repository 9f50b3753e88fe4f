//! Criterion bench for the mutation audit: one full audit (analyse, compile with screening, run
//! every mutant sandboxed) of the fixture repo `tests/fixtures/repos/mini`, and the mutant
//! analysis alone. Needs rustc on PATH.

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use verigym::repo::audit::{self, AuditOptions};
use verigym::repo::{layout, mutate};

fn fixture() -> &'static Path {
    Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/repos/mini"
    ))
}

fn full_audit(c: &mut Criterion) {
    let mut group = c.benchmark_group("audit");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(40));
    let opts = AuditOptions {
        equivalence_inputs: 0,
        ..AuditOptions::default()
    };
    group.bench_function("mini_strong_full", |b| {
        b.iter(|| {
            black_box(
                audit::audit(fixture(), "strong", &opts)
                    .unwrap()
                    .counts
                    .killed,
            )
        })
    });
    group.finish();
}

fn analyze(c: &mut Criterion) {
    let src = layout::read(fixture(), "strong").unwrap();
    c.bench_function("audit/analyze_mini", |b| {
        b.iter(|| {
            black_box(
                mutate::analyze(&src.library, "src/lib.rs")
                    .unwrap()
                    .mutants
                    .len(),
            )
        })
    });
}

criterion_group!(benches, analyze, full_audit);
criterion_main!(benches);
