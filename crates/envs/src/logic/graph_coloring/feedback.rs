//! What a careful grader says about a wrong `graph_coloring` answer, from the graph, the number of
//! colors and the response only (never the planted coloring). The first of, in this order: an
//! entry (in the order written) naming no vertex, a color out of range, or a vertex listed again;
//! the lowest vertex left without a color; the first edge, in the prompt's order, whose ends share
//! a color. Any proper coloring is right, so nothing else is ever said.

use super::GraphColoringData;
use super::params::MAX_VERTICES;
use super::verify::{entries, pair};
use verigym_core::extract::extract_agreed_answer;

/// The sentence naming the first rule `response` breaks, if it is a list of pairs at all.
pub fn feedback(data: &GraphColoringData, response: &str) -> Option<String> {
    let answer = extract_agreed_answer(response, |r| super::verify::verify(data, r)).ok()?;
    let (n, k) = (u64::from(data.vertices), u64::from(data.colors));
    if n > u64::from(MAX_VERTICES) {
        return None;
    }
    let mut color = vec![0u64; n as usize];
    let mut first = None;
    for entry in entries(&answer) {
        let Some((v, c)) = pair(&entry).ok()? else {
            continue;
        };
        if first.is_some() {
            continue;
        }
        first = if !(1..=n).contains(&v) {
            Some(format!("There is no vertex {v}; vertices are 1 to {n}."))
        } else if !(1..=k).contains(&c) {
            Some(format!("Vertex {v} has color {c}; colors are 1 to {k}."))
        } else if color[v as usize - 1] != 0 {
            Some(format!("Vertex {v} is listed more than once."))
        } else {
            color[v as usize - 1] = c;
            None
        };
    }
    if first.is_some() {
        return first;
    }
    if let Some(v) = color.iter().position(|&c| c == 0) {
        return Some(format!("Vertex {} has no color.", v + 1));
    }
    let of = |v: u32| color.get((v as usize).checked_sub(1)?).copied();
    data.edges.iter().find_map(|&[u, v]| {
        let c = of(u)?;
        (Some(c) == of(v)).then(|| format!("Vertices {u} and {v} share an edge and color {c}."))
    })
}

#[cfg(test)]
mod tests {
    use super::super::GraphColoring;
    use crate::feedback_tests::{assert_public_only, problems, tagged};
    use verigym_core::env::Env;

    fn text(colors: &[u8]) -> String {
        let pairs: Vec<String> = colors
            .iter()
            .enumerate()
            .map(|(i, c)| format!("{}: {c}", i + 1))
            .collect();
        tagged(&pairs.join(", "))
    }

    #[test]
    fn feedback_reads_only_the_graph_and_the_response() {
        assert_public_only(&GraphColoring, |d| d.planted.clear());
    }

    #[test]
    fn a_shared_color_an_uncolored_vertex_and_a_bad_color_are_named() {
        for (data, _) in problems(&GraphColoring) {
            let Some(&[u, v]) = data.edges.first() else {
                continue;
            };
            let mut colors = data.planted.clone();
            colors[u as usize - 1] = colors[v as usize - 1];
            let want = format!(
                "Vertices {u} and {v} share an edge and color {}.",
                colors[v as usize - 1]
            );
            let said = GraphColoring.feedback(&data, &text(&colors));
            assert_eq!(said.as_deref(), Some(want.as_str()));
            let k = data.colors + 1;
            let said = GraphColoring.feedback(&data, &tagged(&format!("1: {k}")));
            let want = format!("Vertex 1 has color {k}; colors are 1 to {}.", data.colors);
            assert_eq!(said.as_deref(), Some(want.as_str()));
            let said = GraphColoring.feedback(&data, &text(&data.planted[1..]));
            let want = format!("Vertex {} has no color.", data.vertices);
            assert_eq!(said.as_deref(), Some(want.as_str()));
        }
    }

    #[test]
    fn a_proper_or_unreadable_coloring_hears_nothing_more() {
        for (data, answer) in problems(&GraphColoring) {
            assert_eq!(GraphColoring.feedback(&data, &tagged(&answer)), None);
            assert_eq!(GraphColoring.feedback(&data, &tagged("1 is red")), None);
        }
    }
}
