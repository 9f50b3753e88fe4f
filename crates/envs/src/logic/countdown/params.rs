//! `countdown` params: the knobs, their validation, and the difficulty-level mapping.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use verigym_core::error::{Error, Result, check_range};
use verigym_core::params::EnvParams;

/// Fewest numbers in a draw.
pub const NUMBERS_MIN: u32 = 2;
/// Most numbers in a draw.
pub const NUMBERS_MAX: u32 = 8;
/// The largest number the `range` pool may hold; keeps every exact evaluation well inside i128.
pub const VALUE_MAX: u64 = 10_000;
/// The largest target.
pub const TARGET_MAX: u64 = 1_000_000;
/// The large cards of the TV show's pool.
pub const LARGE_CARDS: [u64; 4] = [25, 50, 75, 100];

/// The knobs of a Countdown numbers problem.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct CountdownParams {
    /// How many numbers are drawn.
    #[schemars(range(min = 2, max = 8))]
    pub numbers: u32,
    /// Where the numbers come from.
    pub pool: Pool,
    /// With the `show` pool: how many numbers come from the large cards 25, 50, 75, 100 (drawn
    /// without replacement); the rest come from the small cards 1 to 10, two of each.
    #[schemars(range(min = 0, max = 4))]
    pub large: u32,
    /// With the `range` pool: the smallest number.
    #[schemars(range(min = 1, max = 10_000))]
    pub min: u64,
    /// With the `range` pool: the largest number.
    #[schemars(range(min = 1, max = 10_000))]
    pub max: u64,
    /// Whether a solution must use every number (otherwise each at most once).
    pub use_all: bool,
    /// The smallest target.
    #[schemars(range(min = 1, max = 1_000_000))]
    pub target_min: u64,
    /// The largest target.
    #[schemars(range(min = 1, max = 1_000_000))]
    pub target_max: u64,
}

/// Where the numbers of a problem are drawn from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Pool {
    /// The TV show's cards: `large` of 25, 50, 75, 100 and the rest from 1 to 10, two of each.
    Show,
    /// Uniformly from `min` to `max`, with repetition.
    Range,
}

impl Default for CountdownParams {
    fn default() -> Self {
        CountdownParams {
            numbers: 6,
            pool: Pool::Show,
            large: 1,
            min: 1,
            max: 100,
            use_all: false,
            target_min: 100,
            target_max: 999,
        }
    }
}

impl EnvParams for CountdownParams {
    fn validate(&self) -> Result<()> {
        check_range("numbers", self.numbers, NUMBERS_MIN, NUMBERS_MAX)?;
        check_range("large", self.large, 0, self.numbers.min(4))?;
        if self.pool == Pool::Show && self.numbers - self.large > 20 {
            return Err(Error::param(
                "numbers",
                self.numbers,
                "at most large + 20 with the show pool (20 small cards)",
            ));
        }
        check_range("min", self.min, 1, VALUE_MAX)?;
        check_range("max", self.max, self.min, VALUE_MAX)?;
        check_range("target_min", self.target_min, 1, TARGET_MAX)?;
        check_range("target_max", self.target_max, self.target_min, TARGET_MAX)?;
        Ok(())
    }

    /// | level | numbers | target | use_all |
    /// |---|---|---|---|
    /// | 0 ≤ L < 2 | 3 | 10 to 99 | no |
    /// | 2 ≤ L < 4 | 4 | 〃 (100 to 999 from L = 3) | no |
    /// | 4 ≤ L < 6 | 5 | 100 to 999 | no |
    /// | 6 ≤ L < 8 | 6 | 〃 | no (yes from L = 7) |
    /// | 8 ≤ L < 10 | 7 | 〃 | yes |
    /// | L = 10 | 8 | 〃 | yes |
    ///
    /// The pool is always `show` with one large card. Every knob only grows with L: more numbers,
    /// larger targets, and from L = 7 every number must be used.
    fn at_level(level: f64) -> Self {
        let numbers = (3 + (level / 2.0).floor() as u32).min(NUMBERS_MAX);
        let (target_min, target_max) = if level >= 3.0 { (100, 999) } else { (10, 99) };
        CountdownParams {
            numbers,
            pool: Pool::Show,
            large: 1,
            min: 1,
            max: 100,
            use_all: level >= 7.0,
            target_min,
            target_max,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use verigym_core::params::{LEVEL_MAX, LEVEL_MIN};

    #[test]
    fn defaults_and_every_level_are_valid() {
        CountdownParams::default().validate().unwrap();
        let mut level = LEVEL_MIN;
        while level <= LEVEL_MAX {
            CountdownParams::at_level(level).validate().unwrap();
            level += 0.05;
        }
    }

    #[test]
    fn level_mapping_is_monotone() {
        let mut prev = CountdownParams::at_level(LEVEL_MIN);
        for i in 1..=1000 {
            let next = CountdownParams::at_level(f64::from(i) / 100.0);
            assert!(next.numbers >= prev.numbers);
            assert!(next.target_min >= prev.target_min && next.target_max >= prev.target_max);
            assert!(next.use_all >= prev.use_all);
            prev = next;
        }
        assert_eq!(CountdownParams::at_level(0.0).numbers, 3);
        assert_eq!(CountdownParams::at_level(10.0).numbers, 8);
    }

    #[test]
    fn errors_name_field_value_and_range() {
        let p = CountdownParams {
            numbers: 9,
            ..Default::default()
        };
        assert_eq!(
            p.validate().unwrap_err().to_string(),
            "invalid value for `numbers`: 9; allowed: 2 to 8"
        );
        let p = CountdownParams {
            large: 5,
            ..Default::default()
        };
        assert_eq!(
            p.validate().unwrap_err().to_string(),
            "invalid value for `large`: 5; allowed: 0 to 4"
        );
        let p = CountdownParams {
            target_min: 500,
            target_max: 400,
            ..Default::default()
        };
        assert_eq!(
            p.validate().unwrap_err().to_string(),
            "invalid value for `target_max`: 400; allowed: 500 to 1000000"
        );
    }
}
