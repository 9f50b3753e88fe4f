//! `linear_mod`: every system has exactly one solution (re-proven by Cramer's rule over a
//! permutation-expansion determinant, and by brute force on small systems), the verifier accepts
//! exactly that assignment in any layout, corruptions are rejected with the reason, and no input
//! panics.

use proptest::prelude::*;
use verigym::envs::linear_mod::{LinearMod, LinearModData, LinearModParams, NAMES};
use verigym::{Env, Generator, Reason, Verdict};

use crate::support::{check_golden, check_hashes, jsonl, one_per_level};

fn params() -> impl Strategy<Value = LinearModParams> {
    (0.0..=10.0f64).prop_map(<LinearModParams as verigym::EnvParams>::at_level)
}

fn problem(params: &LinearModParams, seed: u64, index: u64) -> (LinearModData, String) {
    let p = Generator::new(&LinearMod, params.clone(), seed)
        .unwrap()
        .problem(index);
    (p.data, p.answer)
}

fn pow(mut a: u64, mut e: u64, p: u64) -> u64 {
    let mut acc = 1;
    while e > 0 {
        if e & 1 == 1 {
            acc = acc * a % p;
        }
        a = a * a % p;
        e >>= 1;
    }
    acc
}

/// The determinant modulo p by the Leibniz formula: a sum over all n! permutations with their
/// signs. No elimination, so it shares nothing with the generator's rank test.
fn det(m: &[Vec<u64>], p: u64) -> u64 {
    fn go(m: &[Vec<u64>], p: u64, row: usize, used: &mut Vec<bool>, sign: bool, acc: u64) -> u64 {
        let n = m.len();
        if row == n {
            return if sign { (p - acc % p) % p } else { acc % p };
        }
        let mut total = 0;
        for col in 0..n {
            if used[col] {
                continue;
            }
            // The parity of the permutation: each earlier row that took a later column is an
            // inversion.
            let inversions = used[col + 1..].iter().filter(|&&u| u).count();
            used[col] = true;
            let term = go(
                m,
                p,
                row + 1,
                used,
                sign ^ (inversions % 2 == 1),
                acc * m[row][col] % p,
            );
            used[col] = false;
            total = (total + term) % p;
        }
        total
    }
    go(m, p, 0, &mut vec![false; m.len()], false, 1)
}

/// Cramer's rule: x_j = det(A with column j replaced by b) / det(A). `None` when det(A) = 0.
fn cramer(data: &LinearModData) -> Option<Vec<u64>> {
    let p = data.modulus;
    let d = det(&data.coefficients, p);
    if d == 0 {
        return None;
    }
    let inv = pow(d, p - 2, p);
    let n = data.coefficients.len();
    Some(
        (0..n)
            .map(|j| {
                let replaced: Vec<Vec<u64>> = data
                    .coefficients
                    .iter()
                    .zip(&data.rhs)
                    .map(|(row, &b)| {
                        let mut row = row.clone();
                        row[j] = b;
                        row
                    })
                    .collect();
                det(&replaced, p) * inv % p
            })
            .collect(),
    )
}

fn text(values: &[u64]) -> String {
    NAMES
        .iter()
        .zip(values)
        .map(|(n, v)| format!("{n} = {v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn judge(data: &LinearModData, answer: &str) -> Verdict {
    LinearMod.verify(data, &format!("<answer>{answer}</answer>"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn the_solution_is_unique_by_cramer_and_verifies_in_any_order(params in params(), seed: u64, index in 0u64..1 << 40, turn in 0usize..6) {
        let (data, answer) = problem(&params, seed, index);
        prop_assert_eq!(data.coefficients.len(), params.unknowns as usize);
        prop_assert_eq!(cramer(&data), Some(data.solution.clone()));
        prop_assert_eq!(&answer, &text(&data.solution));
        let mut entries: Vec<String> = NAMES.iter().zip(&data.solution).map(|(n, v)| format!("{n} ≡ {v}")).collect();
        let len = entries.len();
        entries.rotate_left(turn % len);
        for form in [answer.clone(), entries.join("\n"), entries.join("; ")] {
            let v = judge(&data, &form);
            prop_assert!(v.correct && v.score == 1.0, "{}: {:?}", form, v);
        }
    }

    #[test]
    fn any_other_assignment_is_wrong_with_the_failing_equation(params in params(), seed: u64, which: prop::sample::Index, delta in 1u64..1000) {
        let (data, _) = problem(&params, seed, 0);
        let p = data.modulus;
        let mut values = data.solution.clone();
        let j = which.index(values.len());
        values[j] = (values[j] + 1 + delta % (p - 1)) % p;
        prop_assume!(values != data.solution);
        let v = judge(&data, &text(&values));
        prop_assert_eq!(v.reason, Reason::WrongAnswer);
        prop_assert!(v.message.starts_with("equation "), "{}", v.message);
        // The right residue, unreduced: wrong, never reduced for the model.
        let mut unreduced = data.solution.clone();
        unreduced[j] += p;
        let v = judge(&data, &text(&unreduced));
        prop_assert_eq!(v.reason, Reason::WrongAnswer);
        prop_assert!(v.message.contains("outside"), "{}", v.message);
    }

    #[test]
    fn missing_repeated_or_unknown_names_are_unparsable(params in params(), seed: u64, which: prop::sample::Index) {
        let (data, answer) = problem(&params, seed, 2);
        let n = data.solution.len();
        let j = which.index(n);
        let entries: Vec<String> = NAMES.iter().zip(&data.solution).map(|(n, v)| format!("{n} = {v}")).collect();
        let missing: Vec<&str> = entries.iter().enumerate().filter(|&(i, _)| i != j).map(|(_, e)| e.as_str()).collect();
        for (form, needle) in [
            (missing.join(", "), format!("no value for {}", NAMES[j])),
            (format!("{answer}, {}", entries[j]), format!("{} is given more than once", NAMES[j])),
            (format!("{answer}, q = 1"), "does not start with an unknown".to_owned()),
        ] {
            let v = judge(&data, &form);
            prop_assert_eq!(v.reason, Reason::UnparsableAnswer, "{}", form);
            prop_assert!(v.message.contains(&needle), "{} / {}", v.message, needle);
        }
    }

    #[test]
    fn arbitrary_text_never_panics(params in params(), text in ".{0,300}") {
        let (data, _) = problem(&params, 1, 0);
        let v = LinearMod.verify(&data, &text);
        prop_assert!((0.0..=1.0).contains(&v.score) && !v.message.is_empty());
        let v = LinearMod.verify(&data, &format!("<answer>{text}</answer>"));
        prop_assert!(v.score == 0.0 || v.correct);
    }

    #[test]
    fn adversarial_structure_never_panics(params in params(), parts in prop::collection::vec(
        prop::sample::select(vec!["<answer>", "</answer>", "<think>", "</think>", "\\boxed{", "}",
            "x", "y", "z", "w", "X", "é", "1", "2", "0", "99999999999999999999999", "=", "≡",
            "\\equiv", ":", "mod", "(", ")", ",", ";", "\n", " ", " and ", "-", "+", "**", "$",
            "- ", "1. "]),
        0..60)) {
        let (data, _) = problem(&params, 2, 0);
        let v = LinearMod.verify(&data, &parts.concat());
        prop_assert!(v.format_ok || v.reason != Reason::Correct);
    }

    #[test]
    fn every_probe_form_is_judged_as_labelled(params in params(), seed: u64, index in 0u64..1 << 20) {
        let (data, answer) = problem(&params, seed, index);
        crate::support::probe_forms_are_judged_as_labelled(&LinearMod, &data, &answer)?;
    }
}

/// Uniqueness by brute force: on small systems all p^n assignments are tried against the
/// equations; exactly one fits, and the verifier accepts exactly it. Random guessing scores
/// p^(−n) on average, with no floor beyond it.
#[test]
fn exactly_one_assignment_fits_and_is_accepted() {
    for (unknowns, modulus) in [(2, 5), (3, 5), (2, 7), (3, 3), (4, 3)] {
        let params = LinearModParams { unknowns, modulus };
        for index in 0..6 {
            let (data, _) = problem(&params, 11, index);
            let n = unknowns as usize;
            let total = modulus.pow(unknowns);
            let mut fits = Vec::new();
            for code in 0..total {
                let values: Vec<u64> = (0..n)
                    .map(|i| code / modulus.pow(i as u32) % modulus)
                    .collect();
                let ok = data.coefficients.iter().zip(&data.rhs).all(|(row, &b)| {
                    row.iter().zip(&values).map(|(a, v)| a * v).sum::<u64>() % modulus == b
                });
                assert_eq!(judge(&data, &text(&values)).correct, ok, "{values:?}");
                if ok {
                    fits.push(values);
                }
            }
            assert_eq!(fits, vec![data.solution.clone()]);
        }
    }
}

#[test]
fn golden_linear_mod_defaults_seed_42() {
    check_golden(
        "linear_mod-default-s42.jsonl",
        &jsonl("linear_mod", None, &[], 42, 0, 3),
    );
}

#[test]
fn golden_linear_mod_levels_seed_1() {
    check_golden(
        "linear_mod-levels-s1.jsonl",
        &one_per_level("linear_mod", 1),
    );
}

/// SHA-256 of the first 1,000 problems. A change means generated bytes changed: bump the version.
#[test]
fn pinned_hashes_of_first_thousand() {
    check_hashes(
        "linear_mod",
        1000,
        &[
            (
                None,
                0,
                "5f96c84ac3ce136102aa973e61e0b02bbd03c2ba974e8d7758f57965d302712b",
            ),
            (
                Some(0.0),
                7,
                "0ab2b582438d28b02e9dd1b58ea06105edad9374f25690035f0a026b8041e3bf",
            ),
            (
                Some(10.0),
                7,
                "6684cb4f35af37af7ae5396474ab652c33c7f0f9f6bc2450b1a99f0327c4b314",
            ),
        ],
    );
}

/// A record whose data breaks an invariant is judged a verifier error.
#[test]
fn a_tampered_record_is_a_verifier_error() {
    for (pointer, needle) in [
        ("/data/solution/0", "solution"),
        ("/data/rhs/1", "not below"),
        ("/data/modulus", "modulus"),
    ] {
        let v = crate::support::verdict_on_tampered_record("linear_mod", pointer);
        assert_eq!(v.reason, Reason::VerifierError, "{v:?}");
        assert!(v.message.contains(needle), "{}", v.message);
    }
}
