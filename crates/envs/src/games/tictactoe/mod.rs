//! `tictactoe`: a position of tic-tac-toe, the player to move named; the answer is a best move,
//! one that keeps the outcome best play can reach (a win stays a win, a draw a draw). The game is
//! solved by full search, and the verifier accepts any move that keeps the position's value, so
//! every best move scores and no mistake does.

mod check;
mod params;
mod probes;
mod prompt;
mod solve;
mod verify;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use self::params::{EMPTY_MAX, EMPTY_MIN, TicTacToeParams};
use verigym_core::env::{Env, Generated, ProbeAnswers};
use verigym_core::rng::ProblemRng;
use verigym_core::verdict::Verdict;

/// The tic-tac-toe env.
#[derive(Clone, Copy, Debug, Default)]
pub struct TicTacToe;

/// What the `tictactoe` verifier needs: the board and who moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TicTacToeData {
    /// The 9 cells row by row, cell 1 first: `X`, `O` or `.` (empty).
    pub board: String,
    /// The player to move, `X` or `O`.
    pub to_move: char,
    /// What best play reaches for the player to move: `win`, `draw` or `loss`.
    pub outcome: String,
    /// The lowest-numbered best move (1 to 9): the reference answer. Any best move is accepted.
    pub reference: u32,
    /// How many best moves the position has.
    pub best_moves: u32,
}

impl Env for TicTacToe {
    const ID: &'static str = "tictactoe";
    const VERSION: u32 = 1;
    const SUMMARY: &'static str = "a best move in a tic-tac-toe position (any move that keeps the game-theoretic outcome), solved by full search";
    type Params = TicTacToeParams;
    type Data = TicTacToeData;

    /// The intrinsic difficulty is the number of empty cells: the depth of the game tree.
    fn generate(&self, params: &TicTacToeParams, rng: &mut ProblemRng) -> Generated<TicTacToeData> {
        let mut solver = solve::Solver::default();
        let (board, mover, value, moves) = draw_position(rng, params.empty, &mut solver);
        let data = TicTacToeData {
            board: String::from_utf8(board.to_vec()).expect("ASCII marks"),
            to_move: char::from(mover),
            outcome: outcome_name(value).to_owned(),
            reference: moves[0] as u32 + 1,
            best_moves: moves.len() as u32,
        };
        Generated {
            prompt: prompt::render(&data),
            answer: data.reference.to_string(),
            difficulty: u64::from(params.empty),
            data,
        }
    }

    fn check_data(&self, data: &TicTacToeData) -> Result<(), String> {
        check::check_data(data)
    }

    fn verify(&self, data: &TicTacToeData, response: &str) -> Verdict {
        verify::verify(data, response)
    }

    fn probe_answers(&self, data: &TicTacToeData, answer: &str, foreign: &str) -> ProbeAnswers {
        probes::probe_answers(data, answer, foreign)
    }
}

/// The word for a value: 1 `win`, 0 `draw`, −1 `loss`.
pub(crate) fn outcome_name(value: i8) -> &'static str {
    match value {
        1 => "win",
        0 => "draw",
        _ => "loss",
    }
}

/// How many positions are drawn in search of one where few moves are best.
const DRAWS: usize = 64;

/// A position with `empty` empty cells, reached by random play with nobody having won; of
/// [`DRAWS`] drawn, the one where the fewest moves are best (the first with a single best move is
/// taken), so a random legal move is seldom right. Should every draw end in a win (it cannot in
/// practice: a game needs 5 moves to be won), a fixed opening that wins for nobody is used, so
/// generation always ends.
fn draw_position(
    rng: &mut ProblemRng,
    empty: u32,
    solver: &mut solve::Solver,
) -> ([u8; 9], u8, i8, Vec<usize>) {
    let mut best: Option<([u8; 9], u8, i8, Vec<usize>)> = None;
    for _ in 0..DRAWS {
        let mut board = [solve::EMPTY; 9];
        let mut mover = b'X';
        let mut won = false;
        for _ in 0..9 - empty {
            let cells: Vec<usize> = (0..9).filter(|&i| board[i] == solve::EMPTY).collect();
            board[*rng.choose(&cells)] = mover;
            mover = solve::other(mover);
            if solve::winner(&board).is_some() {
                won = true;
                break;
            }
        }
        if won {
            continue;
        }
        let (value, moves) = solver.best_moves(&board, mover);
        if best
            .as_ref()
            .is_none_or(|(_, _, _, kept)| moves.len() < kept.len())
        {
            best = Some((board, mover, value, moves));
        }
        if best.as_ref().is_some_and(|(_, _, _, kept)| kept.len() == 1) {
            break;
        }
    }
    best.unwrap_or_else(|| {
        // X 1, O 2, X 3, O 5, X 4, O 6 (1-based) wins for nobody at any prefix.
        let mut board = [solve::EMPTY; 9];
        let mut mover = b'X';
        for &cell in &[0, 1, 2, 4, 3, 5][..9 - empty as usize] {
            board[cell] = mover;
            mover = solve::other(mover);
        }
        let (value, moves) = solver.best_moves(&board, mover);
        (board, mover, value, moves)
    })
}
