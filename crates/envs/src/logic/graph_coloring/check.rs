//! The invariants of a `graph_coloring` record, checked before any answer is judged: a record
//! that breaks one is a verifier error, never the model's fault.

use super::GraphColoringData;
use super::params::{MAX_COLORS, MAX_VERTICES};

/// Checks sizes, that every edge is `[u, v]` with 1 ≤ u < v ≤ n in strictly ascending order, and
/// that the planted coloring is a proper coloring with colors 1 to k (so an answer exists).
pub fn check_data(data: &GraphColoringData) -> Result<(), String> {
    let (n, k) = (data.vertices, data.colors);
    if !(1..=MAX_VERTICES).contains(&n) {
        return Err(format!("vertices is {n}; allowed 1 to {MAX_VERTICES}"));
    }
    if !(1..=MAX_COLORS).contains(&k) {
        return Err(format!("colors is {k}; allowed 1 to {MAX_COLORS}"));
    }
    if data.planted.len() != n as usize {
        return Err(format!(
            "planted has {} colors; it needs one per vertex ({n})",
            data.planted.len()
        ));
    }
    if let Some(v) = data
        .planted
        .iter()
        .position(|&c| !(1..=k).contains(&u32::from(c)))
    {
        return Err(format!(
            "planted[{v}] is {}; colors are 1 to {k}",
            data.planted[v]
        ));
    }
    let mut previous = [0, 0];
    for (i, &[u, v]) in data.edges.iter().enumerate() {
        if !(1 <= u && u < v && v <= n) {
            return Err(format!(
                "edges[{i}] is [{u}, {v}]; an edge is [u, v] with 1 <= u < v <= {n}"
            ));
        }
        if [u, v] <= previous {
            return Err(format!(
                "edges[{i}] is [{u}, {v}], not after edges[{}]; edges are sorted and distinct",
                i - 1
            ));
        }
        previous = [u, v];
        if data.planted[u as usize - 1] == data.planted[v as usize - 1] {
            return Err(format!(
                "the planted coloring gives both ends of edge {u}-{v} one color"
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph() -> GraphColoringData {
        GraphColoringData {
            vertices: 4,
            colors: 3,
            edges: vec![[1, 2], [1, 3], [2, 3], [3, 4]],
            planted: vec![1, 2, 3, 1],
        }
    }

    /// Breaks one invariant of a valid record.
    type Break = fn(&mut GraphColoringData);

    #[test]
    fn each_broken_invariant_is_named() {
        assert_eq!(check_data(&graph()), Ok(()));
        let cases: [(Break, &str); 8] = [
            (|d| d.vertices = 0, "vertices is 0"),
            (|d| d.colors = 0, "colors is 0"),
            (|d| d.planted.pop().map(drop).unwrap_or(()), "planted has 3"),
            (|d| d.planted[2] = 4, "planted[2] is 4"),
            (|d| d.edges[3] = [4, 3], "edges[3] is [4, 3]"),
            (|d| d.edges[3] = [3, 5], "edges[3] is [3, 5]"),
            (|d| d.edges[3] = [2, 3], "sorted and distinct"),
            (|d| d.planted[3] = 3, "edge 3-4"),
        ];
        for (break_it, why) in cases {
            let mut d = graph();
            break_it(&mut d);
            let err = check_data(&d).unwrap_err();
            assert!(err.contains(why), "{why}: {err}");
        }
    }
}
