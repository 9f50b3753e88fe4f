//! The invariants of a `binairo` record, checked before any answer is judged: a record that
//! breaks one is a verifier error, never the model's fault.

use super::BinairoData;
use super::params::SIZES;

/// Checks the shape, that the solution keeps the three rules, that every given agrees with it,
/// and that `given_count` counts the givens.
pub fn check_data(data: &BinairoData) -> Result<(), String> {
    let n = usize::from(data.size);
    if !SIZES.contains(&data.size) {
        return Err(format!("size is {}; allowed 4, 6 and 8", data.size));
    }
    if data.givens.len() != n || data.givens.iter().any(|r| r.len() != n) {
        return Err(format!("givens is not {n} rows of {n} cells"));
    }
    if data.solution.len() != n || data.solution.iter().any(|r| r.len() != n) {
        return Err(format!("solution is not {n} rows of {n} cells"));
    }
    let mut grid = [0u8; 64];
    let mut givens = 0u32;
    for r in 0..n {
        for c in 0..n {
            let d = data.solution[r][c];
            if d > 1 {
                return Err(format!("solution[{r}][{c}] is {d}; cells hold 0 or 1"));
            }
            if let Some(g) = data.givens[r][c] {
                if g != d {
                    return Err(format!("givens[{r}][{c}] is {g} but the solution has {d}"));
                }
                givens += 1;
            }
            grid[r * n + c] = d;
        }
    }
    if let Some(why) = super::verify::broken_rule(n, &grid) {
        return Err(format!("the solution breaks a rule: {why}"));
    }
    if givens != data.given_count {
        return Err(format!(
            "given_count is {} but the givens hold {givens} digits",
            data.given_count
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data() -> BinairoData {
        let solution = vec![
            vec![0, 0, 1, 1],
            vec![1, 1, 0, 0],
            vec![0, 1, 0, 1],
            vec![1, 0, 1, 0],
        ];
        let mut givens: Vec<Vec<Option<u8>>> = solution
            .iter()
            .map(|r| r.iter().map(|&d| Some(d)).collect())
            .collect();
        givens[0][0] = None;
        BinairoData {
            size: 4,
            givens,
            solution,
            given_count: 15,
        }
    }

    #[test]
    fn each_broken_invariant_is_named() {
        check_data(&data()).unwrap();
        type Break = fn(&mut BinairoData);
        let cases: [(Break, &str); 6] = [
            (|d| d.size = 5, "size is 5"),
            (|d| d.givens.truncate(2), "givens is not 4 rows"),
            (|d| d.solution[1][1] = 7, "cells hold 0 or 1"),
            (|d| d.givens[0][1] = Some(1), "givens[0][1] is 1"),
            (|d| d.given_count = 9, "given_count is 9"),
            (
                |d| {
                    d.solution[2] = d.solution[0].clone();
                    d.givens = vec![vec![None; 4]; 4];
                    d.given_count = 0;
                },
                "breaks a rule",
            ),
        ];
        for (break_it, why) in cases {
            let mut d = data();
            break_it(&mut d);
            let err = check_data(&d).unwrap_err();
            assert!(err.contains(why), "{why}: {err}");
        }
    }
}
