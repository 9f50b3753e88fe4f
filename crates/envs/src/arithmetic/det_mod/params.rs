//! `det_mod` params: the matrix size and the prime modulus, validation and the level map.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::modarith::field::{MAX_PRIME, is_prime};
use verigym_core::error::{Error, Result, check_range};
use verigym_core::params::EnvParams;

/// The smallest matrix: 2×2.
pub const SIZE_MIN: u32 = 2;
/// The largest matrix: 6×6.
pub const SIZE_MAX: u32 = 6;

/// The knobs of a determinant modulo a prime.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct DetModParams {
    /// The number of rows n, which is also the number of columns.
    #[schemars(range(min = 2, max = 6))]
    pub size: u32,
    /// The modulus p; must be prime, so elimination modulo p can divide by every nonzero pivot.
    #[schemars(range(min = 3, max = 4_294_967_291u64))]
    pub modulus: u64,
}

impl Default for DetModParams {
    fn default() -> Self {
        Self::at_level(3.0)
    }
}

impl EnvParams for DetModParams {
    fn validate(&self) -> Result<()> {
        check_range("size", self.size, SIZE_MIN, SIZE_MAX)?;
        if !(3..=MAX_PRIME).contains(&self.modulus) || !is_prime(self.modulus) {
            return Err(Error::param(
                "modulus",
                self.modulus,
                format!("a prime from 3 to {MAX_PRIME}"),
            ));
        }
        Ok(())
    }

    /// | level | size | modulus |
    /// |---|---|---|
    /// | 0 ≤ L < 2 | 2 + ⌊0.4·L⌋ | 7 |
    /// | 2 ≤ L < 4 | 〃 | 13 |
    /// | 4 ≤ L < 6 | 〃 | 101 |
    /// | 6 ≤ L < 8 | 〃 | 1009 |
    /// | 8 ≤ L ≤ 10 | 〃 (up to 6) | 10007 |
    ///
    /// Both knobs only grow with L.
    fn at_level(level: f64) -> Self {
        let modulus = if level >= 8.0 {
            10007
        } else if level >= 6.0 {
            1009
        } else if level >= 4.0 {
            101
        } else if level >= 2.0 {
            13
        } else {
            7
        };
        DetModParams {
            size: 2 + (0.4 * level).floor() as u32,
            modulus,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_every_level_are_valid_and_monotone() {
        DetModParams::default().validate().unwrap();
        let mut prev = DetModParams::at_level(0.0);
        for i in 0..=1000 {
            let next = DetModParams::at_level(f64::from(i) / 100.0);
            next.validate().unwrap();
            assert!(next.size >= prev.size && next.modulus >= prev.modulus);
            prev = next;
        }
        assert_eq!(DetModParams::at_level(10.0).size, 6);
    }

    #[test]
    fn errors_name_field_value_and_range() {
        let err = |p: DetModParams| p.validate().unwrap_err().to_string();
        assert_eq!(
            err(DetModParams {
                size: 7,
                modulus: 7
            }),
            "invalid value for `size`: 7; allowed: 2 to 6"
        );
        assert_eq!(
            err(DetModParams {
                size: 1,
                modulus: 7
            }),
            "invalid value for `size`: 1; allowed: 2 to 6"
        );
        assert_eq!(
            err(DetModParams {
                size: 3,
                modulus: 9
            }),
            "invalid value for `modulus`: 9; allowed: a prime from 3 to 4294967291"
        );
    }
}
