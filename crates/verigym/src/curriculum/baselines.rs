//! The baseline controllers, implemented exactly as their rules are published, for comparison:
//! fixed difficulty, uniform random difficulty, Reasoning Gym's hysteresis, RLVE's upper bound
//! and AdaRFT's tanh update. Their default knobs are documented on each params type.

use std::collections::VecDeque;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::controller::{Controller, Observation, unit};
use super::error::CurriculumError;
use super::state::{check_count, check_float};
use verigym_core::params::{LEVEL_MAX, LEVEL_MIN};
use verigym_core::rng::ProblemRng;

/// Fails unless a controller knob is finite and within [lo, hi]; the message names both.
pub(crate) fn check_knob(
    kind: &str,
    name: &str,
    v: f64,
    lo: f64,
    hi: f64,
) -> Result<(), CurriculumError> {
    if v.is_finite() && (lo..=hi).contains(&v) {
        Ok(())
    } else {
        Err(CurriculumError::config(format!(
            "{kind} controller `{name}` = {v}; allowed: {lo} to {hi}"
        )))
    }
}

/// Always the same level.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Fixed {
    /// The level.
    pub level: f64,
}

impl Controller for Fixed {
    fn choose(&mut self, _target: f64, _rng: &mut ProblemRng) -> f64 {
        self.level
    }

    fn observe(&mut self, _obs: Observation) {}

    fn level(&self) -> f64 {
        self.level
    }
}

/// A level drawn uniformly from [lo, hi] for every problem: "a pool of uniform difficulty".
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Uniform {
    /// Lowest level.
    pub lo: f64,
    /// Highest level.
    pub hi: f64,
}

impl Controller for Uniform {
    fn choose(&mut self, _target: f64, rng: &mut ProblemRng) -> f64 {
        self.lo + (self.hi - self.lo) * unit(rng)
    }

    fn observe(&mut self, _obs: Observation) {}

    fn level(&self) -> f64 {
        (self.lo + self.hi) / 2.0
    }
}

/// Knobs of the Reasoning Gym rule.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct ReasoningGymParams {
    /// Starting level.
    #[schemars(range(min = 0.0, max = 10.0))]
    pub start_level: f64,
    /// Levels moved per decision.
    #[schemars(range(min = 0.05, max = 10.0))]
    pub step: f64,
    /// The window: the last k samples (individual rewards, not groups).
    #[schemars(range(min = 1, max = 100000))]
    pub window: u32,
    /// Level up when the window's mean reward is above this.
    #[schemars(range(min = 0.0, max = 1.0))]
    pub up: f64,
    /// Level down when the window's mean reward is below this.
    #[schemars(range(min = 0.0, max = 1.0))]
    pub down: f64,
}

impl Default for ReasoningGymParams {
    fn default() -> Self {
        ReasoningGymParams {
            start_level: 2.0,
            step: 1.0,
            window: 64,
            up: 0.7,
            down: 0.3,
        }
    }
}

impl ReasoningGymParams {
    pub(crate) fn validate(&self) -> Result<(), CurriculumError> {
        let k = "reasoning_gym";
        check_knob(k, "start_level", self.start_level, LEVEL_MIN, LEVEL_MAX)?;
        check_knob(k, "step", self.step, 0.05, LEVEL_MAX)?;
        check_knob(k, "window", f64::from(self.window), 1.0, 100_000.0)?;
        check_knob(k, "down", self.down, 0.0, 1.0)?;
        check_knob(k, "up", self.up, self.down, 1.0)
    }
}

/// Reasoning Gym's rule: once the window of the last k samples is full, move up a step when its
/// mean is above `up`, down a step when below `down`, and clear the window after a move so the
/// next decision sees only samples from the new level.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReasoningGym {
    /// The knobs.
    pub params: ReasoningGymParams,
    /// The current level.
    pub level: f64,
    /// The last rewards, oldest first, at most `window` of them.
    pub recent: VecDeque<f64>,
}

impl ReasoningGym {
    /// At the start level with an empty window.
    pub fn new(params: ReasoningGymParams) -> Self {
        ReasoningGym {
            level: params.start_level,
            recent: VecDeque::new(),
            params,
        }
    }
}

impl ReasoningGym {
    pub(crate) fn check(&self, at: &str) -> Result<(), CurriculumError> {
        check_float(format!("{at}.level"), self.level, LEVEL_MIN, LEVEL_MAX)?;
        check_count(
            format!("{at}.recent"),
            self.recent.len() as u64,
            u64::from(self.params.window),
            "entries: the window",
        )?;
        for (i, &r) in self.recent.iter().enumerate() {
            check_float(format!("{at}.recent[{i}]"), r, 0.0, 1.0)?;
        }
        Ok(())
    }
}

impl Controller for ReasoningGym {
    fn choose(&mut self, _target: f64, _rng: &mut ProblemRng) -> f64 {
        self.level
    }

    fn observe(&mut self, obs: Observation) {
        // The group's rewards are not kept individually; for the window only their mean matters.
        let window = self.params.window as usize;
        for _ in 0..obs.n {
            if self.recent.len() == window {
                self.recent.pop_front();
            }
            self.recent.push_back(obs.rate());
        }
        if self.recent.len() < window {
            return;
        }
        let mean = self.recent.iter().sum::<f64>() / window as f64;
        let moved = if mean > self.params.up {
            self.level + self.params.step
        } else if mean < self.params.down {
            self.level - self.params.step
        } else {
            return;
        };
        self.level = moved.clamp(LEVEL_MIN, LEVEL_MAX);
        self.recent.clear();
    }

    fn level(&self) -> f64 {
        self.level
    }
}

/// Knobs of the RLVE rule.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct RlveParams {
    /// Spacing of the difficulty grid, in levels.
    #[schemars(range(min = 0.05, max = 10.0))]
    pub step: f64,
    /// Most grid points between the lower and upper bound (RLVE's sliding window).
    #[schemars(range(min = 1, max = 200))]
    pub window: u32,
    /// Raise the upper bound when accuracy at it is at least this.
    #[schemars(range(min = 0.0, max = 1.0))]
    pub threshold: f64,
    /// Samples at the upper bound per accuracy check.
    #[schemars(range(min = 1, max = 100000))]
    pub min_samples: u32,
}

impl Default for RlveParams {
    fn default() -> Self {
        RlveParams {
            step: 1.0,
            window: 4,
            threshold: 0.9,
            min_samples: 64,
        }
    }
}

impl RlveParams {
    pub(crate) fn validate(&self) -> Result<(), CurriculumError> {
        let k = "rlve";
        check_knob(k, "step", self.step, 0.05, LEVEL_MAX)?;
        check_knob(k, "window", f64::from(self.window), 1.0, 200.0)?;
        check_knob(k, "threshold", self.threshold, 0.0, 1.0)?;
        check_knob(
            k,
            "min_samples",
            f64::from(self.min_samples),
            1.0,
            100_000.0,
        )
    }
}

/// RLVE's rule: problems are drawn uniformly from the grid points in [lower, upper]; accuracy is
/// accumulated over samples drawn at the upper bound, and every `min_samples` such samples it is
/// checked: at least `threshold` raises the upper bound one step (the lower bound follows so at
/// most `window` points are live); either way the count restarts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Rlve {
    /// The knobs.
    pub params: RlveParams,
    /// The lowest live grid point, as an index (level = index · step).
    pub lower: u32,
    /// The highest live grid point, as an index.
    pub upper: u32,
    /// Rewards summed over samples at the upper bound since the last check.
    pub solved: f64,
    /// Samples at the upper bound since the last check.
    pub samples: u32,
}

impl Rlve {
    /// Starting with the easiest level only.
    pub fn new(params: RlveParams) -> Self {
        Rlve {
            params,
            lower: 0,
            upper: 0,
            solved: 0.0,
            samples: 0,
        }
    }

    fn top(&self) -> u32 {
        (LEVEL_MAX / self.params.step).floor() as u32
    }
}

impl Rlve {
    pub(crate) fn check(&self, at: &str) -> Result<(), CurriculumError> {
        let top = self.top();
        check_count(
            format!("{at}.upper"),
            self.upper.into(),
            top.into(),
            "the top grid point",
        )?;
        check_count(
            format!("{at}.lower"),
            self.lower.into(),
            self.upper.into(),
            "`upper`",
        )?;
        check_count(
            format!("{at}.upper − lower + 1"),
            u64::from(self.upper - self.lower + 1),
            self.params.window.into(),
            "live grid points: the window",
        )?;
        check_count(
            format!("{at}.samples"),
            self.samples.into(),
            u64::from(self.params.min_samples.saturating_sub(1)),
            "a check runs once `min_samples` are in",
        )?;
        check_float(
            format!("{at}.solved"),
            self.solved,
            0.0,
            f64::from(self.samples),
        )
    }
}

impl Controller for Rlve {
    fn choose(&mut self, _target: f64, rng: &mut ProblemRng) -> f64 {
        let i = rng.in_range(u64::from(self.lower), u64::from(self.upper));
        i as f64 * self.params.step
    }

    fn observe(&mut self, obs: Observation) {
        let at_upper = (obs.level - f64::from(self.upper) * self.params.step).abs() < 1e-9;
        if !at_upper {
            return;
        }
        self.solved += obs.solved;
        self.samples += obs.n;
        if self.samples < self.params.min_samples {
            return;
        }
        if self.solved / f64::from(self.samples) >= self.params.threshold && self.upper < self.top()
        {
            self.upper += 1;
            self.lower = self
                .lower
                .max((self.upper + 1).saturating_sub(self.params.window));
        }
        self.solved = 0.0;
        self.samples = 0;
    }

    fn level(&self) -> f64 {
        f64::from(self.upper) * self.params.step
    }
}

/// Knobs of the AdaRFT rule.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct AdaRftParams {
    /// Starting level T.
    #[schemars(range(min = 0.0, max = 10.0))]
    pub start_level: f64,
    /// Step size η, in levels. The paper's η = 50 is on a 0–100 scale with large batches; ours
    /// is 0–10 with small batches, hence 0.5.
    #[schemars(range(min = 0.0, max = 10.0))]
    pub eta: f64,
    /// Sensitivity α.
    #[schemars(range(min = 0.0, max = 100.0))]
    pub alpha: f64,
    /// Groups per update (R_avg is their mean reward).
    #[schemars(range(min = 1, max = 100000))]
    pub batch: u32,
}

impl Default for AdaRftParams {
    fn default() -> Self {
        AdaRftParams {
            start_level: 2.0,
            eta: 0.5,
            alpha: 2.0,
            batch: 16,
        }
    }
}

impl AdaRftParams {
    pub(crate) fn validate(&self) -> Result<(), CurriculumError> {
        let k = "ada_rft";
        check_knob(k, "start_level", self.start_level, LEVEL_MIN, LEVEL_MAX)?;
        check_knob(k, "eta", self.eta, 0.0, LEVEL_MAX)?;
        check_knob(k, "alpha", self.alpha, 0.0, 100.0)?;
        check_knob(k, "batch", f64::from(self.batch), 1.0, 100_000.0)
    }
}

/// AdaRFT's rule: after every `batch` groups, `T ← T + η·tanh(α·(R_avg − β))` with β the target
/// rate, and problems are issued at T.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AdaRft {
    /// The knobs.
    pub params: AdaRftParams,
    /// The current target difficulty T.
    pub level: f64,
    /// Sum of group mean rewards since the last update.
    pub reward_sum: f64,
    /// Sum of the targets those groups were issued for (β).
    pub target_sum: f64,
    /// Groups since the last update.
    pub groups: u32,
}

impl AdaRft {
    /// At the start level.
    pub fn new(params: AdaRftParams) -> Self {
        AdaRft {
            level: params.start_level,
            params,
            reward_sum: 0.0,
            target_sum: 0.0,
            groups: 0,
        }
    }
}

impl AdaRft {
    pub(crate) fn check(&self, at: &str) -> Result<(), CurriculumError> {
        check_float(format!("{at}.level"), self.level, LEVEL_MIN, LEVEL_MAX)?;
        check_count(
            format!("{at}.groups"),
            self.groups.into(),
            u64::from(self.params.batch.saturating_sub(1)),
            "an update runs once `batch` groups are in",
        )?;
        let groups = f64::from(self.groups);
        check_float(format!("{at}.reward_sum"), self.reward_sum, 0.0, groups)?;
        check_float(format!("{at}.target_sum"), self.target_sum, 0.0, groups)
    }
}

impl Controller for AdaRft {
    fn choose(&mut self, _target: f64, _rng: &mut ProblemRng) -> f64 {
        self.level
    }

    fn observe(&mut self, obs: Observation) {
        self.reward_sum += obs.rate();
        self.target_sum += obs.target;
        self.groups += 1;
        if self.groups < self.params.batch {
            return;
        }
        let n = f64::from(self.groups);
        let (avg, beta) = (self.reward_sum / n, self.target_sum / n);
        self.level = (self.level + self.params.eta * (self.params.alpha * (avg - beta)).tanh())
            .clamp(LEVEL_MIN, LEVEL_MAX);
        self.reward_sum = 0.0;
        self.target_sum = 0.0;
        self.groups = 0;
    }

    fn level(&self) -> f64 {
        self.level
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn obs(level: f64, solved: f64, n: u32) -> Observation {
        Observation {
            level,
            target: 0.5,
            solved,
            n,
        }
    }

    #[test]
    fn fixed_and_uniform() {
        let mut rng = ProblemRng::from_test_seed(1);
        let mut f = Fixed { level: 3.0 };
        assert_eq!(f.choose(0.5, &mut rng), 3.0);
        let mut u = Uniform { lo: 2.0, hi: 4.0 };
        for _ in 0..200 {
            assert!((2.0..4.0).contains(&u.choose(0.5, &mut rng)));
        }
    }

    #[test]
    fn reasoning_gym_moves_only_on_a_full_window_past_a_threshold() {
        let mut rg = ReasoningGym::new(ReasoningGymParams {
            window: 16,
            ..Default::default()
        });
        rg.observe(obs(2.0, 8.0, 8)); // 8 of 16 samples: no decision yet
        assert_eq!(rg.level, 2.0);
        rg.observe(obs(2.0, 6.0, 8)); // window mean 14/16 = 0.875 > 0.7
        assert_eq!(rg.level, 3.0);
        assert!(rg.recent.is_empty());
        rg.observe(obs(3.0, 4.0, 8));
        rg.observe(obs(3.0, 4.0, 8)); // 0.5: stay, keep sliding
        assert_eq!(rg.level, 3.0);
        rg.observe(obs(3.0, 0.0, 8)); // last 16: 4/16 = 0.25 < 0.3
        assert_eq!(rg.level, 2.0);
        // Exactly at a threshold does not move: the rule is strict.
        rg.observe(obs(2.0, 5.6, 8));
        rg.observe(obs(2.0, 5.6, 8));
        assert_eq!(rg.level, 2.0);
    }

    #[test]
    fn rlve_raises_the_bound_at_ninety_percent_and_slides_the_window() {
        let mut r = Rlve::new(RlveParams {
            min_samples: 16,
            window: 2,
            ..Default::default()
        });
        r.observe(obs(0.0, 8.0, 8));
        r.observe(obs(0.0, 6.0, 8)); // 14/16 = 0.875 < 0.9: stay, restart count
        assert_eq!((r.lower, r.upper, r.samples), (0, 0, 0));
        r.observe(obs(0.0, 8.0, 8));
        r.observe(obs(0.0, 7.0, 8)); // 15/16 ≥ 0.9
        assert_eq!((r.lower, r.upper), (0, 1));
        r.observe(obs(0.0, 8.0, 8)); // below the upper bound: ignored
        assert_eq!(r.samples, 0);
        r.observe(obs(1.0, 16.0, 16));
        assert_eq!((r.lower, r.upper), (1, 2));
        let mut rng = ProblemRng::from_test_seed(3);
        for _ in 0..50 {
            let l = r.choose(0.5, &mut rng);
            assert!(l == 1.0 || l == 2.0, "{l}");
        }
    }

    #[test]
    fn ada_rft_applies_the_tanh_update_per_batch() {
        let mut a = AdaRft::new(AdaRftParams {
            batch: 2,
            ..Default::default()
        });
        a.observe(obs(2.0, 8.0, 8));
        assert_eq!(a.level, 2.0);
        a.observe(obs(2.0, 4.0, 8)); // R_avg = 0.75
        let expected = 2.0 + 0.5 * (2.0f64 * 0.25).tanh();
        assert!((a.level - expected).abs() < 1e-12);
        assert_eq!(a.groups, 0);
    }
}
