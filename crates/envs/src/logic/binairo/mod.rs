//! `binairo` (takuzu): fill an n×n grid with 0 and 1 under the three classic rules, with a unique
//! solution proven by an exact solver, verified against the rules.

mod check;
mod feedback;
mod params;
mod probes;
mod prompt;
mod solve;
mod verify;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use self::check::check_data;
pub use self::params::{BinairoParams, SIZES};
use verigym_core::env::{Env, Generated, ProbeAnswers};
use verigym_core::rng::ProblemRng;
use verigym_core::verdict::Verdict;

/// The binairo env.
#[derive(Clone, Copy, Debug, Default)]
pub struct Binairo;

/// What the `binairo` verifier needs: the puzzle and its solution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BinairoData {
    /// Side length n (even).
    pub size: u8,
    /// The puzzle, top row first, each row left to right; `null` marks a blank cell.
    pub givens: Vec<Vec<Option<u8>>>,
    /// The unique solution, in the same layout, of 0 and 1.
    pub solution: Vec<Vec<u8>>,
    /// How many cells are given: the target from the params, or more when no further given
    /// could be removed without losing uniqueness.
    pub given_count: u32,
}

impl Env for Binairo {
    const ID: &'static str = "binairo";
    const VERSION: u32 = 1;
    const SUMMARY: &'static str =
        "binairo (takuzu): a 0/1 grid under the three classic rules, with a proven-unique solution";
    type Params = BinairoParams;
    type Data = BinairoData;

    /// The intrinsic difficulty is the exact solver's guesses (branchings after the forced cells
    /// run out) to find the solution and prove it is the only one.
    fn generate(&self, params: &BinairoParams, rng: &mut ProblemRng) -> Generated<BinairoData> {
        let n = usize::from(params.size);
        let cells = n * n;
        let solution = solve::random_solution(n, rng);
        let mut givens = solution;
        let mut order: Vec<usize> = (0..cells).collect();
        rng.shuffle(&mut order);
        let mut given_count = cells as u32;
        for cell in order {
            if given_count <= params.givens {
                break;
            }
            givens[cell] = solve::BLANK;
            if solve::count(n, &givens, 2).solutions == 1 {
                given_count -= 1;
            } else {
                givens[cell] = solution[cell];
            }
        }
        let guesses = solve::count(n, &givens, 2).guesses;
        let solution: Vec<Vec<u8>> = solution[..cells].chunks(n).map(<[u8]>::to_vec).collect();
        Generated {
            prompt: prompt::render(n, &givens[..cells]),
            answer: crate::logic::grid_answer::grid_text(&solution, " "),
            difficulty: guesses,
            data: BinairoData {
                size: params.size,
                givens: givens[..cells]
                    .chunks(n)
                    .map(|row| {
                        row.iter()
                            .map(|&d| (d != solve::BLANK).then_some(d))
                            .collect()
                    })
                    .collect(),
                solution,
                given_count,
            },
        }
    }

    fn check_data(&self, data: &BinairoData) -> Result<(), String> {
        check::check_data(data)
    }

    fn verify(&self, data: &BinairoData, response: &str) -> Verdict {
        verify::verify(data, response)
    }

    fn feedback(&self, data: &BinairoData, response: &str) -> Option<String> {
        feedback::feedback(data, response)
    }

    fn probe_answers(&self, data: &BinairoData, answer: &str, foreign: &str) -> ProbeAnswers {
        probes::probe_answers(data, answer, foreign)
    }
}
