//! The prompt text of a `shortest_path` problem and the canonical answer form.

use std::fmt::Write;

use super::ShortestPathData;

/// Renders the full prompt, including the answer-format instructions.
pub fn render(data: &ShortestPathData) -> String {
    let (n, m, s, t) = (data.vertices, data.edges.len(), data.source, data.target);
    let mut out = String::with_capacity(640 + 12 * m);
    let (kind, link, rule) = if data.directed {
        (
            "directed",
            "->",
            "`u->v (w)` is a one-way edge: it can be travelled from u to v only, at cost w",
        )
    } else {
        (
            "undirected",
            "-",
            "`u-v (w)` is an edge that can be travelled either way, at cost w",
        )
    };
    let _ = writeln!(
        out,
        "This {kind} weighted graph has {n} vertices, numbered 1 to {n}, and these {m} edges, where \
         {rule}:"
    );
    for (i, &[u, v, w]) in data.edges.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "{u}{link}{v} ({w})");
    }
    let _ = write!(
        out,
        "\nFind a shortest path from vertex {s} to vertex {t}: a sequence of edges from {s} to {t} \
         whose costs add up to the least possible total. Any shortest path is accepted. Give the \
         vertices of the path in order, from {s} to {t}, and its total cost, as \
         <answer>{s} -> … -> {t}; cost C</answer>. The cost is required and must be the sum of \
         the path's edge costs."
    );
    out
}

/// `3 -> 7 -> 1; cost 12`.
pub fn answer_text(path: &[u32], cost: u64) -> String {
    let mut s = String::with_capacity(path.len() * 5 + 12);
    for (i, v) in path.iter().enumerate() {
        if i > 0 {
            s.push_str(" -> ");
        }
        let _ = write!(s, "{v}");
    }
    let _ = write!(s, "; cost {cost}");
    s
}
