//! Probe answers for `sudoku`: other layouts of the solved grid, and grids that break a rule.

use super::SudokuData;
use crate::core::env::ProbeAnswers;

fn rows(grid: &[Vec<u8>], separator: &str) -> Vec<String> {
    grid.iter()
        .map(|row| {
            let digits: Vec<String> = row.iter().map(u8::to_string).collect();
            digits.join(separator)
        })
        .collect()
}

/// See [`crate::Env::probe_answers`]. The solution is unique, so another puzzle's different grid
/// is certainly wrong here.
pub fn probe_answers(data: &SudokuData, answer: &str, foreign: &str) -> ProbeAnswers {
    let n = data.solution.len();
    if n < 2 {
        return ProbeAnswers::default();
    }
    let solved = &data.solution;
    // Swapping two cells of the first row keeps the row valid but breaks two columns.
    let mut swapped = solved.clone();
    swapped[0].swap(0, 1);
    // The blanks filled with 1: the givens kept, the rules broken.
    let ones: Vec<Vec<u8>> = data
        .givens
        .iter()
        .map(|row| row.iter().map(|&d| if d == 0 { 1 } else { d }).collect())
        .collect();
    // A given changed: the first given, replaced by a different digit.
    let mut changed = solved.clone();
    if let Some((r, c)) = (0..n * n)
        .map(|i| (i / n, i % n))
        .find(|&(r, c)| data.givens[r][c] != 0)
    {
        changed[r][c] = changed[r][c] % n as u8 + 1;
    }
    let mut near_miss = vec![
        ("two_cells_swapped", rows(&swapped, "").join("\n")),
        ("blanks_filled_with_one", rows(&ones, "").join("\n")),
        ("given_changed", rows(&changed, "").join("\n")),
        ("last_row_missing", rows(&solved[..n - 1], "").join("\n")),
        ("givens_only", rows(&data.givens, "").join("\n")),
    ];
    if !foreign.is_empty() && foreign != answer {
        near_miss.push(("other_problem", foreign.to_owned()));
    }
    ProbeAnswers {
        equivalent: vec![
            ("spaced_digits", rows(solved, " ").join("\n")),
            ("comma_separated", rows(solved, ",").join("\n")),
            ("blank_lines_between_rows", rows(solved, "").join("\n\n")),
            ("pipe_separated", rows(solved, "|").join("\n")),
        ],
        near_miss,
        realistic: Vec::new(),
    }
}
