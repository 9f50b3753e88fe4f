//! The `tictactoe` verifier: one cell, played on the board, judged by the outcome it keeps.
//!
//! **Answer form.** After extraction and the core's normalisation, Markdown emphasis and code
//! marks are dropped and case is ignored; the answer is the cell's number, 1 to 9, optionally
//! after `cell`, `square` or `position` (`cell 5`). Anything else (two cells, a row and column,
//! a word such as `center`) is unparsable.
//!
//! **Judging.** The cell must exist and be empty; the move is then played and the position solved
//! afresh from the record's board by full search. A move after which best play still reaches the
//! position's outcome (a win stays a win, a draw a draw) is right; any other is wrong. No stored
//! move is compared, so every best move scores alike.

use super::TicTacToeData;
use super::check::board_of;
use super::solve::{self, Solver};
use crate::forms::strip_emphasis;
use verigym_core::extract::extract_agreed_answer;
use verigym_core::verdict::{Reason, Verdict};

/// Judges a response: one empty cell that keeps the best outcome.
pub fn verify(data: &TicTacToeData, response: &str) -> Verdict {
    let answer = match extract_agreed_answer(response, |r| verify(data, r)) {
        Ok(answer) => answer,
        Err(rejection) => return rejection.into(),
    };
    let Some(cell) = parse_cell(&strip_emphasis(&answer)) else {
        return Verdict::rejected(
            Reason::UnparsableAnswer,
            "the answer is one cell's number, 1 to 9 (`5` or `cell 5`)",
        );
    };
    match judge(data, cell) {
        Ok(()) => Verdict::correct(),
        Err(why) => Verdict::wrong(why),
    }
}

/// Plays `cell` (1-based) on the record's board: `Err` says why it is not a best move.
pub(super) fn judge(data: &TicTacToeData, cell: u32) -> Result<(), String> {
    let Ok(mut board) = board_of(data) else {
        return Err("the board is malformed".to_owned());
    };
    if !(1..=9).contains(&cell) {
        return Err(format!("there is no cell {cell}; the cells are 1 to 9"));
    }
    let i = cell as usize - 1;
    if board[i] != solve::EMPTY {
        return Err(format!("cell {cell} is already marked"));
    }
    let mover = if data.to_move == 'O' { b'O' } else { b'X' };
    let mut solver = Solver::default();
    let value = solver.value(&mut board.clone(), mover);
    board[i] = mover;
    let after = -solver.value(&mut board, solve::other(mover));
    if after == value {
        Ok(())
    } else {
        Err(format!(
            "after cell {cell} your opponent can force a better result for them"
        ))
    }
}

/// `5`, `cell 5`, `square 5` or `position 5`, any case.
pub(super) fn parse_cell(text: &str) -> Option<u32> {
    let lower = text.trim().to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let number = match words.as_slice() {
        [n] => *n,
        ["cell" | "square" | "position", n] => *n,
        _ => return None,
    };
    (number.len() <= 2 && number.bytes().all(|b| b.is_ascii_digit()))
        .then(|| number.parse().ok())
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_with_an_optional_word_and_nothing_else() {
        for (text, want) in [
            ("5", Some(5)),
            ("Cell 7", Some(7)),
            ("square 1", Some(1)),
            ("position 9", Some(9)),
            ("10", Some(10)),
            ("5 or 7", None),
            ("5, 7", None),
            ("center", None),
            ("row 2, column 2", None),
            ("-5", None),
            ("cell", None),
            ("123", None),
            ("", None),
        ] {
            assert_eq!(parse_cell(text), want, "{text}");
        }
    }
}
