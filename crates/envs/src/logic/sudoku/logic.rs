//! The logical solver that grades puzzles by technique: naked and hidden singles, then naked pairs.
//! It never guesses, so every placement it makes is forced, and a puzzle it completes has exactly
//! one solution.

use super::params::Technique;
use super::shape::{MAX_CELLS, Shape};

/// Candidate bitmasks per cell (bit d = digit d) and the grid being completed.
struct Logic<'s> {
    shape: &'s Shape,
    cand: [u16; MAX_CELLS],
    value: [u8; MAX_CELLS],
    blanks: usize,
}

impl<'s> Logic<'s> {
    fn new(shape: &'s Shape, puzzle: &[u8]) -> Option<Self> {
        let mut l = Logic {
            shape,
            cand: [0; MAX_CELLS],
            value: [0; MAX_CELLS],
            blanks: shape.cells(),
        };
        l.cand[..shape.cells()].fill(shape.all_digits());
        for (i, &d) in puzzle.iter().enumerate().take(shape.cells()) {
            if d != 0 {
                if usize::from(d) > shape.n || l.cand[i] & (1 << d) == 0 {
                    return None;
                }
                l.place(i, d);
            }
        }
        Some(l)
    }

    fn place(&mut self, i: usize, d: u8) {
        self.value[i] = d;
        self.cand[i] = 0;
        self.blanks -= 1;
        let bit = !(1u16 << d);
        for u in self.shape.cell_units[i] {
            for &j in self.shape.unit(u as usize) {
                self.cand[j as usize] &= bit;
            }
        }
    }

    /// Places every cell with one candidate. `None` on a contradiction (a blank with none).
    fn naked_singles(&mut self) -> Option<bool> {
        let mut progress = false;
        for i in 0..self.shape.cells() {
            if self.value[i] != 0 {
                continue;
            }
            let c = self.cand[i];
            if c == 0 {
                return None;
            }
            if c.count_ones() == 1 {
                self.place(i, c.trailing_zeros() as u8);
                progress = true;
            }
        }
        Some(progress)
    }

    /// Places every digit that has one possible cell in some unit.
    fn hidden_singles(&mut self) -> bool {
        let mut progress = false;
        for u in 0..self.shape.unit_count() {
            let (mut once, mut twice) = (0u16, 0u16);
            for &j in self.shape.unit(u) {
                let c = self.cand[j as usize];
                twice |= once & c;
                once |= c;
            }
            let mut single = once & !twice;
            while single != 0 {
                let d = single.trailing_zeros() as u8;
                single &= single - 1;
                // An earlier placement in this pass may have taken the digit's only cell.
                if let Some(&j) = self
                    .shape
                    .unit(u)
                    .iter()
                    .find(|&&j| self.cand[j as usize] & (1 << d) != 0)
                {
                    self.place(j as usize, d);
                    progress = true;
                }
            }
        }
        progress
    }

    /// Two cells of a unit with the same two candidates take those two digits: removes them from
    /// the unit's other cells.
    fn naked_pairs(&mut self) -> bool {
        let mut progress = false;
        for u in 0..self.shape.unit_count() {
            let unit = self.shape.unit(u);
            for (a, &ja) in unit.iter().enumerate() {
                let pair = self.cand[ja as usize];
                if pair.count_ones() != 2 {
                    continue;
                }
                let Some(&jb) = unit[a + 1..]
                    .iter()
                    .find(|&&j| self.cand[j as usize] == pair)
                else {
                    continue;
                };
                for &j in unit {
                    let c = &mut self.cand[j as usize];
                    if j != ja && j != jb && *c & pair != 0 {
                        *c &= !pair;
                        progress = true;
                    }
                }
            }
        }
        progress
    }
}

/// The easiest technique cap under which the logical solver completes `puzzle`:
/// `Singles`, `Pairs`, or `Search` when it gets stuck (or the puzzle is contradictory).
pub fn classify(shape: &Shape, puzzle: &[u8]) -> Technique {
    if solves(shape, puzzle, Technique::Singles) {
        Technique::Singles
    } else if solves(shape, puzzle, Technique::Pairs) {
        Technique::Pairs
    } else {
        Technique::Search
    }
}

/// Whether the logical solver completes `puzzle` using techniques up to `cap`. With `Search` it
/// only tries singles and pairs; callers use the exact solver for that cap.
pub fn solves(shape: &Shape, puzzle: &[u8], cap: Technique) -> bool {
    let Some(mut l) = Logic::new(shape, puzzle) else {
        return false;
    };
    loop {
        if l.blanks == 0 {
            return true;
        }
        match l.naked_singles() {
            None => return false,
            Some(true) => continue,
            Some(false) => {}
        }
        if l.hidden_singles() {
            continue;
        }
        if cap >= Technique::Pairs && l.naked_pairs() {
            continue;
        }
        return false;
    }
}

#[cfg(test)]
mod tests {
    use super::super::shape::{SHAPE_9, grid_from_text};
    use super::*;

    #[test]
    fn an_easy_newspaper_puzzle_falls_to_singles() {
        let p = grid_from_text(
            "53..7.... 6..195... .98....6. 8...6...3 4..8.3..1 7...2...6 .6....28. ...419..5 ....8..79",
        );
        assert_eq!(classify(&SHAPE_9, &p), Technique::Singles);
    }

    #[test]
    fn a_hard_puzzle_needs_search() {
        // Arto Inkala's 2012 "world's hardest sudoku".
        let p = grid_from_text(
            "8........ ..36..... .7..9.2.. .5...7... ....457.. ...1...3. ..1....68 ..85...1. .9....4..",
        );
        assert_eq!(classify(&SHAPE_9, &p), Technique::Search);
    }

    #[test]
    fn a_contradiction_is_not_solved() {
        let mut p = vec![0u8; 81];
        p[0] = 1;
        p[1] = 1;
        assert!(!solves(&SHAPE_9, &p, Technique::Pairs));
    }
}
