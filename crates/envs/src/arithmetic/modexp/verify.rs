//! The `modexp` verifier: the final value, exactly, and each listed square.
//!
//! **Answer form.** `[POWER REL] VALUE`, through the core's normalisation (Markdown, math
//! wrappers, a trailing period):
//! - VALUE is `modarith`'s form ([`crate::modarith::parse_value`]): `17`, `x = 17`,
//!   `≡ 17 (mod p)`, `17 mod p`, `17 \pmod{p}`.
//! - POWER REL, optional, names this problem's power: `a^e` or `a^{e}`, optionally followed by
//!   `mod p`, `(mod p)`, `\bmod p` or `\pmod{p}`, then `=`, `≡` or `\equiv`; so
//!   `3^13 mod 17 = 12` and `3^{13} \equiv 12 \pmod{17}` read as 12. A power other than the
//!   problem's (`3^12 = 12`) or another modulus in it is unparsable or wrong, never right.
//!
//! A value outside [0, p) is wrong, not reduced for the model; a stated modulus other than p is
//! wrong; anything else (`17 or 18`, `17.0`) is unparsable.
//!
//! **Steps.** `step i: V` lists a^(2^i) mod p, for i = 1 to k (the rules of
//! [`crate::arithmetic::steps`]). They feed the step report only: `correct` is the final value alone.

use super::ModExpData;
use crate::arithmetic::named_value::{AfterName, after_name, braced_number};
use crate::arithmetic::steps::step_report;
use crate::modarith::{Value, parse_value};
use verigym_core::extract::extract_agreed_answer;
use verigym_core::verdict::{Reason, Verdict};

/// Judges a response: the final value exactly, then each listed square.
pub fn verify(data: &ModExpData, response: &str) -> Verdict {
    let answer = match extract_agreed_answer(response, |r| verify(data, r)) {
        Ok(answer) => answer,
        Err(rejection) => return rejection.into(),
    };
    let p = data.modulus;
    let value = match strip_power(&answer, data) {
        Ok(rest) => parse_value(rest, p),
        Err(AfterName::OtherModulus) => Some(Value::WrongModulus),
        Err(AfterName::Broken) => None,
    };
    let verdict = match value {
        None => {
            return Verdict::rejected(
                Reason::UnparsableAnswer,
                "the answer is not a single integer such as 17 or 17 (mod p)",
            );
        }
        Some(Value::InRange(v)) if v == data.value => Verdict::correct(),
        Some(Value::InRange(_)) => Verdict::wrong("wrong final value"),
        Some(Value::OutOfRange) => Verdict::wrong(format!(
            "the answer is outside 0..={}; values are not reduced for you",
            p - 1
        )),
        Some(Value::WrongModulus) => Verdict::wrong(format!(
            "the answer is stated modulo another number; the modulus is {p}"
        )),
    };
    let steps = step_report(
        response,
        data.squares.len(),
        |_| p,
        |i| data.squares[i],
        verdict.correct,
    );
    verdict.with_steps(steps)
}

/// `a^e [mod p] REL rest` → `rest`; text that does not start with `a^` is returned whole.
fn strip_power<'t>(text: &'t str, data: &ModExpData) -> Result<&'t str, AfterName> {
    let t = text.trim_start();
    let mut base = itoa::Buffer::new();
    let Some(rest) = t
        .strip_prefix(base.format(data.base))
        .and_then(|r| r.strip_prefix('^'))
    else {
        return Ok(t);
    };
    let (exponent, rest) = braced_number(rest).ok_or(AfterName::Broken)?;
    if exponent != Some(data.exponent) {
        return Err(AfterName::Broken);
    }
    after_name(rest, data.modulus)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 3^13 mod 17: 13 = 1101b; squares 3^2 = 9, 3^4 = 13, 3^8 = 16; 16 * 13 * 3 = 624 = 12 mod 17.
    fn data() -> ModExpData {
        ModExpData {
            modulus: 17,
            base: 3,
            exponent: 13,
            squares: vec![9, 13, 16],
            value: 12,
        }
    }

    fn judge(response: &str) -> Verdict {
        verify(&data(), response)
    }

    #[test]
    fn the_fixture_is_right() {
        assert_eq!(super::super::check::check_data(&data()), Ok(()));
    }

    #[test]
    fn forms_and_near_misses() {
        for form in [
            "12",
            "x = 12",
            "12 (mod 17)",
            "≡ 12 (mod 17)",
            "**12**",
            "$12$",
            "3^13 = 12",
            "3^{13} \\equiv 12 \\pmod{17}",
            "3^13 mod 17 = 12",
            "3^13 (mod 17) ≡ 12",
            "$3^{13} \\bmod 17 = 12$",
        ] {
            assert!(judge(&format!("<answer>{form}</answer>")).correct, "{form}");
        }
        for form in [
            "13",
            "29",
            "-5",
            "12 (mod 19)",
            "0",
            "3^13 mod 19 = 12",
            "3^13 = 12 (mod 19)",
        ] {
            let v = judge(&format!("<answer>{form}</answer>"));
            assert_eq!(v.reason, Reason::WrongAnswer, "{form}");
        }
        for form in [
            "12 or 13",
            "12.0",
            "3^13",
            "y = 12",
            "",
            "3^12 = 12",
            "3^{13 = 12",
            "3^13 ≡ ≡ 12",
            "3^13 = x = 12",
            "3^13 12",
            "3^13 mod = 12",
            "3^13 (mod 17 = 12",
        ] {
            let v = judge(&format!("<answer>{form}</answer>"));
            assert!(!v.format_ok && v.score == 0.0, "{form}");
        }
    }

    #[test]
    fn squares_are_steps_and_do_not_decide_correct() {
        let v = judge("<think>step 1: 9\nstep 2: 13\nstep 3: 16</think><answer>12</answer>");
        let s = v.steps.unwrap();
        assert!(v.correct);
        assert_eq!(
            (s.total, s.listed, s.correct, s.cot_correct),
            (3, 3, 3, true)
        );
        // Right squares, wrong product: steps are credited, the answer is not.
        let v = judge("step 1: 9\nstep 2: 13\nstep 3: 16\n<answer>11</answer>");
        let s = v.steps.unwrap();
        assert!(!v.correct && v.score == 0.0);
        assert_eq!((s.correct, s.cot_correct), (3, false));
        // A wrong square under a right answer is reported, and the answer stays correct.
        let v = judge("step 1: 9\nstep 2: 12\nstep 3: 16\nstep 4: 1\n<answer>12</answer>");
        let s = v.steps.unwrap();
        assert!(v.correct);
        assert_eq!(
            (s.correct, s.first_wrong, s.cot_correct),
            (2, Some(2), false)
        );
    }
}
