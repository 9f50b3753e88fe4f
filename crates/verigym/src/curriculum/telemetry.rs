//! What a curriculum reports: per env and overall solve rates, wasted groups and levels.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Smoothing of the recent solve rate: an exponential average over about 100 groups.
const RECENT: f64 = 0.01;

/// Running counts for one env, kept in the curriculum's state.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EnvStats {
    /// Problems issued.
    pub issued: u64,
    /// Groups whose rewards came back (non-empty).
    pub groups: u64,
    /// Rewards received.
    pub samples: u64,
    /// Sum of rewards received.
    pub reward_sum: f64,
    /// Groups whose rewards were all equal: no GRPO signal.
    pub zero_variance: u64,
    /// Samples in groups with some variance.
    pub effective_samples: u64,
    /// Problems whose feedback was empty.
    pub empty: u64,
    /// Problems dropped for waiting too long (see `max_outstanding`).
    pub expired: u64,
    /// Exponential average of recent group solve rates (null before the first group).
    pub recent_solve_rate: Option<f64>,
}

impl EnvStats {
    /// Counts one group's rewards (already validated, non-empty).
    pub fn record(&mut self, rewards: &[f64]) {
        let sum: f64 = rewards.iter().sum();
        let rate = sum / rewards.len() as f64;
        self.groups += 1;
        self.samples += rewards.len() as u64;
        self.reward_sum += sum;
        if rewards.iter().all(|&r| r == rewards[0]) {
            self.zero_variance += 1;
        } else {
            self.effective_samples += rewards.len() as u64;
        }
        self.recent_solve_rate = Some(match self.recent_solve_rate {
            Some(prev) => prev + RECENT * (rate - prev),
            None => rate,
        });
    }
}

/// A snapshot for one env.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct EnvTelemetry {
    /// The env id.
    pub env: String,
    /// The level the controller centres on now.
    pub level: f64,
    /// Standard deviation of the controller's estimate of the target level, if it keeps one.
    pub uncertainty: Option<f64>,
    /// Problems waiting for feedback.
    pub outstanding: u64,
    /// Mean reward over every sample received (null before any).
    pub solve_rate: Option<f64>,
    /// Fraction of groups with zero reward variance (null before any).
    pub zero_variance_fraction: Option<f64>,
    /// The running counts.
    #[serde(flatten)]
    pub stats: EnvStats,
}

/// A snapshot of the whole curriculum.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Telemetry {
    /// Mean reward over every sample received, all envs (null before any).
    pub solve_rate: Option<f64>,
    /// Fraction of zero-variance groups, all envs (null before any).
    pub zero_variance_fraction: Option<f64>,
    /// Samples in groups with some variance, all envs.
    pub effective_samples: u64,
    /// Samples received, all envs.
    pub samples: u64,
    /// Per env, in config order.
    pub envs: Vec<EnvTelemetry>,
}

pub(crate) fn ratio(num: f64, den: u64) -> Option<f64> {
    (den > 0).then(|| num / den as f64)
}
