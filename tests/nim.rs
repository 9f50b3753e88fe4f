//! `nim`: every position is a win for the player to move, and the verifier accepts exactly its
//! winning moves. Re-proven without the Sprague–Grundy theorem, by searching the game tree of
//! each position (every reachable position judged won or lost by its moves alone), over problems
//! from every level; corruptions are rejected with the reason, and no input panics.

use std::collections::HashMap;

use proptest::prelude::*;
use verigym::envs::nim::{Move, Nim, NimData, NimParams, Takes};
use verigym::{Env, Generator, Reason, Verdict};

use crate::support::{check_golden, check_hashes, jsonl, one_per_level};

fn params() -> impl Strategy<Value = NimParams> {
    (0.0..=10.0f64).prop_map(<NimParams as verigym::EnvParams>::at_level)
}

fn problem(params: &NimParams, seed: u64, index: u64) -> (NimData, String) {
    let p = Generator::new(&Nim, params.clone(), seed)
        .unwrap()
        .problem(index);
    (p.data, p.answer)
}

fn judge(data: &NimData, answer: &str) -> Verdict {
    Nim.verify(data, &format!("<answer>{answer}</answer>"))
}

fn text(m: Move) -> String {
    format!("take {} from pile {}", m.take, m.pile)
}

/// Legal moves by the prompt's words, written again here: a positive amount, no more than the
/// pile, and within the rule.
fn legal(takes: &Takes, pile: u32, take: u32) -> bool {
    if take == 0 || take > pile {
        return false;
    }
    match takes {
        Takes::Any => true,
        Takes::UpTo { max } => take <= *max,
        Takes::Set { sizes } => sizes.contains(&take),
    }
}

/// Whether the player to move wins, by exhaustive search of the game tree: a position is won
/// when some move leads to a lost one (a position with no move is lost). Positions are keyed
/// by their sorted piles (the order of piles does not change who wins). `None` past `budget`
/// positions.
fn wins(
    piles: &mut Vec<u32>,
    takes: &Takes,
    memo: &mut HashMap<Vec<u32>, bool>,
    budget: usize,
) -> Option<bool> {
    let mut key = piles.clone();
    key.sort_unstable();
    if let Some(&w) = memo.get(&key) {
        return Some(w);
    }
    if memo.len() >= budget {
        return None;
    }
    let mut won = false;
    'search: for i in 0..piles.len() {
        for take in 1..=piles[i] {
            if legal(takes, piles[i], take) {
                piles[i] -= take;
                let opponent = wins(piles, takes, memo, budget);
                piles[i] += take;
                if !opponent? {
                    won = true;
                    break 'search;
                }
            }
        }
    }
    memo.insert(key, won);
    Some(won)
}

/// The winning moves of a position by search, by pile then amount; `None` past the budget.
fn winning_by_search(data: &NimData, budget: usize) -> Option<Vec<Move>> {
    let mut memo = HashMap::new();
    let mut piles = data.piles.clone();
    let mut out = Vec::new();
    for i in 0..piles.len() {
        for take in 1..=piles[i] {
            if legal(&data.takes, piles[i], take) {
                piles[i] -= take;
                let opponent = wins(&mut piles, &data.takes, &mut memo, budget);
                piles[i] += take;
                if !opponent? {
                    out.push(Move {
                        pile: i as u32 + 1,
                        take,
                    });
                }
            }
        }
    }
    Some(out)
}

/// Problems from every level (0 to 10 in steps of 0.5, several seeds and indices): the search's
/// winning moves are exactly the moves the verifier accepts among every move a pile and an
/// amount can name, the reference is the first and the count is the record's. Positions whose
/// game tree exceeds the budget are counted, and must be few.
#[test]
fn the_verifier_accepts_exactly_the_moves_search_finds_winning() {
    let (mut checked, mut over_budget) = (0, 0);
    for step in 0..=20 {
        let params = <NimParams as verigym::EnvParams>::at_level(f64::from(step) / 2.0);
        for (seed, index) in [(1, 0), (1, 1), (2, 5), (3, 9), (4, 17), (5, 33)] {
            let (data, answer) = problem(&params, seed, index);
            let Some(winning) = winning_by_search(&data, 200_000) else {
                over_budget += 1;
                continue;
            };
            assert!(!winning.is_empty(), "a lost position: {data:?}");
            assert_eq!(winning[0], data.reference, "{data:?}");
            assert_eq!(answer, text(winning[0]));
            assert_eq!(winning.len(), data.winning_moves as usize, "{data:?}");
            let largest = *data.piles.iter().max().unwrap();
            for pile in 0..=data.piles.len() as u32 + 1 {
                for take in 0..=largest + 1 {
                    let m = Move { pile, take };
                    let v = judge(&data, &text(m));
                    assert_eq!(v.correct, winning.contains(&m), "{m:?} on {data:?}: {v:?}");
                    assert!(v.format_ok, "{m:?}: {v:?}");
                }
            }
            checked += 1;
        }
    }
    println!("nim: {checked} positions re-proven by search, {over_budget} over the budget");
    assert!(
        checked >= 120 && over_budget <= 6,
        "checked {checked}, over budget {over_budget}"
    );
}

/// A random legal move seldom wins: the generator picks positions where few legal moves do (a
/// position where most did would pay guessing). The mean share is printed for the README's
/// guessing floor.
#[test]
fn winning_moves_are_a_small_share_of_legal_moves() {
    let mut shares = Vec::new();
    for step in 0..=10 {
        let params = <NimParams as verigym::EnvParams>::at_level(f64::from(step));
        for index in 0..50 {
            let (data, _) = problem(&params, 8, index);
            let legal_moves: usize = data
                .piles
                .iter()
                .map(|&p| (1..=p).filter(|&t| legal(&data.takes, p, t)).count())
                .sum();
            let share = f64::from(data.winning_moves) / legal_moves as f64;
            assert!(share <= 0.5, "{share}: {data:?}");
            shares.push(share);
        }
    }
    let mean = shares.iter().sum::<f64>() / shares.len() as f64;
    println!("nim: a random legal move wins {mean:.3} of the time on average");
    assert!(mean < 0.15, "{mean}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn the_reference_and_its_forms_verify(params in params(), seed: u64, index in 0u64..1 << 40) {
        let (data, answer) = problem(&params, seed, index);
        let Move { pile: k, take: t } = data.reference;
        for form in [answer.clone(), format!("pile {k}: take {t}"), format!("Remove {t} stones from pile {k}.")] {
            let v = judge(&data, &form);
            prop_assert!(v.correct && v.score == 1.0, "{}: {:?}", form, v);
        }
    }

    #[test]
    fn a_move_that_does_not_win_is_wrong_with_the_reason(params in params(), seed: u64, pile in 0u32..8, take in 0u32..70) {
        let (data, _) = problem(&params, seed, 3);
        let m = Move { pile, take };
        let v = judge(&data, &text(m));
        let exists = (1..=data.piles.len() as u32).contains(&pile);
        if !exists {
            prop_assert_eq!(v.reason, Reason::WrongAnswer);
            prop_assert!(v.message.starts_with("there is no pile"), "{}", v.message);
        } else if !legal(&data.takes, data.piles[pile as usize - 1], take) {
            prop_assert_eq!(v.reason, Reason::WrongAnswer);
            prop_assert!(v.message.contains("not a legal move"), "{}", v.message);
        } else if !v.correct {
            prop_assert_eq!(v.reason, Reason::WrongAnswer);
            prop_assert!(v.message.contains("your opponent has a winning move"), "{}", v.message);
        }
    }

    #[test]
    fn two_moves_or_a_half_move_are_unparsable(params in params(), seed: u64) {
        let (data, answer) = problem(&params, seed, 4);
        let Move { pile: k, take: t } = data.reference;
        for form in [format!("{answer} and {answer}"), format!("take {t}"), format!("pile {k}"), format!("{answer}, then take 1 from pile 1")] {
            let v = judge(&data, &form);
            prop_assert_eq!(v.reason, Reason::UnparsableAnswer, "{}", form);
        }
    }

    #[test]
    fn arbitrary_text_never_panics(params in params(), text in ".{0,300}") {
        let (data, _) = problem(&params, 1, 0);
        let v = Nim.verify(&data, &text);
        prop_assert!((0.0..=1.0).contains(&v.score) && !v.message.is_empty());
        let v = Nim.verify(&data, &format!("<answer>{text}</answer>"));
        prop_assert!(v.score == 0.0 || v.correct);
    }

    #[test]
    fn adversarial_structure_never_panics(params in params(), parts in prop::collection::vec(
        prop::sample::select(vec!["<answer>", "</answer>", "<think>", "</think>", "\\boxed{", "}",
            "take", "remove", "from", "pile", "stones", "1", "2", "0", "99999999999999999999999",
            ":", ",", "\n", " ", " and ", "-", "**", "$", "é"]),
        0..60)) {
        let (data, _) = problem(&params, 2, 0);
        let v = Nim.verify(&data, &parts.concat());
        prop_assert!(v.format_ok || v.reason != Reason::Correct);
    }

    #[test]
    fn every_probe_form_is_judged_as_labelled(params in params(), seed: u64, index in 0u64..1 << 20) {
        let (data, answer) = problem(&params, seed, index);
        crate::support::probe_forms_are_judged_as_labelled(&Nim, &data, &answer)?;
    }
}

#[test]
fn golden_nim_defaults_seed_42() {
    check_golden("nim-default-s42.jsonl", &jsonl("nim", None, &[], 42, 0, 3));
}

#[test]
fn golden_nim_levels_seed_1() {
    check_golden("nim-levels-s1.jsonl", &one_per_level("nim", 1));
}

/// SHA-256 of the first 1,000 problems. A change means generated bytes changed: bump the version.
#[test]
fn pinned_hashes_of_first_thousand() {
    check_hashes(
        "nim",
        1000,
        &[
            (
                None,
                0,
                "823bf3a5ced9b5da920cd2b797a29b163bdc5c9bb4bb3b0b2724cb33957d4f25",
            ),
            (
                Some(0.0),
                7,
                "17f093eedea9c7c533edfc6eb1a9aa7f17e061c97a75e162954e45efda5d0299",
            ),
            (
                Some(10.0),
                7,
                "edc1f0bc581e97c02611e9f0dbc6e46bef8d0cd5b27c1c48957798cab1d25b8b",
            ),
        ],
    );
}

/// A record whose data breaks an invariant is judged a verifier error.
#[test]
fn a_tampered_record_is_a_verifier_error() {
    for (pointer, needle) in [
        ("/data/reference/take", "reference"),
        ("/data/piles/0", "pile"),
        ("/data/winning_moves", "winning moves"),
    ] {
        let v = crate::support::verdict_on_tampered_record("nim", pointer);
        assert_eq!(v.reason, Reason::VerifierError, "{v:?}");
        assert!(v.message.contains(needle), "{}", v.message);
    }
}
