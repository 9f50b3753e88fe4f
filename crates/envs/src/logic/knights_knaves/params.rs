//! `knights_knaves` params: the knobs, their validation, and the difficulty-level mapping.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::claim::PEOPLE_MAX;
use verigym_core::error::{Result, check_range};
use verigym_core::params::EnvParams;

/// Fewest people in a puzzle.
pub const PEOPLE_MIN: u8 = 2;
/// Deepest statement nesting.
pub const DEPTH_MAX: u8 = 4;
/// Most operands of one `and` / `or`.
pub const WIDTH_MAX: u8 = 4;

/// The knobs of a knights-and-knaves puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct KnightsKnavesParams {
    /// Number of inhabitants; each makes exactly one statement.
    #[schemars(range(min = 2, max = 12))]
    pub people: u8,
    /// Most levels of nesting in a statement: 1 is a single claim such as "Bob is a knave";
    /// 2 combines claims with and / or / if-then; 3 and 4 nest those combinations (and allow
    /// "it is not the case that"). Every statement of depth 2 or more is a combination.
    #[schemars(range(min = 1, max = 4))]
    pub depth: u8,
    /// Most operands of one "and" / "or" (each draws 2 to this many).
    #[schemars(range(min = 2, max = 4))]
    pub width: u8,
}

impl Default for KnightsKnavesParams {
    fn default() -> Self {
        KnightsKnavesParams {
            people: 5,
            depth: 3,
            width: 2,
        }
    }
}

impl EnvParams for KnightsKnavesParams {
    fn validate(&self) -> Result<()> {
        check_range("people", self.people, PEOPLE_MIN, PEOPLE_MAX)?;
        check_range("depth", self.depth, 1, DEPTH_MAX)?;
        check_range("width", self.width, 2, WIDTH_MAX)?;
        Ok(())
    }

    /// | level | people | depth | width |
    /// |---|---|---|---|
    /// | 0 ≤ L < 3 | 2 + ⌊L⌋ | 1 | 2 |
    /// | 3 ≤ L < 6 | 〃 | 2 | 2 |
    /// | 6 ≤ L < 8 | 〃 | 3 | 3 |
    /// | 8 ≤ L < 10 | 〃 | 3 | 4 |
    /// | L = 10 | 12 | 4 | 4 |
    ///
    /// Every knob only grows with L.
    fn at_level(level: f64) -> Self {
        let people = (2 + level.floor() as u8).min(PEOPLE_MAX);
        let depth = match level {
            l if l >= 10.0 => 4,
            l if l >= 6.0 => 3,
            l if l >= 3.0 => 2,
            _ => 1,
        };
        let width = match level {
            l if l >= 8.0 => 4,
            l if l >= 6.0 => 3,
            _ => 2,
        };
        KnightsKnavesParams {
            people,
            depth,
            width,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use verigym_core::params::{LEVEL_MAX, LEVEL_MIN};

    #[test]
    fn defaults_and_every_level_are_valid() {
        KnightsKnavesParams::default().validate().unwrap();
        let mut level = LEVEL_MIN;
        while level <= LEVEL_MAX {
            KnightsKnavesParams::at_level(level).validate().unwrap();
            level += 0.05;
        }
    }

    #[test]
    fn level_mapping_is_monotone() {
        let mut prev = KnightsKnavesParams::at_level(LEVEL_MIN);
        for i in 1..=1000 {
            let next = KnightsKnavesParams::at_level(f64::from(i) / 100.0);
            assert!(next.people >= prev.people);
            assert!(next.depth >= prev.depth);
            assert!(next.width >= prev.width);
            prev = next;
        }
        assert_eq!(
            KnightsKnavesParams::at_level(0.0),
            KnightsKnavesParams {
                people: 2,
                depth: 1,
                width: 2
            }
        );
        assert_eq!(KnightsKnavesParams::at_level(10.0).people, 12);
    }

    #[test]
    fn errors_name_field_value_and_range() {
        let p = KnightsKnavesParams {
            people: 13,
            ..Default::default()
        };
        assert_eq!(
            p.validate().unwrap_err().to_string(),
            "invalid value for `people`: 13; allowed: 2 to 12"
        );
        let p = KnightsKnavesParams {
            width: 1,
            ..Default::default()
        };
        assert_eq!(
            p.validate().unwrap_err().to_string(),
            "invalid value for `width`: 1; allowed: 2 to 4"
        );
    }
}
