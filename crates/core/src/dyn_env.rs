//! Object-safe views of `Env`, so the registry, CLI and curriculum can work with any env by id.

use schemars::Schema;
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use super::env::{AnswerFormat, Env, Generator, ProbeAnswers};
use super::error::{Error, Result};
use super::params::{EnvParams, ParamInfo, check_level, describe};
use super::record::Problem;
use super::verdict::{Reason, Verdict};

/// Any env, behind a trait object. Implemented for every [`Env`].
pub trait DynEnv: Send + Sync {
    /// See [`Env::ID`].
    fn id(&self) -> &'static str;
    /// See [`Env::VERSION`].
    fn version(&self) -> u32;
    /// See [`Env::SUMMARY`].
    fn summary(&self) -> &'static str;
    /// Every param with its default and allowed values.
    fn params_info(&self) -> Vec<ParamInfo>;
    /// The default params as JSON.
    fn default_params(&self) -> Value;
    /// The params a difficulty level maps to, as JSON.
    fn params_at_level(&self, level: f64) -> Result<Value>;
    /// JSON Schema of the params.
    fn params_schema(&self) -> Schema;
    /// JSON Schema of this env's full problem record, with its params and data spelled out.
    fn problem_schema(&self) -> Schema;
    /// A generator from an optional level and overrides by field name.
    fn generator(
        &self,
        level: Option<f64>,
        overrides: &Map<String, Value>,
        seed: u64,
    ) -> Result<Box<dyn DynGenerator + '_>>;
    /// Reads a record made by this env, checking its env id and version.
    fn load_problem(&self, record_json: &str) -> Result<Box<dyn DynProblem + '_>>;
    /// See [`Env::ANSWER_FORMAT`].
    fn answer_format(&self) -> AnswerFormat;
}

/// A [`Generator`] behind a trait object.
pub trait DynGenerator: Send + Sync {
    /// Problem `index` with params and data as JSON values.
    fn record(&self, index: u64) -> Problem;
    /// Problem `index` with its data as the compact JSON text its line holds, and its params
    /// left out (every problem's are [`DynGenerator::params`]): for bindings that build their
    /// own objects from a record, without writing its prompt as JSON and reading it back.
    fn record_raw(&self, index: u64) -> Problem<(), Box<RawValue>>;
    /// Appends problem `index` as one JSON line to `out`.
    fn write_jsonl(&self, index: u64, out: &mut Vec<u8>);
    /// The validated params as JSON.
    fn params(&self) -> Value;
    /// Problem `index`, ready to verify, straight from the typed generator: it judges every
    /// response as `load_problem` of the record's JSON line would, without writing or parsing
    /// that line (the fast path for bindings that grade by (generator, index)).
    fn problem(&self, index: u64) -> Box<dyn DynProblem + '_>;
    /// Problem `index` ready to verify, with its JSON line (and `\n`) appended to `out`, from one
    /// generation. The problem borrows only the env, never the generator, so a binding can keep
    /// it beside the line for as long as it keeps the record and judge it without generating
    /// again; it judges as [`DynGenerator::problem`] does. It keeps no copy of the prompt, which
    /// no verifier reads. Only for generators of `'static` envs (every registered env).
    fn owned_problem_with_jsonl(&self, index: u64, out: &mut Vec<u8>) -> Box<dyn DynProblem>
    where
        Self: 'static;
}

/// A loaded record, ready to verify responses.
pub trait DynProblem: Send + Sync {
    /// The record's id.
    fn id(&self) -> &str;
    /// The intrinsic difficulty from the record's meta.
    fn difficulty(&self) -> u64;
    /// The difficulty level from the record's meta, if any.
    fn level(&self) -> Option<f64>;
    /// Judges one response.
    fn verify(&self, response: &str) -> Verdict;
    /// Judges several responses to this problem in one go; see [`Env::verify_group`].
    fn verify_group(&self, responses: &[&str]) -> Vec<Verdict>;
    /// See [`Env::VERIFIES_IN_GROUPS`].
    fn verifies_in_groups(&self) -> bool;
    /// See [`Env::ANSWER_FORMAT`].
    fn answer_format(&self) -> AnswerFormat;
    /// The reference answer.
    fn answer(&self) -> &str;
    /// See [`Env::probe_answers`].
    fn probe_answers(&self, foreign: &str) -> ProbeAnswers;
    /// See [`Env::feedback`]: what a careful grader says about a wrong response, from the
    /// response and the problem's public part only; nothing unless the verdict is
    /// `wrong_answer`. The default says nothing.
    fn feedback(&self, response: &str) -> Option<String> {
        let _ = response;
        None
    }
    /// Why this record cannot be judged, when its data does not fit its env or breaks one of the
    /// env's invariants ([`Env::check_data`]); every verdict on it is then `verifier_error`. A
    /// caller that takes records from others (a server) can refuse such a record up front.
    fn data_error(&self) -> Option<&str>;
}

impl<E: Env> DynEnv for E {
    fn id(&self) -> &'static str {
        E::ID
    }

    fn version(&self) -> u32 {
        E::VERSION
    }

    fn summary(&self) -> &'static str {
        E::SUMMARY
    }

    fn params_info(&self) -> Vec<ParamInfo> {
        describe::<E::Params>()
    }

    fn default_params(&self) -> Value {
        to_json(&E::Params::default())
    }

    fn params_at_level(&self, level: f64) -> Result<Value> {
        Ok(to_json(&E::Params::at_level(check_level(level)?)))
    }

    fn params_schema(&self) -> Schema {
        schemars::schema_for!(E::Params)
    }

    fn problem_schema(&self) -> Schema {
        schemars::schema_for!(Problem<E::Params, E::Data>)
    }

    fn generator(
        &self,
        level: Option<f64>,
        overrides: &Map<String, Value>,
        seed: u64,
    ) -> Result<Box<dyn DynGenerator + '_>> {
        Ok(Box::new(Generator::from_spec(
            self, level, overrides, seed,
        )?))
    }

    fn load_problem(&self, record_json: &str) -> Result<Box<dyn DynProblem + '_>> {
        // The data is read apart from the rest of the record: a record whose header is broken is
        // an input error, but one whose data breaks the env's invariants is judged, response by
        // response, as a verifier error (see `Loaded::data`).
        let problem: Problem<E::Params, Box<RawValue>> =
            serde_json::from_str(record_json).map_err(|e| Error::malformed("problem record", e))?;
        if problem.env != E::ID {
            return Err(Error::malformed(
                "problem record",
                format!(
                    "record `{}` is for env `{}`, not `{}`",
                    problem.id,
                    problem.env,
                    E::ID
                ),
            ));
        }
        if !(E::COMPATIBLE_SINCE..=E::VERSION).contains(&problem.env_version) {
            return Err(Error::VersionMismatch {
                id: problem.id,
                env: E::ID.to_owned(),
                found: problem.env_version,
                expected: E::VERSION,
            });
        }
        let data = serde_json::from_str::<E::Data>(problem.data.get())
            .map_err(|e| format!("the record's data does not fit env `{}`: {e}", E::ID))
            .and_then(|data| {
                self.check_data(&data).map(|()| data).map_err(|e| {
                    format!("the record's data breaks an invariant of `{}`: {e}", E::ID)
                })
            });
        Ok(Box::new(Loaded {
            env: self,
            problem: problem.map(|_| (), |_| ()),
            data,
        }))
    }

    fn answer_format(&self) -> AnswerFormat {
        E::ANSWER_FORMAT
    }
}

fn to_json<T: serde::Serialize>(value: &T) -> Value {
    serde_json::to_value(value).expect("params serialize to JSON")
}

impl<E: Env> DynGenerator for Generator<'_, E> {
    fn record(&self, index: u64) -> Problem {
        self.problem_ref(index).map(to_json, |d| to_json(&d))
    }

    fn record_raw(&self, index: u64) -> Problem<(), Box<RawValue>> {
        self.problem_ref(index).map(
            |_| (),
            |d| serde_json::value::to_raw_value(&d).expect("data serializes to JSON"),
        )
    }

    fn write_jsonl(&self, index: u64, out: &mut Vec<u8>) {
        Generator::write_jsonl(self, index, out);
    }

    fn params(&self) -> Value {
        to_json(Generator::params(self))
    }

    fn problem(&self, index: u64) -> Box<dyn DynProblem + '_> {
        let mut data = None;
        let problem = self.problem_ref(index).map(|_| (), |d| data = Some(d));
        // Generated data meets the env's invariants by construction (`check_data` guards
        // records from outside); the equivalence with `load_problem` is tested below.
        Box::new(Loaded {
            env: self.env(),
            problem,
            data: Ok(data.expect("map ran the data closure")),
        })
    }

    fn owned_problem_with_jsonl(&self, index: u64, out: &mut Vec<u8>) -> Box<dyn DynProblem>
    where
        Self: 'static,
    {
        let mut data = None;
        let mut problem = self
            .problem_with_jsonl(index, out)
            .map(|_| (), |d| data = Some(d));
        // The line holds the prompt; a second copy here would be most of a held problem's
        // memory, and nothing judging reads it.
        problem.prompt = String::new();
        Box::new(Loaded {
            env: self.env(),
            problem,
            data: Ok(data.expect("map ran the data closure")),
        })
    }
}

struct Loaded<'e, E: Env> {
    env: &'e E,
    /// The record's header; the params are not needed to judge.
    problem: Problem<(), ()>,
    /// The record's data, or why it cannot be judged against. This is the one place a broken
    /// record turns into a verdict, so every env treats it alike.
    data: std::result::Result<E::Data, String>,
}

impl<E: Env> Loaded<'_, E> {
    fn broken(message: &str) -> Verdict {
        Verdict::rejected(Reason::VerifierError, message.to_owned())
    }
}

impl<E: Env> DynProblem for Loaded<'_, E> {
    fn id(&self) -> &str {
        &self.problem.id
    }

    fn difficulty(&self) -> u64 {
        self.problem.meta.difficulty
    }

    fn level(&self) -> Option<f64> {
        self.problem.meta.level
    }

    fn verify(&self, response: &str) -> Verdict {
        match &self.data {
            Ok(data) => self.env.verify(data, response),
            Err(e) => Self::broken(e),
        }
    }

    fn verify_group(&self, responses: &[&str]) -> Vec<Verdict> {
        match &self.data {
            Ok(data) => self.env.verify_group(data, responses),
            Err(e) => responses.iter().map(|_| Self::broken(e)).collect(),
        }
    }

    fn verifies_in_groups(&self) -> bool {
        E::VERIFIES_IN_GROUPS
    }

    fn data_error(&self) -> Option<&str> {
        self.data.as_ref().err().map(String::as_str)
    }

    fn answer_format(&self) -> AnswerFormat {
        E::ANSWER_FORMAT
    }

    fn answer(&self) -> &str {
        &self.problem.answer
    }

    fn probe_answers(&self, foreign: &str) -> ProbeAnswers {
        match &self.data {
            Ok(data) => self.env.probe_answers(data, &self.problem.answer, foreign),
            Err(_) => ProbeAnswers::default(),
        }
    }

    fn feedback(&self, response: &str) -> Option<String> {
        let data = self.data.as_ref().ok()?;
        let said = self.env.feedback(data, response)?;
        // The hook may assume a wrong answer (a plan env cannot tell "shortest" from "longer"
        // without the hidden optimum), so it speaks only when the verdict is wrong.
        (self.env.verify(data, response).reason == Reason::WrongAnswer).then_some(said)
    }
}
