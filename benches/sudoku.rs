//! Criterion benches for `sudoku`: generating a record (to JSON bytes) and verifying the reference.

mod support;

use criterion::{Criterion, criterion_group, criterion_main};
use verigym::envs::sudoku::{Sudoku, SudokuParams, Technique};
use verigym::{EnvParams, LEVEL_MAX};

fn params(size: u8, givens: u32, technique: Technique) -> SudokuParams {
    SudokuParams {
        size,
        givens,
        technique,
        require_technique: false,
    }
}

fn generate(c: &mut Criterion) {
    let cases = vec![
        ("default", SudokuParams::default()),
        ("4x4", params(4, 6, Technique::Search)),
        ("6x6", params(6, 12, Technique::Search)),
        ("9x9-singles-34", params(9, 34, Technique::Singles)),
        ("9x9-level-7", SudokuParams::at_level(7.0)),
        ("9x9-level-10", SudokuParams::at_level(LEVEL_MAX)),
    ];
    support::generate(c, &Sudoku, cases);
}

fn verify(c: &mut Criterion) {
    support::verify(c, &Sudoku, "9x9-reference", SudokuParams::default());
}

criterion_group!(benches, generate, verify);
criterion_main!(benches);
