//! What a careful grader says about a wrong `futoshiki` answer, from the givens, the signs and the
//! response only (never the solution). The first of, in this order: a cell (reading order)
//! holding a digit outside 1..=n or changing its given; a row, then a column, holding a digit
//! twice; the first sign (in the record's order, the prompt's) that the grid breaks. A grid that
//! keeps every rule is the solution, so nothing else is ever said.

use super::FutoshikiData;
use crate::logic::grid_answer::read_grid;
use crate::logic::grid_feedback::{bad_cell, repeated, rows_and_columns};
use verigym_core::extract::extract_agreed_answer;

/// The sentence naming the first rule `response` breaks, if it is a grid at all.
pub fn feedback(data: &FutoshikiData, response: &str) -> Option<String> {
    let answer = extract_agreed_answer(response, |r| super::verify::verify(data, r)).ok()?;
    let n = usize::from(data.size);
    let grid = read_grid(&answer, n).ok()?;
    let given = |r: usize, c: usize| {
        let g = *data.givens.get(r)?.get(c)?;
        (g != 0).then_some(g)
    };
    let lines = rows_and_columns(n);
    let at = |[r, c]: [u8; 2]| {
        let (r, c) = (
            usize::from(r).checked_sub(1)?,
            usize::from(c).checked_sub(1)?,
        );
        (r < n && c < n).then(|| grid[r * n + c])
    };
    bad_cell(n, &grid[..n * n], (1, data.size), given)
        .or_else(|| repeated(&grid, lines.iter().map(|(k, i, c)| (*k, *i, c.as_slice()))))
        .or_else(|| {
            data.inequalities.iter().find_map(|q| {
                let ([r1, c1], [r2, c2]) = (q.smaller, q.larger);
                (at(q.smaller)? >= at(q.larger)?)
                    .then(|| format!("The sign between ({r1}, {c1}) and ({r2}, {c2}) is broken."))
            })
        })
}

#[cfg(test)]
mod tests {
    use super::super::{Futoshiki, FutoshikiData, Inequality};
    use crate::feedback_tests::{assert_public_only, problems, tagged};
    use verigym_core::env::Env;

    #[test]
    fn feedback_reads_only_the_givens_the_signs_and_the_response() {
        assert_public_only(&Futoshiki, |d| {
            d.solution.iter_mut().flatten().for_each(|x| *x = 1)
        });
    }

    #[test]
    fn a_changed_given_a_repeat_and_a_broken_sign_are_named() {
        let data = FutoshikiData {
            size: 3,
            givens: vec![vec![1, 0, 0], vec![0; 3], vec![0; 3]],
            solution: vec![vec![1, 2, 3], vec![2, 3, 1], vec![3, 1, 2]],
            inequalities: vec![Inequality {
                smaller: [2, 1],
                larger: [2, 2],
            }],
            given_count: 1,
        };
        for (answer, want) in [
            (
                "213\n132\n321",
                "The given at row 1, column 1 was changed from 1 to 2.",
            ),
            ("123\n231\n132", "Column 1 holds 1 twice."),
            ("123\n311\n231", "Row 2 holds 1 twice."),
            (
                "143\n231\n312",
                "Row 1, column 2 holds 4; cells hold 1 to 3.",
            ),
            (
                "132\n321\n213",
                "The sign between (2, 1) and (2, 2) is broken.",
            ),
        ] {
            let said = Futoshiki.feedback(&data, &tagged(answer));
            assert_eq!(said.as_deref(), Some(want), "{answer}");
        }
        assert_eq!(Futoshiki.feedback(&data, &tagged("123\n231\n312")), None);
    }

    #[test]
    fn a_right_or_unreadable_answer_hears_nothing_more() {
        for (data, answer) in problems(&Futoshiki) {
            assert_eq!(Futoshiki.feedback(&data, &tagged(&answer)), None);
            assert_eq!(Futoshiki.feedback(&data, &tagged("1<2")), None);
        }
    }
}
