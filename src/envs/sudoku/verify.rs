//! The `sudoku` verifier: the submitted grid against the givens and the rules, so any valid
//! completion is accepted (and by construction there is only one).
//!
//! **Answer form.** After extraction, the answer is n rows of n digits, top to bottom, each row on
//! its own line. Within a row, spaces, tabs, commas and `|` may separate digits. Blank lines, and
//! lines made only of `-`, `+`, `|`, spaces and tabs (box borders), are skipped. So `534678912`,
//! `5 3 4 | 6 7 8 | 9 1 2` and `5,3,4,6,7,8,9,1,2` are the same row.
//!
//! **Judgement**, first failure wins, each with a reason naming the place:
//! - unparsable: any other character (such as `.`, `x` or a letter), a row without n digits, or
//!   other than n rows;
//! - wrong: a digit outside 1..=n (including 0 for a blank left unfilled), a given changed, or a
//!   digit twice in one row, column or box.
//!
//! Score is 1 only for a complete valid grid. `detail` reports, for any parsed grid, how many of
//! the blanks agree with the solution: shaped partial credit for analysis, never the reward.
//! Uniformly random digits in the blanks agree on 1/n of them on average, and filling every blank
//! with `1` agrees on about 1/n too; there is no guessing floor in `score`.

use std::borrow::Cow;

use serde_json::json;

use super::SudokuData;
use super::shape::{MAX_CELLS, Shape};
use crate::core::extract::extract_answer;
use crate::core::verdict::{Reason, Verdict};

/// Why a text is not a grid in the documented form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// A character that is neither a digit nor an allowed separator, on a 1-based line.
    BadChar(char, usize),
    /// A row with the wrong number of digits: (1-based row, digits found).
    RowLength(usize, usize),
    /// More or fewer than n rows: digits rows found (more is reported as n + 1).
    RowCount(usize),
}

impl ParseError {
    fn message(&self, n: usize) -> String {
        match *self {
            ParseError::BadChar(c, line) => {
                format!("line {line} holds {c:?}; rows may hold only digits, spaces, commas and |")
            }
            ParseError::RowLength(row, found) => {
                format!("row {row} has {found} digits; expected {n}")
            }
            ParseError::RowCount(found) if found > n => format!("more than {n} rows"),
            ParseError::RowCount(found) => format!("{found} rows; expected {n}"),
        }
    }
}

/// Reads a grid of side `n` into `grid` (row-major). Digits are not range-checked here.
pub fn parse_grid(text: &str, n: usize, grid: &mut [u8; MAX_CELLS]) -> Result<(), ParseError> {
    let mut rows = 0;
    for (line_no, line) in text.lines().enumerate() {
        let mut digits = 0;
        let mut border_only = true;
        for c in line.chars() {
            match c {
                '0'..='9' => {
                    if rows == n {
                        return Err(ParseError::RowCount(n + 1));
                    }
                    if digits < n {
                        grid[rows * n + digits] = c as u8 - b'0';
                    }
                    digits += 1;
                    border_only = false;
                }
                ' ' | '\t' | '|' | '\r' => {}
                ',' => border_only = false,
                '-' | '+' if border_only && digits == 0 => {}
                _ => return Err(ParseError::BadChar(c, line_no + 1)),
            }
        }
        if digits == 0 {
            if border_only {
                continue;
            }
            return Err(ParseError::RowLength(rows + 1, 0));
        }
        if digits != n || line.contains(['-', '+']) {
            if digits == n {
                let bad = if line.contains('-') { '-' } else { '+' };
                return Err(ParseError::BadChar(bad, line_no + 1));
            }
            return Err(ParseError::RowLength(rows + 1, digits));
        }
        rows += 1;
    }
    if rows != n {
        return Err(ParseError::RowCount(rows));
    }
    Ok(())
}

/// Checks the record's data has a consistent shape; verification of a malformed record fails
/// cleanly instead of panicking.
fn shape_of(data: &SudokuData) -> Option<&'static Shape> {
    let shape = Shape::of(usize::from(data.size))?;
    let n = shape.n;
    let ok = usize::from(data.box_rows) == shape.box_rows
        && usize::from(data.box_cols) == shape.box_cols
        && data.givens.len() == n
        && data.solution.len() == n
        && data.givens.iter().all(|r| r.len() == n)
        && data.solution.iter().all(|r| r.len() == n);
    ok.then_some(shape)
}

/// Judges a response against the givens and the rules.
pub fn verify(data: &SudokuData, response: &str) -> Verdict {
    let answer = match extract_answer(response) {
        Ok(answer) => answer,
        Err(rejection) => return rejection.into(),
    };
    let Some(shape) = shape_of(data) else {
        return Verdict::rejected(Reason::UnparsableAnswer, "the record's grid is malformed");
    };
    let n = shape.n;
    let mut grid = [0u8; MAX_CELLS];
    if let Err(e) = parse_grid(&answer, n, &mut grid) {
        return Verdict::rejected(Reason::UnparsableAnswer, e.message(n));
    }
    let verdict = judge(shape, data, &grid);
    let (blanks, agree) = agreement(data, &grid);
    verdict.with_detail(json!({ "blanks": blanks, "blanks_agreeing": agree }))
}

fn judge(shape: &Shape, data: &SudokuData, grid: &[u8; MAX_CELLS]) -> Verdict {
    let n = shape.n;
    for (r, given_row) in data.givens.iter().enumerate() {
        for (c, &given) in given_row.iter().enumerate() {
            let d = grid[r * n + c];
            if d == 0 || usize::from(d) > n {
                return Verdict::wrong(format!(
                    "row {}, column {} holds {d}; digits are 1 to {n}",
                    r + 1,
                    c + 1
                ));
            }
            if given != 0 && given != d {
                return Verdict::wrong(format!(
                    "row {}, column {} is given as {given} but the answer has {d}",
                    r + 1,
                    c + 1
                ));
            }
        }
    }
    for u in 0..shape.unit_count() {
        let mut seen = 0u16;
        for &cell in shape.unit(u) {
            let bit = 1u16 << grid[usize::from(cell)];
            if seen & bit != 0 {
                let (kind, k) = shape.describe_unit(u);
                let d = grid[usize::from(cell)];
                return Verdict::wrong(Cow::Owned(format!("{d} appears twice in {kind} {k}")));
            }
            seen |= bit;
        }
    }
    Verdict::correct()
}

/// (blanks, blanks where the answer agrees with the stored solution).
fn agreement(data: &SudokuData, grid: &[u8; MAX_CELLS]) -> (u32, u32) {
    let n = data.givens.len();
    let (mut blanks, mut agree) = (0, 0);
    for (r, (given_row, solution_row)) in data.givens.iter().zip(&data.solution).enumerate() {
        for (c, (&given, &want)) in given_row.iter().zip(solution_row).enumerate() {
            if given == 0 {
                blanks += 1;
                agree += u32::from(grid[r * n + c] == want);
            }
        }
    }
    (blanks, agree)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn separators_and_borders_are_accepted() {
        let mut g = [0u8; MAX_CELLS];
        let text = "12|34\n34 | 12\n-----+-----\n\n2,1,4,3\n 4 3 2 1 \n";
        parse_grid(text, 4, &mut g).unwrap();
        assert_eq!(&g[..16], &[1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
    }

    #[test]
    fn malformed_grids_say_where() {
        let mut g = [0u8; MAX_CELLS];
        let cases = [
            ("1234\n3412\n2143\n432", ParseError::RowLength(4, 3)),
            ("1234\n3412\n2143\n43210", ParseError::RowLength(4, 5)),
            ("1234\n3412\n2143", ParseError::RowCount(3)),
            ("1234\n3412\n2143\n4321\n1234", ParseError::RowCount(5)),
            ("1234\n3412\n2.43\n4321", ParseError::BadChar('.', 3)),
            ("1234\n3412\n-2143\n4321", ParseError::BadChar('-', 3)),
            ("1234\n3412\n21 43 +\n4321", ParseError::BadChar('+', 3)),
            ("1234\n,\n3412\n2143\n4321", ParseError::RowLength(2, 0)),
            ("１234\n3412\n2143\n4321", ParseError::BadChar('１', 1)),
        ];
        for (text, want) in cases {
            assert_eq!(parse_grid(text, 4, &mut g), Err(want), "{text:?}");
        }
    }
}
