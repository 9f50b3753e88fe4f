//! The `graph_coloring` verifier: any proper coloring with at most k colors is correct.
//!
//! **Answer form.** After extraction, the answer is a list of `vertex: color` pairs separated by
//! commas, semicolons or new lines, in any order: `1: 2, 2: 1, 3: 3`. `=` may stand for `:`,
//! spaces and tabs around numbers are ignored, and empty entries (a trailing comma, a blank line) are
//! skipped. Vertices and colors are plain decimal numbers (ASCII digits, no sign); colors are
//! numbered 1 to k. Anything else in an entry (`1: red`, `v1: 2`, `1: 2 3`) makes the answer
//! unparsable.
//!
//! **Judgement**, first failure wins: a vertex outside 1..=n, a color outside 1..=k or a vertex
//! listed twice (even with the same color) is wrong, as is a vertex left out; then every edge is
//! checked and the first whose ends share a color is named. `detail` counts the monochromatic
//! edges of a complete coloring; a uniformly random coloring leaves 1/k of the edges
//! monochromatic on average. It is never part of `score`.

use serde_json::json;

use super::GraphColoringData;
use super::params::MAX_VERTICES;
use crate::core::extract::extract_answer;
use crate::core::verdict::{Reason, Verdict};

/// Reads one entry: `Ok(None)` when it is blank, `Ok(Some((vertex, color)))` for a pair,
/// `Err(())` for anything else. Numbers saturate at `u64::MAX`, which is out of range anyway.
fn pair(entry: &[u8]) -> Result<Option<(u64, u64)>, ()> {
    let mut i = 0;
    let skip_space = |i: &mut usize| {
        while *i < entry.len() && matches!(entry[*i], b' ' | b'\t' | b'\r') {
            *i += 1;
        }
    };
    let number = |i: &mut usize| -> Result<u64, ()> {
        let start = *i;
        let mut value = 0u64;
        while *i < entry.len() && entry[*i].is_ascii_digit() {
            value = value
                .saturating_mul(10)
                .saturating_add(u64::from(entry[*i] - b'0'));
            *i += 1;
        }
        if *i == start { Err(()) } else { Ok(value) }
    };
    skip_space(&mut i);
    if i == entry.len() {
        return Ok(None);
    }
    let vertex = number(&mut i)?;
    skip_space(&mut i);
    if !matches!(entry.get(i), Some(b':' | b'=')) {
        return Err(());
    }
    i += 1;
    skip_space(&mut i);
    let color = number(&mut i)?;
    skip_space(&mut i);
    if i != entry.len() {
        return Err(());
    }
    Ok(Some((vertex, color)))
}

/// Judges a response: the coloring must be complete, in range, and proper.
pub fn verify(data: &GraphColoringData, response: &str) -> Verdict {
    let answer = match extract_answer(response) {
        Ok(answer) => answer,
        Err(rejection) => return rejection.into(),
    };
    let (n, k) = (u64::from(data.vertices), u64::from(data.colors));
    if n > u64::from(MAX_VERTICES) || k > 255 {
        return Verdict::rejected(Reason::UnparsableAnswer, "the record's graph is malformed");
    }
    let mut color = [0u8; MAX_VERTICES as usize];
    let mut first_problem: Option<String> = None;
    for entry in answer
        .as_bytes()
        .split(|&b| matches!(b, b',' | b';' | b'\n'))
    {
        let (v, c) = match pair(entry) {
            Ok(Some(vc)) => vc,
            Ok(None) => continue,
            Err(()) => {
                return Verdict::rejected(
                    Reason::UnparsableAnswer,
                    format!(
                        "{:?} is not a `vertex: color` pair of numbers",
                        String::from_utf8_lossy(entry).trim()
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
            return Verdict::rejected(Reason::UnparsableAnswer, "the record's graph is malformed");
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
    fn other_forms_are_unparsable() {
        for form in [
            "1: red, 2: 2, 3: 3, 4: 1",
            "v1: 1, 2: 2, 3: 3, 4: 1",
            "1: 1 2: 2 3: 3 4: 1",
            "1 1, 2 2, 3 3, 4 1",
            "1: -1, 2: 2, 3: 3, 4: 1",
            "1: 1.0, 2: 2, 3: 3, 4: 1",
            "1, 2, 3, 1",
        ] {
            let v = judge(form);
            assert_eq!(v.reason, Reason::UnparsableAnswer, "{form}");
        }
    }
}
