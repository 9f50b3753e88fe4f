//! The search-effort measure: a DSATUR backtracking colorer (most-saturated vertex first,
//! a new color only as the next unused one), counting its guesses under a budget.

use super::params::{MAX_COLORS, MAX_VERTICES};

/// Guesses beyond this are not made: the count saturates, keeping generation bounded.
pub const NODE_BUDGET: u64 = 20_000;

struct Dsatur {
    /// Adjacency in compressed rows: the neighbours of v are `adj[start[v]..start[v + 1]]`.
    start: Vec<u32>,
    adj: Vec<u16>,
    k: u8,
    /// 0 = uncolored, else 1..=k.
    color: [u8; MAX_VERTICES as usize],
    /// How many neighbours of v have color c (index c); bit c of `seen[v]` is set when non-zero.
    counts: Vec<[u8; MAX_COLORS as usize + 1]>,
    seen: [u32; MAX_VERTICES as usize],
    nodes: u64,
}

/// Guesses the solver makes to find a proper coloring of the graph (`n` vertices, 0-based
/// `edges`) with at most `k` colors, capped at [`NODE_BUDGET`]. A guess is a color tried at a
/// vertex that has two or more colors open to it.
pub fn search_effort(n: usize, k: u32, edges: &[[u16; 2]]) -> u64 {
    let mut degree = vec![0u32; n + 1];
    for &[a, b] in edges {
        degree[usize::from(a)] += 1;
        degree[usize::from(b)] += 1;
    }
    let mut start = vec![0u32; n + 1];
    for v in 0..n {
        start[v + 1] = start[v] + degree[v];
    }
    let mut fill = start.clone();
    let mut adj = vec![0u16; start[n] as usize];
    for &[a, b] in edges {
        for (x, y) in [(a, b), (b, a)] {
            adj[fill[usize::from(x)] as usize] = y;
            fill[usize::from(x)] += 1;
        }
    }
    let mut s = Dsatur {
        start,
        adj,
        k: k as u8,
        color: [0; MAX_VERTICES as usize],
        counts: vec![[0; MAX_COLORS as usize + 1]; n],
        seen: [0; MAX_VERTICES as usize],
        nodes: 0,
    };
    s.solve(n, 0);
    s.nodes
}

impl Dsatur {
    fn neighbours(&self, v: usize) -> &[u16] {
        &self.adj[self.start[v] as usize..self.start[v + 1] as usize]
    }

    fn set(&mut self, v: usize, c: u8) {
        self.color[v] = c;
        for i in self.start[v]..self.start[v + 1] {
            let u = usize::from(self.adj[i as usize]);
            self.counts[u][usize::from(c)] += 1;
            self.seen[u] |= 1 << c;
        }
    }

    fn unset(&mut self, v: usize, c: u8) {
        self.color[v] = 0;
        for i in self.start[v]..self.start[v + 1] {
            let u = usize::from(self.adj[i as usize]);
            self.counts[u][usize::from(c)] -= 1;
            if self.counts[u][usize::from(c)] == 0 {
                self.seen[u] &= !(1 << c);
            }
        }
    }

    /// True once every vertex is colored (or the budget ran out).
    fn solve(&mut self, left: usize, used: u8) -> bool {
        if left == 0 || self.nodes >= NODE_BUDGET {
            return true;
        }
        // Most distinct neighbour colors first, then highest degree, then lowest index.
        let mut best = usize::MAX;
        let mut key = (0u32, 0usize);
        for v in 0..self.color.len().min(self.counts.len()) {
            if self.color[v] != 0 {
                continue;
            }
            let k = (self.seen[v].count_ones(), self.neighbours(v).len());
            if best == usize::MAX || k > key {
                best = v;
                key = k;
            }
        }
        let v = best;
        let top = (used + 1).min(self.k);
        let mut open = ((1u32 << (top + 1)) - 2) & !self.seen[v];
        let guessing = open.count_ones() > 1;
        while open != 0 {
            let c = open.trailing_zeros() as u8;
            open &= open - 1;
            if guessing {
                self.nodes += 1;
            }
            self.set(v, c);
            if self.solve(left - 1, used.max(c)) {
                return true;
            }
            self.unset(v, c);
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bipartite_path_needs_no_guess_after_the_first_colors() {
        let edges = [[0, 1], [1, 2], [2, 3]];
        assert_eq!(search_effort(4, 2, &edges), 0);
    }

    #[test]
    fn an_odd_cycle_with_two_colors_is_exhausted_within_budget() {
        let edges = [[0, 1], [1, 2], [2, 0]];
        // Symmetry breaking leaves one way to try; it fails without guessing.
        assert_eq!(search_effort(3, 2, &edges), 0);
        let effort = search_effort(5, 3, &[[0, 1], [1, 2], [2, 3], [3, 4], [4, 0]]);
        assert!(effort < 10, "{effort}");
    }
}
