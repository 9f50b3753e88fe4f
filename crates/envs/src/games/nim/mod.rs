//! `nim`: a position of an impartial take-away game (classic Nim, take up to m, or take one of a
//! set of amounts) that is a win for the player to move; the answer is a winning move. The
//! generator solves the game by Sprague–Grundy values, and the verifier accepts any legal move
//! after which the position's value is 0, so every winning move scores and no other does.

mod check;
mod feedback;
mod params;
mod probes;
mod prompt;
mod rules;
mod verify;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use self::params::{NimParams, PILE_MAX, PILES_MAX, PILES_MIN, RuleKind, TAKE_MAX};
pub use self::rules::{Move, Takes};
use verigym_core::env::{Env, Generated, ProbeAnswers};
use verigym_core::rng::ProblemRng;
use verigym_core::verdict::Verdict;

/// The take-away game env.
#[derive(Clone, Copy, Debug, Default)]
pub struct Nim;

/// What the `nim` verifier needs: the position and the rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NimData {
    /// The stones in each pile, pile 1 first.
    pub piles: Vec<u32>,
    /// The amounts a move may take.
    pub takes: Takes,
    /// The first winning move by pile, then amount: the reference answer. Any winning move is
    /// accepted; the verifier plays the answer's move instead of comparing with this one.
    pub reference: Move,
    /// How many winning moves the position has.
    pub winning_moves: u32,
}

impl Env for Nim {
    const ID: &'static str = "nim";
    const VERSION: u32 = 1;
    const SUMMARY: &'static str = "a winning move in a take-away game (Nim and subtraction games), any winning move accepted, checked by Sprague–Grundy values";
    type Params = NimParams;
    type Data = NimData;

    /// The intrinsic difficulty is the number of stones on the board: the size of the game tree
    /// a solver without the theory would search.
    fn generate(&self, params: &NimParams, rng: &mut ProblemRng) -> Generated<NimData> {
        let takes = match params.rule {
            RuleKind::Any => Takes::Any,
            RuleKind::UpTo => Takes::UpTo {
                max: params.take_max,
            },
            RuleKind::Set => Takes::Set {
                sizes: draw_set(rng, params.set_size, params.take_max),
            },
        };
        let g = takes.grundy(params.max_pile);
        let piles = draw_winning(rng, params, &takes, &g);
        let moves = rules::winning_moves(&piles, &takes, &g);
        let data = NimData {
            reference: moves[0],
            winning_moves: moves.len() as u32,
            piles,
            takes,
        };
        Generated {
            prompt: prompt::render(&data),
            answer: verify::render_answer(data.reference),
            difficulty: data.piles.iter().map(|&p| u64::from(p)).sum(),
            data,
        }
    }

    fn check_data(&self, data: &NimData) -> Result<(), String> {
        check::check_data(data)
    }

    fn verify(&self, data: &NimData, response: &str) -> Verdict {
        verify::verify(data, response)
    }

    fn feedback(&self, data: &NimData, response: &str) -> Option<String> {
        feedback::feedback(data, response)
    }

    fn probe_answers(&self, data: &NimData, answer: &str, foreign: &str) -> ProbeAnswers {
        probes::probe_answers(data, answer, foreign)
    }
}

/// `size` distinct amounts from 1 to `largest`, ascending; `largest` itself is always one, so
/// the rule reaches as far as the params say. A set of odd amounts only is drawn again: with 1
/// among them every move flips a pile's parity, the Grundy value is the parity, and every legal
/// move from a winning position wins. After 16 such draws the smallest amount is replaced by 2.
fn draw_set(rng: &mut ProblemRng, size: u32, largest: u32) -> Vec<u32> {
    let mut sizes = Vec::new();
    for _ in 0..16 {
        let mut pool: Vec<u32> = (1..largest).collect();
        rng.shuffle(&mut pool);
        sizes = pool[..size as usize - 1].to_vec();
        sizes.push(largest);
        sizes.sort_unstable();
        if sizes.iter().any(|s| s % 2 == 0) {
            return sizes;
        }
    }
    // Every amount odd 16 times over: 2 is not among them (it is even), so it replaces the
    // smallest and the set stays distinct and ascending.
    sizes[0] = 2;
    sizes.sort_unstable();
    sizes
}

/// How many positions are drawn in search of one where few legal moves win.
const DRAWS: usize = 256;

/// Piles of 1 to `max_pile` stones that are a win for the player to move, where as small a share
/// of the legal moves win as [`DRAWS`] uniform draws find (stopping early at a single winning
/// move among at least 8 legal ones): a position where most legal moves win would pay a random
/// move. A uniform draw is lost for the mover rarely (about one in the number of distinct Grundy
/// values); should every draw be lost, the first pile is changed to the smallest size of another
/// value, which makes the value nonzero, so generation always ends. Sizes 1 to `max_pile` hold
/// at least two values, since `max_pile` is at least the largest amount a move may take.
fn draw_winning(rng: &mut ProblemRng, params: &NimParams, takes: &Takes, g: &[u32]) -> Vec<u32> {
    // (winning moves, legal moves, piles) of the best draw so far.
    let mut best: Option<(usize, usize, Vec<u32>)> = None;
    let mut last = Vec::new();
    for _ in 0..DRAWS {
        let piles: Vec<u32> = (0..params.piles)
            .map(|_| rng.in_range(1, u64::from(params.max_pile)) as u32)
            .collect();
        if rules::value(&piles, g) != 0 {
            let wins = rules::winning_moves(&piles, takes, g).len();
            let legal = rules::legal_moves(&piles, takes);
            // wins / legal < fewest / of, in integers.
            if best
                .as_ref()
                .is_none_or(|(fewest, of, _)| wins * of < fewest * legal)
            {
                best = Some((wins, legal, piles.clone()));
            }
            if wins == 1 && legal >= 8 {
                break;
            }
        }
        last = piles;
    }
    if let Some((_, _, piles)) = best {
        return piles;
    }
    let first = g[last[0] as usize];
    last[0] = (1..=params.max_pile)
        .find(|&p| g[p as usize] != first)
        .expect("at least two Grundy values among the sizes");
    last
}
