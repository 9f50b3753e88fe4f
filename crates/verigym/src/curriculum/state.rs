//! The curriculum's complete state as one JSON document, for a trainer's checkpoint.
//!
//! Restoring it continues exactly where the original stood: same next batches for the same
//! feedback. Floats round-trip exactly through JSON (serde_json's `float_roundtrip`). Generator
//! caches are not state: they are rebuilt on demand and produce the same records.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::config::CurriculumConfig;
use super::controller::{AnyController, SavedController};
use super::error::CurriculumError;
use super::telemetry::EnvStats;

/// Bumped when the state layout changes incompatibly.
pub const STATE_FORMAT: u32 = 1;

// `C` is the controller type: the shipped ones by default, or a `SavedController` of the user's
// own. (A plain comment, since the doc comment is the JSON Schema's description.)
/// A curriculum's state: config, controllers, counters and the problems awaiting feedback.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CurriculumState<C = AnyController> {
    /// The layout version of this document.
    pub format: u32,
    /// The config the curriculum was built from.
    pub config: CurriculumConfig,
    /// One controller per env, in config order.
    pub controllers: Vec<C>,
    /// Next problem index per env; it only grows, so ids never repeat.
    pub next_index: Vec<u64>,
    /// Smooth weighted round-robin credits per env.
    pub credits: Vec<i64>,
    /// Problems issued so far; also the stream number of the next controller draw.
    pub issued: u64,
    /// Rounds completed so far, counted by whoever works in rounds (`verigym curriculum` does,
    /// through [`Curriculum::end_round`](super::Curriculum::end_round)); cumulative across
    /// resumes. 0 in states saved before it was kept.
    #[serde(default)]
    pub rounds: u64,
    /// Problems awaiting feedback, oldest first.
    pub outstanding: Vec<Pending>,
    /// Running counts per env.
    pub stats: Vec<EnvStats>,
}

/// A problem awaiting its rewards.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Pending {
    /// The problem id.
    pub id: String,
    /// The env's position in the config.
    pub env: usize,
    /// The level it was issued at.
    pub level: f64,
    /// The target rate it was issued for.
    pub target: f64,
    /// Its position in issue order.
    pub serial: u64,
}

/// Fails unless a restored float is finite and within `[lo, hi]`; the error names the field.
pub(crate) fn check_float(
    field: impl std::fmt::Display,
    v: f64,
    lo: f64,
    hi: f64,
) -> Result<(), CurriculumError> {
    if v.is_finite() && (lo..=hi).contains(&v) {
        Ok(())
    } else {
        Err(CurriculumError::state_field(
            field,
            v,
            format_args!("a number from {lo} to {hi}"),
        ))
    }
}

/// Fails unless a restored count is at most `hi`; `why` says what bounds it.
pub(crate) fn check_count(
    field: impl std::fmt::Display,
    v: u64,
    hi: u64,
    why: &str,
) -> Result<(), CurriculumError> {
    if v <= hi {
        Ok(())
    } else {
        Err(CurriculumError::state_field(
            field,
            v,
            format_args!("at most {hi} ({why})"),
        ))
    }
}

impl<C: SavedController> CurriculumState<C> {
    /// Checks every value a saved state can hold against what a curriculum can reach: a file
    /// edited by hand or by a buggy tool is refused with the field, the value and what is
    /// allowed, rather than steering training from impossible numbers.
    pub(crate) fn validate(&self) -> Result<(), CurriculumError> {
        let n = self.config.envs.len();
        let total_weight: i64 = self.config.envs.iter().map(|e| i64::from(e.weight)).sum();
        let credit_sum: i64 = self.credits.iter().sum();
        if credit_sum != 0 {
            return Err(CurriculumError::state_field(
                "credits",
                format_args!("{:?} (sum {credit_sum})", self.credits),
                "credits that sum to 0 (smooth weighted round robin keeps them so)",
            ));
        }
        if self.rounds > self.issued {
            return Err(CurriculumError::state_field(
                "rounds",
                self.rounds,
                format_args!(
                    "at most `issued` = {} (every round issues a problem)",
                    self.issued
                ),
            ));
        }
        let index_sum: u64 = self.next_index.iter().sum();
        if index_sum != self.issued {
            return Err(CurriculumError::state_field(
                "next_index",
                format_args!("{:?} (sum {index_sum})", self.next_index),
                format_args!("indices that sum to `issued` = {}", self.issued),
            ));
        }
        for i in 0..n {
            let at = |field: &str| format!("{field}[{i}]");
            let credit = self.credits[i];
            if credit.abs() > total_weight {
                return Err(CurriculumError::state_field(
                    at("credits"),
                    credit,
                    format_args!("-{total_weight} to {total_weight} (the total env weight)"),
                ));
            }
            let s = &self.stats[i];
            if self.next_index[i] != s.issued {
                return Err(CurriculumError::state_field(
                    at("next_index"),
                    self.next_index[i],
                    format_args!(
                        "exactly `stats[{i}].issued` = {}: the index only grows, once per issued problem",
                        s.issued
                    ),
                ));
            }
            let stat = |field: &str| format!("stats[{i}].{field}");
            check_count(
                stat("groups"),
                s.groups + s.empty + s.expired,
                s.issued,
                "groups + empty + expired cannot exceed the problems issued",
            )?;
            check_count(
                stat("zero_variance"),
                s.zero_variance,
                s.groups,
                "the groups received",
            )?;
            check_count(
                stat("effective_samples"),
                s.effective_samples,
                s.samples,
                "the samples received",
            )?;
            if s.samples < s.groups {
                return Err(CurriculumError::state_field(
                    stat("samples"),
                    s.samples,
                    format_args!("at least `groups` = {} (a group has a reward)", s.groups),
                ));
            }
            check_float(stat("reward_sum"), s.reward_sum, 0.0, s.samples as f64)?;
            if let Some(r) = s.recent_solve_rate {
                check_float(stat("recent_solve_rate"), r, 0.0, 1.0)?;
            }
            self.controllers[i]
                .check_restored(&format!("controllers[{i}]"), &self.config.controller)?;
        }
        let (lo, hi) = match self.config.target {
            super::config::Target::Rate(t) => (t, t),
            super::config::Target::Band([lo, hi]) => (lo, hi),
        };
        for (k, p) in self.outstanding.iter().enumerate() {
            check_float(format!("outstanding[{k}].level"), p.level, 0.0, 10.0)?;
            // A band's draw `lo + (hi − lo)·u` may round one ulp past `hi`.
            let slack = 1e-12;
            check_float(
                format!("outstanding[{k}].target"),
                p.target,
                lo - slack,
                hi + slack,
            )?;
        }
        Ok(())
    }
}
