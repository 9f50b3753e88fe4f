//! The invariants of a `sudoku` record, checked before any answer is judged: a record that breaks
//! one is a verifier error, never the model's fault.

use super::SudokuData;
use super::shape::Shape;

/// Checks the shape, that the solution is a valid grid, that every given agrees with it, and
/// that `given_count` counts the givens.
pub fn check_data(data: &SudokuData) -> Result<(), String> {
    checked_shape(data).map(drop)
}

/// [`check_data`], returning the shape the verifier indexes with.
pub(super) fn checked_shape(data: &SudokuData) -> Result<&'static Shape, String> {
    let shape = Shape::of(usize::from(data.size))
        .ok_or_else(|| format!("size is {}; allowed 4, 6 and 9", data.size))?;
    let n = shape.n;
    if (usize::from(data.box_rows), usize::from(data.box_cols)) != (shape.box_rows, shape.box_cols)
    {
        return Err(format!(
            "boxes are {}×{}; a {n}×{n} grid has {}×{} boxes",
            data.box_rows, data.box_cols, shape.box_rows, shape.box_cols
        ));
    }
    for (field, grid) in [("givens", &data.givens), ("solution", &data.solution)] {
        if grid.len() != n || grid.iter().any(|r| r.len() != n) {
            return Err(format!("{field} is not {n} rows of {n} cells"));
        }
    }
    let mut givens = 0u32;
    let mut units = [0u16; 27];
    for r in 0..n {
        for c in 0..n {
            let (g, d) = (data.givens[r][c], data.solution[r][c]);
            if !(1..=n).contains(&usize::from(d)) {
                return Err(format!("solution[{r}][{c}] is {d}; digits are 1 to {n}"));
            }
            if g != 0 && g != d {
                return Err(format!("givens[{r}][{c}] is {g} but the solution has {d}"));
            }
            givens += u32::from(g != 0);
            for u in shape.cell_units[r * n + c] {
                units[usize::from(u)] |= 1 << d;
            }
        }
    }
    if let Some(u) = (0..shape.unit_count()).find(|&u| units[u] != shape.all_digits()) {
        let (kind, k) = shape.describe_unit(u);
        return Err(format!("the solution repeats a digit in {kind} {k}"));
    }
    if givens != data.given_count {
        return Err(format!(
            "given_count is {} but the givens hold {givens} digits",
            data.given_count
        ));
    }
    Ok(shape)
}

#[cfg(test)]
mod tests {
    use super::super::Technique;
    use super::*;

    fn data() -> SudokuData {
        let solution = vec![
            vec![1, 2, 3, 4],
            vec![3, 4, 1, 2],
            vec![2, 1, 4, 3],
            vec![4, 3, 2, 1],
        ];
        let mut givens = solution.clone();
        givens[0][0] = 0;
        givens[3][3] = 0;
        SudokuData {
            size: 4,
            box_rows: 2,
            box_cols: 2,
            givens,
            solution,
            given_count: 14,
            technique: Technique::Singles,
        }
    }

    /// Breaks one invariant of a valid record.
    type Break = fn(&mut SudokuData);

    #[test]
    fn each_broken_invariant_is_named() {
        assert!(check_data(&data()).is_ok());
        let cases: [(Break, &str); 7] = [
            (|d| d.size = 5, "size is 5"),
            (|d| d.box_cols = 4, "boxes are 2×4"),
            (|d| d.givens.truncate(3), "givens is not 4 rows"),
            (|d| d.solution[1][1] = 7, "digits are 1 to 4"),
            (|d| d.givens[0][1] = 3, "givens[0][1] is 3"),
            (|d| d.solution[0].swap(0, 1), "repeats a digit in column 1"),
            (|d| d.given_count = 16, "given_count is 16"),
        ];
        for (break_it, why) in cases {
            let mut d = data();
            break_it(&mut d);
            if why.starts_with("repeats") || why.contains("column") {
                d.givens[0][1] = 0;
                d.given_count = 13;
            }
            let err = check_data(&d).unwrap_err();
            assert!(err.contains(why), "{why}: {err}");
        }
    }
}
