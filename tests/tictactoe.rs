//! `tictactoe`: every record's outcome and best moves are re-proven by a plain minimax written
//! here (no table, no shared code), and the verifier accepts exactly the best moves among every
//! cell; corruptions are rejected with the reason, and no input panics.

use proptest::prelude::*;
use verigym::envs::tictactoe::{TicTacToe, TicTacToeData, TicTacToeParams};
use verigym::{Env, Generator, Reason, Verdict};

use crate::support::{check_golden, check_hashes, jsonl, one_per_level};

fn params() -> impl Strategy<Value = TicTacToeParams> {
    (0.0..=10.0f64).prop_map(<TicTacToeParams as verigym::EnvParams>::at_level)
}

fn problem(params: &TicTacToeParams, seed: u64, index: u64) -> (TicTacToeData, String) {
    let p = Generator::new(&TicTacToe, params.clone(), seed)
        .unwrap()
        .problem(index);
    (p.data, p.answer)
}

fn judge(data: &TicTacToeData, answer: &str) -> Verdict {
    TicTacToe.verify(data, &format!("<answer>{answer}</answer>"))
}

/// Whether `mark` has three in a row, by checking rows, columns and diagonals as the prompt says.
fn three(board: &[char], mark: char) -> bool {
    let at = |r: usize, c: usize| board[3 * r + c] == mark;
    (0..3).any(|r| (0..3).all(|c| at(r, c)))
        || (0..3).any(|c| (0..3).all(|r| at(r, c)))
        || (0..3).all(|k| at(k, k))
        || (0..3).all(|k| at(k, 2 - k))
}

/// The outcome for `me`, to move, with best play: 1, 0 or −1, by plain minimax.
fn minimax(board: &mut Vec<char>, me: char, them: char) -> i32 {
    let mut best = None;
    for i in 0..9 {
        if board[i] != '.' {
            continue;
        }
        board[i] = me;
        let v = if three(board, me) {
            1
        } else {
            -minimax(board, them, me)
        };
        board[i] = '.';
        best = Some(best.map_or(v, |b: i32| b.max(v)));
    }
    best.unwrap_or(0)
}

/// The best cells (1-based) and the outcome, by minimax.
fn best_cells(data: &TicTacToeData) -> (i32, Vec<u32>) {
    let me = data.to_move;
    let them = if me == 'X' { 'O' } else { 'X' };
    let mut board: Vec<char> = data.board.chars().collect();
    let value = minimax(&mut board, me, them);
    let mut best = Vec::new();
    for i in 0..9 {
        if board[i] == '.' {
            board[i] = me;
            let v = if three(&board, me) {
                1
            } else {
                -minimax(&mut board, them, me)
            };
            board[i] = '.';
            if v == value {
                best.push(i as u32 + 1);
            }
        }
    }
    (value, best)
}

/// Problems from every level: minimax's outcome is the record's, its best cells are exactly what
/// the verifier accepts among cells 0 to 10, and a random empty cell is seldom best.
#[test]
fn the_verifier_accepts_exactly_the_cells_minimax_finds_best() {
    let mut shares = Vec::new();
    for step in 0..=20 {
        let params = <TicTacToeParams as verigym::EnvParams>::at_level(f64::from(step) / 2.0);
        for (seed, index) in [(1, 0), (1, 1), (2, 5), (3, 9)] {
            let (data, answer) = problem(&params, seed, index);
            let (value, best) = best_cells(&data);
            let outcome = ["loss", "draw", "win"][(value + 1) as usize];
            assert_eq!(data.outcome, outcome, "{data:?}");
            assert_eq!(answer, best[0].to_string());
            assert_eq!(best.len(), data.best_moves as usize);
            for cell in 0..=10 {
                let v = judge(&data, &cell.to_string());
                assert_eq!(
                    v.correct,
                    best.contains(&cell),
                    "cell {cell} on {data:?}: {v:?}"
                );
            }
            let empty = data.board.matches('.').count();
            shares.push(best.len() as f64 / empty as f64);
        }
    }
    let mean = shares.iter().sum::<f64>() / shares.len() as f64;
    println!(
        "tictactoe: {} positions re-proven by minimax; a random empty cell is best {mean:.3} of the time",
        shares.len()
    );
    assert!(mean < 0.3, "{mean}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn the_reference_and_its_forms_verify(params in params(), seed: u64, index in 0u64..1 << 40) {
        let (data, answer) = problem(&params, seed, index);
        for form in [answer.clone(), format!("cell {answer}"), format!("**Cell {answer}**.")] {
            let v = judge(&data, &form);
            prop_assert!(v.correct && v.score == 1.0, "{}: {:?}", form, v);
        }
    }

    #[test]
    fn a_cell_that_is_not_best_is_wrong_with_the_reason(params in params(), seed: u64, cell in 0u32..12) {
        let (data, _) = problem(&params, seed, 3);
        let v = judge(&data, &cell.to_string());
        if !(1..=9).contains(&cell) {
            prop_assert!(v.message.starts_with("there is no cell"), "{}", v.message);
        } else if data.board.as_bytes()[cell as usize - 1] != b'.' {
            prop_assert!(v.message.contains("already marked"), "{}", v.message);
        } else if !v.correct {
            prop_assert!(v.message.contains("force a better result"), "{}", v.message);
        }
        prop_assert!(v.correct || v.reason == Reason::WrongAnswer);
    }

    #[test]
    fn two_cells_or_words_are_unparsable(params in params(), seed: u64) {
        let (data, answer) = problem(&params, seed, 4);
        for form in [format!("{answer} or 5"), format!("{answer}, {answer}"), "center".to_owned(), "row 2, column 2".to_owned()] {
            let v = judge(&data, &form);
            prop_assert_eq!(v.reason, Reason::UnparsableAnswer, "{}", form);
        }
    }

    #[test]
    fn arbitrary_text_never_panics(params in params(), text in ".{0,300}") {
        let (data, _) = problem(&params, 1, 0);
        let v = TicTacToe.verify(&data, &text);
        prop_assert!((0.0..=1.0).contains(&v.score) && !v.message.is_empty());
        let v = TicTacToe.verify(&data, &format!("<answer>{text}</answer>"));
        prop_assert!(v.score == 0.0 || v.correct);
    }

    #[test]
    fn every_probe_form_is_judged_as_labelled(params in params(), seed: u64, index in 0u64..1 << 20) {
        let (data, answer) = problem(&params, seed, index);
        crate::support::probe_forms_are_judged_as_labelled(&TicTacToe, &data, &answer)?;
    }
}

#[test]
fn golden_tictactoe_defaults_seed_42() {
    check_golden(
        "tictactoe-default-s42.jsonl",
        &jsonl("tictactoe", None, &[], 42, 0, 3),
    );
}

#[test]
fn golden_tictactoe_levels_seed_1() {
    check_golden("tictactoe-levels-s1.jsonl", &one_per_level("tictactoe", 1));
}

/// SHA-256 of the first 1,000 problems. A change means generated bytes changed: bump the version.
#[test]
fn pinned_hashes_of_first_thousand() {
    check_hashes(
        "tictactoe",
        1000,
        &[
            (
                None,
                0,
                "17d791857fcbc51639e2a2b47b67fa3df7983ac1ec82d6bc881782470dc0d1a8",
            ),
            (
                Some(0.0),
                7,
                "d4416146a897759719752996f8af8a37a25b4f782e217f975881a94048d6118e",
            ),
            (
                Some(10.0),
                7,
                "3aff333e10d921bc66c3ad7bb515b457ee0bc97ef90c8786f5fcbd434987fa38",
            ),
        ],
    );
}

/// A record whose data breaks an invariant is judged a verifier error.
#[test]
fn a_tampered_record_is_a_verifier_error() {
    for (pointer, needle) in [
        ("/data/reference", "reference"),
        ("/data/best_moves", "best moves"),
        ("/data/board", "board"),
    ] {
        let v = crate::support::verdict_on_tampered_record("tictactoe", pointer);
        assert_eq!(v.reason, Reason::VerifierError, "{v:?}");
        assert!(v.message.contains(needle), "{}", v.message);
    }
}
