//! verigym-core: what every env and every tool around envs share, and nothing env-specific.
//!
//! The [`Env`] trait and its object-safe view [`DynEnv`], the problem record ([`Problem`]), the
//! [`Verdict`], the answer-extraction protocol ([`extract_answer`]), params and the 0–10 level
//! ([`EnvParams`]), the portable random source ([`ProblemRng`]) and the [`Error`] type. There is no
//! registry and no env here: envs are assembled in `verigym-envs`, and this crate compiles and
//! tests without any of them. Most users depend on the `verigym` crate, which re-exports all of it.

pub mod atomic;
pub mod dyn_env;
pub mod env;
pub mod error;
pub mod extract;
pub mod normalize;
pub mod params;
pub mod progress;
pub mod record;
pub mod rng;
pub mod verdict;

pub use crate::dyn_env::{DynEnv, DynGenerator, DynProblem};
pub use crate::env::{AnswerFormat, Env, Generated, Generator, ProbeAnswers};
pub use crate::error::{Error, Result, check_range};
pub use crate::extract::{
    MAX_JUDGED_CANDIDATES, MAX_RESPONSE_BYTES, Rejection, extract_agreed_answer, extract_answer,
    extract_code_block,
};
pub use crate::params::{EnvParams, LEVEL_MAX, LEVEL_MIN, ParamInfo};
pub use crate::record::{Meta, Problem, RecordHeader};
pub use crate::rng::ProblemRng;
pub use crate::verdict::{Reason, StepReport, Verdict};
