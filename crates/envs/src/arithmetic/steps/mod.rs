//! Step lines shared by the envs with checkable chains (`modarith`, `modexp`, `crt`): reading
//! `step N: V` lines from a whole response and judging them against the stored values.
//!
//! A line that reads `step N: V` or `step N = V` (`step` in any case, V in `modarith`'s value
//! form, see [`crate::modarith::parse_value`]) lists the value of step N. A protocol tag
//! (`<think>`, `</think>`, `<answer>`, `</answer>`) ends a line as a newline does, so
//! `<think>step 1: 21` lists step 1; a leading bullet (`-`, `•`) and Markdown emphasis
//! (`**Step 1:** 21`) are read through. Steps are read from the whole response, thinking included,
//! since that is where a chain of thought lives. A step listed twice with different values is
//! wrong, as is a step number outside 1..=k. `cot_correct` needs the right final answer and every
//! step listed and right: an unlisted step is an unchecked step.

use std::borrow::Cow;

use crate::modarith::{Value, parse_value};
use verigym_core::normalize::{normalize_answer, strip_emphasis};
use verigym_core::verdict::StepReport;

/// What a response listed for one step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Listed {
    Not,
    Once(Value),
    Conflicting,
}

/// The step report of `response` for a chain of `total` steps, where step `i + 1` is read modulo
/// `modulus(i)` and must equal `expected(i)`; `final_ok` says whether the final answer was right.
pub(crate) fn step_report(
    response: &str,
    total: usize,
    modulus: impl Fn(usize) -> u64,
    expected: impl Fn(usize) -> u64,
    final_ok: bool,
) -> StepReport {
    let (listed, stray) = scan_steps(response, total, &modulus);
    let mut report = StepReport {
        total: total as u32,
        listed: 0,
        correct: 0,
        first_wrong: None,
        cot_correct: false,
    };
    for (i, l) in listed.iter().enumerate() {
        let right = match *l {
            Listed::Not => continue,
            Listed::Once(v) => v == Value::InRange(expected(i)),
            Listed::Conflicting => false,
        };
        report.listed += 1;
        if right {
            report.correct += 1;
        } else if report.first_wrong.is_none() {
            report.first_wrong = Some(i as u32 + 1);
        }
    }
    report.first_wrong = match (report.first_wrong, stray) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    report.cot_correct = final_ok && report.correct == report.total && stray.is_none();
    report
}

/// Scans a response for step lines: what each step (index 0 is step 1) listed, and the lowest
/// step number outside 1..=k, if any.
fn scan_steps(
    response: &str,
    k: usize,
    modulus: &impl Fn(usize) -> u64,
) -> (Vec<Listed>, Option<u32>) {
    let mut listed = vec![Listed::Not; k];
    let mut stray: Option<u32> = None;
    for line in step_lines(response) {
        let Some((n, text)) = step_line(line) else {
            continue;
        };
        match usize::try_from(n).ok().filter(|&n| (1..=k).contains(&n)) {
            Some(n) => {
                let Some(value) = read_value(&text, modulus(n - 1)) else {
                    continue;
                };
                let slot = &mut listed[n - 1];
                *slot = match *slot {
                    Listed::Not => Listed::Once(value),
                    Listed::Once(prev) if prev == value => Listed::Once(prev),
                    _ => Listed::Conflicting,
                };
            }
            None => {
                // A stray step counts when its value is well-formed in any modulus.
                if read_value(&text, u64::MAX).is_none() {
                    continue;
                }
                let n = u32::try_from(n).unwrap_or(u32::MAX);
                stray = Some(stray.map_or(n, |s| s.min(n)));
            }
        }
    }
    (listed, stray)
}

/// A step's value text in `modarith`'s value form, normalised first only when it is not a bare
/// number: nearly every step value is one, and normalisation returns a bare number unchanged.
fn read_value(text: &str, modulus: u64) -> Option<Value> {
    // `trim_ascii` leaves digits at both ends exactly where `str::trim` would.
    let bare = text.trim_ascii();
    if !bare.is_empty() && bare.bytes().all(|b| b.is_ascii_digit()) {
        return parse_value(bare, modulus);
    }
    parse_value(&normalize_answer(text), modulus)
}

/// The lines of a response, where a protocol tag also ends a line, each without leading blanks
/// and trailing `\r`.
///
/// One pass finds both newlines and tag openings: a per-line split and a per-line tag search
/// were a third of a typical verify. No tag holds a `\n` or a second `<`, so no hit falls inside
/// a tag that was skipped, and a tag matched against the rest of the response is the tag matched
/// against the rest of its line.
fn step_lines(response: &str) -> impl Iterator<Item = &str> {
    let bytes = response.as_bytes();
    let mut hits = memchr::memchr2_iter(b'\n', b'<', bytes);
    // Where the next piece starts; `None` once the last piece is out.
    let mut start = Some(0);
    std::iter::from_fn(move || {
        let from = start?;
        for at in hits.by_ref() {
            let end_len = if bytes[at] == b'\n' {
                1
            } else if let Some(len) = tag_len(&bytes[at..]) {
                len
            } else {
                continue;
            };
            start = Some(at + end_len);
            return Some(&response[from..at]);
        }
        start = None;
        Some(&response[from..])
    })
    .map(|piece| {
        let piece = piece.trim_ascii_start();
        let kept = piece.len() - piece.bytes().rev().take_while(|&b| b == b'\r').count();
        &piece[..kept]
    })
}

/// The length of the protocol tag `text` starts with, if it starts with one.
fn tag_len(text: &[u8]) -> Option<usize> {
    ["<think>", "</think>", "<answer>", "</answer>"]
        .iter()
        .find(|tag| {
            text.get(..tag.len())
                .is_some_and(|b| b.eq_ignore_ascii_case(tag.as_bytes()))
        })
        .map(|tag| tag.len())
}

/// `step N: V` / `step N = V` → (N, the text of V), read through a bullet and Markdown emphasis.
fn step_line(line: &str) -> Option<(u64, Cow<'_, str>)> {
    let line = match line.as_bytes().first() {
        Some(b'-') => trim_start(&line[1..]),
        Some(0xE2) if line.starts_with('•') => trim_start(&line['•'.len_utf8()..]),
        _ => line,
    };
    // Most lines of a chain of thought are prose: one byte decides, before any copying.
    if !matches!(
        line.as_bytes().first(),
        Some(b's' | b'S' | b'*' | b'_' | b'`' | b'$' | b'\\')
    ) {
        return None;
    }
    let marked = line
        .bytes()
        .any(|b| matches!(b, b'*' | b'_' | b'`' | b'$' | b'\\'));
    let line: Cow<'_, str> = if marked {
        Cow::Owned(normalize_answer(&strip_emphasis(line)).into_owned())
    } else {
        Cow::Borrowed(line)
    };
    let (n, value_at) = {
        let t = trim_start(&line);
        if !t.as_bytes().get(..4)?.eq_ignore_ascii_case(b"step") {
            return None;
        }
        let rest = trim_start(&t[4..]);
        let digits_end = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits_end == 0 || digits_end > 19 {
            return None;
        }
        let n: u64 = rest[..digits_end].parse().ok()?;
        let after = trim_start(&rest[digits_end..]);
        let after = after
            .strip_prefix(':')
            .or_else(|| after.strip_prefix('='))?;
        // `after` is a suffix of `line`.
        (n, line.len() - after.len())
    };
    Some(match line {
        Cow::Borrowed(l) => (n, Cow::Borrowed(&l[value_at..])),
        Cow::Owned(l) => (n, Cow::Owned(l[value_at..].to_owned())),
    })
}

/// `str::trim_start`, with the ASCII blanks of real lines skipped without decoding chars: after
/// them, only a vertical tab or a non-ASCII char can still be whitespace.
fn trim_start(text: &str) -> &str {
    let t = text.trim_ascii_start();
    match t.as_bytes().first() {
        Some(&b) if !b.is_ascii() || b == 0x0B => t.trim_start(),
        _ => t,
    }
}

#[cfg(test)]
mod reference;
