//! Natively interactive envs: the [`Interactive`] trait, and the session that runs one of them.
//!
//! An interactive env is an [`Env`] first: it generates records with the same ids, rng and
//! bytes guarantees, and its `verify` judges the final answer with the shared protocol. What it
//! adds is a hidden state the model learns about by querying. Queries are free of reward; only
//! the final verdict pays, so there is nothing to farm along the way.

use std::fmt::Debug;

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use verigym_core::env::Env;
use verigym_core::record::Problem;
use verigym_core::rng::ProblemRng;
use verigym_core::verdict::{Reason, Verdict};

use crate::action::{Turn, read_turn};
use crate::session::{EpisodeError, Session, Step, with_episode_detail};

/// An env whose problems are solved by asking before answering.
pub trait Interactive: Env {
    /// What the env remembers between turns (often nothing: the hidden state is in the record).
    type State: Serialize
        + DeserializeOwned
        + JsonSchema
        + Clone
        + Debug
        + PartialEq
        + Default
        + Send
        + Sync
        + 'static;

    /// Answers one query, or refuses it with a message naming what a query must look like. A
    /// refused query still spends its turn. Answers are computed from the record's hidden state
    /// alone, so every answer the env gives is consistent with one fixed hidden state.
    fn query(
        &self,
        data: &Self::Data,
        state: &mut Self::State,
        query: &str,
    ) -> Result<String, String>;

    /// Every turn the episode allows, the final answer's included.
    fn turn_budget(&self, data: &Self::Data) -> u32;

    /// The fewest queries that always suffice to be certain of the answer, proven by the env's
    /// solver; the optimal agent never needs more.
    fn optimum(&self, data: &Self::Data) -> u32;

    /// The record's data with its hidden part replaced: all a fair agent may look at. Agents are
    /// built from this, so a test can prove that they learn the answer only by querying.
    fn blind(&self, data: &Self::Data) -> Self::Data;

    /// An agent that solves every problem within [`Interactive::optimum`] queries, built from
    /// blinded data.
    fn optimal_agent(&self, blind: &Self::Data) -> Box<dyn Agent>;

    /// A well-formed query chosen at random, for the random agent.
    fn random_query(&self, blind: &Self::Data, rng: &mut ProblemRng) -> String;

    /// A well-formed final answer chosen at random, for the random agent.
    fn random_answer(&self, blind: &Self::Data, rng: &mut ProblemRng) -> String;
}

/// A scripted player: reads each observation, writes the next action.
pub trait Agent: Send {
    /// The next action, given the latest observation (the prompt, on the first turn).
    fn act(&mut self, observation: &str) -> String;
}

/// The resumable state of a native episode, as [`Session::state`] writes it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NativeState<S> {
    /// Turns taken.
    pub turns: u32,
    /// Queries answered (refused ones and invalid turns are not counted).
    pub queries: u32,
    /// The env's own state.
    pub env: S,
    /// The final verdict, once given.
    pub verdict: Option<Verdict>,
}

/// One running episode of an interactive env.
pub struct NativeSession<E: Interactive> {
    env: &'static E,
    data: E::Data,
    prompt: String,
    state: NativeState<E::State>,
}

impl<E: Interactive> NativeSession<E> {
    /// Opens an episode on a record of this env, checking its env id, version and data.
    pub fn open(env: &'static E, record_json: &str) -> Result<Self, EpisodeError> {
        let record: Problem<Value, E::Data> = serde_json::from_str(record_json)
            .map_err(|e| EpisodeError::Invalid(format!("record: not a {} record: {e}", E::ID)))?;
        if record.env != E::ID {
            return Err(EpisodeError::Invalid(format!(
                "record: env is {:?}, expected {:?}",
                record.env,
                E::ID
            )));
        }
        if !(E::COMPATIBLE_SINCE..=E::VERSION).contains(&record.env_version) {
            return Err(EpisodeError::Invalid(format!(
                "record: env_version is {}; {} judges versions {} to {}",
                record.env_version,
                E::ID,
                E::COMPATIBLE_SINCE,
                E::VERSION
            )));
        }
        env.check_data(&record.data)
            .map_err(|why| EpisodeError::Invalid(format!("record: data: {why}")))?;
        Ok(Self::start(env, record.data, record.prompt))
    }

    /// Opens an episode on problem `index` straight from the env's generator: the same episode
    /// as opening that problem's record, without writing and re-reading it (a generated record
    /// needs no data check).
    pub fn generated(
        env: &'static E,
        level: Option<f64>,
        overrides: &serde_json::Map<String, Value>,
        seed: u64,
        index: u64,
    ) -> Result<(Self, String), EpisodeError> {
        let generator = verigym_core::env::Generator::from_spec(env, level, overrides, seed)
            .map_err(|e| EpisodeError::Invalid(e.to_string()))?;
        let problem = generator.problem_ref(index);
        Ok((Self::start(env, problem.data, problem.prompt), problem.id))
    }

    fn start(env: &'static E, data: E::Data, prompt: String) -> Self {
        NativeSession {
            env,
            data,
            prompt,
            state: NativeState {
                turns: 0,
                queries: 0,
                env: E::State::default(),
                verdict: None,
            },
        }
    }

    fn finish(&mut self, verdict: Verdict, observation: String) -> Step {
        let verdict = with_episode_detail(
            verdict,
            json!({
                "turns": self.state.turns,
                "queries": self.state.queries,
                "optimum": self.env.optimum(&self.data),
                "budget": self.env.turn_budget(&self.data),
            }),
        );
        self.state.verdict = Some(verdict.clone());
        Step {
            observation,
            reward: verdict.score,
            done: true,
            verdict: Some(verdict),
        }
    }
}

impl<E: Interactive> Session for NativeSession<E> {
    fn prompt(&self) -> &str {
        &self.prompt
    }

    fn step(&mut self, action: &str) -> Result<Step, EpisodeError> {
        if self.state.verdict.is_some() {
            return Err(EpisodeError::Done);
        }
        let budget = self.env.turn_budget(&self.data);
        self.state.turns += 1;
        let observation = match read_turn(action) {
            Turn::Answer => {
                let verdict = self.env.verify(&self.data, action);
                let observation = if verdict.correct {
                    "Correct.".to_string()
                } else {
                    "Wrong: the episode is over.".to_string()
                };
                return Ok(self.finish(verdict, observation));
            }
            Turn::Query(query) => match self.env.query(&self.data, &mut self.state.env, &query) {
                Ok(answer) => {
                    self.state.queries += 1;
                    answer
                }
                Err(why) => format!("Refused query: {why}"),
            },
            Turn::Invalid(why) => format!("Invalid turn: {why}"),
        };
        let left = budget.saturating_sub(self.state.turns);
        if left == 0 {
            let verdict = Verdict::rejected(
                Reason::NoAnswer,
                format!("the budget of {budget} turns ran out before a final answer"),
            );
            let observation = format!("{observation}\nNo turns left: the episode is over.");
            return Ok(self.finish(verdict, observation));
        }
        let turns = if left == 1 { "turn" } else { "turns" };
        Ok(Step {
            observation: format!("{observation}\n({left} {turns} left)"),
            reward: 0.0,
            done: false,
            verdict: None,
        })
    }

    fn done(&self) -> bool {
        self.state.verdict.is_some()
    }

    fn turns(&self) -> u32 {
        self.state.turns
    }

    fn budget(&self) -> u32 {
        self.env.turn_budget(&self.data)
    }

    fn verdict(&self) -> Option<&Verdict> {
        self.state.verdict.as_ref()
    }

    fn state(&self) -> Value {
        serde_json::to_value(&self.state).expect("episode state serializes")
    }

    fn restore(&mut self, state: Value) -> Result<(), EpisodeError> {
        let state: NativeState<E::State> = serde_json::from_value(state)
            .map_err(|e| EpisodeError::Invalid(format!("state: {e}")))?;
        let budget = self.env.turn_budget(&self.data);
        if state.turns > budget || state.queries > state.turns {
            return Err(EpisodeError::Invalid(format!(
                "state: turns {} and queries {} do not fit the budget of {budget}",
                state.turns, state.queries
            )));
        }
        self.state = state;
        Ok(())
    }
}
