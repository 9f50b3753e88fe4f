//! verigym: endless, seeded, difficulty-controlled reasoning problems, each with an exact verifier.
//!
//! Start with [`registry::find`] to get an env by id, or use an env type such as
//! [`envs::modarith::ModArith`] directly with [`Generator`]. Your own env implements [`Env`]; put
//! it in a [`registry::EnvSet`] and the [`curriculum`], [`grade`], [`suite`] and [`probe`] modules
//! use it like a shipped one. See `ARCHITECTURE.md` for the map.
//!
//! This crate is the library's front: it re-exports `verigym-core` (the env trait, records,
//! verdicts) at its root, `verigym-envs` as [`envs`] and [`registry`], and, with the `repo`
//! feature (on by default), `verigym-repo` as [`repo`]: mutation audits, bug catalogs and the
//! `repo_fix` env, which need syn and rustix. With `default-features = false` the library has
//! every other env and everything around them, and links none of those. The command line and the
//! HTTP server are crates of their own (`verigym-cli`, `verigym-serve`), so a library user pulls
//! in neither clap nor tokio.

pub mod curriculum;
pub mod eval;
pub mod grade;
pub mod probe;
pub mod schema;
pub mod stream;
pub mod suite;

pub use verigym_core::dyn_env::{DynEnv, DynGenerator, DynProblem};
pub use verigym_core::env::{AnswerFormat, Env, Generated, Generator, ProbeAnswers};
pub use verigym_core::error::{Error, Result, check_range};
pub use verigym_core::extract::{
    MAX_JUDGED_CANDIDATES, MAX_RESPONSE_BYTES, Rejection, extract_agreed_answer, extract_answer,
    extract_code_block,
};
pub use verigym_core::params::{EnvParams, LEVEL_MAX, LEVEL_MIN, ParamInfo};
pub use verigym_core::record::{Meta, Problem, RecordHeader};
pub use verigym_core::rng::ProblemRng;
pub use verigym_core::verdict::{Reason, StepReport, Verdict};
pub use verigym_core::{atomic, progress};
pub use verigym_envs as envs;
pub use verigym_envs::registry;
pub use verigym_episodes as episodes;
#[cfg(feature = "repo")]
pub use verigym_repo as repo;
