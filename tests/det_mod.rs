//! `det_mod`: every stored determinant is re-proven by cofactor (Laplace) expansion over the
//! integers, reduced modulo p only at the end, which shares nothing with the generator's
//! elimination modulo p; the verifier accepts exactly that residue, in its canonical form,
//! corruptions are rejected with the reason, and no input panics.

use proptest::prelude::*;
use verigym::envs::det_mod::{DetMod, DetModData, DetModParams};
use verigym::{Env, EnvParams, Generator, Reason, Verdict};

use crate::support::{across_levels, check_golden, check_hashes, jsonl, one_per_level};

fn params() -> impl Strategy<Value = DetModParams> {
    (0.0..=10.0f64).prop_map(<DetModParams as verigym::EnvParams>::at_level)
}

fn problem(params: &DetModParams, seed: u64, index: u64) -> (DetModData, String) {
    let p = Generator::new(&DetMod, params.clone(), seed)
        .unwrap()
        .problem(index);
    (p.data, p.answer)
}

/// det(A) over the integers by cofactor expansion along the first row: an exact i128 (entries
/// below 10⁴·⁵ and n ≤ 6 keep every partial sum below 10³⁰). No elimination and no modulus, so it
/// shares nothing with the generator.
fn laplace(m: &[Vec<i128>]) -> i128 {
    let n = m.len();
    if n == 1 {
        return m[0][0];
    }
    let mut total = 0i128;
    for col in 0..n {
        if m[0][col] == 0 {
            continue;
        }
        let minor: Vec<Vec<i128>> = m[1..]
            .iter()
            .map(|row| {
                row.iter()
                    .enumerate()
                    .filter(|&(j, _)| j != col)
                    .map(|(_, &a)| a)
                    .collect()
            })
            .collect();
        let term = m[0][col] * laplace(&minor);
        total += if col % 2 == 0 { term } else { -term };
    }
    total
}

/// The canonical residue of det(A) modulo p, independently.
fn reference(data: &DetModData) -> (i128, u64) {
    let m: Vec<Vec<i128>> = data
        .matrix
        .iter()
        .map(|r| r.iter().map(|&a| i128::from(a)).collect())
        .collect();
    let d = laplace(&m);
    (d, d.rem_euclid(i128::from(data.modulus)) as u64)
}

fn judge(data: &DetModData, answer: &str) -> Verdict {
    DetMod.verify(data, &format!("<answer>{answer}</answer>"))
}

/// The bar: 2,200 problems over levels 0–10 (200 a level), each determinant equal to the cofactor
/// expansion's, nonzero, and the matrix the level's size with entries below p.
#[test]
fn every_determinant_matches_cofactor_expansion_across_levels() {
    for (label, p) in across_levels(&DetMod, 2200) {
        let data = &p.data;
        let modulus = data.modulus;
        assert_eq!(data.matrix.len(), p.params.size as usize, "{label}");
        assert!(
            data.matrix
                .iter()
                .all(|r| r.len() == data.matrix.len() && r.iter().all(|&a| a < modulus)),
            "{label}"
        );
        let (integer, residue) = reference(data);
        assert_eq!(data.determinant, residue, "{label}");
        assert_eq!(p.answer, residue.to_string(), "{label}");
        assert_ne!(residue, 0, "{label}: a singular matrix was drawn");
        assert_eq!(
            verigym::envs::det_mod::det_integer(&data.matrix),
            Some(integer),
            "{label}"
        );
        assert!(judge(data, &p.answer).correct, "{label}");
    }
}

/// Random guessing scores 1/(p − 1) on average: the answer is never 0, and exactly one residue
/// from 0 to p − 1 is accepted (checked exhaustively at the small moduli).
#[test]
fn exactly_one_residue_is_accepted() {
    for (size, modulus) in [(2, 7), (3, 7), (4, 13), (6, 13)] {
        let params = DetModParams { size, modulus };
        for index in 0..6 {
            let (data, _) = problem(&params, 11, index);
            let (_, want) = reference(&data);
            let accepted: Vec<u64> = (0..modulus + 3)
                .filter(|v| judge(&data, &v.to_string()).correct)
                .collect();
            assert_eq!(accepted, vec![want]);
        }
    }
}

/// Intrinsic difficulty (nonzero entries) rises with the level: the mean over 200 problems never
/// falls from one integer level to the next, and level 10 is well above level 0.
#[test]
fn difficulty_is_monotone_in_the_level() {
    let means: Vec<f64> = (0..=10)
        .map(|level| {
            let g = Generator::at_level(&DetMod, f64::from(level), &Default::default(), 5).unwrap();
            let total: u64 = (0..200).map(|i| g.problem(i).meta.difficulty).sum();
            total as f64 / 200.0
        })
        .collect();
    for w in means.windows(2) {
        assert!(w[1] >= w[0], "{means:?}");
    }
    assert!(means[10] > 4.0 * means[0], "{means:?}");
}

#[test]
fn params_errors_name_field_value_and_allowed() {
    for (params, message) in [
        (
            DetModParams {
                size: 7,
                modulus: 7,
            },
            "invalid value for `size`: 7; allowed: 2 to 6",
        ),
        (
            DetModParams {
                size: 0,
                modulus: 7,
            },
            "invalid value for `size`: 0; allowed: 2 to 6",
        ),
        (
            DetModParams {
                size: 3,
                modulus: 15,
            },
            "invalid value for `modulus`: 15; allowed: a prime from 3 to 4294967291",
        ),
        (
            DetModParams {
                size: 3,
                modulus: 2,
            },
            "invalid value for `modulus`: 2; allowed: a prime from 3 to 4294967291",
        ),
    ] {
        assert_eq!(params.validate().unwrap_err().to_string(), message);
        assert!(Generator::new(&DetMod, params, 1).is_err());
    }
}

#[test]
fn the_same_seed_gives_the_same_bytes() {
    for level in [0.0, 5.0, 10.0] {
        let a = jsonl("det_mod", Some(level), &[], 77, 0, 50);
        let b = jsonl("det_mod", Some(level), &[], 77, 0, 50);
        assert_eq!(a, b);
        assert_ne!(a, jsonl("det_mod", Some(level), &[], 78, 0, 50));
    }
}

#[test]
fn the_prompt_states_every_rule() {
    let (data, _) = problem(&DetModParams::at_level(10.0), 3, 0);
    let g = Generator::new(&DetMod, DetModParams::at_level(10.0), 3).unwrap();
    let prompt = g.problem(0).prompt;
    let p = data.modulus;
    for needle in [
        format!("modulo the prime {p}"),
        "sign(σ)".to_owned(),
        format!("from 0 to {}", p - 1),
        format!("write {}, not −1", p - 1),
        "<answer>VALUE</answer>".to_owned(),
    ] {
        assert!(prompt.contains(&needle), "{needle}: {prompt}");
    }
    for row in &data.matrix {
        let entries: Vec<String> = row.iter().map(u64::to_string).collect();
        assert!(prompt.contains(&format!("[{}]", entries.join(", "))));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn the_reference_verifies_in_its_forms(params in params(), seed: u64, index in 0u64..1 << 40) {
        let (data, answer) = problem(&params, seed, index);
        prop_assert_eq!(reference(&data).1, data.determinant);
        let p = data.modulus;
        for form in [
            answer.clone(),
            format!("det(A) = {answer}"),
            format!("{answer} (mod {p})"),
            format!("\\det(A) \\equiv {answer} \\pmod{{{p}}}"),
        ] {
            let v = judge(&data, &form);
            prop_assert!(v.correct && v.score == 1.0, "{}: {:?}", form, v);
        }
    }

    #[test]
    fn a_corrupted_answer_never_verifies(params in params(), seed: u64, delta in 1u64..1 << 40) {
        let (data, _) = problem(&params, seed, 0);
        let (integer, v) = reference(&data);
        let p = data.modulus;
        // Another residue: wrong.
        let other = (v + 1 + delta % (p - 1)) % p;
        prop_assume!(other != v);
        let verdict = judge(&data, &other.to_string());
        prop_assert_eq!(verdict.reason, Reason::WrongAnswer);
        // A congruent but non-canonical value (unreduced, negative, the unreduced integer
        // determinant when it is not already the residue): wrong, never reduced for the model.
        let mut congruent = vec![(v + p).to_string(), format!("-{}", p - v), (v + delta * p).to_string()];
        if integer != i128::from(v) {
            congruent.push(integer.to_string());
        }
        for form in congruent {
            let verdict = judge(&data, &form);
            prop_assert_eq!(verdict.reason, Reason::WrongAnswer, "{}", form);
            prop_assert!(verdict.message.contains("outside"), "{}", verdict.message);
        }
        // The wrong sign.
        let verdict = judge(&data, &(p - v).to_string());
        prop_assert_eq!(verdict.reason, Reason::WrongAnswer);
    }

    #[test]
    fn arbitrary_text_never_panics(params in params(), text in ".{0,300}") {
        let (data, _) = problem(&params, 1, 0);
        let v = DetMod.verify(&data, &text);
        prop_assert!((0.0..=1.0).contains(&v.score) && !v.message.is_empty());
        let v = DetMod.verify(&data, &format!("<answer>{text}</answer>"));
        prop_assert!(v.score == 0.0 || v.correct);
    }

    #[test]
    fn adversarial_structure_never_panics(params in params(), parts in prop::collection::vec(
        prop::sample::select(vec!["<answer>", "</answer>", "<think>", "</think>", "\\boxed{", "}",
            "det(A)", "\\det", "|A|", "A", "x", "é", "1", "2", "0", "99999999999999999999999", "=",
            "≡", "\\equiv", "\\pmod{", "mod", "(", ")", ",", "\n", " ", " or ", "-", "+", "**", "$"]),
        0..60)) {
        let (data, _) = problem(&params, 2, 0);
        let v = DetMod.verify(&data, &parts.concat());
        prop_assert!(v.format_ok || v.reason != Reason::Correct);
    }

    #[test]
    fn arbitrary_records_never_panic(size in 0usize..8, modulus in 0u64..u64::MAX, entries in prop::collection::vec(any::<u64>(), 0..64), determinant: u64, text in ".{0,40}") {
        // A malformed record (any modulus, ragged or huge entries) is a verifier error or a
        // verdict, never a panic.
        let matrix: Vec<Vec<u64>> = entries.chunks(size.max(1)).take(size).map(<[u64]>::to_vec).collect();
        let data = DetModData { modulus, matrix, determinant };
        let v = DetMod.verify(&data, &format!("<answer>{text}</answer>"));
        prop_assert!((0.0..=1.0).contains(&v.score));
    }

    #[test]
    fn every_probe_form_is_judged_as_labelled(params in params(), seed: u64, index in 0u64..1 << 20) {
        let (data, answer) = problem(&params, seed, index);
        crate::support::probe_forms_are_judged_as_labelled(&DetMod, &data, &answer)?;
    }
}

#[test]
fn golden_det_mod_defaults_seed_42() {
    check_golden(
        "det_mod-default-s42.jsonl",
        &jsonl("det_mod", None, &[], 42, 0, 3),
    );
}

#[test]
fn golden_det_mod_levels_seed_1() {
    check_golden("det_mod-levels-s1.jsonl", &one_per_level("det_mod", 1));
}

/// SHA-256 of the first 1,000 problems. A change means generated bytes changed: bump the version.
#[test]
fn pinned_hashes_of_first_thousand() {
    check_hashes(
        "det_mod",
        1000,
        &[
            (
                None,
                0,
                "20fff3a82eca72acc592cde1b9b2b7ca3a90c600b03c8ace80bf5b392c231a29",
            ),
            (
                Some(0.0),
                7,
                "f01e39d46ce5c2f8fc127183dc24f485c2e64417ba20e7e7ca9ea0c34c219a18",
            ),
            (
                Some(10.0),
                7,
                "9ff6f53fe8af5bdd060dd8343a9d8ab140575fa156f8810dc51ad682471f05e0",
            ),
        ],
    );
}

/// A record whose data breaks an invariant is judged a verifier error.
#[test]
fn a_tampered_record_is_a_verifier_error() {
    for (pointer, needle) in [
        ("/data/determinant", "stored determinant"),
        ("/data/matrix/1/0", "determinant"),
        ("/data/modulus", "modulus"),
    ] {
        let v = crate::support::verdict_on_tampered_record("det_mod", pointer);
        assert_eq!(v.reason, Reason::VerifierError, "{v:?}");
        assert!(v.message.contains(needle), "{}", v.message);
    }
}
