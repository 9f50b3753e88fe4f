//! The prompt text of a `binairo` problem: the rules, the grid, and the answer format.

use std::fmt::Write;

use super::solve::BLANK;

/// Renders the full prompt (row-major givens, [`BLANK`] = blank).
pub fn render(n: usize, givens: &[u8]) -> String {
    let half = n / 2;
    let mut s = String::with_capacity(900 + 2 * n * n);
    let _ = write!(
        s,
        "Solve this {n}×{n} binairo (also called takuzu). Fill every blank cell (shown as .) \
         with 0 or 1 so that:\n\
         1. no row and no column has three equal digits next to each other (000 and 111 are \
         forbidden, horizontally and vertically);\n\
         2. every row and every column holds exactly {half} zeros and {half} ones;\n\
         3. no two rows are the same, and no two columns are the same.\n\
         The given digits stay as they are. The puzzle has exactly one solution.\n\n"
    );
    for row in givens.chunks(n) {
        let cells: Vec<String> = row
            .iter()
            .map(|&d| {
                if d == BLANK {
                    ".".into()
                } else {
                    d.to_string()
                }
            })
            .collect();
        s.push_str(&cells.join(" "));
        s.push('\n');
    }
    let _ = write!(
        s,
        "\nGive the completed grid as <answer>…</answer> holding {n} lines, one per row from top \
         to bottom, each with the {n} digits of that row from left to right, such as \
         `{example}`. Spaces, commas, brackets and | between digits are allowed; nothing else.",
        example = &"01101001"[..n],
    );
    s
}
