//! The prompt text of a `maze` problem.

use std::fmt::Write;

use super::MazeData;

/// Renders the full prompt, including every rule, the coordinate convention and the answer
/// format.
pub fn render(data: &MazeData) -> String {
    let (rows, cols) = (data.grid.len(), data.grid[0].len());
    let mut s = String::with_capacity(700 + rows * (cols + 1));
    let _ = writeln!(
        s,
        "Find a shortest path through this maze from S to G. `#` is a wall and `.` is open \
         floor; S and G are open too. Each move goes one square up, down, left or right, never \
         into a wall or off the grid. The grid has {rows} rows and {cols} columns; a square is \
         written (row, column), with rows numbered 1 to {rows} from the top and columns 1 to \
         {cols} from the left, so S is at ({}, {}) and G is at ({}, {}).\n",
        data.start[0], data.start[1], data.goal[0], data.goal[1]
    );
    for row in &data.grid {
        s.push_str(row);
        s.push('\n');
    }
    s.push_str(
        "\nAny shortest path is accepted; a path that reaches G with more moves than necessary \
         is wrong. Give the moves as one string of letters, U (up), D (down), L (left) and R \
         (right), as in <answer>RRDDL</answer>; or list the squares you step on after S, in \
         order, ending with G, as in <answer>(2, 3), (2, 4), (3, 4)</answer>.",
    );
    s
}
