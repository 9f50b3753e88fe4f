//! The `futoshiki` verifier: the submitted grid against the givens, the Latin-square rule and
//! every inequality, so any valid completion is accepted (and by construction there is one).
//!
//! **Answer form.** The grid grammar of `sudoku` (see `crate::logic::grid_answer`): n rows of n
//! digits, rows on lines or in brackets (`[[1,2,3],[2,3,1],[3,1,2]]`), digits separated by
//! nothing, spaces, commas or bars, `Row K:` labels, a Markdown table, border lines, a fence, a
//! final full stop. Inequality signs, `.` for a blank and any other character are unparsable.
//!
//! **Judgement**, first failure wins, each with a reason naming the place: a digit outside
//! 1..=n, a given changed, a digit twice in a row or a column, then the first inequality that
//! fails. Score is 1 only for a complete valid grid. `detail` counts how many blanks agree with
//! the solution (never part of `score`); random digits agree on about 1/n of them.

use serde_json::json;

use super::FutoshikiData;
use crate::logic::grid_answer::read_grid;
use verigym_core::extract::extract_agreed_answer;
use verigym_core::verdict::{Reason, Verdict};

/// Judges a response against the givens, the rules and the signs.
pub fn verify(data: &FutoshikiData, response: &str) -> Verdict {
    let answer = match extract_agreed_answer(response, |r| verify(data, r)) {
        Ok(answer) => answer,
        Err(rejection) => return rejection.into(),
    };
    if let Err(why) = super::check::check_data(data) {
        return Verdict::rejected(Reason::VerifierError, format!("malformed record: {why}"));
    }
    let n = usize::from(data.size);
    let grid = match read_grid(&answer, n) {
        Ok(grid) => grid,
        Err(why) => return Verdict::rejected(Reason::UnparsableAnswer, why),
    };
    let at = |r: usize, c: usize| grid[r * n + c];
    let (mut blanks, mut agree) = (0u32, 0u32);
    let mut first: Option<String> = None;
    for r in 0..n {
        for c in 0..n {
            let (d, g) = (at(r, c), data.givens[r][c]);
            if g == 0 {
                blanks += 1;
                agree += u32::from(d == data.solution[r][c]);
            }
            if first.is_none() {
                if d == 0 || usize::from(d) > n {
                    first = Some(format!(
                        "row {}, column {} holds {d}; digits are 1 to {n}",
                        r + 1,
                        c + 1
                    ));
                } else if g != 0 && g != d {
                    first = Some(format!(
                        "row {}, column {} is given as {g} but the answer has {d}",
                        r + 1,
                        c + 1
                    ));
                }
            }
        }
    }
    let first = first.or_else(|| repeated(n, &grid)).or_else(|| {
        data.inequalities.iter().find_map(|q| {
            let ([r1, c1], [r2, c2]) = (q.smaller, q.larger);
            let (a, b) = (
                at(usize::from(r1) - 1, usize::from(c1) - 1),
                at(usize::from(r2) - 1, usize::from(c2) - 1),
            );
            (a >= b).then(|| {
                format!("({r1}, {c1}) must be smaller than ({r2}, {c2}) but holds {a} against {b}")
            })
        })
    });
    let verdict = match first {
        Some(why) => Verdict::wrong(why),
        None => Verdict::correct(),
    };
    verdict.with_detail(json!({ "blanks": blanks, "blanks_agreeing": agree }))
}

/// The first row or column that holds a digit twice (all digits already in 1..=n).
fn repeated(n: usize, grid: &[u8]) -> Option<String> {
    for (kind, line) in (0..n)
        .map(|k| ("row", k))
        .chain((0..n).map(|k| ("column", k)))
    {
        let mut seen = 0u16;
        for j in 0..n {
            let d = if kind == "row" {
                grid[line * n + j]
            } else {
                grid[j * n + line]
            };
            if seen & (1 << d) != 0 {
                return Some(format!("{d} appears twice in {kind} {}", line + 1));
            }
            seen |= 1 << d;
        }
    }
    None
}
