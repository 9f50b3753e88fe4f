//! `zebra`: Einstein's puzzle. N houses in a row, M attributes, a minimal set of clues with exactly
//! one solution, asked either as the full grid or as one question.
//!
//! `meta.difficulty` is the number of search branches the solver (propagation to a fixpoint, then
//! branching on the value with the fewest houses left) takes to prove the solution unique: 0 when
//! propagation alone solves the puzzle, growing with how much case analysis it needs.

mod check;
mod clue;
mod feedback;
mod generate;
mod params;
mod probes;
mod prompt;
mod solver;
mod verify;
mod vocab;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use self::check::check_data;
pub use self::clue::{Clue, ClueKind};
pub use self::params::{
    ATTRIBUTES_MAX, ATTRIBUTES_MIN, ClueWeights, HOUSES_MAX, HOUSES_MIN, Mode, ZebraParams,
};
pub use self::vocab::{KINDS, Kind, VALUES_PER_KIND};
use verigym_core::env::{Env, Generated, ProbeAnswers};
use verigym_core::rng::ProblemRng;
use verigym_core::verdict::Verdict;

/// The zebra-puzzle env.
#[derive(Clone, Copy, Debug, Default)]
pub struct Zebra;

/// What the `zebra` verifier needs, and all an independent solver needs to re-check the puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ZebraData {
    /// Number of houses N, numbered 1 to N from left to right.
    pub houses: u8,
    /// The attributes, in the order the prompt lists them; each has exactly N values.
    pub attributes: Vec<Attribute>,
    /// The clues, in the order the prompt lists them. Exactly one assignment satisfies them all,
    /// and removing any one clue admits another.
    pub clues: Vec<Clue>,
    /// The unique solution: `solution[h][a]` is the index (into `attributes[a].values`) of the
    /// value of attribute `a` in house `h + 1`.
    pub solution: Vec<Vec<u8>>,
    /// In `question` mode, what is asked; absent in `grid` mode.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub question: Option<Question>,
}

/// One attribute and its values.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Attribute {
    /// Which attribute.
    pub kind: Kind,
    /// Its N values, as written in the prompt and the answer.
    pub values: Vec<String>,
}

/// One value of one attribute, by index.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct Item {
    /// Index into `attributes`.
    pub attribute: u8,
    /// Index into that attribute's `values`.
    pub value: u8,
}

/// A question about the solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Question {
    /// The resident asked about, named by one of their values.
    pub about: Item,
    /// The attribute asked for (an index into `attributes`, never `about`'s own); null asks for
    /// the house number.
    pub attribute: Option<u8>,
}

impl ZebraData {
    /// The 0-based house of an item in the stored solution.
    pub fn house_of(&self, item: Item) -> Option<usize> {
        self.solution
            .iter()
            .position(|row| row.get(usize::from(item.attribute)) == Some(&item.value))
    }

    /// The name of an item's value.
    pub fn name(&self, item: Item) -> &str {
        &self.attributes[usize::from(item.attribute)].values[usize::from(item.value)]
    }
}

impl Env for Zebra {
    const ID: &'static str = "zebra";
    const VERSION: u32 = 2;
    // v2 only widened the accepted answer forms (a superset of v1's) over the same data layout:
    // v1 records are still judged, by the v2 grammar.
    const COMPATIBLE_SINCE: u32 = 1;
    const SUMMARY: &'static str =
        "Einstein's zebra puzzle: N houses, M attributes, a minimal clue set with one solution";
    type Params = ZebraParams;
    type Data = ZebraData;

    fn generate(&self, params: &ZebraParams, rng: &mut ProblemRng) -> Generated<ZebraData> {
        let puzzle = generate::generate(params, rng);
        let question = (params.mode == Mode::Question)
            .then(|| generate::pick_question(&puzzle, params.houses as usize, rng));
        let data = ZebraData {
            houses: params.houses as u8,
            attributes: puzzle.attributes,
            clues: puzzle.clues,
            solution: puzzle.solution,
            question,
        };
        Generated {
            prompt: prompt::render(&data),
            answer: prompt::answer(&data),
            difficulty: puzzle.nodes,
            data,
        }
    }

    fn check_data(&self, data: &ZebraData) -> Result<(), String> {
        check::check_data(data)
    }

    fn verify(&self, data: &ZebraData, response: &str) -> Verdict {
        verify::verify(data, response)
    }

    fn feedback(&self, data: &ZebraData, response: &str) -> Option<String> {
        feedback::feedback(data, response)
    }

    fn probe_answers(&self, data: &ZebraData, answer: &str, _foreign: &str) -> ProbeAnswers {
        probes::probe_answers(data, answer)
    }
}
