//! The curriculum's complete state as one JSON document, for a trainer's checkpoint.
//!
//! Restoring it continues exactly where the original stood: same next batches for the same
//! feedback. Floats round-trip exactly through JSON (serde_json's `float_roundtrip`). Generator
//! caches are not state: they are rebuilt on demand and produce the same records.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::config::CurriculumConfig;
use super::controller::AnyController;
use super::telemetry::EnvStats;

/// Bumped when the state layout changes incompatibly.
pub const STATE_FORMAT: u32 = 1;

/// A curriculum's state: config, controllers, counters and the problems awaiting feedback.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CurriculumState {
    /// The layout version of this document.
    pub format: u32,
    /// The config the curriculum was built from.
    pub config: CurriculumConfig,
    /// One controller per env, in config order.
    pub controllers: Vec<AnyController>,
    /// Next problem index per env; it only grows, so ids never repeat.
    pub next_index: Vec<u64>,
    /// Smooth weighted round-robin credits per env.
    pub credits: Vec<i64>,
    /// Problems issued so far; also the stream number of the next controller draw.
    pub issued: u64,
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
