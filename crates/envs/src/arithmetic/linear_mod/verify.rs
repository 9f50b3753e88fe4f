//! The `linear_mod` verifier: one value per unknown, checked against every equation.
//!
//! **Answer form.** After extraction and the core's normalisation, Markdown emphasis and code
//! marks are dropped (`*`, `_` and `` ` `` mean nothing here), and the answer is either
//! - assignments `NAME REL VALUE` in any order, separated by `,`, `;`, newlines or ` and `, each
//!   optionally behind a list marker (`- `, `1. `): NAME is an unknown of the problem (`x`, `y`,
//!   …, in either case), REL is `=`, `≡`, `\equiv` or `:`, and VALUE is `modarith`'s value form
//!   ([`crate::modarith::parse_value`]: `3`, `3 (mod 7)`, `3 \pmod{7}`); or
//! - a tuple `(x, y, z) = (3, 5, 1)` (or `≡`), names in any order matched to the values by
//!   position, optionally followed by `(mod p)`.
//!
//! Every unknown must get exactly one value: a missing, repeated or unknown name, a bare list of
//! numbers (`3, 5, 1`: which is which?), a second value (`x = 3 or 4`) or a chained relation
//! (`x = y = 3`) is unparsable. A value outside [0, p) or stated modulo another number is wrong,
//! not reduced for the model.
//!
//! **Judging.** The values are substituted into every equation; the first that fails is named.
//! The record check proves the matrix invertible modulo p, so exactly one assignment passes.

use std::borrow::Cow;

use super::LinearModData;
use super::matrix::dot;
use super::params::NAMES;
use crate::forms::{strip_emphasis, strip_list_marker};
use crate::modarith::{Value, parse_value};
use verigym_core::extract::extract_agreed_answer;
use verigym_core::verdict::{Reason, Verdict};

/// The reference answer: `x = 3, y = 5, z = 1`.
pub fn render_answer(solution: &[u64]) -> String {
    let parts: Vec<String> = NAMES
        .iter()
        .zip(solution)
        .map(|(name, v)| format!("{name} = {v}"))
        .collect();
    parts.join(", ")
}

/// Judges a response: every unknown's value, then every equation.
pub fn verify(data: &LinearModData, response: &str) -> Verdict {
    let answer = match extract_agreed_answer(response, |r| verify(data, r)) {
        Ok(answer) => answer,
        Err(rejection) => return rejection.into(),
    };
    // A table with a header row (`| Unknown | Value |`) reads as `name = value` pairs.
    let answer = match crate::forms::table_as_list(&answer, false, ", ", crate::forms::name_value) {
        Some(list) => std::borrow::Cow::Owned(list),
        None => answer,
    };
    let p = data.modulus;
    let n = data.coefficients.len();
    let parsed = match parse_answer(&answer, n, p) {
        Ok(parsed) => parsed,
        Err(why) => return Verdict::rejected(Reason::UnparsableAnswer, why),
    };
    let mut values = Vec::with_capacity(n);
    for (name, value) in NAMES.iter().zip(parsed) {
        match value {
            Value::InRange(v) => values.push(v),
            Value::OutOfRange => {
                return Verdict::wrong(format!(
                    "the value of {name} is outside 0..={}; values are not reduced for you",
                    p - 1
                ));
            }
            Value::WrongModulus => {
                return Verdict::wrong(format!(
                    "the value of {name} is stated modulo another number; the modulus is {p}"
                ));
            }
        }
    }
    for (i, (row, &b)) in data.coefficients.iter().zip(&data.rhs).enumerate() {
        let left = dot(row, &values, p);
        if left != b {
            return Verdict::wrong(format!(
                "equation {} fails: its left side is {left}, not {b}",
                i + 1
            ));
        }
    }
    Verdict::correct()
}

/// One value per unknown, in unknown order, or why the answer is unparsable.
fn parse_answer(answer: &str, n: usize, p: u64) -> Result<Vec<Value>, Cow<'static, str>> {
    let text = strip_emphasis(answer);
    let text = text.trim();
    if text.starts_with('(') {
        return parse_tuple(text, n, p);
    }
    let mut slots: Vec<Option<Value>> = vec![None; n];
    for piece in text
        .split([',', ';', '\n'])
        .flat_map(|piece| piece.split(" and "))
    {
        let piece = strip_list_marker(piece).trim();
        if piece.is_empty() {
            continue;
        }
        let (slot, rest) = name_slot(piece, n).ok_or_else(|| {
            Cow::Owned(format!(
                "`{}` does not start with an unknown ({})",
                clip(piece),
                NAMES[..n].join(", ")
            ))
        })?;
        let rest = rest.trim_start();
        let rest = ["=", "≡", "\\equiv", ":"]
            .iter()
            .find_map(|r| rest.strip_prefix(r))
            .ok_or_else(|| format!("`{}` has no `=` after the unknown", clip(piece)))?
            .trim_start();
        let value = value_of(rest, p)
            .ok_or_else(|| format!("the value of {} is not one integer", NAMES[slot]))?;
        if slots[slot].replace(value).is_some() {
            return Err(format!("{} is given more than once", NAMES[slot]).into());
        }
    }
    collect(slots)
}

/// `(x, y, z) = (3, 5, 1) [mod p]`.
fn parse_tuple(text: &str, n: usize, p: u64) -> Result<Vec<Value>, Cow<'static, str>> {
    let broken = || Cow::Borrowed("a tuple answer reads (x, y, …) = (VALUE, VALUE, …)");
    let (names, rest) = text[1..].split_once(')').ok_or_else(broken)?;
    let rest = rest.trim_start();
    let rest = ["=", "≡", "\\equiv"]
        .iter()
        .find_map(|r| rest.strip_prefix(r))
        .ok_or_else(broken)?
        .trim_start();
    let (values, tail) = rest
        .strip_prefix('(')
        .and_then(|r| r.split_once(')'))
        .ok_or_else(broken)?;
    // A stated modulus after the tuple applies to every value.
    let tail = tail.trim();
    let stated = if tail.is_empty() {
        None
    } else {
        match parse_value(&format!("0 {tail}"), p) {
            Some(Value::InRange(0)) => None,
            Some(Value::WrongModulus) => Some(Value::WrongModulus),
            _ => return Err(broken()),
        }
    };
    let names: Vec<&str> = names.split(',').map(str::trim).collect();
    let values: Vec<&str> = values.split(',').map(str::trim).collect();
    if names.len() != values.len() {
        return Err(format!(
            "the tuple names {} unknowns but gives {} values",
            names.len(),
            values.len()
        )
        .into());
    }
    let mut slots: Vec<Option<Value>> = vec![None; n];
    for (name, value) in names.into_iter().zip(values) {
        let slot = match name_slot(name, n) {
            Some((slot, "")) => slot,
            _ => return Err(format!("`{}` is not an unknown", clip(name)).into()),
        };
        let value = value_of(value, p)
            .ok_or_else(|| format!("the value of {} is not one integer", NAMES[slot]))?;
        if slots[slot].replace(stated.unwrap_or(value)).is_some() {
            return Err(format!("{} is given more than once", NAMES[slot]).into());
        }
    }
    collect(slots)
}

/// The unknown a piece starts with (one letter, either case, not followed by a letter, digit or
/// `_`), and the rest of the piece.
fn name_slot(piece: &str, n: usize) -> Option<(usize, &str)> {
    let first = piece.chars().next()?;
    if !first.is_ascii() {
        return None;
    }
    let first = first.to_ascii_lowercase();
    let rest = &piece[1..];
    if rest.starts_with(|c: char| c.is_alphanumeric() || c == '_') {
        return None;
    }
    let slot = NAMES[..n]
        .iter()
        .position(|name| name.as_bytes()[0] == first as u8)?;
    Some((slot, rest))
}

/// A value in `modarith`'s form that starts with a digit or a sign, so `y = 3` after `x =` (a
/// chained relation) is not read as a value.
fn value_of(text: &str, p: u64) -> Option<Value> {
    if !text.starts_with(|c: char| c.is_ascii_digit() || c == '+' || c == '-') {
        return None;
    }
    parse_value(text, p)
}

fn collect(slots: Vec<Option<Value>>) -> Result<Vec<Value>, Cow<'static, str>> {
    slots
        .iter()
        .enumerate()
        .map(|(i, v)| v.ok_or_else(|| format!("no value for {}", NAMES[i]).into()))
        .collect()
}

/// At most 40 characters of a piece, for a message.
fn clip(piece: &str) -> &str {
    match piece.char_indices().nth(40) {
        Some((at, _)) => &piece[..at],
        None => piece,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Modulo 7: 3x + 5y ≡ 3 and x + 6y ≡ 4, solved by x = 2, y = 5.
    fn system() -> LinearModData {
        let coefficients = vec![vec![3, 5], vec![1, 6]];
        let solution = vec![2, 5];
        let rhs = coefficients.iter().map(|r| dot(r, &solution, 7)).collect();
        LinearModData {
            modulus: 7,
            coefficients,
            rhs,
            solution,
        }
    }

    fn judge(answer: &str) -> Verdict {
        verify(&system(), &format!("<answer>{answer}</answer>"))
    }

    #[test]
    fn the_fixture_is_sound_and_exactly_one_pair_passes() {
        assert_eq!(super::super::check::check_data(&system()), Ok(()));
        let mut right = Vec::new();
        for x in 0..9 {
            for y in 0..9 {
                if judge(&format!("x = {x}, y = {y}")).correct {
                    right.push((x, y));
                }
            }
        }
        assert_eq!(right, vec![(2, 5)]);
    }

    #[test]
    fn accepted_forms() {
        for form in [
            "x = 2, y = 5",
            "The answer is x = 2, y = 5",
            "| Unknown | Value |\n|---|---|\n| x | 2 |\n| y | 5 |",
            "y = 5, x = 2",
            "x=2;y=5",
            "x = 2\ny = 5",
            "- x = 2\n- y = 5",
            "1. x = 2\n2. y = 5",
            "**x** = 2, **y** = 5",
            "X = 2, Y = 5",
            "x ≡ 2 (mod 7), y ≡ 5 (mod 7)",
            "x \\equiv 2 \\pmod{7}, y \\equiv 5 \\pmod{7}",
            "x = 2 and y = 5",
            "x: 2, y: 5",
            "$x = 2, y = 5$",
            "(x, y) = (2, 5)",
            "(y, x) = (5, 2)",
            "(x, y) ≡ (2, 5) (mod 7)",
            "x = 2, y = 5.",
        ] {
            let v = judge(form);
            assert!(v.correct, "{form}: {v:?}");
        }
    }

    #[test]
    fn wrong_values_name_the_failing_equation_or_range() {
        let v = judge("x = 3, y = 5");
        assert_eq!(v.reason, Reason::WrongAnswer);
        assert!(v.message.starts_with("equation 1 fails"), "{}", v.message);
        for form in [
            "x = 9, y = 5",
            "x = -5, y = 5",
            "x ≡ 2 (mod 11), y = 5",
            "(x, y) = (5, 2)",
            "(x, y) = (2, 5) (mod 11)",
        ] {
            let v = judge(form);
            assert_eq!(v.reason, Reason::WrongAnswer, "{form}: {v:?}");
        }
    }

    #[test]
    fn incomplete_or_ambiguous_answers_are_unparsable() {
        for form in [
            "x = 2",
            "x = 2, y = 5, x = 2",
            "x = 2, y = 5, z = 1",
            "2, 5",
            "x = 2 or 3, y = 5",
            "x = y = 5",
            "x2 = 2, y = 5",
            "xy = 2, y = 5",
            "x = 2.0, y = 5",
            "(x, y) = (2)",
            "(x, y) = (2, 5",
            "(x, y) = (2, 5) or so",
            "(x, x) = (2, 2)",
            "x = , y = 5",
            "The answer is x = 2, y = 5 or so",
            "The answer is x = 2. The answer is y = 5",
            "x = 2, y = 5, w = 1",
        ] {
            let v = judge(form);
            assert_eq!(v.reason, Reason::UnparsableAnswer, "{form}: {v:?}");
        }
    }
}
