//! `shortest_path` params: graph size, edge count, weights and direction, their validation, and
//! the difficulty mapping.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use verigym_core::error::{Error, Result, check_range};
use verigym_core::params::EnvParams;

/// Most vertices in a graph.
pub const MAX_VERTICES: u32 = 100;
/// Most edges in a graph: keeps the prompt readable.
pub const MAX_EDGES: u32 = 1000;
/// Largest edge cost.
pub const MAX_WEIGHT: u32 = 99;

/// The knobs of a random weighted graph with a source and a target.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct ShortestPathParams {
    /// Number of vertices n, numbered 1 to n.
    #[schemars(range(min = 3, max = 100))]
    pub vertices: u32,
    /// Number of edges: at least n − 1 (a random spanning tree out of the source keeps every
    /// vertex reachable), at most the number of vertex pairs (n(n − 1), halved when undirected)
    /// and at most 1000.
    #[schemars(range(min = 2, max = 1000))]
    pub edges: u32,
    /// Edge costs are drawn uniformly from 1 to this.
    #[schemars(range(min = 1, max = 99))]
    pub max_weight: u32,
    /// Whether edges are one-way (`u -> v`); otherwise they can be travelled both ways.
    pub directed: bool,
}

impl Default for ShortestPathParams {
    fn default() -> Self {
        ShortestPathParams {
            vertices: 10,
            edges: 20,
            max_weight: 20,
            directed: false,
        }
    }
}

impl ShortestPathParams {
    /// How many distinct edges the graph can hold.
    pub fn max_pairs(&self) -> u64 {
        let n = u64::from(self.vertices);
        let ordered = n * n.saturating_sub(1);
        if self.directed { ordered } else { ordered / 2 }
    }
}

impl EnvParams for ShortestPathParams {
    fn validate(&self) -> Result<()> {
        check_range("vertices", self.vertices, 3, MAX_VERTICES)?;
        check_range("max_weight", self.max_weight, 1, MAX_WEIGHT)?;
        let hi = self.max_pairs().min(u64::from(MAX_EDGES));
        let lo = u64::from(self.vertices - 1);
        if !(lo..=hi).contains(&u64::from(self.edges)) {
            return Err(Error::param(
                "edges",
                self.edges,
                format!(
                    "{lo} to {hi} (at least vertices − 1, at most the {} vertex pairs and {MAX_EDGES})",
                    if self.directed {
                        "ordered"
                    } else {
                        "unordered"
                    }
                ),
            ));
        }
        Ok(())
    }

    /// | level | vertices | edges | max_weight | directed |
    /// |---|---|---|---|---|
    /// | 0 ≤ L < 5 | 5 + 2·⌊L⌋ (5 to 13) | 2 · vertices | 9 | no |
    /// | 5 ≤ L ≤ 10 | 〃 (15 to 25) | 〃 | 20 | yes |
    ///
    /// Bigger graphs mean longer paths and more candidates to compare; wider weights make
    /// "fewest edges" a worse guide to "least cost"; one-way edges remove detours that an
    /// undirected graph allows.
    fn at_level(level: f64) -> Self {
        let step = level.floor() as u32;
        let vertices = 5 + 2 * step;
        ShortestPathParams {
            vertices,
            edges: 2 * vertices,
            max_weight: if step < 5 { 9 } else { 20 },
            directed: step >= 5,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use verigym_core::params::{LEVEL_MAX, LEVEL_MIN};

    #[test]
    fn defaults_and_every_level_are_valid() {
        ShortestPathParams::default().validate().unwrap();
        let mut level = LEVEL_MIN;
        while level <= LEVEL_MAX {
            ShortestPathParams::at_level(level).validate().unwrap();
            level += 0.05;
        }
    }

    #[test]
    fn level_mapping_is_monotone() {
        let mut prev = ShortestPathParams::at_level(LEVEL_MIN);
        for i in 1..=1000 {
            let next = ShortestPathParams::at_level(f64::from(i) / 100.0);
            assert!(next.vertices >= prev.vertices && next.edges >= prev.edges);
            assert!(next.max_weight >= prev.max_weight && next.directed >= prev.directed);
            prev = next;
        }
        assert_eq!(ShortestPathParams::at_level(10.0).vertices, 25);
    }

    #[test]
    fn errors_name_field_value_and_range() {
        let p = ShortestPathParams {
            vertices: 101,
            ..Default::default()
        };
        assert_eq!(
            p.validate().unwrap_err().to_string(),
            "invalid value for `vertices`: 101; allowed: 3 to 100"
        );
        let p = ShortestPathParams {
            vertices: 4,
            edges: 7,
            ..Default::default()
        };
        assert_eq!(
            p.validate().unwrap_err().to_string(),
            "invalid value for `edges`: 7; allowed: 3 to 6 (at least vertices − 1, at most the \
             unordered vertex pairs and 1000)"
        );
        let p = ShortestPathParams {
            vertices: 4,
            edges: 12,
            directed: true,
            ..Default::default()
        };
        p.validate().unwrap();
        let p = ShortestPathParams {
            max_weight: 0,
            ..Default::default()
        };
        assert!(p.validate().unwrap_err().to_string().contains("max_weight"));
    }
}
