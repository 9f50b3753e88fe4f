//! The prompt text of a `min_spanning_tree` problem.

use std::fmt::Write;

use super::MinSpanningTreeData;

/// Renders the full prompt: the edges, what a minimum spanning tree is, and the answer form.
pub fn render(data: &MinSpanningTreeData) -> String {
    let mut s = String::with_capacity(300 + 12 * data.edges.len());
    let edges: Vec<String> = data
        .edges
        .iter()
        .map(|[u, v, w]| format!("{u}-{v} ({w})"))
        .collect();
    // `write!` to a String cannot fail.
    let _ = write!(
        s,
        "An undirected graph has vertices 1 to {n} and these {m} edges, each written u-v (weight):\n{}\n\
         A spanning tree is a set of {t} edges that connects all {n} vertices without a cycle; its \
         weight is the sum of its edges' weights. What is the smallest weight a spanning tree of this \
         graph can have? Give that total weight as one integer, as <answer>42</answer>.",
        edges.join(", "),
        n = data.vertices,
        m = data.edges.len(),
        t = data.vertices - 1,
    );
    s
}
