//! `water_jugs` params: how many jugs, how large, and how long the shortest plan must be, their
//! validation, and the difficulty mapping.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use verigym_core::error::{Error, Result, check_range};
use verigym_core::params::EnvParams;

/// Most jugs.
pub const MAX_JUGS: u32 = 3;
/// Largest jug capacity, in litres (bounds the BFS at 41³ states).
pub const MAX_CAPACITY: u32 = 40;
/// Largest `min_moves` a user may ask for.
pub const MAX_MIN_MOVES: u32 = 20;

/// The knobs of a water-jug puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct WaterJugsParams {
    /// Number of jugs, named A, B, C.
    #[schemars(range(min = 2, max = 3))]
    pub jugs: u32,
    /// Capacities are distinct whole litres drawn from 2 to this.
    #[schemars(range(min = 3, max = 40))]
    pub max_capacity: u32,
    /// The target is drawn among amounts whose shortest plan has at least this many moves. When
    /// no such amount exists after 32 draws of capacities, the hardest amount found is used.
    #[schemars(range(min = 1, max = 20))]
    pub min_moves: u32,
}

impl Default for WaterJugsParams {
    fn default() -> Self {
        WaterJugsParams {
            jugs: 2,
            max_capacity: 9,
            min_moves: 4,
        }
    }
}

impl EnvParams for WaterJugsParams {
    fn validate(&self) -> Result<()> {
        check_range("jugs", self.jugs, 2, MAX_JUGS)?;
        check_range("max_capacity", self.max_capacity, 3, MAX_CAPACITY)?;
        if self.max_capacity < self.jugs + 1 {
            return Err(Error::param(
                "max_capacity",
                self.max_capacity,
                format!(
                    "{} to {MAX_CAPACITY} (room for {} distinct capacities from 2)",
                    self.jugs + 1,
                    self.jugs
                ),
            ));
        }
        check_range("min_moves", self.min_moves, 1, MAX_MIN_MOVES)
    }

    /// | level | jugs | max_capacity | min_moves |
    /// |---|---|---|---|
    /// | 0 ≤ L < 5 | 2 | 5 + 2·⌊L⌋ (5 to 13) | 2 + ⌊⌊L⌋/2⌋ (2 to 4) |
    /// | 5 ≤ L ≤ 10 | 3 | 〃 (15 to 25) | 〃 (4 to 7) |
    ///
    /// Every knob only grows: more jugs branch more, larger jugs have more states, and the
    /// shortest plan the target needs grows with `min_moves`.
    fn at_level(level: f64) -> Self {
        let step = level.floor() as u32;
        WaterJugsParams {
            jugs: if step < 5 { 2 } else { 3 },
            max_capacity: 5 + 2 * step,
            min_moves: 2 + step / 2,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use verigym_core::params::{LEVEL_MAX, LEVEL_MIN};

    #[test]
    fn defaults_and_every_level_are_valid_and_monotone() {
        WaterJugsParams::default().validate().unwrap();
        let mut level = LEVEL_MIN;
        let mut last = WaterJugsParams::at_level(LEVEL_MIN);
        while level <= LEVEL_MAX {
            let p = WaterJugsParams::at_level(level);
            p.validate().unwrap();
            assert!(p.jugs >= last.jugs && p.max_capacity >= last.max_capacity);
            assert!(p.min_moves >= last.min_moves);
            last = p;
            level += 0.05;
        }
    }

    #[test]
    fn errors_name_the_field() {
        let p = WaterJugsParams {
            jugs: 3,
            max_capacity: 3,
            ..Default::default()
        };
        let err = p.validate().unwrap_err().to_string();
        assert!(err.contains("max_capacity") && err.contains('3'), "{err}");
        let p = WaterJugsParams {
            jugs: 4,
            ..Default::default()
        };
        assert!(p.validate().unwrap_err().to_string().contains("jugs"));
    }
}
