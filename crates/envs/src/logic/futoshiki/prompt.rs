//! The prompt text of a `futoshiki` problem: rules, the grid with its signs, the signs listed,
//! and the answer format.

use std::fmt::Write;

/// Renders the full prompt (row-major givens, 0 = blank; inequalities as 0-based cells).
pub fn render(n: usize, givens: &[u8], less: &[(usize, usize)]) -> String {
    let mut s = String::with_capacity(900 + 8 * n * n + 40 * less.len());
    let _ = write!(
        s,
        "Solve this {n}×{n} Futoshiki. Fill every blank cell (shown as .) with a digit from 1 to \
         {n} so that every row and every column contains each digit from 1 to {n} exactly once, \
         and every inequality sign holds. Between two cells of a row, < means the left cell is \
         smaller and > means the left cell is larger. Between two cells of a column, ^ means the \
         upper cell is smaller and v means the upper cell is larger. The puzzle has exactly one \
         solution.\n\n"
    );
    let sign = |a: usize, b: usize| -> Option<bool> {
        less.iter().find_map(|&(x, y)| {
            if (x, y) == (a, b) {
                Some(true)
            } else if (x, y) == (b, a) {
                Some(false)
            } else {
                None
            }
        })
    };
    for r in 0..n {
        let mut line = String::new();
        for c in 0..n {
            if c > 0 {
                line.push_str(match sign(r * n + c - 1, r * n + c) {
                    Some(true) => " < ",
                    Some(false) => " > ",
                    None => "   ",
                });
            }
            let d = givens[r * n + c];
            line.push(if d == 0 { '.' } else { char::from(b'0' + d) });
        }
        s.push_str(line.trim_end());
        s.push('\n');
        if r + 1 < n {
            let mut line = String::new();
            for c in 0..n {
                if c > 0 {
                    line.push_str("   ");
                }
                line.push(match sign(r * n + c, (r + 1) * n + c) {
                    Some(true) => '^',
                    Some(false) => 'v',
                    None => ' ',
                });
            }
            s.push_str(line.trim_end());
            s.push('\n');
        }
    }
    if less.is_empty() {
        s.push_str("\nThere are no inequality signs.\n");
    } else {
        s.push_str("\nThe same inequalities, as (row, column) with rows numbered from the top and columns from the left:\n");
        for &(a, b) in less {
            let _ = writeln!(
                s,
                "- ({}, {}) < ({}, {})",
                a / n + 1,
                a % n + 1,
                b / n + 1,
                b % n + 1
            );
        }
    }
    let _ = write!(
        s,
        "\nGive the completed grid as <answer>…</answer> holding {n} lines, one per row from top \
         to bottom, each with the {n} digits of that row from left to right, such as `{example}`. \
         Spaces, commas, brackets and | between digits are allowed; no inequality signs.",
        example = &"12345678"[..n],
    );
    s
}
