//! Agentic episodes over `repo_fix` records: the model works on the mini repo with tools (list
//! and read its visible files, run its visible tests, replace a function) and submits; the
//! reward is the hidden suite's verdict on the submitted state, through the env's own verifier.
//!
//! The options and the tool grammar need no compiler; the session (feature `repo_fix`) does.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::session::EpisodeError;

#[cfg(feature = "repo_fix")]
mod session;
pub mod tools;

#[cfg(feature = "repo_fix")]
pub use self::session::{AgenticSession, AgenticState, Replaced, lazy_agent, reference_agent};

/// The most turns an agentic episode may allow.
pub const MAX_TURNS: u32 = 64;

/// The knobs of an agentic episode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct AgenticOptions {
    /// Turns allowed, tool calls and the submission included, 1 to 64. When they run out the
    /// state as it stands is submitted.
    pub max_turns: u32,
}

impl Default for AgenticOptions {
    fn default() -> Self {
        AgenticOptions { max_turns: 20 }
    }
}

impl AgenticOptions {
    /// Checks every field; errors name the field, the value and what is allowed.
    pub fn validate(&self) -> Result<(), EpisodeError> {
        if !(1..=MAX_TURNS).contains(&self.max_turns) {
            return Err(EpisodeError::Invalid(format!(
                "invalid value for `agentic.max_turns`: {}; allowed: 1 to {MAX_TURNS}",
                self.max_turns
            )));
        }
        Ok(())
    }
}
