//! Reproductions of the lecture's reasoning-world demos (004 §2.3–2.4) with our learner and our
//! `modarith` env. Same shape, not the same numbers: the lecture does not give all its constants.
//! The constants used are [`WorldParams::default`], G = 8, and those named below.

use std::fmt::Write;

use serde_json::Map;

use super::{ReasoningWorld, SimConfig, VerifierKind, WorldParams, compare, ops_of, table};
use crate::curriculum::config::ControllerConfig;
use crate::curriculum::error::CurriculumError;
use crate::envs::modarith::Op;
use crate::registry;
use verigym_core::rng::{ProblemRng, derive_key};

/// The group size of every demo.
pub const GROUP: u32 = 8;
/// The sample budget of the filter and format demos, as in the lecture.
pub const BUDGET: u64 = 150_000;
/// Problems in the training pool of the filter and format demos, levels spread evenly on [0, 10].
pub const POOL: u32 = 2000;

/// The learner of the filter and format demos: [`WorldParams::default`] learning 20× slower, so
/// that 150,000 samples move it about as far as the lecture's (0.30 → 0.42 here, 0.33 there), and with
/// a lazy-answer step chosen so that laziness takes over late, as in the lecture.
pub fn demo_learner() -> WorldParams {
    let base = WorldParams::default();
    WorldParams {
        learning_rate: base.learning_rate / LEARN_SLOWDOWN,
        horizon_rate: base.horizon_rate / LEARN_SLOWDOWN,
        lazy_rate: LAZY_RATE,
        ..base
    }
}

/// How much slower the demo learner learns than the default one.
pub const LEARN_SLOWDOWN: f64 = 20.0;
/// The demo learner's policy-gradient step on the lazy propensity.
pub const LAZY_RATE: f64 = 0.013;

/// One of the lecture's demos.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preset {
    /// Chance of an all-right or all-wrong group of 8 by level, for the untrained learner.
    NoSignal,
    /// Fraction of samples wasted under uniform difficulty, against the target controller.
    Wasted,
    /// Training only on problems the untrained learner passes 5–95% of the time.
    Filter,
    /// A verifier that pays any well-formatted answer: reward up, true accuracy down.
    FormatHack,
}

impl Preset {
    /// Every preset, in lecture order.
    pub const ALL: [Preset; 4] = [
        Preset::NoSignal,
        Preset::Wasted,
        Preset::Filter,
        Preset::FormatHack,
    ];

    /// Its command-line name.
    pub fn name(self) -> &'static str {
        match self {
            Preset::NoSignal => "no-signal",
            Preset::Wasted => "wasted",
            Preset::Filter => "filter",
            Preset::FormatHack => "format-hack",
        }
    }

    /// The preset with this name.
    pub fn by_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|p| p.name() == name)
    }

    /// Runs the demo and renders its result as Markdown.
    pub fn run(self, seed: u64) -> Result<String, CurriculumError> {
        match self {
            Preset::NoSignal => Ok(no_signal()),
            Preset::Wasted => wasted(seed),
            Preset::Filter => Ok(filter(seed)),
            Preset::FormatHack => Ok(format_hack(seed)),
        }
    }
}

/// The chains of `modarith` problems `indices` at a level.
fn chains(level: f64, indices: std::ops::Range<u64>, seed: u64) -> Vec<Vec<Op>> {
    let env = registry::find("modarith").expect("modarith is registered");
    let g = env
        .generator(Some(level), &Map::new(), seed)
        .expect("every level is valid");
    indices
        .map(|i| ops_of(&g.record(i).data).unwrap_or_default())
        .collect()
}

/// The training pool: `POOL` chains at levels spread evenly over [0, 10]; problem i is index i
/// of the seed's stream at its level, so no two seeds share a problem.
pub fn pool(seed: u64) -> Vec<Vec<Op>> {
    (0..POOL)
        .flat_map(|i| {
            let level = (f64::from(i) * 10.0 / f64::from(POOL - 1) * 20.0).round() / 20.0;
            let i = u64::from(i);
            chains(level, i..i + 1, seed)
        })
        .collect()
}

fn no_signal_chance(p: f64) -> f64 {
    p.powi(GROUP as i32) + (1.0 - p).powi(GROUP as i32)
}

fn no_signal() -> String {
    let learner = ReasoningWorld::new(WorldParams::default(), 0);
    let mut out = String::from(
        "| level | steps | mean pass rate | P(no-signal group of 8) |\n|---|---|---|---|\n",
    );
    for level in 0..=10 {
        let level = f64::from(level);
        let cs = chains(level, 0..400, 1);
        let ps: Vec<f64> = cs.iter().map(|c| learner.p(c)).collect();
        let mean = ps.iter().sum::<f64>() / ps.len() as f64;
        let none = ps.iter().map(|&p| no_signal_chance(p)).sum::<f64>() / ps.len() as f64;
        let _ = writeln!(out, "| {level} | {} | {mean:.3} | {none:.3} |", cs[0].len());
    }
    let all = pool(1);
    let wasted = all
        .iter()
        .map(|c| no_signal_chance(learner.p(c)))
        .sum::<f64>()
        / all.len() as f64;
    let _ = writeln!(
        out,
        "\nUniform difficulty (levels 0–10): expected fraction of no-signal groups {wasted:.3} \
         (lecture: about 0.47)."
    );
    out
}

fn wasted(seed: u64) -> Result<String, CurriculumError> {
    let controllers = [
        ControllerConfig::Uniform { lo: 0.0, hi: 10.0 },
        ControllerConfig::default(),
    ];
    let base = SimConfig {
        groups: 2000,
        ..SimConfig::default()
    };
    let learners = [super::LearnerConfig::World(WorldParams::default())];
    let rows = compare(&controllers, &learners, &[seed], &base)?;
    Ok(format!(
        "2000 groups of 8 on the reasoning-world learner (learning on), seed {seed}:\n\n{}",
        table(&rows)
    ))
}

/// Trains a learner on `BUDGET` samples drawn uniformly from `pool`; returns it.
fn train(
    params: WorldParams,
    pool: &[Vec<Op>],
    seed: u64,
    mut every: impl FnMut(u64, &ReasoningWorld, f64),
) -> ReasoningWorld {
    let mut learner = ReasoningWorld::new(params, seed);
    let mut rng = ProblemRng::new(derive_key("verigym/sim/pool", 1, seed), 0);
    let groups = BUDGET / u64::from(GROUP);
    let mut reward = 0.0;
    for g in 1..=groups {
        let chain = &pool[rng.index(pool.len())];
        let (rewards, _) = learner.attempt(chain, GROUP);
        reward += rewards.iter().sum::<f64>();
        if g % 1250 == 0 {
            every(
                g * u64::from(GROUP),
                &learner,
                reward / (1250.0 * f64::from(GROUP)),
            );
            reward = 0.0;
        }
    }
    learner
}

fn filter(seed: u64) -> String {
    let all = pool(seed);
    let untrained = ReasoningWorld::new(demo_learner(), seed);
    let kept: Vec<Vec<Op>> = all
        .iter()
        .filter(|c| (0.05..=0.95).contains(&untrained.p(c)))
        .cloned()
        .collect();
    let test = pool(seed ^ 0x7e57);
    let plain = train(demo_learner(), &all, seed, |_, _, _| {});
    let filtered = train(demo_learner(), &kept, seed, |_, _, _| {});
    format!(
        "Pool of {} problems (levels 0–10); {} pass the 5–95% filter for the untrained learner. \
         {BUDGET} samples each, groups of {GROUP}, seed {seed}.\n\n\
         | training pool | test accuracy (initial {:.3}) |\n|---|---|\n\
         | unfiltered | {:.3} |\n| 5–95% filtered | {:.3} |\n\n(lecture: 0.330 unfiltered, 0.376 filtered)\n",
        all.len(),
        kept.len(),
        untrained.accuracy_on(&test),
        plain.accuracy_on(&test),
        filtered.accuracy_on(&test),
    )
}

fn format_hack(seed: u64) -> String {
    let all = pool(seed);
    let test = pool(seed ^ 0x7e57);
    let mut out = format!(
        "Initial lazy probability 0.01, {BUDGET} samples from a uniform pool, seed {seed}.\n\n\
         | samples | honest: reward | honest: true accuracy | format-only: reward | format-only: true accuracy |\n|---|---|---|---|---|\n"
    );
    let mut honest = Vec::new();
    let params = |verifier| WorldParams {
        lazy: 0.01,
        verifier,
        ..demo_learner()
    };
    train(params(VerifierKind::Honest), &all, seed, |s, l, r| {
        honest.push((s, r, l.accuracy_on(&test)));
    });
    let mut i = 0;
    train(params(VerifierKind::FormatOnly), &all, seed, |s, l, r| {
        if let Some(&(_, hr, ha)) = honest.get(i)
            && (i % 2 == 1 || s == BUDGET)
        {
            let _ = writeln!(
                out,
                "| {s} | {hr:.3} | {ha:.3} | {r:.3} | {:.3} |",
                l.accuracy_on(&test)
            );
        }
        i += 1;
    });
    out.push_str("\n(lecture: format-only reward 0.938, true accuracy 0.039 at the end)\n");
    out
}
