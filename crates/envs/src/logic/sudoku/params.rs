//! `sudoku` params: size, givens and technique cap, their validation, and the difficulty mapping.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use verigym_core::error::{Error, Result};
use verigym_core::params::EnvParams;

/// The knobs of a sudoku puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct SudokuParams {
    /// Side length of the grid: 4 (2×2 boxes), 6 (boxes of 2 rows by 3 columns) or 9 (3×3 boxes).
    #[schemars(extend("enum" = [4, 6, 9]))]
    pub size: u8,
    /// Target number of given cells. Givens are removed while the solution stays unique (and
    /// within `technique`) until this many remain; when no further removal is allowed the puzzle
    /// keeps more, and the record says how many. At least 4, 8 and 17 for sizes 4, 6 and 9.
    #[schemars(range(min = 4, max = 81))]
    pub givens: u32,
    /// The hardest technique the puzzle may need: a removal is kept only if the puzzle stays
    /// solvable with techniques up to this one.
    pub technique: Technique,
    /// Also require the puzzle to need `technique` (not only allow it): a puzzle an easier
    /// technique solves is discarded and a new one made, up to 32 tries, keeping the hardest.
    /// Random removal mostly yields singles puzzles, so without this a `pairs` cap rarely
    /// produces a pairs puzzle. The record's `technique` says what the kept puzzle needs.
    pub require_technique: bool,
}

/// Tries made for `require_technique` before the hardest puzzle so far is kept.
pub const TECHNIQUE_TRIES: u32 = 32;

/// Solving techniques, from easiest to hardest.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Technique {
    /// Naked singles (a cell with one candidate) and hidden singles (a digit with one place in a
    /// row, column or box).
    Singles,
    /// Singles plus naked pairs (two cells of a unit sharing the same two candidates).
    Pairs,
    /// Anything: the only requirement is a unique solution, which may need guessing.
    Search,
}

impl Technique {
    /// The name used in params and records.
    pub fn name(self) -> &'static str {
        match self {
            Technique::Singles => "singles",
            Technique::Pairs => "pairs",
            Technique::Search => "search",
        }
    }
}

impl Default for SudokuParams {
    fn default() -> Self {
        SudokuParams {
            size: 9,
            givens: 30,
            technique: Technique::Search,
            require_technique: false,
        }
    }
}

/// The fewest givens allowed for a side length: below these no puzzle has a unique solution
/// (17 for 9×9 is the McGuire–Tugemann–Civario result; 4 and 8 are the small-grid minima).
pub fn min_givens(size: u8) -> u32 {
    match size {
        4 => 4,
        6 => 8,
        _ => 17,
    }
}

impl EnvParams for SudokuParams {
    fn validate(&self) -> Result<()> {
        if !matches!(self.size, 4 | 6 | 9) {
            return Err(Error::param("size", self.size, "one of 4, 6, 9"));
        }
        let (lo, hi) = (min_givens(self.size), u32::from(self.size).pow(2));
        if !(lo..=hi).contains(&self.givens) {
            return Err(Error::param(
                "givens",
                self.givens,
                format!("{lo} to {hi} for size {}", self.size),
            ));
        }
        Ok(())
    }

    /// | level | size | givens (blanks) | technique | required |
    /// |---|---|---|---|---|
    /// | 0 ≤ L < 1 | 4 | 10 (6) | singles | no |
    /// | 1 ≤ L < 2 | 4 | 6 (10) | singles | no |
    /// | 2 ≤ L < 3 | 6 | 18 (18) | singles | no |
    /// | 3 ≤ L < 4 | 6 | 12 (24) | singles | no |
    /// | 4 ≤ L < 5 | 9 | 40 (41) | singles | no |
    /// | 5 ≤ L < 6 | 9 | 34 (47) | singles | no |
    /// | 6 ≤ L < 7 | 9 | 30 (51) | pairs | yes |
    /// | 7 ≤ L < 8 | 9 | 27 (54) | pairs | yes |
    /// | 8 ≤ L < 9 | 9 | 25 (56) | search | yes |
    /// | 9 ≤ L ≤ 10 | 9 | 22 (59) | search | yes |
    ///
    /// Size, the number of blanks, the technique and the requirement never decrease with L.
    /// (Givens alone do not order difficulty across sizes; blanks do.) A singles cap needs no
    /// requirement: every puzzle made under it needs exactly singles.
    fn at_level(level: f64) -> Self {
        const TABLE: [(u8, u32, Technique); 10] = [
            (4, 10, Technique::Singles),
            (4, 6, Technique::Singles),
            (6, 18, Technique::Singles),
            (6, 12, Technique::Singles),
            (9, 40, Technique::Singles),
            (9, 34, Technique::Singles),
            (9, 30, Technique::Pairs),
            (9, 27, Technique::Pairs),
            (9, 25, Technique::Search),
            (9, 22, Technique::Search),
        ];
        let row = (level.floor() as usize).min(TABLE.len() - 1);
        let (size, givens, technique) = TABLE[row];
        SudokuParams {
            size,
            givens,
            technique,
            require_technique: technique > Technique::Singles,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use verigym_core::params::{LEVEL_MAX, LEVEL_MIN};

    #[test]
    fn defaults_and_every_level_are_valid() {
        SudokuParams::default().validate().unwrap();
        let mut level = LEVEL_MIN;
        while level <= LEVEL_MAX {
            SudokuParams::at_level(level).validate().unwrap();
            level += 0.05;
        }
    }

    #[test]
    fn level_mapping_is_monotone() {
        let blanks = |p: &SudokuParams| u32::from(p.size).pow(2) - p.givens;
        let mut prev = SudokuParams::at_level(LEVEL_MIN);
        for i in 1..=1000 {
            let next = SudokuParams::at_level(f64::from(i) / 100.0);
            assert!(next.size >= prev.size);
            assert!(blanks(&next) >= blanks(&prev));
            assert!(next.technique >= prev.technique);
            assert!(next.require_technique >= prev.require_technique);
            prev = next;
        }
        assert_eq!(SudokuParams::at_level(10.0).technique, Technique::Search);
    }

    #[test]
    fn errors_name_field_value_and_range() {
        let p = SudokuParams {
            size: 5,
            ..Default::default()
        };
        assert_eq!(
            p.validate().unwrap_err().to_string(),
            "invalid value for `size`: 5; allowed: one of 4, 6, 9"
        );
        let p = SudokuParams {
            size: 6,
            givens: 7,
            ..Default::default()
        };
        assert_eq!(
            p.validate().unwrap_err().to_string(),
            "invalid value for `givens`: 7; allowed: 8 to 36 for size 6"
        );
        let p = SudokuParams {
            size: 4,
            givens: 17,
            ..Default::default()
        };
        assert!(p.validate().is_err());
    }
}
