//! `crt`: the answer is re-derived by an independent sieve, proven unique by brute force on small
//! instances, any other value is wrong with the failing congruence named, and no input panics.

use proptest::prelude::*;
use verigym::envs::crt::{Crt, CrtData, CrtParams};
use verigym::{Env, Generator, Reason, Verdict};

use crate::support::{check_golden, check_hashes, jsonl, one_per_level};

fn params() -> impl Strategy<Value = CrtParams> {
    (0.0..=10.0f64).prop_map(<CrtParams as verigym::EnvParams>::at_level)
}

fn problem(params: &CrtParams, seed: u64, index: u64) -> (CrtData, String) {
    let p = Generator::new(&Crt, params.clone(), seed)
        .unwrap()
        .problem(index);
    (p.data, p.answer)
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// An independent solver: the sieve method. Keep x and the step M of the congruences so far; for
/// the next one, walk x, x + M, x + 2M, … until it fits (no inverses, no Euclid). Returns the
/// running solutions.
fn sieve(data: &CrtData) -> Vec<u64> {
    let (mut x, mut step) = (0u64, 1u64);
    let mut out = Vec::new();
    for (&m, &r) in data.moduli.iter().zip(&data.residues) {
        let mut tries = 0;
        while x % m != r {
            x += step;
            tries += 1;
            assert!(tries <= m, "no solution: the moduli are not coprime");
        }
        step *= m;
        out.push(x);
    }
    out
}

fn with_steps(data: &CrtData, answer: &str) -> String {
    let chain: Vec<String> = (1..)
        .zip(&data.partials)
        .map(|(k, x)| format!("step {k}: {x}"))
        .collect();
    format!(
        "<think>{}</think><answer>{answer}</answer>",
        chain.join("\n")
    )
}

fn judge(data: &CrtData, answer: &str) -> Verdict {
    Crt.verify(data, &format!("<answer>{answer}</answer>"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn reference_verifies_and_matches_an_independent_sieve(params in params(), seed: u64, index in 0u64..1 << 40) {
        let (data, answer) = problem(&params, seed, index);
        prop_assert_eq!(data.moduli.len(), params.congruences as usize);
        for (i, &m) in data.moduli.iter().enumerate() {
            prop_assert!((params.modulus_min..=params.modulus_max).contains(&m));
            for &c in &data.moduli[..i] {
                prop_assert_eq!(gcd(c, m), 1);
            }
        }
        prop_assert_eq!(&data.partials, &sieve(&data));
        let v = Crt.verify(&data, &with_steps(&data, &answer));
        prop_assert!(v.correct && v.score == 1.0, "{:?}", v);
        prop_assert!(v.steps.unwrap().cot_correct);
    }

    #[test]
    fn any_other_value_is_wrong_with_the_failing_congruence(params in params(), seed: u64, delta in 1u64..1 << 40) {
        let (data, _) = problem(&params, seed, 0);
        let big: u64 = data.moduli.iter().product();
        let other = (data.solution() + delta % big) % big;
        prop_assume!(other != data.solution());
        let v = judge(&data, &other.to_string());
        prop_assert_eq!(v.reason, Reason::WrongAnswer);
        prop_assert!(v.message.starts_with("congruence "), "{}", v.message);
        // Congruent to the answer but not reduced: wrong, never reduced for the model.
        let v = judge(&data, &(data.solution() + big).to_string());
        prop_assert_eq!(v.reason, Reason::WrongAnswer);
    }

    #[test]
    fn a_corrupted_step_breaks_the_chain_not_the_answer(params in params(), seed: u64, which: prop::sample::Index) {
        let (data, answer) = problem(&params, seed, 1);
        let k = which.index(data.partials.len() - 1);
        let mut bad = data.clone();
        bad.partials[k] += 1;
        let v = Crt.verify(&data, &with_steps(&bad, &answer));
        prop_assert!(v.correct);
        let s = v.steps.unwrap();
        prop_assert!(!s.cot_correct);
        prop_assert_eq!(s.first_wrong, Some(k as u32 + 1));
    }

    #[test]
    fn arbitrary_text_never_panics(params in params(), text in ".{0,300}") {
        let (data, _) = problem(&params, 1, 0);
        let v = Crt.verify(&data, &text);
        prop_assert!((0.0..=1.0).contains(&v.score) && !v.message.is_empty());
        let v = Crt.verify(&data, &format!("<answer>{text}</answer>"));
        prop_assert!(v.score == 0.0 || v.correct);
    }

    #[test]
    fn adversarial_structure_never_panics(params in params(), parts in prop::collection::vec(
        prop::sample::select(vec!["<answer>", "</answer>", "<think>", "</think>", "\\boxed{", "}",
            "1", "2", "3", "0", "99999999999999999999999", "=", "≡", "\\equiv", "mod", "(", ")",
            "\\pmod{", "step ", ":", "\n", " ", "-", "+", "x", "**", "$", "k", "é"]),
        0..60)) {
        let (data, _) = problem(&params, 2, 0);
        let v = Crt.verify(&data, &parts.concat());
        prop_assert!(v.format_ok || v.reason != Reason::Correct);
    }

    #[test]
    fn every_probe_form_is_judged_as_labelled(params in params(), seed: u64, index in 0u64..1 << 20) {
        let (data, answer) = problem(&params, seed, index);
        crate::support::probe_forms_are_judged_as_labelled(&Crt, &data, &answer)?;
    }
}

/// Uniqueness by brute force: on small instances every x in [0, M) is tried against the
/// congruences, and the verifier accepts exactly the one that fits. Random guessing in [0, M)
/// scores 1/M on average, with no floor beyond it.
#[test]
fn exactly_one_value_below_m_fits_and_is_accepted() {
    let params = CrtParams {
        congruences: 3,
        modulus_min: 2,
        modulus_max: 12,
    };
    for index in 0..30 {
        let (data, _) = problem(&params, 5, index);
        let big: u64 = data.moduli.iter().product();
        let fits: Vec<u64> = (0..big)
            .filter(|x| {
                data.moduli
                    .iter()
                    .zip(&data.residues)
                    .all(|(&m, &r)| x % m == r)
            })
            .collect();
        assert_eq!(fits, vec![data.solution()]);
        let accepted: Vec<u64> = (0..big + 20)
            .filter(|x| judge(&data, &x.to_string()).correct)
            .collect();
        assert_eq!(accepted, fits);
    }
}

/// A narrow range forces the restart and the fallback to primes: generation still ends with
/// pairwise coprime moduli.
#[test]
fn a_crowded_range_still_gives_coprime_moduli() {
    let params = CrtParams {
        congruences: 4,
        modulus_min: 2,
        modulus_max: 7,
    };
    for index in 0..50 {
        let (data, _) = problem(&params, 9, index);
        assert_eq!(sieve(&data), data.partials);
        let mut sorted = data.moduli.clone();
        sorted.sort_unstable();
        // Four pairwise coprime numbers from 2..=7: {2 or 4, 3, 5, 7}.
        assert!(
            sorted == [2, 3, 5, 7] || sorted == [3, 4, 5, 7],
            "{sorted:?}"
        );
    }
}

#[test]
fn golden_crt_defaults_seed_42() {
    check_golden("crt-default-s42.jsonl", &jsonl("crt", None, &[], 42, 0, 3));
}

#[test]
fn golden_crt_levels_seed_1() {
    check_golden("crt-levels-s1.jsonl", &one_per_level("crt", 1));
}

/// SHA-256 of the first 1,000 problems. A change means generated bytes changed: bump the version.
#[test]
fn pinned_hashes_of_first_thousand() {
    check_hashes(
        "crt",
        1000,
        &[
            (
                None,
                0,
                "8abb2405ad3ad8d6c6368384d8ac4892e63888d1dfaaf00eb48854549b339074",
            ),
            (
                Some(0.0),
                7,
                "0a8267d8622802773358012e7aebc41dc2d65375858fdddd6a38da799716afcd",
            ),
            (
                Some(10.0),
                7,
                "a1934f3b178e6d085fd4bdb8167bbb26681dfd85ae8816d5d68904cc2066f05f",
            ),
        ],
    );
}

/// A record whose data breaks an invariant is judged a verifier error.
#[test]
fn a_tampered_record_is_a_verifier_error() {
    for (pointer, needle) in [
        ("/data/partials/0", "partials"),
        ("/data/residues/0", "residue"),
        ("/data/moduli/1", "moduli"),
    ] {
        let v = crate::support::verdict_on_tampered_record("crt", pointer);
        assert_eq!(v.reason, Reason::VerifierError, "{v:?}");
        assert!(v.message.contains(needle), "{}", v.message);
    }
}
