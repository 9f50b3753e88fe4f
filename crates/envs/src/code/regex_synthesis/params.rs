//! `regex_synthesis` params: the alphabet, the hidden rule's size and operators, how many
//! examples are shown and hidden and how long they are; validation and the level map.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use verigym_core::error::{Result, check_range};
use verigym_core::params::EnvParams;

/// The alphabets by size: the first `symbols` letters of this.
pub const LETTERS: &str = "abcd";

/// The knobs of a regex-synthesis problem.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct RegexSynthesisParams {
    /// Alphabet size: the strings are over the first `symbols` of a, b, c, d.
    #[schemars(range(min = 2, max = 4))]
    pub symbols: u32,
    /// How many letters and classes the hidden rule holds (its size).
    #[schemars(range(min = 2, max = 16))]
    pub leaves: u32,
    /// Whether the rule may use classes (`[ab]`) and counted repetition (`{2,3}`).
    pub counted: bool,
    /// How many sampled matching strings, and as many non-matching ones, are shown (besides
    /// every string of the shortest lengths).
    #[schemars(range(min = 2, max = 40))]
    pub shown: u32,
    /// The longest sampled shown string.
    #[schemars(range(min = 4, max = 24))]
    pub max_len: u32,
    /// How many sampled matching strings, and as many non-matching ones, are kept hidden (up
    /// to twice `max_len` long), besides the strings that refute plausible wrong answers.
    #[schemars(range(min = 0, max = 200))]
    pub hidden: u32,
}

impl Default for RegexSynthesisParams {
    fn default() -> Self {
        Self::at_level(4.0)
    }
}

impl EnvParams for RegexSynthesisParams {
    fn validate(&self) -> Result<()> {
        check_range("symbols", self.symbols, 2, 4)?;
        check_range("leaves", self.leaves, 2, 16)?;
        check_range("shown", self.shown, 2, 40)?;
        check_range("max_len", self.max_len, 4, 24)?;
        check_range("hidden", self.hidden, 0, 200)
    }

    /// `symbols` = 2, or 3 from level 4; `leaves` = 3 + ⌊0.8·L⌋ (3 to 11); classes and counts
    /// from level 3; `shown` = 8 + ⌊0.6·L⌋; `max_len` = 6 + ⌊0.6·L⌋; `hidden` = 24 + 2·⌊L⌋.
    fn at_level(level: f64) -> Self {
        let l = level.clamp(0.0, 10.0);
        RegexSynthesisParams {
            symbols: if l >= 4.0 { 3 } else { 2 },
            leaves: 3 + (0.8 * l).floor() as u32,
            counted: l >= 3.0,
            shown: 8 + (0.6 * l).floor() as u32,
            max_len: 6 + (0.6 * l).floor() as u32,
            hidden: 24 + 2 * l.floor() as u32,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_is_valid_and_monotone() {
        let mut prev = RegexSynthesisParams::at_level(0.0);
        for i in 0..=1000 {
            let next = RegexSynthesisParams::at_level(f64::from(i) / 100.0);
            next.validate().unwrap();
            assert!(next.leaves >= prev.leaves && next.symbols >= prev.symbols);
            assert!(next.shown >= prev.shown && next.hidden >= prev.hidden);
            prev = next;
        }
        assert_eq!(RegexSynthesisParams::at_level(10.0).leaves, 11);
        let bad = RegexSynthesisParams {
            symbols: 5,
            ..RegexSynthesisParams::default()
        };
        assert_eq!(
            bad.validate().unwrap_err().to_string(),
            "invalid value for `symbols`: 5; allowed: 2 to 4"
        );
    }
}
