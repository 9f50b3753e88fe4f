//! The layout of a plan answer, shared by the planning envs (`water_jugs`, `hanoi`, `maze`): the
//! answer split into one entry per move, with list layout peeled. Each env decides what an entry
//! *means*; this module only removes characters that cannot carry a move.
//!
//! Rules, in order: Markdown emphasis and code marks and every `"`/`'` are dropped; one short
//! label in front of the whole answer (`Moves:`, `Plan:`, `Final path:`: see
//! [`forms::strip_label`]; each env names the words that could be moves, which never make a
//! label) is peeled; one pair of brackets (`[…]` or `{…}`) around the whole answer is peeled; the
//! answer is split into entries at new lines, `;` and `,` outside parentheses and brackets (so
//! `(1, 3)` stays one entry); then each entry loses a bullet, an enumerator (`1.`, `2)`), a
//! `Step N:` / `Move N:` label (`:`, `.` or `)` after the number) and a final full stop. Blank
//! entries are skipped. The last entry of several may start with the word `and` (an Oxford comma:
//! `fill A, pour A B, and empty B`), which is dropped; `and` at the start of any other entry is
//! left for the env to refuse.

use std::borrow::Cow;

use crate::forms;
use verigym_core::verdict::{Reason, Verdict};

/// `answer` without emphasis, code marks and quotes, without a short label in front (none whose
/// words `is_move_word` claims), and without one pair of outer brackets.
pub fn clean(answer: &str, is_move_word: impl Fn(&str) -> bool) -> Cow<'_, str> {
    let text = forms::strip_emphasis(answer);
    let text = if text.contains(['"', '\'']) {
        Cow::Owned(text.replace(['"', '\''], ""))
    } else {
        text
    };
    let unlabelled = forms::strip_label(&text, is_move_word).trim();
    let peeled = ['[', '{']
        .iter()
        .zip([']', '}'])
        .find_map(|(&open, close)| {
            let inner = unlabelled.strip_prefix(open)?.strip_suffix(close)?;
            // `[1, 2], [3, 4]` is two bracketed entries, not one list.
            balanced(inner).then_some(inner)
        })
        .unwrap_or(unlabelled);
    if peeled.len() == text.len() {
        text
    } else {
        Cow::Owned(peeled.to_owned())
    }
}

/// Whether every bracket and parenthesis in `text` closes in order, never dipping below zero.
fn balanced(text: &str) -> bool {
    let mut depth = 0i64;
    for b in text.bytes() {
        match b {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => {
                depth -= 1;
                if depth < 0 {
                    return false;
                }
            }
            _ => {}
        }
    }
    depth == 0
}

/// The move entries of a cleaned answer, layout peeled, blank entries skipped.
pub fn entries(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut depth = 0i64;
    let mut start = 0;
    let bytes = text.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth -= 1,
            b'\n' | b';' => {
                push_entry(&text[start..i], &mut out);
                start = i + 1;
                depth = 0;
            }
            b',' if depth <= 0 => {
                push_entry(&text[start..i], &mut out);
                start = i + 1;
            }
            _ => {}
        }
    }
    push_entry(&text[start..], &mut out);
    // An Oxford comma: `…, pour A B, and empty B`.
    if out.len() > 1
        && let Some(last) = out.last_mut()
        && let Some(head) = last.get(..4)
        && head.eq_ignore_ascii_case("and ")
    {
        *last = last[4..].trim_start();
    }
    out
}

fn push_entry<'a>(entry: &'a str, out: &mut Vec<&'a str>) {
    let entry = forms::strip_bullet(entry.trim());
    let entry = forms::strip_enumerator(entry).unwrap_or(entry);
    let entry = strip_step_label(entry);
    let entry = forms::strip_full_stop(entry).trim();
    if !entry.is_empty() {
        out.push(entry);
    }
}

/// `Step 3: fill A` → `fill A`; also `Move 3.`, `step 3)`, in any case.
fn strip_step_label(entry: &str) -> &str {
    let lower_starts = |word: &str| {
        entry
            .get(..word.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(word))
    };
    let Some(word) = ["step", "move"].into_iter().find(|w| lower_starts(w)) else {
        return entry;
    };
    let rest = entry[word.len()..].trim_start();
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return entry;
    }
    match rest[digits..].trim_start().strip_prefix([':', '.', ')']) {
        Some(after) => after.trim_start(),
        None => entry,
    }
}

/// The verdict on a plan that reaches the goal in `used` moves against the recorded `optimal`:
/// right at exactly the optimum; a longer plan is wrong, worded `"{longer}: {used} moves, and the
/// fewest is {optimal}"`; a shorter one refutes the record (`"malformed record: optimal is
/// {optimal}, but {shorter()}"`, built only then), the verifier's fault, never the answer's.
pub(crate) fn against_optimum(
    used: u64,
    optimal: u64,
    longer: &str,
    shorter: impl FnOnce() -> String,
) -> Verdict {
    use std::cmp::Ordering;
    match used.cmp(&optimal) {
        Ordering::Greater => Verdict::wrong(format!(
            "{longer}: {used} moves, and the fewest is {optimal}"
        )),
        Ordering::Less => Verdict::rejected(
            Reason::VerifierError,
            format!("malformed record: optimal is {optimal}, but {}", shorter()),
        ),
        Ordering::Equal => Verdict::correct(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(answer: &str) -> Vec<String> {
        let cleaned = clean(answer, |w| w.eq_ignore_ascii_case("fill"));
        entries(&cleaned).into_iter().map(str::to_owned).collect()
    }

    #[test]
    fn entries_are_split_and_peeled() {
        assert_eq!(split("fill A, pour A B"), ["fill A", "pour A B"]);
        assert_eq!(
            split("1. **fill A**\n2. `pour A B`.\n\n"),
            ["fill A", "pour A B"]
        );
        assert_eq!(
            split("Step 1: fill A; step 2) pour A B; Move 3. empty B"),
            ["fill A", "pour A B", "empty B"]
        );
        assert_eq!(split("[(1, 3), (1, 2)]"), ["(1, 3)", "(1, 2)"]);
        assert_eq!(split("[\"fill A\", 'empty B']"), ["fill A", "empty B"]);
        assert_eq!(split("[1, 2], [3, 4]"), ["[1, 2]", "[3, 4]"]);
        assert_eq!(split("- R\n- D"), ["R", "D"]);
        // A move word without a number is content, not a label.
        assert_eq!(split("move 1 to 3"), ["move 1 to 3"]);
        assert_eq!(split(", ,\n;"), Vec::<String>::new());
        // A multi-byte character where a label would end is not a label (and no panic).
        assert_eq!(split("A → B, é→"), ["A → B", "é→"]);
    }

    #[test]
    fn a_label_and_an_oxford_and_are_peeled() {
        assert_eq!(split("Plan: fill A, pour A B"), ["fill A", "pour A B"]);
        assert_eq!(split("**Moves:**\n[R, D]"), ["R", "D"]);
        assert_eq!(
            split("Final plan:\n1. fill A\n2. pour A B"),
            ["fill A", "pour A B"]
        );
        assert_eq!(
            split("fill A, pour A B, and empty B"),
            ["fill A", "pour A B", "empty B"]
        );
        assert_eq!(
            split("fill A, pour A B, AND empty B"),
            ["fill A", "pour A B", "empty B"]
        );
        // A move word is never a label; the colon stays for the env to refuse.
        assert_eq!(split("Fill A: pour A B"), ["Fill A: pour A B"]);
        assert_eq!(split("fill: A"), ["fill: A"]);
        // Only one label, only in front; `and` only before the last of several entries.
        assert_eq!(
            split("Plan: fill A\nPlan: empty A"),
            ["fill A", "Plan: empty A"]
        );
        assert_eq!(
            split("fill A, and pour A B, empty B"),
            ["fill A", "and pour A B", "empty B"]
        );
        assert_eq!(split("and fill A"), ["and fill A"]);
        assert_eq!(split("fill A, and"), ["fill A", "and"]);
        assert_eq!(split("fill A, andy B"), ["fill A", "andy B"]);
    }
}
