//! Breadth-first search over Tower of Hanoi configurations: the proven fewest moves between two
//! arbitrary legal configurations, and one plan that achieves it.
//!
//! A configuration is the peg of each disk (disk 0 the smallest); since each peg's disks are
//! stacked largest at the bottom, every assignment of disks to pegs is legal and the state space
//! is exactly pegs^disks, encoded as a base-`pegs` number with disk i as digit i.

use std::collections::VecDeque;

/// One move: the top disk of peg `.0` onto peg `.1` (0-based pegs).
pub type Move = (u8, u8);

/// The top disk of each peg (`u8::MAX` for an empty peg), given the peg of each disk.
pub fn tops(pegs: usize, at: &[u8]) -> [u8; 4] {
    let mut top = [u8::MAX; 4];
    // Smallest disk first: the first disk seen on a peg is its top.
    for (disk, &peg) in at.iter().enumerate() {
        if top[usize::from(peg)] == u8::MAX {
            top[usize::from(peg)] = disk as u8;
        }
    }
    debug_assert!(pegs <= 4);
    top
}

fn encode(pegs: u32, at: &[u8]) -> u32 {
    at.iter().rev().fold(0, |acc, &p| acc * pegs + u32::from(p))
}

fn decode(pegs: u32, mut index: u32, at: &mut [u8]) {
    for p in at.iter_mut() {
        *p = (index % pegs) as u8;
        index /= pegs;
    }
}

/// Every configuration's distance from one start, with the BFS tree that proves it.
pub struct Reach {
    pegs: u32,
    from: u32,
    /// Moves from the start to each configuration (by its encoding).
    pub distance: Vec<u16>,
    parent: Vec<u32>,
    via: Vec<Move>,
}

impl Reach {
    /// Breadth-first search from `start` (peg of each disk, 0-based) over the whole space; the
    /// space is complete and strongly connected, so every configuration is reached.
    pub fn from(pegs: u32, start: &[u8]) -> Reach {
        let n = start.len();
        let size = (pegs as usize).pow(n as u32);
        let mut reach = Reach {
            pegs,
            from: encode(pegs, start),
            distance: vec![u16::MAX; size],
            parent: vec![u32::MAX; size],
            via: vec![(0, 0); size],
        };
        let from = reach.from;
        reach.parent[from as usize] = from;
        reach.distance[from as usize] = 0;
        let mut queue = VecDeque::from([from]);
        let mut at = vec![0u8; n];
        let weights: Vec<u32> = (0..n as u32).map(|d| pegs.pow(d)).collect();
        while let Some(state) = queue.pop_front() {
            decode(pegs, state, &mut at);
            let top = tops(pegs as usize, &at);
            let next_distance = reach.distance[state as usize] + 1;
            for f in 0..pegs as u8 {
                let d = top[usize::from(f)];
                if d == u8::MAX {
                    continue;
                }
                for t in (0..pegs as u8).filter(|&t| t != f && top[usize::from(t)] > d) {
                    let w = weights[usize::from(d)];
                    let next = state - u32::from(f) * w + u32::from(t) * w;
                    if reach.parent[next as usize] == u32::MAX {
                        reach.parent[next as usize] = state;
                        reach.via[next as usize] = (f, t);
                        reach.distance[next as usize] = next_distance;
                        queue.push_back(next);
                    }
                }
            }
        }
        reach
    }

    /// The configuration (peg of each disk, 0-based) with encoding `index`.
    pub fn configuration(&self, index: usize, disks: usize) -> Vec<u8> {
        let mut at = vec![0u8; disks];
        decode(self.pegs, index as u32, &mut at);
        at
    }

    /// The tree's shortest plan from the start to `goal`.
    pub fn plan_to(&self, goal: &[u8]) -> Vec<Move> {
        let mut plan = Vec::new();
        let mut state = encode(self.pegs, goal);
        while state != self.from {
            plan.push(self.via[state as usize]);
            state = self.parent[state as usize];
        }
        plan.reverse();
        plan
    }
}

/// A shortest plan from `start` to `goal` (peg of each disk, 0-based), by BFS. The search runs
/// to the end rather than stopping at the goal: parents are fixed when first reached, so the
/// plan is the same either way.
pub fn shortest_plan(pegs: u32, start: &[u8], goal: &[u8]) -> Vec<Move> {
    Reach::from(pegs, start).plan_to(goal)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_classic_tower_takes_two_to_the_n_minus_one() {
        for n in 1..=7 {
            let start = vec![0u8; n];
            let goal = vec![2u8; n];
            assert_eq!(shortest_plan(3, &start, &goal).len(), (1 << n) - 1);
        }
        // Four pegs: the Frame-Stewart numbers, optimal for four pegs (Bousch 2014).
        let fs = [1, 3, 5, 9, 13, 17, 25];
        for (n, &moves) in fs.iter().enumerate() {
            let start = vec![0u8; n + 1];
            let goal = vec![3u8; n + 1];
            assert_eq!(
                shortest_plan(4, &start, &goal).len(),
                moves,
                "n = {}",
                n + 1
            );
        }
    }

    #[test]
    fn equal_configurations_need_no_move() {
        assert!(shortest_plan(3, &[1, 2, 0], &[1, 2, 0]).is_empty());
    }
}
