//! `modexp` params: the modulus range, the exponent's size, their validation and the level map.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::modarith::field::is_prime;
use verigym_core::error::{Error, Result, check_range};
use verigym_core::params::EnvParams;

/// The largest modulus allowed: six-digit residues keep every square a hand-checkable product,
/// and trial division keeps prime drawing cheap.
pub const MODULUS_LIMIT: u64 = 1_000_000;
/// The fewest exponent bits: one squaring.
pub const BITS_MIN: u32 = 2;
/// The most exponent bits: every u64 exponent.
pub const BITS_MAX: u32 = 64;

/// The knobs of a modular exponentiation a^e mod p.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct ModExpParams {
    /// Smallest modulus: p is drawn uniformly from the primes in [modulus_min, modulus_max].
    #[schemars(range(min = 5, max = 1_000_000))]
    pub modulus_min: u64,
    /// Largest modulus; the range must hold a prime.
    #[schemars(range(min = 5, max = 1_000_000))]
    pub modulus_max: u64,
    /// Bits b of the exponent e: e is drawn uniformly from [2^(b−1), 2^b − 1], so its top bit is
    /// set and repeated squaring takes b − 1 squarings.
    #[schemars(range(min = 2, max = 64))]
    pub exponent_bits: u32,
}

impl Default for ModExpParams {
    fn default() -> Self {
        Self::at_level(3.0)
    }
}

impl EnvParams for ModExpParams {
    fn validate(&self) -> Result<()> {
        check_range("modulus_min", self.modulus_min, 5, MODULUS_LIMIT)?;
        check_range(
            "modulus_max",
            self.modulus_max,
            self.modulus_min,
            MODULUS_LIMIT,
        )?;
        if first_prime_from(self.modulus_min, self.modulus_max).is_none() {
            return Err(Error::param(
                "modulus_max",
                self.modulus_max,
                format!(
                    "a range from modulus_min = {} that holds a prime",
                    self.modulus_min
                ),
            ));
        }
        check_range("exponent_bits", self.exponent_bits, BITS_MIN, BITS_MAX)
    }

    /// | level | exponent_bits | modulus range |
    /// |---|---|---|
    /// | 0 ≤ L < 3 | 3 + ⌊1.3·L⌋ | 11 to 97 |
    /// | 3 ≤ L < 6 | 〃 | 101 to 997 |
    /// | 6 ≤ L < 8 | 〃 | 1009 to 9973 |
    /// | 8 ≤ L ≤ 10 | 〃 (up to 16) | 10007 to 99991 |
    ///
    /// Both ends of the modulus range and the exponent's size only grow with L.
    fn at_level(level: f64) -> Self {
        let (modulus_min, modulus_max) = if level >= 8.0 {
            (10_007, 99_991)
        } else if level >= 6.0 {
            (1_009, 9_973)
        } else if level >= 3.0 {
            (101, 997)
        } else {
            (11, 97)
        };
        ModExpParams {
            modulus_min,
            modulus_max,
            exponent_bits: 3 + (1.3 * level).floor() as u32,
        }
    }
}

/// The smallest prime in [lo, hi], if any. Prime gaps below 10^6 are under 120, so this is short.
pub fn first_prime_from(lo: u64, hi: u64) -> Option<u64> {
    (lo..=hi).find(|&n| is_prime(n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use verigym_core::params::{LEVEL_MAX, LEVEL_MIN};

    #[test]
    fn defaults_and_every_level_are_valid_and_monotone() {
        ModExpParams::default().validate().unwrap();
        let mut prev = ModExpParams::at_level(LEVEL_MIN);
        for i in 0..=1000 {
            let level = f64::from(i) / 100.0;
            let next = ModExpParams::at_level(level);
            next.validate().unwrap();
            assert!(next.exponent_bits >= prev.exponent_bits);
            assert!(next.modulus_min >= prev.modulus_min && next.modulus_max >= prev.modulus_max);
            prev = next;
        }
        assert_eq!(ModExpParams::at_level(LEVEL_MIN).exponent_bits, 3);
        assert_eq!(ModExpParams::at_level(LEVEL_MAX).exponent_bits, 16);
    }

    #[test]
    fn errors_name_field_value_and_range() {
        let err = |p: ModExpParams| p.validate().unwrap_err().to_string();
        let base = ModExpParams::default();
        assert_eq!(
            err(ModExpParams {
                modulus_min: 4,
                ..base.clone()
            }),
            "invalid value for `modulus_min`: 4; allowed: 5 to 1000000"
        );
        assert_eq!(
            err(ModExpParams {
                modulus_max: 100,
                ..base.clone()
            }),
            "invalid value for `modulus_max`: 100; allowed: 101 to 1000000"
        );
        assert_eq!(
            err(ModExpParams {
                modulus_min: 24,
                modulus_max: 28,
                ..base.clone()
            }),
            "invalid value for `modulus_max`: 28; allowed: a range from modulus_min = 24 that \
             holds a prime"
        );
        assert_eq!(
            err(ModExpParams {
                exponent_bits: 65,
                ..base
            }),
            "invalid value for `exponent_bits`: 65; allowed: 2 to 64"
        );
    }
}
