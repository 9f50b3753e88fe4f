//! The invariants of a `tictactoe` record, checked before any answer is judged: a record that
//! breaks one is a verifier error, never the model's fault.

use super::TicTacToeData;
use super::params::{EMPTY_MAX, EMPTY_MIN};
use super::solve::{self, Solver};

/// A board of 9 cells of `X`, `O` and `.`, with 3 to 8 empty, nobody having won, the marks
/// counted as alternate play from X leaves them and the named player to move; and the stored
/// outcome, reference and count of best moves those of the position.
pub fn check_data(data: &TicTacToeData) -> Result<(), String> {
    let board = board_of(data)?;
    let count = |m: u8| board.iter().filter(|&&c| c == m).count();
    let (x, o, empty) = (count(b'X'), count(b'O'), count(solve::EMPTY));
    if x + o + empty != 9 {
        return Err(format!(
            "board {:?} holds a mark other than X, O and .",
            data.board
        ));
    }
    if !(EMPTY_MIN as usize..=EMPTY_MAX as usize).contains(&empty) {
        return Err(format!(
            "{empty} empty cells; allowed {EMPTY_MIN} to {EMPTY_MAX}"
        ));
    }
    let mover = match data.to_move {
        'X' if x == o => b'X',
        'O' if x == o + 1 => b'O',
        _ => {
            return Err(format!(
                "{x} X and {o} O, and {} to move: not a position of alternate play from X",
                data.to_move
            ));
        }
    };
    if solve::winner(&board).is_some() {
        return Err("the game is already won".to_owned());
    }
    let (value, moves) = Solver::default().best_moves(&board, mover);
    if data.outcome != super::outcome_name(value) {
        return Err(format!(
            "the record's outcome {:?} is not the position's ({})",
            data.outcome,
            super::outcome_name(value)
        ));
    }
    if moves.first().map(|&m| m as u32 + 1) != Some(data.reference) {
        return Err(format!(
            "the stored reference {} is not the lowest best move",
            data.reference
        ));
    }
    if moves.len() != data.best_moves as usize {
        return Err(format!(
            "the record says {} best moves; the position has {}",
            data.best_moves,
            moves.len()
        ));
    }
    Ok(())
}

/// The board as 9 cells, or why not.
pub fn board_of(data: &TicTacToeData) -> Result<[u8; 9], String> {
    data.board
        .as_bytes()
        .try_into()
        .map_err(|_| format!("board {:?} is not 9 cells", data.board))
}
