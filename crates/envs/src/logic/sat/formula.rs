//! Planted k-CNF formulas: drawing clauses the plant satisfies, and the DPLL search whose effort
//! is the env's difficulty.
//!
//! Internally a clause is a pair of variable masks (positive literals, negated literals) and an
//! assignment a pair (true mask, false mask): every check is a few word operations.

use super::params::SatParams;
use verigym_core::rng::ProblemRng;

/// Draws of one clause before a repeat of an earlier clause is kept. Params keep the clause count
/// at most half the pool, so each draw repeats with probability at most 1/2 and a kept repeat
/// needs 64 repeats in a row.
const DRAWS_PER_CLAUSE: u32 = 64;

/// DPLL decisions after which the search stops counting: the difficulty is capped here.
pub const DPLL_NODE_CAP: u64 = 1 << 20;

/// A clause as masks over variables (bit `v` is x_{v+1}).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clause {
    /// Variables that appear positively.
    pub pos: u64,
    /// Variables that appear negated.
    pub neg: u64,
}

impl Clause {
    /// The clause from DIMACS literals; a literal naming no variable in 1..=64 is dropped, which
    /// only ever makes a clause harder to satisfy.
    pub fn from_literals(literals: &[i32]) -> Clause {
        let mut c = Clause { pos: 0, neg: 0 };
        for &lit in literals {
            let v = lit.unsigned_abs();
            if (1..=64).contains(&v) {
                let bit = 1u64 << (v - 1);
                if lit > 0 { c.pos |= bit } else { c.neg |= bit }
            }
        }
        c
    }

    /// Whether the assignment (bit set = true) satisfies the clause.
    #[inline]
    pub fn holds(self, truth: u64) -> bool {
        self.pos & truth != 0 || self.neg & !truth != 0
    }

    /// DIMACS literals in variable order.
    pub fn literals(self) -> Vec<i32> {
        let mut out = Vec::with_capacity((self.pos | self.neg).count_ones() as usize);
        let mut vars = self.pos | self.neg;
        while vars != 0 {
            let v = vars.trailing_zeros();
            let lit = v as i32 + 1;
            out.push(if self.pos >> v & 1 == 1 { lit } else { -lit });
            vars &= vars - 1;
        }
        out
    }
}

/// A planted formula: the plant (bit `v` set: x_{v+1} is true) and clauses it satisfies, each drawn
/// uniformly among the clauses on `k` distinct variables that the plant satisfies, without repeats.
pub fn planted(params: &SatParams, rng: &mut ProblemRng) -> (u64, Vec<Clause>) {
    let n = u64::from(params.variables);
    let all = if n == 64 { u64::MAX } else { (1 << n) - 1 };
    let plant = rng.next_u64() & all;
    let m = params.clauses() as usize;
    let mut clauses: Vec<Clause> = Vec::with_capacity(m);
    while clauses.len() < m {
        let mut clause = draw(params.k, n, plant, rng);
        for _ in 1..DRAWS_PER_CLAUSE {
            if !clauses.contains(&clause) {
                break;
            }
            clause = draw(params.k, n, plant, rng);
        }
        clauses.push(clause);
    }
    (plant, clauses)
}

/// One clause on `k` distinct variables with at least one literal true under the plant: which of
/// its literals are true is uniform over the 2^k − 1 non-empty patterns.
fn draw(k: u32, n: u64, plant: u64, rng: &mut ProblemRng) -> Clause {
    let mut vars = 0u64;
    while vars.count_ones() < k {
        vars |= 1 << rng.below(n);
    }
    let pattern = rng.in_range(1, (1 << k) - 1);
    let mut c = Clause { pos: 0, neg: 0 };
    let mut rest = vars;
    for j in 0..k {
        let bit = rest & rest.wrapping_neg();
        rest &= rest - 1;
        let literal_true = pattern >> j & 1 == 1;
        let var_true = plant & bit != 0;
        // A positive literal is true exactly when its variable is.
        if literal_true == var_true {
            c.pos |= bit;
        } else {
            c.neg |= bit;
        }
    }
    c
}

/// DPLL decisions needed to find a satisfying assignment: unit propagation to a fixed point, then
/// branch on the lowest unassigned variable of the first unsatisfied clause, true first. Counting
/// stops at [`DPLL_NODE_CAP`]. Returns (decisions, the assignment found if any).
pub fn dpll(clauses: &[Clause]) -> (u64, Option<u64>) {
    let occurs = Occurrences::new(clauses);
    let (mut t, mut f, mut queue) = (0, 0, Vec::new());
    // Only unit (or empty) clauses can act before any decision.
    for c in clauses {
        if !visit(*c, &mut t, &mut f, &mut queue) {
            return (0, None);
        }
    }
    let mut nodes = 0;
    let found = search(clauses, &occurs, t, f, &mut nodes, &mut queue);
    (nodes, found)
}

/// For each variable, the indices of the clauses it occurs in, as compressed rows.
struct Occurrences {
    start: [u32; 65],
    clauses: Vec<u32>,
}

impl Occurrences {
    fn new(clauses: &[Clause]) -> Self {
        let mut start = [0u32; 65];
        for c in clauses {
            for_each_bit(c.pos | c.neg, |v| start[v + 1] += 1);
        }
        for v in 0..64 {
            start[v + 1] += start[v];
        }
        let mut next = start;
        let mut list = vec![0u32; start[64] as usize];
        for (i, c) in clauses.iter().enumerate() {
            for_each_bit(c.pos | c.neg, |v| {
                list[next[v] as usize] = i as u32;
                next[v] += 1;
            });
        }
        Occurrences {
            start,
            clauses: list,
        }
    }

    fn of(&self, var: usize) -> &[u32] {
        &self.clauses[self.start[var] as usize..self.start[var + 1] as usize]
    }
}

fn for_each_bit(mut bits: u64, mut f: impl FnMut(usize)) {
    while bits != 0 {
        f(bits.trailing_zeros() as usize);
        bits &= bits - 1;
    }
}

/// Looks at one clause under (t, f): false on a conflict; a unit clause assigns its last free
/// literal and queues that variable.
#[inline]
fn visit(c: Clause, t: &mut u64, f: &mut u64, queue: &mut Vec<usize>) -> bool {
    if c.pos & *t != 0 || c.neg & *f != 0 {
        return true;
    }
    let free = (c.pos | c.neg) & !(*t | *f);
    match free.count_ones() {
        0 => false,
        1 => {
            if c.pos & free != 0 {
                *t |= free;
            } else {
                *f |= free;
            }
            queue.push(free.trailing_zeros() as usize);
            true
        }
        _ => true,
    }
}

/// Unit propagation from the queued variables: only clauses they occur in can change.
fn propagate(
    clauses: &[Clause],
    occurs: &Occurrences,
    t: &mut u64,
    f: &mut u64,
    queue: &mut Vec<usize>,
) -> bool {
    while let Some(v) = queue.pop() {
        for &i in occurs.of(v) {
            if !visit(clauses[i as usize], t, f, queue) {
                queue.clear();
                return false;
            }
        }
    }
    true
}

fn search(
    clauses: &[Clause],
    occurs: &Occurrences,
    mut t: u64,
    mut f: u64,
    nodes: &mut u64,
    queue: &mut Vec<usize>,
) -> Option<u64> {
    if !propagate(clauses, occurs, &mut t, &mut f, queue) {
        return None;
    }
    // At the fixed point every open clause has at least two free literals.
    let Some(open) = clauses.iter().find(|c| c.pos & t == 0 && c.neg & f == 0) else {
        return Some(t);
    };
    if *nodes >= DPLL_NODE_CAP {
        return None;
    }
    *nodes += 1;
    let free = (open.pos | open.neg) & !(t | f);
    let var = free & free.wrapping_neg();
    let index = var.trailing_zeros() as usize;
    queue.push(index);
    if let Some(found) = search(clauses, occurs, t | var, f, nodes, queue) {
        return Some(found);
    }
    queue.push(index);
    search(clauses, occurs, t, f | var, nodes, queue)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_round_trip() {
        let c = Clause::from_literals(&[3, -1, 64]);
        assert_eq!(c.literals(), vec![-1, 3, 64]);
        assert!(c.holds(0) && c.holds(1 << 2) && !c.holds(1));
        assert_eq!(
            Clause::from_literals(&[0, 65, -70]),
            Clause { pos: 0, neg: 0 }
        );
    }

    #[test]
    fn planted_clauses_hold_are_distinct_and_have_k_variables() {
        let params = SatParams::default();
        let mut rng = ProblemRng::from_test_seed(5);
        for _ in 0..100 {
            let (plant, clauses) = planted(&params, &mut rng);
            assert_eq!(clauses.len(), 51);
            for (i, c) in clauses.iter().enumerate() {
                assert!(c.holds(plant));
                assert_eq!(c.pos & c.neg, 0);
                assert_eq!((c.pos | c.neg).count_ones(), 3);
                assert!((c.pos | c.neg) >> 12 == 0);
                assert!(!clauses[..i].contains(c));
            }
            let (nodes, found) = dpll(&clauses);
            let found = found.unwrap();
            assert!(clauses.iter().all(|c| c.holds(found)));
            assert!(nodes < 1 << 12);
        }
    }

    #[test]
    fn dpll_proves_unsatisfiable_formulas() {
        let all: Vec<Clause> = [[1, 2], [1, -2], [-1, 2], [-1, -2]]
            .iter()
            .map(|l| Clause::from_literals(l))
            .collect();
        assert_eq!(dpll(&all).1, None);
        let units: Vec<Clause> = [vec![1], vec![-1, 2], vec![-2, 3]]
            .iter()
            .map(|l| Clause::from_literals(l))
            .collect();
        assert_eq!(dpll(&units), (0, Some(0b111)));
        let clash = [Clause::from_literals(&[1]), Clause::from_literals(&[-1])];
        assert_eq!(dpll(&clash), (0, None));
    }
}
