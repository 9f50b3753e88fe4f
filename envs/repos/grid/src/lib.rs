//! Matrix and grid operations on `Vec<Vec<i64>>` (a list of rows) and on character grids given
//! as a slice of equal-length strings. A matrix is rectangular unless a doc comment says
//! otherwise; `[]` is the 0×0 matrix.

/// The transpose of a rectangular matrix: row `i` of the result is column `i` of `m`. The
/// transpose of `[]` is `[]`; the transpose of a matrix with empty rows (`[[], []]`) is `[]`.
pub fn transpose(m: &[Vec<i64>]) -> Vec<Vec<i64>> {
    let cols = m.first().map_or(0, |row| row.len());
    let mut out = Vec::with_capacity(cols);
    for c in 0..cols {
        let mut column = Vec::with_capacity(m.len());
        for row in m {
            column.push(row[c]);
        }
        out.push(column);
    }
    out
}

/// The matrix product `a × b`, or `None` when the inner dimensions differ (the column count of
/// `a` must equal the row count of `b`; an `a` of 0 rows gives `Some([])`).
pub fn multiply(a: &[Vec<i64>], b: &[Vec<i64>]) -> Option<Vec<Vec<i64>>> {
    let inner = b.len();
    let cols = b.first().map_or(0, |row| row.len());
    let mut out = Vec::with_capacity(a.len());
    for row in a {
        if row.len() != inner {
            return None;
        }
        let mut out_row = vec![0; cols];
        for (j, cell) in out_row.iter_mut().enumerate() {
            for k in 0..inner {
                *cell += row[k] * b[k][j];
            }
        }
        out.push(out_row);
    }
    Some(out)
}

/// The matrix rotated a quarter turn clockwise: the first column, read bottom to top, becomes
/// the first row (`[[1, 2], [3, 4]]` → `[[3, 1], [4, 2]]`).
pub fn rotate_clockwise(m: &[Vec<i64>]) -> Vec<Vec<i64>> {
    let mut out = transpose(m);
    for row in &mut out {
        row.reverse();
    }
    out
}

/// The sum of the main diagonal of a square matrix (0 for `[]`).
pub fn trace(m: &[Vec<i64>]) -> i64 {
    let mut sum = 0;
    for i in 0..m.len() {
        sum += m[i][i];
    }
    sum
}

/// The elements of a rectangular matrix in clockwise spiral order, starting at the top-left
/// corner and moving right (`[[1, 2, 3], [4, 5, 6]]` → `[1, 2, 3, 6, 5, 4]`).
pub fn spiral(m: &[Vec<i64>]) -> Vec<i64> {
    let mut out = Vec::new();
    if m.is_empty() {
        return out;
    }
    let (mut top, mut left) = (0usize, 0usize);
    let (mut bottom, mut right) = (m.len(), m[0].len());
    while top < bottom && left < right {
        for c in left..right {
            out.push(m[top][c]);
        }
        top += 1;
        for r in top..bottom {
            out.push(m[r][right - 1]);
        }
        right -= 1;
        if top < bottom {
            for c in (left..right).rev() {
                out.push(m[bottom - 1][c]);
            }
            bottom -= 1;
        }
        if left < right {
            for r in (top..bottom).rev() {
                out.push(m[r][left]);
            }
            left += 1;
        }
    }
    out
}

/// The number of `'#'` cells among the up to eight neighbours of cell `(row, col)` in a grid of
/// equal-length ASCII rows (the cell itself does not count; cells off the grid do not exist).
pub fn neighbours(grid: &[&str], row: usize, col: usize) -> usize {
    let mut count = 0;
    let rows = grid.len() as i64;
    for dr in -1..=1i64 {
        for dc in -1..=1i64 {
            if dr == 0 && dc == 0 {
                continue;
            }
            let r = row as i64 + dr;
            let c = col as i64 + dc;
            if r < 0 || r >= rows || c < 0 || c >= grid[r as usize].len() as i64 {
                continue;
            }
            if grid[r as usize].as_bytes()[c as usize] == b'#' {
                count += 1;
            }
        }
    }
    count
}

/// The number of islands in a grid of equal-length ASCII rows: maximal groups of `'#'` cells
/// connected through their four side neighbours (diagonal contact does not connect).
pub fn count_islands(grid: &[&str]) -> usize {
    let cells: Vec<&[u8]> = grid.iter().map(|row| row.as_bytes()).collect();
    let mut seen: Vec<Vec<bool>> = cells.iter().map(|row| vec![false; row.len()]).collect();
    let mut islands = 0;
    for r in 0..cells.len() {
        for c in 0..cells[r].len() {
            if cells[r][c] != b'#' || seen[r][c] {
                continue;
            }
            islands += 1;
            let mut stack = vec![(r, c)];
            seen[r][c] = true;
            while let Some((i, j)) = stack.pop() {
                let mut next = Vec::new();
                if i > 0 {
                    next.push((i - 1, j));
                }
                if i + 1 < cells.len() {
                    next.push((i + 1, j));
                }
                if j > 0 {
                    next.push((i, j - 1));
                }
                if j + 1 < cells[i].len() {
                    next.push((i, j + 1));
                }
                for (a, b) in next {
                    if cells[a][b] == b'#' && !seen[a][b] {
                        seen[a][b] = true;
                        stack.push((a, b));
                    }
                }
            }
        }
    }
    islands
}
