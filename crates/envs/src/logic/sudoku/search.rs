//! The exact solver: bitmask backtracking with most-constrained-cell-first, counting solutions up
//! to a limit. It proves uniqueness, measures search effort and fills random complete grids.

use super::shape::{MAX_CELLS, Shape};
use verigym_core::rng::ProblemRng;

/// A partially filled grid with the digits used in each unit, ready to search.
#[derive(Clone)]
pub struct Search<'s> {
    shape: &'s Shape,
    cells: [u8; MAX_CELLS],
    used: [u16; 27],
    /// The blank cells are `empty[..blanks]`. A cell being tried is swapped to the end of that
    /// prefix and the prefix shortened, so backtracking restores the set by lengthening it.
    empty: [u8; MAX_CELLS],
    blanks: usize,
    /// Guesses made so far: placements at a cell that had two or more candidates. Forced cells
    /// (one candidate) are propagation, not search, and are not counted.
    pub nodes: u64,
}

/// What the most constrained empty cell looks like.
enum Pick {
    Solved,
    Dead,
    /// Position in `empty`, the cell, its candidates.
    Cell(usize, usize, u16),
}

impl<'s> Search<'s> {
    /// A search from `grid` (row-major, 0 = blank), or `None` if two givens already clash or a
    /// digit is outside 0..=n.
    pub fn new(shape: &'s Shape, grid: &[u8]) -> Option<Self> {
        let mut s = Search {
            shape,
            cells: [0; MAX_CELLS],
            used: [0; 27],
            empty: [0; MAX_CELLS],
            blanks: 0,
            nodes: 0,
        };
        for i in 0..shape.cells() {
            let d = grid.get(i).copied().unwrap_or(0);
            if d == 0 {
                s.empty[s.blanks] = i as u8;
                s.blanks += 1;
                continue;
            }
            if usize::from(d) > shape.n || s.candidates(i) & (1 << d) == 0 {
                return None;
            }
            s.place(i, d);
        }
        Some(s)
    }

    /// The grid, row-major.
    pub fn cells(&self) -> &[u8] {
        &self.cells[..self.shape.cells()]
    }

    #[inline]
    fn candidates(&self, i: usize) -> u16 {
        let [a, b, c] = self.shape.cell_units[i];
        self.shape.all_digits()
            & !(self.used[a as usize] | self.used[b as usize] | self.used[c as usize])
    }

    #[inline]
    fn place(&mut self, i: usize, d: u8) {
        self.cells[i] = d;
        for u in self.shape.cell_units[i] {
            self.used[u as usize] |= 1 << d;
        }
    }

    #[inline]
    fn unplace(&mut self, i: usize, d: u8) {
        self.cells[i] = 0;
        for u in self.shape.cell_units[i] {
            self.used[u as usize] &= !(1 << d);
        }
    }

    fn pick(&self) -> Pick {
        let mut best = None;
        let mut best_count = u32::MAX;
        for (k, &i) in self.empty[..self.blanks].iter().enumerate() {
            let cand = self.candidates(usize::from(i));
            let count = cand.count_ones();
            if count < best_count {
                if count == 0 {
                    return Pick::Dead;
                }
                best = Some((k, usize::from(i), cand));
                best_count = count;
                if count == 1 {
                    break;
                }
            }
        }
        match best {
            None => Pick::Solved,
            Some((k, i, cand)) => Pick::Cell(k, i, cand),
        }
    }

    /// Takes the blank at position `k` of `empty` out of the blank set (see `empty`).
    #[inline]
    fn take(&mut self, k: usize) {
        self.blanks -= 1;
        self.empty.swap(k, self.blanks);
    }

    /// Counts solutions, stopping once `limit` are found. The grid is left as it started.
    pub fn count(&mut self, limit: u32) -> u32 {
        let mut found = 0;
        self.count_into(limit, &mut found);
        found
    }

    fn count_into(&mut self, limit: u32, found: &mut u32) {
        let (k, i, mut cand) = match self.pick() {
            Pick::Solved => {
                *found += 1;
                return;
            }
            Pick::Dead => return,
            Pick::Cell(k, i, cand) => (k, i, cand),
        };
        self.take(k);
        let guessing = cand.count_ones() > 1;
        while cand != 0 && *found < limit {
            let d = cand.trailing_zeros() as u8;
            cand &= cand - 1;
            if guessing {
                self.nodes += 1;
            }
            self.place(i, d);
            self.count_into(limit, found);
            self.unplace(i, d);
        }
        self.blanks += 1;
    }

    /// Completes the grid with candidates tried in random order; false when it cannot be completed.
    /// On success the grid holds the completion.
    pub fn fill_random(&mut self, rng: &mut ProblemRng) -> bool {
        let (k, i, mut cand) = match self.pick() {
            Pick::Solved => return true,
            Pick::Dead => return false,
            Pick::Cell(k, i, cand) => (k, i, cand),
        };
        self.take(k);
        let mut order = [0u8; 9];
        let mut len = 0;
        while cand != 0 {
            order[len] = cand.trailing_zeros() as u8;
            cand &= cand - 1;
            len += 1;
        }
        rng.shuffle(&mut order[..len]);
        for &d in &order[..len] {
            self.place(i, d);
            if self.fill_random(rng) {
                return true;
            }
            self.unplace(i, d);
        }
        self.blanks += 1;
        false
    }
}

/// Whether `puzzle` still has only the solution `solution` after cell `i` (a given in the
/// previous, uniquely solvable puzzle) was blanked.
///
/// Any new solution must differ from `solution` at `i`, so it suffices to try each other
/// candidate there and ask for one completion: cheaper than counting to two from scratch.
pub fn unique_after_blanking(shape: &Shape, puzzle: &[u8], solution: &[u8], i: usize) -> bool {
    debug_assert_eq!(puzzle[i], 0);
    let Some(blanked) = Search::new(shape, puzzle) else {
        return false;
    };
    let mut others = blanked.candidates(i) & !(1 << solution[i]);
    let mut trial = [0u8; MAX_CELLS];
    trial[..shape.cells()].copy_from_slice(&puzzle[..shape.cells()]);
    while others != 0 {
        trial[i] = others.trailing_zeros() as u8;
        others &= others - 1;
        if Search::new(shape, &trial[..shape.cells()]).is_some_and(|mut s| s.count(1) == 1) {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::super::shape::{SHAPE_4, SHAPE_9, grid_from_text};
    use super::*;

    #[test]
    fn a_classic_puzzle_has_one_solution() {
        let p = grid_from_text(
            "53..7.... 6..195... .98....6. 8...6...3 4..8.3..1 7...2...6 .6....28. ...419..5 ....8..79",
        );
        let mut s = Search::new(&SHAPE_9, &p).unwrap();
        assert_eq!(s.count(2), 1);
        assert_eq!(s.cells(), &p[..], "count leaves the grid as it was");
    }

    #[test]
    fn an_empty_grid_has_many_and_clashing_givens_none() {
        let empty = [0u8; 16];
        assert_eq!(Search::new(&SHAPE_4, &empty).unwrap().count(5), 5);
        let clash = grid_from_text("11.. .... .... ....");
        assert!(Search::new(&SHAPE_4, &clash).is_none());
        let out_of_range = grid_from_text("5... .... .... ....");
        assert!(Search::new(&SHAPE_4, &out_of_range).is_none());
    }

    #[test]
    fn random_fill_completes_a_valid_grid() {
        let mut rng = ProblemRng::from_test_seed(4);
        let mut s = Search::new(&SHAPE_9, &[0; 81]).unwrap();
        assert!(s.fill_random(&mut rng));
        let grid = s.cells().to_vec();
        assert!(grid.iter().all(|&d| (1..=9).contains(&d)));
        assert_eq!(Search::new(&SHAPE_9, &grid).unwrap().count(2), 1);
    }
}
