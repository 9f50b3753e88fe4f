//! Which episode envs there are, and opening an episode on any record: a native session for an
//! interactive env's record, a feedback session for every other env's.

use serde_json::{Map, Value};

use verigym_core::dyn_env::DynEnv;
use verigym_core::record::RecordHeader;
use verigym_core::rng::ProblemRng;

use crate::agentic::AgenticOptions;
use crate::envs::counterfeit_coin::CounterfeitCoin;
use crate::envs::find_max::FindMax;
use crate::envs::guess_number::GuessNumber;
use crate::envs::hidden_parity::HiddenParity;
use crate::envs::hidden_polynomial::HiddenPolynomial;
use crate::envs::twenty_questions::TwentyQuestions;
use crate::feedback::{FeedbackOptions, FeedbackSession};
use crate::interactive::{Agent, Interactive, NativeSession};
use crate::session::{EpisodeError, Session};

/// An interactive env behind a trait object. Implemented for every [`Interactive`] env.
pub trait DynInteractive: Send + Sync {
    /// The env as a generator of records.
    fn as_env(&'static self) -> &'static dyn DynEnv;
    /// Opens an episode on one of its records.
    fn open(&'static self, record_json: &str) -> Result<Box<dyn Session>, EpisodeError>;
    /// Opens an episode on problem `index` of (level, overrides, seed), straight from the
    /// generator; returns it with the record's id.
    fn open_generated(
        &'static self,
        level: Option<f64>,
        overrides: &Map<String, Value>,
        seed: u64,
        index: u64,
    ) -> Result<(Box<dyn Session>, String), EpisodeError>;
    /// The optimal agent for a record, built from its blinded data.
    fn optimal_agent(&'static self, record_json: &str) -> Result<Box<dyn Agent>, EpisodeError>;
    /// An agent that queries at random and answers at random on its last turn.
    fn random_agent(
        &'static self,
        record_json: &str,
        seed: u64,
    ) -> Result<Box<dyn Agent>, EpisodeError>;
}

fn blinded<E: Interactive>(env: &'static E, record_json: &str) -> Result<E::Data, EpisodeError> {
    let record: verigym_core::record::Problem<Value, E::Data> =
        serde_json::from_str(record_json)
            .map_err(|e| EpisodeError::Invalid(format!("record: not a {} record: {e}", E::ID)))?;
    Ok(env.blind(&record.data))
}

impl<E: Interactive> DynInteractive for E {
    fn as_env(&'static self) -> &'static dyn DynEnv {
        self
    }

    fn open(&'static self, record_json: &str) -> Result<Box<dyn Session>, EpisodeError> {
        Ok(Box::new(NativeSession::open(self, record_json)?))
    }

    fn open_generated(
        &'static self,
        level: Option<f64>,
        overrides: &Map<String, Value>,
        seed: u64,
        index: u64,
    ) -> Result<(Box<dyn Session>, String), EpisodeError> {
        let (session, id) = NativeSession::generated(self, level, overrides, seed, index)?;
        Ok((Box::new(session), id))
    }

    fn optimal_agent(&'static self, record_json: &str) -> Result<Box<dyn Agent>, EpisodeError> {
        Ok(self.optimal_agent(&blinded(self, record_json)?))
    }

    fn random_agent(
        &'static self,
        record_json: &str,
        seed: u64,
    ) -> Result<Box<dyn Agent>, EpisodeError> {
        let blind = blinded(self, record_json)?;
        let turns = self.turn_budget(&blind);
        Ok(Box::new(RandomAgent {
            env: self,
            blind,
            rng: ProblemRng::from_test_seed(seed),
            turn: 0,
            turns,
        }))
    }
}

/// Queries at random, then answers at random on the last turn.
struct RandomAgent<E: Interactive> {
    env: &'static E,
    blind: E::Data,
    rng: ProblemRng,
    turn: u32,
    turns: u32,
}

impl<E: Interactive> Agent for RandomAgent<E> {
    fn act(&mut self, _observation: &str) -> String {
        self.turn += 1;
        if self.turn >= self.turns {
            self.env.random_answer(&self.blind, &mut self.rng)
        } else {
            self.env.random_query(&self.blind, &mut self.rng)
        }
    }
}

static NATIVE: &[&dyn DynInteractive] = &[
    &GuessNumber,
    &CounterfeitCoin,
    &HiddenPolynomial,
    &HiddenParity,
    &FindMax,
    &TwentyQuestions,
];

/// Every natively interactive env, in listing order.
pub fn interactive() -> &'static [&'static dyn DynInteractive] {
    NATIVE
}

/// The interactive env with this id, if there is one.
pub fn find_interactive(id: &str) -> Option<&'static dyn DynInteractive> {
    NATIVE.iter().copied().find(|e| e.as_env().id() == id)
}

/// How to run an episode on a record.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct EpisodeOptions {
    /// For a single-turn env's record, the feedback episode's options (the defaults when
    /// `None`); an interactive env's record carries its own budget and takes none.
    pub feedback: Option<FeedbackOptions>,
    /// For a `repo_fix` record, an agentic episode with these options instead of a feedback
    /// one.
    pub agentic: Option<AgenticOptions>,
}

/// Opens an episode on any record: native for an interactive env's, feedback for the rest.
pub fn open(record_json: &str, options: &EpisodeOptions) -> Result<Box<dyn Session>, EpisodeError> {
    let header: RecordHeader = serde_json::from_str(record_json)
        .map_err(|e| EpisodeError::Invalid(format!("record: not a problem record: {e}")))?;
    if let Some(agentic) = options.agentic {
        if options.feedback.is_some() {
            return Err(EpisodeError::Invalid(
                "invalid value for `feedback`: an agentic episode takes no feedback options; \
                 allowed: `feedback` or `agentic`, not both"
                    .to_owned(),
            ));
        }
        if header.env != "repo_fix" {
            return Err(EpisodeError::Invalid(format!(
                "invalid value for `agentic`: the record's env is {}; allowed: agentic episodes \
                 on repo_fix records only",
                header.env
            )));
        }
        return open_agentic(record_json, agentic);
    }
    if let Some(env) = find_interactive(&header.env) {
        if options.feedback.is_some() {
            return Err(EpisodeError::Invalid(format!(
                "feedback options apply to single-turn envs; {} is interactive and its record \
                 carries its own turn budget",
                header.env
            )));
        }
        return env.open(record_json);
    }
    let env = verigym_envs::registry::find(&header.env)
        .map_err(|e| EpisodeError::Invalid(format!("record: {e}")))?;
    let problem = env
        .load_problem(record_json)
        .map_err(|e| EpisodeError::Invalid(format!("record: {e}")))?;
    let prompt: Value = serde_json::from_str(record_json)
        .map_err(|e| EpisodeError::Invalid(format!("record: {e}")))?;
    let prompt = prompt
        .get("prompt")
        .and_then(Value::as_str)
        .unwrap_or_default();
    Ok(Box::new(FeedbackSession::new(
        problem,
        prompt,
        options.feedback.unwrap_or_default(),
    )?))
}

#[cfg(feature = "repo_fix")]
fn open_agentic(
    record_json: &str,
    options: AgenticOptions,
) -> Result<Box<dyn Session>, EpisodeError> {
    Ok(Box::new(crate::agentic::AgenticSession::open(
        record_json,
        options,
    )?))
}

#[cfg(not(feature = "repo_fix"))]
fn open_agentic(
    _record_json: &str,
    _options: AgenticOptions,
) -> Result<Box<dyn Session>, EpisodeError> {
    Err(EpisodeError::Invalid(
        "invalid value for `agentic`: this build has no repo_fix env (cargo feature \
         `repo_fix`); allowed: no agentic options"
            .to_owned(),
    ))
}

/// Opens an episode and restores a state its [`Session::state`] wrote.
pub fn resume(
    record_json: &str,
    options: &EpisodeOptions,
    state: Value,
) -> Result<Box<dyn Session>, EpisodeError> {
    let mut session = open(record_json, options)?;
    session.restore(state)?;
    Ok(session)
}

/// Any env by id: a single-turn one from the shipped registry, or an interactive one. An
/// unknown id is an error listing both.
pub fn find_env(id: &str) -> verigym_core::error::Result<&'static dyn DynEnv> {
    if let Some(env) = find_interactive(id) {
        return Ok(env.as_env());
    }
    verigym_envs::registry::find(id).map_err(|_| {
        let known: Vec<&str> = verigym_envs::registry::envs()
            .iter()
            .map(|e| e.id())
            .chain(NATIVE.iter().map(|e| e.as_env().id()))
            .collect();
        verigym_core::error::Error::UnknownEnv {
            id: id.to_owned(),
            known: known.join(", "),
        }
    })
}
