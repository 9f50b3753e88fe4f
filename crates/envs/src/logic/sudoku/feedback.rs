//! What a careful grader says about a wrong `sudoku` answer, from the givens and the response
//! only (never the solution). The first of, in this order: a cell (reading order) holding a digit
//! outside 1..=n or changing its given; a row, then a column, then a box holding a digit twice.
//! A grid that keeps every rule is the solution, so nothing else is ever said.

use super::SudokuData;
use super::shape::{MAX_CELLS, Shape};
use crate::logic::grid_feedback::{bad_cell, repeated};
use verigym_core::extract::extract_agreed_answer;

/// The sentence naming the first rule `response` breaks, if it is a grid at all.
pub fn feedback(data: &SudokuData, response: &str) -> Option<String> {
    let answer = extract_agreed_answer(response, |r| super::verify::verify(data, r)).ok()?;
    let shape = Shape::of(usize::from(data.size))?;
    let n = shape.n;
    let mut grid = [0u8; MAX_CELLS];
    super::parse_grid(&answer, n, &mut grid).ok()?;
    let given = |r: usize, c: usize| {
        let g = *data.givens.get(r)?.get(c)?;
        (g != 0).then_some(g)
    };
    let units: Vec<(&'static str, usize, Vec<usize>)> = (0..shape.unit_count())
        .map(|u| {
            let (kind, k) = shape.describe_unit(u);
            let kind = match kind {
                "row" => "Row",
                "column" => "Column",
                _ => "Box",
            };
            (
                kind,
                k,
                shape.unit(u).iter().map(|&i| usize::from(i)).collect(),
            )
        })
        .collect();
    bad_cell(n, &grid[..n * n], (1, n as u8), given)
        .or_else(|| repeated(&grid, units.iter().map(|(k, i, c)| (*k, *i, c.as_slice()))))
}

#[cfg(test)]
mod tests {
    use super::super::Sudoku;
    use crate::feedback_tests::{assert_public_only, problems, tagged};
    use verigym_core::env::Env;

    fn text(grid: &[Vec<u8>]) -> String {
        let rows: Vec<String> = grid
            .iter()
            .map(|r| r.iter().map(u8::to_string).collect())
            .collect();
        tagged(&rows.join("\n"))
    }

    #[test]
    fn feedback_reads_only_the_givens_and_the_response() {
        assert_public_only(&Sudoku, |d| {
            d.solution.iter_mut().flatten().for_each(|x| *x = 1)
        });
    }

    #[test]
    fn a_changed_given_and_a_repeated_digit_are_named() {
        for (data, _) in problems(&Sudoku) {
            let n = data.solution.len();
            let (r, c) = (0..n * n)
                .map(|i| (i / n, i % n))
                .find(|&(r, c)| data.givens[r][c] != 0)
                .unwrap();
            let mut grid = data.solution.clone();
            let g = grid[r][c];
            grid[r][c] = g % n as u8 + 1;
            let said = Sudoku.feedback(&data, &text(&grid));
            let want = format!(
                "The given at row {}, column {} was changed from {g} to {}.",
                r + 1,
                c + 1,
                grid[r][c]
            );
            assert_eq!(said.as_deref(), Some(want.as_str()));

            let (r, c) = (0..n * n)
                .map(|i| (i / n, i % n))
                .find(|&(r, c)| c > 0 && data.givens[r][c] == 0)
                .unwrap();
            let mut grid = data.solution.clone();
            grid[r][c] = grid[r][c - 1];
            let said = Sudoku.feedback(&data, &text(&grid));
            let want = format!("Row {} holds {} twice.", r + 1, grid[r][c]);
            assert_eq!(said.as_deref(), Some(want.as_str()));
        }
    }

    #[test]
    fn a_right_or_unreadable_answer_hears_nothing_more() {
        for (data, answer) in problems(&Sudoku) {
            assert_eq!(Sudoku.feedback(&data, &tagged(&answer)), None);
            assert_eq!(Sudoku.feedback(&data, &tagged("12x4")), None);
        }
    }
}
