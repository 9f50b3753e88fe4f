//! The exact futoshiki solver: candidate bitmasks with propagation (row and column singles,
//! hidden singles, inequality bounds) and branching on the most constrained cell. It counts
//! solutions up to a limit, which is how the generator proves uniqueness; it also draws the
//! random Latin square a puzzle starts from.

use verigym_core::rng::ProblemRng;

/// Most cells (an 8×8 grid).
pub const MAX_CELLS: usize = 64;

/// A puzzle in the solver's terms: side, givens (row-major, 0 = blank) and inequalities as
/// (smaller cell, larger cell) row-major indices.
pub struct Puzzle<'a> {
    pub n: usize,
    pub givens: &'a [u8],
    pub less: &'a [(usize, usize)],
}

type Domains = [u16; MAX_CELLS];

/// What a count found.
pub struct Count {
    /// Solutions found, at most the limit asked for.
    pub solutions: u32,
    /// Branching decisions made (a cell tried with two or more candidates).
    pub guesses: u64,
    /// The first solution found, row-major.
    pub first: Option<[u8; MAX_CELLS]>,
}

/// Counts the solutions of `p`, stopping at `limit`.
pub fn count(p: &Puzzle, limit: u32) -> Count {
    let mut out = Count {
        solutions: 0,
        guesses: 0,
        first: None,
    };
    if let Some(d) = initial(p) {
        search(p, d, limit, &mut out, &mut None);
    }
    out
}

/// A uniformly shuffled branching order over an empty n×n grid: a random Latin square.
pub fn random_latin_square(n: usize, rng: &mut ProblemRng) -> [u8; MAX_CELLS] {
    let empty = [0u8; MAX_CELLS];
    let p = Puzzle {
        n,
        givens: &empty[..n * n],
        less: &[],
    };
    let mut out = Count {
        solutions: 0,
        guesses: 0,
        first: None,
    };
    let d = initial(&p).expect("an empty grid has candidates");
    search(&p, d, 1, &mut out, &mut Some(rng));
    out.first.expect("every n has a Latin square")
}

fn initial(p: &Puzzle) -> Option<Domains> {
    let full: u16 = ((1u16 << p.n) - 1) << 1;
    let mut d = [0u16; MAX_CELLS];
    for (i, &g) in p.givens.iter().enumerate() {
        d[i] = if g == 0 { full } else { 1 << g };
    }
    propagate(p, &mut d).then_some(d)
}

/// Narrows every domain to a fixed point; false on a contradiction.
fn propagate(p: &Puzzle, d: &mut Domains) -> bool {
    let n = p.n;
    loop {
        let mut changed = false;
        for line in 0..2 * n {
            let cell = |k: usize| {
                if line < n {
                    line * n + k
                } else {
                    k * n + (line - n)
                }
            };
            // Singles remove their digit from the rest of the line; a digit with one place is
            // placed there.
            let mut once = 0u16;
            let mut twice = 0u16;
            let mut fixed = 0u16;
            for k in 0..n {
                let m = d[cell(k)];
                if m == 0 {
                    return false;
                }
                if m.is_power_of_two() {
                    if fixed & m != 0 {
                        return false;
                    }
                    fixed |= m;
                }
                twice |= once & m;
                once |= m;
            }
            if once.count_ones() < n as u32 {
                return false;
            }
            let hidden = once & !twice & !fixed;
            for k in 0..n {
                let i = cell(k);
                let m = d[i];
                let narrowed = if m.is_power_of_two() {
                    m
                } else if m & hidden != 0 {
                    if (m & hidden).count_ones() > 1 {
                        return false;
                    }
                    m & hidden
                } else {
                    m & !fixed
                };
                if narrowed != m {
                    d[i] = narrowed;
                    changed = true;
                }
            }
        }
        for &(a, b) in p.less {
            let (da, db) = (d[a], d[b]);
            if da == 0 || db == 0 {
                return false;
            }
            // a < b: a below b's largest candidate, b above a's smallest.
            let max_b = 15 - db.leading_zeros();
            let min_a = da.trailing_zeros();
            let na = da & ((1u16 << max_b) - 1);
            let nb = db & !((2u16 << min_a) - 1);
            if na != da || nb != db {
                d[a] = na;
                d[b] = nb;
                changed = true;
            }
        }
        if !changed {
            return true;
        }
    }
}

fn search(p: &Puzzle, d: Domains, limit: u32, out: &mut Count, rng: &mut Option<&mut ProblemRng>) {
    let cells = p.n * p.n;
    let mut best: Option<(usize, u32)> = None;
    for (i, &m) in d[..cells].iter().enumerate() {
        let k = m.count_ones();
        if k > 1 && best.is_none_or(|(_, b)| k < b) {
            best = Some((i, k));
        }
    }
    let Some((cell, k)) = best else {
        out.solutions += 1;
        if out.first.is_none() {
            let mut g = [0u8; MAX_CELLS];
            for i in 0..cells {
                g[i] = d[i].trailing_zeros() as u8;
            }
            out.first = Some(g);
        }
        return;
    };
    out.guesses += u64::from(k > 1);
    let mut digits: Vec<u8> = (1..=p.n as u8)
        .filter(|&v| d[cell] & (1 << v) != 0)
        .collect();
    if let Some(rng) = rng.as_deref_mut() {
        rng.shuffle(&mut digits);
    }
    for v in digits {
        let mut next = d;
        next[cell] = 1 << v;
        if propagate(p, &mut next) {
            search(p, next, limit, out, rng);
            if out.solutions >= limit {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin_squares_are_latin_and_counts_are_exact() {
        let mut rng = ProblemRng::from_test_seed(1);
        for n in 3..=8 {
            let g = random_latin_square(n, &mut rng);
            for r in 0..n {
                let row: u16 = (0..n).map(|c| 1u16 << g[r * n + c]).fold(0, |a, b| a | b);
                let col: u16 = (0..n).map(|c| 1u16 << g[c * n + r]).fold(0, |a, b| a | b);
                assert_eq!((row, col), (((1 << n) - 1) << 1, ((1 << n) - 1) << 1));
            }
        }
        // The 3×3 Latin squares: 12 of them; with (0,0) < (0,1) < (0,2) in row one, 2.
        let empty = [0u8; 9];
        let p = Puzzle {
            n: 3,
            givens: &empty,
            less: &[],
        };
        assert_eq!(count(&p, 100).solutions, 12);
        let p = Puzzle {
            n: 3,
            givens: &empty,
            less: &[(0, 1), (1, 2)],
        };
        assert_eq!(count(&p, 100).solutions, 2);
        let p = Puzzle {
            n: 3,
            givens: &empty,
            less: &[(0, 1), (1, 2), (3, 0)],
        };
        assert_eq!(count(&p, 100).solutions, 0);
    }
}
