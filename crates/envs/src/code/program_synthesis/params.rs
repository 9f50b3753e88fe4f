//! `program_synthesis` params: the reference program's size, how many examples are shown, the
//! inputs' length and values, their validation and the level map.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use verigym_core::error::{Result, check_range};
use verigym_core::params::EnvParams;

/// The knobs of a program-synthesis problem.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct ProgramSynthesisParams {
    /// How many list stages (map, filter, sort, reverse, take, drop, zip_with) the reference
    /// program chains on `xs`, before an optional reduction to an integer.
    #[schemars(range(min = 1, max = 6))]
    pub stages: u32,
    /// How many operators a lambda body has at most (1: `x * 2`; 3: `(x + 1) * 2 % 5`).
    #[schemars(range(min = 1, max = 4))]
    pub body_ops: u32,
    /// How many input/output examples the prompt shows (fewer leave more programs possible).
    #[schemars(range(min = 2, max = 10))]
    pub shown: u32,
    /// The longest input list.
    #[schemars(range(min = 4, max = 12))]
    pub max_len: u32,
    /// Input values are drawn from −value_max to value_max.
    #[schemars(range(min = 5, max = 99))]
    pub value_max: u32,
}

impl Default for ProgramSynthesisParams {
    fn default() -> Self {
        Self::at_level(4.0)
    }
}

impl EnvParams for ProgramSynthesisParams {
    fn validate(&self) -> Result<()> {
        check_range("stages", self.stages, 1, 6)?;
        check_range("body_ops", self.body_ops, 1, 4)?;
        check_range("shown", self.shown, 2, 10)?;
        check_range("max_len", self.max_len, 4, 12)?;
        check_range("value_max", self.value_max, 5, 99)
    }

    /// `stages` = 1 + ⌊0.4·L⌋ (1 to 5), `body_ops` = 1 + ⌊0.25·L⌋ (1 to 3), `shown` =
    /// 6 − ⌊0.3·L⌋ (6 to 3), `max_len` = 6 + ⌊0.4·L⌋ (6 to 10), `value_max` = 9 + 2·⌊L⌋ (9 to 29).
    fn at_level(level: f64) -> Self {
        let l = level.clamp(0.0, 10.0);
        ProgramSynthesisParams {
            stages: 1 + (0.4 * l).floor() as u32,
            body_ops: 1 + (0.25 * l).floor() as u32,
            shown: 6 - (0.3 * l).floor() as u32,
            max_len: 6 + (0.4 * l).floor() as u32,
            value_max: 9 + 2 * l.floor() as u32,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_is_valid_and_monotone() {
        let mut prev = ProgramSynthesisParams::at_level(0.0);
        for i in 0..=1000 {
            let next = ProgramSynthesisParams::at_level(f64::from(i) / 100.0);
            next.validate().unwrap();
            assert!(next.stages >= prev.stages && next.body_ops >= prev.body_ops);
            assert!(next.shown <= prev.shown && next.max_len >= prev.max_len);
            prev = next;
        }
        let top = ProgramSynthesisParams::at_level(10.0);
        assert_eq!((top.stages, top.body_ops, top.shown), (5, 3, 3));
        assert_eq!(
            ProgramSynthesisParams {
                shown: 1,
                ..ProgramSynthesisParams::default()
            }
            .validate()
            .unwrap_err()
            .to_string(),
            "invalid value for `shown`: 1; allowed: 2 to 10"
        );
    }
}
