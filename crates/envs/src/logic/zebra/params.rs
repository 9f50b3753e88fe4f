//! `zebra` params: the knobs, their validation, and the difficulty-level mapping.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use verigym_core::error::{Error, Result, check_range};
use verigym_core::params::EnvParams;

/// Fewest houses.
pub const HOUSES_MIN: u32 = 2;
/// Most houses.
pub const HOUSES_MAX: u32 = 7;
/// Fewest attributes.
pub const ATTRIBUTES_MIN: u32 = 2;
/// Most attributes.
pub const ATTRIBUTES_MAX: u32 = 7;
/// The largest weight of one clue kind.
pub const WEIGHT_MAX: u32 = 1000;

/// The knobs of a zebra (Einstein) puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct ZebraParams {
    /// Number of houses N; each attribute has N values.
    #[schemars(range(min = 2, max = 7))]
    pub houses: u32,
    /// Number of attributes M, drawn from colour, nationality, pet, drink, hobby, job and sport.
    #[schemars(range(min = 2, max = 7))]
    pub attributes: u32,
    /// Relative frequency of each clue kind among the clues drawn during generation: an object
    /// with integer weights from 0 to 1000 for `same`, `not_same`, `left_of`, `directly_left`,
    /// `next_to` and `position`; missing keys keep their defaults.
    pub clue_weights: ClueWeights,
    /// What the model is asked for.
    pub mode: Mode,
}

/// Integer weights of the clue kinds; at least one must be non-zero.
///
/// When the drawn clues cannot pin the solution (with only `same`, `not_same` and `next_to`, a
/// mirrored row always fits too), generation falls back to `position` clues even if its weight is
/// 0, so every puzzle has exactly one solution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct ClueWeights {
    /// "The Brit is the dog owner."
    #[schemars(range(min = 0, max = 1000))]
    pub same: u32,
    /// "The Brit is not the dog owner."
    #[schemars(range(min = 0, max = 1000))]
    pub not_same: u32,
    /// "The Brit lives somewhere to the left of the dog owner."
    #[schemars(range(min = 0, max = 1000))]
    pub left_of: u32,
    /// "The Brit lives directly to the left of the dog owner."
    #[schemars(range(min = 0, max = 1000))]
    pub directly_left: u32,
    /// "The Brit lives next to the dog owner."
    #[schemars(range(min = 0, max = 1000))]
    pub next_to: u32,
    /// "The Brit lives in house 3."
    #[schemars(range(min = 0, max = 1000))]
    pub position: u32,
}

/// What the model is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// The full assignment, one line per house; scored exactly, per-cell agreement in `detail`.
    Grid,
    /// One question ("Which pet does the Brit own?"), answered with one value or house number.
    Question,
}

impl Default for ClueWeights {
    fn default() -> Self {
        ClueWeights {
            same: 4,
            not_same: 1,
            left_of: 1,
            directly_left: 1,
            next_to: 2,
            position: 1,
        }
    }
}

impl ClueWeights {
    /// The weights in [`super::clue::ClueKind::ALL`] order.
    pub fn as_array(&self) -> [u64; 6] {
        [
            self.same,
            self.not_same,
            self.left_of,
            self.directly_left,
            self.next_to,
            self.position,
        ]
        .map(u64::from)
    }
}

impl Default for ZebraParams {
    fn default() -> Self {
        ZebraParams {
            houses: 5,
            attributes: 5,
            clue_weights: ClueWeights::default(),
            mode: Mode::Grid,
        }
    }
}

impl EnvParams for ZebraParams {
    fn validate(&self) -> Result<()> {
        check_range("houses", self.houses, HOUSES_MIN, HOUSES_MAX)?;
        check_range(
            "attributes",
            self.attributes,
            ATTRIBUTES_MIN,
            ATTRIBUTES_MAX,
        )?;
        let w = &self.clue_weights;
        for (field, value) in [
            ("clue_weights.same", w.same),
            ("clue_weights.not_same", w.not_same),
            ("clue_weights.left_of", w.left_of),
            ("clue_weights.directly_left", w.directly_left),
            ("clue_weights.next_to", w.next_to),
            ("clue_weights.position", w.position),
        ] {
            check_range(field, value, 0, WEIGHT_MAX)?;
        }
        if w.as_array().iter().all(|&x| x == 0) {
            return Err(Error::param(
                "clue_weights",
                "all zero",
                "at least one non-zero weight",
            ));
        }
        Ok(())
    }

    /// | level | houses × attributes |
    /// |---|---|
    /// | 0 ≤ L < 2 | 2 × 2 |
    /// | 2 ≤ L < 4 | 3 × 3 |
    /// | 4 ≤ L < 6 | 4 × 4 |
    /// | 6 ≤ L < 8 | 5 × 5 |
    /// | 8 ≤ L < 10 | 6 × 6 |
    /// | L = 10 | 7 × 7 |
    ///
    /// Both sizes are 2 + ⌊L / 2⌋; clue weights are the defaults and the mode is `grid`. Both
    /// sizes only grow with L.
    fn at_level(level: f64) -> Self {
        ZebraParams {
            houses: (HOUSES_MIN + (level / 2.0).floor() as u32).min(HOUSES_MAX),
            attributes: (ATTRIBUTES_MIN + (level / 2.0).floor() as u32).min(ATTRIBUTES_MAX),
            clue_weights: ClueWeights::default(),
            mode: Mode::Grid,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use verigym_core::params::{LEVEL_MAX, LEVEL_MIN};

    #[test]
    fn defaults_and_every_level_are_valid() {
        ZebraParams::default().validate().unwrap();
        let mut level = LEVEL_MIN;
        while level <= LEVEL_MAX {
            ZebraParams::at_level(level).validate().unwrap();
            level += 0.05;
        }
    }

    #[test]
    fn level_mapping_is_monotone() {
        let mut prev = ZebraParams::at_level(LEVEL_MIN);
        for i in 1..=1000 {
            let next = ZebraParams::at_level(f64::from(i) / 100.0);
            assert!(next.houses >= prev.houses && next.attributes >= prev.attributes);
            prev = next;
        }
        let (lo, hi) = (ZebraParams::at_level(0.0), ZebraParams::at_level(10.0));
        assert_eq!((lo.houses, lo.attributes), (2, 2));
        assert_eq!((hi.houses, hi.attributes), (7, 7));
    }

    #[test]
    fn errors_name_field_value_and_range() {
        let p = ZebraParams {
            houses: 8,
            ..Default::default()
        };
        assert_eq!(
            p.validate().unwrap_err().to_string(),
            "invalid value for `houses`: 8; allowed: 2 to 7"
        );
        let mut p = ZebraParams::default();
        p.clue_weights.left_of = 1001;
        assert_eq!(
            p.validate().unwrap_err().to_string(),
            "invalid value for `clue_weights.left_of`: 1001; allowed: 0 to 1000"
        );
        let p = ZebraParams {
            clue_weights: ClueWeights {
                same: 0,
                not_same: 0,
                left_of: 0,
                directly_left: 0,
                next_to: 0,
                position: 0,
            },
            ..Default::default()
        };
        assert!(p.validate().unwrap_err().to_string().contains("all zero"));
    }
}
