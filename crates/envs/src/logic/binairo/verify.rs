//! The `binairo` verifier: the submitted grid against the givens and the three rules, so any
//! valid completion is accepted (and by construction there is one).
//!
//! **Answer form.** The grid grammar of `sudoku` (see `crate::logic::grid_answer`): n rows of n
//! digits, rows on lines or in brackets (`[[0,1,1,0],…]`), digits separated by nothing, spaces,
//! commas or bars, `Row K:` labels, a Markdown table, border lines, a fence, a final full stop.
//! `.` for a blank and any other character are unparsable.
//!
//! **Judgement**, first failure wins, each with a reason naming the place: a digit other than 0
//! or 1, a given changed, then the rules in order: three equal digits in a row or column, a row
//! or column without n/2 of each digit, two equal rows, two equal columns. Score is 1 only for a
//! complete valid grid. `detail` counts how many blanks agree with the solution (never part of
//! `score`); random digits agree on half of them.

use serde_json::json;

use super::BinairoData;
use crate::logic::grid_answer::read_grid;
use verigym_core::extract::extract_agreed_answer;
use verigym_core::verdict::{Reason, Verdict};

/// Judges a response against the givens and the rules.
pub fn verify(data: &BinairoData, response: &str) -> Verdict {
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
    let (mut blanks, mut agree) = (0u32, 0u32);
    let mut first: Option<String> = None;
    for r in 0..n {
        for c in 0..n {
            let d = grid[r * n + c];
            match data.givens[r][c] {
                None => {
                    blanks += 1;
                    agree += u32::from(d == data.solution[r][c]);
                }
                Some(g) if g != d && d <= 1 && first.is_none() => {
                    first = Some(format!(
                        "row {}, column {} is given as {g} but the answer has {d}",
                        r + 1,
                        c + 1
                    ));
                }
                Some(_) => {}
            }
            if d > 1 && first.is_none() {
                first = Some(format!(
                    "row {}, column {} holds {d}; cells hold 0 or 1",
                    r + 1,
                    c + 1
                ));
            }
        }
    }
    let verdict = match first.or_else(|| broken_rule(n, &grid)) {
        Some(why) => Verdict::wrong(why),
        None => Verdict::correct(),
    };
    verdict.with_detail(json!({ "blanks": blanks, "blanks_agreeing": agree }))
}

/// The first rule a grid of 0 and 1 breaks, named with its place; `None` when it keeps all three.
pub(super) fn broken_rule(n: usize, grid: &[u8]) -> Option<String> {
    let mut bits = [[0u16; 8]; 2];
    for (kind, k) in (0..2).flat_map(|kind| (0..n).map(move |k| (kind, k))) {
        let at = |j: usize| {
            if kind == 0 {
                grid[k * n + j]
            } else {
                grid[j * n + k]
            }
        };
        let name = ["row", "column"][kind];
        let mut ones = 0;
        for j in 0..n {
            ones += usize::from(at(j));
            bits[kind][k] |= u16::from(at(j)) << j;
            if j >= 2 && at(j) == at(j - 1) && at(j) == at(j - 2) {
                return Some(format!(
                    "{name} {} has three {}s in a row at positions {} to {}",
                    k + 1,
                    at(j),
                    j - 1,
                    j + 1
                ));
            }
        }
        if ones != n / 2 {
            return Some(format!(
                "{name} {} has {ones} ones and {} zeros; each must have {}",
                k + 1,
                n - ones,
                n / 2
            ));
        }
    }
    for (kind, name) in [(0, "rows"), (1, "columns")] {
        for a in 0..n {
            if let Some(b) = (a + 1..n).find(|&b| bits[kind][a] == bits[kind][b]) {
                return Some(format!("{name} {} and {} are the same", a + 1, b + 1));
            }
        }
    }
    None
}
