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
///
/// One pass over the bytes: every accepted character is ASCII, so the first other byte starts
/// the offending character.
pub fn parse_grid(text: &str, n: usize, grid: &mut [u8; MAX_CELLS]) -> Result<(), ParseError> {
    let mut rows = 0;
    for (line_no, line) in text.split('\n').enumerate() {
        let (mut digits, mut comma, mut border) = (0, false, None);
        for (pos, &b) in line.as_bytes().iter().enumerate() {
            match b {
                b'0'..=b'9' => {
                    if rows == n {
                        return Err(ParseError::RowCount(n + 1));
                    }
                    if digits < n {
                        grid[rows * n + digits] = b - b'0';
                    }
                    digits += 1;
                }
                b' ' | b'\t' | b'|' | b'\r' => {}
                b',' => comma = true,
                b'-' | b'+' => {
                    border.get_or_insert(char::from(b));
                }
                _ => {
                    let c = line[pos..].chars().next().unwrap_or('?');
                    return Err(ParseError::BadChar(c, line_no + 1));
                }
            }
        }
        match (digits, border) {
            (0, _) if !comma => continue,
            (0, _) => return Err(ParseError::RowLength(rows + 1, 0)),
            (_, Some(c)) => return Err(ParseError::BadChar(c, line_no + 1)),
            (d, None) if d != n => return Err(ParseError::RowLength(rows + 1, d)),
            _ => rows += 1,
        }
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
    let tally = tally(shape, data, &grid);
    let verdict = match tally.first_bad_cell {
        Some((i, given)) => bad_cell(n, i, given, grid[i]),
        None => match (0..shape.unit_count()).find(|&u| tally.units[u] != shape.all_digits()) {
            Some(u) => repeated(shape, u, &grid),
            None => Verdict::correct(),
        },
    };
    verdict.with_detail(json!({ "blanks": tally.blanks, "blanks_agreeing": tally.agree }))
}

/// One pass over the cells: everything the judgement and the detail need.
struct Tally {
    /// The first cell (row-major) holding a digit outside 1..=n or contradicting its given, with
    /// that given (0 for a blank).
    first_bad_cell: Option<(usize, u8)>,
    /// The digits present in each unit. With every cell in 1..=n, a unit is valid exactly when
    /// all n digits are present, so no per-cell duplicate test is needed on the hot path.
    units: [u16; 27],
    blanks: u32,
    agree: u32,
}

fn tally(shape: &Shape, data: &SudokuData, grid: &[u8; MAX_CELLS]) -> Tally {
    let n = shape.n;
    let mut t = Tally {
        first_bad_cell: None,
        units: [0; 27],
        blanks: 0,
        agree: 0,
    };
    let rows = data.givens.iter().zip(&data.solution);
    for (r, (given_row, solution_row)) in rows.enumerate() {
        for (c, (&given, &want)) in given_row.iter().zip(solution_row).enumerate() {
            let i = r * n + c;
            let d = grid[i];
            if given == 0 {
                t.blanks += 1;
                t.agree += u32::from(d == want);
            }
            if (d == 0 || usize::from(d) > n || (given != 0 && given != d))
                && t.first_bad_cell.is_none()
            {
                t.first_bad_cell = Some((i, given));
            }
            let bit = 1u16 << d;
            for u in shape.cell_units[i] {
                t.units[usize::from(u)] |= bit;
            }
        }
    }
    t
}

fn bad_cell(n: usize, i: usize, given: u8, d: u8) -> Verdict {
    let (r, c) = (i / n + 1, i % n + 1);
    if d == 0 || usize::from(d) > n {
        Verdict::wrong(format!(
            "row {r}, column {c} holds {d}; digits are 1 to {n}"
        ))
    } else {
        Verdict::wrong(format!(
            "row {r}, column {c} is given as {given} but the answer has {d}"
        ))
    }
}

/// The slow path for an invalid unit: finds the digit it repeats.
fn repeated(shape: &Shape, u: usize, grid: &[u8; MAX_CELLS]) -> Verdict {
    let (kind, k) = shape.describe_unit(u);
    let mut seen = 0u16;
    for &cell in shape.unit(u) {
        let d = grid[usize::from(cell)];
        if seen & (1 << d) != 0 {
            return Verdict::wrong(format!("{d} appears twice in {kind} {k}"));
        }
        seen |= 1 << d;
    }
    Verdict::wrong(format!(
        "{kind} {k} is not a permutation of 1 to {}",
        shape.n
    ))
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
