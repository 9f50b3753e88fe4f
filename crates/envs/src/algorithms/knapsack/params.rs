//! `knapsack` params: item count, weight and value ranges, and capacity, their validation, and
//! the difficulty mapping.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use verigym_core::error::{Result, check_range};
use verigym_core::params::EnvParams;

/// Most items.
pub const MAX_ITEMS: u32 = 40;
/// Largest item weight.
pub const MAX_WEIGHT: u32 = 99;
/// Largest item value.
pub const MAX_VALUE: u32 = 99;

/// The knobs of a random 0/1 knapsack instance.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct KnapsackParams {
    /// Number of items, numbered 1 to n.
    #[schemars(range(min = 3, max = 40))]
    pub items: u32,
    /// Item weights are drawn uniformly from 1 to this.
    #[schemars(range(min = 1, max = 99))]
    pub max_weight: u32,
    /// Item values are drawn uniformly from 1 to this.
    #[schemars(range(min = 1, max = 99))]
    pub max_value: u32,
    /// The capacity as a percentage of the items' total weight, rounded down, and at least the
    /// heaviest item's weight (so every item fits on its own).
    #[schemars(range(min = 10, max = 90))]
    pub capacity_percent: u32,
}

impl Default for KnapsackParams {
    fn default() -> Self {
        KnapsackParams {
            items: 10,
            max_weight: 30,
            max_value: 30,
            capacity_percent: 50,
        }
    }
}

impl EnvParams for KnapsackParams {
    fn validate(&self) -> Result<()> {
        check_range("items", self.items, 3, MAX_ITEMS)?;
        check_range("max_weight", self.max_weight, 1, MAX_WEIGHT)?;
        check_range("max_value", self.max_value, 1, MAX_VALUE)?;
        check_range("capacity_percent", self.capacity_percent, 10, 90)
    }

    /// | level | items | max_weight | max_value | capacity_percent |
    /// |---|---|---|---|---|
    /// | 0 ≤ L < 5 | 4 + 2·⌊L⌋ (4 to 12) | 20 | 20 | 50 |
    /// | 5 ≤ L ≤ 10 | 〃 (14 to 24) | 50 | 50 | 50 |
    ///
    /// More items mean more subsets to weigh; wider ranges make the value-per-weight greedy
    /// choice miss the optimum more often and the sums harder to track.
    fn at_level(level: f64) -> Self {
        let step = level.floor() as u32;
        let range = if step < 5 { 20 } else { 50 };
        KnapsackParams {
            items: 4 + 2 * step,
            max_weight: range,
            max_value: range,
            capacity_percent: 50,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use verigym_core::params::{LEVEL_MAX, LEVEL_MIN};

    #[test]
    fn defaults_and_every_level_are_valid_and_monotone() {
        KnapsackParams::default().validate().unwrap();
        let mut prev = KnapsackParams::at_level(LEVEL_MIN);
        let mut level = LEVEL_MIN;
        while level <= LEVEL_MAX {
            let next = KnapsackParams::at_level(level);
            next.validate().unwrap();
            assert!(next.items >= prev.items && next.max_weight >= prev.max_weight);
            assert!(next.max_value >= prev.max_value);
            prev = next;
            level += 0.05;
        }
        assert_eq!(KnapsackParams::at_level(10.0).items, 24);
    }

    #[test]
    fn errors_name_field_value_and_range() {
        let p = KnapsackParams {
            items: 41,
            ..Default::default()
        };
        assert_eq!(
            p.validate().unwrap_err().to_string(),
            "invalid value for `items`: 41; allowed: 3 to 40"
        );
        let p = KnapsackParams {
            capacity_percent: 95,
            ..Default::default()
        };
        assert!(
            p.validate()
                .unwrap_err()
                .to_string()
                .contains("capacity_percent")
        );
    }
}
