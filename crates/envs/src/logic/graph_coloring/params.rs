//! `graph_coloring` params: vertices, colors and edge density, their validation, and the
//! difficulty mapping.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use verigym_core::error::{Error, Result, check_range};
use verigym_core::params::EnvParams;

/// Most vertices in a graph; the verifier reads answers into a fixed array of this size.
pub const MAX_VERTICES: u32 = 200;
/// Most colors.
pub const MAX_COLORS: u32 = 16;

/// The knobs of a graph with a planted proper coloring.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct GraphColoringParams {
    /// Number of vertices n, numbered 1 to n.
    #[schemars(range(min = 2, max = 200))]
    pub vertices: u32,
    /// Number of colors k. The planted coloring uses every one of them; any proper coloring
    /// with at most k colors is accepted. At most the number of vertices.
    #[schemars(range(min = 2, max = 16))]
    pub colors: u32,
    /// Edge density: the percentage of vertex pairs with different planted colors that are
    /// joined by an edge, rounded down, and at least one edge.
    #[schemars(range(min = 1, max = 100))]
    pub edge_percent: u32,
}

impl Default for GraphColoringParams {
    fn default() -> Self {
        GraphColoringParams {
            vertices: 12,
            colors: 3,
            edge_percent: 40,
        }
    }
}

impl EnvParams for GraphColoringParams {
    fn validate(&self) -> Result<()> {
        check_range("vertices", self.vertices, 2, MAX_VERTICES)?;
        check_range("colors", self.colors, 2, MAX_COLORS)?;
        if self.colors > self.vertices {
            return Err(Error::param(
                "colors",
                self.colors,
                format!("2 to {} (at most the number of vertices)", self.vertices),
            ));
        }
        check_range("edge_percent", self.edge_percent, 1, 100)
    }

    /// | level | vertices | colors | edge_percent |
    /// |---|---|---|---|
    /// | 0 ≤ L < 2 | 5 + 2·⌊L⌋ (5, 7) | 2 | 40 |
    /// | 2 ≤ L < 6 | 〃 (9 to 15) | 3 | 40 |
    /// | 6 ≤ L ≤ 10 | 〃 (17 to 25) | 4 | 40 |
    ///
    /// Density stays fixed: a denser graph has fewer proper colorings but is also easier to
    /// propagate through, so density alone does not order difficulty. Size and colors only grow.
    fn at_level(level: f64) -> Self {
        let step = level.floor() as u32;
        let colors = match step {
            0..2 => 2,
            2..6 => 3,
            _ => 4,
        };
        GraphColoringParams {
            vertices: 5 + 2 * step,
            colors,
            edge_percent: 40,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use verigym_core::params::{LEVEL_MAX, LEVEL_MIN};

    #[test]
    fn defaults_and_every_level_are_valid() {
        GraphColoringParams::default().validate().unwrap();
        let mut level = LEVEL_MIN;
        while level <= LEVEL_MAX {
            GraphColoringParams::at_level(level).validate().unwrap();
            level += 0.05;
        }
    }

    #[test]
    fn level_mapping_is_monotone() {
        let mut prev = GraphColoringParams::at_level(LEVEL_MIN);
        for i in 1..=1000 {
            let next = GraphColoringParams::at_level(f64::from(i) / 100.0);
            assert!(next.vertices >= prev.vertices);
            assert!(next.colors >= prev.colors);
            assert!(next.edge_percent >= prev.edge_percent);
            prev = next;
        }
        assert_eq!(GraphColoringParams::at_level(10.0).vertices, 25);
    }

    #[test]
    fn errors_name_field_value_and_range() {
        let p = GraphColoringParams {
            vertices: 201,
            ..Default::default()
        };
        assert_eq!(
            p.validate().unwrap_err().to_string(),
            "invalid value for `vertices`: 201; allowed: 2 to 200"
        );
        let p = GraphColoringParams {
            vertices: 3,
            colors: 4,
            ..Default::default()
        };
        assert_eq!(
            p.validate().unwrap_err().to_string(),
            "invalid value for `colors`: 4; allowed: 2 to 3 (at most the number of vertices)"
        );
        let p = GraphColoringParams {
            edge_percent: 0,
            ..Default::default()
        };
        assert!(
            p.validate()
                .unwrap_err()
                .to_string()
                .contains("edge_percent")
        );
    }
}
