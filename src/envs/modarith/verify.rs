//! The `modarith` verifier: the final value, exactly, and each listed step.
//!
//! **Answer form.** After extraction, the answer is an optional `x =` prefix, an optional `+` or
//! `-` sign and ASCII digits, with whitespace allowed around the prefix: `17`, ` 17 `, `+17`,
//! `017`, `x = 17` and `x=17` are all the value 17. A value outside [0, p), such as `-84` or `118`
//! for p = 101, is wrong: it is not reduced modulo p. Anything else (`17.0`, `17 or 18`, `1,7`,
//! non-ASCII digits) is unparsable.
//!
//! **Steps.** A line that, trimmed, reads `step N: V` or `step N = V` (`step` in any case) lists
//! the value after operation N. Steps are read from the whole response, thinking included, since
//! that is where a chain of thought lives. A step listed twice with different values is wrong, as
//! is a step number outside 1..=k. `cot_correct` needs the right final answer and every step
//! listed and right: an unlisted step is an unchecked step.

use super::ModArithData;
use crate::core::extract::extract_answer;
use crate::core::verdict::{Reason, StepReport, Verdict};

/// A parsed answer or step value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// A value in [0, p).
    InRange(u64),
    /// A well-formed integer outside [0, p).
    OutOfRange,
}

/// Parses an answer in the documented form; `None` when it is not an integer in that form.
pub fn parse_value(text: &str, modulus: u64) -> Option<Value> {
    let mut t = text.trim();
    if let Some(rest) = t.strip_prefix('x') {
        t = rest.trim_start().strip_prefix('=')?.trim_start();
    }
    parse_integer(t, modulus)
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
    let magnitude = digits.trim_start_matches('0');
    if magnitude.is_empty() {
        return Some(Value::InRange(0));
    }
    if negative {
        return Some(Value::OutOfRange);
    }
    match magnitude.parse::<u64>() {
        Ok(v) if v < modulus => Some(Value::InRange(v)),
        _ => Some(Value::OutOfRange),
    }
}

/// What the response listed for each step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Listed {
    Not,
    Once(Value),
    Conflicting,
}

/// Scans a response for step lines: what each step (index 0 is step 1) listed, and the lowest
/// step number outside 1..=k, if any.
fn scan_steps(response: &str, data: &ModArithData) -> (Vec<Listed>, Option<u32>) {
    let k = data.steps.len();
    let mut listed = vec![Listed::Not; k];
    let mut stray: Option<u32> = None;
    for line in step_lines(response) {
        let Some((n, value)) = step_line(line, data.modulus) else {
            continue;
        };
        match usize::try_from(n).ok().filter(|&n| (1..=k).contains(&n)) {
            Some(n) => {
                let slot = &mut listed[n - 1];
                *slot = match *slot {
                    Listed::Not => Listed::Once(value),
                    Listed::Once(prev) if prev == value => Listed::Once(prev),
                    _ => Listed::Conflicting,
                };
            }
            None => {
                let n = u32::try_from(n).unwrap_or(u32::MAX);
                stray = Some(stray.map_or(n, |s| s.min(n)));
            }
        }
    }
    (listed, stray)
}

/// The lines of a response, each without leading blanks, found with memchr.
fn step_lines(response: &str) -> impl Iterator<Item = &str> {
    response
        .split('\n')
        .map(|line| line.trim_ascii_start().trim_end_matches('\r'))
}

/// `step N: V` / `step N = V` → (N, V).
fn step_line(line: &str, modulus: u64) -> Option<(u64, Value)> {
    if !line.as_bytes().get(..4)?.eq_ignore_ascii_case(b"step") {
        return None;
    }
    let rest = line[4..].trim_start();
    let digits_end = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits_end == 0 || digits_end > 19 {
        return None;
    }
    let n: u64 = rest[..digits_end].parse().ok()?;
    let rest = rest[digits_end..].trim_start();
    let rest = rest.strip_prefix(':').or_else(|| rest.strip_prefix('='))?;
    Some((n, parse_integer(rest.trim(), modulus)?))
}

/// Judges a response: the final value exactly, then each listed step.
pub fn verify(data: &ModArithData, response: &str) -> Verdict {
    let answer = match extract_answer(response) {
        Ok(answer) => answer,
        Err(rejection) => return rejection.into(),
    };
    let Some(expected) = data.steps.last().map(|s| s.value) else {
        return Verdict::rejected(Reason::UnparsableAnswer, "the record has an empty chain");
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
    };
    let steps = step_report(response, data, verdict.correct);
    verdict.with_steps(steps)
}

fn step_report(response: &str, data: &ModArithData, final_ok: bool) -> StepReport {
    let (listed, stray) = scan_steps(response, data);
    let mut report = StepReport {
        total: data.steps.len() as u32,
        listed: 0,
        correct: 0,
        first_wrong: None,
        cot_correct: false,
    };
    for (i, (l, step)) in listed.iter().zip(&data.steps).enumerate() {
        let right = match *l {
            Listed::Not => continue,
            Listed::Once(v) => v == Value::InRange(step.value),
            Listed::Conflicting => false,
        };
        report.listed += 1;
        if right {
            report.correct += 1;
        } else if report.first_wrong.is_none() {
            report.first_wrong = Some(i as u32 + 1);
        }
    }
    report.first_wrong = match (report.first_wrong, stray) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    report.cot_correct = final_ok && report.correct == report.total && stray.is_none();
    report
}

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
    fn equivalent_forms_are_judged_alike() {
        for form in ["84", " 84 ", "+84", "084", "x = 84", "x=84", "\\boxed{84}"] {
            let v = judge(&format!("<answer>{form}</answer>"));
            assert!(v.correct, "{form}: {v:?}");
        }
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
