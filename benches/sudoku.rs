//! Criterion benches for `sudoku`: generating a record (to JSON bytes) and verifying the reference.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use verigym::envs::sudoku::{Sudoku, SudokuParams, Technique};
use verigym::{Env, Generator, LEVEL_MAX};

fn params(size: u8, givens: u32, technique: Technique) -> SudokuParams {
    SudokuParams {
        size,
        givens,
        technique,
        require_technique: false,
    }
}

fn generate(c: &mut Criterion) {
    let mut group = c.benchmark_group("sudoku/generate");
    let cases = [
        ("default", SudokuParams::default()),
        ("4x4", params(4, 6, Technique::Search)),
        ("6x6", params(6, 12, Technique::Search)),
        ("9x9-singles-34", params(9, 34, Technique::Singles)),
        (
            "9x9-level-10",
            <SudokuParams as verigym::EnvParams>::at_level(LEVEL_MAX),
        ),
    ];
    for (name, p) in cases {
        let g = Generator::new(&Sudoku, p, 1).unwrap();
        let mut buf = Vec::with_capacity(4096);
        let mut i = 0u64;
        group.bench_function(name, |b| {
            b.iter(|| {
                buf.clear();
                g.write_jsonl(i, &mut buf);
                i += 1;
                black_box(buf.len())
            })
        });
    }
    group.finish();
}

fn verify(c: &mut Criterion) {
    let g = Generator::new(&Sudoku, SudokuParams::default(), 1).unwrap();
    let p = g.problem(0);
    let response = format!(
        "<think>fill the grid</think>\n<answer>\n{}\n</answer>",
        p.answer
    );
    assert!(Sudoku.verify(&p.data, &response).correct);
    // The shared extraction step alone, for scale: verify = extraction + the env's own work.
    c.bench_function("sudoku/verify/extract-only", |b| {
        b.iter(|| black_box(verigym::extract_answer(black_box(&response)).is_ok()))
    });
    c.bench_function("sudoku/verify/9x9-reference", |b| {
        b.iter(|| black_box(Sudoku.verify(black_box(&p.data), black_box(&response))))
    });
}

criterion_group!(benches, generate, verify);
criterion_main!(benches);
