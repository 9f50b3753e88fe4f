//! One running episode behind a trait object: its steps, its errors, and the log that makes it
//! replayable.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use verigym_core::verdict::Verdict;

/// What one action gets back.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// What the model sees next.
    pub observation: String,
    /// The reward of this step: 0 on every step but the last, which carries the episode's
    /// reward. Nothing is paid along the way, so repeating actions earns nothing.
    pub reward: f64,
    /// Whether the episode is over; any further action is refused.
    pub done: bool,
    /// The final verdict, on the last step only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verdict: Option<Verdict>,
}

/// A caller's mistake with an episode; never a judgement of the model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EpisodeError {
    /// An action after the episode ended.
    Done,
    /// The record or the episode options are not usable; the message names the field.
    Invalid(String),
}

impl std::fmt::Display for EpisodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EpisodeError::Done => f.write_str("the episode is over; start a new one"),
            EpisodeError::Invalid(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for EpisodeError {}

/// A running episode: a pure state machine over its record and the actions so far.
pub trait Session: Send {
    /// The first observation: the record's prompt.
    fn prompt(&self) -> &str;
    /// Takes one action.
    fn step(&mut self, action: &str) -> Result<Step, EpisodeError>;
    /// Whether the episode is over.
    fn done(&self) -> bool;
    /// Turns taken so far.
    fn turns(&self) -> u32;
    /// The most turns the episode allows.
    fn budget(&self) -> u32;
    /// The final verdict, once the episode is over.
    fn verdict(&self) -> Option<&Verdict>;
    /// The episode's state as JSON: with the record, enough to go on exactly where it stopped.
    fn state(&self) -> Value;
    /// Puts back a state [`Session::state`] wrote for the same record and options.
    fn restore(&mut self, state: Value) -> Result<(), EpisodeError>;
    /// Whether taking `action` now may compile and run code (seconds, a build dir on disk), so a
    /// server must run it behind its compile gate; a cheap step answers false.
    fn may_build(&self, _action: &str) -> bool {
        false
    }
}

/// One turn as logged: the action and what it got back.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LoggedTurn {
    /// The model's action, verbatim.
    pub action: String,
    /// What the env answered.
    pub observation: String,
    /// The step's reward.
    pub reward: f64,
    /// Whether the episode ended here.
    pub done: bool,
}

impl LoggedTurn {
    /// The log line of `action` and the step it got.
    pub fn new(action: &str, step: &Step) -> Self {
        LoggedTurn {
            action: action.to_string(),
            observation: step.observation.clone(),
            reward: step.reward,
            done: step.done,
        }
    }
}

/// Adds the episode's counters to a final verdict's detail, under `episode`.
pub(crate) fn with_episode_detail(mut verdict: Verdict, episode: Value) -> Verdict {
    match &mut verdict.detail {
        Some(Value::Object(detail)) => {
            detail.insert("episode".into(), episode);
        }
        // Every shipped env's detail is an object; another shape is kept as it is.
        Some(_) => {}
        None => verdict.detail = Some(serde_json::json!({ "episode": episode })),
    }
    verdict
}
