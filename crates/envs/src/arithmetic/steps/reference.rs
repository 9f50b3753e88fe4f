//! The step-line reader as it was before the one-pass scan, kept only to test that the fast
//! path reads every response exactly as it did: same steps listed, same values, same stray step.

use std::borrow::Cow;

use proptest::prelude::*;

use super::Listed;
use crate::modarith::parse_value;
use verigym_core::normalize::{normalize_answer, strip_emphasis};

/// Scans a response for step lines: what each step (index 0 is step 1) listed, and the lowest
/// step number outside 1..=k, if any.
pub(super) fn scan_steps(
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
                let Some(value) = parse_value(&normalize_answer(&text), modulus(n - 1)) else {
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
                if parse_value(&normalize_answer(&text), u64::MAX).is_none() {
                    continue;
                }
                let n = u32::try_from(n).unwrap_or(u32::MAX);
                stray = Some(stray.map_or(n, |s| s.min(n)));
            }
        }
    }
    (listed, stray)
}

/// The lines of a response, where a protocol tag also ends a line, each without leading blanks.
fn step_lines(response: &str) -> impl Iterator<Item = &str> {
    response.split('\n').flat_map(split_at_tags)
}

/// One line split at its protocol tags (any case), the tags dropped. A line without `<` is
/// returned whole, so the common case costs one byte search.
fn split_at_tags(line: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(line);
    std::iter::from_fn(move || {
        let text = rest?;
        let mut from = 0;
        while let Some(lt) = text[from..].find('<').map(|i| from + i) {
            if let Some(len) = tag_len(&text[lt..]) {
                rest = Some(&text[lt + len..]);
                return Some(&text[..lt]);
            }
            from = lt + 1;
        }
        rest = None;
        Some(text)
    })
    .map(|piece| piece.trim_ascii_start().trim_end_matches('\r'))
}

/// The length of the protocol tag `text` starts with, if it starts with one.
fn tag_len(text: &str) -> Option<usize> {
    ["<think>", "</think>", "<answer>", "</answer>"]
        .iter()
        .find(|tag| {
            text.as_bytes()
                .get(..tag.len())
                .is_some_and(|b| b.eq_ignore_ascii_case(tag.as_bytes()))
        })
        .map(|tag| tag.len())
}

/// `step N: V` / `step N = V` → (N, the text of V), read through a bullet and Markdown emphasis.
fn step_line(line: &str) -> Option<(u64, Cow<'_, str>)> {
    let line = line.strip_prefix(['-', '•']).map_or(line, str::trim_start);
    // Most lines of a chain of thought are prose: one byte decides, before any copying.
    if !line.starts_with(['s', 'S', '*', '_', '`', '$', '\\']) {
        return None;
    }
    let line: Cow<'_, str> = if line.contains(['*', '_', '`', '$', '\\']) {
        Cow::Owned(normalize_answer(&strip_emphasis(line)).into_owned())
    } else {
        Cow::Borrowed(line)
    };
    let (n, value_at) = {
        let t = line.trim_start();
        if !t.as_bytes().get(..4)?.eq_ignore_ascii_case(b"step") {
            return None;
        }
        let rest = t[4..].trim_start();
        let digits_end = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits_end == 0 || digits_end > 19 {
            return None;
        }
        let n: u64 = rest[..digits_end].parse().ok()?;
        let after = rest[digits_end..].trim_start();
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

/// Moduli for the steps of a generated chain: tiny, typical, large and the widest.
fn modulus(i: usize) -> u64 {
    [2, 101, 1_000_003, u64::MAX][i % 4]
}

/// Pieces that make step lines, tags, emphasis, math, bullets, line endings and unicode.
fn fragments() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            4 => prop::sample::select(vec![
                "step ", "Step", "STEP ", "sTeP", "step 1: ", "step 2 = ", "Step 3:", "step 0: ",
                "step 12: ", "step 99999999999999999999: ", "step 18446744073709551616: ",
                "step 4294967296: ", "1", "7", "0", "100", "101", "-3", "+5", "018446744073709551615",
                ":", "=", " ", "  ", "\t", "\u{b}", "\u{c}", "\u{a0}", "\u{3000}", "\n", "\r\n",
                "\r", "\r\r\n", "<think>", "</think>", "<answer>", "</answer>", "<THINK>",
                "</Think>", "<Answer>", "</ANSWER>", "<", "</", "<thin", "<answer", ">", "**",
                "*", "__", "_", "`", "```", "$", "$$", "\\", "\\(", "\\)", "\\text{",
                "\\boxed{", "{", "}", "- ", "-", "• ", "•", "x = ", "X=", "x ≡ ", "≡ ",
                "\\equiv ", " (mod 101)", " mod 2", " \\pmod{101}", " \\bmod 7", "modulo",
                ".", ",", ";", "。", "!", "é", "٨", "８", "Operation 1 is Add; ",
            ])
            .prop_map(str::to_owned),
            1 => ".{0,8}",
        ],
        0..60,
    )
    .prop_map(|parts| parts.concat())
}

/// Whole step lines in the forms models write, with noise between them.
fn step_soup() -> impl Strategy<Value = String> {
    let line = (
        prop::sample::select(vec![
            "",
            "- ",
            "• ",
            "**",
            "*",
            "`",
            "$",
            "<think>",
            "</think>\n",
        ]),
        prop::sample::select(vec!["step", "Step", "STEP"]),
        0u64..14,
        prop::sample::select(vec![":", " =", ":**", "**:", ": $", " : "]),
        prop::sample::select(vec!["", " ", "x = ", "**", "`"]),
        0u64..120,
        prop::sample::select(vec![
            "",
            "**",
            "`",
            "$",
            ".",
            " (mod 101)",
            "\r",
            " or 5",
            "<answer>",
        ]),
        prop::sample::select(vec!["\n", "\r\n", "</think>", "<answer>7</answer>", "\n\n"]),
    )
        .prop_map(|(lead, word, n, sep, pre, v, post, end)| {
            format!("{lead}{word} {n}{sep}{pre}{v}{post}{end}")
        });
    prop::collection::vec(prop_oneof![3 => line, 1 => fragments()], 0..30)
        .prop_map(|parts| parts.concat())
}

fn same_as_reference(response: &str) -> Result<(), TestCaseError> {
    for k in [0, 1, 3, 8, 13] {
        let fast = super::scan_steps(response, k, &modulus);
        let slow = scan_steps(response, k, &modulus);
        prop_assert_eq!(&fast, &slow, "k = {} on {:?}", k, response);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2048))]

    #[test]
    fn the_one_pass_scan_reads_tag_soup_as_before(response in fragments()) {
        same_as_reference(&response)?;
    }

    #[test]
    fn the_one_pass_scan_reads_step_lines_as_before(response in step_soup()) {
        same_as_reference(&response)?;
    }

    #[test]
    fn the_one_pass_scan_reads_arbitrary_text_as_before(response in "\\PC{0,200}") {
        same_as_reference(&response)?;
    }
}

#[test]
fn the_one_pass_scan_reads_edge_cases_as_before() {
    for response in [
        "",
        "\n",
        "<",
        "<think>",
        "step 1: 1",
        "step 1: 1\n",
        "step 1: 1<think>",
        "<think>step 1: 1</think>step 2: 0<answer>step 3: 1</answer>",
        "step 1: 1\r\r",
        "\r\nstep 1: 1\r\n",
        "- step 1: 1\n• step 2: 0\n-\u{3000}step 3: 1",
        "**Step 1:** 1.\n`step 2: 0`\n$step 3 = 1$",
        "step 1: 1\nstep 1: 0\nstep 5: 3\nstep 0: 1",
        "<<think>step 1: 1<</think>>step 2: 0",
        "step 1: 1<ANSWER>step 2: 1</aNsWeR>",
    ] {
        same_as_reference(response).unwrap();
    }
    let many = "step 1: 1\nstep 2: 0\r\n<think>step 3: 1</think>".repeat(2000);
    same_as_reference(&many).unwrap();
}
