//! The minimum spanning tree's weight by Kruskal's algorithm (edges by weight, a union–find
//! forest), and the connectivity it proves on the way.

/// The total weight of a minimum spanning tree of the graph on vertices 1 to `n` with these
/// `(u, v, weight)` edges, or `None` when the graph is not connected.
pub fn mst_weight(n: u32, edges: &[[u32; 3]]) -> Option<u64> {
    let mut order: Vec<&[u32; 3]> = edges.iter().collect();
    // Stable, so equal weights keep the record's order: the weight does not depend on it.
    order.sort_by_key(|e| e[2]);
    let mut parent: Vec<u32> = (0..=n).collect();
    fn root(parent: &mut [u32], mut v: u32) -> u32 {
        while parent[v as usize] != v {
            let up = parent[parent[v as usize] as usize];
            parent[v as usize] = up;
            v = up;
        }
        v
    }
    let (mut total, mut joined) = (0u64, 0u32);
    for &&[u, v, w] in &order {
        let (a, b) = (root(&mut parent, u), root(&mut parent, v));
        if a != b {
            parent[a as usize] = b;
            total += u64::from(w);
            joined += 1;
        }
    }
    (joined + 1 == n).then_some(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_square_with_a_diagonal() {
        // A square with a diagonal: the three edges of weight 1 (1-2, 3-4, 1-3) already span it.
        let edges = [[1, 2, 1], [2, 3, 2], [3, 4, 1], [4, 1, 3], [1, 3, 1]];
        assert_eq!(mst_weight(4, &edges), Some(3));
        assert_eq!(mst_weight(5, &edges), None);
    }
}
