//! Breadth-first search over jug states: the proven fewest moves from all-empty to a state in
//! which some jug holds a given amount, and one plan that achieves it.

use std::collections::VecDeque;

/// One move on the jugs (0-based jug indices).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// Fill the jug to the brim.
    Fill(u8),
    /// Pour the jug out.
    Empty(u8),
    /// Pour from the first jug into the second until the first is empty or the second full.
    Pour(u8, u8),
}

/// Jug letter for a 0-based index.
pub fn name(jug: u8) -> char {
    char::from(b'A' + jug)
}

impl std::fmt::Display for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Move::Fill(x) => write!(f, "fill {}", name(x)),
            Move::Empty(x) => write!(f, "empty {}", name(x)),
            Move::Pour(x, y) => write!(f, "pour {} {}", name(x), name(y)),
        }
    }
}

/// Applies `m` to `state`. `Pour(x, x)` leaves the state unchanged; callers reject it first.
pub fn apply(capacities: &[u32], state: &mut [u32], m: Move) {
    match m {
        Move::Fill(x) => state[usize::from(x)] = capacities[usize::from(x)],
        Move::Empty(x) => state[usize::from(x)] = 0,
        Move::Pour(x, y) => {
            let (x, y) = (usize::from(x), usize::from(y));
            if x != y {
                let amount = state[x].min(capacities[y] - state[y]);
                state[x] -= amount;
                state[y] += amount;
            }
        }
    }
}

/// Every move on `jugs` jugs, in a fixed order: fills, empties, then pours.
pub fn all_moves(jugs: u8) -> Vec<Move> {
    let mut moves: Vec<Move> = (0..jugs).map(Move::Fill).collect();
    moves.extend((0..jugs).map(Move::Empty));
    for x in 0..jugs {
        moves.extend((0..jugs).filter(|&y| y != x).map(|y| Move::Pour(x, y)));
    }
    moves
}

/// The BFS tree from the all-empty state over every reachable state.
pub struct Search {
    capacities: Vec<u32>,
    /// Parent state index and the move from it, per state; `None` for the root and unreached.
    parent: Vec<Option<(u32, Move)>>,
    /// Distance per state, `u32::MAX` when unreached.
    dist: Vec<u32>,
    /// State indices in the order BFS reached them.
    order: Vec<u32>,
}

impl Search {
    /// Explores every state reachable from all jugs empty.
    pub fn new(capacities: &[u32]) -> Self {
        let size: usize = capacities.iter().map(|&c| c as usize + 1).product();
        let mut s = Search {
            capacities: capacities.to_vec(),
            parent: vec![None; size],
            dist: vec![u32::MAX; size],
            order: Vec::new(),
        };
        let moves = all_moves(capacities.len() as u8);
        let mut queue = VecDeque::from([0u32]);
        s.dist[0] = 0;
        let mut state = vec![0u32; capacities.len()];
        while let Some(at) = queue.pop_front() {
            s.order.push(at);
            for &m in &moves {
                s.decode(at, &mut state);
                apply(capacities, &mut state, m);
                let next = s.encode(&state);
                if s.dist[next as usize] == u32::MAX {
                    s.dist[next as usize] = s.dist[at as usize] + 1;
                    s.parent[next as usize] = Some((at, m));
                    queue.push_back(next);
                }
            }
        }
        s
    }

    fn encode(&self, state: &[u32]) -> u32 {
        state
            .iter()
            .zip(&self.capacities)
            .rev()
            .fold(0, |acc, (&v, &c)| acc * (c + 1) + v)
    }

    fn decode(&self, mut index: u32, state: &mut [u32]) {
        for (v, &c) in state.iter_mut().zip(&self.capacities) {
            *v = index % (c + 1);
            index /= c + 1;
        }
    }

    /// The first state BFS reached in which some jug holds `amount`, with its distance.
    fn first_holding(&self, amount: u32) -> Option<(u32, u32)> {
        let mut state = vec![0u32; self.capacities.len()];
        self.order.iter().find_map(|&at| {
            self.decode(at, &mut state);
            state
                .contains(&amount)
                .then(|| (at, self.dist[at as usize]))
        })
    }

    /// Fewest moves to make some jug hold each amount `0..=max capacity` (`None`: unreachable).
    pub fn fewest_moves(&self) -> Vec<Option<u32>> {
        let top = self.capacities.iter().copied().max().unwrap_or(0);
        let mut best = vec![None; top as usize + 1];
        let mut state = vec![0u32; self.capacities.len()];
        for &at in &self.order {
            self.decode(at, &mut state);
            for &v in &state {
                best[v as usize].get_or_insert(self.dist[at as usize]);
            }
        }
        best
    }

    /// A shortest plan that makes some jug hold `amount`, if one exists.
    pub fn plan(&self, amount: u32) -> Option<Vec<Move>> {
        let (mut at, _) = self.first_holding(amount)?;
        let mut plan = Vec::new();
        while let Some((from, m)) = self.parent[at as usize] {
            plan.push(m);
            at = from;
        }
        plan.reverse();
        Some(plan)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_die_hard_puzzle_takes_six_moves() {
        let s = Search::new(&[3, 5]);
        assert_eq!(s.fewest_moves()[4], Some(6));
        let plan = s.plan(4).unwrap();
        assert_eq!(plan.len(), 6);
        let mut state = [0, 0];
        for m in plan {
            apply(&[3, 5], &mut state, m);
        }
        assert!(state.contains(&4));
    }

    #[test]
    fn amounts_off_the_gcd_lattice_are_unreachable() {
        let best = Search::new(&[4, 6]).fewest_moves();
        assert_eq!(best[3], None);
        assert_eq!(best[2], Some(2));
        assert_eq!(best[0], Some(0));
    }
}
