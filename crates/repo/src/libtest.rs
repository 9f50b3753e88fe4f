//! libtest's pretty output, read in one place for both test pipelines (the mini-repo audit and
//! the crate audit): the `test NAME ... RESULT` lines, the failure sections, and the panic
//! message inside a section.

use std::collections::BTreeMap;

use crate::audit::MESSAGE_CAP;

/// What a `test NAME ... RESULT` line says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LineResult {
    /// `ok`.
    Passed,
    /// `FAILED`; the message is in the test's failure section.
    Failed,
    /// `ignored`, with or without a reason.
    Ignored,
    /// Nothing after `...`: the process died inside this test.
    Dangling,
    /// Anything else (`bench`, a result libtest may add later).
    Other,
}

/// One run's libtest output, read.
#[derive(Debug, Default)]
pub(crate) struct Libtest {
    /// Every test line, in order, with the name exactly as libtest printed it (a
    /// `#[should_panic]` test keeps its ` - should panic` suffix).
    pub tests: Vec<(String, LineResult)>,
    /// Each `---- NAME stdout ----` section's lines, by NAME.
    pub sections: BTreeMap<String, String>,
    /// Whether a `failures:` or `test result:` line was seen.
    pub summary_seen: bool,
}

/// Reads libtest's pretty output (one test thread, so lines do not interleave).
pub(crate) fn read<'a>(lines: impl IntoIterator<Item = &'a str>) -> Libtest {
    let mut out = Libtest::default();
    let mut current: Option<String> = None;
    for line in lines {
        if let Some(rest) = line.strip_prefix("---- ")
            && let Some(name) = rest.strip_suffix(" stdout ----")
        {
            current = Some(name.to_owned());
            continue;
        }
        if line == "failures:" || line.starts_with("test result:") {
            out.summary_seen = true;
            current = None;
        }
        if let Some(name) = &current {
            let text = out.sections.entry(name.clone()).or_default();
            text.push_str(line);
            text.push('\n');
            continue;
        }
        let Some(rest) = line.strip_prefix("test ") else {
            continue;
        };
        let Some((name, result)) = rest.split_once(" ...") else {
            continue;
        };
        let result = result.trim();
        let result = match result {
            "ok" => LineResult::Passed,
            "FAILED" => LineResult::Failed,
            "" => LineResult::Dangling,
            _ if result.starts_with("ignored") => LineResult::Ignored,
            _ => LineResult::Other,
        };
        out.tests.push((name.to_owned(), result));
    }
    out
}

/// The panic message in a failure section: the lines after `thread '…' panicked at …:` up to
/// libtest's `note:` line, capped at [`MESSAGE_CAP`] bytes.
pub(crate) fn panic_message(section: &str) -> String {
    let mut lines = section.lines().skip_while(|l| !l.starts_with("thread '"));
    lines.next();
    let body: Vec<&str> = lines
        .skip_while(|l| l.trim().is_empty())
        .take_while(|l| !l.starts_with("note: "))
        .collect();
    let mut message = body.join("\n").trim_end().to_owned();
    if message.is_empty() {
        return "failed".to_owned();
    }
    if message.len() > MESSAGE_CAP {
        let mut cut = MESSAGE_CAP;
        while !message.is_char_boundary(cut) {
            cut -= 1;
        }
        message.truncate(cut);
        message.push_str(" …");
    }
    message
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_sections_and_results_are_read() {
        let out = read([
            "running 5 tests",
            "test a::ok ... ok",
            "test a::bad ... FAILED",
            "test a::skip ... ignored, needs network",
            "test a::p - should panic ... ok",
            "test a::b ... bench:  10 ns/iter",
            "",
            "failures:",
            "",
            "---- a::bad stdout ----",
            "thread 'a::bad' panicked at src/lib.rs:1:1:",
            "assertion failed",
            "note: run with `RUST_BACKTRACE=1`",
            "",
            "failures:",
            "test a::dies ... ",
        ]);
        assert_eq!(
            out.tests,
            [
                ("a::ok".to_owned(), LineResult::Passed),
                ("a::bad".to_owned(), LineResult::Failed),
                ("a::skip".to_owned(), LineResult::Ignored),
                ("a::p - should panic".to_owned(), LineResult::Passed),
                ("a::b".to_owned(), LineResult::Other),
                ("a::dies".to_owned(), LineResult::Dangling),
            ]
        );
        assert!(out.summary_seen);
        assert_eq!(panic_message(&out.sections["a::bad"]), "assertion failed");
        assert_eq!(panic_message("no panic here"), "failed");
    }

    #[test]
    fn a_long_message_is_cut_on_a_char_boundary() {
        let section = format!("thread 't' panicked at x:\n{}", "é".repeat(MESSAGE_CAP));
        let message = panic_message(&section);
        assert!(message.ends_with(" …"));
        assert!(message.len() <= MESSAGE_CAP + " …".len());
    }
}
