//! `program_synthesis`: write a program in a small list language (map, filter, fold, zip_with,
//! sort, take, drop, arithmetic) that matches shown input/output examples and the same reference
//! on hidden inputs chosen to separate it from its plausible mutants. The answer is parsed by the
//! env's own grammar and run by its own interpreter with fuel; nothing else is ever evaluated.

mod check;
pub mod construct;
pub mod eval;
pub mod lang;
pub mod mutate;
mod params;
pub mod parse;
mod probes;
mod prompt;
mod verify;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use self::eval::Value;
pub use self::params::ProgramSynthesisParams;
use verigym_core::env::{AnswerFormat, Env, Generated, ProbeAnswers};
use verigym_core::rng::ProblemRng;
use verigym_core::verdict::Verdict;

/// The fence language of the answer block: ```` ```dsl ````.
pub const LANG: &str = "dsl";

/// The program-synthesis env.
#[derive(Clone, Copy, Debug, Default)]
pub struct ProgramSynthesis;

/// One input and the reference program's output on it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Example {
    /// The input list.
    pub xs: Vec<i64>,
    /// The reference program's output: an integer or a list.
    pub output: Value,
}

/// What the `program_synthesis` verifier needs: the reference program and every input it is
/// judged on, with the reference outputs, so a third party can re-run them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProgramSynthesisData {
    /// The reference program, in the language of the prompt.
    pub program: String,
    /// `list` or `int`: the type every answer must return.
    pub output: OutputType,
    /// The examples the prompt shows.
    pub shown: Vec<Example>,
    /// The hidden inputs: edge cases, random inputs, and one input for each mutant of the
    /// reference that the others could not tell apart from it.
    pub hidden: Vec<Example>,
    /// The seed of the separation pool the hidden inputs were chosen from
    /// (`construct::pool(params, pool_seed)` rebuilds it).
    pub pool_seed: u64,
}

/// The type of a program's output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum OutputType {
    /// A list of integers.
    List,
    /// An integer.
    Int,
}

impl ProgramSynthesisData {
    /// Whether answers must return a list.
    pub fn output_is_list(&self) -> bool {
        self.output == OutputType::List
    }

    /// The shown examples, then the hidden ones.
    pub fn examples(&self) -> impl Iterator<Item = &Example> {
        self.shown.iter().chain(&self.hidden)
    }
}

/// The reference answer as a whole response: the program in a ```` ```dsl ```` block.
pub fn render_answer(program: &str) -> String {
    format!("```{LANG}\n{program}\n```")
}

impl Env for ProgramSynthesis {
    const ID: &'static str = "program_synthesis";
    const VERSION: u32 = 1;
    const SUMMARY: &'static str = "write a list-language program (map, filter, fold, zip_with, \
         sort, take) matching shown examples and hidden inputs that separate its mutants";
    type Params = ProgramSynthesisParams;
    type Data = ProgramSynthesisData;
    const ANSWER_FORMAT: AnswerFormat = AnswerFormat::CodeBlock(LANG);

    /// The intrinsic difficulty is the reference program's size in syntax-tree nodes.
    fn generate(
        &self,
        params: &ProgramSynthesisParams,
        rng: &mut ProblemRng,
    ) -> Generated<ProgramSynthesisData> {
        let drawn = construct::draw(params, rng);
        let example = |(xs, output): (Vec<i64>, Value)| Example { xs, output };
        let program = drawn.program.render();
        let data = ProgramSynthesisData {
            program: program.clone(),
            output: if drawn.list {
                OutputType::List
            } else {
                OutputType::Int
            },
            shown: drawn.shown.into_iter().map(example).collect(),
            hidden: drawn.hidden.into_iter().map(example).collect(),
            pool_seed: drawn.pool_seed,
        };
        Generated {
            prompt: prompt::prompt(&data),
            answer: render_answer(&program),
            difficulty: drawn.program.size() as u64,
            data,
        }
    }

    fn check_data(&self, data: &ProgramSynthesisData) -> Result<(), String> {
        check::check_data(data)
    }

    fn verify(&self, data: &ProgramSynthesisData, response: &str) -> Verdict {
        verify::verify(data, response)
    }

    fn probe_answers(
        &self,
        data: &ProgramSynthesisData,
        answer: &str,
        foreign: &str,
    ) -> ProbeAnswers {
        probes::probe_answers(data, answer, foreign)
    }
}
