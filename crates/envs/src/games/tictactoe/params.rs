//! `tictactoe` params: how many cells are still empty, validation and the level map.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use verigym_core::error::{Result, check_range};
use verigym_core::params::EnvParams;

/// The fewest empty cells a position may have (with fewer, a move is forced or the game is over).
pub const EMPTY_MIN: u32 = 3;
/// The most empty cells (the board after one move).
pub const EMPTY_MAX: u32 = 8;

/// The knobs of a tic-tac-toe position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct TicTacToeParams {
    /// How many of the 9 cells are empty: the more, the deeper the search for the best move.
    #[schemars(range(min = 3, max = 8))]
    pub empty: u32,
}

impl Default for TicTacToeParams {
    fn default() -> Self {
        Self::at_level(4.0)
    }
}

impl EnvParams for TicTacToeParams {
    fn validate(&self) -> Result<()> {
        check_range("empty", self.empty, EMPTY_MIN, EMPTY_MAX)
    }

    /// `empty` = 3 + ⌊L/2⌋ (3 at level 0 to 8 at level 10): the game tree below the position
    /// grows with every empty cell.
    fn at_level(level: f64) -> Self {
        TicTacToeParams {
            empty: EMPTY_MIN + (level.clamp(0.0, 10.0) / 2.0).floor() as u32,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_is_valid_and_monotone() {
        let mut prev = TicTacToeParams::at_level(0.0);
        for i in 0..=1000 {
            let next = TicTacToeParams::at_level(f64::from(i) / 100.0);
            next.validate().unwrap();
            assert!(next.empty >= prev.empty);
            prev = next;
        }
        assert_eq!(TicTacToeParams::at_level(10.0).empty, 8);
        assert_eq!(
            TicTacToeParams { empty: 9 }
                .validate()
                .unwrap_err()
                .to_string(),
            "invalid value for `empty`: 9; allowed: 3 to 8"
        );
    }
}
