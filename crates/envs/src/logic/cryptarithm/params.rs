//! `cryptarithm` params: how many words are added and how long they are, their validation, and
//! the level map.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use verigym_core::error::{Error, Result, check_range};
use verigym_core::params::EnvParams;

/// Most addends.
pub const MAX_ADDENDS: u8 = 5;
/// Longest addend, in letters (the sum then fits easily in a `u64`).
pub const MAX_LENGTH: u8 = 8;

/// The knobs of a word sum such as `SEND + MORE = MONEY`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct CryptarithmParams {
    /// How many words are added (2 to 5).
    #[schemars(range(min = 2, max = 5))]
    pub addends: u8,
    /// Shortest addend, in letters (2 to 8).
    #[schemars(range(min = 2, max = 8))]
    pub min_length: u8,
    /// Longest addend, in letters (at least `min_length`, at most 8). Each addend's length is
    /// drawn uniformly between the two.
    #[schemars(range(min = 2, max = 8))]
    pub max_length: u8,
}

impl Default for CryptarithmParams {
    fn default() -> Self {
        Self::at_level(5.0)
    }
}

impl EnvParams for CryptarithmParams {
    fn validate(&self) -> Result<()> {
        check_range("addends", self.addends, 2, MAX_ADDENDS)?;
        check_range("min_length", self.min_length, 2, MAX_LENGTH)?;
        if !(self.min_length..=MAX_LENGTH).contains(&self.max_length) {
            return Err(Error::param(
                "max_length",
                self.max_length,
                format!("{} to {MAX_LENGTH} (at least min_length)", self.min_length),
            ));
        }
        Ok(())
    }

    /// | level | addends | length |
    /// |---|---|---|
    /// | 0 ≤ L < 1 | 2 | 3 |
    /// | 1 ≤ L < 2 | 2 | 3 to 4 |
    /// | 2 ≤ L < 3 | 2 | 4 |
    /// | 3 ≤ L < 4 | 2 | 4 to 5 |
    /// | 4 ≤ L < 5 | 2 | 5 |
    /// | 5 ≤ L < 6 | 3 | 4 to 5 |
    /// | 6 ≤ L < 7 | 3 | 5 |
    /// | 7 ≤ L < 8 | 3 | 5 to 6 |
    /// | 8 ≤ L < 9 | 4 | 5 to 6 |
    /// | 9 ≤ L < 10 | 4 | 6 |
    /// | L = 10 | 5 | 6 to 7 |
    ///
    /// The number of addends never decreases with L, and within one number of addends neither
    /// length bound does.
    fn at_level(level: f64) -> Self {
        const TABLE: [(u8, u8, u8); 11] = [
            (2, 3, 3),
            (2, 3, 4),
            (2, 4, 4),
            (2, 4, 5),
            (2, 5, 5),
            (3, 4, 5),
            (3, 5, 5),
            (3, 5, 6),
            (4, 5, 6),
            (4, 6, 6),
            (5, 6, 7),
        ];
        let (addends, min_length, max_length) =
            TABLE[(level.floor() as usize).min(TABLE.len() - 1)];
        CryptarithmParams {
            addends,
            min_length,
            max_length,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_is_valid_and_the_map_monotone() {
        let mut prev = CryptarithmParams::at_level(0.0);
        for i in 0..=1000 {
            let next = CryptarithmParams::at_level(f64::from(i) / 100.0);
            next.validate().unwrap();
            assert!(next.addends >= prev.addends);
            if next.addends == prev.addends {
                assert!(next.min_length >= prev.min_length && next.max_length >= prev.max_length);
            }
            prev = next;
        }
        CryptarithmParams::default().validate().unwrap();
    }

    #[test]
    fn errors_name_field_value_and_range() {
        let p = CryptarithmParams {
            addends: 6,
            ..Default::default()
        };
        assert_eq!(
            p.validate().unwrap_err().to_string(),
            "invalid value for `addends`: 6; allowed: 2 to 5"
        );
        let p = CryptarithmParams {
            addends: 2,
            min_length: 5,
            max_length: 4,
        };
        assert_eq!(
            p.validate().unwrap_err().to_string(),
            "invalid value for `max_length`: 4; allowed: 5 to 8 (at least min_length)"
        );
    }
}
