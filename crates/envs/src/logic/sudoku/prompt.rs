//! The prompt text of a `sudoku` problem: rules, the grid with box borders, the answer format.

use std::fmt::Write;

use super::shape::Shape;

/// Renders the full prompt for a puzzle (row-major, 0 = blank).
pub fn render(shape: &Shape, givens: &[u8]) -> String {
    let n = shape.n;
    let mut s = String::with_capacity(560 + 3 * n * n);
    let _ = write!(
        s,
        "Solve this {n}×{n} Sudoku. Fill every blank cell (shown as .) with a digit from 1 to {n} \
         so that every row, every column and every box of {br} rows by {bc} columns (the {n} \
         boxes are outlined below) contains each digit from 1 to {n} exactly once. The puzzle has exactly one \
         solution.\n\n",
        br = shape.box_rows,
        bc = shape.box_cols,
    );
    let rule = {
        let stack = "-".repeat(2 * shape.box_cols - 1);
        vec![stack; n / shape.box_cols].join("-+-")
    };
    for r in 0..n {
        if r > 0 && r % shape.box_rows == 0 {
            s.push_str(&rule);
            s.push('\n');
        }
        for c in 0..n {
            if c > 0 {
                s.push_str(if c % shape.box_cols == 0 { " | " } else { " " });
            }
            let d = givens[r * n + c];
            s.push(if d == 0 { '.' } else { char::from(b'0' + d) });
        }
        s.push('\n');
    }
    let _ = write!(
        s,
        "\nGive the completed grid as <answer>…</answer> holding {n} lines, one per row from top \
         to bottom, each with the {n} digits of that row from left to right, such as `{example}`. \
         Spaces, commas, brackets and | between digits, and border lines of only -, +, = and |, \
         are allowed; nothing else.",
        example = &"123456789"[..n],
    );
    s
}
