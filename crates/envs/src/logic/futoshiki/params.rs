//! `futoshiki` params: size, inequality density and givens, their validation, and the level map.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use verigym_core::error::{Error, Result, check_range};
use verigym_core::params::EnvParams;

/// Smallest side length.
pub const MIN_SIZE: u8 = 3;
/// Largest side length.
pub const MAX_SIZE: u8 = 8;

/// The knobs of a futoshiki puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct FutoshikiParams {
    /// Side length n: the grid is n×n and holds the digits 1 to n.
    #[schemars(range(min = 3, max = 8))]
    pub size: u8,
    /// The percentage of pairs of adjacent cells (in a row or a column) that carry an inequality
    /// sign, each pair drawn independently.
    #[schemars(range(min = 0, max = 100))]
    pub sign_percent: u32,
    /// Target number of given digits. Givens are removed in random order while the solution
    /// stays unique, until this many remain; when no further given can go the puzzle keeps more,
    /// and the record says how many. At most n².
    #[schemars(range(min = 0, max = 64))]
    pub givens: u32,
}

impl Default for FutoshikiParams {
    fn default() -> Self {
        Self::at_level(5.0)
    }
}

impl EnvParams for FutoshikiParams {
    fn validate(&self) -> Result<()> {
        check_range("size", self.size, MIN_SIZE, MAX_SIZE)?;
        check_range("sign_percent", self.sign_percent, 0, 100)?;
        let cells = u32::from(self.size).pow(2);
        if self.givens > cells {
            return Err(Error::param(
                "givens",
                self.givens,
                format!("0 to {cells} for size {}", self.size),
            ));
        }
        Ok(())
    }

    /// | level | size | sign_percent | givens (target) |
    /// |---|---|---|---|
    /// | 0 ≤ L < 1 | 4 | 40 | 6 |
    /// | 1 ≤ L < 2 | 4 | 30 | 3 |
    /// | 2 ≤ L < 3 | 5 | 40 | 6 |
    /// | 3 ≤ L < 4 | 5 | 30 | 3 |
    /// | 4 ≤ L < 5 | 5 | 25 | 0 |
    /// | 5 ≤ L < 6 | 6 | 35 | 4 |
    /// | 6 ≤ L < 7 | 6 | 30 | 2 |
    /// | 7 ≤ L < 8 | 6 | 25 | 0 |
    /// | 8 ≤ L < 9 | 7 | 30 | 4 |
    /// | 9 ≤ L < 10 | 7 | 25 | 2 |
    /// | L = 10 | 7 | 20 | 0 |
    ///
    /// Size and the target number of blanks (n² − givens) never decrease with L; within one size
    /// the sign density never increases. Givens left above the target (when no more can go
    /// without losing uniqueness) are recorded in `given_count`.
    fn at_level(level: f64) -> Self {
        const TABLE: [(u8, u32, u32); 11] = [
            (4, 40, 6),
            (4, 30, 3),
            (5, 40, 6),
            (5, 30, 3),
            (5, 25, 0),
            (6, 35, 4),
            (6, 30, 2),
            (6, 25, 0),
            (7, 30, 4),
            (7, 25, 2),
            (7, 20, 0),
        ];
        let (size, sign_percent, givens) = TABLE[(level.floor() as usize).min(TABLE.len() - 1)];
        FutoshikiParams {
            size,
            sign_percent,
            givens,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use verigym_core::params::{LEVEL_MAX, LEVEL_MIN};

    #[test]
    fn every_level_is_valid_and_the_map_monotone() {
        let blanks = |p: &FutoshikiParams| u32::from(p.size).pow(2) - p.givens;
        let mut prev = FutoshikiParams::at_level(LEVEL_MIN);
        for i in 0..=1000 {
            let next =
                FutoshikiParams::at_level(LEVEL_MIN + f64::from(i) / 100.0 * LEVEL_MAX / 10.0);
            next.validate().unwrap();
            assert!(next.size >= prev.size && blanks(&next) >= blanks(&prev));
            if next.size == prev.size {
                assert!(next.sign_percent <= prev.sign_percent);
            }
            prev = next;
        }
        FutoshikiParams::default().validate().unwrap();
    }

    #[test]
    fn errors_name_field_value_and_range() {
        let p = FutoshikiParams {
            size: 9,
            ..Default::default()
        };
        assert_eq!(
            p.validate().unwrap_err().to_string(),
            "invalid value for `size`: 9; allowed: 3 to 8"
        );
        let p = FutoshikiParams {
            size: 4,
            givens: 17,
            ..Default::default()
        };
        assert_eq!(
            p.validate().unwrap_err().to_string(),
            "invalid value for `givens`: 17; allowed: 0 to 16 for size 4"
        );
        let p = FutoshikiParams {
            sign_percent: 101,
            ..Default::default()
        };
        assert!(
            p.validate()
                .unwrap_err()
                .to_string()
                .contains("sign_percent")
        );
    }
}
