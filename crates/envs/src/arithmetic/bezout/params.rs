//! `bezout` params: how many digits the two numbers have, validation and the level map.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use verigym_core::error::{Result, check_range};
use verigym_core::params::EnvParams;

/// The fewest digits of each number.
pub const DIGITS_MIN: u32 = 2;
/// The most digits of each number (products stay far inside an i128).
pub const DIGITS_MAX: u32 = 9;

/// The knobs of a Bézout problem.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct BezoutParams {
    /// How many decimal digits A and B have: the Euclidean algorithm's steps grow with it.
    #[schemars(range(min = 2, max = 9))]
    pub digits: u32,
}

impl Default for BezoutParams {
    fn default() -> Self {
        Self::at_level(4.0)
    }
}

impl EnvParams for BezoutParams {
    fn validate(&self) -> Result<()> {
        check_range("digits", self.digits, DIGITS_MIN, DIGITS_MAX)
    }

    /// `digits` = 2 + ⌊0.7·L⌋ (2 at level 0 to 9 at level 10).
    fn at_level(level: f64) -> Self {
        BezoutParams {
            digits: DIGITS_MIN + (0.7 * level.clamp(0.0, 10.0)).floor() as u32,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_is_valid_and_monotone() {
        let mut prev = BezoutParams::at_level(0.0);
        for i in 0..=1000 {
            let next = BezoutParams::at_level(f64::from(i) / 100.0);
            next.validate().unwrap();
            assert!(next.digits >= prev.digits);
            prev = next;
        }
        assert_eq!(BezoutParams::at_level(10.0).digits, 9);
        assert_eq!(
            BezoutParams { digits: 10 }
                .validate()
                .unwrap_err()
                .to_string(),
            "invalid value for `digits`: 10; allowed: 2 to 9"
        );
    }
}
