//! Rule 5 of the normalisation: a fixed lead-in sentence before the answer ("The answer is",
//! "**Final answer:**", "Completed grid:") is peeled once, so the rest must be the answer alone.
//!
//! Only the exact phrases below are read, never "any words before a number": what follows the
//! phrase still goes through the env's whole grammar, so "The answer is 42, not 43" or "The
//! answer is probably 42" stay unparsable, and a second sentence after the value stays in the
//! answer and fails it.

/// The phrases, lowercase. A phrase ending in a word may be followed by `:`; every phrase must be
/// followed by whitespace or the end of the answer. Longer phrases come before their prefixes.
const LEAD_INS: [&str; 34] = [
    "the final answer is",
    "the answer is",
    "final answer:",
    "answer:",
    "the result is",
    "the value is",
    "the final value is",
    "the solution is",
    "solution:",
    "the output is",
    "output:",
    "the program prints",
    "the coloring is",
    "the colouring is",
    "the satisfying assignment is",
    "the assignment is",
    "the shortest path is",
    "the path is",
    "the plan is",
    "the shortest plan is",
    "the order is",
    "a valid order is",
    "the expression is",
    "the chosen items are",
    "the items are",
    "the completed grid is",
    "the solved grid is",
    "the grid is",
    "completed grid:",
    "solved grid:",
    "final grid:",
    "the completed puzzle is",
    "the roles are",
    "the digits are",
];

/// Markdown emphasis a lead-in may be written in (`**Answer:**`), tried longest first.
const EMPHASIS: [&str; 4] = ["**", "__", "*", "_"];

/// `text` without a lead-in phrase at its start (see the module notes), or `None` when it has
/// none. The rest is never empty: a lead-in alone is no answer, and is left for the grammar to
/// refuse as it stands.
pub(super) fn strip_lead_in(text: &str) -> Option<&str> {
    let (mark, body) = EMPHASIS
        .iter()
        .find_map(|m| text.strip_prefix(m).map(|rest| (*m, rest)))
        .unwrap_or(("", text));
    let phrase = LEAD_INS.iter().find(|p| {
        body.get(..p.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(p))
    })?;
    let mut rest = &body[phrase.len()..];
    if !phrase.ends_with(':') {
        rest = rest.strip_prefix(':').unwrap_or(rest);
    }
    if !mark.is_empty() {
        // `**Answer:**`: the emphasis closes right after the phrase, or it is not a lead-in.
        rest = rest.strip_prefix(mark)?;
    }
    if !rest.is_empty() && !rest.starts_with(char::is_whitespace) {
        return None;
    }
    let rest = rest.trim_start();
    (!rest.is_empty()).then_some(rest)
}

/// Whether `text` may start with a lead-in: a cheap test for the borrowed fast path.
pub(super) fn may_have_lead_in(text: &str) -> bool {
    text.starts_with(|c: char| {
        matches!(
            c.to_ascii_lowercase(),
            't' | 'a' | 'f' | 's' | 'o' | '*' | '_' | 'c'
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_phrases_are_peeled_once() {
        assert_eq!(strip_lead_in("The answer is 42"), Some("42"));
        assert_eq!(strip_lead_in("the final answer is: 42"), Some("42"));
        assert_eq!(strip_lead_in("**Answer:** 42"), Some("42"));
        assert_eq!(strip_lead_in("**Final answer:**\n42"), Some("42"));
        assert_eq!(strip_lead_in("Completed grid:\n1 2\n2 1"), Some("1 2\n2 1"));
        assert_eq!(
            strip_lead_in("The answer is the answer is 42"),
            Some("the answer is 42")
        );
        // The rest is the env's to judge, hedges and all.
        assert_eq!(
            strip_lead_in("The answer is 42, not 43"),
            Some("42, not 43")
        );
    }

    #[test]
    fn other_text_is_no_lead_in() {
        for text in [
            "42",
            "The answer is",
            "The answer is:",
            "The answers is 42",
            "The answer isn't 42",
            "Answer:42",
            "**Answer: 42**",
            "I think the answer is 42",
            "answered: 42",
            "The answer was 42",
            "é",
            "",
        ] {
            assert_eq!(strip_lead_in(text), None, "{text:?}");
        }
    }
}
