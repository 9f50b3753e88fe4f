//! `cryptarithm`: word sums such as `SEND + MORE = MONEY` in which distinct letters stand for
//! distinct digits, with a unique solution proven by exhaustive search, verified by checking the
//! submitted assignment against the sum.

mod check;
mod feedback;
mod generate;
mod params;
mod probes;
mod prompt;
#[cfg(test)]
mod reference_solver;
mod solve;
mod verify;

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use self::check::check_data;
pub use self::params::{CryptarithmParams, MAX_ADDENDS, MAX_LENGTH};
use verigym_core::env::{Env, Generated, ProbeAnswers};
use verigym_core::rng::ProblemRng;
use verigym_core::verdict::Verdict;

/// The cryptarithm env.
#[derive(Clone, Copy, Debug, Default)]
pub struct Cryptarithm;

/// What the `cryptarithm` verifier needs: the words and the unique solution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CryptarithmData {
    /// The words added, in capital letters A to Z, most significant letter first.
    pub addends: Vec<String>,
    /// The word they add up to.
    pub result: String,
    /// The digit of every letter in the puzzle (the unique solution), by letter.
    pub solution: BTreeMap<String, u8>,
}

impl Env for Cryptarithm {
    const ID: &'static str = "cryptarithm";
    const VERSION: u32 = 1;
    const SUMMARY: &'static str = "word sums (SEND + MORE = MONEY): letters to distinct digits, with a proven-unique solution";
    type Params = CryptarithmParams;
    type Data = CryptarithmData;

    /// The intrinsic difficulty is the exact solver's search effort: letter assignments tried,
    /// column by column from the units, to find the solution and prove it is the only one.
    fn generate(
        &self,
        params: &CryptarithmParams,
        rng: &mut ProblemRng,
    ) -> Generated<CryptarithmData> {
        let made = generate::make(params, rng);
        let answer = made
            .solution
            .iter()
            .map(|(l, d)| format!("{l}={d}"))
            .collect::<Vec<_>>()
            .join(", ");
        Generated {
            prompt: prompt::render(&made.addends, &made.result, &made.solution),
            answer,
            difficulty: made.nodes,
            data: CryptarithmData {
                addends: made.addends,
                result: made.result,
                solution: made
                    .solution
                    .into_iter()
                    .map(|(l, d)| (l.to_string(), d))
                    .collect(),
            },
        }
    }

    fn check_data(&self, data: &CryptarithmData) -> Result<(), String> {
        check::check_data(data)
    }

    fn verify(&self, data: &CryptarithmData, response: &str) -> Verdict {
        verify::verify(data, response)
    }

    fn feedback(&self, data: &CryptarithmData, response: &str) -> Option<String> {
        feedback::feedback(data, response)
    }

    fn probe_answers(&self, data: &CryptarithmData, answer: &str, foreign: &str) -> ProbeAnswers {
        probes::probe_answers(data, answer, foreign)
    }
}
