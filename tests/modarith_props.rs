//! Property tests for `modarith`: reference answers verify, corrupted answers never do, stored
//! chains recompute independently, and no input makes the verifier panic.

use proptest::prelude::*;
use verigym::envs::modarith::{ModArith, ModArithData, ModArithParams, Op, Style};
use verigym::{Env, Generator, Reason};

const PRIMES: &[u64] = &[3, 5, 7, 13, 101, 1009, 10_007, 65_521, 4_294_967_291];

fn params() -> impl Strategy<Value = ModArithParams> {
    (
        1u32..40,
        prop::sample::select(PRIMES),
        prop::sample::subsequence(Op::ALL.to_vec(), 1..=8).prop_shuffle(),
        any::<bool>(),
        any::<(u64, u64)>(),
    )
        .prop_map(|(steps, modulus, ops, words, (a, b))| {
            let operand_min = 1 + a % (modulus - 1);
            let operand_max = (b % 2 == 0).then(|| operand_min + b % (modulus - operand_min));
            ModArithParams {
                steps,
                modulus,
                ops,
                operand_min,
                operand_max,
                style: if words { Style::Words } else { Style::Symbols },
            }
        })
}

/// An independent recomputation in u128 with an inverse by extended Euclid, not the env's code.
fn recompute(data: &ModArithData) -> Vec<u64> {
    let p = u128::from(data.modulus);
    let inv = |a: u128| -> u128 {
        let (mut r0, mut r1, mut s0, mut s1) = (a as i128, p as i128, 1i128, 0i128);
        while r1 != 0 {
            let q = r0 / r1;
            (r0, r1) = (r1, r0 - q * r1);
            (s0, s1) = (s1, s0 - q * s1);
        }
        assert_eq!(r0, 1);
        s0.rem_euclid(p as i128) as u128
    };
    let mut x = u128::from(data.start);
    data.steps
        .iter()
        .map(|s| {
            let a = u128::from(s.operand.unwrap_or(0));
            x = match s.op {
                Op::Add => (x + a) % p,
                Op::Sub => (x + p - a) % p,
                Op::Mul => x * a % p,
                Op::Div => x * inv(a) % p,
                Op::Neg => (p - x) % p,
                Op::Square => x * x % p,
                Op::Cube => x * x % p * x % p,
                Op::Recip => inv(x),
            };
            x as u64
        })
        .collect()
}

fn with_steps(data: &ModArithData, answer: &str) -> String {
    let mut r = String::from("<think>\n");
    for (i, s) in data.steps.iter().enumerate() {
        r += &format!("step {}: {}\n", i + 1, s.value);
    }
    r + "</think>\n<answer>" + answer + "</answer>"
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn reference_answer_verifies_with_every_step(params in params(), seed: u64, index in 0u64..1 << 40) {
        let g = Generator::new(&ModArith, params.clone(), seed).unwrap();
        let p = g.problem(index);
        prop_assert_eq!(p.data.steps.len(), params.steps as usize);
        prop_assert_eq!(recompute(&p.data), p.data.steps.iter().map(|s| s.value).collect::<Vec<_>>());
        let bare = ModArith.verify(&p.data, &format!("<answer>{}</answer>", p.answer));
        prop_assert!(bare.correct && bare.score == 1.0);
        let full = ModArith.verify(&p.data, &with_steps(&p.data, &p.answer));
        prop_assert!(full.correct);
        prop_assert!(full.steps.unwrap().cot_correct);
    }

    #[test]
    fn any_other_value_is_wrong(params in params(), seed: u64, delta in 1u64..u64::MAX) {
        let p = Generator::new(&ModArith, params, seed).unwrap().problem(0);
        let answer: u64 = p.answer.parse().unwrap();
        let m = p.data.modulus;
        let other_in_range = (answer + delta % (m - 1) + 1) % m;
        prop_assume!(other_in_range != answer);
        for wrong in [other_in_range.to_string(), (answer + m).to_string(), format!("-{answer}"),
                      format!("{answer}{}", delta % 9 + 1), format!("{answer} or {other_in_range}")] {
            if wrong == format!("-{answer}") && answer == 0 { continue; }
            let v = ModArith.verify(&p.data, &format!("<answer>{wrong}</answer>"));
            prop_assert!(!v.correct && v.score == 0.0, "{} accepted for {}", wrong, answer);
        }
    }

    #[test]
    fn a_corrupted_step_breaks_cot_but_not_the_answer(params in params(), seed: u64, which: prop::sample::Index) {
        let p = Generator::new(&ModArith, params, seed).unwrap().problem(3);
        let mut data = p.data.clone();
        let i = which.index(data.steps.len());
        data.steps[i].value = (data.steps[i].value + 1) % data.modulus;
        // The response lists the corrupted chain; the original record judges it.
        let response = with_steps(&data, &p.answer);
        let v = ModArith.verify(&p.data, &response);
        let steps = v.steps.unwrap();
        prop_assert!(!steps.cot_correct);
        prop_assert_eq!(steps.first_wrong, Some(i as u32 + 1));
        prop_assert_eq!(steps.correct, steps.total - 1);
    }

    #[test]
    fn arbitrary_text_never_panics(params in params(), text in ".{0,400}") {
        let p = Generator::new(&ModArith, params, 1).unwrap().problem(0);
        let v = ModArith.verify(&p.data, &text);
        prop_assert!((0.0..=1.0).contains(&v.score));
        prop_assert!(!v.message.is_empty());
        if v.correct { prop_assert!(text.contains(&p.answer)); }
    }

    #[test]
    fn adversarial_structure_never_panics(params in params(), parts in prop::collection::vec(
        prop::sample::select(vec!["<answer>", "</answer>", "<think>", "</think>", "\\boxed{", "{", "}", "step 1: 3\n", "17", " ", "\n", "x = "]), 0..60)) {
        let p = Generator::new(&ModArith, params, 2).unwrap().problem(0);
        let text: String = parts.concat();
        let v = ModArith.verify(&p.data, &text);
        prop_assert!(v.format_ok || v.reason != Reason::Correct);
    }
}
