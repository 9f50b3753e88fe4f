//! verigym: endless, seeded, difficulty-controlled reasoning problems, each with an exact verifier.
//!
//! Start with [`registry::find`] to get an env by id, or use an env type such as
//! [`envs::modarith::ModArith`] directly with [`Generator`]. Your own env implements [`Env`]; put
//! it in a [`registry::EnvSet`] and the [`curriculum`], [`grade`], [`suite`] and [`probe`] modules
//! use it like a shipped one. See `ARCHITECTURE.md` for the map.
//!
//! Cargo features (both on by default): `repo`, the mini-repo pipeline (`verigym::repo`) and the
//! `repo_fix` env, which need syn and rustix; `cli`, the `verigym` binary. With
//! `default-features = false` the library has the seven puzzle envs and everything around them.

pub mod atomic;
mod core;
pub mod curriculum;
pub mod envs;
pub mod eval;
pub mod grade;
pub mod probe;
pub mod progress;
#[cfg(feature = "repo")]
pub mod repo;
pub mod schema;
#[cfg(feature = "serve")]
pub mod serve;
pub mod stream;
pub mod suite;

pub use crate::core::dyn_env::{DynEnv, DynGenerator, DynProblem};
pub use crate::core::env::{AnswerFormat, Env, Generated, Generator, ProbeAnswers};
pub use crate::core::error::{Error, Result, check_range};
pub use crate::core::extract::{
    MAX_JUDGED_CANDIDATES, MAX_RESPONSE_BYTES, Rejection, extract_agreed_answer, extract_answer,
    extract_code_block,
};
pub use crate::core::params::{EnvParams, LEVEL_MAX, LEVEL_MIN, ParamInfo};
pub use crate::core::record::{Meta, Problem, RecordHeader};
pub use crate::core::registry;
pub use crate::core::rng::ProblemRng;
pub use crate::core::verdict::{Reason, StepReport, Verdict};
