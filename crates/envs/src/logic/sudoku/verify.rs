//! The `sudoku` verifier: the submitted grid against the givens and the rules, so any valid
//! completion is accepted (and by construction there is only one).
//!
//! **Answer form.** After extraction, the answer is n rows of n digits, top to bottom. A row ends
//! at a line break or at a `]`. Within a row, spaces, tabs, commas, `[`, and vertical bars (`|`,
//! `│`, `┃`, `║`) may separate digits, and Markdown emphasis or code marks (`*`, `` ` ``) are
//! ignored. A row may carry a label `Row K:` (or `Row K -`, `RK:`, any case) whose K must be that
//! row's number. Lines without digits are skipped when they hold only separators or border
//! characters (`-`, `+`, `=`, `_`, and the box-drawing characters such as `─ ┼ ═ ╬`), as are
//! Markdown fence lines (```` ``` ````); one full stop after the last row is ignored. So
//! `534678912`, `5 3 4 | 6 7 8 | 9 1 2`, `[5, 3, 4, 6, 7, 8, 9, 1, 2],`, `Row 1: 534 678 912` and
//! `║ 5 3 4 │ 6 7 8 │ 9 1 2 ║` are the same row, and `[[1,2,3,4],[3,4,1,2],…]` is a whole grid.
//!
//! **Judgement**, first failure wins, each with a reason naming the place:
//! - unparsable: any other character (such as `.` for a blank, `x` or a letter), a border
//!   character on a row with digits, a row without n digits, a row label out of order, a line of
//!   nothing but a comma, or other than n rows;
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
use verigym_core::extract::extract_agreed_answer;
use verigym_core::verdict::{Reason, Verdict};

/// Why a text is not a grid in the documented form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// A character that is neither a digit nor an allowed separator, on a 1-based line.
    BadChar(char, usize),
    /// A row with the wrong number of digits: (1-based row, digits found).
    RowLength(usize, usize),
    /// More or fewer than n rows: digits rows found (more is reported as n + 1).
    RowCount(usize),
    /// A `Row K:` label whose K is not the row's number: (1-based row, K).
    RowLabel(usize, u64),
}

impl ParseError {
    fn message(&self, n: usize) -> String {
        match *self {
            ParseError::BadChar(c, line) => format!(
                "line {line} holds {c:?}; rows may hold only digits, spaces, commas, brackets and \
                 bars"
            ),
            ParseError::RowLength(row, found) => {
                format!("row {row} has {found} digits; expected {n}")
            }
            ParseError::RowCount(found) if found > n => format!("more than {n} rows"),
            ParseError::RowCount(found) => format!("{found} rows; expected {n}"),
            ParseError::RowLabel(row, label) => {
                format!("row {row} is labelled row {label}")
            }
        }
    }
}

/// A line's `Row K` label (`Row K:`, `Row K -`, `Row K.`, `RK:`, any case) → (K, the rest).
fn row_label(line: &str) -> Option<(u64, &str)> {
    let lower = line.get(..3).map(str::to_ascii_lowercase);
    let rest = if lower.as_deref() == Some("row") {
        line[3..].trim_start()
    } else {
        line.strip_prefix(['R', 'r'])?
    };
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 2 {
        return None;
    }
    let k = rest[..digits].parse().ok()?;
    let rest = rest[digits..].trim_start();
    let rest = rest.strip_prefix([':', '-', '.', ')', '='])?;
    Some((k, rest))
}

/// The digits of the row being read and what else it held.
#[derive(Default)]
struct Row {
    digits: usize,
    comma: bool,
    border: Option<char>,
}

/// Ends the row being read: counts it, skips it (no digits), or says why it is no row. A row of
/// nothing but commas is an error unless it follows a `]`, as in `[1,2],[3,4]`.
fn end_row(
    row: &mut Row,
    rows: &mut usize,
    n: usize,
    line_no: usize,
    after_bracket: bool,
) -> Result<(), ParseError> {
    let row = std::mem::take(row);
    match (row.digits, row.border) {
        (0, _) if !row.comma || after_bracket => Ok(()),
        (0, _) => Err(ParseError::RowLength(*rows + 1, 0)),
        (_, Some(c)) => Err(ParseError::BadChar(c, line_no + 1)),
        (d, None) if d != n => Err(ParseError::RowLength(*rows + 1, d)),
        _ => {
            *rows += 1;
            Ok(())
        }
    }
}

/// Reads a grid of side `n` into `grid` (row-major). Digits are not range-checked here.
pub fn parse_grid(text: &str, n: usize, grid: &mut [u8; MAX_CELLS]) -> Result<(), ParseError> {
    let text = text.trim_end();
    let text = text.strip_suffix('.').unwrap_or(text);
    let mut rows = 0;
    for (line_no, line) in text.split('\n').enumerate() {
        let mut line = line.trim();
        if line.starts_with("```") {
            continue;
        }
        if let Some((k, rest)) = row_label(line.trim_start_matches(['*', '`', '-', ' '])) {
            if k != rows as u64 + 1 {
                return Err(ParseError::RowLabel(rows + 1, k));
            }
            line = rest;
        }
        let mut row = Row::default();
        let mut after_bracket = false;
        for (pos, c) in line.char_indices() {
            match c {
                '0'..='9' => {
                    if rows == n {
                        return Err(ParseError::RowCount(n + 1));
                    }
                    if row.digits < n {
                        grid[rows * n + row.digits] = c as u8 - b'0';
                    }
                    row.digits += 1;
                }
                ' ' | '\t' | '\r' | '|' | '│' | '┃' | '║' | '*' | '`' | '[' => {}
                ',' => row.comma = true,
                ']' => {
                    end_row(&mut row, &mut rows, n, line_no, after_bracket)?;
                    after_bracket = true;
                }
                '-' | '+' | '=' | '_' | '\u{2500}'..='\u{257F}' => {
                    row.border.get_or_insert(c);
                }
                _ => {
                    let c = line[pos..].chars().next().unwrap_or('?');
                    return Err(ParseError::BadChar(c, line_no + 1));
                }
            }
        }
        end_row(&mut row, &mut rows, n, line_no, after_bracket)?;
    }
    if rows != n {
        return Err(ParseError::RowCount(rows));
    }
    Ok(())
}

/// Judges a response against the givens and the rules.
pub fn verify(data: &SudokuData, response: &str) -> Verdict {
    let answer = match extract_agreed_answer(response, |r| verify(data, r)) {
        Ok(answer) => answer,
        Err(rejection) => return rejection.into(),
    };
    let shape = match super::check::checked_shape(data) {
        Ok(shape) => shape,
        Err(why) => {
            return Verdict::rejected(Reason::VerifierError, format!("malformed record: {why}"));
        }
    };
    let n = shape.n;
    let mut grid = [0u8; MAX_CELLS];
    let answer = crate::logic::grid_frame::peel_grid_frame(&answer, n);
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
        let want = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        for text in [
            "12|34\n34 | 12\n-----+-----\n\n2,1,4,3\n 4 3 2 1 \n",
            "[1, 2, 3, 4]\n[3, 4, 1, 2]\n[2, 1, 4, 3]\n[4, 3, 2, 1]",
            "[[1,2,3,4],[3,4,1,2],\n [2,1,4,3],[4,3,2,1]]",
            "[1, 2, 3, 4],\n[3, 4, 1, 2],\n[2, 1, 4, 3],\n[4, 3, 2, 1],",
            "Row 1: 1 2 | 3 4\nrow 2 - 3 4 | 1 2\n**Row 3:** 2 1 | 4 3\nR4: 4 3 | 2 1.",
            "1 2 | 3 4\n3 4 | 1 2\n====+====\n2 1 | 4 3\n4 3 | 2 1",
            "┌─────┬─────┐\n│ 1 2 │ 3 4 │\n│ 3 4 │ 1 2 │\n├─────┼─────┤\n│ 2 1 │ 4 3 │\n│ 4 3 │ 2 1 │\n└─────┴─────┘",
            "║ 1 2 ║ 3 4 ║\n║ 3 4 ║ 1 2 ║\n╠═════╬═════╣\n║ 2 1 ║ 4 3 ║\n║ 4 3 ║ 2 1 ║",
            "```\n1234\n3412\n\n2143\n4321\n```",
            "| 1 | 2 | 3 | 4 |\n|---|---|---|---|\n| 3 | 4 | 1 | 2 |\n| 2 | 1 | 4 | 3 |\n| 4 | 3 | 2 | 1 |",
            "`1234`\n`3412`\n`2143`\n`4321`",
            "1234\n3412\n2143\n4321.\n",
        ] {
            let mut g = [0u8; MAX_CELLS];
            parse_grid(text, 4, &mut g).unwrap_or_else(|e| panic!("{text}: {e:?}"));
            assert_eq!(&g[..16], &want, "{text}");
        }
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
            ("1234\n3412\n2143\n432.", ParseError::RowLength(4, 3)),
            ("1234\n3412\n2143\n4321..", ParseError::BadChar('.', 4)),
            (
                "Row 1: 1234\nRow 3: 3412\nRow 2: 2143\nRow 4: 4321",
                ParseError::RowLabel(2, 3),
            ),
            (
                "Row 1: 1234\nRow 1: 3412\n2143\n4321",
                ParseError::RowLabel(2, 1),
            ),
            (
                "Row 1: 12 34\nRow: 3412\n2143\n4321",
                ParseError::BadChar('R', 2),
            ),
            ("[1,2,3,4],[3,4,1,2],[2,1,4,3]", ParseError::RowCount(3)),
            (
                "[1,2,3,4,3,4,1,2,2,1,4,3,4,3,2,1]",
                ParseError::RowLength(1, 16),
            ),
            (
                "1234\n3412\n══╬══\n2143\n43═21",
                ParseError::BadChar('═', 5),
            ),
            (
                "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1 5",
                ParseError::RowLength(4, 5),
            ),
        ];
        for (text, want) in cases {
            assert_eq!(parse_grid(text, 4, &mut g), Err(want), "{text:?}");
        }
    }
}
