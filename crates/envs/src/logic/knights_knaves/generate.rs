//! Puzzle construction: plant roles, draw statements true for knights and false for knaves under
//! the plant, and redraw until exactly one assignment is consistent.
//!
//! Termination: a statement is redrawn at most [`DRAWS_PER_STATEMENT`] times before falling back
//! to a plain claim about another person, and the puzzle at most [`REDRAW_ROUNDS`] times per person
//! before falling back to [`chain`], a statement set unique by construction.

use super::claim::{Claim, Tables};
use super::params::KnightsKnavesParams;
use verigym_core::rng::ProblemRng;

/// Draws of one statement before the plain-claim fallback. Each draw matches the needed truth
/// value with probability around 1/2, so the fallback runs about once in 65,000 statements.
const DRAWS_PER_STATEMENT: u32 = 16;
/// Statement redraws per person before the [`chain`] fallback.
const REDRAW_ROUNDS: u32 = 32;

/// A generated puzzle with its compiled form.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// Statement `i` is said by person `i`.
    pub statements: Vec<Claim>,
    /// The unique consistent assignment (bit `p` set: person `p` is a knight).
    pub plant: u16,
    /// Whether the [`chain`] fallback made the statements; the unit tests bound how often.
    #[cfg_attr(not(test), allow(dead_code))]
    pub fallback: bool,
    /// The consistency table of each statement, `words` words each.
    consistent: Vec<u64>,
}

/// Builds a puzzle whose only consistent assignment is a uniformly drawn plant.
pub fn puzzle(params: &KnightsKnavesParams, rng: &mut ProblemRng) -> Puzzle {
    let n = params.people;
    let tables = Tables::get(n);
    let w = tables.words;
    let plant = rng.below(1 << n) as u16;
    let mut statements = Vec::with_capacity(usize::from(n));
    let mut consistent = Vec::with_capacity(usize::from(n) * w);
    for speaker in 0..n {
        statements.push(statement(
            params,
            rng,
            tables,
            speaker,
            plant,
            &mut consistent,
        ));
    }
    let mut solutions = vec![0u64; w];
    let mut rounds = 0;
    while count_solutions(&consistent, w, &mut solutions) != 1 {
        if rounds == REDRAW_ROUNDS * u32::from(n) {
            statements = chain(n, plant);
            consistent.clear();
            for (speaker, claim) in (0..n).zip(&statements) {
                let at = consistent.len();
                tables.eval(claim, &mut consistent);
                tables.consistent(speaker, &mut consistent[at..]);
            }
            return Puzzle {
                statements,
                plant,
                fallback: true,
                consistent,
            };
        }
        rounds += 1;
        let speaker = rng.below(u64::from(n)) as u8;
        let at = usize::from(speaker) * w;
        let mut table = Vec::with_capacity(w);
        statements[usize::from(speaker)] =
            statement(params, rng, tables, speaker, plant, &mut table);
        consistent[at..at + w].copy_from_slice(&table);
    }
    Puzzle {
        statements,
        plant,
        fallback: false,
        consistent,
    }
}

/// ANDs every statement's consistency table into `out` and counts the assignments left.
fn count_solutions(consistent: &[u64], w: usize, out: &mut [u64]) -> u32 {
    out.fill(u64::MAX);
    for table in consistent.chunks_exact(w) {
        for (o, t) in out.iter_mut().zip(table) {
            *o &= t;
        }
    }
    out.iter().map(|x| x.count_ones()).sum()
}

/// One statement the speaker can make under the plant; its consistency table is appended to `out`.
fn statement(
    params: &KnightsKnavesParams,
    rng: &mut ProblemRng,
    tables: &Tables,
    speaker: u8,
    plant: u16,
    out: &mut Vec<u64>,
) -> Claim {
    let n = params.people;
    let knight = plant >> speaker & 1 == 1;
    let at = out.len();
    for _ in 0..DRAWS_PER_STATEMENT {
        let claim = node(rng, n, params.depth, params.width, Parent::Root);
        tables.eval(&claim, out);
        if Tables::get_bit(&out[at..], plant) == knight {
            tables.consistent(speaker, &mut out[at..]);
            return claim;
        }
        out.truncate(at);
    }
    // "P is a knight" is true or false under the plant; say whichever the speaker's role needs.
    let other = (speaker + 1 + rng.below(u64::from(n - 1)) as u8) % n;
    let claim = if (plant >> other & 1 == 1) == knight {
        Claim::Knight { person: other }
    } else {
        Claim::Knave { person: other }
    };
    tables.eval(&claim, out);
    tables.consistent(speaker, &mut out[at..]);
    claim
}

/// A random claim of at most `depth` levels; the root of a statement deeper than 1 is compound.
///
/// `parent` is the connective directly above: an `and` inside an `and` (or `or` inside `or`)
/// only adds parentheses, so a nested one takes the other connective.
fn node(rng: &mut ProblemRng, n: u8, depth: u8, width: u8, parent: Parent) -> Claim {
    if depth <= 1 || (parent != Parent::Root && rng.chance(1, 2)) {
        return atom(rng, n);
    }
    // Negating an atom only restates another atom, so `not` wraps compound claims, which needs
    // two levels below it.
    let not_weight = if depth >= 3 { 1 } else { 0 };
    match rng.weighted(&[6, 2, not_weight]) {
        0 => {
            let and = match parent {
                Parent::And => false,
                Parent::Or => true,
                _ => rng.chance(1, 2),
            };
            let here = if and { Parent::And } else { Parent::Or };
            let k = rng.in_range(2, u64::from(width)) as usize;
            let mut of: Vec<Claim> = Vec::with_capacity(k);
            while of.len() < k {
                let mut c = node(rng, n, depth - 1, width, here);
                for _ in 0..REDRAWS_PER_OPERAND {
                    if !of.iter().any(|o| clash(o, &c)) {
                        break;
                    }
                    c = node(rng, n, depth - 1, width, here);
                }
                of.push(c);
            }
            if and {
                Claim::And { of }
            } else {
                Claim::Or { of }
            }
        }
        1 => {
            let premise = node(rng, n, depth - 1, width, Parent::Other);
            let mut conclusion = node(rng, n, depth - 1, width, Parent::Other);
            for _ in 0..REDRAWS_PER_OPERAND {
                if !clash(&premise, &conclusion) {
                    break;
                }
                conclusion = node(rng, n, depth - 1, width, Parent::Other);
            }
            Claim::Implies {
                premise: Box::new(premise),
                conclusion: Box::new(conclusion),
            }
        }
        _ => Claim::Not {
            of: Box::new(node(rng, n, depth - 1, width, Parent::Root)),
        },
    }
}

/// What sits directly above a claim being drawn.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Parent {
    /// Nothing, or a `not`: the claim must be compound.
    Root,
    And,
    Or,
    Other,
}

/// Redraws of an operand that repeats or contradicts a sibling ("Bob is a knave or Bob is a
/// knave", "Bob is a knight or Bob is a knave") before it is kept anyway.
const REDRAWS_PER_OPERAND: u32 = 4;

/// Whether two sibling operands are the same claim or talk about the same thing in a way that
/// makes their combination trivial.
fn clash(x: &Claim, y: &Claim) -> bool {
    use Claim::*;
    match (x, y) {
        (
            Knight { person: p } | Knave { person: p },
            Knight { person: q } | Knave { person: q },
        ) => p == q,
        (Same { a, b } | Different { a, b }, Same { a: c, b: d } | Different { a: c, b: d }) => {
            (a, b) == (c, d)
        }
        (Exactly { .. }, Exactly { .. }) => true,
        _ => x == y,
    }
}

fn atom(rng: &mut ProblemRng, n: u8) -> Claim {
    let person = |rng: &mut ProblemRng| rng.below(u64::from(n)) as u8;
    match rng.weighted(&[3, 3, 2, 2, 1]) {
        0 => Claim::Knight {
            person: person(rng),
        },
        1 => Claim::Knave {
            person: person(rng),
        },
        kind => {
            if kind == 4 {
                return Claim::Exactly {
                    knights: rng.below(u64::from(n) + 1) as u8,
                };
            }
            let a = person(rng);
            let b = rng.below(u64::from(n - 1)) as u8;
            let b = if b >= a { b + 1 } else { b };
            let (a, b) = (a.min(b), a.max(b));
            if kind == 2 {
                Claim::Same { a, b }
            } else {
                Claim::Different { a, b }
            }
        }
    }
}

/// Statements with exactly one consistent assignment, the plant, for any plant.
///
/// Person 0 says "I am of the same kind as person 1" (or "a different kind"): whatever 0 is, that
/// is consistent exactly when 1 is a knight (or a knave). Each later person `i` says "`i − 1` is a
/// knight" or "a knave", which fixes `i` relative to `i − 1`, and person 1 speaks about 0.
pub fn chain(n: u8, plant: u16) -> Vec<Claim> {
    let role = |p: u8| plant >> p & 1 == 1;
    let mut out = Vec::with_capacity(usize::from(n));
    out.push(if role(1) {
        Claim::Same { a: 0, b: 1 }
    } else {
        Claim::Different { a: 0, b: 1 }
    });
    for i in 1..n {
        let person = i - 1;
        out.push(if role(i) == role(person) {
            Claim::Knight { person }
        } else {
            Claim::Knave { person }
        });
    }
    out
}

impl Puzzle {
    /// Search effort: the partial assignments a person-by-person backtracking solver visits
    /// (knight first), checking each statement as soon as its speaker and everyone it mentions
    /// are assigned, until the whole tree is exhausted. Between 2·people + 1 (each level keeps
    /// only the solution's branch) and 2^(people+1) − 1 (nothing cut until the end).
    pub fn search_nodes(&self) -> u64 {
        let n = self.statements.len() as u8;
        let all = ((1u32 << n) - 1) as u16;
        let w = self.consistent.len() / usize::from(n.max(1));
        // checks[k]: statements decided once persons 0..k are assigned.
        let mut checks: Vec<Vec<usize>> = vec![Vec::new(); usize::from(n) + 1];
        for (i, claim) in self.statements.iter().enumerate() {
            let need = claim.mentions(all) | 1 << i;
            let k = 16 - need.leading_zeros() as usize;
            checks[k].push(i);
        }
        let tables: Vec<&[u64]> = self.consistent.chunks_exact(w.max(1)).collect();
        let mut nodes = 0u64;
        dfs(0, 0, n, &checks, &tables, &mut nodes);
        nodes
    }
}

fn dfs(k: u8, mask: u16, n: u8, checks: &[Vec<usize>], tables: &[&[u64]], nodes: &mut u64) {
    *nodes += 1;
    if !checks[usize::from(k)]
        .iter()
        .all(|&i| Tables::get_bit(tables[i], mask))
    {
        return;
    }
    if k == n {
        return;
    }
    dfs(k + 1, mask | 1 << k, n, checks, tables, nodes);
    dfs(k + 1, mask, n, checks, tables, nodes);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solutions(n: u8, statements: &[Claim]) -> Vec<u16> {
        let t = Tables::get(n);
        let mut all = vec![u64::MAX; t.words];
        for (speaker, c) in (0..n).zip(statements) {
            let mut s = Vec::new();
            t.eval(c, &mut s);
            t.consistent(speaker, &mut s);
            all.iter_mut().zip(&s).for_each(|(a, b)| *a &= b);
        }
        (0..1u16 << n)
            .filter(|&m| Tables::get_bit(&all, m))
            .collect()
    }

    #[test]
    fn chain_is_unique_for_every_plant() {
        for n in [2u8, 3, 5] {
            for plant in 0..1u16 << n {
                assert_eq!(solutions(n, &chain(n, plant)), vec![plant], "n={n}");
            }
        }
    }

    #[test]
    fn puzzles_are_unique_and_fallback_is_rare() {
        let mut fallbacks = 0;
        for (seed, people, depth, width) in
            [(1, 5, 3, 2), (2, 2, 1, 2), (3, 12, 4, 4), (4, 8, 2, 3)]
        {
            let params = KnightsKnavesParams {
                people,
                depth,
                width,
            };
            let mut rng = ProblemRng::from_test_seed(seed);
            for _ in 0..50 {
                let p = puzzle(&params, &mut rng);
                assert_eq!(solutions(people, &p.statements), vec![p.plant]);
                fallbacks += u32::from(p.fallback);
                let nodes = p.search_nodes();
                assert!(nodes > 2 * u64::from(people) && nodes < 1 << (people + 1));
            }
        }
        assert!(fallbacks <= 5, "{fallbacks} fallbacks in 200 puzzles");
    }
}
