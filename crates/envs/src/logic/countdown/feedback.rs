//! What a careful grader says about a wrong `countdown` answer, from the numbers, the target and
//! the response only (never the reference expression). The first of, in this order: a number not
//! given, used more often than given, or (when all must be used) left out; a division by zero; an
//! intermediate value too large; a claimed value other than the target; the value the expression
//! does reach, which the model could compute itself.

use super::CountdownData;
use super::expr::parse;
use super::rational::{ArithError, Rational};
use crate::sentence::sentence;
use verigym_core::extract::extract_agreed_answer;

/// The sentence naming the first rule `response` breaks, if it is an expression at all.
pub fn feedback(data: &CountdownData, response: &str) -> Option<String> {
    let answer = extract_agreed_answer(response, |r| super::verify::verify(data, r)).ok()?;
    let (expression, claim) = match answer.split_once('=') {
        None => (answer.as_ref(), None),
        Some((lhs, rhs)) => (lhs, Some(super::verify::parse_claim(rhs)?)),
    };
    let parsed = parse(expression).ok()?;
    if let Err(why) = super::verify::check_numbers(data, &parsed.literals) {
        return Some(sentence(&why));
    }
    let value = match parsed.value {
        Ok(value) => value,
        Err(ArithError::DivisionByZero) => return Some("The expression divides by zero.".into()),
        Err(ArithError::Overflow) => {
            return Some("An intermediate value is too large to evaluate exactly.".into());
        }
    };
    let target = data.target;
    match claim {
        Some(claim) if claim != Some(target) => Some(format!(
            "The answer claims a value other than the target {target}."
        )),
        _ => (value != Rational::integer(i128::from(target)))
            .then(|| format!("The expression equals {value}, not the target {target}.")),
    }
}

#[cfg(test)]
mod tests {
    use super::super::Countdown;
    use crate::feedback_tests::{assert_public_only, problems, tagged};
    use verigym_core::env::Env;

    #[test]
    fn feedback_reads_only_the_numbers_the_target_and_the_response() {
        assert_public_only(&Countdown, |d| d.reference = "0".into());
    }

    #[test]
    fn an_overused_number_and_a_missed_target_are_named() {
        for (data, answer) in problems(&Countdown) {
            let a = data.numbers[data.numbers.len() - 1];
            if data.numbers.iter().filter(|&&n| n == a).count() == 1 {
                let said = Countdown.feedback(&data, &tagged(&format!("{a} + {a}")));
                let want = format!("The expression uses {a} more often than it is given.");
                assert_eq!(said.as_deref(), Some(want.as_str()));
            }
            let said =
                Countdown.feedback(&data, &tagged(&format!("{answer} = {}", data.target + 1)));
            let want = format!(
                "The answer claims a value other than the target {}.",
                data.target
            );
            assert_eq!(said.as_deref(), Some(want.as_str()));
            if !data.use_all {
                let (x, y) = (data.numbers[0], data.numbers[1]);
                let said = Countdown.feedback(&data, &tagged(&format!("{x} * {y}")));
                let want = format!(
                    "The expression equals {}, not the target {}.",
                    x * y,
                    data.target
                );
                if x * y != data.target {
                    assert_eq!(said.as_deref(), Some(want.as_str()));
                }
            }
        }
    }

    #[test]
    fn a_right_or_unreadable_expression_hears_nothing_more() {
        for (data, answer) in problems(&Countdown) {
            assert_eq!(Countdown.feedback(&data, &tagged(&answer)), None);
            assert_eq!(Countdown.feedback(&data, &tagged("2 ^ 3")), None);
        }
    }
}
