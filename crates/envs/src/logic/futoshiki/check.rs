//! The invariants of a `futoshiki` record, checked before any answer is judged: a record that
//! breaks one is a verifier error, never the model's fault.

use super::FutoshikiData;
use super::params::{MAX_SIZE, MIN_SIZE};

/// Checks the shape, that the solution is a Latin square, that every given agrees with it, that
/// every inequality joins two adjacent cells and holds in the solution, and that `given_count`
/// counts the givens.
pub fn check_data(data: &FutoshikiData) -> Result<(), String> {
    let n = usize::from(data.size);
    if !(MIN_SIZE..=MAX_SIZE).contains(&data.size) {
        return Err(format!(
            "size is {}; allowed {MIN_SIZE} to {MAX_SIZE}",
            data.size
        ));
    }
    for (field, grid) in [("givens", &data.givens), ("solution", &data.solution)] {
        if grid.len() != n || grid.iter().any(|r| r.len() != n) {
            return Err(format!("{field} is not {n} rows of {n} cells"));
        }
    }
    let all = ((1u16 << n) - 1) << 1;
    let mut givens = 0u32;
    for k in 0..n {
        let (mut row, mut col) = (0u16, 0u16);
        for j in 0..n {
            let (d, g) = (data.solution[k][j], data.givens[k][j]);
            if !(1..=n).contains(&usize::from(d)) {
                return Err(format!("solution[{k}][{j}] is {d}; digits are 1 to {n}"));
            }
            if g != 0 && g != d {
                return Err(format!("givens[{k}][{j}] is {g} but the solution has {d}"));
            }
            givens += u32::from(g != 0);
            row |= 1 << d;
            col |= 1 << data.solution[j][k];
        }
        if row != all || col != all {
            return Err(format!(
                "the solution repeats a digit in row or column {}",
                k + 1
            ));
        }
    }
    if givens != data.given_count {
        return Err(format!(
            "given_count is {} but the givens hold {givens} digits",
            data.given_count
        ));
    }
    for (i, q) in data.inequalities.iter().enumerate() {
        let ([r1, c1], [r2, c2]) = (q.smaller, q.larger);
        let inside = |x: u8| (1..=n).contains(&usize::from(x));
        if !(inside(r1) && inside(c1) && inside(r2) && inside(c2))
            || r1.abs_diff(r2) + c1.abs_diff(c2) != 1
        {
            return Err(format!(
                "inequalities[{i}] joins ({r1}, {c1}) and ({r2}, {c2}), not two adjacent cells"
            ));
        }
        let (a, b) = (
            data.solution[usize::from(r1) - 1][usize::from(c1) - 1],
            data.solution[usize::from(r2) - 1][usize::from(c2) - 1],
        );
        if a >= b {
            return Err(format!("inequalities[{i}] does not hold in the solution"));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::Inequality;
    use super::*;

    fn data() -> FutoshikiData {
        let solution = vec![vec![1, 2, 3], vec![2, 3, 1], vec![3, 1, 2]];
        let mut givens = solution.clone();
        givens[0][0] = 0;
        FutoshikiData {
            size: 3,
            givens,
            solution,
            inequalities: vec![Inequality {
                smaller: [1, 1],
                larger: [1, 2],
            }],
            given_count: 8,
        }
    }

    #[test]
    fn each_broken_invariant_is_named() {
        check_data(&data()).unwrap();
        type Break = fn(&mut FutoshikiData);
        let cases: [(Break, &str); 7] = [
            (|d| d.size = 9, "size is 9"),
            (|d| d.givens.truncate(2), "givens is not 3 rows"),
            (|d| d.solution[1][1] = 7, "digits are 1 to 3"),
            (|d| d.givens[0][1] = 3, "givens[0][1] is 3"),
            (|d| d.given_count = 9, "given_count is 9"),
            (
                |d| d.inequalities[0].larger = [2, 2],
                "not two adjacent cells",
            ),
            (
                |d| {
                    d.inequalities[0] = Inequality {
                        smaller: [1, 2],
                        larger: [1, 1],
                    }
                },
                "does not hold",
            ),
        ];
        for (break_it, why) in cases {
            let mut d = data();
            break_it(&mut d);
            let err = check_data(&d).unwrap_err();
            assert!(err.contains(why), "{why}: {err}");
        }
        let mut d = data();
        d.solution[0].swap(1, 2);
        d.givens[0] = vec![0, 0, 0];
        d.given_count = 6;
        assert!(check_data(&d).unwrap_err().contains("repeats"));
    }
}
