//! The exact binairo solver: forced cells (a pair or a gap that a third equal digit would make a
//! run of three, a line with its quota of one digit) to a fixed point, branching on the first
//! blank, and duplicate complete lines pruned. It counts solutions up to a limit, which is how the
//! generator proves uniqueness, and draws the random solved grid a puzzle starts from.

use verigym_core::rng::ProblemRng;

/// Most cells (an 8×8 grid).
pub const MAX_CELLS: usize = 64;
/// A blank cell.
pub const BLANK: u8 = 2;

type Grid = [u8; MAX_CELLS];

/// What a count found.
pub struct Count {
    /// Solutions found, at most the limit asked for.
    pub solutions: u32,
    /// Branching decisions made.
    pub guesses: u64,
    /// The first solution found, row-major.
    pub first: Option<Grid>,
}

/// Counts the solutions of an `n`×`n` puzzle (row-major, [`BLANK`] for blanks), up to `limit`.
pub fn count(n: usize, givens: &[u8], limit: u32) -> Count {
    let mut g = [BLANK; MAX_CELLS];
    g[..n * n].copy_from_slice(&givens[..n * n]);
    let mut out = Count {
        solutions: 0,
        guesses: 0,
        first: None,
    };
    search(n, g, limit, &mut out, &mut None);
    out
}

/// A random solved grid: the search over an empty grid, each branch's digit order drawn.
pub fn random_solution(n: usize, rng: &mut ProblemRng) -> Grid {
    let mut out = Count {
        solutions: 0,
        guesses: 0,
        first: None,
    };
    search(n, [BLANK; MAX_CELLS], 1, &mut out, &mut Some(rng));
    out.first.expect("every even n has a binairo grid")
}

fn cell(n: usize, line: usize, k: usize) -> usize {
    if line < n {
        line * n + k
    } else {
        k * n + (line - n)
    }
}

/// Fills forced cells to a fixed point; false on a contradiction.
fn propagate(n: usize, g: &mut Grid) -> bool {
    loop {
        let mut changed = false;
        for line in 0..2 * n {
            let at = |g: &Grid, k: usize| g[cell(n, line, k)];
            let mut counts = [0usize; 3];
            for k in 0..n {
                counts[usize::from(at(g, k))] += 1;
            }
            if counts[0] > n / 2 || counts[1] > n / 2 {
                return false;
            }
            for d in 0..2u8 {
                if counts[usize::from(d)] == n / 2 && counts[2] > 0 {
                    for k in 0..n {
                        if at(g, k) == BLANK {
                            g[cell(n, line, k)] = 1 - d;
                        }
                    }
                    changed = true;
                }
            }
            for k in 0..n - 2 {
                let (a, b, c) = (at(g, k), at(g, k + 1), at(g, k + 2));
                if a != BLANK && a == b && b == c {
                    return false;
                }
                let forced = match (a, b, c) {
                    (x, y, BLANK) if x != BLANK && x == y => Some((k + 2, 1 - x)),
                    (BLANK, x, y) if x != BLANK && x == y => Some((k, 1 - x)),
                    (x, BLANK, y) if x != BLANK && x == y => Some((k + 1, 1 - x)),
                    _ => None,
                };
                if let Some((k, d)) = forced {
                    g[cell(n, line, k)] = d;
                    changed = true;
                }
            }
        }
        if !changed {
            return distinct_complete_lines(n, g);
        }
    }
}

/// Whether no two complete rows, and no two complete columns, are equal.
fn distinct_complete_lines(n: usize, g: &Grid) -> bool {
    let mut rows = [u16::MAX; 16];
    for line in 0..2 * n {
        let mut bits = 0u16;
        for k in 0..n {
            match g[cell(n, line, k)] {
                BLANK => {
                    bits = u16::MAX;
                    break;
                }
                d => bits |= u16::from(d) << k,
            }
        }
        if bits != u16::MAX {
            let group = if line < n { 0..n } else { n..2 * n };
            if rows[group].contains(&bits) {
                return false;
            }
            rows[line] = bits;
        }
    }
    true
}

fn search(n: usize, mut g: Grid, limit: u32, out: &mut Count, rng: &mut Option<&mut ProblemRng>) {
    if !propagate(n, &mut g) {
        return;
    }
    let Some(blank) = g[..n * n].iter().position(|&d| d == BLANK) else {
        out.solutions += 1;
        if out.first.is_none() {
            out.first = Some(g);
        }
        return;
    };
    out.guesses += 1;
    let flip = rng.as_deref_mut().is_some_and(|rng| rng.chance(1, 2));
    let order = if flip { [1, 0] } else { [0, 1] };
    for d in order {
        let mut next = g;
        next[blank] = d;
        search(n, next, limit, out, rng);
        if out.solutions >= limit {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_match_the_known_totals() {
        // Binairo grids under all three rules: 72 of 4×4, 4,140 of 6×6 (OEIS A253316).
        assert_eq!(count(4, &[BLANK; 16], 10_000).solutions, 72);
        assert_eq!(count(6, &[BLANK; 36], 10_000).solutions, 4140);
        let mut rng = ProblemRng::from_test_seed(3);
        for n in [4, 6, 8] {
            let g = random_solution(n, &mut rng);
            assert_eq!(count(n, &g, 2).solutions, 1);
        }
    }
}
