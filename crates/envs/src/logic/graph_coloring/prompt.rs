//! The prompt text of a `graph_coloring` problem and the canonical answer form.

use std::fmt::Write;

use super::GraphColoringData;

/// Renders the full prompt, including the answer-format instructions.
pub fn render(data: &GraphColoringData) -> String {
    let (n, k, m) = (data.vertices, data.colors, data.edges.len());
    let mut s = String::with_capacity(480 + 9 * m);
    let _ = writeln!(
        s,
        "Color the vertices of this undirected graph with at most {k} colors, numbered 1 to {k}, \
         so that the two ends of every edge get different colors. The graph has {n} vertices, \
         numbered 1 to {n}, and these {m} edges:"
    );
    for (i, &[u, v]) in data.edges.iter().enumerate() {
        if i > 0 {
            s.push_str(", ");
        }
        let _ = write!(s, "{u}-{v}");
    }
    let _ = write!(
        s,
        "\nAny valid coloring is accepted. Give it as <answer>1: C, 2: C, …, {n}: C</answer>, \
         listing every vertex exactly once as `vertex: color`, in any order, with the pairs \
         separated by commas or new lines."
    );
    s
}

/// `1: 2, 2: 1, 3: 3`: the coloring with entry i the color of vertex i + 1.
pub fn coloring_text(colors: &[u8]) -> String {
    let mut s = String::with_capacity(colors.len() * 7);
    for (i, c) in colors.iter().enumerate() {
        if i > 0 {
            s.push_str(", ");
        }
        let _ = write!(s, "{}: {c}", i + 1);
    }
    s
}
