//! `linear_mod` params: the number of unknowns and the prime modulus, validation and the level map.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::modarith::field::{MAX_PRIME, is_prime};
use verigym_core::error::{Error, Result, check_range};
use verigym_core::params::EnvParams;

/// The fewest unknowns (and equations).
pub const UNKNOWNS_MIN: u32 = 2;
/// The most unknowns: one per name in [`NAMES`].
pub const UNKNOWNS_MAX: u32 = 6;
/// The unknowns' names, in order.
pub const NAMES: [&str; 6] = ["x", "y", "z", "w", "u", "v"];

/// The knobs of a linear system modulo a prime.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct LinearModParams {
    /// The number of unknowns n, which is also the number of equations. The unknowns are named
    /// x, y, z, w, u, v, in that order.
    #[schemars(range(min = 2, max = 6))]
    pub unknowns: u32,
    /// The modulus p; must be prime, so every nonzero coefficient has an inverse.
    #[schemars(range(min = 3, max = 4_294_967_291u64))]
    pub modulus: u64,
}

impl Default for LinearModParams {
    fn default() -> Self {
        Self::at_level(3.0)
    }
}

impl EnvParams for LinearModParams {
    fn validate(&self) -> Result<()> {
        check_range("unknowns", self.unknowns, UNKNOWNS_MIN, UNKNOWNS_MAX)?;
        if !(3..=MAX_PRIME).contains(&self.modulus) || !is_prime(self.modulus) {
            return Err(Error::param(
                "modulus",
                self.modulus,
                format!("a prime from 3 to {MAX_PRIME}"),
            ));
        }
        Ok(())
    }

    /// | level | unknowns | modulus |
    /// |---|---|---|
    /// | 0 ≤ L < 2 | 2 + ⌊0.4·L⌋ | 5 |
    /// | 2 ≤ L < 4 | 〃 | 7 |
    /// | 4 ≤ L < 6 | 〃 | 13 |
    /// | 6 ≤ L < 8 | 〃 | 31 |
    /// | 8 ≤ L ≤ 10 | 〃 (up to 6) | 101 |
    ///
    /// Both knobs only grow with L.
    fn at_level(level: f64) -> Self {
        let modulus = if level >= 8.0 {
            101
        } else if level >= 6.0 {
            31
        } else if level >= 4.0 {
            13
        } else if level >= 2.0 {
            7
        } else {
            5
        };
        LinearModParams {
            unknowns: 2 + (0.4 * level).floor() as u32,
            modulus,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_every_level_are_valid_and_monotone() {
        LinearModParams::default().validate().unwrap();
        let mut prev = LinearModParams::at_level(0.0);
        for i in 0..=1000 {
            let next = LinearModParams::at_level(f64::from(i) / 100.0);
            next.validate().unwrap();
            assert!(next.unknowns >= prev.unknowns && next.modulus >= prev.modulus);
            prev = next;
        }
        assert_eq!(LinearModParams::at_level(10.0).unknowns, 6);
    }

    #[test]
    fn errors_name_field_value_and_range() {
        let err = |p: LinearModParams| p.validate().unwrap_err().to_string();
        assert_eq!(
            err(LinearModParams {
                unknowns: 7,
                modulus: 7
            }),
            "invalid value for `unknowns`: 7; allowed: 2 to 6"
        );
        assert_eq!(
            err(LinearModParams {
                unknowns: 3,
                modulus: 9
            }),
            "invalid value for `modulus`: 9; allowed: a prime from 3 to 4294967291"
        );
    }
}
