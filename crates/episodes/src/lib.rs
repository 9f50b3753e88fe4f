//! verigym-episodes: multi-turn episodes with exact final verdicts.
//!
//! An episode is a pure state machine: (record, actions so far) → (observation, reward, done).
//! The same record and actions give the same bytes everywhere; its state serialises
//! ([`Session::state`], [`Session::restore`]), and a [`Transcript`] is re-judged by anyone from
//! its record and actions alone ([`rejudge`]). Three kinds:
//!
//! - **feedback** episodes over every single-turn env ([`feedback`]): answer, hear the verdict's
//!   reason (never its message), try again within a budget;
//! - **agentic** episodes over `repo_fix` records ([`agentic`]): tools on the mini repo (read
//!   files, run the visible tests, replace a function), then the hidden suite's verdict;
//! - **natively interactive** envs ([`envs`]), which implement [`Interactive`]: the model queries
//!   a hidden state before answering, against a solver-proven optimum number of queries.
//!
//! Rewards are paid at the last step only, and the final verdict uses the same answer protocol
//! and reasons as every single-turn env.

pub mod action;
pub mod agentic;
pub mod envs;
pub mod episode;
pub mod feedback;
pub mod interactive;
pub mod probe;
pub mod registry;
pub mod session;

pub use crate::agentic::AgenticOptions;
pub use crate::episode::{Episode, Rejudged, Transcript, rejudge};
pub use crate::feedback::{FeedbackOptions, RewardMode};
pub use crate::interactive::{Agent, Interactive, NativeSession};
pub use crate::registry::{
    DynInteractive, EpisodeOptions, find_env, find_interactive, interactive, open, resume,
};
pub use crate::session::{EpisodeError, LoggedTurn, Session, Step};
