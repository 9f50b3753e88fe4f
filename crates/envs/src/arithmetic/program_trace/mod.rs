//! `program_trace`: predict what a random small program prints. Programs come from a typed
//! grammar (variables, assignments, `if`/`else`, bounded `for` loops) with every value reduced
//! modulo a stated M, so every program terminates and every value is exact. Our interpreter
//! computes the output; model output is never executed. Each printed line is a checkable step.

pub mod ast;
mod check;
mod generate;
mod params;
mod probes;
mod prompt;
mod verify;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use self::params::{DEPTH_MAX, LOOP_MAX, MODULUS_MAX, ProgramTraceParams, STATEMENTS_MAX};
use verigym_core::env::{Env, Generated, ProbeAnswers};
use verigym_core::rng::ProblemRng;
use verigym_core::verdict::Verdict;

/// The program-tracing env.
#[derive(Clone, Copy, Debug, Default)]
pub struct ProgramTrace;

/// What the `program_trace` verifier needs: the program and what it prints.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProgramTraceData {
    /// Every arithmetic result is reduced modulo this number.
    pub modulus: u32,
    /// How many variables (a, b, c, d) the program uses; all start at 0.
    pub variables: u32,
    /// The program.
    pub program: Vec<ast::Stmt>,
    /// What it prints, one value per line, in order: the answer, and the checkable steps.
    pub output: Vec<u32>,
}

impl Env for ProgramTrace {
    const ID: &'static str = "program_trace";
    const VERSION: u32 = 1;
    const SUMMARY: &'static str = "predict what a random small program (assignments, if/else, \
         bounded loops, values modulo M) prints; each printed line is a checked step";
    type Params = ProgramTraceParams;
    type Data = ProgramTraceData;

    /// The intrinsic difficulty is the number of printed lines.
    fn generate(
        &self,
        params: &ProgramTraceParams,
        rng: &mut ProblemRng,
    ) -> Generated<ProgramTraceData> {
        let (program, output) = generate::program(params, rng);
        let data = ProgramTraceData {
            modulus: params.modulus,
            variables: params.variables,
            program,
            output,
        };
        Generated {
            prompt: prompt::render(&data),
            answer: verify::render_answer(&data.output),
            difficulty: data.output.len() as u64,
            data,
        }
    }

    fn check_data(&self, data: &ProgramTraceData) -> Result<(), String> {
        check::check_data(data)
    }

    fn verify(&self, data: &ProgramTraceData, response: &str) -> Verdict {
        verify::verify(data, response)
    }

    fn probe_answers(&self, data: &ProgramTraceData, answer: &str, foreign: &str) -> ProbeAnswers {
        probes::probe_answers(data, answer, foreign)
    }
}
