//! `sql`: write one SQLite SELECT that answers a question about a small generated database. The
//! query runs in a locked, in-memory SQLite on the shown database and on hidden databases with
//! the same tables, picked so that every plausible wrong query the generator knows fails on one
//! of them; it is right only if its result matches the stored one on all of them.

mod check;
mod cover;
pub mod db;
mod params;
mod probes;
mod prompt;
pub mod questions;
pub mod sandbox;
pub mod schema;
mod verify;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use self::cover::{Refutation, literal_query as refutations_literal, refutations};
pub use self::db::Database;
pub use self::params::{HIDDEN_MAX, HIDDEN_MIN, ROWS_MAX, ROWS_MIN, SqlParams};
pub use self::questions::Question;
pub use self::schema::{Row, Theme, Value};
pub use self::verify::{judge, same_result};
use verigym_core::env::{AnswerFormat, Env, Generated, ProbeAnswers};
use verigym_core::rng::ProblemRng;
use verigym_core::verdict::Verdict;

/// The SQL-query env.
#[derive(Clone, Copy, Debug, Default)]
pub struct Sql;

/// What the `sql` verifier needs: the databases, the question and the right result on each.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SqlData {
    /// The names the tables and columns go by.
    pub theme: Theme,
    /// The question and its parameters.
    pub question: Question,
    /// What each result column holds, in order (the prompt lists them).
    pub columns: Vec<String>,
    /// Whether row order is part of the answer.
    pub ordered: bool,
    /// The reference query.
    pub reference: String,
    /// The databases: the first is shown in the prompt, the others are hidden.
    pub databases: Vec<Database>,
    /// The reference query's result on each database, in the same order.
    pub expected: Vec<Vec<Row>>,
}

impl Env for Sql {
    const ID: &'static str = "sql";
    const VERSION: u32 = 1;
    const SUMMARY: &'static str = "Write one SQLite SELECT answering a question about a \
         generated database, run sandboxed on the shown and hidden databases";
    const ANSWER_FORMAT: AnswerFormat = AnswerFormat::CodeBlock("sql");
    type Params = SqlParams;
    type Data = SqlData;

    /// The intrinsic difficulty is 100 × the question's tier + the shown database's member
    /// rows.
    fn generate(&self, params: &SqlParams, rng: &mut ProblemRng) -> Generated<SqlData> {
        let data = cover::generate(params, rng);
        Generated {
            prompt: prompt::render(&data),
            answer: verify::render_answer(&data.reference),
            difficulty: 100 * u64::from(data.question.tier())
                + data.databases[0].members.len() as u64,
            data,
        }
    }

    fn check_data(&self, data: &SqlData) -> Result<(), String> {
        check::check(data)
    }

    fn verify(&self, data: &SqlData, response: &str) -> Verdict {
        verify::verify(data, response)
    }

    fn probe_answers(&self, data: &SqlData, answer: &str, foreign: &str) -> ProbeAnswers {
        probes::probe_answers(data, answer, foreign)
    }
}
