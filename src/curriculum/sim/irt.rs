//! A simulated item-response learner: p = sigmoid(θ − scale·(level − 5)), with an ability θ that
//! grows with informative groups and drifts. A simulation for testing controllers, not a model.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Learner, gaussian, group_variance};
use crate::core::record::Problem;
use crate::core::rng::{ProblemRng, derive_key};
use crate::curriculum::controller::unit;

/// Knobs of the item-response learner.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct IrtParams {
    /// Starting ability θ: the learner solves half the problems at level 5 + θ/scale.
    pub theta: f64,
    /// Logits of solve rate per level.
    pub scale: f64,
    /// Ability gained per group, times the group's reward variance c(G−c)/G² (so only groups
    /// with both right and wrong answers teach).
    pub learning_rate: f64,
    /// Ability added every group regardless (negative: forgetting).
    pub drift: f64,
    /// Standard deviation of a random walk step in ability, per group.
    pub noise: f64,
}

impl Default for IrtParams {
    fn default() -> Self {
        IrtParams {
            theta: -3.0,
            scale: 1.0,
            learning_rate: 0.005,
            drift: -0.0002,
            noise: 0.02,
        }
    }
}

/// The item-response learner.
#[derive(Clone, Debug)]
pub struct ItemResponse {
    params: IrtParams,
    theta: f64,
    rng: ProblemRng,
    /// A separate stream for the drift, so one seed gives every controller the same drift path.
    drift_rng: ProblemRng,
}

impl ItemResponse {
    /// A learner with its own seeded random stream.
    pub fn new(params: IrtParams, seed: u64) -> Self {
        ItemResponse {
            theta: params.theta,
            rng: ProblemRng::new(derive_key("verigym/sim/irt", 1, seed), 0),
            drift_rng: ProblemRng::new(derive_key("verigym/sim/irt", 1, seed), 1),
            params,
        }
    }

    /// The solve probability at a level.
    pub fn p(&self, level: f64) -> f64 {
        1.0 / (1.0 + (-(self.theta - self.params.scale * (level - 5.0))).exp())
    }
}

impl Learner for ItemResponse {
    fn answer(&mut self, problem: &Problem, group: u32) -> Vec<f64> {
        let p = self.p(problem.meta.level.unwrap_or(5.0));
        let rewards: Vec<f64> = (0..group)
            .map(|_| f64::from(u8::from(unit(&mut self.rng) < p)))
            .collect();
        self.theta += self.params.learning_rate * group_variance(&rewards)
            + self.params.drift
            + self.params.noise * gaussian(&mut self.drift_rng);
        rewards
    }

    fn skill(&self) -> f64 {
        self.theta
    }
}
