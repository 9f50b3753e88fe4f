//! `binairo` params: size and givens, their validation, and the level map.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use verigym_core::error::{Error, Result};
use verigym_core::params::EnvParams;

/// The side lengths offered. The grid answer grammar reads at most 81 cells, so 10×10 is out.
pub const SIZES: [u8; 3] = [4, 6, 8];

/// The knobs of a binairo (takuzu) puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct BinairoParams {
    /// Side length n: 4, 6 or 8 (even, so every row and column holds n/2 of each digit).
    #[schemars(extend("enum" = [4, 6, 8]))]
    pub size: u8,
    /// Target number of given cells. Givens are removed in random order while the solution
    /// stays unique, until this many remain; when no further given can go the puzzle keeps more,
    /// and the record says how many. At most n².
    #[schemars(range(min = 0, max = 64))]
    pub givens: u32,
}

impl Default for BinairoParams {
    fn default() -> Self {
        Self::at_level(5.0)
    }
}

impl EnvParams for BinairoParams {
    fn validate(&self) -> Result<()> {
        if !SIZES.contains(&self.size) {
            return Err(Error::param("size", self.size, "one of 4, 6, 8"));
        }
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

    /// | level | size | givens (target) | blanks |
    /// |---|---|---|---|
    /// | 0 ≤ L < 1 | 4 | 8 | 8 |
    /// | 1 ≤ L < 2 | 4 | 5 | 11 |
    /// | 2 ≤ L < 3 | 6 | 18 | 18 |
    /// | 3 ≤ L < 4 | 6 | 14 | 22 |
    /// | 4 ≤ L < 5 | 6 | 10 | 26 |
    /// | 5 ≤ L < 6 | 6 | 6 | 30 |
    /// | 6 ≤ L < 7 | 8 | 30 | 34 |
    /// | 7 ≤ L < 8 | 8 | 24 | 40 |
    /// | 8 ≤ L < 9 | 8 | 18 | 46 |
    /// | 9 ≤ L < 10 | 8 | 14 | 50 |
    /// | L = 10 | 8 | 10 | 54 |
    ///
    /// Size and the target number of blanks never decrease with L. Givens left above the target
    /// (when no more can go without losing uniqueness) are recorded in `given_count`.
    fn at_level(level: f64) -> Self {
        const TABLE: [(u8, u32); 11] = [
            (4, 8),
            (4, 5),
            (6, 18),
            (6, 14),
            (6, 10),
            (6, 6),
            (8, 30),
            (8, 24),
            (8, 18),
            (8, 14),
            (8, 10),
        ];
        let (size, givens) = TABLE[(level.floor() as usize).min(TABLE.len() - 1)];
        BinairoParams { size, givens }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_is_valid_and_the_map_monotone() {
        let blanks = |p: &BinairoParams| u32::from(p.size).pow(2) - p.givens;
        let mut prev = BinairoParams::at_level(0.0);
        for i in 0..=1000 {
            let next = BinairoParams::at_level(f64::from(i) / 100.0);
            next.validate().unwrap();
            assert!(next.size >= prev.size && blanks(&next) >= blanks(&prev));
            prev = next;
        }
        BinairoParams::default().validate().unwrap();
    }

    #[test]
    fn errors_name_field_value_and_range() {
        let p = BinairoParams { size: 5, givens: 0 };
        assert_eq!(
            p.validate().unwrap_err().to_string(),
            "invalid value for `size`: 5; allowed: one of 4, 6, 8"
        );
        let p = BinairoParams {
            size: 4,
            givens: 17,
        };
        assert_eq!(
            p.validate().unwrap_err().to_string(),
            "invalid value for `givens`: 17; allowed: 0 to 16 for size 4"
        );
    }
}
