//! `knights_knaves`: inhabitants who always tell the truth (knights) or always lie (knaves), one
//! statement each, and exactly one consistent assignment of roles, proven by exhaustive search.
//!
//! Each statement is compiled to a truth table over all 2^n role assignments (`claim`), so the
//! uniqueness proof is n table operations. The intrinsic difficulty is the number of partial
//! assignments a person-by-person backtracking solver visits before it has exhausted the search
//! (each statement checked once its speaker and everyone it mentions are assigned): from 2n + 1
//! when every wrong branch dies at once to 2^(n+1) − 1 when nothing is refuted before the end.

mod check;
mod claim;
mod feedback;
mod generate;
mod params;
mod probes;
mod prompt;
mod verify;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use self::check::check_data;
pub use self::claim::{Claim, PEOPLE_MAX};
pub use self::params::{DEPTH_MAX, KnightsKnavesParams, PEOPLE_MIN, WIDTH_MAX};
pub use self::prompt::NAMES;
pub use self::verify::parse_roles;
use verigym_core::env::{Env, Generated, ProbeAnswers};
use verigym_core::rng::ProblemRng;
use verigym_core::verdict::Verdict;

/// The knights-and-knaves env.
#[derive(Clone, Copy, Debug, Default)]
pub struct KnightsKnaves;

/// What the `knights_knaves` verifier needs: who says what, and the one consistent assignment.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct KnightsKnavesData {
    /// The inhabitants' names. Person `i` in a claim is `names[i]`.
    pub names: Vec<String>,
    /// `statements[i]` is what `names[i]` says.
    pub statements: Vec<Claim>,
    /// `roles[i]` is the role of `names[i]` in the only assignment under which every knight's
    /// statement is true and every knave's is false.
    pub roles: Vec<Role>,
}

/// What an inhabitant is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Always tells the truth.
    Knight,
    /// Always lies.
    Knave,
}

impl Role {
    /// The word used in prompts and answers.
    pub fn name(self) -> &'static str {
        match self {
            Role::Knight => "knight",
            Role::Knave => "knave",
        }
    }
}

impl Env for KnightsKnaves {
    const ID: &'static str = "knights_knaves";
    const VERSION: u32 = 2;
    // v2 only widened the accepted answer forms (a superset of v1's) over the same data layout:
    // v1 records are still judged, by the v2 grammar.
    const COMPATIBLE_SINCE: u32 = 1;
    const SUMMARY: &'static str =
        "knights always tell the truth, knaves always lie: name everyone's role (unique solution)";
    type Params = KnightsKnavesParams;
    type Data = KnightsKnavesData;

    /// Difficulty is the search effort of a backtracking solver: see `Puzzle::search_nodes`.
    fn generate(
        &self,
        params: &KnightsKnavesParams,
        rng: &mut ProblemRng,
    ) -> Generated<KnightsKnavesData> {
        let names = draw_names(rng, params.people);
        let puzzle = generate::puzzle(params, rng);
        let roles = (0..params.people)
            .map(|p| {
                if puzzle.plant >> p & 1 == 1 {
                    Role::Knight
                } else {
                    Role::Knave
                }
            })
            .collect::<Vec<_>>();
        let difficulty = puzzle.search_nodes();
        let data = KnightsKnavesData {
            names,
            statements: puzzle.statements,
            roles,
        };
        Generated {
            prompt: prompt::render(&data),
            answer: prompt::answer(&data.names, &data.roles),
            difficulty,
            data,
        }
    }

    fn check_data(&self, data: &KnightsKnavesData) -> Result<(), String> {
        check::check_data(data)
    }

    fn verify(&self, data: &KnightsKnavesData, response: &str) -> Verdict {
        verify::verify(data, response)
    }

    fn feedback(&self, data: &KnightsKnavesData, response: &str) -> Option<String> {
        feedback::feedback(data, response)
    }

    fn probe_answers(&self, data: &KnightsKnavesData, answer: &str, foreign: &str) -> ProbeAnswers {
        probes::probe_answers(data, answer, foreign)
    }
}

/// `people` distinct names from [`NAMES`], listed alphabetically.
fn draw_names(rng: &mut ProblemRng, people: u8) -> Vec<String> {
    let mut pool: [u8; NAMES.len()] = std::array::from_fn(|i| i as u8);
    let n = usize::from(people).min(NAMES.len());
    // A partial Fisher-Yates shuffle: only the first n positions are drawn.
    for i in 0..n {
        let j = rng.in_range(i as u64, NAMES.len() as u64 - 1) as usize;
        pool.swap(i, j);
    }
    let chosen = &mut pool[..n];
    chosen.sort_unstable();
    chosen
        .iter()
        .map(|&i| NAMES[usize::from(i)].to_owned())
        .collect()
}
