//! Dijkstra's algorithm on the small dense graphs of `shortest_path`: the generator's solver,
//! O(n²) with an array instead of a heap (n ≤ 100).

/// Every vertex's distance from the source, and the tree of shortest paths.
pub struct Tree {
    /// Entry i: least cost from the source to vertex i + 1 (`u64::MAX` if unreachable).
    pub distances: Vec<u64>,
    /// Entry i: edges on the tree path to vertex i + 1.
    pub hops: Vec<u32>,
    /// Entry i: the vertex before i + 1 on its tree path (0 for the source).
    parent: Vec<u32>,
}

impl Tree {
    /// The tree path from the source to `target`, source first.
    pub fn path_to(&self, target: u32) -> Vec<u32> {
        let mut path = vec![target];
        let mut v = target;
        while self.parent[v as usize - 1] != 0 {
            v = self.parent[v as usize - 1];
            path.push(v);
        }
        path.reverse();
        path
    }
}

/// Shortest paths from `source` over `edges` ([u, v, cost], 1-based). Among equal-cost paths
/// the one with fewer edges wins, then the lower-numbered parent, so the tree is deterministic.
pub fn solve(vertices: u32, directed: bool, edges: &[[u32; 3]], source: u32) -> Tree {
    let n = vertices as usize;
    let mut adjacency: Vec<Vec<(u32, u64)>> = vec![Vec::new(); n];
    for &[u, v, w] in edges {
        adjacency[u as usize - 1].push((v, u64::from(w)));
        if !directed {
            adjacency[v as usize - 1].push((u, u64::from(w)));
        }
    }
    let mut tree = Tree {
        distances: vec![u64::MAX; n],
        hops: vec![0; n],
        parent: vec![0; n],
    };
    let mut done = vec![false; n];
    tree.distances[source as usize - 1] = 0;
    for _ in 0..n {
        let Some(u) = (0..n)
            .filter(|&i| !done[i] && tree.distances[i] != u64::MAX)
            .min_by_key(|&i| (tree.distances[i], tree.hops[i], i))
        else {
            break;
        };
        done[u] = true;
        for &(v, w) in &adjacency[u] {
            let v = v as usize - 1;
            let candidate = (tree.distances[u] + w, tree.hops[u] + 1, u as u32 + 1);
            if !done[v] && candidate < (tree.distances[v], tree.hops[v], tree.parent[v]) {
                (tree.distances[v], tree.hops[v], tree.parent[v]) = candidate;
            }
        }
    }
    tree
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefers_cheap_then_short_paths() {
        // 1-2 (1), 2-3 (1), 1-3 (2): two paths of cost 2 to vertex 3; the one-edge path wins.
        let tree = solve(4, false, &[[1, 2, 1], [1, 3, 2], [2, 3, 1], [3, 4, 5]], 1);
        assert_eq!(tree.distances, vec![0, 1, 2, 7]);
        assert_eq!(tree.path_to(4), vec![1, 3, 4]);
        assert_eq!(tree.hops, vec![0, 1, 1, 2]);
        // One-way edges are not travelled backwards.
        let tree = solve(3, true, &[[2, 1, 1], [1, 3, 4], [3, 2, 1]], 1);
        assert_eq!(tree.distances, vec![0, 5, 4]);
        assert_eq!(tree.path_to(2), vec![1, 3, 2]);
    }
}
