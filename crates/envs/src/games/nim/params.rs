//! `nim` params: the piles, the move rule, validation and the level map.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use verigym_core::error::{Error, Result, check_range};
use verigym_core::params::EnvParams;

/// The fewest piles.
pub const PILES_MIN: u32 = 2;
/// The most piles.
pub const PILES_MAX: u32 = 6;
/// The largest pile size a problem may have.
pub const PILE_MAX: u32 = 63;
/// The largest number of stones a rule may name (`up_to`'s bound, the sizes of a `set`).
pub const TAKE_MAX: u32 = 9;

/// Which amounts a move may take from its pile.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum RuleKind {
    /// Classic Nim: any positive number of stones, up to the whole pile.
    Any,
    /// From 1 to `take_max` stones.
    UpTo,
    /// Exactly one of `set_size` amounts, drawn per problem from 1 to `take_max`.
    Set,
}

/// The knobs of a Nim problem.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct NimParams {
    /// The number of piles.
    #[schemars(range(min = 2, max = 6))]
    pub piles: u32,
    /// The largest pile: each pile holds 1 to `max_pile` stones. At least `take_max`.
    #[schemars(range(min = 2, max = 63))]
    pub max_pile: u32,
    /// The move rule.
    pub rule: RuleKind,
    /// `up_to`: the most stones a move may take; `set`: the largest amount the set may hold.
    /// Ignored by `any`.
    #[schemars(range(min = 2, max = 9))]
    pub take_max: u32,
    /// `set`: how many amounts the set holds (2 to 4, at most `take_max`). Ignored otherwise.
    #[schemars(range(min = 2, max = 4))]
    pub set_size: u32,
}

impl Default for NimParams {
    fn default() -> Self {
        Self::at_level(4.0)
    }
}

impl EnvParams for NimParams {
    fn validate(&self) -> Result<()> {
        check_range("piles", self.piles, PILES_MIN, PILES_MAX)?;
        check_range("take_max", self.take_max, 2, TAKE_MAX)?;
        check_range("set_size", self.set_size, 2, 4)?;
        if self.set_size > self.take_max {
            return Err(Error::param(
                "set_size",
                self.set_size,
                format!("2 to take_max ({})", self.take_max),
            ));
        }
        // A pile smaller than the largest take would make part of the rule unreachable.
        check_range("max_pile", self.max_pile, self.take_max.max(2), PILE_MAX).map_err(|_| {
            Error::param(
                "max_pile",
                self.max_pile,
                format!("take_max ({}) to {PILE_MAX}", self.take_max.max(2)),
            )
        })?;
        Ok(())
    }

    /// | level | rule | piles | max_pile | take_max | set_size |
    /// |---|---|---|---|---|---|
    /// | 0 ≤ L < 3 | `any` | 2 + ⌊L/2⌋ | 5 + 3⌊L⌋ | (2) | (2) |
    /// | 3 ≤ L < 6 | `up_to` | 3 | 12 + 4⌊L − 3⌋ | 4 + ⌊L − 3⌋ | (2) |
    /// | 6 ≤ L ≤ 10 | `set` | 4 + ⌊(L − 6)/2⌋ | 20 + 5⌊L − 6⌋ | 5 + ⌊L − 6⌋ | 3 + ⌊(L − 6)/4⌋ |
    ///
    /// The rule only gets richer with L (any, then a bound, then an arbitrary set whose Grundy
    /// values must be worked out), and within a rule every knob only grows.
    fn at_level(level: f64) -> Self {
        let l = level.clamp(0.0, 10.0);
        let step = |from: f64| (l - from).floor() as u32;
        if l < 3.0 {
            NimParams {
                piles: 2 + (l / 2.0).floor() as u32,
                max_pile: 5 + 3 * step(0.0),
                rule: RuleKind::Any,
                take_max: 2,
                set_size: 2,
            }
        } else if l < 6.0 {
            NimParams {
                piles: 3,
                max_pile: 12 + 4 * step(3.0),
                rule: RuleKind::UpTo,
                take_max: 4 + step(3.0),
                set_size: 2,
            }
        } else {
            NimParams {
                piles: 4 + ((l - 6.0) / 2.0).floor() as u32,
                max_pile: 20 + 5 * step(6.0),
                rule: RuleKind::Set,
                take_max: 5 + step(6.0),
                set_size: 3 + ((l - 6.0) / 4.0).floor() as u32,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_every_level_are_valid_and_monotone() {
        NimParams::default().validate().unwrap();
        let mut prev = NimParams::at_level(0.0);
        for i in 0..=1000 {
            let next = NimParams::at_level(f64::from(i) / 100.0);
            next.validate().unwrap();
            assert!(next.rule >= prev.rule, "{next:?} after {prev:?}");
            if next.rule == prev.rule {
                assert!(next.piles >= prev.piles && next.max_pile >= prev.max_pile);
                assert!(next.take_max >= prev.take_max && next.set_size >= prev.set_size);
            }
            prev = next;
        }
        let top = NimParams::at_level(10.0);
        assert_eq!(
            (top.piles, top.max_pile, top.take_max, top.set_size),
            (6, 40, 9, 4)
        );
    }

    #[test]
    fn errors_name_field_value_and_range() {
        let err = |p: NimParams| p.validate().unwrap_err().to_string();
        let base = NimParams::at_level(7.0);
        assert_eq!(
            err(NimParams {
                piles: 7,
                ..base.clone()
            }),
            "invalid value for `piles`: 7; allowed: 2 to 6"
        );
        assert_eq!(
            err(NimParams {
                max_pile: 4,
                ..base.clone()
            }),
            "invalid value for `max_pile`: 4; allowed: take_max (6) to 63"
        );
        assert_eq!(
            err(NimParams {
                set_size: 3,
                take_max: 2,
                max_pile: 5,
                ..base
            }),
            "invalid value for `set_size`: 3; allowed: 2 to take_max (2)"
        );
    }
}
