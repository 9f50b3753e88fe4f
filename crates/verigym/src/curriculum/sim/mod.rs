//! Simulated learners and the runner that pits a controller against one. Simulations for testing
//! and research: they reproduce the shape of the lecture's findings, not any real model.

mod heldout;
mod irt;
pub mod plot;
pub mod presets;
mod world;

use rayon::prelude::*;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use self::irt::{IrtParams, ItemResponse, Shape};
pub use self::world::{ReasoningWorld, VerifierKind, WorldParams, ops_of};
use super::Curriculum;
use super::config::{ControllerConfig, CurriculumConfig, Target};
use super::controller::unit;
use super::error::CurriculumError;
use verigym_core::params::{LEVEL_MAX, LEVEL_MIN};
use verigym_core::record::Problem;
use verigym_core::rng::ProblemRng;

/// A simulated learner: answers a problem with a group of rewards, and learns from it.
pub trait Learner {
    /// The rewards of `group` attempts at `problem`; the learner updates itself from them.
    fn answer(&mut self, problem: &Problem, group: u32) -> Vec<f64>;
    /// The learner's skill: θ for the item-response learner, held-out accuracy for the world.
    fn skill(&self) -> f64;
    /// The level at which it now solves `target` of its problems, where that is one level.
    fn ideal_level(&self, _target: f64) -> Option<f64> {
        None
    }
}

/// Which learner to simulate.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum LearnerConfig {
    /// The drifting item-response learner.
    Irt(IrtParams),
    /// The modarith reasoning-world learner.
    World(WorldParams),
}

impl LearnerConfig {
    /// Every learner name `by_name` knows, the two trained-on learners first.
    pub const NAMES: [&'static str; 8] = [
        "irt",
        "world",
        "dip",
        "cliff",
        "regression",
        "sharp_cliff",
        "mild_dip",
        "rise_fall",
    ];

    /// The learner with default knobs for a name: `irt`, `world`, or one of the held-out
    /// item-response shapes `dip`, `cliff`, `regression`, `sharp_cliff`, `mild_dip` and
    /// `rise_fall` (see [`Shape::held_out`]).
    pub fn by_name(name: &str) -> Option<Self> {
        match name {
            "irt" => Some(LearnerConfig::Irt(IrtParams::default())),
            "world" => Some(LearnerConfig::World(WorldParams::default())),
            other => Shape::held_out(other).map(LearnerConfig::Irt),
        }
    }

    /// The name, as in tables.
    pub fn name(&self) -> &'static str {
        match self {
            LearnerConfig::Irt(p) => p.shape.name(),
            LearnerConfig::World(_) => "world",
        }
    }

    /// A fresh learner.
    pub fn build(&self, seed: u64) -> Box<dyn Learner> {
        match self {
            LearnerConfig::Irt(p) => Box::new(ItemResponse::new(p.clone(), seed)),
            LearnerConfig::World(p) => Box::new(ReasoningWorld::new(p.clone(), seed)),
        }
    }
}

/// One simulation: a controller on `modarith` against a learner for a budget of groups.
#[derive(Clone, Debug, PartialEq)]
pub struct SimConfig {
    /// The controller.
    pub controller: ControllerConfig,
    /// The learner.
    pub learner: LearnerConfig,
    /// The target solve rate.
    pub target: Target,
    /// Seed of the curriculum and of the learner.
    pub seed: u64,
    /// The budget, in groups.
    pub groups: u64,
    /// Answers per group (G).
    pub group_size: u32,
    /// Problems per `next` call; their feedback arrives after the whole batch is issued.
    pub batch: u32,
    /// Groups ignored by the tracking metric.
    pub warmup: u64,
    /// Width of the tracking metric's sliding window, in groups.
    pub window: u64,
    /// Groups per trace point.
    pub trace_every: u64,
}

impl Default for SimConfig {
    fn default() -> Self {
        SimConfig {
            controller: ControllerConfig::default(),
            learner: LearnerConfig::Irt(IrtParams::default()),
            target: Target::default(),
            seed: 0,
            groups: 3000,
            group_size: 8,
            batch: 16,
            warmup: 300,
            window: 200,
            trace_every: 50,
        }
    }
}

/// One point of a simulation's trace.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TracePoint {
    /// Groups so far.
    pub groups: u64,
    /// Samples so far.
    pub samples: u64,
    /// Mean reward over the groups since the previous point.
    pub solve_rate: f64,
    /// Mean level over those groups.
    pub level: f64,
    /// The learner's skill now.
    pub skill: f64,
    /// The level at which the learner now solves the target rate, where there is one.
    pub ideal_level: Option<f64>,
}

/// The figures of one simulation.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// The controller's name.
    pub controller: String,
    /// The learner's name.
    pub learner: String,
    /// The seed.
    pub seed: u64,
    /// Samples used.
    pub samples: u64,
    /// Mean reward over the run.
    pub solve_rate: f64,
    /// Fraction of groups whose rewards were all equal.
    pub zero_variance: f64,
    /// Samples in groups with some variance.
    pub effective_samples: u64,
    /// Skill before training.
    pub initial_skill: f64,
    /// Skill after the budget.
    pub final_skill: f64,
    /// Largest |window mean − target| over every sliding window after the warm-up.
    pub max_window_error: f64,
    /// Fraction of those windows within ±0.05 of the target.
    pub windows_within: f64,
    /// Mean |window mean − target| over the same windows.
    pub mean_window_error: f64,
    /// After a change of the learner's ability: how far the mean level of a batch went past the
    /// level where the learner solves the target, in the direction of the change (0 when it
    /// never did). After a rise and a fall, the larger of the two. None for learners whose
    /// ability does not change at once.
    pub overshoot: Option<f64>,
}

/// A simulation's summary and trace.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SimReport {
    /// The figures.
    pub summary: Summary,
    /// The trace, one point per `trace_every` groups.
    pub trace: Vec<TracePoint>,
    /// The target's centre.
    pub target: f64,
}

/// Runs one simulation.
pub fn simulate(cfg: &SimConfig) -> Result<SimReport, CurriculumError> {
    let mut curriculum = Curriculum::new(CurriculumConfig {
        target: cfg.target,
        controller: cfg.controller.clone(),
        ..CurriculumConfig::single("modarith", cfg.seed)
    })?;
    let mut learner = cfg.learner.build(cfg.seed);
    let initial_skill = learner.skill();
    let mut rates = Vec::with_capacity(cfg.groups as usize);
    // (level issued, the learner's ideal level then), per group, for the overshoot metric.
    let mut levels = Vec::with_capacity(cfg.groups as usize);
    let mut trace = Vec::new();
    let (mut zero, mut effective, mut level_sum) = (0u64, 0u64, 0.0);
    let group = cfg.group_size.max(1);
    while (rates.len() as u64) < cfg.groups {
        let n = (cfg.groups - rates.len() as u64).min(u64::from(cfg.batch.max(1)));
        for problem in curriculum.next(n as usize)? {
            let rewards = learner.answer(&problem, group);
            curriculum.record(&problem.id, &rewards)?;
            if rewards.iter().all(|&r| r == rewards[0]) {
                zero += 1;
            } else {
                effective += u64::from(group);
            }
            rates.push(rewards.iter().sum::<f64>() / f64::from(group));
            levels.push((
                problem.meta.level.unwrap_or(0.0),
                learner.ideal_level(cfg.target.centre()),
            ));
            level_sum += problem.meta.level.unwrap_or(0.0);
            let done = rates.len() as u64;
            if done.is_multiple_of(cfg.trace_every.max(1)) {
                let since = &rates[rates.len() - cfg.trace_every.max(1) as usize..];
                trace.push(TracePoint {
                    groups: done,
                    samples: done * u64::from(group),
                    solve_rate: since.iter().sum::<f64>() / since.len() as f64,
                    level: level_sum / since.len() as f64,
                    skill: learner.skill(),
                    ideal_level: learner.ideal_level(cfg.target.centre()),
                });
                level_sum = 0.0;
            }
        }
    }
    let target = cfg.target.centre();
    let (max_window_error, windows_within) = tracking(&rates, target, cfg.warmup, cfg.window);
    let mean_window_error = mean_window_error(&rates, target, cfg.warmup, cfg.window);
    let groups = rates.len().max(1) as f64;
    Ok(SimReport {
        summary: Summary {
            controller: cfg.controller.name().to_owned(),
            learner: cfg.learner.name().to_owned(),
            seed: cfg.seed,
            samples: rates.len() as u64 * u64::from(group),
            solve_rate: rates.iter().sum::<f64>() / groups,
            zero_variance: zero as f64 / groups,
            effective_samples: effective,
            initial_skill,
            final_skill: learner.skill(),
            max_window_error,
            windows_within,
            mean_window_error,
            overshoot: overshoot(&cfg.learner, &levels, u64::from(cfg.batch.max(1))),
        },
        trace,
        target,
    })
}

/// The overshoot after a change of ability: the largest amount by which the mean level of a batch
/// of groups went past the learner's ideal level (where it solves the target rate, clamped to the
/// level range), in the direction of the change, over the batches answered after it. After a
/// sudden regression that is below the ideal level; after a rise, above it until the fall
/// begins, and after the fall below it. `levels` holds (level issued, ideal level after
/// answering) per group.
pub fn overshoot(
    learner: &LearnerConfig,
    levels: &[(f64, Option<f64>)],
    batch: u64,
) -> Option<f64> {
    let LearnerConfig::Irt(IrtParams { shape, .. }) = learner else {
        return None;
    };
    // (first group, end group, +1 for a rise, −1 for a fall) of each period after a change.
    let periods: Vec<(u64, u64, f64)> = match *shape {
        Shape::Regression { after, .. } => vec![(after, u64::MAX, -1.0)],
        Shape::RiseFall { up, down, .. } => vec![(up, down, 1.0), (down, u64::MAX, -1.0)],
        _ => return None,
    };
    let index = |g: u64| usize::try_from(g).unwrap_or(usize::MAX).min(levels.len());
    let worst = periods
        .into_iter()
        .flat_map(|(from, to, sign)| {
            levels[index(from)..index(to).max(index(from))]
                .chunks(usize::try_from(batch).unwrap_or(1))
                .filter_map(move |chunk| {
                    let ideal = chunk.last()?.1?.clamp(LEVEL_MIN, LEVEL_MAX);
                    let mean = chunk.iter().map(|(l, _)| l).sum::<f64>() / chunk.len() as f64;
                    Some(sign * (mean - ideal))
                })
        })
        .fold(0.0f64, f64::max);
    Some(worst)
}

/// (max |window mean − target|, fraction of windows within ±0.05) over sliding windows of
/// `window` groups starting after `warmup`. (NaN, NaN) when there is no full window.
pub fn tracking(rates: &[f64], target: f64, warmup: u64, window: u64) -> (f64, f64) {
    let (start, w) = (warmup as usize, window.max(1) as usize);
    if rates.len() < start + w {
        return (f64::NAN, f64::NAN);
    }
    let mut sum: f64 = rates[start..start + w].iter().sum();
    let (mut worst, mut within, mut count) = (0.0f64, 0u64, 0u64);
    for i in start + w..=rates.len() {
        let err = (sum / w as f64 - target).abs();
        worst = worst.max(err);
        within += u64::from(err <= 0.05 + 1e-9);
        count += 1;
        if i < rates.len() {
            sum += rates[i] - rates[i - w];
        }
    }
    (worst, within as f64 / count as f64)
}

/// Mean |window mean − target| over the sliding windows `tracking` reads; NaN when there is no
/// full window.
pub fn mean_window_error(rates: &[f64], target: f64, warmup: u64, window: u64) -> f64 {
    let (start, w) = (warmup as usize, window.max(1) as usize);
    if rates.len() < start + w {
        return f64::NAN;
    }
    let mut sum: f64 = rates[start..start + w].iter().sum();
    let (mut total, mut count) = (0.0, 0u64);
    for i in start + w..=rates.len() {
        total += (sum / w as f64 - target).abs();
        count += 1;
        if i < rates.len() {
            sum += rates[i] - rates[i - w];
        }
    }
    total / count as f64
}

/// Every (controller, learner, seed) combination, run in parallel, in a stable order.
pub fn compare(
    controllers: &[ControllerConfig],
    learners: &[LearnerConfig],
    seeds: &[u64],
    base: &SimConfig,
) -> Result<Vec<Summary>, CurriculumError> {
    let mut runs = Vec::new();
    for learner in learners {
        for controller in controllers {
            for &seed in seeds {
                runs.push(SimConfig {
                    controller: controller.clone(),
                    learner: learner.clone(),
                    seed,
                    ..base.clone()
                });
            }
        }
    }
    runs.par_iter()
        .map(|cfg| simulate(cfg).map(|r| r.summary))
        .collect()
}

/// A Markdown table of summaries: one row per (learner, controller), mean ± sd over seeds.
pub fn table(summaries: &[Summary]) -> String {
    let mut keys: Vec<(String, String)> = Vec::new();
    for s in summaries {
        let key = (s.learner.clone(), s.controller.clone());
        if !keys.contains(&key) {
            keys.push(key);
        }
    }
    let mut out = String::from(
        "| learner | controller | seeds | solve rate | zero-variance groups | effective samples | final skill | mean window error | max window error | windows within ±0.05 | overshoot after a change |\n|---|---|---|---|---|---|---|---|---|---|---|\n",
    );
    for (learner, controller) in keys {
        let rows: Vec<&Summary> = summaries
            .iter()
            .filter(|s| s.learner == learner && s.controller == controller)
            .collect();
        let col = |f: fn(&Summary) -> f64, digits: usize| {
            let (m, sd) = mean_sd(rows.iter().map(|s| f(s)));
            format!("{m:.digits$} ± {sd:.digits$}")
        };
        let overshoot: Vec<f64> = rows.iter().filter_map(|s| s.overshoot).collect();
        let overshoot = if overshoot.is_empty() {
            "–".to_owned()
        } else {
            let (m, sd) = mean_sd(overshoot.iter().copied());
            let max = overshoot.iter().copied().fold(0.0f64, f64::max);
            format!("{m:.2} ± {sd:.2} (max {max:.2})")
        };
        out.push_str(&format!(
            "| {learner} | {controller} | {} | {} | {} | {} | {} | {} | {} | {} | {overshoot} |\n",
            rows.len(),
            col(|s| s.solve_rate, 3),
            col(|s| s.zero_variance, 3),
            col(|s| s.effective_samples as f64, 0),
            col(|s| s.final_skill, 3),
            col(|s| s.mean_window_error, 3),
            col(|s| s.max_window_error, 3),
            col(|s| s.windows_within, 2),
        ));
    }
    out
}

/// A Markdown table pairing every controller's final skill with `reference`'s on the same learner
/// and seed (same learner noise), as mean ± sd of the difference and the seeds `reference` won.
pub fn paired(summaries: &[Summary], reference: &str) -> String {
    let mut out = format!(
        "| learner | controller | final skill − {reference}'s, same seed | seeds {reference} is ahead |\n|---|---|---|---|\n"
    );
    let mut keys: Vec<(&str, &str)> = Vec::new();
    for s in summaries {
        if s.controller != reference && !keys.contains(&(&s.learner, &s.controller)) {
            keys.push((&s.learner, &s.controller));
        }
    }
    for (learner, controller) in keys {
        let diffs: Vec<f64> = summaries
            .iter()
            .filter(|s| s.learner == learner && s.controller == controller)
            .filter_map(|s| {
                summaries
                    .iter()
                    .find(|r| r.learner == learner && r.controller == reference && r.seed == s.seed)
                    .map(|r| s.final_skill - r.final_skill)
            })
            .collect();
        let ahead = diffs.iter().filter(|&&d| d < 0.0).count();
        let (m, sd) = mean_sd(diffs.iter().copied());
        out.push_str(&format!(
            "| {learner} | {controller} | {m:+.3} ± {sd:.3} | {ahead} of {} |\n",
            diffs.len()
        ));
    }
    out
}

/// Mean and sample standard deviation (0 for one value).
pub fn mean_sd(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let v: Vec<f64> = values.collect();
    let n = v.len().max(1) as f64;
    let mean = v.iter().sum::<f64>() / n;
    let var = if v.len() > 1 {
        v.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)
    } else {
        0.0
    };
    (mean, var.sqrt())
}

/// The reward variance of a group, c(G−c)/G² for 0/1 rewards: zero when all agree.
pub fn group_variance(rewards: &[f64]) -> f64 {
    let n = rewards.len() as f64;
    if n == 0.0 {
        return 0.0;
    }
    let mean = rewards.iter().sum::<f64>() / n;
    rewards.iter().map(|r| (r - mean).powi(2)).sum::<f64>() / n
}

/// A standard normal draw (Box–Muller).
pub fn gaussian(rng: &mut ProblemRng) -> f64 {
    let u1 = 1.0 - unit(rng);
    let u2 = unit(rng);
    (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tracking_windows() {
        let rates = vec![0.0, 0.0, 0.5, 0.5, 0.6, 0.4];
        let (worst, within) = tracking(&rates, 0.5, 2, 2);
        assert!((worst - 0.05).abs() < 1e-12);
        assert_eq!(within, 1.0);
        assert!(tracking(&rates, 0.5, 5, 2).0.is_nan());
        // Windows from group 2: means 0.5, 0.55, 0.5.
        let mean = mean_window_error(&rates, 0.5, 2, 2);
        assert!((mean - 0.05 / 3.0).abs() < 1e-12, "{mean}");
        assert!(mean_window_error(&rates, 0.5, 5, 2).is_nan());
    }

    #[test]
    fn variance_of_groups() {
        assert_eq!(group_variance(&[1.0; 8]), 0.0);
        assert_eq!(group_variance(&[1.0, 0.0]), 0.25);
        assert_eq!(group_variance(&[]), 0.0);
    }
}
