//! Sudoku geometry: the three supported grid shapes and their unit tables, built at compile time.

/// The largest side length; every fixed-size array in the sudoku code is sized for it.
pub const MAX_N: usize = 9;
/// Cells in the largest grid.
pub const MAX_CELLS: usize = MAX_N * MAX_N;

/// A grid shape: side n, boxes of `box_rows` × `box_cols`, and its 3n units (rows, then columns,
/// then boxes), each listing its n cells in row-major index order.
#[derive(Debug)]
pub struct Shape {
    /// Side length n; digits are 1..=n.
    pub n: usize,
    /// Rows per box.
    pub box_rows: usize,
    /// Columns per box.
    pub box_cols: usize,
    /// The cells of each unit: rows `0..n`, columns `n..2n`, boxes `2n..3n`.
    pub units: [[u8; MAX_N]; 3 * MAX_N],
    /// The three units (row, column, box) each cell belongs to.
    pub cell_units: [[u8; 3]; MAX_CELLS],
}

/// 4×4 with 2×2 boxes.
pub static SHAPE_4: Shape = Shape::build(4, 2, 2);
/// 6×6 with boxes of 2 rows by 3 columns.
pub static SHAPE_6: Shape = Shape::build(6, 2, 3);
/// 9×9 with 3×3 boxes.
pub static SHAPE_9: Shape = Shape::build(9, 3, 3);

impl Shape {
    const fn build(n: usize, box_rows: usize, box_cols: usize) -> Shape {
        let mut units = [[0u8; MAX_N]; 3 * MAX_N];
        let mut cell_units = [[0u8; 3]; MAX_CELLS];
        let stacks = n / box_cols;
        let mut r = 0;
        while r < n {
            let mut c = 0;
            while c < n {
                let cell = (r * n + c) as u8;
                let b = (r / box_rows) * stacks + c / box_cols;
                let in_box = (r % box_rows) * box_cols + c % box_cols;
                units[r][c] = cell;
                units[n + c][r] = cell;
                units[2 * n + b][in_box] = cell;
                cell_units[r * n + c] = [r as u8, (n + c) as u8, (2 * n + b) as u8];
                c += 1;
            }
            r += 1;
        }
        Shape {
            n,
            box_rows,
            box_cols,
            units,
            cell_units,
        }
    }

    /// The shape of side `n`, if it is one of 4, 6 and 9.
    pub fn of(n: usize) -> Option<&'static Shape> {
        match n {
            4 => Some(&SHAPE_4),
            6 => Some(&SHAPE_6),
            9 => Some(&SHAPE_9),
            _ => None,
        }
    }

    /// Number of cells, n².
    #[inline]
    pub fn cells(&self) -> usize {
        self.n * self.n
    }

    /// Number of units, 3n.
    #[inline]
    pub fn unit_count(&self) -> usize {
        3 * self.n
    }

    /// The n cells of unit `u`.
    #[inline]
    pub fn unit(&self, u: usize) -> &[u8] {
        &self.units[u][..self.n]
    }

    /// The bitmask with bits 1..=n set: bit d stands for digit d.
    #[inline]
    pub fn all_digits(&self) -> u16 {
        ((1u16 << self.n) - 1) << 1
    }

    /// Which kind of unit `u` is and its 1-based number, for messages: ("row", 3).
    pub fn describe_unit(&self, u: usize) -> (&'static str, usize) {
        let kind = ["row", "column", "box"][u / self.n];
        (kind, u % self.n + 1)
    }
}

/// Reads a grid written as digits and `.` for blanks, ignoring whitespace: the solver tests'
/// notation.
#[cfg(test)]
pub fn grid_from_text(text: &str) -> Vec<u8> {
    text.bytes()
        .filter(|b| !b.is_ascii_whitespace())
        .map(|b| if b == b'.' { 0 } else { b - b'0' })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_is_in_exactly_one_unit_of_each_kind() {
        for shape in [&SHAPE_4, &SHAPE_6, &SHAPE_9] {
            let n = shape.n;
            for kind in 0..3 {
                let mut seen = vec![0u8; shape.cells()];
                for u in kind * n..(kind + 1) * n {
                    for &cell in shape.unit(u) {
                        seen[cell as usize] += 1;
                        assert_eq!(shape.cell_units[cell as usize][kind] as usize, u);
                    }
                }
                assert!(seen.iter().all(|&s| s == 1), "n = {n}, kind {kind}");
            }
        }
    }

    #[test]
    fn six_by_six_boxes_are_two_rows_by_three_columns() {
        // Box 1 is the top-right box: rows 0-1, columns 3-5.
        assert_eq!(SHAPE_6.unit(12 + 1), &[3, 4, 5, 9, 10, 11]);
        assert_eq!(SHAPE_6.describe_unit(13), ("box", 2));
    }
}
