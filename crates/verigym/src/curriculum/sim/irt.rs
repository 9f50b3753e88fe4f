//! A simulated item-response learner: p = sigmoid(θ − scale·(d(level) − 5)), with an ability θ
//! that grows with informative groups and drifts. d is the level itself for the smooth learner;
//! [`Shape`] bends it into a dip or a cliff, or drops θ at once (a sudden regression), to test a
//! controller where a logistic curve is wrong; the second round of held-out shapes (a sharp
//! cliff, a mild dip, a rise and fall) lives in `heldout.rs`. A simulation for testing
//! controllers, not a model.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Learner, gaussian, group_variance};
use crate::curriculum::controller::unit;
use verigym_core::record::Problem;
use verigym_core::rng::{ProblemRng, derive_key};

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
    /// How the curve departs from the smooth logistic one.
    pub shape: Shape,
}

/// A departure from the smooth logistic curve.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Shape {
    /// d(level) = level.
    #[default]
    Smooth,
    /// Levels in [from, to) are `extra` levels harder, so the solve rate dips there and rises
    /// again at `to`: a non-monotone curve.
    Dip {
        /// First level of the dip.
        from: f64,
        /// First level after it.
        to: f64,
        /// Added difficulty, in levels.
        extra: f64,
    },
    /// Every level from `at` up is `extra` levels harder: the solve rate falls off a cliff.
    Cliff {
        /// The first level past the cliff.
        at: f64,
        /// Added difficulty, in levels.
        extra: f64,
    },
    /// After `after` groups, ability θ drops by `drop` at once (a bad update, a reset).
    Regression {
        /// Groups answered before the drop.
        after: u64,
        /// Ability lost.
        drop: f64,
    },
    /// A sharp cliff that moves with ability: the solve rate is `high` below level
    /// 5 + θ/scale and `low` from there on, so no single level holds a target between them.
    SharpCliff {
        /// Solve rate below the cliff.
        high: f64,
        /// Solve rate past it.
        low: f64,
    },
    /// A falling curve with a shallow local dip: the logit loses `depth`·exp(−((level − at) /
    /// width)²) more, so the rate dips near `at` and comes back up before falling on.
    MildDip {
        /// Level of the dip's bottom.
        at: f64,
        /// Logits lost at the bottom.
        depth: f64,
        /// Half-width of the dip, in levels.
        width: f64,
    },
    /// Ability rises by `by` evenly over `ramp` groups from group `up`, then falls back by as
    /// much over `ramp` groups from group `down`.
    RiseFall {
        /// First group of the rise.
        up: u64,
        /// First group of the fall.
        down: u64,
        /// Groups each ramp lasts.
        ramp: u64,
        /// Ability gained, then lost.
        by: f64,
    },
}

impl Shape {
    /// The difficulty a level really has for this shape.
    pub fn difficulty(self, level: f64) -> f64 {
        match self {
            Shape::Dip { from, to, extra } if (from..to).contains(&level) => level + extra,
            Shape::Cliff { at, extra } if level >= at => level + extra,
            _ => level,
        }
    }

    /// The learner's name in tables.
    pub fn name(self) -> &'static str {
        match self {
            Shape::Smooth => "irt",
            Shape::Dip { .. } => "dip",
            Shape::Cliff { .. } => "cliff",
            Shape::Regression { .. } => "regression",
            Shape::SharpCliff { .. } => "sharp_cliff",
            Shape::MildDip { .. } => "mild_dip",
            Shape::RiseFall { .. } => "rise_fall",
        }
    }

    /// The held-out shapes with their `simulate` defaults, by name.
    ///
    /// - `dip`: starts able to solve half of level 5.5; levels 3 to 5 are 4 levels harder, so
    ///   just below level 3 it solves 0.93 and at level 3 only 0.18, while level 5 is easier
    ///   (0.62) than any level from 3 to 5.
    /// - `cliff`: from level 4 on, problems are 3 levels harder; once the learner passes level 4
    ///   no level holds a 0.5 solve rate, and the best a controller can do is keep one side.
    /// - `regression`: the smooth learner loses 3 of ability at group 1,500, so the level that
    ///   holds 0.5 falls by 3 at once.
    /// - `sharp_cliff`, `mild_dip`, `rise_fall`: the second round, described in `heldout.rs`.
    pub fn held_out(name: &str) -> Option<IrtParams> {
        let base = IrtParams::default();
        let (theta, shape) = match name {
            "dip" => (
                0.5,
                Shape::Dip {
                    from: 3.0,
                    to: 5.0,
                    extra: 4.0,
                },
            ),
            "cliff" => (
                -3.0,
                Shape::Cliff {
                    at: 4.0,
                    extra: 3.0,
                },
            ),
            "regression" => (
                -3.0,
                Shape::Regression {
                    after: 1500,
                    drop: 3.0,
                },
            ),
            other => return super::heldout::by_name(other),
        };
        Some(IrtParams {
            theta,
            shape,
            ..base
        })
    }
}

impl Default for IrtParams {
    fn default() -> Self {
        IrtParams {
            theta: -3.0,
            scale: 1.0,
            learning_rate: 0.005,
            drift: -0.0002,
            noise: 0.02,
            shape: Shape::Smooth,
        }
    }
}

/// The item-response learner.
#[derive(Clone, Debug)]
pub struct ItemResponse {
    params: IrtParams,
    theta: f64,
    groups: u64,
    rng: ProblemRng,
    /// A separate stream for the drift, so one seed gives every controller the same drift path.
    drift_rng: ProblemRng,
}

impl ItemResponse {
    /// A learner with its own seeded random stream.
    pub fn new(params: IrtParams, seed: u64) -> Self {
        ItemResponse {
            theta: params.theta,
            groups: 0,
            rng: ProblemRng::new(derive_key("verigym/sim/irt", 1, seed), 0),
            drift_rng: ProblemRng::new(derive_key("verigym/sim/irt", 1, seed), 1),
            params,
        }
    }

    /// The solve probability at a level.
    pub fn p(&self, level: f64) -> f64 {
        let d = self.params.shape.difficulty(level);
        let mut logit = self.theta - self.params.scale * (d - 5.0);
        match self.params.shape {
            Shape::SharpCliff { high, low } => return if logit > 0.0 { high } else { low },
            Shape::MildDip { at, depth, width } => {
                logit -= depth * (-((level - at) / width).powi(2)).exp();
            }
            _ => {}
        }
        1.0 / (1.0 + (-logit).exp())
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
        self.groups += 1;
        match self.params.shape {
            Shape::Regression { after, drop } if self.groups == after => self.theta -= drop,
            Shape::RiseFall { up, down, ramp, by } => {
                let step = by / ramp.max(1) as f64;
                if (up..up.saturating_add(ramp)).contains(&self.groups) {
                    self.theta += step;
                }
                if (down..down.saturating_add(ramp)).contains(&self.groups) {
                    self.theta -= step;
                }
            }
            _ => {}
        }
        rewards
    }

    fn ideal_level(&self, target: f64) -> Option<f64> {
        if let Shape::MildDip { .. } = self.params.shape {
            // A target inside the dip's range is held at up to three levels; the right one is
            // the last, past the dip, where the smooth curve would put it.
            return super::heldout::highest_level_at(target, |level| self.p(level));
        }
        // Only where the curve is the smooth logistic one is there a single such level.
        let smooth = matches!(
            self.params.shape,
            Shape::Smooth | Shape::Regression { .. } | Shape::RiseFall { .. }
        );
        let logit = (target / (1.0 - target)).ln();
        smooth.then(|| 5.0 + (self.theta - logit) / self.params.scale)
    }

    fn skill(&self) -> f64 {
        self.theta
    }
}
