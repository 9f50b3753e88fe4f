//! Puzzle construction: plant a solution, draw true clues until the solver proves it unique, then
//! drop every clue the uniqueness does not need.

use super::clue::{Clue, ClueKind};
use super::params::ZebraParams;
use super::solver::Solver;
use super::vocab::{Kind, VALUES_PER_KIND};
use super::{Attribute, Item, Question};
use verigym_core::rng::ProblemRng;

/// Random clues drawn per cell (house × attribute) before the positional backstop.
const CLUES_PER_CELL: usize = 3;

/// A generated puzzle.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// The attributes with their values.
    pub attributes: Vec<Attribute>,
    /// `solution[house][attribute]`: the value index.
    pub solution: Vec<Vec<u8>>,
    /// A minimal clue set: removing any one clue leaves several solutions.
    pub clues: Vec<Clue>,
    /// Search branches the solver needs to prove uniqueness (0: propagation alone suffices).
    pub nodes: u64,
}

/// Builds one puzzle.
///
/// The clue sequence is `CLUES_PER_CELL · N · M` random true clues followed by a `Position` clue
/// for every item in random order, so its full length always pins the solution. The shortest
/// unique prefix is found by binary search (uniqueness only grows with more clues); then each
/// clue of that prefix, in random order, is dropped if the rest still has one solution.
pub fn generate(params: &ZebraParams, rng: &mut ProblemRng) -> Puzzle {
    let n = params.houses as usize;
    let m = params.attributes as usize;
    let attributes = draw_attributes(n, m, rng);
    // house_of[a][v]: where value v of attribute a lives.
    let mut house_of = vec![[0u8; VALUES_PER_KIND]; m];
    let mut solution = vec![vec![0u8; m]; n];
    for (a, places) in house_of.iter_mut().enumerate() {
        let mut order: Vec<u8> = (0..n as u8).collect();
        rng.shuffle(&mut order);
        for (v, &h) in order.iter().enumerate() {
            places[v] = h;
            solution[usize::from(h)][a] = v as u8;
        }
    }

    let weights = params.clue_weights.as_array();
    let mut clues: Vec<Clue> = (0..CLUES_PER_CELL * n * m)
        .map(|_| random_clue(ClueKind::ALL[rng.weighted(&weights)], &solution, rng))
        .collect();
    let mut items: Vec<Item> = (0..m)
        .flat_map(|a| (0..n).map(move |v| item(a, v)))
        .collect();
    rng.shuffle(&mut items);
    clues.extend(items.iter().map(|&a| Clue::Position {
        a,
        house: house_of[usize::from(a.attribute)][usize::from(a.value)] + 1,
    }));

    let unique = |clues: &[Clue]| Solver::new(n, m, clues).count(2).solutions == 1;
    // Invariant: the prefix of length `hi` is unique; `lo` is not (or is 0).
    let (mut lo, mut hi) = (0, clues.len());
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if unique(&clues[..mid]) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    clues.truncate(hi);

    let mut order: Vec<usize> = (0..clues.len()).collect();
    rng.shuffle(&mut order);
    let mut keep = vec![true; clues.len()];
    let mut trial: Vec<Clue> = Vec::with_capacity(clues.len());
    for &i in &order {
        keep[i] = false;
        trial.clear();
        trial.extend(
            clues
                .iter()
                .zip(&keep)
                .filter(|(_, k)| **k)
                .map(|(c, _)| *c),
        );
        if !unique(&trial) {
            keep[i] = true;
        }
    }
    let clues: Vec<Clue> = clues
        .into_iter()
        .zip(keep)
        .filter_map(|(c, k)| k.then_some(c))
        .collect();
    let nodes = Solver::new(n, m, &clues).count(2).nodes;
    Puzzle {
        attributes,
        solution,
        clues,
        nodes,
    }
}

/// A question whose answer no single clue states outright: not the house of an item a `Position`
/// clue places, nor an attribute a `Same` clue ties to the item. Chosen uniformly among those
/// (among all questions in the rare puzzle where every one is stated).
pub fn pick_question(puzzle: &Puzzle, houses: usize, rng: &mut ProblemRng) -> Question {
    let m = puzzle.attributes.len();
    let stated = |q: &Question| {
        puzzle.clues.iter().any(|clue| match (*clue, q.attribute) {
            (Clue::Position { a, .. }, None) => a == q.about,
            (Clue::Same { a, b }, Some(t)) => {
                (a == q.about && b.attribute == t) || (b == q.about && a.attribute == t)
            }
            _ => false,
        })
    };
    let all: Vec<Question> = (0..m)
        .flat_map(|a| (0..houses).map(move |v| item(a, v)))
        .flat_map(|about| {
            let others = (0..m as u8)
                .filter(move |&t| t != about.attribute)
                .map(Some);
            others
                .chain([None])
                .map(move |attribute| Question { about, attribute })
        })
        .collect();
    let open: Vec<Question> = all.iter().filter(|q| !stated(q)).copied().collect();
    *rng.choose(if open.is_empty() { &all } else { &open })
}

fn item(attribute: usize, value: usize) -> Item {
    Item {
        attribute: attribute as u8,
        value: value as u8,
    }
}

/// `m` of the seven kinds (listed in canonical order), each with `n` of its seven values (listed
/// in vocabulary order).
fn draw_attributes(n: usize, m: usize, rng: &mut ProblemRng) -> Vec<Attribute> {
    let mut kinds = Kind::ALL;
    rng.shuffle(&mut kinds);
    let mut kinds = kinds[..m].to_vec();
    kinds.sort();
    kinds
        .into_iter()
        .map(|kind| {
            let mut picks: [usize; VALUES_PER_KIND] = std::array::from_fn(|i| i);
            rng.shuffle(&mut picks);
            let mut picks = picks[..n].to_vec();
            picks.sort_unstable();
            Attribute {
                kind,
                values: picks
                    .into_iter()
                    .map(|i| kind.values()[i].to_owned())
                    .collect(),
            }
        })
        .collect()
}

/// A clue of `kind` that is true of `solution` (`solution[house][attribute]`).
fn random_clue(kind: ClueKind, solution: &[Vec<u8>], rng: &mut ProblemRng) -> Clue {
    let n = solution.len();
    let m = solution[0].len();
    let at = |h: usize, a: usize| item(a, usize::from(solution[h][a]));
    // Two distinct attributes: same-house clues within one attribute say nothing.
    let two_attributes = |rng: &mut ProblemRng| {
        let a = rng.index(m);
        let b = (a + 1 + rng.index(m - 1)) % m;
        (a, b)
    };
    match kind {
        ClueKind::Same => {
            let h = rng.index(n);
            let (a, b) = two_attributes(rng);
            Clue::Same {
                a: at(h, a),
                b: at(h, b),
            }
        }
        ClueKind::NotSame => {
            let h = rng.index(n);
            let g = (h + 1 + rng.index(n - 1)) % n;
            let (a, b) = two_attributes(rng);
            Clue::NotSame {
                a: at(h, a),
                b: at(g, b),
            }
        }
        ClueKind::LeftOf => {
            let h = rng.index(n - 1);
            let g = h + 1 + rng.index(n - 1 - h);
            Clue::LeftOf {
                a: at(h, rng.index(m)),
                b: at(g, rng.index(m)),
            }
        }
        ClueKind::DirectlyLeft => {
            let h = rng.index(n - 1);
            Clue::DirectlyLeft {
                a: at(h, rng.index(m)),
                b: at(h + 1, rng.index(m)),
            }
        }
        ClueKind::NextTo => {
            let h = rng.index(n - 1);
            let (x, y) = (at(h, rng.index(m)), at(h + 1, rng.index(m)));
            let (a, b) = if rng.chance(1, 2) { (x, y) } else { (y, x) };
            Clue::NextTo { a, b }
        }
        ClueKind::Position => {
            let h = rng.index(n);
            Clue::Position {
                a: at(h, rng.index(m)),
                house: h as u8 + 1,
            }
        }
    }
}
