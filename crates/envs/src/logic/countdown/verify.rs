//! The `countdown` verifier: parse the expression, check the numbers it uses, evaluate it exactly.
//!
//! **Answer form.** After extraction and the core's normalisation (whole-answer Markdown, code and
//! math wrappers, `$`, trailing `.`; see [`verigym_core::normalize`] — emphasis *inside* an
//! expression is not stripped, since `*` is multiplication), the answer is `EXPR` or
//! `EXPR = TARGET`, where `EXPR` follows the grammar in [`super::expr`] (integers, `+ - * /`,
//! parentheses; `x`, `X`, `×`, `·`, `\times`, `\cdot` for `*`, `÷`, `:`, `\div` for `/`,
//! `\frac{A}{B}`, `\left( \right)`, the Unicode minus; whitespace is free) and `TARGET` is a
//! decimal integer. At most [`MAX_EXPR_BYTES`] bytes are read.
//!
//! **Judgement.** Anything outside the grammar is unparsable. A well-formed expression is wrong
//! when it uses a number that is not given, uses one more often than given, leaves one out while
//! every number must be used, divides by zero, leaves i128 range, claims a different `= TARGET`,
//! or does not equal the target exactly (evaluated in rationals, so `7 / 2 * 2` is 7 and
//! intermediate fractions are allowed). The value is computed from the expression, never taken
//! from the claim after `=`.

use serde_json::json;

use super::CountdownData;
use super::expr::{MAX_EXPR_BYTES, parse};
use super::rational::{ArithError, Rational};
use verigym_core::extract::extract_agreed_answer;
use verigym_core::verdict::{Reason, Verdict};

/// Judges a response against one problem.
pub fn verify(data: &CountdownData, response: &str) -> Verdict {
    let answer = match extract_agreed_answer(response, |r| verify(data, r)) {
        Ok(answer) => answer,
        Err(rejection) => return rejection.into(),
    };
    if answer.len() > MAX_EXPR_BYTES {
        return unparsable("the answer is longer than 1024 bytes");
    }
    let (expression, claim) = match answer.split_once('=') {
        None => (answer.as_ref(), None),
        Some((lhs, rhs)) => match parse_claim(rhs) {
            Some(claim) => (lhs, Some(claim)),
            None => return unparsable("what follows `=` is not a single integer"),
        },
    };
    let parsed = match parse(expression) {
        Ok(parsed) => parsed,
        Err(message) => return unparsable(message),
    };
    if let Err(message) = check_numbers(data, &parsed.literals) {
        return Verdict::wrong(message);
    }
    let value = match parsed.value {
        Ok(value) => value,
        Err(ArithError::DivisionByZero) => return Verdict::wrong("the expression divides by zero"),
        Err(ArithError::Overflow) => {
            return Verdict::wrong("an intermediate value is too large to evaluate exactly");
        }
    };
    let target = Rational::integer(i128::from(data.target));
    if let Some(claim) = claim
        && claim != Some(data.target)
    {
        return Verdict::wrong("the answer claims a value other than the target")
            .with_detail(json!({ "value": value.to_string() }));
    }
    if value == target {
        Verdict::correct()
    } else {
        Verdict::wrong(format!(
            "the expression equals {value}, not {}",
            data.target
        ))
        .with_detail(json!({ "value": value.to_string() }))
    }
}

/// A record's invariants: 2 to 8 numbers and a reference expression that solves the problem, so a
/// "no" from [`verify`] is about the response, never about an unsolvable record.
pub fn check_data(data: &CountdownData) -> Result<(), String> {
    let n = data.numbers.len();
    if !(2..=8).contains(&n) {
        return Err(format!("{n} numbers; a record has 2 to 8"));
    }
    let parsed = parse(&data.reference)
        .map_err(|e| format!("the reference `{}` does not parse: {e}", data.reference))?;
    check_numbers(data, &parsed.literals)
        .map_err(|e| format!("the reference `{}`: {e}", data.reference))?;
    match parsed.value {
        Ok(v) if v == Rational::integer(i128::from(data.target)) => Ok(()),
        _ => Err(format!(
            "the reference `{}` does not equal the target {}",
            data.reference, data.target
        )),
    }
}

fn unparsable(message: &'static str) -> Verdict {
    Verdict::rejected(Reason::UnparsableAnswer, message)
}

/// The integer after `=`: `Some(None)` for a well-formed integer too large for u64.
pub(super) fn parse_claim(text: &str) -> Option<Option<u64>> {
    let t = text.trim();
    (!t.is_empty() && t.bytes().all(|b| b.is_ascii_digit())).then(|| t.parse().ok())
}

/// Every literal must be a given number, used no more often than given; with `use_all`, each
/// given number must be used exactly as often as given.
pub(super) fn check_numbers(data: &CountdownData, literals: &[Option<u64>]) -> Result<(), String> {
    // At most 8 numbers: a linear scan beats any map.
    let mut left: Vec<(u64, u32)> = Vec::with_capacity(data.numbers.len());
    for &n in &data.numbers {
        match left.iter_mut().find(|(v, _)| *v == n) {
            Some((_, count)) => *count += 1,
            None => left.push((n, 1)),
        }
    }
    for literal in literals {
        let Some(n) = *literal else {
            return Err("the expression uses a number that is not given".to_owned());
        };
        match left.iter_mut().find(|(v, _)| *v == n) {
            None => return Err(format!("the expression uses {n}, which is not given")),
            Some((_, 0)) => {
                return Err(format!(
                    "the expression uses {n} more often than it is given"
                ));
            }
            Some((_, count)) => *count -= 1,
        }
    }
    if data.use_all
        && let Some((n, _)) = left.iter().find(|(_, count)| *count > 0)
    {
        return Err(format!(
            "the expression does not use {n}; every number must be used"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data(use_all: bool) -> CountdownData {
        CountdownData {
            numbers: vec![3, 4, 4, 25],
            target: 112,
            use_all,
            reference: "(25 + 3) * 4".to_owned(),
        }
    }

    fn judge(answer: &str, use_all: bool) -> Verdict {
        verify(&data(use_all), &format!("<answer>{answer}</answer>"))
    }

    #[test]
    fn any_correct_expression_in_any_accepted_form() {
        for form in [
            "(25 + 3) * 4",
            "4*(3+25)",
            "(25+3)×4",
            "(25 + 3) * 4 = 112",
            " 4 * 25 + 4 * 3 ",
            "4 * (25 + 3) =112",
            "\\boxed{(25+3)*4}",
            "(25 + 3) x 4",
            "(25 + 3) X 4 = 112.",
            "**(25 + 3) * 4**",
            "$(25 + 3) \\times 4 = 112$",
            "\\left(25 + 3\\right) \\cdot 4",
            "`(25+3)*4`",
        ] {
            assert!(judge(form, false).correct, "{form}");
        }
        // Intermediate fractions are allowed: exact arithmetic, no rounding.
        let d = CountdownData {
            numbers: vec![1, 3, 4, 6],
            target: 24,
            use_all: true,
            reference: "6 / (1 - 3 / 4)".to_owned(),
        };
        assert!(verify(&d, "<answer>6 / (1 - 3 / 4)</answer>").correct);
        for form in [
            "\\frac{6}{1 - \\frac{3}{4}}",
            "6 : (1 - 3 : 4)",
            "6 \\div (1 - 3 \\div 4)",
        ] {
            assert!(
                verify(&d, &format!("<answer>{form}</answer>")).correct,
                "{form}"
            );
        }
    }

    #[test]
    fn use_all_requires_every_number() {
        assert!(judge("(25 + 3) * 4", false).correct);
        let v = judge("(25 + 3) * 4", true);
        assert_eq!(v.reason, Reason::WrongAnswer);
        assert!(v.message.contains("does not use 4"), "{}", v.message);
        assert!(judge("(25 + 3) * 4 * 4 / 4 + 0 * 0", true).reason == Reason::WrongAnswer);
    }

    #[test]
    fn numbers_not_given_or_overused_are_wrong() {
        // Reasoning Gym's countdown issues #265 / #478: numbers not in the question.
        for (form, needle) in [
            ("112", "112, which is not given"),
            ("(25 + 3) * 4 + 0", "0, which is not given"),
            ("28 * 4", "28, which is not given"),
            ("(25 + 3 + 3 - 3) * 4", "3 more often"),
            (
                "99999999999999999999999 - 99999999999999999999887",
                "not given",
            ),
        ] {
            let v = judge(form, false);
            assert_eq!(v.reason, Reason::WrongAnswer, "{form}");
            assert!(v.message.contains(needle), "{form}: {}", v.message);
        }
    }

    #[test]
    fn a_wrong_value_is_never_compared_with_itself() {
        let v = judge("25 * 4 + 3", false);
        assert_eq!(v.reason, Reason::WrongAnswer);
        assert_eq!(v.detail.unwrap()["value"], "103");
        // A claim of the target does not make a wrong expression right.
        assert!(!judge("25 * 4 + 3 = 112", false).correct);
        // Nor does a right expression with a wrong claim pass.
        assert!(!judge("(25 + 3) * 4 = 113", false).correct);
        assert!(!judge("3 / 4", false).correct);
    }

    #[test]
    fn arithmetic_failures_are_wrong() {
        assert!(
            judge("25 / (4 - 4)", false)
                .message
                .contains("divides by zero")
        );
    }

    #[test]
    fn near_misses_of_the_other_spellings_stay_wrong() {
        for form in [
            "(25 + 3) x 4 = 113.",
            "**(25 + 3) * 4 + 3**",
            "$(25 + 3) \\times 4 \\times 4 \\div 4$",
            "(25 + 3) x 5",
            "\\frac{(25 + 3) * 4}{4}",
            "(25 + 3) * 4 : 4",
        ] {
            assert_eq!(judge(form, false).reason, Reason::WrongAnswer, "{form}");
        }
        // Italic around a spaced expression is presentation; stars that touch an operand are not.
        assert!(judge("*(25 + 3) * 4*", false).correct);
        for form in [
            "(25 + 3) ** 4",
            "(25 + 3) xx 4",
            "*(25+3)*4*",
            "(25 + 3) * 4!",
        ] {
            assert_eq!(
                judge(form, false).reason,
                Reason::UnparsableAnswer,
                "{form}"
            );
        }
    }

    #[test]
    fn anything_else_is_unparsable() {
        for form in [
            "112 = (25 + 3) * 4",
            "(25 + 3) * 4 = 112 = 112",
            "(25 + 3) * 4 = one hundred twelve",
            "(25 + 3) * 4, or 25 * 4 + 3 * 4",
            "-3 + 25",
            "25 + 3 then times 4",
            "4 (25 + 3)",
            "eval('(25+3)*4')",
        ] {
            let v = judge(form, false);
            assert_eq!(v.reason, Reason::UnparsableAnswer, "{form}");
            assert_eq!(v.score, 0.0);
        }
    }
}
