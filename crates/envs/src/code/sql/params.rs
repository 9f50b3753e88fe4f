//! `sql` params: the question tier, the table sizes and how many hidden databases at least;
//! validation and the level map.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::questions::TIER_MAX;
use verigym_core::error::{Result, check_range};
use verigym_core::params::EnvParams;

/// The fewest member rows per database.
pub const ROWS_MIN: u32 = 5;
/// The most member rows per database (records stay small: about 70 rows a database).
pub const ROWS_MAX: u32 = 30;
/// The fewest hidden databases.
pub const HIDDEN_MIN: u32 = 1;
/// The most hidden databases asked for (the generator may add more, up to its candidate pool,
/// when more are needed to refute every plausible wrong query it knows).
pub const HIDDEN_MAX: u32 = 8;

/// The knobs of an SQL problem.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct SqlParams {
    /// Which questions: 0 single-table filters, counts and orderings; 1 joins, GROUP BY, HAVING
    /// and aggregates; 2 subqueries, anti-joins, DISTINCT and LEFT JOIN with NULLs; 3 window
    /// functions and CTEs.
    #[schemars(range(min = 0, max = 3))]
    pub tier: u32,
    /// Member rows per database (group and event tables scale with it).
    #[schemars(range(min = 5, max = 30))]
    pub rows: u32,
    /// Hidden databases at least, besides the shown one.
    #[schemars(range(min = 1, max = 8))]
    pub hidden: u32,
}

impl Default for SqlParams {
    fn default() -> Self {
        Self::at_level(4.0)
    }
}

impl EnvParams for SqlParams {
    fn validate(&self) -> Result<()> {
        check_range("tier", self.tier, 0, TIER_MAX)?;
        check_range("rows", self.rows, ROWS_MIN, ROWS_MAX)?;
        check_range("hidden", self.hidden, HIDDEN_MIN, HIDDEN_MAX)
    }

    /// `tier` = 0 for levels 0–2, 1 for 3–5, 2 for 6–8, 3 for 9–10 (by ⌊L⌋); `rows` = 6 +
    /// ⌊2·L⌋ (6 to 26); `hidden` = 3 + ⌊L/5⌋ (3 to 5).
    fn at_level(level: f64) -> Self {
        let level = level.clamp(0.0, 10.0);
        SqlParams {
            tier: ((level.floor() as u32) / 3).min(TIER_MAX),
            rows: 6 + (2.0 * level).floor() as u32,
            hidden: 3 + (level / 5.0).floor() as u32,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_is_valid_and_monotone() {
        let mut prev = SqlParams::at_level(0.0);
        for i in 0..=1000 {
            let next = SqlParams::at_level(f64::from(i) / 100.0);
            next.validate().unwrap();
            assert!(next.tier >= prev.tier && next.rows >= prev.rows && next.hidden >= prev.hidden);
            prev = next;
        }
        let tiers: Vec<u32> = (0..=10)
            .map(|l| SqlParams::at_level(f64::from(l)).tier)
            .collect();
        assert_eq!(tiers, [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3]);
        assert_eq!(
            SqlParams {
                rows: 31,
                ..SqlParams::default()
            }
            .validate()
            .unwrap_err()
            .to_string(),
            "invalid value for `rows`: 31; allowed: 5 to 30"
        );
    }
}
