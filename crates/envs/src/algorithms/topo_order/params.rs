//! `topo_order` params: task count, dependency density and the answer mode, their validation,
//! and the difficulty mapping.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use verigym_core::error::{Result, check_range};
use verigym_core::params::EnvParams;

/// Most tasks.
pub const MAX_TASKS: u32 = 60;

/// The knobs of a random dependency graph (a DAG) over numbered tasks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct TopoOrderParams {
    /// Number of tasks, numbered 1 to n.
    #[schemars(range(min = 3, max = 60))]
    pub tasks: u32,
    /// Dependency density: the percentage of the n(n − 1)/2 pairs that are ordered by a hidden
    /// random order which carry a dependency, rounded down, and at least one.
    #[schemars(range(min = 1, max = 100))]
    pub edge_percent: u32,
    /// When true, only the lexicographically smallest valid order is accepted (one answer);
    /// when false (the default), any valid order is.
    pub lexicographic: bool,
}

impl Default for TopoOrderParams {
    fn default() -> Self {
        TopoOrderParams {
            tasks: 10,
            edge_percent: 20,
            lexicographic: false,
        }
    }
}

impl EnvParams for TopoOrderParams {
    fn validate(&self) -> Result<()> {
        check_range("tasks", self.tasks, 3, MAX_TASKS)?;
        check_range("edge_percent", self.edge_percent, 1, 100)
    }

    /// | level | tasks | edge_percent | lexicographic |
    /// |---|---|---|---|
    /// | 0 ≤ L ≤ 10 | 5 + 3·⌊L⌋ (5 to 35) | 20 | no |
    ///
    /// Only the size grows: a denser graph has fewer valid orders but also fewer choices to get
    /// wrong, so density alone does not order difficulty; the lexicographic mode is opt-in.
    fn at_level(level: f64) -> Self {
        TopoOrderParams {
            tasks: 5 + 3 * level.floor() as u32,
            edge_percent: 20,
            lexicographic: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use verigym_core::params::{LEVEL_MAX, LEVEL_MIN};

    #[test]
    fn defaults_and_every_level_are_valid_and_monotone() {
        TopoOrderParams::default().validate().unwrap();
        let mut prev = TopoOrderParams::at_level(LEVEL_MIN);
        let mut level = LEVEL_MIN;
        while level <= LEVEL_MAX {
            let next = TopoOrderParams::at_level(level);
            next.validate().unwrap();
            assert!(next.tasks >= prev.tasks && next.edge_percent >= prev.edge_percent);
            prev = next;
            level += 0.05;
        }
        assert_eq!(TopoOrderParams::at_level(10.0).tasks, 35);
    }

    #[test]
    fn errors_name_field_value_and_range() {
        let p = TopoOrderParams {
            tasks: 61,
            ..Default::default()
        };
        assert_eq!(
            p.validate().unwrap_err().to_string(),
            "invalid value for `tasks`: 61; allowed: 3 to 60"
        );
        let p = TopoOrderParams {
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
