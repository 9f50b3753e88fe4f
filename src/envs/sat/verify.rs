//! The `sat` verifier: any assignment that satisfies every clause is right.
//!
//! **Answer form.** After extraction, the answer gives every variable exactly one value, in any
//! order, in one of two forms:
//! - the primary form, `x1=1, x2=0, x3=1`: entries `xN=VALUE`, where `x` may be `X`, `=` may be
//!   `:`, whitespace may surround either, VALUE is `1`/`0`, `true`/`false` or `T`/`F` (any case),
//!   and entries are separated by commas, semicolons or whitespace;
//! - DIMACS-style signed literals, `1 -2 3`: `N` sets xN true and `-N` false, separated by
//!   whitespace or commas, with an optional final `0` (the DIMACS terminator).
//!
//! The form is chosen by the first character: `x`/`X` is the primary form, anything else DIMACS.
//!
//! **Rejected as unparsable**, with the reason: anything else in the text, a variable outside
//! x1..xN, a variable given twice (the same value or both values), or a variable left out: a
//! partial assignment is not an answer even when the clauses it fixes are enough.
//!
//! **Detail.** `{"clauses_satisfied": s, "clauses": m}` for a judged answer. It is not a reward:
//! a uniformly random assignment satisfies 1 − 2^−k of the clauses on average (7/8 for 3-SAT).

use serde_json::json;

use super::SatData;
use crate::core::extract::extract_answer;
use crate::core::verdict::{Reason, Verdict};

/// Reads a complete assignment over `variables` variables (bit `v` set: x_{v+1} is true).
pub fn parse_assignment(answer: &str, variables: u32) -> Result<u64, String> {
    let n = variables.min(64);
    let mut set = Assignment::default();
    let text = answer.trim_start();
    if text.starts_with(['x', 'X']) {
        primary(text, n, &mut set)?;
    } else {
        dimacs(text, n, &mut set)?;
    }
    let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let missing = all & !set.given;
    if missing != 0 {
        return Err(format!(
            "x{} is not given a value; every variable needs one",
            missing.trailing_zeros() + 1
        ));
    }
    Ok(set.truth)
}

#[derive(Default)]
struct Assignment {
    given: u64,
    truth: u64,
}

impl Assignment {
    fn set(&mut self, var: u64, value: bool, n: u32) -> Result<(), String> {
        if var == 0 || var > u64::from(n) {
            return Err(format!("x{var} is not a variable; they are x1 to x{n}"));
        }
        let bit = 1u64 << (var - 1);
        if self.given & bit != 0 {
            let before = self.truth & bit != 0;
            return Err(if before == value {
                format!("x{var} is given a value twice")
            } else {
                format!("x{var} is given both values")
            });
        }
        self.given |= bit;
        if value {
            self.truth |= bit;
        }
        Ok(())
    }
}

fn is_separator(b: u8) -> bool {
    b == b',' || b == b';' || b.is_ascii_whitespace()
}

/// A run of at most 19 ASCII digits at the start of `s`, as a number, and the rest.
fn number(s: &[u8]) -> Option<(u64, &[u8])> {
    let len = s.iter().take_while(|b| b.is_ascii_digit()).count();
    if len == 0 || len > 19 {
        return None;
    }
    let value = s[..len]
        .iter()
        .fold(0u64, |acc, &d| acc * 10 + u64::from(d - b'0'));
    Some((value, &s[len..]))
}

fn skip_spaces(s: &[u8]) -> &[u8] {
    let start = s.iter().take_while(|b| b.is_ascii_whitespace()).count();
    &s[start..]
}

fn unreadable(rest: &[u8]) -> String {
    let shown = String::from_utf8_lossy(&rest[..rest.len().min(24)]).into_owned();
    format!("cannot read the assignment at `{shown}`; expected entries like x1=1, x2=0")
}

/// `x1=1, x2=false; X3 : T …`
fn primary(text: &str, n: u32, set: &mut Assignment) -> Result<(), String> {
    let mut s = text.as_bytes();
    loop {
        let start = s.iter().take_while(|&&b| is_separator(b)).count();
        s = &s[start..];
        let Some((&first, after_x)) = s.split_first() else {
            return Ok(());
        };
        if first != b'x' && first != b'X' {
            return Err(unreadable(s));
        }
        let (var, rest) = number(after_x).ok_or_else(|| unreadable(s))?;
        let rest = skip_spaces(rest);
        let rest = match rest.split_first() {
            Some((b'=' | b':', rest)) => skip_spaces(rest),
            _ => return Err(unreadable(s)),
        };
        let len = rest
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric())
            .count();
        let word = &rest[..len];
        let is = |w: &[u8]| word.eq_ignore_ascii_case(w);
        let value = if is(b"1") || is(b"true") || is(b"t") {
            true
        } else if is(b"0") || is(b"false") || is(b"f") {
            false
        } else {
            return Err(unreadable(s));
        };
        let rest = &rest[len..];
        if rest.first().is_some_and(|&b| !is_separator(b)) {
            return Err(unreadable(s));
        }
        set.set(var, value, n)?;
        s = rest;
    }
}

/// `1 -2 3 0`
fn dimacs(text: &str, n: u32, set: &mut Assignment) -> Result<(), String> {
    let mut s = text.as_bytes();
    loop {
        let start = s.iter().take_while(|&&b| is_separator(b)).count();
        s = &s[start..];
        let Some(&first) = s.first() else {
            return Ok(());
        };
        let negative = first == b'-';
        let body = if negative || first == b'+' {
            &s[1..]
        } else {
            s
        };
        let (var, rest) = number(body).ok_or_else(|| unreadable(s))?;
        if rest.first().is_some_and(|&b| !is_separator(b)) {
            return Err(unreadable(s));
        }
        if var == 0 && !negative {
            // The DIMACS terminator ends the list; nothing may follow it.
            if rest.iter().all(|&b| is_separator(b)) {
                return Ok(());
            }
            return Err("0 ends a DIMACS assignment; nothing may follow it".to_owned());
        }
        set.set(var, !negative, n)?;
        s = rest;
    }
}

/// Whether a DIMACS literal is true under `truth`; a literal naming no variable is false.
#[inline]
fn literal_holds(lit: i32, truth: u64) -> bool {
    let v = lit.unsigned_abs();
    (1..=64).contains(&v) && (truth >> (v - 1) & 1 == 1) == (lit > 0)
}

/// Judges a response: a complete assignment that satisfies every clause.
pub fn verify(data: &SatData, response: &str) -> Verdict {
    let answer = match extract_answer(response) {
        Ok(answer) => answer,
        Err(rejection) => return rejection.into(),
    };
    let truth = match parse_assignment(&answer, data.variables) {
        Ok(truth) => truth,
        Err(why) => return Verdict::rejected(Reason::UnparsableAnswer, why),
    };
    let mut satisfied = 0usize;
    let mut first_false = None;
    for (i, literals) in data.clauses.iter().enumerate() {
        if literals.iter().any(|&lit| literal_holds(lit, truth)) {
            satisfied += 1;
        } else if first_false.is_none() {
            first_false = Some(i + 1);
        }
    }
    let m = data.clauses.len();
    let verdict = match first_false {
        None => Verdict::correct(),
        Some(i) => Verdict::wrong(format!(
            "{} of {m} clauses are false, the first is clause {i}",
            m - satisfied
        )),
    };
    verdict.with_detail(json!({ "clauses_satisfied": satisfied, "clauses": m }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (x1 ∨ ¬x2 ∨ x3) ∧ (¬x1 ∨ x2 ∨ x3) ∧ (¬x3 ∨ x1 ∨ x2): x1=1, x2=1, x3=0 and others satisfy.
    fn data() -> SatData {
        SatData {
            variables: 3,
            clauses: vec![vec![1, -2, 3], vec![-1, 2, 3], vec![1, 2, -3]],
            planted: vec![true, true, false],
        }
    }

    fn judge(answer: &str) -> Verdict {
        verify(&data(), &format!("<answer>{answer}</answer>"))
    }

    #[test]
    fn equivalent_forms_are_judged_alike() {
        for form in [
            "x1=1, x2=1, x3=0",
            "x3 = 0; X1: true x2=T",
            "x1=TRUE,x2=true,x3=False,",
            "x1=1\nx2=1\nx3=0",
            "1 2 -3",
            "1, 2, -3 0",
            "-3 +1 2",
            "\\boxed{x1=1, x2=1, x3=0}",
        ] {
            let v = judge(form);
            assert!(v.correct, "{form}: {v:?}");
        }
    }

    #[test]
    fn any_satisfying_assignment_is_right_not_only_the_plant() {
        // All false satisfies clause 1 by ¬x2, clause 2 by ¬x1, clause 3 by ¬x3.
        assert!(judge("x1=0, x2=0, x3=0").correct);
        let v = judge("x1=1, x2=0, x3=0");
        assert_eq!((v.score, v.reason), (0.0, Reason::WrongAnswer));
        assert_eq!(v.message, "1 of 3 clauses are false, the first is clause 2");
        assert_eq!(v.detail.unwrap()["clauses_satisfied"], 2);
    }

    #[test]
    fn partial_duplicated_contradictory_or_out_of_range_is_rejected() {
        for (form, why) in [
            ("x1=1, x2=1", "x3 is not given a value"),
            ("1 2", "x3 is not given a value"),
            ("x1=1, x2=1, x3=0, x1=1", "x1 is given a value twice"),
            ("x1=1, x2=1, x3=0, x1=0", "x1 is given both values"),
            ("1 2 -3 -1", "x1 is given both values"),
            ("x1=1, x2=1, x3=0, x4=1", "x4 is not a variable"),
            ("x0=1, x1=1, x2=1, x3=0", "x0 is not a variable"),
            ("1 2 -3 0 4", "nothing may follow"),
        ] {
            let v = judge(form);
            assert_eq!(v.reason, Reason::UnparsableAnswer, "{form}");
            assert!(v.message.contains(why), "{form}: {}", v.message);
        }
    }

    #[test]
    fn looser_forms_are_unparsable() {
        for form in [
            "x1=1, x2=1, x3=0 or x3=1",
            "x1=1, x2=1, x3",
            "x1=yes, x2=1, x3=0",
            "x1=1, 2, -3",
            "1 2 -3 x1=1",
            "x1=1x2=1x3=0",
            "1.0 2 -3",
            "--1 2 -3",
            "x1==1, x2=1, x3=0",
            "x99999999999999999999=1",
        ] {
            assert_eq!(judge(form).reason, Reason::UnparsableAnswer, "{form}");
        }
    }
}
