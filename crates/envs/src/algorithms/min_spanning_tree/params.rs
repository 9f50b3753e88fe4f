//! `min_spanning_tree` params: graph size, edge count and weights, validation and the level map.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use verigym_core::error::{Error, Result, check_range};
use verigym_core::params::EnvParams;

/// Fewest vertices.
pub const MIN_VERTICES: u32 = 4;
/// Most vertices.
pub const MAX_VERTICES: u32 = 30;
/// Most edges: keeps the prompt readable.
pub const MAX_EDGES: u32 = 150;
/// Largest edge weight.
pub const MAX_WEIGHT: u32 = 99;

/// The knobs of a random connected weighted graph.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct MinSpanningTreeParams {
    /// Number of vertices n, numbered 1 to n.
    #[schemars(range(min = 4, max = 30))]
    pub vertices: u32,
    /// Number of edges: at least n (so the graph is more than a tree and a choice is made), at
    /// most the number of vertex pairs n(n − 1)/2 and at most 150.
    #[schemars(range(min = 4, max = 150))]
    pub edges: u32,
    /// Edge weights are drawn uniformly from 1 to this.
    #[schemars(range(min = 2, max = 99))]
    pub max_weight: u32,
}

impl Default for MinSpanningTreeParams {
    fn default() -> Self {
        Self::at_level(4.0)
    }
}

impl EnvParams for MinSpanningTreeParams {
    fn validate(&self) -> Result<()> {
        check_range("vertices", self.vertices, MIN_VERTICES, MAX_VERTICES)?;
        check_range("max_weight", self.max_weight, 2, MAX_WEIGHT)?;
        let n = u64::from(self.vertices);
        let hi = (n * (n - 1) / 2).min(u64::from(MAX_EDGES));
        if u64::from(self.edges) < n || u64::from(self.edges) > hi {
            return Err(Error::param(
                "edges",
                self.edges,
                format!("{n} to {hi} (at least the vertices, at most the pairs and {MAX_EDGES})"),
            ));
        }
        Ok(())
    }

    /// | knob | value at level L |
    /// |---|---|
    /// | vertices | 4 + ⌊1.6·L⌋ (4 to 20) |
    /// | edges | vertices + ⌊vertices · L / 10⌋, at most the pairs (a tree plus one edge at level 0, about twice the vertices at level 10) |
    /// | max_weight | 9 + 9⌊L/2⌋ (9 to 54) |
    ///
    /// Every knob only grows with L.
    fn at_level(level: f64) -> Self {
        let l = level.clamp(0.0, 10.0);
        let n = 4 + (1.6 * l).floor() as u32;
        let pairs = n * (n - 1) / 2;
        MinSpanningTreeParams {
            vertices: n,
            edges: (n + (f64::from(n) * l / 10.0).floor() as u32).min(pairs),
            max_weight: 9 + 9 * (l / 2.0).floor() as u32,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_is_valid_and_monotone() {
        let mut prev = MinSpanningTreeParams::at_level(0.0);
        for i in 0..=1000 {
            let next = MinSpanningTreeParams::at_level(f64::from(i) / 100.0);
            next.validate().unwrap();
            assert!(next.vertices >= prev.vertices && next.edges >= prev.edges);
            assert!(next.max_weight >= prev.max_weight);
            prev = next;
        }
        let top = MinSpanningTreeParams::at_level(10.0);
        assert_eq!((top.vertices, top.edges, top.max_weight), (20, 40, 54));
        let err = MinSpanningTreeParams { edges: 3, ..top }
            .validate()
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "invalid value for `edges`: 3; allowed: 20 to 150 (at least the vertices, at most the pairs and 150)"
        );
    }
}
