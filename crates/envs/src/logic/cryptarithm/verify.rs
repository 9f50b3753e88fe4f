//! The `cryptarithm` verifier: the submitted assignment against the puzzle's rules and its sum.
//! The solution is unique (proven by the generator), so an assignment that keeps every rule is
//! that solution; the stored one is never compared.
//!
//! **Answer form.** After extraction, the answer is a list of entries separated by commas,
//! semicolons, new lines or the word `and` (also after a comma: `S=9, E=5, and D=7`), in any order, each giving one letter its digit: `S=9, E=5`. An entry
//! is `LETTER LINK DIGITS` where LETTER is one ASCII letter (any case), LINK is `=`, `:`, `->`,
//! `=>`, `→`, `≡` or the word `is`, and DIGITS is a plain decimal number. Layout is peeled
//! first: a bullet or an enumerator (`1.`) before an entry, Markdown emphasis and code marks, quotes, braces around the
//! whole list (`{"S": 9, "E": 5}`), a full stop after an entry, blank entries. A Markdown table
//! with a row `| S | 9 |` per letter reads the same (its separator row and a header row without
//! digits are skipped). Anything else in an entry (`SEND = 9567`, `S = 9 or 8`, `S = nine`), or
//! an `and` with no entry after it (`S=9 and`, `S=9 and and E=5`), makes the answer unparsable.
//!
//! **Judgement**, first failure wins: a letter not in the puzzle, a letter listed twice (even
//! with the same digit), a number above 9, a letter left out, two letters with one digit, a word
//! starting with 0, and then the sum itself, each wrong with a message naming it. `detail`
//! counts the letters whose digit agrees with the solution (never part of `score`). A random
//! injective guess over k letters is right with probability about 1 / (10 · 9 · … · (11 − k)):
//! 1 in 720 for three letters, below 1 in 30,000 from five.

use serde_json::json;

use super::CryptarithmData;
use crate::forms;
use verigym_core::extract::extract_agreed_answer;
use verigym_core::verdict::{Reason, Verdict};

/// Reads one entry: `Ok(None)` when blank, `Ok(Some((letter, number)))`, `Err(())` otherwise.
pub(super) fn pair(entry: &str) -> Result<Option<(u8, u64)>, ()> {
    let entry = entry.trim();
    let entry = entry.strip_suffix('.').unwrap_or(entry).trim();
    if entry.is_empty() {
        return Ok(None);
    }
    let mut chars = entry.chars();
    let letter = match chars.next() {
        Some(c) if c.is_ascii_alphabetic() => c.to_ascii_uppercase() as u8,
        _ => return Err(()),
    };
    let after = chars.as_str();
    let rest = after.trim_start();
    // The word link needs a space on both sides: `S is 9`, never `Sis 9`.
    let spaced_is = || {
        let word = rest.get(..3)?;
        (after.starts_with(char::is_whitespace) && word.eq_ignore_ascii_case("is "))
            .then(|| &rest[3..])
    };
    let rest = ["->", "=>", "=", ":", "→", "≡"]
        .iter()
        .find_map(|l| rest.strip_prefix(l))
        .or_else(spaced_is)
        .ok_or(())?
        .trim();
    if rest.is_empty() || rest.len() > 20 || !rest.bytes().all(|b| b.is_ascii_digit()) {
        return Err(());
    }
    Ok(Some((letter, rest.parse().map_err(drop)?)))
}

/// Pushes the entries of one comma-separated piece, split at the word `and` (`T=7 and W=4`). A
/// leading `and` (after an Oxford comma: `…, and W=4`) is dropped; an `and` with no entry after
/// it, or two in a row, is left as an entry, which is no pair.
fn split_and(piece: &str, out: &mut Vec<String>) {
    let words: Vec<&str> = piece.split_whitespace().collect();
    let is_and = |w: &&str| w.eq_ignore_ascii_case("and");
    if !words.iter().any(is_and) {
        out.push(piece.to_owned());
        return;
    }
    let groups: Vec<&[&str]> = words.split(is_and).collect();
    for (i, group) in groups.iter().enumerate() {
        if group.is_empty() {
            if i > 0 {
                out.push("and".to_owned());
            }
        } else {
            out.push(group.join(" "));
        }
    }
}

/// The entries of an answer, layout peeled.
pub(super) fn entries(answer: &str) -> Vec<String> {
    let answer = forms::strip_emphasis(answer);
    let trimmed = answer.trim();
    let answer = trimmed
        .strip_prefix('{')
        .and_then(|a| a.strip_suffix('}'))
        .unwrap_or(trimmed);
    let mut out = Vec::new();
    let mut table_rows = 0;
    for line in answer.lines() {
        if let Some(cells) = forms::table_cells(line) {
            table_rows += 1;
            let header = table_rows == 1 && !line.bytes().any(|b| b.is_ascii_digit());
            if !forms::is_separator_row(&cells) && !header {
                out.push(cells.join(": "));
            }
            continue;
        }
        table_rows = 0;
        for entry in line.split([',', ';']) {
            let entry = entry.replace(['"', '\''], "");
            // An entry starts with a letter, so a number in front is only a list's enumerator.
            split_and(forms::strip_list_marker(&entry), &mut out);
        }
    }
    out
}

/// Judges a response: a complete, injective assignment without leading zeros that makes the
/// sum hold.
pub fn verify(data: &CryptarithmData, response: &str) -> Verdict {
    let answer = match extract_agreed_answer(response, |r| verify(data, r)) {
        Ok(answer) => answer,
        Err(rejection) => return rejection.into(),
    };
    if let Err(why) = super::check::check_data(data) {
        return Verdict::rejected(Reason::VerifierError, format!("malformed record: {why}"));
    }
    let in_puzzle = |l: u8| {
        data.solution
            .contains_key(char::from(l).encode_utf8(&mut [0; 4]) as &str)
    };
    let mut digit = [None::<u8>; 26];
    let mut first: Option<String> = None;
    for entry in entries(&answer) {
        let (l, d) = match pair(&entry) {
            Ok(Some(p)) => p,
            Ok(None) => continue,
            Err(()) => {
                return Verdict::rejected(
                    Reason::UnparsableAnswer,
                    format!("{:?} is not a `LETTER=DIGIT` pair", entry.trim()),
                );
            }
        };
        if first.is_some() {
            continue;
        }
        let slot = &mut digit[usize::from(l - b'A')];
        first = if !in_puzzle(l) {
            Some(format!(
                "there is no letter {} in the puzzle",
                char::from(l)
            ))
        } else if d > 9 {
            Some(format!("{} is given {d}; digits are 0 to 9", char::from(l)))
        } else if slot.is_some() {
            Some(format!("{} is listed more than once", char::from(l)))
        } else {
            *slot = Some(d as u8);
            None
        };
    }
    let agree = data
        .solution
        .iter()
        .filter(|(l, d)| digit[usize::from(l.as_bytes()[0] - b'A')] == Some(**d))
        .count();
    let detail = json!({ "letters": data.solution.len(), "letters_agreeing": agree });
    let verdict = match first.or_else(|| judge(data, &digit)) {
        Some(why) => Verdict::wrong(why),
        None => Verdict::correct(),
    };
    verdict.with_detail(detail)
}

/// The first rule a complete reading breaks: a letter left out, a digit shared, a leading zero,
/// the sum.
fn judge(data: &CryptarithmData, digit: &[Option<u8>; 26]) -> Option<String> {
    let of = |c: u8| digit[usize::from(c - b'A')];
    if let Some(l) = data.solution.keys().find(|l| of(l.as_bytes()[0]).is_none()) {
        return Some(format!("{l} has no digit"));
    }
    let mut owner = [None::<&str>; 10];
    for l in data.solution.keys() {
        let d = usize::from(of(l.as_bytes()[0]).unwrap_or(0));
        if let Some(other) = owner[d] {
            return Some(format!("{other} and {l} are both {d}"));
        }
        owner[d] = Some(l);
    }
    let value = |w: &str| {
        w.bytes()
            .fold(0u64, |v, c| v * 10 + u64::from(of(c).unwrap_or(0)))
    };
    for w in data.addends.iter().chain([&data.result]) {
        if of(w.as_bytes()[0]) == Some(0) {
            return Some(format!("{w} would start with 0"));
        }
    }
    let total: u64 = data.addends.iter().map(|w| value(w)).sum();
    let result = value(&data.result);
    (total != result).then(|| {
        let terms: Vec<String> = data.addends.iter().map(|w| value(w).to_string()).collect();
        format!("{} = {total}, not {result}", terms.join(" + "))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_read_in_every_documented_form() {
        for (entry, want) in [
            ("S=9", Some((b'S', 9))),
            ("s : 9.", Some((b'S', 9))),
            ("S -> 9", Some((b'S', 9))),
            ("S → 9", Some((b'S', 9))),
            ("S is 9", Some((b'S', 9))),
            ("  ", None),
        ] {
            assert_eq!(pair(entry), Ok(want), "{entry}");
        }
        for entry in [
            "SEND = 9567",
            "S = 9 or 8",
            "S = nine",
            "9 = S",
            "S 9",
            "S = -1",
            "Sis 9",
        ] {
            assert_eq!(pair(entry), Err(()), "{entry}");
        }
    }

    #[test]
    fn and_joins_entries_but_never_stands_alone() {
        let read = |text: &str| -> Vec<Result<Option<(u8, u64)>, ()>> {
            entries(text).iter().map(|e| pair(e)).collect()
        };
        let t7w4 = vec![Ok(Some((b'T', 7))), Ok(Some((b'W', 4)))];
        assert_eq!(read("T=7 and W=4"), t7w4);
        assert_eq!(read("T=7, and W=4"), t7w4);
        assert_eq!(read("T is 7 AND W is 4"), t7w4);
        assert_eq!(read("1. T = 7\n2. W = 4"), t7w4);
        assert_eq!(read("1. T = 7\n2. W = 4 or 5")[1], Err(()));
        assert_eq!(read("- T = 7 and\n- W = 4")[1], Err(()));
        for text in [
            "T=7 and",
            "T=7, and",
            "T=7 and and W=4",
            "T=7 andW=4",
            "T=7 and 4",
        ] {
            assert!(read(text).contains(&Err(())), "{text}: {:?}", read(text));
        }
    }
}
