//! `cryptarithm`: reference answers verify in every accepted layout, corruptions never do,
//! nothing panics, and uniqueness is re-proven by an independently written solver.

use std::collections::BTreeMap;

use proptest::prelude::*;
use verigym::envs::cryptarithm::{Cryptarithm, CryptarithmData, CryptarithmParams};
use verigym::{Env, Generator, ProblemRng, Reason, Verdict};

use crate::support::{check_golden, check_hashes, jsonl, one_per_level};

fn params() -> impl Strategy<Value = CryptarithmParams> {
    (2u8..=4, 2u8..=6, 0u8..=2).prop_map(|(addends, min_length, extra)| CryptarithmParams {
        addends,
        min_length,
        max_length: (min_length + extra).min(8),
    })
}

fn problem(params: &CryptarithmParams, seed: u64, index: u64) -> (CryptarithmData, String) {
    let p = Generator::new(&Cryptarithm, params.clone(), seed)
        .unwrap()
        .problem(index);
    (p.data, p.answer)
}

fn judge(data: &CryptarithmData, answer: &str) -> Verdict {
    Cryptarithm.verify(data, &format!("<answer>{answer}</answer>"))
}

fn text(assignment: &BTreeMap<String, u8>) -> String {
    assignment
        .iter()
        .map(|(l, d)| format!("{l}={d}"))
        .collect::<Vec<_>>()
        .join(", ")
}

// ---- An independent solver: one letter at a time (in order of first appearance from the units),
// ---- pruned by the sum taken modulo 10^k once the k rightmost columns are all assigned. ----

/// Words as letter indices, units first, and the letters in the order they are assigned.
struct Brute {
    words: Vec<Vec<usize>>,
    letters: usize,
    /// For each k, how many letters the k rightmost columns need.
    needed: Vec<usize>,
    digit: [u8; 10],
    used: u16,
    found: Vec<Vec<u8>>,
}

impl Brute {
    /// The last `k` digits of word `w` (units first), as a number.
    fn low(&self, w: usize, k: usize) -> u64 {
        self.words[w]
            .iter()
            .take(k)
            .rev()
            .fold(0, |v, &l| v * 10 + u64::from(self.digit[l]))
    }

    fn run(&mut self, at: usize) {
        if self.found.len() >= 2 {
            return;
        }
        // The columns completed by the last assignment must add up modulo 10^k.
        for (k, &need) in self.needed.iter().enumerate() {
            if need == at && at > 0 {
                let k = k + 1;
                let last = self.words.len() - 1;
                let sum: u64 = (0..last).map(|w| self.low(w, k)).sum();
                if sum % 10u64.pow(k as u32) != self.low(last, k) {
                    return;
                }
            }
        }
        if at == self.letters {
            let last = self.words.len() - 1;
            let full = |w: usize| self.low(w, usize::MAX);
            let sum: u64 = (0..last).map(full).sum();
            let leading_ok = self
                .words
                .iter()
                .all(|w| self.digit[*w.last().unwrap()] != 0);
            if leading_ok && sum == full(last) {
                self.found.push(self.digit[..self.letters].to_vec());
            }
            return;
        }
        for d in 0..10u8 {
            if self.used & (1 << d) == 0 {
                self.digit[at] = d;
                self.used |= 1 << d;
                self.run(at + 1);
                self.used &= !(1 << d);
            }
        }
    }
}

/// Re-proves a record: exactly one assignment makes the sum hold, and it is the stored one.
fn independently_unique(data: &CryptarithmData) -> Result<(), String> {
    let words: Vec<&String> = data.addends.iter().chain([&data.result]).collect();
    let width = words.iter().map(|w| w.len()).max().unwrap();
    // Letters numbered in order of first appearance from the units column.
    let mut order: Vec<char> = Vec::new();
    let mut needed = Vec::new();
    for k in 0..width {
        for w in &words {
            if let Some(c) = w.chars().rev().nth(k)
                && !order.contains(&c)
            {
                order.push(c);
            }
        }
        needed.push(order.len());
    }
    if order.len() > 10 {
        return Err("more than 10 letters".into());
    }
    let index = |c: char| order.iter().position(|&o| o == c).unwrap();
    let mut brute = Brute {
        words: words
            .iter()
            .map(|w| w.chars().rev().map(index).collect())
            .collect(),
        letters: order.len(),
        needed,
        digit: [0; 10],
        used: 0,
        found: Vec::new(),
    };
    brute.run(0);
    if brute.found.len() != 1 {
        return Err(format!("{} solutions", brute.found.len()));
    }
    let stored: Vec<u8> = order
        .iter()
        .map(|c| data.solution[c.encode_utf8(&mut [0; 4]) as &str])
        .collect();
    if brute.found[0] != stored {
        return Err("the stored solution is not the solution".into());
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn reference_verifies_and_is_unique(params in params(), seed: u64, index in 0u64..1 << 40) {
        let (data, answer) = problem(&params, seed, index);
        prop_assert_eq!(data.addends.len(), usize::from(params.addends));
        prop_assert!(data.addends.iter().all(|w| (params.min_length..=params.max_length).contains(&(w.len() as u8))));
        prop_assert_eq!(&text(&data.solution), &answer);
        if let Err(e) = independently_unique(&data) {
            prop_assert!(false, "{}", e);
        }
        let boxed = format!("\\boxed{{{answer}}}");
        prop_assert!(Cryptarithm.verify(&data, &boxed).correct);
    }

    #[test]
    fn corrupted_assignments_are_rejected_with_the_reason(params in params(), seed: u64, pick: (prop::sample::Index, prop::sample::Index)) {
        let (data, answer) = problem(&params, seed, 0);
        let letters: Vec<String> = data.solution.keys().cloned().collect();
        let (a, b) = (pick.0.index(letters.len()), pick.1.index(letters.len()));
        // Any other injective assignment is wrong: the solution is unique (re-proven above).
        if a != b {
            let mut traded = data.solution.clone();
            let (da, db) = (traded[&letters[a]], traded[&letters[b]]);
            traded.insert(letters[a].clone(), db);
            traded.insert(letters[b].clone(), da);
            let v = judge(&data, &text(&traded));
            prop_assert_eq!(v.reason, Reason::WrongAnswer, "{:?}", v);
            let mut shared = data.solution.clone();
            shared.insert(letters[b].clone(), da);
            let v = judge(&data, &text(&shared));
            prop_assert_eq!(v.reason, Reason::WrongAnswer);
            prop_assert!(v.message.contains("are both"), "{}", v.message);
        }
        let mut missing = data.solution.clone();
        missing.remove(&letters[a]);
        let mut ten = data.solution.clone();
        ten.insert(letters[a].clone(), 10);
        for (assignment, needle) in [(missing, "has no digit"), (ten, "digits are 0 to 9")] {
            let v = judge(&data, &text(&assignment));
            prop_assert_eq!(v.reason, Reason::WrongAnswer);
            prop_assert!(v.message.contains(needle), "{} / {}", v.message, needle);
        }
        let twice = format!("{answer}, {}={}", letters[a], data.solution[&letters[a]]);
        prop_assert!(judge(&data, &twice).message.contains("more than once"));
        // A free digit for one letter (a leading letter moved to 0 says so).
        if let Some(free) = (0..10u8).find(|d| !data.solution.values().any(|x| x == d)) {
            let mut moved = data.solution.clone();
            moved.insert(letters[a].clone(), free);
            prop_assert_eq!(judge(&data, &text(&moved)).reason, Reason::WrongAnswer);
        }
        for form in [
            format!("{answer} or {}", data.solution[&letters[a]]),
            answer.replacen('=', " ", 1),
            format!("{answer}, {} = {}", data.result, 12),
            answer.replacen(|c: char| c.is_ascii_digit(), "x", 1),
        ] {
            let v = judge(&data, &form);
            prop_assert_eq!(v.reason, Reason::UnparsableAnswer, "{}", form);
        }
    }

    #[test]
    fn random_assignments_are_judged_by_the_rules(params in params(), seed: u64) {
        let (data, _) = problem(&params, seed, 1);
        let mut rng = ProblemRng::from_test_seed(seed);
        let mut digits: Vec<u8> = (0..10).collect();
        rng.shuffle(&mut digits);
        let guess: BTreeMap<String, u8> = data.solution.keys().cloned().zip(digits).collect();
        prop_assert_eq!(judge(&data, &text(&guess)).correct, guess == data.solution);
    }

    #[test]
    fn arbitrary_text_never_panics(params in params(), text in ".{0,300}") {
        let (data, _) = problem(&params, 3, 0);
        let v = Cryptarithm.verify(&data, &text);
        prop_assert!(!v.correct && !v.message.is_empty());
    }

    #[test]
    fn adversarial_structure_never_panics(params in params(), parts in prop::collection::vec(
        prop::sample::select(vec!["<answer>", "</answer>", "<think>", "</think>", "\\boxed{", "}",
            "A", "B", "Z", "a", "é", "=", ":", "->", "→", " is ", ",", ";", "\n", " ", "0", "9", "10",
            "99999999999999999999999", "|", "---", "{", "\"", "-", "*", ".", "SEND"]), 0..120)) {
        let (data, _) = problem(&params, 4, 0);
        let v = Cryptarithm.verify(&data, &parts.concat());
        prop_assert!(v.format_ok || v.reason != Reason::Correct);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn every_probe_form_is_judged_as_labelled(params in params(), seed: u64, index in 0u64..1 << 20) {
        let p = Generator::new(&Cryptarithm, params, seed).unwrap().problem(index);
        crate::support::probe_forms_are_judged_as_labelled(&Cryptarithm, &p.data, &p.answer)?;
    }
}

#[test]
fn the_independent_solver_knows_send_more_money() {
    let mut data = CryptarithmData {
        addends: vec!["SEND".into(), "MORE".into()],
        result: "MONEY".into(),
        solution: [
            ("S", 9),
            ("E", 5),
            ("N", 6),
            ("D", 7),
            ("M", 1),
            ("O", 0),
            ("R", 8),
            ("Y", 2),
        ]
        .into_iter()
        .map(|(l, d)| (l.to_owned(), d))
        .collect(),
    };
    independently_unique(&data).unwrap();
    data.addends = vec!["AB".into(), "BA".into()];
    data.result = "CC".into();
    assert_eq!(independently_unique(&data).unwrap_err(), "2 solutions");
}

#[test]
fn uniqueness_is_reproven_independently_at_every_level() {
    for level in 0..=10 {
        let g =
            Generator::at_level(&Cryptarithm, f64::from(level), &Default::default(), 5).unwrap();
        for i in 0..3 {
            let data = g.problem(i).data;
            if let Err(e) = independently_unique(&data) {
                panic!("level {level} problem {i}: {e}");
            }
        }
    }
}

/// The bar at scale: `cargo test --release -- --ignored cryptarithm_ten_thousand`.
#[test]
#[ignore = "slow in debug builds; run with --release"]
fn cryptarithm_ten_thousand_are_unique() {
    let failures: Vec<String> = crate::support::across_levels(&Cryptarithm, 10_000)
        .filter_map(|(at, p)| {
            independently_unique(&p.data)
                .err()
                .map(|e| format!("{at}: {e}"))
        })
        .collect();
    assert!(failures.is_empty(), "{failures:?}");
}

#[test]
fn golden_cryptarithm_defaults_seed_42() {
    check_golden(
        "cryptarithm-default-s42.jsonl",
        &jsonl("cryptarithm", None, &[], 42, 0, 2),
    );
}

#[test]
fn golden_cryptarithm_levels_seed_1() {
    check_golden(
        "cryptarithm-levels-s1.jsonl",
        &one_per_level("cryptarithm", 1),
    );
}

/// SHA-256 of the first 50 problems (generation redraws until unique, slow in debug builds).
#[test]
fn pinned_hashes_of_first_fifty() {
    check_hashes(
        "cryptarithm",
        50,
        &[
            (
                None,
                0,
                "fdeb6e9a9870749d8ba1e7351560a39b1d19eb4cb8bcce0bc45af8d4feb8ea1a",
            ),
            (
                Some(1.0),
                7,
                "c5af3861c58ea02ebcc64ba001bd3ee580361f78f9cbe66f60bba31c7a777e83",
            ),
            (
                Some(8.0),
                7,
                "1f156db00fe4cb0e44b2052f9025964e81cd119a312070a491b4b2618336e5db",
            ),
        ],
    );
}

#[test]
fn a_tampered_record_is_a_verifier_error() {
    let v = crate::support::verdict_on_tampered_record("cryptarithm", "/data/result");
    assert_eq!(v.reason, Reason::VerifierError, "{v:?}");
    assert!(
        v.message.contains("result") || v.message.contains("letter"),
        "{}",
        v.message
    );
}
