//! The `sat` verifier: any assignment that satisfies every clause is right.
//!
//! **Answer form.** After extraction and the core's normalisation (see
//! [`verigym_core::normalize`]), with Markdown emphasis removed anywhere (`*` means nothing here),
//! the answer gives every variable exactly one value, in any order, in one of two forms:
//! - named entries, each either
//!   - an assignment `xN=VALUE`: `x` may be `X`, the number may be written `x_N` or `x_{N}`, `=`
//!     may be `:`, `is`, `->` or `→`, whitespace may surround it, and VALUE is `1`/`0`,
//!     `true`/`false` or `T`/`F` (any case); or
//!   - a literal: `xN` for true, or `xN` negated by `¬`, `~`, `!`, `-` (written against the name:
//!     `-x2`), `\neg`, `\lnot` or the word `NOT` for false;
//!
//!   entries are separated by commas, semicolons, whitespace, newlines, `∧`, `\land`,
//!   `\wedge`, `&` or the word `and`, and each line may start with a list marker (`1.`, `2)`,
//!   `*`, `•`, or `- ` before an assignment). One answer uses one kind of entry: `x1=1, x2` is
//!   a truncated list, not a literal for x2;
//! - DIMACS-style signed literals, `1 -2 3`: `N` sets xN true and `-N` false, separated by
//!   whitespace or commas, with an optional final `0` (the DIMACS terminator).
//!
//! The form is chosen by the first entry: a digit or a sign before a digit is DIMACS, anything
//! else named entries.
//!
//! **Rejected as unparsable**, with the reason: anything else in the text, a variable outside
//! x1..xN, a variable given twice (the same value or both values), a variable left out (a partial
//! assignment is not an answer even when the clauses it fixes are enough), a negated assignment
//! (`¬x2 = 1`: which value is meant?) and `- x2` with a space (a bullet or a negation?).
//!
//! **Detail.** `{"clauses_satisfied": s, "clauses": m}` for a judged answer. It is not a reward:
//! a uniformly random assignment satisfies 1 − 2^−k of the clauses on average (7/8 for 3-SAT).

use serde_json::json;

use super::SatData;
use verigym_core::extract::extract_agreed_answer;
use verigym_core::normalize::strip_emphasis;
use verigym_core::verdict::{Reason, Verdict};

/// Reads a complete assignment over `variables` variables (bit `v` set: x_{v+1} is true).
pub fn parse_assignment(answer: &str, variables: u32) -> Result<u64, String> {
    let n = variables.min(64);
    let mut set = Assignment::default();
    let text = strip_emphasis(answer);
    let text = text.trim_start();
    let first = strip_list_marker(text.lines().next().unwrap_or(""));
    let first = first.trim_start_matches(is_separator_char);
    let mut chars = first.chars();
    let is_dimacs = match chars.next() {
        Some('0'..='9') => true,
        Some('-' | '+') => chars.next().is_some_and(|c| c.is_ascii_digit()),
        _ => false,
    };
    if is_dimacs {
        dimacs(text, n, &mut set)?;
    } else {
        let mut form = None;
        for line in text.lines() {
            named(strip_list_marker(line), n, &mut set, &mut form)?;
        }
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

fn unreadable(rest: &[u8]) -> String {
    let shown = String::from_utf8_lossy(&rest[..rest.len().min(24)]).into_owned();
    format!("cannot read the assignment at `{shown}`; expected entries like x1=1, x2=0")
}

fn is_separator_char(c: char) -> bool {
    c == ',' || c == ';' || c == '∧' || c == '&' || c.is_whitespace()
}

/// A line's list marker (`1.`, `2)`, `*`, `•`, or `- ` before an assignment) removed.
fn strip_list_marker(line: &str) -> &str {
    let t = line.trim_start();
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0
        && let Some(rest) = t[digits..].strip_prefix(['.', ')'])
        && rest.starts_with(char::is_whitespace)
    {
        return rest;
    }
    if let Some(rest) = t.strip_prefix('•') {
        return rest;
    }
    // `- x2` is a bullet only before an explicit value; as a bare literal it could be a negation.
    if let Some(rest) = t.strip_prefix("- ")
        && rest.contains(['=', ':', '→'])
    {
        return rest;
    }
    t
}

/// The word `w` (ASCII, any case) at the start of `s`, ending at a non-alphanumeric character.
fn word<'s>(s: &'s str, w: &str) -> Option<&'s str> {
    let head = s.get(..w.len())?;
    let rest = &s[w.len()..];
    (head.eq_ignore_ascii_case(w) && !rest.starts_with(|c: char| c.is_alphanumeric()))
        .then_some(rest)
}

fn unreadable_at(rest: &str) -> String {
    let end = rest.char_indices().nth(24).map_or(rest.len(), |(i, _)| i);
    format!(
        "cannot read the assignment at `{}`; expected entries like x1=1, x2=0 or x1, ¬x2",
        &rest[..end]
    )
}

/// Named entries on one line: `x1=1, x2=false; X3 : T`, `x1 ∧ ¬x2`, `NOT x3`.
///
/// `form` records whether the answer is made of assignments (`Some(true)`) or literals: mixing
/// the two (`x1=1, x2=1, x3`) reads as a truncated list, not as a choice for x3.
fn named(line: &str, n: u32, set: &mut Assignment, form: &mut Option<bool>) -> Result<(), String> {
    let mut s = line;
    loop {
        s = s.trim_start_matches(is_separator_char);
        if let Some(rest) = word(s, "and")
            .or_else(|| s.strip_prefix("\\land"))
            .or_else(|| s.strip_prefix("\\wedge"))
        {
            s = rest;
            continue;
        }
        if s.is_empty() {
            return Ok(());
        }
        let entry = s;
        let (negated, rest) = negation(s);
        let rest = rest.ok_or_else(|| unreadable_at(entry))?;
        let (var, rest) = variable(rest).ok_or_else(|| unreadable_at(entry))?;
        let after = rest.trim_start();
        let relation = ["=", ":", "->", "→"]
            .iter()
            .find_map(|r| after.strip_prefix(r))
            .or_else(|| word(after, "is"));
        let (value, rest) = match relation {
            Some(v) => {
                if negated {
                    return Err(format!(
                        "x{var} is negated and given a value; write one or the other"
                    ));
                }
                truth_value(v.trim_start()).ok_or_else(|| unreadable_at(entry))?
            }
            None => (!negated, rest),
        };
        if *form.get_or_insert(relation.is_some()) != relation.is_some() {
            return Err(format!(
                "x{var} is written as a {} among {}; use one form for every variable",
                if relation.is_some() {
                    "value"
                } else {
                    "literal"
                },
                if relation.is_some() {
                    "literals"
                } else {
                    "values"
                },
            ));
        }
        if rest.starts_with(|c: char| !is_separator_char(c)) {
            return Err(unreadable_at(entry));
        }
        set.set(var, value, n)?;
        s = rest;
    }
}

/// A leading negation and the text after it; `(false, Some(s))` when there is none, and
/// `(true, None)` for a `-` set apart from its name by a space (a bullet or a negation?).
fn negation(s: &str) -> (bool, Option<&str>) {
    for mark in ["¬", "~", "!", "\\neg", "\\lnot"] {
        if let Some(rest) = s.strip_prefix(mark) {
            return (true, Some(rest.trim_start()));
        }
    }
    if let Some(rest) = s.strip_prefix('-') {
        return (true, rest.starts_with(['x', 'X']).then_some(rest));
    }
    if let Some(rest) = word(s, "not")
        && rest.starts_with(char::is_whitespace)
    {
        return (true, Some(rest.trim_start()));
    }
    (false, Some(s))
}

/// `xN`, `x_N` or `x_{N}` → (N, rest).
fn variable(s: &str) -> Option<(u64, &str)> {
    let s = s.strip_prefix(['x', 'X'])?;
    let (s, braced) = match s.strip_prefix('_') {
        Some(r) => match r.strip_prefix('{') {
            Some(r) => (r, true),
            None => (r, false),
        },
        None => (s, false),
    };
    let (var, rest) = number(s.as_bytes())?;
    let rest = &s[s.len() - rest.len()..];
    if braced {
        return Some((var, rest.strip_prefix('}')?));
    }
    Some((var, rest))
}

/// `1`/`0`, `true`/`false`, `T`/`F` (any case) → (value, rest).
fn truth_value(s: &str) -> Option<(bool, &str)> {
    let len = s.bytes().take_while(u8::is_ascii_alphanumeric).count();
    let w = &s[..len];
    let is = |v: &str| w.eq_ignore_ascii_case(v);
    let value = if is("1") || is("true") || is("t") {
        true
    } else if is("0") || is("false") || is("f") {
        false
    } else {
        return None;
    };
    Some((value, &s[len..]))
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
pub(super) fn literal_holds(lit: i32, truth: u64) -> bool {
    let v = lit.unsigned_abs();
    (1..=64).contains(&v) && (truth >> (v - 1) & 1 == 1) == (lit > 0)
}

/// Judges a response: a complete assignment that satisfies every clause.
pub fn verify(data: &SatData, response: &str) -> Verdict {
    let answer = match extract_agreed_answer(response, |r| verify(data, r)) {
        Ok(answer) => answer,
        Err(rejection) => return rejection.into(),
    };
    // A table with a header row (`| Variable | Value |`) reads as `name = value` pairs.
    let answer = match crate::forms::table_as_list(&answer, false, ", ", crate::forms::name_value) {
        Some(list) => std::borrow::Cow::Owned(list),
        None => answer,
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
    fn realistic_forms_are_read() {
        for form in [
            "x1, x2, ¬x3",
            "x1 ∧ x2 ∧ ¬x3",
            "x1, x2, ~x3",
            "x1, x2, !x3",
            "x1, x2, -x3",
            "x1 and x2 and NOT x3",
            "x1 = true, x2 = True, x3 = false",
            "x1 = T, x2 = T, x3 = F",
            "x1 is true, x2 is true, x3 is false",
            "- x1 = 1\n- x2 = 1\n- x3 = 0",
            "* x1: 1\n* x2: 1\n* x3: 0",
            "1. x1 = 1\n2. x2 = 1\n3. x3 = 0",
            "**x1** = 1, **x2** = 1, **x3** = 0",
            "x_1 = 1, x_{2} = 1, x_3 = 0",
            "x1 → 1, x2 → 1, x3 → 0",
            "$x_1 \\land x_2 \\land \\neg x_3$",
            "x1=1, x2=1, x3=0.",
            "`x1=1, x2=1, x3=0`",
        ] {
            let v = judge(form);
            assert!(v.correct, "{form}: {v:?}");
        }
    }

    #[test]
    fn near_misses_of_the_realistic_forms_stay_rejected() {
        for form in [
            "x1, x2, ¬x3, x3",
            "x1, x2, ¬x3, ¬x1",
            "x1, x2",
            "x1, x2, ¬x3, x4",
            "x1, x2, ¬x3, y4",
            "¬x1 = 0, x2, ¬x3",
            "x1, x2, - x3",
            "- x1\n- x2\n- x3",
            "x1, x2 or ¬x3",
            "x1 = maybe, x2, ¬x3",
            "x1 = 1, x2, ¬x3",
            "x1, x2, x3 = 0",
            "x1 x2 NOTx3",
            "x1, x2, ¬¬x3",
        ] {
            assert_eq!(judge(form).reason, Reason::UnparsableAnswer, "{form}");
        }
        assert_eq!(judge("x1, ¬x2, ¬x3").reason, Reason::WrongAnswer);
        assert_eq!(judge("¬x1, x2, ¬x3").reason, Reason::WrongAnswer);
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
