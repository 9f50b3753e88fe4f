//! The `bezout` verifier: a pair (x, y), checked against A·x + B·y = gcd(A, B) and the bounds.
//!
//! **Answer form.** After extraction and the core's normalisation, Markdown emphasis and code
//! marks are dropped and case is ignored; the answer is `x = X, y = Y` in either order,
//! separated by `,`, `;`, a newline or ` and `, or a tuple `(x, y) = (X, Y)`. X and Y are
//! integers with an optional sign (`-`, `−` or `+`). A name missing or repeated, another name, a
//! bare pair `3, -2` (which is which?) or a second value is unparsable.

use super::BezoutData;
use super::probes;
use crate::forms::strip_emphasis;
use verigym_core::extract::extract_agreed_answer;
use verigym_core::verdict::{Reason, Verdict};

/// The reference answer: `x = 3, y = -2`.
pub fn render_answer(x: i64, y: i64) -> String {
    format!("x = {x}, y = {y}")
}

/// Judges a response: the equation, then the bounds.
pub fn verify(data: &BezoutData, response: &str) -> Verdict {
    let answer = match extract_agreed_answer(response, |r| verify(data, r)) {
        Ok(answer) => answer,
        Err(rejection) => return rejection.into(),
    };
    let Some((x, y)) = parse_pair(&strip_emphasis(&answer)) else {
        return Verdict::rejected(
            Reason::UnparsableAnswer,
            "the answer reads `x = X, y = Y` with integers X and Y",
        );
    };
    match judge(data, x, y) {
        Ok(()) => Verdict::correct(),
        Err(why) => Verdict::wrong(why),
    }
}

/// Whether (x, y) meets A·x + B·y = gcd(A, B), |x| ≤ B/gcd and |y| ≤ A/gcd.
pub(super) fn judge(data: &BezoutData, x: i128, y: i128) -> Result<(), String> {
    let (a, b, g) = (
        i128::from(data.a),
        i128::from(data.b),
        i128::from(data.gcd.max(1)),
    );
    let left = a * x + b * y;
    if left != g {
        return Err(format!("A·x + B·y is {left}, not gcd(A, B)"));
    }
    if x.abs() > b / g || y.abs() > a / g {
        return Err("the pair is outside |x| ≤ B/d, |y| ≤ A/d".to_owned());
    }
    Ok(())
}

/// `x = X, y = Y` in either order, or `(x, y) = (X, Y)`; values within 19 digits.
pub(super) fn parse_pair(text: &str) -> Option<(i128, i128)> {
    let text = text.trim().to_lowercase().replace('−', "-");
    if let Some(rest) = text.strip_prefix('(') {
        let (names, rest) = rest.split_once(')')?;
        let values = rest.trim_start().strip_prefix('=')?.trim();
        let values = values.strip_prefix('(')?.strip_suffix(')')?;
        let names: Vec<&str> = names.split(',').map(str::trim).collect();
        let values: Vec<&str> = values.split(',').map(str::trim).collect();
        if names.len() != 2 || values.len() != 2 {
            return None;
        }
        let mut slots = [None, None];
        for (name, value) in names.iter().zip(values) {
            let k = probes::slot(name)?;
            if slots[k].replace(integer(value)?).is_some() {
                return None;
            }
        }
        return Some((slots[0]?, slots[1]?));
    }
    let mut slots = [None, None];
    for piece in text
        .split([',', ';', '\n'])
        .flat_map(|p| p.split(" and "))
        .map(str::trim)
        .filter(|p| !p.is_empty())
    {
        let (name, value) = piece.split_once('=')?;
        let k = probes::slot(name.trim())?;
        if slots[k].replace(integer(value.trim())?).is_some() {
            return None;
        }
    }
    Some((slots[0]?, slots[1]?))
}

/// An integer with an optional sign, at most 19 digits.
fn integer(text: &str) -> Option<i128> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(d) => (true, d.trim_start()),
        None => (false, text.strip_prefix('+').unwrap_or(text).trim_start()),
    };
    if digits.is_empty() || digits.len() > 19 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let v: i128 = digits.parse().ok()?;
    Some(if negative { -v } else { v })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pair_forms_and_nothing_else() {
        for (text, want) in [
            ("x = 3, y = -2", Some((3, -2))),
            ("y = −2; x = 3", Some((3, -2))),
            ("X=3 and Y=+2", Some((3, 2))),
            ("(x, y) = (3, -2)", Some((3, -2))),
            ("(y, x) = (-2, 3)", Some((3, -2))),
            ("3, -2", None),
            ("x = 3", None),
            ("x = 3, x = 4", None),
            ("x = 3, y = -2, z = 1", None),
            ("x = 3 or 4, y = 1", None),
            ("x = 3.0, y = 1", None),
            ("x = 99999999999999999999, y = 1", None),
            ("", None),
        ] {
            assert_eq!(parse_pair(text), want, "{text}");
        }
    }
}
