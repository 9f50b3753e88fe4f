//! The `det_mod` verifier: one integer, the canonical residue of det(A) modulo p, recomputed
//! from the record's matrix.
//!
//! **Answer form.** `[DET REL] VALUE`, through the core's normalisation (Markdown, math
//! wrappers, a trailing period), Markdown emphasis and code marks dropped anywhere:
//! - VALUE is `modarith`'s form ([`crate::modarith::parse_value`]): `17`, `x = 17`,
//!   `≡ 17 (mod p)`, `17 mod p`, `17 \pmod{p}`.
//! - DET REL, optional, names the determinant: `det(A)`, `\det(A)`, `det A`, `\det A` or `|A|`,
//!   optionally followed by `mod p`, `(mod p)`, `\bmod p` or `\pmod{p}`, then `=`, `≡` or
//!   `\equiv`; so `det(A) = 12` and `\det(A) \equiv 12 \pmod{17}` read as 12. Another modulus
//!   there is wrong.
//!
//! A value outside [0, p) is wrong, not reduced for the model (the prompt says so: `−1` is wrong
//! where `p − 1` is right); a stated modulus other than p is wrong; anything else (`12 or 13`,
//! `12.0`) is unparsable.
//!
//! **Judging.** Every call first runs the record check, which recomputes det(A) mod p from the
//! matrix by Gaussian elimination and rejects a record whose stored determinant differs (a
//! verifier error, never a free pass, and no malformed record can panic the parser); the value is
//! then compared with that determinant.

use super::DetModData;
use crate::arithmetic::named_value::{AfterName, after_name};
use crate::forms::strip_emphasis;
use crate::modarith::{Value, parse_value};
use verigym_core::extract::extract_agreed_answer;
use verigym_core::verdict::{Reason, Verdict};

/// The names of the determinant a leading `DET REL` may use, longest first.
const DET_NAMES: [&str; 5] = ["\\det(A)", "\\det A", "det(A)", "det A", "|A|"];

/// Judges a response: one value, equal to det(A) mod p.
pub fn verify(data: &DetModData, response: &str) -> Verdict {
    if let Err(why) = super::check::check_data(data) {
        return Verdict::rejected(Reason::VerifierError, why);
    }
    let answer = match extract_agreed_answer(response, |r| verify(data, r)) {
        Ok(answer) => answer,
        Err(rejection) => return rejection.into(),
    };
    let p = data.modulus;
    // `*`, `_` and `` ` `` mean nothing here: `det(A) = **12**` is `det(A) = 12`.
    let answer = strip_emphasis(&answer);
    let value = match strip_det(&answer, p) {
        Ok(rest) => parse_value(rest, p),
        Err(AfterName::OtherModulus) => Some(Value::WrongModulus),
        Err(AfterName::Broken) => None,
    };
    match value {
        None => Verdict::rejected(
            Reason::UnparsableAnswer,
            "the answer is not a single integer such as 17 or det(A) = 17",
        ),
        // The record check above recomputed det(A) mod p from the matrix and proved it equal to
        // the stored value, so comparing with the stored value compares with the recomputed one.
        Some(Value::InRange(v)) if v == data.determinant => Verdict::correct(),
        Some(Value::InRange(_)) => Verdict::wrong("wrong determinant"),
        Some(Value::OutOfRange) => Verdict::wrong(format!(
            "the answer is outside 0..={}; give the residue from 0 to {}, it is not reduced for you",
            p - 1,
            p - 1
        )),
        Some(Value::WrongModulus) => Verdict::wrong(format!(
            "the answer is stated modulo another number; the modulus is {p}"
        )),
    }
}

/// `det(A) [mod p] REL rest` → `rest`; text that does not start with a determinant name is
/// returned whole.
fn strip_det(text: &str, p: u64) -> Result<&str, AfterName> {
    let t = text.trim_start();
    let Some(rest) = DET_NAMES.iter().find_map(|name| t.strip_prefix(name)) else {
        return Ok(t);
    };
    after_name(rest, p)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Modulo 7: det [[1, 2], [3, 4]] = −2 ≡ 5.
    fn data() -> DetModData {
        DetModData {
            modulus: 7,
            matrix: vec![vec![1, 2], vec![3, 4]],
            determinant: 5,
        }
    }

    fn judge(answer: &str) -> Verdict {
        verify(&data(), &format!("<answer>{answer}</answer>"))
    }

    #[test]
    fn the_fixture_is_sound_and_exactly_one_value_passes() {
        assert_eq!(super::super::check::check_data(&data()), Ok(()));
        let right: Vec<u64> = (0..20).filter(|v| judge(&v.to_string()).correct).collect();
        assert_eq!(right, vec![5]);
    }

    #[test]
    fn forms_and_near_misses() {
        for form in [
            "5",
            "+5",
            "05",
            "x = 5",
            "5 (mod 7)",
            "≡ 5 (mod 7)",
            "**5**",
            "$5$",
            "det(A) = 5",
            "det A = 5",
            "|A| = 5",
            "\\det(A) \\equiv 5 \\pmod{7}",
            "det(A) mod 7 = 5",
            "$\\det A \\bmod 7 = 5$",
            "det(A) ≡ 5 (mod 7)",
            "det(A) = **5**",
            "**det(A)** = 5",
            "5.",
        ] {
            let v = judge(form);
            assert!(v.correct, "{form}: {v:?}");
        }
        for form in [
            "4",
            "6",
            "-2",
            "12",
            "-9",
            "0",
            "5 (mod 11)",
            "det(A) mod 11 = 5",
            "det(A) = -2",
        ] {
            let v = judge(form);
            assert_eq!(v.reason, Reason::WrongAnswer, "{form}: {v:?}");
        }
        let v = judge("-2");
        assert!(v.message.contains("outside 0..=6"), "{}", v.message);
        for form in [
            "5 or 6",
            "5.0",
            "det(A)",
            "y = 5",
            "",
            "det(A) = = 5",
            "det(A) = x = 5",
            "det(A) 5",
            "det(A) mod = 5",
            "5, 5",
        ] {
            let v = judge(form);
            assert!(!v.format_ok && v.score == 0.0, "{form}: {v:?}");
        }
    }

    #[test]
    fn a_record_whose_stored_determinant_is_wrong_is_a_verifier_error() {
        let mut d = data();
        d.determinant = 4;
        let v = verify(&d, "<answer>4</answer>");
        assert_eq!(v.reason, Reason::VerifierError, "{v:?}");
        let v = verify(&d, "<answer>5</answer>");
        assert_eq!(v.reason, Reason::VerifierError, "{v:?}");
    }
}
