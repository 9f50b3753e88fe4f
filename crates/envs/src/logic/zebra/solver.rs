//! The propagation-and-search solver behind generation: counts solutions up to a limit.
//!
//! The state is one bitmask per (attribute, value): the houses it may still be in. Propagation
//! applies every clue to the masks and, per attribute, the all-different rule (a value fixed to a
//! house leaves the other values; a house only one value can fill gets that value) until nothing
//! changes. Search then branches on the unfixed value with the fewest houses left. Seven houses
//! fit a `u8`, so a whole state is a 49-byte array copied per branch.

use super::clue::Clue;
use super::vocab::{KINDS, VALUES_PER_KIND};

const SLOTS: usize = KINDS * VALUES_PER_KIND;
type State = [u8; SLOTS];

/// A clue with its items flattened to state slots.
#[derive(Clone, Copy, Debug)]
enum Rule {
    Same(usize, usize),
    NotSame(usize, usize),
    LeftOf(usize, usize),
    DirectlyLeft(usize, usize),
    NextTo(usize, usize),
    Position(usize, u8),
}

/// What a count found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count {
    /// Solutions found, at most the limit asked for.
    pub solutions: u32,
    /// Branches taken by the search; 0 when propagation alone settled every value.
    pub nodes: u64,
    /// The first solution found, as `grid[house][attribute] = value`.
    pub first: Option<Vec<Vec<u8>>>,
}

/// A puzzle of `houses` houses and `attributes` attributes, ready to count solutions.
#[derive(Clone, Debug)]
pub struct Solver {
    houses: usize,
    attributes: usize,
    full: u8,
    rules: Vec<Rule>,
}

fn slot(item: super::Item) -> usize {
    usize::from(item.attribute) * VALUES_PER_KIND + usize::from(item.value)
}

impl Solver {
    /// A solver for these clues. Needs `houses <= 7` and `attributes <= 7`.
    pub fn new<'c>(
        houses: usize,
        attributes: usize,
        clues: impl IntoIterator<Item = &'c Clue>,
    ) -> Self {
        debug_assert!(houses <= VALUES_PER_KIND && attributes <= KINDS);
        let rules = clues
            .into_iter()
            .map(|clue| match *clue {
                Clue::Same { a, b } => Rule::Same(slot(a), slot(b)),
                Clue::NotSame { a, b } => Rule::NotSame(slot(a), slot(b)),
                Clue::LeftOf { a, b } => Rule::LeftOf(slot(a), slot(b)),
                Clue::DirectlyLeft { a, b } => Rule::DirectlyLeft(slot(a), slot(b)),
                Clue::NextTo { a, b } => Rule::NextTo(slot(a), slot(b)),
                Clue::Position { a, house } => Rule::Position(slot(a), house.saturating_sub(1)),
            })
            .collect();
        Solver {
            houses,
            attributes,
            full: ((1u16 << houses) - 1) as u8,
            rules,
        }
    }

    /// Counts solutions, stopping at `limit`.
    pub fn count(&self, limit: u32) -> Count {
        let mut state = [0u8; SLOTS];
        for a in 0..self.attributes {
            for v in 0..self.houses {
                state[a * VALUES_PER_KIND + v] = self.full;
            }
        }
        let mut count = Count {
            solutions: 0,
            nodes: 0,
            first: None,
        };
        self.search(state, limit, &mut count);
        count
    }

    fn search(&self, mut state: State, limit: u32, count: &mut Count) {
        if !self.propagate(&mut state) {
            return;
        }
        let mut best: Option<(usize, u32)> = None;
        for a in 0..self.attributes {
            for v in 0..self.houses {
                let i = a * VALUES_PER_KIND + v;
                let k = state[i].count_ones();
                if k > 1 && best.is_none_or(|(_, bk)| k < bk) {
                    best = Some((i, k));
                }
            }
        }
        let Some((i, _)) = best else {
            count.solutions += 1;
            if count.first.is_none() {
                count.first = Some(self.grid(&state));
            }
            return;
        };
        let mut houses = state[i];
        while houses != 0 {
            let bit = houses & houses.wrapping_neg();
            houses &= houses - 1;
            count.nodes += 1;
            let mut next = state;
            next[i] = bit;
            self.search(next, limit, count);
            if count.solutions >= limit {
                return;
            }
        }
    }

    fn grid(&self, state: &State) -> Vec<Vec<u8>> {
        let mut grid = vec![vec![0u8; self.attributes]; self.houses];
        for a in 0..self.attributes {
            for v in 0..self.houses {
                let h = state[a * VALUES_PER_KIND + v].trailing_zeros() as usize;
                grid[h][a] = v as u8;
            }
        }
        grid
    }

    /// Narrows the masks to a fixpoint; false on a contradiction (some mask empty).
    fn propagate(&self, s: &mut State) -> bool {
        loop {
            let before = *s;
            for rule in &self.rules {
                if !self.apply(*rule, s) {
                    return false;
                }
            }
            for a in 0..self.attributes {
                if !self.all_different(&mut s[a * VALUES_PER_KIND..][..self.houses]) {
                    return false;
                }
            }
            if *s == before {
                return true;
            }
        }
    }

    fn apply(&self, rule: Rule, s: &mut State) -> bool {
        let full = self.full;
        match rule {
            Rule::Same(x, y) => {
                let m = s[x] & s[y];
                s[x] = m;
                s[y] = m;
                m != 0
            }
            Rule::NotSame(x, y) => {
                if s[x].is_power_of_two() {
                    s[y] &= !s[x];
                }
                if s[y].is_power_of_two() {
                    s[x] &= !s[y];
                }
                s[x] != 0 && s[y] != 0
            }
            Rule::LeftOf(x, y) => {
                if s[x] == 0 || s[y] == 0 {
                    return false;
                }
                // x lies below y's highest possible house; y above x's lowest.
                let y_hi = 7 - s[y].leading_zeros();
                s[x] &= ((1u16 << y_hi) - 1) as u8;
                if s[x] == 0 {
                    return false;
                }
                let x_lo = s[x].trailing_zeros();
                s[y] &= full & (0xffu16 << (x_lo + 1)) as u8;
                s[y] != 0
            }
            Rule::DirectlyLeft(x, y) => {
                s[y] &= s[x] << 1 & full;
                s[x] &= s[y] >> 1;
                s[x] != 0 && s[y] != 0
            }
            Rule::NextTo(x, y) => {
                s[y] &= (s[x] << 1 | s[x] >> 1) & full;
                s[x] &= (s[y] << 1 | s[y] >> 1) & full;
                s[x] != 0 && s[y] != 0
            }
            Rule::Position(x, h) => {
                s[x] &= 1 << h;
                s[x] != 0
            }
        }
    }

    /// The all-different rule on one attribute's masks.
    fn all_different(&self, masks: &mut [u8]) -> bool {
        let mut fixed = 0u8;
        for &m in masks.iter() {
            if m == 0 || (m.is_power_of_two() && fixed & m != 0) {
                return false;
            }
            if m.is_power_of_two() {
                fixed |= m;
            }
        }
        let (mut once, mut twice) = (0u8, 0u8);
        for m in masks.iter_mut() {
            if !m.is_power_of_two() {
                *m &= !fixed;
            }
            twice |= once & *m;
            once |= *m;
        }
        if once != self.full {
            return false;
        }
        // A house that only one value can still take must be that value's.
        let only = once & !twice;
        if only != 0 {
            for m in masks.iter_mut() {
                let mine = *m & only;
                if mine != 0 {
                    if !mine.is_power_of_two() {
                        return false;
                    }
                    *m = mine;
                }
            }
        }
        masks.iter().all(|&m| m != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::super::Item;
    use super::*;

    fn item(attribute: u8, value: u8) -> Item {
        Item { attribute, value }
    }

    #[test]
    fn without_clues_every_permutation_counts() {
        assert_eq!(Solver::new(2, 2, &[]).count(100).solutions, 4);
        assert_eq!(Solver::new(3, 2, &[]).count(1000).solutions, 36);
        assert_eq!(
            Solver::new(4, 3, &[]).count(100_000).solutions,
            24 * 24 * 24
        );
        assert_eq!(Solver::new(4, 3, &[]).count(5).solutions, 5);
    }

    #[test]
    fn each_rule_prunes_exactly_its_violations() {
        // One attribute, three houses: 6 permutations of values 0, 1, 2.
        let count = |clue: Clue| Solver::new(3, 1, &[clue]).count(100).solutions;
        let (x, y) = (item(0, 0), item(0, 1));
        assert_eq!(count(Clue::LeftOf { a: x, b: y }), 3);
        assert_eq!(count(Clue::DirectlyLeft { a: x, b: y }), 2);
        assert_eq!(count(Clue::NextTo { a: x, b: y }), 4);
        assert_eq!(count(Clue::Position { a: x, house: 3 }), 2);
        // Two attributes of two houses: 4 assignments.
        let two = |clue: Clue| Solver::new(2, 2, &[clue]).count(100).solutions;
        assert_eq!(
            two(Clue::Same {
                a: item(0, 0),
                b: item(1, 1)
            }),
            2
        );
        assert_eq!(
            two(Clue::NotSame {
                a: item(0, 0),
                b: item(1, 1)
            }),
            2
        );
    }

    #[test]
    fn contradictions_have_no_solution_and_the_first_solution_is_reported() {
        let clues = [
            Clue::Position {
                a: item(0, 0),
                house: 1,
            },
            Clue::LeftOf {
                a: item(0, 1),
                b: item(0, 0),
            },
        ];
        assert_eq!(Solver::new(3, 1, &clues).count(2).solutions, 0);
        let clues = [
            Clue::Position {
                a: item(0, 0),
                house: 2,
            },
            Clue::DirectlyLeft {
                a: item(0, 1),
                b: item(0, 0),
            },
            Clue::Same {
                a: item(0, 1),
                b: item(1, 1),
            },
            Clue::NextTo {
                a: item(1, 0),
                b: item(1, 1),
            },
            Clue::NotSame {
                a: item(1, 0),
                b: item(0, 2),
            },
        ];
        let count = Solver::new(3, 2, &clues).count(2);
        assert_eq!(count.solutions, 1);
        assert_eq!(count.first, Some(vec![vec![1, 1], vec![0, 0], vec![2, 2]]));
    }
}
