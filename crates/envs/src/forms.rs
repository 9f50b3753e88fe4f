//! Layout pieces shared by the puzzle envs' answer grammars: list markers, Markdown emphasis,
//! Markdown table rows and whole tables with a header row (`header_table`). Each env decides what
//! a line *means*; this module only peels layout off.
//!
//! Every helper here is a pure function of one line and removes only characters that cannot carry
//! an answer's content (a bullet, `**`, a table's pipes), so no helper can turn a wrong answer
//! into a right one.

use std::borrow::Cow;

use verigym_core::normalize;

mod header_table;
pub use header_table::{
    name_value, push_numbered_table, push_pairs_table, single_cell, table_as_list,
};

/// Probe answers of one kind, each with its family name: what the envs' `realistic` helpers
/// return, once for the forms and once for the near misses that guard them.
pub type Forms = Vec<(&'static str, String)>;

/// `line` without a leading bullet (`-`, `*`, `+`, `•`, `·`, `‣`, `◦`) and the whitespace after
/// it. A bullet must be followed by whitespace, so `-2` or `*bold*` keep their first character.
pub fn strip_bullet(line: &str) -> &str {
    let line = line.trim_start();
    let mut chars = line.chars();
    match chars.next() {
        Some('-' | '*' | '+' | '•' | '·' | '‣' | '◦') => {
            let rest = chars.as_str();
            if rest.starts_with(char::is_whitespace) {
                rest.trim_start()
            } else {
                line
            }
        }
        _ => line,
    }
}

/// `line` without a leading enumerator (`1.`, `2)`, `(3)`) and the whitespace after it, if it
/// has one followed by whitespace; `None` otherwise. Callers whose answers start with numbers
/// decide themselves whether the number was an enumerator.
pub fn strip_enumerator(line: &str) -> Option<&str> {
    let line = line.trim_start();
    let (open, body) = match line.strip_prefix('(') {
        Some(rest) => (true, rest),
        None => (false, line),
    };
    let digits = body.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 3 {
        return None;
    }
    let rest = &body[digits..];
    let rest = if open {
        rest.strip_prefix(')')?
    } else {
        rest.strip_prefix(['.', ')'])?
    };
    rest.starts_with(char::is_whitespace)
        .then(|| rest.trim_start())
}

/// `text` without the enumerator of each line, when it has a non-blank line and every one starts with an enumerator (`1.`, `2)`, `(3)`) counting 1, 2, … in order; `None` otherwise.
/// For answers whose items are numbers, where only the order makes `1.` a marker: numbering out
/// of order, or on some lines only, is left for the grammar to refuse.
pub fn strip_numbering(text: &str) -> Option<String> {
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    if lines.is_empty() {
        return None;
    }
    let mut out = Vec::with_capacity(lines.len());
    for (k, line) in lines.iter().enumerate() {
        let rest = strip_enumerator(line)?;
        let number: String = line
            .trim_start()
            .trim_start_matches('(')
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        if number.parse::<usize>().ok()? != k + 1 {
            return None;
        }
        out.push(rest);
    }
    Some(out.join("\n"))
}

/// `line` without a bullet or an enumerator in front.
pub fn strip_list_marker(line: &str) -> &str {
    let line = strip_bullet(line);
    strip_enumerator(line).unwrap_or(line)
}

/// `text` without Markdown emphasis ([`verigym_core::normalize::strip_emphasis`]: every `*`, runs
/// of `_`) and code-span marks (every `` ` ``). None of the puzzle envs uses these characters in
/// an answer's content.
pub fn strip_emphasis(text: &str) -> Cow<'_, str> {
    match normalize::strip_emphasis(text) {
        Cow::Borrowed(t) if !t.contains('`') => Cow::Borrowed(t),
        other => Cow::Owned(other.replace('`', "")),
    }
}

/// The cells of a Markdown table row (`| a | b |`, outer pipes required on the left), trimmed;
/// `None` when the line is not a table row.
pub fn table_cells(line: &str) -> Option<Vec<&str>> {
    let inner = line.trim().strip_prefix('|')?;
    let inner = inner.strip_suffix('|').unwrap_or(inner);
    Some(inner.split('|').map(str::trim).collect())
}

/// Whether table cells form a header separator row: every cell `---`, `:--`, `--:` or `:-:`.
pub fn is_separator_row(cells: &[&str]) -> bool {
    !cells.is_empty()
        && cells.iter().all(|c| {
            let c = c.strip_prefix(':').unwrap_or(c);
            let c = c.strip_suffix(':').unwrap_or(c);
            !c.is_empty() && c.bytes().all(|b| b == b'-')
        })
}

/// `text` without a short label in front: one or two words of at least two ASCII letters each,
/// then a colon and whitespace or the end of the line (`Moves: RRDD`, `Final plan:` on its own
/// line, `Output:\n7, 4`). `is_content` says whether a word could be part of the answer itself
/// (a move word, a verb): a label holding such a word is not peeled, so it is never silently
/// dropped. A number, a single letter (a peg, a jug, a variable) or a third word means no label,
/// and `text` is returned unchanged; only one label, at the very start, is ever peeled.
pub fn strip_label(text: &str, is_content: impl Fn(&str) -> bool) -> &str {
    let body = text.trim_start();
    let mut rest = body;
    for word_no in 0..2 {
        let len = rest.bytes().take_while(u8::is_ascii_alphabetic).count();
        if len < 2 || is_content(&rest[..len]) {
            return text;
        }
        rest = &rest[len..];
        let after_space = rest.trim_start_matches([' ', '\t']);
        if let Some(after) = after_space.strip_prefix(':') {
            return if after.is_empty() || after.starts_with(char::is_whitespace) {
                after.trim_start()
            } else {
                text
            };
        }
        if word_no == 1 || after_space.len() == rest.len() {
            return text;
        }
        rest = after_space;
    }
    text
}

/// `text` without one trailing sentence mark (`.`, `!`) and the whitespace before it.
pub fn strip_full_stop(text: &str) -> &str {
    let t = text.trim_end();
    t.strip_suffix(['.', '!']).unwrap_or(t).trim_end()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_are_peeled_only_when_followed_by_space() {
        assert_eq!(strip_bullet("- Alice: knight"), "Alice: knight");
        assert_eq!(strip_bullet("• Alice"), "Alice");
        assert_eq!(strip_bullet("-2"), "-2");
        assert_eq!(strip_bullet("**Alice**"), "**Alice**");
        assert_eq!(strip_enumerator("1. Alice"), Some("Alice"));
        assert_eq!(strip_enumerator("(2) Bob"), Some("Bob"));
        assert_eq!(strip_enumerator("3) Carol"), Some("Carol"));
        assert_eq!(strip_enumerator("1: 2"), None);
        assert_eq!(strip_enumerator("1.5"), None);
        assert_eq!(strip_list_marker("  - 2. x"), "x");
        assert_eq!(
            strip_numbering("1. 7\n2) 2\n\n(3) 7"),
            Some("7\n2\n7".into())
        );
        assert_eq!(strip_numbering("1. 7"), Some("7".into()));
        assert_eq!(strip_numbering("2. 7"), None);
        assert_eq!(strip_numbering(""), None);
        assert_eq!(strip_numbering("2. 7\n1. 2"), None);
        assert_eq!(strip_numbering("1. 7\n2"), None);
        assert_eq!(strip_numbering("1. 7\n1. 2"), None);
    }

    #[test]
    fn tables_and_emphasis() {
        assert_eq!(table_cells("| 1 | red |"), Some(vec!["1", "red"]));
        assert_eq!(table_cells("|a|b"), Some(vec!["a", "b"]));
        assert_eq!(table_cells("a | b"), None);
        assert!(is_separator_row(&["---", ":-:", "--:"]));
        assert!(!is_separator_row(&["---", "x"]));
        assert!(!is_separator_row(&[""]));
        assert_eq!(strip_emphasis("**Alice**: `knight`"), "Alice: knight");
        assert_eq!(strip_emphasis("__Bob__"), "Bob");
        assert_eq!(strip_full_stop("knave. "), "knave");
    }

    #[test]
    fn a_short_label_is_peeled_once_unless_it_could_be_content() {
        let none = |_: &str| false;
        assert_eq!(strip_label("Moves: RRDD", none), "RRDD");
        assert_eq!(strip_label("  Final plan:\nfill A", none), "fill A");
        assert_eq!(strip_label("Output:", none), "");
        assert_eq!(strip_label("Plan : fill A", none), "fill A");
        // Only the first label goes.
        assert_eq!(strip_label("Path: Moves: RRDD", none), "Moves: RRDD");
        // Not labels: three words, a single letter, a number, no space after the colon.
        assert_eq!(strip_label("My final plan: x", none), "My final plan: x");
        assert_eq!(strip_label("a: 7, 2", none), "a: 7, 2");
        assert_eq!(strip_label("Fill A: (3, 0)", none), "Fill A: (3, 0)");
        assert_eq!(strip_label("Step 1: x", none), "Step 1: x");
        assert_eq!(strip_label("Moves:RRDD", none), "Moves:RRDD");
        assert_eq!(strip_label("Moves RRDD", none), "Moves RRDD");
        assert_eq!(strip_label("é: x", none), "é: x");
        // A word the answer could mean is never dropped as a label.
        let moves = |w: &str| w.eq_ignore_ascii_case("down");
        assert_eq!(strip_label("Down: RRDD", moves), "Down: RRDD");
        assert_eq!(strip_label("Go down: RRDD", moves), "Go down: RRDD");
    }
}
