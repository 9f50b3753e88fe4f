//! A simulated learner for the `modarith` reasoning world of the lecture (004 §0.4, §2.3–2.4):
//! a per-operation accuracy and a horizon H beyond which steps fail more often. One wrong step
//! makes the answer wrong. It reads the actual chain of each record (`data.steps`).
//!
//! Learning is a caricature of GRPO: a group teaches in proportion to its reward variance, each
//! operation of the chain gains accuracy (in logits), and chains reaching the horizon push it
//! out. A "lazy" answer (well formatted, not an attempt) is always wrong; under an honest
//! verifier it scores 0, under a format-only verifier 1, and its propensity follows the policy
//! gradient of the group's advantages. A simulation for testing and research, not a model.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::Learner;
use crate::curriculum::controller::unit;
use crate::envs::modarith::Op;
use crate::registry;
use verigym_core::record::Problem;
use verigym_core::rng::{ProblemRng, derive_key};

/// Which verifier judges the learner's answers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum VerifierKind {
    /// Right answers score 1, everything else 0.
    #[default]
    Honest,
    /// Also gives 1 to any well-formatted answer: lazy answers pay.
    FormatOnly,
}

/// Knobs of the reasoning-world learner.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct WorldParams {
    /// Starting accuracy per operation, in the order add, sub, mul, div, neg, square, cube, recip.
    pub accuracy: [f64; 8],
    /// Starting horizon H: steps past H fail more often.
    pub horizon: f64,
    /// Each step past the horizon has its accuracy multiplied by this (steps across a fractional
    /// horizon by a fractional power).
    pub beyond: f64,
    /// Logits gained by an operation per group, times reward variance, per occurrence / chain length.
    pub learning_rate: f64,
    /// Horizon gained per group whose chain reaches it, times its reward variance.
    pub horizon_rate: f64,
    /// Starting probability of a lazy answer.
    pub lazy: f64,
    /// Policy-gradient step on the lazy propensity's logit.
    pub lazy_rate: f64,
    /// The verifier.
    pub verifier: VerifierKind,
}

impl Default for WorldParams {
    fn default() -> Self {
        WorldParams {
            accuracy: [0.97, 0.96, 0.93, 0.85, 0.98, 0.9, 0.85, 0.8],
            horizon: 6.0,
            beyond: 0.9,
            learning_rate: 0.08,
            horizon_rate: 0.016,
            lazy: 0.0,
            lazy_rate: 0.5,
            verifier: VerifierKind::Honest,
        }
    }
}

/// The reasoning-world learner.
#[derive(Clone, Debug)]
pub struct ReasoningWorld {
    params: WorldParams,
    logits: [f64; 8],
    horizon: f64,
    lazy_logit: f64,
    rng: ProblemRng,
    test: Vec<Vec<Op>>,
}

/// The held-out problems skill is measured on: one `modarith` problem per level 0, 0.1, …, 10.
fn test_set() -> Vec<Vec<Op>> {
    let env = registry::find("modarith").expect("modarith is registered");
    (0..=100u32)
        .map(|i| {
            let level = f64::from(i) / 10.0;
            let g = env
                .generator(Some(level), &Map::new(), 0x7e57)
                .expect("every level is valid");
            ops_of(&g.record(u64::from(i)).data).unwrap_or_default()
        })
        .collect()
}

/// The operations of a `modarith` record's chain, or `None` for other records.
pub fn ops_of(data: &Value) -> Option<Vec<Op>> {
    data.get("steps")?
        .as_array()?
        .iter()
        .map(|s| serde_json::from_value(s.get("op")?.clone()).ok())
        .collect()
}

fn op_index(op: Op) -> usize {
    Op::ALL.iter().position(|&o| o == op).unwrap_or(0)
}

fn logit(p: f64) -> f64 {
    (p / (1.0 - p)).ln()
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

impl ReasoningWorld {
    /// A learner with its own seeded random stream.
    pub fn new(params: WorldParams, seed: u64) -> Self {
        ReasoningWorld {
            logits: params.accuracy.map(logit),
            horizon: params.horizon,
            lazy_logit: logit(params.lazy.clamp(1e-9, 1.0 - 1e-9)),
            rng: ProblemRng::new(derive_key("verigym/sim/world", 1, seed), 0),
            test: test_set(),
            params,
        }
    }

    /// The probability that an honest attempt at this chain is right.
    pub fn p(&self, ops: &[Op]) -> f64 {
        let mut p = 1.0;
        for (j, &op) in ops.iter().enumerate() {
            let past = (j as f64 + 1.0 - self.horizon).clamp(0.0, 1.0);
            p *= sigmoid(self.logits[op_index(op)]) * self.params.beyond.powf(past);
        }
        p
    }

    /// The probability of a lazy answer.
    pub fn lazy(&self) -> f64 {
        sigmoid(self.lazy_logit)
    }

    /// The current horizon.
    pub fn horizon(&self) -> f64 {
        self.horizon
    }

    /// True accuracy on a set of chains: lazy answers are always wrong.
    pub fn accuracy_on(&self, chains: &[Vec<Op>]) -> f64 {
        let honest = 1.0 - self.lazy();
        chains.iter().map(|c| honest * self.p(c)).sum::<f64>() / chains.len().max(1) as f64
    }

    /// Answers a chain with `group` attempts and learns from the group; returns the rewards and
    /// the true correctness of each answer.
    pub fn attempt(&mut self, ops: &[Op], group: u32) -> (Vec<f64>, Vec<bool>) {
        let p = self.p(ops);
        let q = self.lazy();
        let mut rewards = Vec::with_capacity(group as usize);
        let mut correct = Vec::with_capacity(group as usize);
        let mut lazy = Vec::with_capacity(group as usize);
        for _ in 0..group {
            let is_lazy = unit(&mut self.rng) < q;
            let right = !is_lazy && unit(&mut self.rng) < p;
            let reward = match (is_lazy, self.params.verifier) {
                (true, VerifierKind::FormatOnly) => 1.0,
                _ => f64::from(u8::from(right)),
            };
            rewards.push(reward);
            correct.push(right);
            lazy.push(is_lazy);
        }
        self.learn(ops, &rewards, &correct, &lazy, q);
        (rewards, correct)
    }

    fn learn(&mut self, ops: &[Op], rewards: &[f64], correct: &[bool], lazy: &[bool], q: f64) {
        let g = rewards.len() as f64;
        if g == 0.0 {
            return;
        }
        // Skill learns from honest attempts only: their right/wrong spread is the signal.
        let tried = lazy.iter().filter(|&&l| !l).count() as f64;
        let right = correct.iter().filter(|&&c| c).count() as f64;
        let v = if tried > 0.0 {
            right * (tried - right) / (tried * g)
        } else {
            0.0
        };
        if v > 0.0 && !ops.is_empty() {
            let k = ops.len() as f64;
            for &op in ops {
                let l = &mut self.logits[op_index(op)];
                *l = (*l + self.params.learning_rate * v / k).min(7.0);
            }
            if k >= self.horizon {
                self.horizon += self.params.horizon_rate * v;
            }
        }
        let mean = rewards.iter().sum::<f64>() / g;
        let grad: f64 = rewards
            .iter()
            .zip(lazy)
            .map(|(r, &l)| (r - mean) * (f64::from(u8::from(l)) - q))
            .sum::<f64>()
            / g;
        self.lazy_logit = (self.lazy_logit + self.params.lazy_rate * grad).clamp(-20.0, 20.0);
    }
}

impl Learner for ReasoningWorld {
    /// Records of other envs have no `data.steps`: they count as an empty chain, always right.
    fn answer(&mut self, problem: &Problem, group: u32) -> Vec<f64> {
        let ops = ops_of(&problem.data).unwrap_or_default();
        self.attempt(&ops, group).0
    }

    fn skill(&self) -> f64 {
        self.accuracy_on(&self.test)
    }
}
