//! `maze` params: the maze's size in cells and how many loops it has, their validation, and the
//! difficulty mapping.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use verigym_core::error::{Result, check_range};
use verigym_core::params::EnvParams;

/// Most cells along a side: the grid is at most 41 × 41 squares.
pub const MAX_CELLS: u32 = 20;

/// The knobs of a grid maze.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct MazeParams {
    /// Cells across; the grid drawn is 2·width + 1 squares wide (walls between and around cells).
    #[schemars(range(min = 2, max = 20))]
    pub width: u32,
    /// Cells down; the grid is 2·height + 1 squares tall.
    #[schemars(range(min = 2, max = 20))]
    pub height: u32,
    /// Percentage of the walls left between neighbouring cells, after carving a maze with exactly
    /// one path between any two cells, that are then removed: loops, and often several shortest
    /// paths.
    #[schemars(range(min = 0, max = 50))]
    pub loop_percent: u32,
}

impl Default for MazeParams {
    fn default() -> Self {
        MazeParams {
            width: 6,
            height: 6,
            loop_percent: 10,
        }
    }
}

impl EnvParams for MazeParams {
    fn validate(&self) -> Result<()> {
        check_range("width", self.width, 2, MAX_CELLS)?;
        check_range("height", self.height, 2, MAX_CELLS)?;
        check_range("loop_percent", self.loop_percent, 0, 50)
    }

    /// | level | width | height | loop_percent |
    /// |---|---|---|---|
    /// | 0 ≤ L ≤ 10 | 3 + ⌊L⌋ (3 to 13) | 3 + ⌊L⌋ (3 to 13) | 10 |
    ///
    /// Loops stay fixed: they add shortcuts and dead ends alike, so they do not order difficulty;
    /// the size only grows, and with it the shortest path.
    fn at_level(level: f64) -> Self {
        let side = 3 + level.floor() as u32;
        MazeParams {
            width: side,
            height: side,
            loop_percent: 10,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use verigym_core::params::{LEVEL_MAX, LEVEL_MIN};

    #[test]
    fn defaults_and_every_level_are_valid_and_monotone() {
        MazeParams::default().validate().unwrap();
        let mut level = LEVEL_MIN;
        let mut last = 0;
        while level <= LEVEL_MAX {
            let p = MazeParams::at_level(level);
            p.validate().unwrap();
            assert!(p.width >= last && p.height == p.width);
            last = p.width;
            level += 0.05;
        }
        let err = MazeParams {
            loop_percent: 51,
            ..Default::default()
        }
        .validate()
        .unwrap_err()
        .to_string();
        assert!(err.contains("loop_percent") && err.contains("51"), "{err}");
    }
}
