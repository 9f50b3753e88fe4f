//! The prompt text of a `tictactoe` problem.

use std::fmt::Write;

use super::TicTacToeData;

/// Renders the full prompt: the board with empty cells numbered, whose turn it is, what a best
/// move is and the answer form.
pub fn render(data: &TicTacToeData) -> String {
    let mut s = String::with_capacity(700);
    let cells: Vec<String> = data
        .board
        .chars()
        .enumerate()
        .map(|(i, c)| {
            if c == '.' {
                (i + 1).to_string()
            } else {
                c.to_string()
            }
        })
        .collect();
    let me = data.to_move;
    let them = if me == 'X' { 'O' } else { 'X' };
    s.push_str(
        "In tic-tac-toe, two players take turns marking an empty cell of a 3×3 board, one with X \
         and the other with O; whoever first has three marks in a row (across, down or \
         diagonally) wins, and a full board without such a row is a draw. Here is a game in \
         progress; empty cells show their numbers, 1 to 9, row by row from the top left:\n\n",
    );
    for row in cells.chunks(3) {
        let _ = writeln!(s, " {} | {} | {}", row[0], row[1], row[2]);
    }
    let _ = write!(
        s,
        "\nYou play {me}, and it is your turn; {them} plays perfectly. Give a best move: an empty \
         cell such that, if you also play perfectly afterwards, the game ends as well for you as \
         it can (a win if you can force one, otherwise a draw if you can force that). If several \
         moves are best, any one of them is accepted. Answer with the cell's number, as \
         <answer>5</answer>."
    );
    s
}
