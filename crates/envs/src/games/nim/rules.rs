//! The game's rules and its solution: which amounts a move may take, the Grundy value of every
//! pile size (the mex of the values one move away), and the winning moves of a position.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The amounts a move may take from one pile, as a record states them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Takes {
    /// Any positive number of stones, up to the whole pile.
    Any,
    /// From 1 to `max` stones.
    UpTo {
        /// The most stones one move may take.
        max: u32,
    },
    /// Exactly one of these amounts (ascending, distinct, each at least 1).
    Set {
        /// The allowed amounts.
        sizes: Vec<u32>,
    },
}

impl Takes {
    /// Whether taking `take` stones from a pile of `pile` is a legal move.
    pub fn allows(&self, pile: u32, take: u32) -> bool {
        take >= 1
            && take <= pile
            && match self {
                Takes::Any => true,
                Takes::UpTo { max } => take <= *max,
                Takes::Set { sizes } => sizes.contains(&take),
            }
    }

    /// The Grundy value of every pile size from 0 to `largest`: the least value not among those
    /// of the sizes one legal move away.
    pub fn grundy(&self, largest: u32) -> Vec<u32> {
        let mut g: Vec<u32> = Vec::with_capacity(largest as usize + 1);
        for n in 0..=largest {
            // A move reaches at most 64 sizes (`PILE_MAX`), so the mex is below 65.
            let mut seen = [false; 66];
            for take in self.candidates(n) {
                if self.allows(n, take) {
                    seen[g[(n - take) as usize].min(65) as usize] = true;
                }
            }
            g.push(seen.iter().position(|s| !s).unwrap_or(65) as u32);
        }
        g
    }

    /// The amounts worth trying on a pile of `n`: every legal one is among them.
    fn candidates(&self, n: u32) -> impl Iterator<Item = u32> + '_ {
        // A range for the first two rules, the set's own amounts for the third (the range then
        // starts past its end, so it yields nothing).
        let (last, set): (u32, &[u32]) = match self {
            Takes::Any => (n, &[]),
            Takes::UpTo { max } => (n.min(*max), &[]),
            Takes::Set { sizes } => (0, sizes),
        };
        (1..last + 1).chain(set.iter().copied())
    }
}

/// One move: take `take` stones from pile `pile` (1-based, as the prompt numbers them).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct Move {
    /// The pile, numbered from 1.
    pub pile: u32,
    /// The stones taken.
    pub take: u32,
}

/// The XOR of the piles' Grundy values: the position is lost for the player to move exactly
/// when it is 0.
pub fn value(piles: &[u32], g: &[u32]) -> u32 {
    piles.iter().fold(0, |acc, &p| acc ^ g[p as usize])
}

/// How many legal moves a position has.
pub fn legal_moves(piles: &[u32], takes: &Takes) -> usize {
    piles
        .iter()
        .map(|&p| takes.candidates(p).filter(|&t| takes.allows(p, t)).count())
        .sum()
}

/// Every winning move of a position, by pile then amount: the legal moves after which the value
/// is 0.
pub fn winning_moves(piles: &[u32], takes: &Takes, g: &[u32]) -> Vec<Move> {
    let total = value(piles, g);
    let mut out = Vec::new();
    for (i, &p) in piles.iter().enumerate() {
        for take in takes.candidates(p) {
            if takes.allows(p, take) && total ^ g[p as usize] ^ g[(p - take) as usize] == 0 {
                out.push(Move {
                    pile: i as u32 + 1,
                    take,
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grundy_values_of_the_three_rules() {
        // Classic Nim: a pile's value is its size.
        assert_eq!(Takes::Any.grundy(6), [0, 1, 2, 3, 4, 5, 6]);
        // Take 1 to 3: the size modulo 4.
        assert_eq!(
            Takes::UpTo { max: 3 }.grundy(9),
            [0, 1, 2, 3, 0, 1, 2, 3, 0, 1]
        );
        // Take 1, 3 or 4: the known period 0 1 0 1 2 3 2.
        let s = Takes::Set {
            sizes: vec![1, 3, 4],
        };
        assert_eq!(s.grundy(13), [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]);
        // Take 2 or 3: sizes 0 and 1 have no move.
        let s = Takes::Set { sizes: vec![2, 3] };
        assert_eq!(s.grundy(6), [0, 0, 1, 1, 2, 0, 0]);
    }

    #[test]
    fn winning_moves_leave_value_zero() {
        let g = Takes::Any.grundy(7);
        assert_eq!(
            winning_moves(&[3, 5, 7], &Takes::Any, &g),
            [
                Move { pile: 1, take: 1 },
                Move { pile: 2, take: 1 },
                Move { pile: 3, take: 1 }
            ]
        );
        assert_eq!(
            winning_moves(&[1, 4, 6], &Takes::Any, &g),
            [Move { pile: 3, take: 1 }]
        );
        assert!(winning_moves(&[2, 2], &Takes::Any, &g).is_empty());
    }
}
