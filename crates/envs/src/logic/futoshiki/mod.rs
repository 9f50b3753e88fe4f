//! `futoshiki`: an n×n Latin square with inequality signs between some adjacent cells and some
//! givens, with a unique solution proven by an exact solver, verified against the rules.

mod check;
mod feedback;
mod generate;
mod params;
mod probes;
mod prompt;
mod solve;
mod verify;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use self::check::check_data;
pub use self::params::{FutoshikiParams, MAX_SIZE, MIN_SIZE};
use verigym_core::env::{Env, Generated, ProbeAnswers};
use verigym_core::rng::ProblemRng;
use verigym_core::verdict::Verdict;

/// The futoshiki env.
#[derive(Clone, Copy, Debug, Default)]
pub struct Futoshiki;

/// One inequality between two adjacent cells, each as [row, column] numbered from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Inequality {
    /// The cell holding the smaller digit, as [row, column].
    pub smaller: [u8; 2],
    /// The adjacent cell holding the larger digit, as [row, column].
    pub larger: [u8; 2],
}

/// What the `futoshiki` verifier needs: the puzzle and its solution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FutoshikiData {
    /// Side length n; digits are 1 to n.
    pub size: u8,
    /// The puzzle, top row first, each row left to right; 0 marks a blank cell.
    pub givens: Vec<Vec<u8>>,
    /// The unique solution, in the same layout.
    pub solution: Vec<Vec<u8>>,
    /// The inequality signs: horizontal pairs first, then vertical, each group in reading order.
    pub inequalities: Vec<Inequality>,
    /// How many cells are given: the target from the params, or more when no further given
    /// could be removed without losing uniqueness.
    pub given_count: u32,
}

impl Env for Futoshiki {
    const ID: &'static str = "futoshiki";
    const VERSION: u32 = 1;
    const SUMMARY: &'static str =
        "futoshiki: a Latin square with inequality signs and a proven-unique solution";
    type Params = FutoshikiParams;
    type Data = FutoshikiData;

    /// The intrinsic difficulty is the exact solver's guesses (branchings on a cell with two or
    /// more candidates left by propagation) to find the solution and prove it is the only one.
    fn generate(&self, params: &FutoshikiParams, rng: &mut ProblemRng) -> Generated<FutoshikiData> {
        let n = usize::from(params.size);
        let made = generate::make(params, rng);
        let rows = |g: &[u8]| g[..n * n].chunks(n).map(<[u8]>::to_vec).collect::<Vec<_>>();
        let cell = |i: usize| [(i / n + 1) as u8, (i % n + 1) as u8];
        let solution = rows(&made.solution);
        Generated {
            prompt: prompt::render(n, &made.givens[..n * n], &made.less),
            answer: crate::logic::grid_answer::grid_text(&solution, " "),
            difficulty: made.guesses,
            data: FutoshikiData {
                size: params.size,
                givens: rows(&made.givens),
                solution,
                inequalities: made
                    .less
                    .iter()
                    .map(|&(a, b)| Inequality {
                        smaller: cell(a),
                        larger: cell(b),
                    })
                    .collect(),
                given_count: made.given_count,
            },
        }
    }

    fn check_data(&self, data: &FutoshikiData) -> Result<(), String> {
        check::check_data(data)
    }

    fn verify(&self, data: &FutoshikiData, response: &str) -> Verdict {
        verify::verify(data, response)
    }

    fn feedback(&self, data: &FutoshikiData, response: &str) -> Option<String> {
        feedback::feedback(data, response)
    }

    fn probe_answers(&self, data: &FutoshikiData, answer: &str, foreign: &str) -> ProbeAnswers {
        probes::probe_answers(data, answer, foreign)
    }
}
