//! The `graph_coloring` verifier: any proper coloring with at most k colors is correct.
//!
//! **Answer form.** After extraction, the answer is a list of entries separated by commas,
//! semicolons or new lines, in any order, each giving one vertex its color: `1: 2, 2: 1, 3: 3`.
//! An entry is `[VERTEX-WORD] V LINK [COLOR-WORD] C` where V and C are plain decimal numbers
//! (ASCII digits, no sign); VERTEX-WORD is `vertex`, `node` or `v` (so `v1` reads too),
//! COLOR-WORD is `color`, `colour` or `c` (so `c2` reads), all in any case; LINK is `:`, `=`,
//! `->`, `=>`, `→`, or the words `is`, `gets`, `has`, `colored` (as in `vertex 1 is colored 2`).
//! Layout is peeled first: a bullet or an enumerator before an entry (`- 1: 2`, `1. v1: 2`),
//! Markdown emphasis and code marks, quotes, braces around the whole list (`{"1": 2, "2": 1}`),
//! a full stop at the end of an entry, and blank entries. A Markdown table with a row
//! `| V | C |` per vertex reads the same (its separator row and a header row without digits are
//! skipped). Anything else in an entry (`1: red`, `1: 2 3`, `1 - 2`, which reads as an edge, or a
//! color word before the vertex, `color 1: 2`) makes the answer unparsable.
//!
//! **Judgement**, first failure wins: a vertex outside 1..=n, a color outside 1..=k or a vertex
//! listed twice (even with the same color) is wrong, as is a vertex left out; then every edge is
//! checked and the first whose ends share a color is named. `detail` counts the monochromatic
//! edges of a complete coloring; a uniformly random coloring leaves 1/k of the edges
//! monochromatic on average. It is never part of `score`.

use serde_json::json;

use super::GraphColoringData;
use super::params::MAX_VERTICES;
use crate::forms;
use verigym_core::extract::extract_agreed_answer;
use verigym_core::verdict::{Reason, Verdict};

/// One token of an entry.
#[derive(Debug, PartialEq, Eq)]
enum Token<'a> {
    Number(u64),
    Word(&'a str),
    Link,
}

/// Splits an entry into numbers (saturating at `u64::MAX`, out of range anyway), ASCII words
/// and links; `None` on any other character.
fn tokens(entry: &str) -> Option<Vec<Token<'_>>> {
    let mut out = Vec::new();
    let bytes = entry.as_bytes();
    let mut i = 0;
    while i < entry.len() {
        let b = bytes[i];
        if b.is_ascii_whitespace() {
            i += 1;
        } else if b.is_ascii_digit() {
            let mut value = 0u64;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                value = value
                    .saturating_mul(10)
                    .saturating_add(u64::from(bytes[i] - b'0'));
                i += 1;
            }
            out.push(Token::Number(value));
        } else if b.is_ascii_alphabetic() {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_alphabetic() {
                i += 1;
            }
            out.push(Token::Word(&entry[start..i]));
        } else if let Some(len) = ["->", "=>", ":", "=", "→"]
            .iter()
            .find(|l| entry[i..].starts_with(*l))
            .map(|l| l.len())
        {
            out.push(Token::Link);
            i += len;
        } else {
            return None;
        }
    }
    Some(out)
}

fn is_one_of(word: &str, list: &[&str]) -> bool {
    list.iter().any(|w| word.eq_ignore_ascii_case(w))
}

/// Reads one entry: `Ok(None)` when it is blank, `Ok(Some((vertex, color)))` for a pair,
/// `Err(())` for anything else.
pub(super) fn pair(entry: &str) -> Result<Option<(u64, u64)>, ()> {
    let entry = entry.trim();
    let entry = entry.strip_suffix('.').unwrap_or(entry);
    let toks = tokens(entry).ok_or(())?;
    let mut t = toks.as_slice();
    if t.is_empty() {
        return Ok(None);
    }
    if let [Token::Word(w), rest @ ..] = t
        && is_one_of(w, &["vertex", "node", "v"])
    {
        t = rest;
    }
    let [Token::Number(vertex), rest @ ..] = t else {
        return Err(());
    };
    t = rest;
    match t {
        [Token::Link, rest @ ..] => t = rest,
        _ => {
            let mut words = 0;
            while let [Token::Word(w), rest @ ..] = t
                && is_one_of(w, &["is", "gets", "has", "colored", "coloured"])
            {
                t = rest;
                words += 1;
            }
            if words == 0 {
                return Err(());
            }
        }
    }
    if let [Token::Word(w), rest @ ..] = t
        && is_one_of(w, &["color", "colour", "c"])
    {
        t = rest;
    }
    match t {
        [Token::Number(color)] => Ok(Some((*vertex, *color))),
        _ => Err(()),
    }
}

/// The entries of an answer, layout peeled: table rows become `V: C`, list markers, emphasis,
/// quotes and outer braces go.
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
            let bare = forms::strip_bullet(&entry);
            // `1. 2: 3` is an enumerated entry; `1: 2` is not enumerated.
            let bare = match forms::strip_enumerator(bare) {
                Some(rest) if pair(rest).is_ok_and(|p| p.is_some()) => rest,
                _ => bare,
            };
            out.push(bare.to_owned());
        }
    }
    out
}

/// Judges a response: the coloring must be complete, in range, and proper.
pub fn verify(data: &GraphColoringData, response: &str) -> Verdict {
    let answer = match extract_agreed_answer(response, |r| verify(data, r)) {
        Ok(answer) => answer,
        Err(rejection) => return rejection.into(),
    };
    let (n, k) = (u64::from(data.vertices), u64::from(data.colors));
    if let Err(why) = super::check::check_data(data) {
        return Verdict::rejected(Reason::VerifierError, format!("malformed record: {why}"));
    }
    let mut color = [0u8; MAX_VERTICES as usize];
    let mut first_problem: Option<String> = None;
    for entry in entries(&answer) {
        let (v, c) = match pair(&entry) {
            Ok(Some(vc)) => vc,
            Ok(None) => continue,
            Err(()) => {
                return Verdict::rejected(
                    Reason::UnparsableAnswer,
                    format!(
                        "{:?} is not a `vertex: color` pair of numbers",
                        entry.trim()
                    ),
                );
            }
        };
        if first_problem.is_some() {
            continue;
        }
        first_problem = if !(1..=n).contains(&v) {
            Some(format!("there is no vertex {v}; vertices are 1 to {n}"))
        } else if !(1..=k).contains(&c) {
            Some(format!("vertex {v} has color {c}; colors are 1 to {k}"))
        } else if color[v as usize - 1] != 0 {
            Some(format!("vertex {v} is listed more than once"))
        } else {
            color[v as usize - 1] = c as u8;
            None
        };
    }
    if let Some(problem) = first_problem {
        return Verdict::wrong(problem);
    }
    if let Some(v) = color[..n as usize].iter().position(|&c| c == 0) {
        return Verdict::wrong(format!("vertex {} has no color", v + 1));
    }
    let mut monochromatic = 0u32;
    let mut first_bad = None;
    for &[u, v] in &data.edges {
        let (Some(&cu), Some(&cv)) = (
            (u as usize)
                .checked_sub(1)
                .and_then(|i| color[..n as usize].get(i)),
            (v as usize)
                .checked_sub(1)
                .and_then(|i| color[..n as usize].get(i)),
        ) else {
            return Verdict::rejected(
                Reason::VerifierError,
                "malformed record: an edge is out of range",
            );
        };
        if cu == cv {
            monochromatic += 1;
            first_bad.get_or_insert((u, v, cu));
        }
    }
    let verdict = match first_bad {
        None => Verdict::correct(),
        Some((u, v, c)) => Verdict::wrong(format!("edge {u}-{v} joins two vertices of color {c}")),
    };
    verdict.with_detail(json!({
        "edges": data.edges.len(),
        "monochromatic_edges": monochromatic,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A triangle 1-2-3 plus a pendant vertex 4 on 3, with three colors.
    fn graph() -> GraphColoringData {
        GraphColoringData {
            vertices: 4,
            colors: 3,
            edges: vec![[1, 2], [1, 3], [2, 3], [3, 4]],
            planted: vec![1, 2, 3, 1],
        }
    }

    fn judge(answer: &str) -> Verdict {
        verify(&graph(), &format!("<answer>{answer}</answer>"))
    }

    #[test]
    fn any_proper_coloring_in_any_accepted_form_is_correct() {
        for form in [
            "1: 1, 2: 2, 3: 3, 4: 1",
            "4:2,3:3,2:2,1:1",
            "1 = 3\n2 = 1\n3 = 2\n4 = 3\n",
            " 1 : 2 ; 2 : 3 ; 3 : 1 ; 4 : 2 , ",
            "01: 1, 2: 2, 3: 3, 4: 02",
            "vertex 1: color 1, vertex 2: color 2, vertex 3: color 3, vertex 4: color 1",
            "v1: 1\nv2: 2\nV3: 3\nv4: 1",
            "1 -> 1, 2 -> 2, 3 → 3, 4 => 1",
            "- 1: 1\n- 2: 2\n- 3: 3\n- 4: 1",
            "1. 1: c1\n2. 2: C2\n3. 3: c3\n4. 4: c1",
            "**1**: 1, **2**: 2, `3: 3`, 4: 1.",
            "{\"1\": 1, \"2\": 2, \"3\": 3, \"4\": 1}",
            "Vertex 1 is colored 1; Node 2 gets color 2; vertex 3 has colour 3; 4 is 1",
            "| Vertex | Color |\n|---|---|\n| 1 | 1 |\n| 2 | 2 |\n| v3 | color 3 |\n| 4 | 1 |",
            "Vertex 1 = Color 1\nVertex 2 = Color 2\nVertex 3 = Color 3\nVertex 4 = Color 1",
        ] {
            let v = judge(form);
            assert!(v.correct && v.score == 1.0, "{form}: {v:?}");
        }
    }

    #[test]
    fn wrong_colorings_name_the_problem() {
        let cases = [
            ("1: 1, 2: 2, 3: 3", "vertex 4 has no color"),
            ("1: 1, 2: 2, 3: 3, 4: 1, 5: 2", "there is no vertex 5"),
            ("0: 1, 1: 1, 2: 2, 3: 3, 4: 1", "there is no vertex 0"),
            ("1: 1, 2: 2, 3: 4, 4: 1", "vertex 3 has color 4"),
            ("1: 0, 2: 2, 3: 3, 4: 1", "vertex 1 has color 0"),
            (
                "1: 1, 1: 1, 2: 2, 3: 3, 4: 1",
                "vertex 1 is listed more than once",
            ),
            (
                "1: 1, 2: 2, 3: 3, 4: 3",
                "edge 3-4 joins two vertices of color 3",
            ),
            (
                "1: 1, 2: 1, 3: 1, 4: 1",
                "edge 1-2 joins two vertices of color 1",
            ),
            (
                "1: 1, 2: 2, 3: 3, 4: 99999999999999999999999",
                "vertex 4 has color",
            ),
            (
                "vertex 1: color 1, vertex 2: color 2, vertex 3: color 3, vertex 4: color 4",
                "vertex 4 has color 4",
            ),
            (
                "v1: 1, v2: 2, v3: 3, v1: 2, v4: 1",
                "vertex 1 is listed more than once",
            ),
            ("1 -> 1, 2 -> 2, 3 -> 3", "vertex 4 has no color"),
            (
                "- 1: 1\n- 2: 2\n- 3: 3\n- 4: 1\n- 5: 2",
                "there is no vertex 5",
            ),
        ];
        for (answer, want) in cases {
            let v = judge(answer);
            assert_eq!(v.reason, Reason::WrongAnswer, "{answer}");
            assert!(v.message.contains(want), "{answer}: {}", v.message);
        }
        let v = judge("1: 1, 2: 1, 3: 1, 4: 1");
        assert_eq!(v.detail.unwrap()["monochromatic_edges"], 4);
    }

    #[test]
    fn a_malformed_record_is_a_verifier_error() {
        let mut g = graph();
        g.planted[3] = 3;
        let v = verify(&g, "<answer>1: 1, 2: 2, 3: 3, 4: 1</answer>");
        assert_eq!(v.reason, Reason::VerifierError);
        assert!(v.message.contains("edge 3-4"), "{}", v.message);
    }

    #[test]
    fn other_forms_are_unparsable() {
        for form in [
            "1: red, 2: 2, 3: 3, 4: 1",
            "1: 1 2: 2 3: 3 4: 1",
            "1 1, 2 2, 3 3, 4 1",
            "1: -1, 2: 2, 3: 3, 4: 1",
            "1: 1.0, 2: 2, 3: 3, 4: 1",
            "1, 2, 3, 1",
            "1 - 1, 2 - 2, 3 - 3, 4 - 1",
            "color 1: 1, 4; color 2: 2; color 3: 3",
            "color 1: 1, color 2: 2, color 3: 3, color 4: 1",
            "vertex 1: color 1 or 2, 2: 2, 3: 3, 4: 1",
            "v1 v2: 1, 2: 2, 3: 3, 4: 1",
            "1: c, 2: 2, 3: 3, 4: 1",
            "1 is not 2, 2: 2, 3: 3, 4: 1",
            "| 1 | 1 | 2 |\n| 2 | 2 |\n| 3 | 3 |\n| 4 | 1 |",
            "1. 2, 2: 2, 3: 3, 4: 1",
            "{1: 1, 2: 2, 3: 3, 4: 1",
        ] {
            let v = judge(form);
            assert_eq!(v.reason, Reason::UnparsableAnswer, "{form}");
        }
    }
}
