//! Puzzle construction: a random complete grid, then givens removed in random order while the
//! solution stays unique and within the technique cap.

use super::logic;
use super::params::Technique;
use super::search::{Search, unique_after_blanking};
use super::shape::{MAX_CELLS, Shape};
use verigym_core::rng::ProblemRng;

/// A generated puzzle, row-major, before it is turned into a record.
pub struct Puzzle {
    /// The puzzle; 0 marks a blank.
    pub givens: [u8; MAX_CELLS],
    /// Its unique solution.
    pub solution: [u8; MAX_CELLS],
    /// How many cells are given.
    pub given_count: u32,
    /// The easiest technique cap that solves it.
    pub technique: Technique,
    /// Guesses the exact solver makes to find the solution and prove there is no other.
    pub search_nodes: u64,
}

/// A uniquely solvable puzzle within `cap`, with `target` givens or, when a single pass over the
/// cells in random order finds no further removable given, as few as that pass reached.
///
/// One pass suffices: a given whose removal breaks uniqueness (or singles-solvability) at some
/// point still breaks it once more givens are gone, so a puzzle left above `target` is minimal:
/// no remaining given can be removed.
///
/// The complete grid comes from a randomized search, not a uniform sampler over all grids: every
/// grid is reachable, but not with equal probability.
pub fn puzzle(shape: &Shape, target: u32, cap: Technique, rng: &mut ProblemRng) -> Puzzle {
    let cells = shape.cells();
    let solution = complete_grid(shape, rng);
    let mut givens = solution;
    let mut order = [0u8; MAX_CELLS];
    for (i, slot) in order.iter_mut().enumerate().take(cells) {
        *slot = i as u8;
    }
    rng.shuffle(&mut order[..cells]);
    let mut given_count = cells as u32;
    for &i in &order[..cells] {
        if given_count <= target {
            break;
        }
        let i = usize::from(i);
        let digit = givens[i];
        givens[i] = 0;
        // Under a singles or pairs cap, the logical solver's success implies uniqueness (it
        // never guesses); under `search`, the exact test alone is cheaper than trying logic first.
        let keep = match cap {
            Technique::Singles | Technique::Pairs => logic::solves(shape, &givens[..cells], cap),
            Technique::Search => unique_after_blanking(shape, &givens[..cells], &solution, i),
        };
        if keep {
            given_count -= 1;
        } else {
            givens[i] = digit;
        }
    }
    let mut exact = Search::new(shape, &givens[..cells]).expect("givens come from a valid grid");
    let solutions = exact.count(2);
    debug_assert_eq!(solutions, 1, "removal keeps the solution unique");
    Puzzle {
        givens,
        solution,
        given_count,
        technique: logic::classify(shape, &givens[..cells]),
        search_nodes: exact.nodes,
    }
}

/// A random complete grid: the boxes on the diagonal are independent, so each gets a shuffled
/// set of digits; the exact solver then completes the rest with candidates in random order.
fn complete_grid(shape: &Shape, rng: &mut ProblemRng) -> [u8; MAX_CELLS] {
    let n = shape.n;
    let mut grid = [0u8; MAX_CELLS];
    let (bands, stacks) = (n / shape.box_rows, n / shape.box_cols);
    let mut digits = [0u8; 9];
    for (k, d) in digits.iter_mut().enumerate() {
        *d = k as u8 + 1;
    }
    for k in 0..bands.min(stacks) {
        rng.shuffle(&mut digits[..n]);
        let b = 2 * n + k * stacks + k;
        for (&cell, &d) in shape.unit(b).iter().zip(&digits[..n]) {
            grid[usize::from(cell)] = d;
        }
    }
    let mut search =
        Search::new(shape, &grid[..shape.cells()]).expect("diagonal boxes are disjoint");
    if !search.fill_random(rng) {
        // Not reached for the shipped shapes; an empty grid always completes.
        search = Search::new(shape, &[]).expect("an empty grid is consistent");
        search.fill_random(rng);
    }
    grid[..shape.cells()].copy_from_slice(search.cells());
    grid
}

#[cfg(test)]
mod tests {
    use super::super::shape::{SHAPE_4, SHAPE_6, SHAPE_9};
    use super::*;

    #[test]
    fn puzzles_are_unique_consistent_and_within_the_cap() {
        let mut rng = ProblemRng::from_test_seed(8);
        for (shape, target) in [(&SHAPE_4, 4), (&SHAPE_6, 10), (&SHAPE_9, 24)] {
            for cap in [Technique::Singles, Technique::Pairs, Technique::Search] {
                let p = puzzle(shape, target, cap, &mut rng);
                let cells = shape.cells();
                let mut s = Search::new(shape, &p.givens[..cells]).unwrap();
                assert_eq!(s.count(2), 1);
                assert!(p.technique <= cap);
                assert!(p.given_count >= target);
                let count = p.givens[..cells].iter().filter(|&&d| d != 0).count();
                assert_eq!(count as u32, p.given_count);
                for i in 0..cells {
                    assert!(p.givens[i] == 0 || p.givens[i] == p.solution[i]);
                }
            }
        }
    }
}
