//! What a careful grader says about a wrong `binairo` answer, from the givens and the response
//! only (never the solution). The first of, in this order: a cell (reading order) holding other
//! than 0 or 1 or changing its given; then the verifier's rule order, which reads only the grid:
//! three equal digits in a line, a line without n/2 of each digit, two equal rows, two equal
//! columns. A grid that keeps every rule is the solution, so nothing else is ever said.

use super::BinairoData;
use crate::logic::grid_answer::read_grid;
use crate::logic::grid_feedback::bad_cell;
use crate::sentence::sentence;
use verigym_core::extract::extract_agreed_answer;

/// The sentence naming the first rule `response` breaks, if it is a grid at all.
pub fn feedback(data: &BinairoData, response: &str) -> Option<String> {
    let answer = extract_agreed_answer(response, |r| super::verify::verify(data, r)).ok()?;
    let n = usize::from(data.size);
    let grid = read_grid(&answer, n).ok()?;
    let given = |r: usize, c: usize| *data.givens.get(r)?.get(c)?;
    bad_cell(n, &grid[..n * n], (0, 1), given)
        .or_else(|| super::verify::broken_rule(n, &grid).map(|rule| sentence(&rule)))
}

#[cfg(test)]
mod tests {
    use super::super::{Binairo, BinairoData};
    use crate::feedback_tests::{assert_public_only, problems, tagged};
    use verigym_core::env::Env;

    #[test]
    fn feedback_reads_only_the_givens_and_the_response() {
        assert_public_only(&Binairo, |d| {
            d.solution.iter_mut().flatten().for_each(|x| *x = 1 - *x)
        });
    }

    #[test]
    fn each_broken_rule_is_named() {
        let data = BinairoData {
            size: 4,
            givens: vec![
                vec![Some(0), None, None, None],
                vec![None; 4],
                vec![None; 4],
                vec![None; 4],
            ],
            solution: vec![
                vec![0, 0, 1, 1],
                vec![1, 1, 0, 0],
                vec![0, 1, 1, 0],
                vec![1, 0, 0, 1],
            ],
            given_count: 1,
        };
        for (answer, want) in [
            (
                "1010\n0101\n1010\n0101",
                "The given at row 1, column 1 was changed from 0 to 1.",
            ),
            (
                "0200\n0101\n1010\n0101",
                "Row 1, column 2 holds 2; cells hold 0 to 1.",
            ),
            (
                "0001\n0101\n1010\n0101",
                "Row 1 has three 0s in a row at positions 1 to 3.",
            ),
            ("0011\n0011\n1100\n1100", "Rows 1 and 2 are the same."),
        ] {
            let said = Binairo.feedback(&data, &tagged(answer));
            assert_eq!(said.as_deref(), Some(want), "{answer}");
        }
    }

    #[test]
    fn a_right_or_unreadable_answer_hears_nothing_more() {
        for (data, answer) in problems(&Binairo) {
            assert_eq!(Binairo.feedback(&data, &tagged(&answer)), None);
            assert_eq!(Binairo.feedback(&data, &tagged("0 1 _")), None);
        }
    }
}
