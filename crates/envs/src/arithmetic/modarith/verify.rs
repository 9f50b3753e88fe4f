//! The `modarith` verifier: the final value, exactly, and each listed step.
//!
//! **Answer form.** After extraction and the core's normalisation (Markdown, code, math wrappers,
//! trailing punctuation; see [`verigym_core::normalize`]), the answer is
//! `[PREFIX] VALUE [MODULUS]`:
//! - PREFIX, optional: `x` or `X` followed by `=`, `≡` or `\equiv`; or `≡`/`\equiv` alone.
//! - VALUE: an optional `+` or `-` sign and ASCII digits: `17`, `+17`, `017`.
//! - MODULUS, optional: `(mod p)`, `mod p`, `\pmod{p}`, `\bmod p` or `(\bmod p)`. It must name
//!   the problem's modulus: `17 (mod 103)` for p = 101 is a wrong answer, not a right one.
//!
//! So `17`, `x = 17`, `X=17`, `x ≡ 17`, `17 (mod 101)`, `≡ 17 (mod 101)` and `**17**.` are all 17.
//! A value outside [0, p), such as `-84` or `118` for p = 101, is wrong: it is not reduced modulo
//! p. Anything else (`17.0`, `17 or 18`, `1,7`, `y = 17`, `17 (mod)`, non-ASCII digits) is
//! unparsable.
//!
//! **Steps.** A line that reads `step N: V` or `step N = V` (`step` in any case, V in the answer
//! form above) lists the value after operation N; the rules are [`crate::arithmetic::steps`]'s, shared
//! with the other chain envs.

use super::ModArithData;
use crate::arithmetic::steps::step_report;
use verigym_core::extract::extract_agreed_answer;
use verigym_core::normalize::strip_emphasis;
use verigym_core::verdict::{Reason, Verdict};

/// A parsed answer or step value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// A value in [0, p).
    InRange(u64),
    /// A well-formed integer outside [0, p).
    OutOfRange,
    /// A well-formed value stated modulo a different modulus than the problem's.
    WrongModulus,
}

/// Parses an answer in the documented form; `None` when it is not an integer in that form.
pub fn parse_value(text: &str, modulus: u64) -> Option<Value> {
    // Nearly every answer and step value is a bare number: read it without the grammar below,
    // which gives the same value for it. (`trim_ascii` leaves digits at both ends where `trim`
    // would, and a number it misses still reads as that number below.)
    let bare = text.trim_ascii();
    if !bare.is_empty() && bare.bytes().all(|b| b.is_ascii_digit()) {
        return parse_integer(bare, modulus);
    }
    // `*` means nothing in this grammar, so emphasis anywhere is presentation.
    let text = strip_emphasis(text);
    let mut t = text.trim();
    if let Some(rest) = t.strip_prefix(['x', 'X']) {
        t = strip_relation(rest.trim_start())?;
    } else if let Some(rest) = strip_relation(t) {
        // `≡ 17 (mod p)`; a bare `= 17` is not a form anyone writes and stays unparsable.
        if t.starts_with('=') {
            return None;
        }
        t = rest;
    }
    let (value, stated) = split_modulus(t)?;
    let value = parse_integer(value.trim_end(), modulus)?;
    match stated {
        Some(m) if m != Some(modulus) => Some(Value::WrongModulus),
        _ => Some(value),
    }
}

/// `= rest`, `≡ rest` or `\equiv rest` → `rest`, trimmed.
fn strip_relation(t: &str) -> Option<&str> {
    ["=", "≡", "\\equiv"]
        .iter()
        .find_map(|r| t.strip_prefix(r))
        .map(str::trim_start)
}

/// Splits `VALUE [MODULUS]` into the value text and, when a modulus is stated, its number
/// (`Some(None)` for a number too large to be any modulus). `None` when the suffix is broken.
#[allow(clippy::option_option)]
fn split_modulus(t: &str) -> Option<(&str, Option<Option<u64>>)> {
    let Some(at) = t.find("mod") else {
        return Some((t, None));
    };
    let mut head = t[..at].trim_end();
    let mut tail = &t[at + 3..];
    tail = tail.strip_prefix("ulo").unwrap_or(tail);
    // `\pmod{p}` / `\pmod p`: the parentheses are implied.
    let pmod = head.ends_with("\\p");
    head = head
        .strip_suffix("\\p")
        .or_else(|| head.strip_suffix("\\b"))
        .or_else(|| head.strip_suffix('\\'))
        .unwrap_or(head)
        .trim_end();
    let paren = head.ends_with('(');
    if paren {
        head = head[..head.len() - 1].trim_end();
    }
    tail = tail.trim_start();
    let braced = pmod && tail.starts_with('{');
    if braced {
        tail = tail[1..].trim_start();
    }
    let digits = tail.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || head.is_empty() {
        return None;
    }
    let stated = tail[..digits].parse::<u64>().ok();
    tail = tail[digits..].trim_start();
    if braced {
        tail = tail.strip_prefix('}')?.trim_start();
    }
    if paren {
        tail = tail.strip_prefix(')')?.trim_start();
    }
    tail.is_empty().then_some((head, Some(stated)))
}

/// A signed decimal integer, ASCII digits only, judged against [0, modulus).
fn parse_integer(t: &str, modulus: u64) -> Option<Value> {
    let (negative, digits) = match t.as_bytes().first()? {
        b'+' => (false, &t[1..]),
        b'-' => (true, &t[1..]),
        _ => (false, t),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // Accumulated by hand: `str::parse` re-checks every digit and was a tenth of a typical verify.
    // Leading zeros add nothing, so only a value past u64 overflows.
    let magnitude = digits.bytes().try_fold(0u64, |v, b| {
        v.checked_mul(10)?.checked_add(u64::from(b - b'0'))
    });
    match magnitude {
        Some(0) => Some(Value::InRange(0)),
        _ if negative => Some(Value::OutOfRange),
        Some(v) if v < modulus => Some(Value::InRange(v)),
        _ => Some(Value::OutOfRange),
    }
}

/// Judges a response: the final value exactly, then each listed step.
pub fn verify(data: &ModArithData, response: &str) -> Verdict {
    let answer = match extract_agreed_answer(response, |r| verify(data, r)) {
        Ok(answer) => answer,
        Err(rejection) => return rejection.into(),
    };
    let Some(expected) = data.steps.last().map(|s| s.value) else {
        // `check_data` rejects such a record before verify is reached through the registry.
        return Verdict::rejected(Reason::VerifierError, "the record has an empty chain");
    };
    let verdict = match parse_value(&answer, data.modulus) {
        None => {
            return Verdict::rejected(
                Reason::UnparsableAnswer,
                "the answer is not a single integer such as 17 or x = 17",
            );
        }
        Some(Value::InRange(v)) if v == expected => Verdict::correct(),
        Some(Value::InRange(_)) => Verdict::wrong("wrong final value"),
        Some(Value::OutOfRange) => Verdict::wrong(format!(
            "the answer is outside 0..={}; values are not reduced for you",
            data.modulus - 1
        )),
        Some(Value::WrongModulus) => Verdict::wrong(format!(
            "the answer is stated modulo another number; the modulus is {}",
            data.modulus
        )),
    };
    let steps = step_report(
        response,
        data.steps.len(),
        |_| data.modulus,
        |i| data.steps[i].value,
        verdict.correct,
    );
    verdict.with_steps(steps)
}

#[cfg(test)]
mod reference;

#[cfg(test)]
mod tests {
    use super::super::{Op, Step};
    use super::*;

    /// start 5, p = 101: +7 → 12, *3 → 36, square → 84.
    fn chain() -> ModArithData {
        ModArithData {
            modulus: 101,
            start: 5,
            steps: vec![
                Step {
                    op: Op::Add,
                    operand: Some(7),
                    value: 12,
                },
                Step {
                    op: Op::Mul,
                    operand: Some(3),
                    value: 36,
                },
                Step {
                    op: Op::Square,
                    operand: None,
                    value: 84,
                },
            ],
        }
    }

    fn judge(response: &str) -> Verdict {
        verify(&chain(), response)
    }

    #[test]
    fn the_same_value_written_two_ways_agrees_and_steps_still_count() {
        let v = judge(
            "step 1: 12\nstep 2: 36\nstep 3: 84\nSo \\boxed{x = 84}.\n<answer>84 (mod 101)</answer>",
        );
        assert!(v.correct, "{v:?}");
        let steps = v.steps.expect("steps");
        assert_eq!((steps.listed, steps.correct), (3, 3));
    }

    #[test]
    fn hack_a_hedge_across_markers_never_scores() {
        for response in [
            // A right final answer beside a value stated modulo another number.
            "\\boxed{84 (mod 103)} <answer>84</answer>",
            // Right, right, then an unreduced value congruent to the answer.
            "\\boxed{x = 84} <answer>84</answer> <answer>185</answer>",
            // The wrong value last, the right one first.
            "<answer>84</answer> \\boxed{85}",
            // Nine spellings of 84: too many to judge, refused unjudged.
            "<answer>84</answer><answer>x=84</answer><answer>x = 84</answer><answer>X=84</answer>\
             <answer>84 mod 101</answer><answer>84 (mod 101)</answer><answer>x ≡ 84</answer>\
             <answer>+84</answer><answer>084</answer>",
        ] {
            let v = judge(response);
            assert!(!v.correct && v.score == 0.0, "{response}: {v:?}");
        }
    }

    #[test]
    fn equivalent_forms_are_judged_alike() {
        for form in ["84", " 84 ", "+84", "084", "x = 84", "x=84", "\\boxed{84}"] {
            let v = judge(&format!("<answer>{form}</answer>"));
            assert!(v.correct, "{form}: {v:?}");
        }
    }

    #[test]
    fn realistic_forms_are_read() {
        for form in [
            "X = 84",
            "x ≡ 84",
            "x \\equiv 84",
            "≡ 84 (mod 101)",
            "84 (mod 101)",
            "84 mod 101",
            "84 modulo 101",
            "84 \\pmod{101}",
            "$x \\equiv 84 \\pmod{101}$",
            "84 \\bmod 101",
            "x = 84 (mod 101).",
            "**84**",
            "`84`",
            "84.",
            "\\text{84}",
            "x = **84**",
        ] {
            let v = judge(&format!("<answer>{form}</answer>"));
            assert!(v.correct, "{form}: {v:?}");
        }
        assert!(judge("<ANSWER>84</ANSWER>").correct);
    }

    #[test]
    fn near_misses_of_the_realistic_forms_stay_wrong() {
        for form in [
            "84 (mod 103)",
            "x ≡ 84 (mod 1010)",
            "84 \\pmod{102}",
            "85 (mod 101)",
            "x ≡ 185 (mod 101)",
            "x ≡ -17 (mod 101)",
            "**85**",
            "84 (mod 99999999999999999999999)",
        ] {
            let v = judge(&format!("<answer>{form}</answer>"));
            assert_eq!(v.reason, Reason::WrongAnswer, "{form}");
        }
        for form in [
            "84 (mod)",
            "84 mod",
            "mod 101",
            "(mod 101)",
            "84 (mod 101",
            "84 (mod 101) or 85",
            "= 84",
            "y = 84",
            "x ≡ 84 ≡ 85",
            "84 or 85 (mod 101)",
            "x = 84, 85",
            "84!",
        ] {
            let v = judge(&format!("<answer>{form}</answer>"));
            assert_eq!(v.reason, Reason::UnparsableAnswer, "{form}");
        }
    }

    #[test]
    fn a_step_right_after_a_tag_is_counted() {
        let v = judge("<think>step 1: 12\nstep 2: 36\nstep 3: 84</think><answer>84</answer>");
        let s = v.steps.unwrap();
        assert_eq!((s.listed, s.correct, s.cot_correct), (3, 3, true));
        let v = judge(
            "<THINK>Step 1 = 12\n- step 2: x = 36\n**Step 3:** 84.</THINK>\n<answer>84</answer>",
        );
        let s = v.steps.unwrap();
        assert_eq!((s.listed, s.correct, s.cot_correct), (3, 3, true));
        // A tag only ends a line; a wrong value after one is still read as wrong.
        let s = judge("<think>step 1: 13</think><answer>84</answer>")
            .steps
            .unwrap();
        assert_eq!((s.listed, s.correct, s.first_wrong), (1, 0, Some(1)));
    }

    #[test]
    fn out_of_range_is_wrong_not_reduced() {
        for form in ["185", "-17", "-0084", "99999999999999999999999"] {
            let v = judge(&format!("<answer>{form}</answer>"));
            assert_eq!(v.reason, Reason::WrongAnswer, "{form}");
            assert!(v.format_ok);
        }
        assert!(judge("<answer>-0</answer>").reason == Reason::WrongAnswer);
    }

    #[test]
    fn reasoning_gym_substring_and_tolerance_traps_score_zero() {
        let data = ModArithData {
            modulus: 10_007,
            start: 1,
            steps: vec![Step {
                op: Op::Add,
                operand: Some(1009),
                value: 1010,
            }],
        };
        for wrong in ["11010", "-1010", "1011", "1009", "101", "10100"] {
            let v = verify(&data, &format!("<answer>{wrong}</answer>"));
            assert_eq!(v.score, 0.0, "{wrong}");
        }
        assert_eq!(verify(&data, "<answer>1010</answer>").score, 1.0);
    }

    #[test]
    fn hack_several_candidates_or_prose_is_unparsable() {
        for form in [
            "84 or 85", "84, 85", "84.0", "8 4", "x = ", "x 84", "٨٤", "８４", "answer",
        ] {
            let v = judge(&format!("<answer>{form}</answer>"));
            assert_eq!(v.reason, Reason::UnparsableAnswer, "{form}");
            assert!(!v.format_ok && v.score == 0.0);
        }
    }

    #[test]
    fn steps_are_checked_one_by_one() {
        let v = judge("<think>\nstep 1: 12\nStep 2 = 36\nstep 3: 84\n</think><answer>84</answer>");
        let s = v.steps.unwrap();
        assert_eq!(
            (s.listed, s.correct, s.first_wrong, s.cot_correct),
            (3, 3, None, true)
        );

        let v = judge("step 1: 12\nstep 2: 35\nstep 3: 84\n<answer>84</answer>");
        let s = v.steps.unwrap();
        assert!(v.correct);
        assert_eq!(
            (s.correct, s.first_wrong, s.cot_correct),
            (2, Some(2), false)
        );
    }

    #[test]
    fn a_partial_chain_is_not_cot_correct() {
        let s = judge("step 1: 12\n<answer>84</answer>").steps.unwrap();
        assert_eq!((s.listed, s.correct, s.cot_correct), (1, 1, false));
        let s = judge("<answer>84</answer>").steps.unwrap();
        assert_eq!((s.listed, s.total, s.cot_correct), (0, 3, false));
    }

    #[test]
    fn hedged_or_stray_steps_are_wrong() {
        let s = judge("step 1: 12\nstep 1: 13\nstep 2: 36\nstep 3: 84\n<answer>84</answer>")
            .steps
            .unwrap();
        assert_eq!((s.listed, s.correct, s.first_wrong), (3, 2, Some(1)));
        let s = judge("step 1: 12\nstep 2: 36\nstep 3: 84\nstep 4: 5\n<answer>84</answer>")
            .steps
            .unwrap();
        assert_eq!(
            (s.correct, s.first_wrong, s.cot_correct),
            (3, Some(4), false)
        );
    }

    #[test]
    fn prose_mentioning_steps_is_ignored() {
        let s = judge("Step 1: we add 7 to get 12.\n<answer>84</answer>")
            .steps
            .unwrap();
        assert_eq!(s.listed, 0);
    }

    #[test]
    fn extraction_failures_pass_through() {
        assert_eq!(judge("84").reason, Reason::NoAnswer);
        assert_eq!(
            judge("<think><answer>84</answer></think>").reason,
            Reason::AnswerOnlyInThink
        );
    }
}
