//! `tictactoe` probe answers: forms of a best move, another best move where there is one, and
//! near misses that are not best moves (a cell is a near miss only when search says it is not
//! best, so no near miss is mislabelled).

use super::TicTacToeData;
use super::check::board_of;
use super::solve::{self, Solver};
use verigym_core::env::ProbeAnswers;

/// Probe answers for one problem (see [`verigym_core::env::Env::probe_answers`]).
pub fn probe_answers(data: &TicTacToeData, answer: &str, foreign: &str) -> ProbeAnswers {
    let Ok(board) = board_of(data) else {
        return ProbeAnswers::default();
    };
    let mover = if data.to_move == 'O' { b'O' } else { b'X' };
    let (_, best) = Solver::default().best_moves(&board, mover);
    let is_best = |cell: u32| best.contains(&(cell as usize - 1));
    let mut near_miss: Vec<(&'static str, String)> = vec![
        ("cell_zero", "0".to_owned()),
        ("cell_ten", "10".to_owned()),
        (
            "two_cells",
            format!("{answer} or {}", answer.parse::<u32>().unwrap_or(1) % 9 + 1),
        ),
        ("a_word", "center".to_owned()),
        ("row_and_column", "row 2, column 2".to_owned()),
    ];
    if let Some(taken) = (1..=9).find(|&c| board[c as usize - 1] != solve::EMPTY) {
        near_miss.push(("a_marked_cell", taken.to_string()));
    }
    if let Some(mistake) = (1..=9).find(|&c| board[c as usize - 1] == solve::EMPTY && !is_best(c)) {
        near_miss.push(("a_mistake", mistake.to_string()));
        near_miss.push(("a_mistake_as_cell", format!("cell {mistake}")));
    }
    if let Ok(other) = foreign.parse::<u32>()
        && (1..=9).contains(&other)
        && !is_best(other)
    {
        near_miss.push(("other_problem", foreign.to_owned()));
    }
    let mut realistic = vec![
        ("bold", format!("**{answer}**")),
        ("trailing_period", format!("{answer}.")),
        ("cell_sentence", format!("Cell {answer}.")),
        ("code_span", format!("`{answer}`")),
        ("bold_cell", format!("**Cell {answer}**")),
    ];
    if let Some(&other) = best.iter().find(|&&m| m as u32 + 1 != data.reference) {
        realistic.push(("another_best_move", (other + 1).to_string()));
    }
    ProbeAnswers {
        equivalent: vec![
            ("cell", format!("cell {answer}")),
            ("square", format!("square {answer}")),
            ("position", format!("Position {answer}")),
        ],
        near_miss,
        realistic,
    }
}
