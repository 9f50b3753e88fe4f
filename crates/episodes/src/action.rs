//! Reading one turn of a natively interactive episode: a query, a final answer, or neither.
//!
//! A query is `<query>…</query>`; a final answer uses the shared answer protocol (`<answer>` or
//! `\boxed{}`), judged by the env's own verifier. Text inside `<think>` blocks is never read, so
//! a model can reason about a query without issuing it.

use std::borrow::Cow;

use verigym_core::extract::{MAX_RESPONSE_BYTES, extract_answer};
use verigym_core::verdict::Reason;

/// What one turn asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Turn<'a> {
    /// A query, with the text between its tags trimmed.
    Query(Cow<'a, str>),
    /// A final answer (or a broken attempt at one): the whole turn goes to the verifier.
    Answer,
    /// Not a usable turn; the message says why. The turn is spent and the episode goes on.
    Invalid(&'static str),
}

const OPEN: &str = "<query>";
const CLOSE: &str = "</query>";

/// Classifies a turn. A turn holding both a query and an answer marker is invalid: acting and
/// answering at once would let a policy hedge.
pub fn read_turn(turn: &str) -> Turn<'_> {
    if turn.len() > MAX_RESPONSE_BYTES {
        return Turn::Invalid("the turn is longer than 1 MiB; nothing was read");
    }
    let lower = turn.to_ascii_lowercase();
    // The full answer extraction runs only when a marker could be there: most turns are queries.
    let has_answer = (lower.contains("<answer") || lower.contains("\\boxed"))
        && !matches!(
            extract_answer(turn),
            Err(ref r) if matches!(r.reason, Reason::NoAnswer | Reason::AnswerOnlyInThink)
        );
    let outside = if lower.contains("<think") {
        outside_think(turn, &lower)
    } else {
        turn.to_string()
    };
    let query = queries(&outside);
    match (query, has_answer) {
        (Queries::None, true) => Turn::Answer,
        (Queries::None, false) => Turn::Invalid(
            "no action: ask with <query>…</query> or answer with <answer>…</answer>, outside any think block",
        ),
        (_, true) => Turn::Invalid("a turn is either a query or a final answer, not both"),
        (Queries::Broken, false) => {
            Turn::Invalid("a <query> tag is unclosed, nested or empty; write one <query>…</query>")
        }
        (Queries::Conflicting, false) => {
            Turn::Invalid("several different queries in one turn; ask one at a time")
        }
        (Queries::One(q), false) => Turn::Query(Cow::Owned(q)),
    }
}

enum Queries {
    None,
    One(String),
    Conflicting,
    Broken,
}

/// The turn with every `<think>…</think>` span removed (an unclosed one runs to the end).
fn outside_think(turn: &str, lower: &str) -> String {
    let mut out = String::with_capacity(turn.len());
    let mut at = 0;
    while let Some(open) = lower[at..].find("<think>") {
        out.push_str(&turn[at..at + open]);
        match lower[at + open..].find("</think>") {
            Some(close) => at = at + open + close + "</think>".len(),
            None => return out,
        }
    }
    out.push_str(&turn[at..]);
    out
}

fn queries(text: &str) -> Queries {
    let lower = text.to_ascii_lowercase();
    let mut found: Option<String> = None;
    let mut at = 0;
    while let Some(open) = lower[at..].find(OPEN) {
        let start = at + open + OPEN.len();
        let Some(len) = lower[start..].find(CLOSE) else {
            return Queries::Broken;
        };
        let inner = &text[start..start + len];
        if inner.to_ascii_lowercase().contains(OPEN) {
            return Queries::Broken;
        }
        let inner = inner.trim();
        if inner.is_empty() {
            return Queries::Broken;
        }
        match &found {
            Some(q) if q != inner => return Queries::Conflicting,
            _ => found = Some(inner.to_string()),
        }
        at = start + len + CLOSE.len();
    }
    if lower[at..].contains(CLOSE) && found.is_none() {
        return Queries::Broken;
    }
    match found {
        Some(q) => Queries::One(q),
        None => Queries::None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queries_answers_and_everything_else() {
        assert_eq!(
            read_turn("I will weigh. <query>1 2 vs 3 4</query>"),
            Turn::Query(Cow::Borrowed("1 2 vs 3 4"))
        );
        assert_eq!(read_turn("<QUERY> x </Query>"), Turn::Query("x".into()));
        assert_eq!(
            read_turn("<query>a</query><query>a</query>"),
            Turn::Query("a".into())
        );
        assert_eq!(read_turn("so <answer>7</answer>"), Turn::Answer);
        assert_eq!(read_turn(r"\boxed{7}"), Turn::Answer);
        // A broken answer is still an answer attempt: the verifier names what is wrong.
        assert_eq!(
            read_turn("<answer>1</answer><answer>2</answer>"),
            Turn::Answer
        );
        // A truncated one (an unclosed tag at the end) is no action at all.
        assert!(matches!(read_turn("<answer>7"), Turn::Invalid(_)));
        for invalid in [
            "",
            "just text",
            "<think><query>1</query></think>",
            "<think><answer>7</answer></think>",
            "<query>1</query><answer>7</answer>",
            "<query>1</query><query>2</query>",
            "<query>1",
            "<query></query>",
            "<query><query>1</query></query>",
            "stray </query>",
        ] {
            assert!(
                matches!(read_turn(invalid), Turn::Invalid(_)),
                "{invalid:?} read as {:?}",
                read_turn(invalid)
            );
        }
        let huge = "<query>1</query>".repeat(MAX_RESPONSE_BYTES / 8);
        assert!(matches!(read_turn(&huge), Turn::Invalid(_)));
    }

    #[test]
    fn a_query_after_a_closed_think_counts() {
        assert_eq!(
            read_turn("<think>maybe <query>9</query></think><query>1</query>"),
            Turn::Query("1".into())
        );
        assert!(matches!(
            read_turn("<think>unclosed <query>1</query>"),
            Turn::Invalid(_)
        ));
    }
}
