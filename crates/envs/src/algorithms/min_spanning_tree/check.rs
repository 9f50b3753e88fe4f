//! The invariants of a `min_spanning_tree` record, checked before any answer is judged: a record
//! that breaks one is a verifier error, never the model's fault.

use super::MinSpanningTreeData;
use super::kruskal::mst_weight;
use super::params::{MAX_EDGES, MAX_VERTICES, MAX_WEIGHT, MIN_VERTICES};

/// 4 to 30 vertices; n to 150 distinct edges `[u, v, w]` with 1 ≤ u < v ≤ n and 1 ≤ w ≤ 99, in
/// (u, v) order; a connected graph; and the stored weight the minimum spanning tree's.
pub fn check_data(data: &MinSpanningTreeData) -> Result<(), String> {
    let n = data.vertices;
    if !(MIN_VERTICES..=MAX_VERTICES).contains(&n) {
        return Err(format!(
            "{n} vertices; allowed {MIN_VERTICES} to {MAX_VERTICES}"
        ));
    }
    let m = data.edges.len();
    if m < n as usize || m > MAX_EDGES as usize {
        return Err(format!("{m} edges; allowed {n} to {MAX_EDGES}"));
    }
    for &[u, v, w] in &data.edges {
        if !(1 <= u && u < v && v <= n && (1..=MAX_WEIGHT).contains(&w)) {
            return Err(format!(
                "edge {u}-{v} ({w}) is not a pair 1 ≤ u < v ≤ {n} of weight 1 to {MAX_WEIGHT}"
            ));
        }
    }
    if !data
        .edges
        .windows(2)
        .all(|w| [w[0][0], w[0][1]] < [w[1][0], w[1][1]])
    {
        return Err("the edges are not distinct pairs in (u, v) order".to_owned());
    }
    match mst_weight(n, &data.edges) {
        None => Err("the graph is not connected: it has no spanning tree".to_owned()),
        Some(w) if w != data.weight => Err(format!(
            "the stored weight {} is not the minimum spanning tree's ({w})",
            data.weight
        )),
        Some(_) => Ok(()),
    }
}
