//! The `regex_synthesis` verifier: the pattern read from the response, parsed and bounded, then
//! its language over the alphabet compared exactly with the hidden rule's.
//!
//! **Answer form.** The final `<answer>` tag or `\boxed{}` by the shared protocol, or, when the
//! response has neither, its last complete ```` ```regex ```` block. The shared normalisation is
//! not used, because `$`, `\{`, `` ` `` and a trailing `.` are regex syntax; [`normalize_pattern`]
//! removes only what cannot be part of a pattern the prompt asks for: a code fence or code span
//! around the whole answer, `**bold**` around it (no pattern starts with `*`), `/slashes/`
//! around it, one lead-in phrase (`The answer is`), and one final `.` (the prompt says so).
//!
//! **One pattern.** Whitespace anywhere in the pattern is unparsable: no alphabet has a space,
//! so it could only be prose, and `X or W` would otherwise be read as the alternation
//! `X or W`'s dead middle branch and judged on the rest (verbose mode `(?x)` is given up for it).
//!
//! **Limits.** At most [`MAX_PATTERN_CHARS`] characters, nesting at most
//! [`super::nfa::NEST_LIMIT`] deep, at most [`super::nfa::MAX_NFA_STATES`] states once counted
//! repetitions are expanded (counted before anything is built), and the comparison's DFAs capped
//! ([`super::dfa::MAX_DFA_STATES`] states, [`super::dfa::MAX_KEY_ENTRIES`] NFA states in
//! their keys together). A pattern past a limit is [`Reason::Forbidden`]; matching is
//! a set simulation, so no pattern can make it backtrack.

use std::borrow::Cow;

use serde_json::json;

use super::RegexSynthesisData;
use super::dfa::{LazyDfa, difference};
use super::nfa::{self, BuildError, MAX_NFA_STATES, NEST_LIMIT};
use verigym_core::extract::{extract_agreed_answer_with, extract_code_block};
use verigym_core::normalize::strip_lead_in;
use verigym_core::verdict::{Reason, Verdict};

/// The longest pattern read, in characters.
pub const MAX_PATTERN_CHARS: usize = 200;

/// Judges a response.
pub fn verify(data: &RegexSynthesisData, response: &str) -> Verdict {
    let pattern = match extract_agreed_answer_with(response, normalize_pattern, |r| verify(data, r))
    {
        Ok(answer) => answer.into_owned(),
        Err(rejection) if rejection.reason == Reason::NoAnswer => {
            match extract_code_block(response, "regex") {
                Ok(block) => normalize_pattern(&block).into_owned(),
                Err(other) if other.reason != Reason::NoAnswer => return other.into(),
                Err(_) => return rejection.into(),
            }
        }
        Err(rejection) => return rejection.into(),
    };
    judge_pattern(data, &pattern)
}

/// Judges one pattern (already extracted and normalised).
pub fn judge_pattern(data: &RegexSynthesisData, pattern: &str) -> Verdict {
    if pattern.is_empty() {
        return Verdict::rejected(Reason::EmptyAnswer, "the pattern is empty");
    }
    // No alphabet has a space, so whitespace in a pattern is never a letter to match: it is
    // prose, and prose around a second pattern (`X or W`, `X, W`) is a hedge whose dead branches
    // could still leave the right language. One pattern, no spaces (the prompt says so).
    if pattern.contains(char::is_whitespace) {
        return Verdict::rejected(
            Reason::UnparsableAnswer,
            "the pattern holds whitespace: give one pattern alone, without spaces or words",
        );
    }
    let chars = pattern.chars().count();
    if chars > MAX_PATTERN_CHARS {
        return Verdict::rejected(
            Reason::Forbidden,
            format!("the pattern has {chars} characters; at most {MAX_PATTERN_CHARS} are read"),
        );
    }
    let alphabet = data.alphabet.as_bytes();
    let answer = match nfa::compile(pattern, alphabet) {
        Ok(nfa) => nfa,
        Err(BuildError::Syntax(why)) => {
            return Verdict::rejected(
                Reason::UnparsableAnswer,
                format!(
                    "not a pattern in the regex crate's syntax (nesting at most {NEST_LIMIT}): {why}"
                ),
            );
        }
        Err(BuildError::TooLarge) => {
            return Verdict::rejected(
                Reason::Forbidden,
                format!(
                    "the pattern expands past {MAX_NFA_STATES} automaton states (counted repetitions \
                     multiply)"
                ),
            );
        }
    };
    let Ok(target) = nfa::compile(&data.target, alphabet) else {
        return Verdict::rejected(Reason::VerifierError, "the stored rule does not compile");
    };
    let mut answer = LazyDfa::new(&answer, alphabet.len());
    let mut target = LazyDfa::new(&target, alphabet.len());
    let too_complex = || {
        Verdict::rejected(
            Reason::Forbidden,
            "the pattern's automaton grows past the verifier's bound over this alphabet",
        )
    };
    for (strings, want) in [(&data.shown_positive, true), (&data.shown_negative, false)] {
        for text in strings {
            let Some(symbols) = symbols(text, alphabet) else {
                return Verdict::rejected(
                    Reason::VerifierError,
                    "a stored string is off the alphabet",
                );
            };
            match answer.matches(&symbols) {
                Ok(got) if got == want => {}
                Ok(_) => {
                    let (does, rule) = if want {
                        ("does not match", "matches")
                    } else {
                        ("matches", "does not match")
                    };
                    return Verdict::wrong(format!(
                        "the pattern {does} \"{text}\", a shown string the rule {rule}"
                    ))
                    .with_detail(json!({ "string": text, "rule_matches": want, "shown": true }));
                }
                Err(_) => return too_complex(),
            }
        }
    }
    match difference(&mut target, &mut answer) {
        Ok(None) => Verdict::correct(),
        Ok(Some(witness)) => {
            let rule_matches = target.matches(&witness) == Ok(true);
            let text: String = witness
                .iter()
                .map(|&c| char::from(alphabet[c as usize]))
                .collect();
            Verdict::wrong(
                "the pattern agrees with every shown string but its language differs from the \
                 rule's (the shortest string they disagree on is in the detail)",
            )
            .with_detail(json!({ "string": text, "rule_matches": rule_matches, "shown": false }))
        }
        Err(_) => too_complex(),
    }
}

/// A string over the alphabet as symbol indices, or `None` when a character is off it.
pub(super) fn symbols(text: &str, alphabet: &[u8]) -> Option<Vec<u8>> {
    text.bytes()
        .map(|b| alphabet.iter().position(|&a| a == b).map(|i| i as u8))
        .collect()
}

/// Presentation around a pattern removed (see the module notes); never anything inside it.
pub fn normalize_pattern(answer: &str) -> Cow<'_, str> {
    let mut t = answer.trim();
    let (mut lead_in, mut period) = (false, false);
    // Each pass peels at least one wrapper or stops; the cap bounds adversarial nesting.
    for _ in 0..8 {
        let before = t.len();
        if let Some(inner) = peel_fence(t) {
            t = inner.trim();
        }
        if let Some(inner) = peel_code_span(t) {
            t = inner.trim();
        }
        if let Some(inner) = t.strip_prefix("**").and_then(|r| r.strip_suffix("**"))
            && !inner.trim().is_empty()
        {
            t = inner.trim();
        }
        if let Some(inner) = t.strip_prefix('/').and_then(|r| r.strip_suffix('/'))
            && !inner.trim().is_empty()
        {
            t = inner.trim();
        }
        if !lead_in && let Some(rest) = strip_lead_in(t) {
            lead_in = true;
            t = rest.trim();
        }
        if !period
            && let Some(rest) = t.strip_suffix('.')
            && !rest.ends_with('\\')
            && !rest.trim().is_empty()
        {
            period = true;
            t = rest.trim_end();
        }
        if t.len() == before {
            break;
        }
    }
    Cow::Borrowed(t)
}

/// "```lang\n…\n```" → the body, when one fence spans the whole answer.
fn peel_fence(t: &str) -> Option<&str> {
    let body = t.strip_prefix("```")?.strip_suffix("```")?;
    let (first, body) = body.split_once('\n')?;
    let word_only = first
        .trim()
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    (word_only && !body.contains("```")).then_some(body)
}

/// `` `…` `` or ``` ``…`` ``` around the whole answer, with no backtick inside.
fn peel_code_span(t: &str) -> Option<&str> {
    let inner = match t.strip_prefix("``").and_then(|r| r.strip_suffix("``")) {
        Some(inner) => inner,
        None => t.strip_prefix('`')?.strip_suffix('`')?,
    };
    (!inner.contains('`') && !inner.trim().is_empty()).then_some(inner)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presentation_is_peeled_and_the_pattern_kept() {
        for (raw, want) in [
            ("(ab)*", "(ab)*"),
            ("^(ab)*$", "^(ab)*$"),
            ("`(ab)*`", "(ab)*"),
            ("**(ab)*b**", "(ab)*b"),
            ("```regex\n(ab)*\n```", "(ab)*"),
            ("```\n^a+$\n```", "^a+$"),
            ("/a(b|c)*/", "a(b|c)*"),
            ("The answer is (ab)*.", "(ab)*"),
            ("**Final answer:** a+b", "a+b"),
            ("a\\.", "a\\."),
            ("a{2}\\{", "a{2}\\{"),
            ("a..", "a."),
            (".", "."),
            ("``", "``"),
        ] {
            assert_eq!(normalize_pattern(raw), want, "{raw}");
        }
    }
}
