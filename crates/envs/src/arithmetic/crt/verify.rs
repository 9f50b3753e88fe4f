//! The `crt` verifier: the answer against every congruence, and each listed running solution.
//!
//! **Answer form.** `modarith`'s ([`crate::modarith::parse_value`]) with M, the product of
//! the moduli, as the modulus: `23`, `x = 23`, `x ≡ 23 (mod 105)`, `23 mod 105`, `23 \pmod{105}`,
//! through the core's normalisation. The answer must lie in [0, M): `128` for M = 105 is wrong,
//! not reduced, and so is a stated modulus other than M (`x ≡ 23 (mod 7)` states less than the
//! question asks). Anything else (`23 or 128`, `23 + 105k`) is unparsable.
//!
//! **Judging.** The value is checked against each congruence, not compared with a stored string;
//! since the moduli are pairwise coprime, exactly one value in [0, M) passes (the check of the
//! record proves the moduli coprime).
//!
//! **Steps.** `step k: V` lists the running solution for the first k congruences, read modulo
//! m_1⋯m_k (the rules of [`crate::arithmetic::steps`]). They feed the step report only.

use super::CrtData;
use crate::arithmetic::steps::step_report;
use crate::modarith::{Value, parse_value};
use verigym_core::extract::extract_agreed_answer;
use verigym_core::verdict::{Reason, Verdict};

/// Judges a response: the answer against every congruence, then each listed step.
pub fn verify(data: &CrtData, response: &str) -> Verdict {
    let answer = match extract_agreed_answer(response, |r| verify(data, r)) {
        Ok(answer) => answer,
        Err(rejection) => return rejection.into(),
    };
    let big = data.product();
    let verdict = match parse_value(&answer, big) {
        None => {
            return Verdict::rejected(
                Reason::UnparsableAnswer,
                "the answer is not a single integer such as 23 or x = 23",
            );
        }
        Some(Value::InRange(v)) => judge_value(data, v),
        Some(Value::OutOfRange) => Verdict::wrong(format!(
            "the answer is outside 0..={}; x must be reduced modulo {big}",
            big - 1
        )),
        Some(Value::WrongModulus) => Verdict::wrong(format!(
            "the answer is stated modulo another number; the modulus of x is {big}"
        )),
    };
    let steps = step_report(
        response,
        data.moduli.len(),
        |i| data.moduli[..=i].iter().product(),
        |i| data.partials[i],
        verdict.correct,
    );
    verdict.with_steps(steps)
}

/// A value in [0, M) is right when it satisfies every congruence.
fn judge_value(data: &CrtData, v: u64) -> Verdict {
    for (i, (&m, &r)) in data.moduli.iter().zip(&data.residues).enumerate() {
        if v % m != r {
            return Verdict::wrong(format!(
                "congruence {} fails: x mod {m} is {}, not {r}",
                i + 1,
                v % m
            ));
        }
    }
    Verdict::correct()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// x ≡ 2 (mod 3), x ≡ 3 (mod 5), x ≡ 2 (mod 7) → 23.
    fn sunzi() -> CrtData {
        CrtData {
            moduli: vec![3, 5, 7],
            residues: vec![2, 3, 2],
            partials: vec![2, 8, 23],
        }
    }

    fn judge(response: &str) -> Verdict {
        verify(&sunzi(), response)
    }

    #[test]
    fn every_residue_below_m_is_judged_by_the_congruences() {
        let right: Vec<u64> = (0..200)
            .filter(|v| judge(&format!("<answer>{v}</answer>")).correct)
            .collect();
        assert_eq!(right, vec![23]);
        let v = judge("<answer>128</answer>");
        assert_eq!(v.reason, Reason::WrongAnswer);
        assert!(v.message.contains("outside"), "{}", v.message);
        let v = judge("<answer>8</answer>");
        assert!(v.message.starts_with("congruence 3 fails"), "{}", v.message);
    }

    #[test]
    fn forms() {
        for form in [
            "x = 23",
            "x ≡ 23 (mod 105)",
            "23 mod 105",
            "$x \\equiv 23 \\pmod{105}$",
        ] {
            assert!(judge(&format!("<answer>{form}</answer>")).correct, "{form}");
        }
        for form in ["x ≡ 23 (mod 7)", "23 (mod 104)", "-82"] {
            let v = judge(&format!("<answer>{form}</answer>"));
            assert_eq!(v.reason, Reason::WrongAnswer, "{form}");
        }
        for form in ["23 or 128", "23 + 105k", "x = 23, 128", "x ≡ 2 (mod 3)"] {
            let v = judge(&format!("<answer>{form}</answer>"));
            assert!(!v.correct && v.score == 0.0, "{form}");
        }
    }

    #[test]
    fn steps_use_their_own_modulus() {
        let v = judge("step 1: 2\nstep 2: 8 (mod 15)\nstep 3: 23\n<answer>23</answer>");
        let s = v.steps.unwrap();
        assert_eq!((s.listed, s.correct, s.cot_correct), (3, 3, true));
        // 23 is congruent to 8 modulo 15 but is not reduced: a wrong step.
        let v = judge("step 1: 2\nstep 2: 23\nstep 3: 23\n<answer>23</answer>");
        let s = v.steps.unwrap();
        assert_eq!(
            (s.correct, s.first_wrong, s.cot_correct),
            (2, Some(2), false)
        );
        let v = judge("step 2: 8 (mod 105)\n<answer>23</answer>");
        assert_eq!(v.steps.unwrap().first_wrong, Some(2));
    }
}
