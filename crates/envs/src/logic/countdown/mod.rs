//! `countdown`: reach a target from a multiset of numbers with + − × ÷, as in the TV show's
//! numbers round. Solvable by construction; any correct expression is accepted, not only the
//! stored one.
//!
//! `meta.difficulty` is the number of operations in the reference expression (numbers used − 1):
//! a cheap, honest measure of how long the construction's path to the target is. Shorter
//! solutions may exist; counting them would cost a search per problem.

mod construct;
mod expr;
mod feedback;
mod params;
mod probes;
mod rational;
mod verify;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use self::construct::ATTEMPTS;
pub use self::expr::{MAX_DEPTH, MAX_EXPR_BYTES, Parsed, parse};
pub use self::params::{CountdownParams, LARGE_CARDS, NUMBERS_MAX, NUMBERS_MIN, Pool};
pub use self::rational::{ArithError, Rational};
use verigym_core::env::{Env, Generated, ProbeAnswers};
use verigym_core::rng::ProblemRng;
use verigym_core::verdict::Verdict;

/// The Countdown numbers env.
#[derive(Clone, Copy, Debug, Default)]
pub struct Countdown;

/// What the `countdown` verifier needs: the numbers, the target and the rule on using them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CountdownData {
    /// The given numbers, ascending; a value listed twice may be used twice.
    pub numbers: Vec<u64>,
    /// The value the expression must equal.
    pub target: u64,
    /// Whether every number must be used exactly once (otherwise each at most once).
    pub use_all: bool,
    /// One expression that reaches the target; any other correct one is accepted too.
    pub reference: String,
}

impl Env for Countdown {
    const ID: &'static str = "countdown";
    const VERSION: u32 = 2;
    // v2 only widened the accepted answer forms over the same data layout: v1 records are still
    // judged, by the v2 grammar.
    const COMPATIBLE_SINCE: u32 = 1;
    const SUMMARY: &'static str =
        "reach a target from given numbers with + - * / (exact rational check, any solution)";
    type Params = CountdownParams;
    type Data = CountdownData;

    fn generate(&self, params: &CountdownParams, rng: &mut ProblemRng) -> Generated<CountdownData> {
        let built = construct::build(params, rng);
        let data = CountdownData {
            numbers: built.numbers,
            target: built.target,
            use_all: params.use_all,
            reference: built.reference,
        };
        Generated {
            prompt: render(&data),
            answer: data.reference.clone(),
            difficulty: u64::from(built.operations),
            data,
        }
    }

    fn check_data(&self, data: &CountdownData) -> Result<(), String> {
        verify::check_data(data)
    }

    fn verify(&self, data: &CountdownData, response: &str) -> Verdict {
        verify::verify(data, response)
    }

    fn feedback(&self, data: &CountdownData, response: &str) -> Option<String> {
        feedback::feedback(data, response)
    }

    fn probe_answers(&self, data: &CountdownData, answer: &str, _foreign: &str) -> ProbeAnswers {
        probes::probe_answers(data, answer)
    }
}

/// The prompt, including the rules and the answer format.
fn render(data: &CountdownData) -> String {
    let list = data
        .numbers
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    let usage = if data.use_all {
        "Use every number exactly once (a number listed twice is used twice)."
    } else {
        "Use each number at most once (a number listed twice may be used twice); you need not use \
         them all."
    };
    format!(
        "Using the numbers {list}, write an arithmetic expression that equals {target}.\n\
         {usage} You may use +, -, * and / (also written × and ÷) and parentheses. Division \
         need not come out even: intermediate results may be fractions or negative, and only the \
         final value must equal {target}. Write each number in decimal as given: numbers cannot \
         be joined into new ones, there is no unary minus, and there is no other operation.\n\
         Give the expression as <answer>EXPRESSION</answer>, for example <answer>(10 - 4) * 7\
         </answer>; you may end it with = {target}.",
        target = data.target,
    )
}
