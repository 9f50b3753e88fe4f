//! The game solved: who has won, the value of a position for the player to move (by full search
//! with a table over the 3^9 boards), and the moves that keep that value.

/// The eight lines of three.
const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// A cell: empty, or a player's mark.
pub type Cell = u8;
/// An empty cell.
pub const EMPTY: Cell = b'.';

/// The mark that has three in a line, if any.
pub fn winner(board: &[Cell; 9]) -> Option<Cell> {
    LINES.iter().find_map(|&[a, b, c]| {
        (board[a] != EMPTY && board[a] == board[b] && board[b] == board[c]).then_some(board[a])
    })
}

/// The other player's mark.
pub fn other(mark: Cell) -> Cell {
    if mark == b'X' { b'O' } else { b'X' }
}

/// The outcome for the player to move with best play by both: 1 a win, 0 a draw, −1 a loss.
///
/// The table is keyed by the board alone, which is sound because in play from the empty board the
/// mover is fixed by the marks (X when they are as many, else O); the checker refuses any other
/// record, and one solver must only be asked about positions of such play.
pub struct Solver {
    /// By the board's base-3 code: 2 unknown, else the value + 1.
    memo: Vec<u8>,
}

/// Every position of play from the empty board, solved once per process (a search from the
/// empty board visits each of them): a solver starts from a copy, so judging a move is a few
/// lookups instead of a search of up to 8 empty cells.
static SOLVED: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();

impl Default for Solver {
    fn default() -> Self {
        let solved = SOLVED.get_or_init(|| {
            let mut fresh = Solver {
                memo: vec![2; 19_683],
            };
            fresh.value(&mut [EMPTY; 9], b'X');
            fresh.memo
        });
        Solver {
            memo: solved.clone(),
        }
    }
}

impl Solver {
    /// The value of `board` for `mover`, who is to move (the game not yet won).
    pub fn value(&mut self, board: &mut [Cell; 9], mover: Cell) -> i8 {
        if winner(board).is_some() {
            // The last move won: the player to move has lost.
            return -1;
        }
        let code = board.iter().fold(0usize, |acc, &c| {
            acc * 3
                + match c {
                    EMPTY => 0,
                    b'X' => 1,
                    _ => 2,
                }
        });
        if self.memo[code] != 2 {
            return self.memo[code] as i8 - 1;
        }
        let mut best = None::<i8>;
        for i in 0..9 {
            if board[i] == EMPTY {
                board[i] = mover;
                let v = -self.value(board, other(mover));
                board[i] = EMPTY;
                best = Some(best.map_or(v, |b| b.max(v)));
            }
        }
        let v = best.unwrap_or(0);
        self.memo[code] = (v + 1) as u8;
        v
    }

    /// The cells (0-based) whose move keeps the position's value for `mover`, ascending, with
    /// that value.
    pub fn best_moves(&mut self, board: &[Cell; 9], mover: Cell) -> (i8, Vec<usize>) {
        let mut board = *board;
        let value = self.value(&mut board, mover);
        let moves = (0..9)
            .filter(|&i| {
                board[i] == EMPTY && {
                    board[i] = mover;
                    let v = -self.value(&mut board, other(mover));
                    board[i] = EMPTY;
                    v == value
                }
            })
            .collect();
        (value, moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(s: &str) -> [Cell; 9] {
        s.as_bytes().try_into().unwrap()
    }

    #[test]
    fn the_empty_board_is_a_draw_and_known_positions_are_solved() {
        let mut s = Solver::default();
        assert_eq!(s.best_moves(&board("........."), b'X').0, 0);
        // X wins at once in cell 2 (0-based).
        assert_eq!(s.best_moves(&board("XX.OO...."), b'X'), (1, vec![2]));
        // O wins only at 5 (blocking at 2 leaves one threat, which X blocks).
        assert_eq!(s.best_moves(&board("XX.OO.X.."), b'O'), (1, vec![5]));
        // Lost whatever O does (X forks at 4 after any block): every move is as good as any.
        assert_eq!(
            s.best_moves(&board("XX.O....."), b'O'),
            (-1, (2..9).filter(|&i| i != 3).collect())
        );
    }
}
