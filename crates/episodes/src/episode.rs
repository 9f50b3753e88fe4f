//! An episode with its log: the transcript format, and re-judging a transcript from its record
//! and actions alone.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use verigym_core::verdict::{Reason, Verdict};

use crate::agentic::AgenticOptions;
use crate::feedback::FeedbackOptions;
use verigym_core::dyn_env::DynEnv;

use crate::registry::{EpisodeOptions, find_interactive, open};
use crate::session::{EpisodeError, LoggedTurn, Session, Step};

/// A whole episode as one JSON line: the record, the options, every turn and the outcome.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Transcript {
    /// The problem record the episode ran on, verbatim.
    pub record: Value,
    /// The feedback options, for a single-turn env's record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub feedback: Option<FeedbackOptions>,
    /// The agentic episode's options, for a `repo_fix` record worked on with tools.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agentic: Option<AgenticOptions>,
    /// Every turn, in order.
    pub turns: Vec<LoggedTurn>,
    /// The episode's reward, once it is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reward: Option<f64>,
    /// The final verdict, once the episode is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verdict: Option<Verdict>,
}

/// A running episode that keeps its transcript.
pub struct Episode {
    record: Value,
    options: EpisodeOptions,
    session: Box<dyn Session>,
    turns: Vec<LoggedTurn>,
}

impl Episode {
    /// Opens an episode on a record (one JSON object).
    pub fn open(
        record_json: &str,
        feedback: Option<FeedbackOptions>,
    ) -> Result<Self, EpisodeError> {
        Self::open_with(
            record_json,
            &EpisodeOptions {
                feedback,
                agentic: None,
            },
        )
    }

    /// Opens an episode on a record with any options (an agentic one among them).
    pub fn open_with(record_json: &str, options: &EpisodeOptions) -> Result<Self, EpisodeError> {
        let session = open(record_json, options)?;
        let record = serde_json::from_str(record_json)
            .map_err(|e| EpisodeError::Invalid(format!("record: {e}")))?;
        Ok(Episode {
            record,
            options: *options,
            session,
            turns: Vec::new(),
        })
    }

    /// The first observation.
    pub fn prompt(&self) -> &str {
        self.session.prompt()
    }

    /// Takes one action and logs it.
    pub fn step(&mut self, action: &str) -> Result<Step, EpisodeError> {
        let step = self.session.step(action)?;
        self.turns.push(LoggedTurn::new(action, &step));
        Ok(step)
    }

    /// The running session.
    pub fn session(&self) -> &dyn Session {
        &*self.session
    }

    /// Everything so far, as a transcript.
    pub fn transcript(&self) -> Transcript {
        Transcript {
            record: self.record.clone(),
            feedback: self.options.feedback,
            agentic: self.options.agentic,
            turns: self.turns.clone(),
            reward: self.session.verdict().map(|v| v.score),
            verdict: self.session.verdict().cloned(),
        }
    }
}

/// A transcript judged again from its record and actions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Rejudged {
    /// The record's id.
    pub id: String,
    /// The record's env.
    pub env: String,
    /// Turns replayed.
    pub turns: u32,
    /// Whether the replayed episode is over.
    pub done: bool,
    /// The reward from the replay (0 while not over): the one to train on, never the claimed one.
    pub reward: f64,
    /// Whether the replay ends in a right answer.
    pub correct: bool,
    /// The replay's final reason, once over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<Reason>,
    /// Whether every logged observation, reward and outcome is what the replay gives.
    pub consistent: bool,
    /// The first difference, when not consistent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mismatch: Option<String>,
}

/// Whether a record is exactly what its env makes of its params, seed and index, so that a
/// transcript cannot bring its own hidden state (or its own reference answer).
fn regenerates(record: &Value) -> Result<(), String> {
    let text = |name: &str| record.get(name).and_then(Value::as_str);
    let number = |name: &str| record.get(name).and_then(Value::as_u64);
    let (Some(id), Some(seed), Some(index)) = (text("env"), number("seed"), number("index")) else {
        return Err("the record lacks its env, seed or index".into());
    };
    let env: &dyn DynEnv = match find_interactive(id) {
        Some(env) => env.as_env(),
        None => verigym_envs::registry::find(id).map_err(|e| e.to_string())?,
    };
    if number("env_version") != Some(u64::from(env.version())) {
        return Err(format!(
            "the record's env_version is not {}, the one this build generates",
            env.version()
        ));
    }
    let params = record
        .get("params")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    let level = record
        .get("meta")
        .and_then(|m| m.get("level"))
        .and_then(Value::as_f64);
    let generator = env
        .generator(level, &params, seed)
        .map_err(|e| e.to_string())?;
    let fresh = serde_json::to_value(generator.record(index)).map_err(|e| e.to_string())?;
    if fresh != *record {
        return Err("the record is not what its env makes of its params, seed and index".into());
    }
    Ok(())
}

/// Replays a transcript's actions on its record and compares what was logged. The record must be
/// the one its env generates for its params, seed and index; a forged record (another hidden
/// state, another reference) is judged inconsistent and its reward is 0.
pub fn rejudge(transcript: &Transcript) -> Result<Rejudged, EpisodeError> {
    let record_json = transcript.record.to_string();
    let mut episode = Episode::open_with(
        &record_json,
        &EpisodeOptions {
            feedback: transcript.feedback,
            agentic: transcript.agentic,
        },
    )?;
    let forged = regenerates(&transcript.record).err();
    let mut mismatch = forged.clone();
    for (i, logged) in transcript.turns.iter().enumerate() {
        let step = match episode.step(&logged.action) {
            Ok(step) => step,
            Err(EpisodeError::Done) => {
                mismatch.get_or_insert(format!("turn {} comes after the episode ended", i + 1));
                break;
            }
            Err(e) => return Err(e),
        };
        if step.observation != logged.observation {
            mismatch.get_or_insert(format!("turn {}: the observation differs", i + 1));
        } else if step.reward != logged.reward || step.done != logged.done {
            mismatch.get_or_insert(format!("turn {}: the reward or done flag differs", i + 1));
        }
    }
    let session = episode.session();
    let verdict = session.verdict();
    if mismatch.is_none() && transcript.reward != verdict.map(|v| v.score) {
        mismatch = Some("the claimed reward differs".into());
    }
    if mismatch.is_none() && transcript.verdict.as_ref() != verdict {
        mismatch = Some("the claimed verdict differs".into());
    }
    let field = |name: &str| {
        transcript
            .record
            .get(name)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    };
    Ok(Rejudged {
        id: field("id"),
        env: field("env"),
        turns: session.turns(),
        done: session.done(),
        reward: if forged.is_some() {
            0.0
        } else {
            verdict.map_or(0.0, |v| v.score)
        },
        correct: forged.is_none() && verdict.is_some_and(|v| v.correct),
        reason: verdict.map(|v| v.reason),
        consistent: mismatch.is_none(),
        mismatch,
    })
}
