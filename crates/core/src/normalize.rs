//! The normalisation layer: the presentation a careful grader reads through, removed from an
//! extracted answer before any env's grammar parses it.
//!
//! Every rule removes *presentation only*; none may turn a wrong or incomplete answer into a right
//! one, nor change what an arithmetic expression means. The rules, in the order they apply:
//!
//! 1. **Tags** (applied by [`crate::extract`] to the whole response): `<answer>`, `</answer>`,
//!    `<think>` and `</think>` are recognised in any ASCII case (`<Answer>`, `<ANSWER>`).
//! 2. **Whole-answer wrappers** are peeled, repeatedly, when one wraps the entire answer: a code
//!    fence (a first line "```" with an optional language word, a last line "```"), Markdown
//!    emphasis `**…**`, `__…__`, `*…*`, `_…_`, a code span `` `…` ``, math `$$…$$`, `$…$`,
//!    `\(…\)`, `\[…\]`. A delimiter is peeled only when it cannot also occur inside; for `*` and
//!    `_` that is CommonMark's flanking rule (`*3 * 4*` is the italic `3 * 4`, `*3*4*` keeps its
//!    stars), so a wrapper can never swallow an operator.
//! 3. **Meaningless marks inside** are dropped: every backtick and every `$` becomes a space (no
//!    answer grammar gives them a meaning, and a space keeps `8`6` from reading as 86), and
//!    `\text{X}`, `\textbf{X}`, `\mathrm{X}`, `\mathbf{X}` become `X` wherever their braces are
//!    balanced.
//! 3b. **Spacing and LaTeX symbols** are read as what they print: a no-break, figure, thin or
//!    narrow no-break space (U+00A0, U+2007, U+2009, U+202F) and the LaTeX spacing commands `\,`
//!    `\;` `\:` `\!` `\ ` `\quad` `\qquad` become a space (never nothing, so digits are not
//!    joined); `\to`, `\rightarrow`, `\longrightarrow`, `\Rightarrow` become `→` (a command
//!    name only when no letter follows, so `\top` stays); `\{` and `\}` become `{` and `}`. An
//!    arrow or a brace then means whatever it means in the env's grammar, as if typed directly.
//! 3c. **A LaTeX matrix** that is the whole answer (`bmatrix`, `pmatrix`, `array`, …) reads as
//!    its rows (`normalize/matrix.rs`), before rule 3b could read its `\\` as a space.
//! 4. **Trailing sentence punctuation** is dropped: a final `.`, `,`, `;` or `。` (repeatedly,
//!    with the whitespace around it). `!` is kept: in an expression it could be a factorial.
//! 5. **A lead-in** in front of the answer, one of a fixed list of phrases (`The answer is`,
//!    `**Final answer:**`, `Completed grid:`), is peeled once (`normalize/lead_in.rs`); the rest
//!    must still be the whole answer in the env's grammar, so a hedge after it stays unparsable.
//!
//! Inline Markdown emphasis (`**Alice**: knight`) is *not* a universal rule, because countdown
//! writes multiplication as `*`. Grammars in which `*` carries no meaning remove it with
//! [`strip_emphasis`]. Operator and value spellings (`×`, `¬`, `true`) belong to each env's
//! grammar, not here.
//!
//! Each rule is one forward scan, so normalisation stays linear in the answer's length, and an
//! answer with none of the marks (`86`) is returned borrowed, without a copy.

use std::borrow::Cow;

mod lead_in;
mod matrix;

/// The LaTeX commands whose argument is plain text: `\text{X}` reads as `X`.
const TEXT_COMMANDS: [&str; 4] = ["\\text{", "\\textbf{", "\\mathrm{", "\\mathbf{"];

/// Paired whole-answer delimiters, longest first so `**` is tried before `*`.
const WRAPPERS: [(&str, &str); 10] = [
    ("**", "**"),
    ("__", "__"),
    ("$$", "$$"),
    ("``", "``"),
    ("\\(", "\\)"),
    ("\\[", "\\]"),
    ("*", "*"),
    ("_", "_"),
    ("`", "`"),
    ("$", "$"),
];

/// Rule 5 alone: the text after one of the fixed lead-in phrases (`The answer is`, `**Final
/// answer:**`), or `None` when it starts with none. For an env with its own normalisation
/// ([`crate::extract::extract_agreed_answer_with`]) that still reads the shared lead-ins.
pub fn strip_lead_in(text: &str) -> Option<&str> {
    lead_in::strip_lead_in(text)
}

/// Applies rules 2 to 4 to an extracted answer (see the module docs). The result is trimmed.
pub fn normalize_answer(answer: &str) -> Cow<'_, str> {
    let trimmed = answer.trim();
    if !needs_work(trimmed) {
        return Cow::Borrowed(trimmed);
    }
    let mut text = Cow::Borrowed(trimmed);
    let mut lead_in_peeled = false;
    // A pass only shrinks the text, and a delimiter once peeled cannot occur inside again, so a
    // few passes reach the fixed point; the cap keeps the work linear on any input.
    for _ in 0..MAX_PASSES {
        let before = text.len();
        text = map_cow(text, peel_wrappers);
        if !lead_in_peeled && let Some(rest) = lead_in::strip_lead_in(&text) {
            lead_in_peeled = true;
            text = Cow::Owned(rest.to_owned());
        }
        // Before rule 3b, which would read the matrix's `\\ ` as a LaTeX space.
        if let Some(rows) = matrix::matrix_rows(&text) {
            text = Cow::Owned(rows);
        }
        text = map_cow(text, read_spacing_and_symbols);
        text = map_cow(text, drop_inner_marks);
        text = map_cow(text, strip_trailing_punctuation);
        if text.len() == before {
            break;
        }
    }
    text
}

/// More passes than wrapper kinds: every kind can be peeled at most once.
const MAX_PASSES: usize = WRAPPERS.len() + 4;

/// Whether any rule could apply: a scan for the few bytes that start a mark.
fn needs_work(text: &str) -> bool {
    text.bytes()
        .any(|b| matches!(b, b'`' | b'*' | b'_' | b'$' | b'\\') || b >= 0x80)
        || ends_with_punctuation(text)
        || (lead_in::may_have_lead_in(text) && lead_in::strip_lead_in(text).is_some())
}

/// Unicode spaces that print as a plain space (rule 3b).
const WIDE_SPACES: [char; 4] = ['\u{a0}', '\u{2007}', '\u{2009}', '\u{202f}'];

/// LaTeX commands that print a space, a brace or an arrow (rule 3b): (command, replacement,
/// whether it is a word that a following letter would continue).
const LATEX_SYMBOLS: [(&str, &str, bool); 13] = [
    ("\\qquad", " ", true),
    ("\\quad", " ", true),
    ("\\longrightarrow", "→", true),
    ("\\rightarrow", "→", true),
    ("\\Rightarrow", "→", true),
    ("\\to", "→", true),
    ("\\,", " ", false),
    ("\\;", " ", false),
    ("\\:", " ", false),
    ("\\!", " ", false),
    ("\\ ", " ", false),
    ("\\{", "{", false),
    ("\\}", "}", false),
];

/// Rule 3b: wide Unicode spaces and LaTeX spacing, arrow and brace commands, in one forward scan.
fn read_spacing_and_symbols(text: &str) -> Cow<'_, str> {
    if !text.contains('\\') && !text.contains(WIDE_SPACES) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    'scan: while let Some(c) = rest.chars().next() {
        if WIDE_SPACES.contains(&c) {
            out.push(' ');
            rest = &rest[c.len_utf8()..];
            continue;
        }
        if c == '\\' {
            for (command, replacement, word) in LATEX_SYMBOLS {
                if let Some(after) = rest.strip_prefix(command)
                    && !(word && after.starts_with(|n: char| n.is_ascii_alphabetic()))
                {
                    out.push_str(replacement);
                    rest = after;
                    continue 'scan;
                }
            }
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    Cow::Owned(out)
}

fn map_cow<'a>(text: Cow<'a, str>, f: impl Fn(&str) -> Cow<'_, str>) -> Cow<'a, str> {
    match text {
        Cow::Borrowed(t) => f(t),
        Cow::Owned(t) => Cow::Owned(f(&t).into_owned()),
    }
}

/// Rule 2: peels whole-answer wrappers until none is left.
fn peel_wrappers(text: &str) -> Cow<'_, str> {
    let mut t = text.trim();
    // Real answers nest two or three wrappers; the cap keeps adversarial nesting linear.
    for _ in 0..MAX_PASSES {
        // `\text{…}` around the whole answer needs no peeling: rule 3 unwraps it anywhere.
        match peel_fence(t).or_else(|| peel_delimiters(t)) {
            Some(inner) => t = inner.trim(),
            None => break,
        }
    }
    Cow::Borrowed(t)
}

/// "```lang\n…\n```" → the body, when the fence spans the whole answer.
fn peel_fence(t: &str) -> Option<&str> {
    let rest = t.strip_prefix("```")?;
    let body = rest.strip_suffix("```")?;
    let (first, body) = body.split_once('\n')?;
    // The opening line holds at most a language word.
    if !first
        .trim()
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-' || b == b'+')
    {
        return None;
    }
    // A fence inside the body means two blocks, not one wrapper.
    if body.contains("```") {
        return None;
    }
    Some(body)
}

/// `**x**`, `*x*`, `` `x` ``, `$x$`, … → `x`, when the closing delimiter cannot occur inside.
///
/// For `*` and `_` this follows CommonMark's flanking rule: the opening mark must touch the text
/// after it and the closing mark the text before it, and a mark inside counts only when it could
/// close emphasis, that is, when it does not have whitespace on both sides. So `*3 * 4*` is the
/// italic expression `3 * 4`, while `*3*4*` (which Markdown does not read as one emphasis) stays.
fn peel_delimiters(t: &str) -> Option<&str> {
    WRAPPERS.iter().find_map(|&(open, close)| {
        let inner = t.strip_prefix(open)?.strip_suffix(close)?;
        if t.len() < open.len() + close.len() {
            return None;
        }
        let emphasis = open == "*" || open == "_";
        if emphasis {
            let flanked =
                !inner.starts_with(char::is_whitespace) && !inner.ends_with(char::is_whitespace);
            let spaced_only = inner.match_indices(close).all(|(i, _)| {
                let before = inner[..i].chars().next_back();
                let after = inner[i + close.len()..].chars().next();
                before.is_some_and(char::is_whitespace) && after.is_some_and(char::is_whitespace)
            });
            return (flanked && spaced_only).then_some(inner);
        }
        (!inner.contains(close)).then_some(inner)
    })
}

/// Rule 3: drops backticks and `$`, and unwraps balanced `\text{…}`-like commands, in one pass
/// plus a brace-matching pass (a stack, so nesting stays linear).
fn drop_inner_marks(text: &str) -> Cow<'_, str> {
    let has_command = text.contains('\\') && TEXT_COMMANDS.iter().any(|c| text.contains(c));
    if !has_command && !text.bytes().any(|b| b == b'`' || b == b'$') {
        return Cow::Borrowed(text);
    }
    // Byte positions to leave out: a command's opening (name and brace) and its closing brace.
    let mut skip = vec![false; text.len()];
    if has_command {
        let bytes = text.as_bytes();
        // Each open brace: the span of its `\command{` when it opens a text command.
        let mut stack: Vec<Option<(usize, usize)>> = Vec::new();
        for (i, &b) in bytes.iter().enumerate() {
            match b {
                b'{' => {
                    let command = TEXT_COMMANDS
                        .iter()
                        .find(|c| text[..=i].ends_with(*c))
                        .map(|c| (i + 1 - c.len(), i));
                    stack.push(command);
                }
                b'}' => {
                    if let Some(Some((start, open))) = stack.pop() {
                        skip[start..=open].fill(true);
                        skip[i] = true;
                    }
                }
                _ => {}
            }
        }
    }
    let mut out = String::with_capacity(text.len());
    for (i, c) in text.char_indices() {
        match c {
            // A space, not nothing: `8`6` must not read as 86.
            '`' | '$' => out.push(' '),
            _ if skip[i] => {}
            _ => out.push(c),
        }
    }
    Cow::Owned(out)
}

fn ends_with_punctuation(text: &str) -> bool {
    text.trim_end().ends_with(TRAILING)
}

/// The sentence punctuation rule 4 drops at the end of an answer.
const TRAILING: [char; 4] = ['.', ',', ';', '。'];

/// Rule 4: drops trailing sentence punctuation.
fn strip_trailing_punctuation(text: &str) -> Cow<'_, str> {
    Cow::Borrowed(
        text.trim_end()
            .trim_end_matches(|c: char| TRAILING.contains(&c) || c.is_whitespace()),
    )
}

/// Removes Markdown emphasis marks anywhere in `text`: every `*` and every run of two or more
/// `_`. For grammars in which `*` means nothing (names, digits, literals); never for arithmetic.
/// A single `_` is kept, since it can be part of a name.
pub fn strip_emphasis(text: &str) -> Cow<'_, str> {
    // One byte scan: verifiers call this on every answer and step line.
    let bytes = text.as_bytes();
    let marked = bytes
        .iter()
        .enumerate()
        .any(|(i, &b)| b == b'*' || (b == b'_' && bytes.get(i + 1) == Some(&b'_')));
    if !marked {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '*' => {}
            '_' if chars.peek() == Some(&'_') => while chars.next_if_eq(&'_').is_some() {},
            _ => out.push(c),
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(s: &str) -> String {
        normalize_answer(s).into_owned()
    }

    #[test]
    fn plain_answers_are_borrowed_unchanged() {
        assert!(matches!(normalize_answer(" 86 "), Cow::Borrowed("86")));
        assert!(matches!(
            normalize_answer("<b>x</b>"),
            Cow::Borrowed("<b>x</b>")
        ));
    }

    #[test]
    fn whole_answer_wrappers_are_peeled() {
        for form in [
            "**86**",
            "*86*",
            "__86__",
            "_86_",
            "`86`",
            "``86``",
            "$86$",
            "$$86$$",
            "\\(86\\)",
            "\\[86\\]",
            "\\text{86}",
            "\\mathrm{86}",
            "**`86`**",
            "```\n86\n```",
            "```text\n86\n```",
            "86.",
            "86 .",
            "**86**.",
            "$\\text{86}$",
        ] {
            assert_eq!(n(form), "86", "{form:?}");
        }
    }

    #[test]
    fn arithmetic_keeps_its_stars() {
        assert_eq!(n("3*4*5"), "3*4*5");
        assert_eq!(n("*3*4*"), "*3*4*");
        assert_eq!(n("*3 * 4*"), "3 * 4");
        assert_eq!(n("* 3 * 4*"), "* 3 * 4*");
        assert_eq!(n("*3 *4*"), "*3 *4*");
        assert_eq!(n("**3*4**"), "3*4");
        assert_eq!(n("(3*4)+5 = 17."), "(3*4)+5 = 17");
        assert_eq!(n("5!"), "5!");
    }

    #[test]
    fn inner_marks_are_dropped() {
        assert_eq!(n("x = `86`"), "x =  86");
        assert_eq!(n("x = $86$"), "x =  86");
        // Marks never join the text around them.
        assert_eq!(n("8`6"), "8 6");
        assert_eq!(n("8$6"), "8 6");
        assert_eq!(n("\\text{Alice}: knight"), "Alice: knight");
        assert_eq!(n("a \\text{b {c}} d"), "a b {c} d");
        // Unbalanced commands are left alone.
        assert_eq!(n("\\text{86"), "\\text{86");
    }

    #[test]
    fn spacing_arrows_and_braces_read_as_printed() {
        assert_eq!(n("x = 8,\\quad y = 3"), "x = 8,  y = 3");
        assert_eq!(n("B=1,\\ H=2"), "B=1, H=2");
        assert_eq!(n("1\\,2"), "1 2", "a thin space never joins digits");
        assert_eq!(n("4\u{a0}3\u{202f}5"), "4 3 5");
        assert_eq!(n("$11 \\to 4 \\rightarrow 6$"), "11 → 4 → 6");
        assert_eq!(n("\\{1, 4\\}"), "{1, 4}");
        // Near misses: a longer command name is not the arrow, and other commands stay.
        assert_eq!(n("\\top"), "\\top");
        assert_eq!(n("a \\toto b"), "a \\toto b");
        assert_eq!(n("\\quadrant"), "\\quadrant");
        assert_eq!(n("\\frac{1}{2}"), "\\frac{1}{2}");
        assert_eq!(n("12 → 3"), "12 → 3");
        assert!(matches!(normalize_answer("12 → 3"), Cow::Borrowed(_)));
    }

    #[test]
    fn two_blocks_are_not_one_wrapper() {
        assert_eq!(n("```\n1\n```\n```\n2\n```"), "1\n   \n   \n2");
    }

    #[test]
    fn emphasis_inside_is_only_stripped_on_request() {
        assert_eq!(n("**Alice**: knight"), "**Alice**: knight");
        assert_eq!(strip_emphasis("**Alice**: knight"), "Alice: knight");
        assert_eq!(strip_emphasis("__red__ x_1"), "red x_1");
    }

    #[test]
    fn deep_nesting_is_linear_and_panic_free() {
        let deep = format!("{}{}", "\\text{".repeat(20_000), "}".repeat(20_000));
        let _ = n(&deep);
        let stars = "*".repeat(100_001);
        let _ = n(&stars);
    }
}
