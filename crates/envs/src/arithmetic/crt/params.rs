//! `crt` params: how many congruences, the range of the moduli, validation and the level map.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::modarith::field::is_prime;
use verigym_core::error::{Error, Result, check_range};
use verigym_core::params::EnvParams;

/// The largest modulus of one congruence.
pub const MODULUS_LIMIT: u64 = 10_000;
/// The largest product of the moduli: every value fits a u64 with room for sums.
pub const PRODUCT_LIMIT: u64 = 1_000_000_000_000_000_000;
/// The fewest congruences.
pub const CONGRUENCES_MIN: u32 = 2;
/// The most congruences.
pub const CONGRUENCES_MAX: u32 = 8;

/// The knobs of a Chinese-remainder problem.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct CrtParams {
    /// How many congruences x ≡ r_i (mod m_i).
    #[schemars(range(min = 2, max = 8))]
    pub congruences: u32,
    /// Smallest modulus m_i.
    #[schemars(range(min = 2, max = 10_000))]
    pub modulus_min: u64,
    /// Largest modulus m_i. The range must hold at least `congruences` primes (so pairwise coprime
    /// moduli always exist), and modulus_max^congruences must be at most 10^18.
    #[schemars(range(min = 2, max = 10_000))]
    pub modulus_max: u64,
}

impl Default for CrtParams {
    fn default() -> Self {
        Self::at_level(3.0)
    }
}

impl EnvParams for CrtParams {
    fn validate(&self) -> Result<()> {
        check_range(
            "congruences",
            self.congruences,
            CONGRUENCES_MIN,
            CONGRUENCES_MAX,
        )?;
        check_range("modulus_min", self.modulus_min, 2, MODULUS_LIMIT)?;
        let top = max_for_product(self.congruences).min(MODULUS_LIMIT);
        check_range("modulus_max", self.modulus_max, self.modulus_min, top)?;
        let primes = (self.modulus_min..=self.modulus_max)
            .filter(|&n| is_prime(n))
            .take(self.congruences as usize)
            .count();
        if primes < self.congruences as usize {
            return Err(Error::param(
                "modulus_max",
                self.modulus_max,
                format!(
                    "a range from modulus_min = {} that holds at least {} primes",
                    self.modulus_min, self.congruences
                ),
            ));
        }
        Ok(())
    }

    /// | level | congruences | moduli |
    /// |---|---|---|
    /// | 0 ≤ L < 2 | 2 + ⌊0.3·L⌋ | 3 to 12 |
    /// | 2 ≤ L < 5 | 〃 | 3 to 30 |
    /// | 5 ≤ L < 8 | 〃 | 5 to 60 |
    /// | 8 ≤ L ≤ 10 | 〃 (up to 5) | 7 to 200 |
    ///
    /// Every knob only grows with L.
    fn at_level(level: f64) -> Self {
        let (modulus_min, modulus_max) = if level >= 8.0 {
            (7, 200)
        } else if level >= 5.0 {
            (5, 60)
        } else if level >= 2.0 {
            (3, 30)
        } else {
            (3, 12)
        };
        CrtParams {
            congruences: 2 + (0.3 * level).floor() as u32,
            modulus_min,
            modulus_max,
        }
    }
}

/// The largest m with m^n ≤ [`PRODUCT_LIMIT`].
fn max_for_product(n: u32) -> u64 {
    let (mut lo, mut hi) = (1u64, PRODUCT_LIMIT);
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if mid.checked_pow(n).is_some_and(|p| p <= PRODUCT_LIMIT) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    lo
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_every_level_are_valid_and_monotone() {
        CrtParams::default().validate().unwrap();
        let mut prev = CrtParams::at_level(0.0);
        for i in 0..=1000 {
            let next = CrtParams::at_level(f64::from(i) / 100.0);
            next.validate().unwrap();
            assert!(next.congruences >= prev.congruences);
            assert!(next.modulus_min >= prev.modulus_min && next.modulus_max >= prev.modulus_max);
            prev = next;
        }
        assert_eq!(CrtParams::at_level(10.0).congruences, 5);
    }

    #[test]
    fn errors_name_field_value_and_range() {
        let err = |p: CrtParams| p.validate().unwrap_err().to_string();
        let base = CrtParams::default();
        assert_eq!(max_for_product(2), 1_000_000_000);
        assert_eq!(max_for_product(8), 177);
        assert_eq!(
            err(CrtParams {
                congruences: 9,
                ..base.clone()
            }),
            "invalid value for `congruences`: 9; allowed: 2 to 8"
        );
        assert_eq!(
            err(CrtParams {
                congruences: 8,
                modulus_max: 200,
                ..base.clone()
            }),
            "invalid value for `modulus_max`: 200; allowed: 3 to 177"
        );
        assert_eq!(
            err(CrtParams {
                congruences: 3,
                modulus_min: 8,
                modulus_max: 12,
            }),
            "invalid value for `modulus_max`: 12; allowed: a range from modulus_min = 8 that \
             holds at least 3 primes"
        );
        assert_eq!(
            err(CrtParams {
                modulus_min: 1,
                ..base
            }),
            "invalid value for `modulus_min`: 1; allowed: 2 to 10000"
        );
    }
}
