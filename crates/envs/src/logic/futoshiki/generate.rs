//! Making a futoshiki: a random Latin square, random inequality signs between adjacent cells,
//! then givens removed in random order while the exact solver still finds one solution.

use super::params::FutoshikiParams;
use super::solve::{self, MAX_CELLS, Puzzle};
use verigym_core::rng::ProblemRng;

/// A generated puzzle, row-major.
pub struct Made {
    pub solution: [u8; MAX_CELLS],
    pub givens: [u8; MAX_CELLS],
    /// (smaller, larger) cell indices, horizontal pairs first, each group row-major.
    pub less: Vec<(usize, usize)>,
    pub given_count: u32,
    /// The solver's guesses on the final puzzle.
    pub guesses: u64,
}

pub fn make(params: &FutoshikiParams, rng: &mut ProblemRng) -> Made {
    let n = usize::from(params.size);
    let cells = n * n;
    let solution = solve::random_latin_square(n, rng);
    let mut pairs = Vec::new();
    for r in 0..n {
        for c in 0..n - 1 {
            pairs.push((r * n + c, r * n + c + 1));
        }
    }
    for r in 0..n - 1 {
        for c in 0..n {
            pairs.push((r * n + c, (r + 1) * n + c));
        }
    }
    let less: Vec<(usize, usize)> = pairs
        .into_iter()
        .filter(|_| rng.chance(u64::from(params.sign_percent), 100))
        .map(|(a, b)| {
            if solution[a] < solution[b] {
                (a, b)
            } else {
                (b, a)
            }
        })
        .collect();
    let mut givens = solution;
    let mut order: Vec<usize> = (0..cells).collect();
    rng.shuffle(&mut order);
    let mut given_count = cells as u32;
    for cell in order {
        if given_count <= params.givens {
            break;
        }
        givens[cell] = 0;
        let p = Puzzle {
            n,
            givens: &givens[..cells],
            less: &less,
        };
        if solve::count(&p, 2).solutions == 1 {
            given_count -= 1;
        } else {
            givens[cell] = solution[cell];
        }
    }
    let p = Puzzle {
        n,
        givens: &givens[..cells],
        less: &less,
    };
    let guesses = solve::count(&p, 2).guesses;
    Made {
        solution,
        givens,
        less,
        given_count,
        guesses,
    }
}
