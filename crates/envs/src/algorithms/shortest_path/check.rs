//! The invariants of a `shortest_path` record, checked before any answer is judged: a record
//! that breaks one is a verifier error, never the model's fault. They include the optimality
//! certificate, so a record whose `cost` is not the optimum is refused too.

use super::ShortestPathData;
use super::params::{MAX_VERTICES, MAX_WEIGHT};

/// The cost of the edge from `u` to `v` (either way when undirected), if there is one.
pub fn edge_cost(data: &ShortestPathData, u: u32, v: u32) -> Option<u32> {
    let key = if data.directed {
        (u, v)
    } else {
        (u.min(v), u.max(v))
    };
    data.edges
        .binary_search_by(|e| (e[0], e[1]).cmp(&key))
        .ok()
        .map(|i| data.edges[i][2])
}

/// Checks sizes and ranges, that edges are sorted and distinct, the certificate (distance 0 at
/// the source, no edge that shortens any distance), and that the reference path is a path from
/// source to target whose cost is `cost` and equals the target's distance. Together these prove
/// `cost` is the least cost of any path.
pub fn check_data(data: &ShortestPathData) -> Result<(), String> {
    let n = data.vertices;
    if !(2..=MAX_VERTICES).contains(&n) {
        return Err(format!("vertices is {n}; allowed 2 to {MAX_VERTICES}"));
    }
    for (name, v) in [("source", data.source), ("target", data.target)] {
        if !(1..=n).contains(&v) {
            return Err(format!("{name} is {v}; vertices are 1 to {n}"));
        }
    }
    if data.source == data.target {
        return Err("source and target are the same vertex".into());
    }
    if data.distances.len() != n as usize {
        return Err(format!(
            "distances has {} entries; it needs one per vertex ({n})",
            data.distances.len()
        ));
    }
    let dist = |v: u32| data.distances[v as usize - 1];
    if dist(data.source) != 0 {
        return Err("the distance of the source is not 0".into());
    }
    let mut previous = (0, 0);
    for (i, &[u, v, w]) in data.edges.iter().enumerate() {
        let ends_ok = (1..=n).contains(&u) && (1..=n).contains(&v) && u != v;
        if !ends_ok || (!data.directed && u > v) {
            return Err(format!(
                "edges[{i}] joins {u} and {v}; vertices are 1 to {n}, no loops, u < v when undirected"
            ));
        }
        if (u, v) <= previous {
            return Err(format!(
                "edges[{i}] is not after edges[{}]; edges are sorted and distinct",
                i.saturating_sub(1)
            ));
        }
        previous = (u, v);
        if !(1..=MAX_WEIGHT).contains(&w) {
            return Err(format!("edges[{i}] costs {w}; costs are 1 to {MAX_WEIGHT}"));
        }
        let w = u64::from(w);
        let shortens = |a: u32, b: u32| dist(a).checked_add(w).is_some_and(|d| d < dist(b));
        if shortens(u, v) || (!data.directed && shortens(v, u)) {
            return Err(format!(
                "edge {u}-{v} shortens a distance; the certificate is wrong"
            ));
        }
    }
    let path = &data.path;
    if path.first() != Some(&data.source) || path.last() != Some(&data.target) {
        return Err("the reference path does not run from source to target".into());
    }
    let mut total = 0u64;
    for step in path.windows(2) {
        let Some(w) = edge_cost(data, step[0], step[1]) else {
            return Err(format!(
                "the reference path uses a missing edge {}-{}",
                step[0], step[1]
            ));
        };
        total += u64::from(w);
    }
    if total != data.cost || dist(data.target) != data.cost {
        return Err(format!(
            "the reference path costs {total}, the target's distance is {}, and cost is {}; all three must agree",
            dist(data.target),
            data.cost
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 1-2 (1), 2-3 (1), 1-3 (5), 3-4 (2): the shortest path 1-2-3-4 costs 4.
    pub(crate) fn graph() -> ShortestPathData {
        ShortestPathData {
            vertices: 4,
            directed: false,
            edges: vec![[1, 2, 1], [1, 3, 5], [2, 3, 1], [3, 4, 2]],
            source: 1,
            target: 4,
            cost: 4,
            distances: vec![0, 1, 2, 4],
            path: vec![1, 2, 3, 4],
        }
    }

    type Break = fn(&mut ShortestPathData);

    #[test]
    fn each_broken_invariant_is_named() {
        assert_eq!(check_data(&graph()), Ok(()));
        let cases: [(Break, &str); 11] = [
            (|d| d.vertices = 1, "vertices is 1"),
            (|d| d.target = 9, "target is 9"),
            (|d| d.target = 1, "same vertex"),
            (
                |d| d.distances.pop().map(drop).unwrap_or(()),
                "distances has 3",
            ),
            (|d| d.distances[0] = 1, "source is not 0"),
            (|d| d.edges[1] = [3, 1, 5], "edges[1] joins 3 and 1"),
            (|d| d.edges[2] = [1, 2, 1], "sorted and distinct"),
            (|d| d.edges[3][2] = 0, "costs 0"),
            // A claimed optimum that a cheaper path beats: the certificate catches it.
            (
                |d| {
                    d.edges[1][2] = 1;
                },
                "edge 1-3 shortens",
            ),
            (|d| d.path = vec![1, 3, 4], "the reference path costs 7"),
            (|d| d.path = vec![1, 4], "missing edge 1-4"),
        ];
        for (break_it, why) in cases {
            let mut d = graph();
            break_it(&mut d);
            let err = check_data(&d).unwrap_err();
            assert!(err.contains(why), "{why}: {err}");
        }
    }
}
