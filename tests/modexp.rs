//! `modexp`: the reference verifies with every square, the value is re-derived by an independent
//! method, any other value is wrong, corrupted squares only break the step report, and no input
//! panics.

use proptest::prelude::*;
use verigym::envs::modexp::{ModExp, ModExpData, ModExpParams};
use verigym::{Env, Generator, Reason, Verdict};

use crate::support::{check_golden, check_hashes, jsonl, one_per_level};

fn params() -> impl Strategy<Value = ModExpParams> {
    (0.0..=10.0f64, 2u32..=64).prop_map(|(level, bits)| ModExpParams {
        exponent_bits: bits,
        ..<ModExpParams as verigym::EnvParams>::at_level(level)
    })
}

fn problem(params: &ModExpParams, seed: u64, index: u64) -> (ModExpData, String) {
    let p = Generator::new(&ModExp, params.clone(), seed)
        .unwrap()
        .problem(index);
    (p.data, p.answer)
}

/// Independent of the library's right-to-left square-and-multiply: left-to-right binary
/// exponentiation in u128, and plain repeated multiplication for small exponents.
fn power(a: u64, e: u64, p: u64) -> u64 {
    let (a, p) = (u128::from(a), u128::from(p));
    let mut acc = 1u128;
    for bit in (0..64).rev() {
        acc = acc * acc % p;
        if e >> bit & 1 == 1 {
            acc = acc * a % p;
        }
    }
    if e < 5_000 {
        let naive = (0..e).fold(1u128, |x, _| x * a % p);
        assert_eq!(naive, acc);
    }
    acc as u64
}

fn is_prime(n: u64) -> bool {
    n >= 2
        && (2..n)
            .take_while(|d| d * d <= n)
            .all(|d| !n.is_multiple_of(d))
}

fn with_steps(data: &ModExpData, answer: &str) -> String {
    let chain: Vec<String> = (1..)
        .zip(&data.squares)
        .map(|(i, s)| format!("step {i}: {s}"))
        .collect();
    format!(
        "<think>{}</think><answer>{answer}</answer>",
        chain.join("\n")
    )
}

fn judge(data: &ModExpData, answer: &str) -> Verdict {
    ModExp.verify(data, &format!("<answer>{answer}</answer>"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn reference_verifies_with_every_square(params in params(), seed: u64, index in 0u64..1 << 40) {
        let (data, answer) = problem(&params, seed, index);
        let p = data.modulus;
        prop_assert!(is_prime(p) && (params.modulus_min..=params.modulus_max).contains(&p));
        prop_assert_eq!(64 - data.exponent.leading_zeros(), params.exponent_bits);
        prop_assert_eq!(data.value, power(data.base, data.exponent, p));
        for (i, &s) in (1..).zip(&data.squares) {
            prop_assert_eq!(s, power(data.base, 1 << i, p));
        }
        let v = ModExp.verify(&data, &with_steps(&data, &answer));
        prop_assert!(v.correct && v.score == 1.0, "{:?}", v);
        let s = v.steps.unwrap();
        prop_assert!(s.cot_correct && s.correct as usize == data.squares.len());
    }

    #[test]
    fn any_other_value_is_wrong(params in params(), seed: u64, delta in 1u64..1 << 40) {
        let (data, _) = problem(&params, seed, 0);
        let other = (data.value + delta % data.modulus.max(2)) % data.modulus;
        prop_assume!(other != data.value);
        let v = judge(&data, &other.to_string());
        prop_assert_eq!(v.reason, Reason::WrongAnswer);
        prop_assert!(v.score == 0.0 && !v.correct);
        let v = judge(&data, &(data.value + data.modulus * (1 + delta % 5)).to_string());
        prop_assert_eq!(v.reason, Reason::WrongAnswer);
    }

    #[test]
    fn a_corrupted_square_breaks_the_chain_not_the_answer(params in params(), seed: u64, which: prop::sample::Index) {
        let (data, answer) = problem(&params, seed, 1);
        prop_assume!(!data.squares.is_empty());
        let i = which.index(data.squares.len());
        let mut bad = data.clone();
        bad.squares[i] = (bad.squares[i] + 1) % data.modulus;
        let v = ModExp.verify(&data, &with_steps(&bad, &answer));
        prop_assert!(v.correct);
        let s = v.steps.unwrap();
        prop_assert_eq!(s.first_wrong, Some(i as u32 + 1));
        prop_assert!(!s.cot_correct);
    }

    #[test]
    fn arbitrary_text_never_panics(params in params(), text in ".{0,300}") {
        let (data, _) = problem(&params, 1, 0);
        let v = ModExp.verify(&data, &text);
        prop_assert!((0.0..=1.0).contains(&v.score) && !v.message.is_empty());
        let v = ModExp.verify(&data, &format!("<answer>{text}</answer>"));
        prop_assert!(v.score == 0.0 || v.correct);
    }

    #[test]
    fn adversarial_structure_never_panics(params in params(), parts in prop::collection::vec(
        prop::sample::select(vec!["<answer>", "</answer>", "<think>", "</think>", "\\boxed{", "}",
            "{", "1", "2", "3", "0", "99999999999999999999999", "^", "=", "≡", "\\equiv", "mod",
            "(", ")", "\\pmod", "\\bmod", "step ", ":", "\n", " ", "-", "+", "x", "**", "$", "é"]),
        0..60)) {
        let (data, _) = problem(&params, 2, 0);
        let v = ModExp.verify(&data, &parts.concat());
        prop_assert!(v.format_ok || v.reason != Reason::Correct);
    }

    #[test]
    fn every_probe_form_is_judged_as_labelled(params in params(), seed: u64, index in 0u64..1 << 20) {
        let (data, answer) = problem(&params, seed, index);
        crate::support::probe_forms_are_judged_as_labelled(&ModExp, &data, &answer)?;
    }
}

/// On a small modulus every residue is judged: exactly one is right, and random guessing scores
/// 1/p on average (the documented baseline), with no floor beyond it.
#[test]
fn exactly_one_residue_is_accepted() {
    let params = ModExpParams {
        modulus_min: 11,
        modulus_max: 97,
        exponent_bits: 9,
    };
    for index in 0..20 {
        let (data, _) = problem(&params, 3, index);
        let accepted = (0..data.modulus + 5)
            .filter(|v| judge(&data, &v.to_string()).correct)
            .count();
        assert_eq!(accepted, 1);
    }
}

#[test]
fn golden_modexp_defaults_seed_42() {
    check_golden(
        "modexp-default-s42.jsonl",
        &jsonl("modexp", None, &[], 42, 0, 3),
    );
}

#[test]
fn golden_modexp_levels_seed_1() {
    check_golden("modexp-levels-s1.jsonl", &one_per_level("modexp", 1));
}

/// SHA-256 of the first 1,000 problems. A change means generated bytes changed: bump the version.
#[test]
fn pinned_hashes_of_first_thousand() {
    check_hashes(
        "modexp",
        1000,
        &[
            (
                None,
                0,
                "ab2efa66240ad3d4dd68991ce4b008c9f853981f05e01e163ec5ad6048363dd9",
            ),
            (
                Some(0.0),
                7,
                "5a282ca2076a06559d3416fea16455a1ca713d60668bc83f2db730f218530d0a",
            ),
            (
                Some(10.0),
                7,
                "0a54ada0749d2d25d6432a66f00c67600c62bebea4d1bab17e6210c412658aaa",
            ),
        ],
    );
}

/// A record whose data breaks an invariant is judged a verifier error.
#[test]
fn a_tampered_record_is_a_verifier_error() {
    for (pointer, needle) in [
        ("/data/squares/0", "squares"),
        ("/data/value", "value"),
        ("/data/modulus", "modulus"),
    ] {
        let v = crate::support::verdict_on_tampered_record("modexp", pointer);
        assert_eq!(v.reason, Reason::VerifierError, "{v:?}");
        assert!(v.message.contains(needle), "{}", v.message);
    }
}
