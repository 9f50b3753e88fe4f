//! The controller trait every difficulty policy implements, and the serializable enum of them all.

use std::fmt::Debug;

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::baselines::{AdaRft, Fixed, ReasoningGym, Rlve, Uniform};
use super::config::ControllerConfig;
use super::error::CurriculumError;
use super::target::TargetRate;
use verigym_core::params::{LEVEL_MAX, LEVEL_MIN};
use verigym_core::rng::ProblemRng;

/// Levels are quantized to this step so generators can be cached per (env, level) and so the
/// last-ulp differences of `exp`/`ln` across platforms rarely change a chosen level.
pub const LEVEL_STEP: f64 = 1.0 / STEPS_PER_LEVEL;

/// Quantized levels per unit level. Dividing by it (rather than multiplying by 0.05) gives the
/// double nearest to k/20, so levels print as 2.8, not 2.8000000000000003.
const STEPS_PER_LEVEL: f64 = 20.0;

/// The feedback of one group, as a controller sees it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Observation {
    /// The level the problem was issued at.
    pub level: f64,
    /// The target rate the problem was issued for.
    pub target: f64,
    /// The sum of the group's rewards (the number solved, for 0/1 rewards).
    pub solved: f64,
    /// The group size; at least 1.
    pub n: u32,
}

impl Observation {
    /// The group's mean reward.
    pub fn rate(&self) -> f64 {
        self.solved / f64::from(self.n)
    }
}

/// A difficulty policy for one env. One instance per env of a curriculum.
///
/// Implementations are deterministic functions of their state, the draws from `rng` and the
/// observations, so that a restored state continues exactly as the original would.
pub trait Controller {
    /// The level for the next problem, aiming at solve rate `target`. The caller quantizes and
    /// clamps it; `rng` is a fresh stream for this one problem.
    fn choose(&mut self, target: f64, rng: &mut ProblemRng) -> f64;
    /// The rewards of one group came back.
    fn observe(&mut self, obs: Observation);
    /// The level the controller currently centres on, for telemetry.
    fn level(&self) -> f64;
    /// The standard deviation of the controller's estimate of the target level, if it has one.
    fn uncertainty(&self) -> Option<f64> {
        None
    }
}

/// A [`Controller`] a [`Curriculum`](super::Curriculum) can checkpoint: its knobs and state
/// serialize into [`CurriculumState`](super::CurriculumState), and a restored value is checked
/// before it steers anything.
///
/// [`AnyController`] (every shipped controller) implements it; so can a controller of your own,
/// which [`Curriculum::with_controllers`](super::Curriculum::with_controllers) then drives. Its
/// state must round-trip through JSON exactly for a restored curriculum to continue as the
/// original would.
pub trait SavedController:
    Controller + Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// Checks a restored controller against the config it is restored under, before use. `at`
    /// names it in the state (`controllers[2]`); an error should name the bad field under it
    /// ([`CurriculumError::state_field`]). The default accepts everything, which is right only
    /// for a controller whose every serializable value is reachable.
    fn check_restored(&self, at: &str, config: &ControllerConfig) -> Result<(), CurriculumError> {
        let _ = (at, config);
        Ok(())
    }

    /// Brings a controller saved by an older layout of its state up to today's; called on
    /// restore, before [`check_restored`](Self::check_restored). The default does nothing.
    fn migrate(&mut self) {}
}

/// Any controller, with its knobs and state: what a curriculum's state stores per env.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum AnyController {
    /// See [`TargetRate`].
    Target(TargetRate),
    /// See [`Fixed`].
    Fixed(Fixed),
    /// See [`Uniform`].
    Uniform(Uniform),
    /// See [`ReasoningGym`].
    ReasoningGym(ReasoningGym),
    /// See [`Rlve`].
    Rlve(Rlve),
    /// See [`AdaRft`].
    AdaRft(AdaRft),
}

impl AnyController {
    /// A fresh controller from its (validated) config.
    pub fn new(config: &ControllerConfig) -> Self {
        match config {
            ControllerConfig::Target(p) => AnyController::Target(TargetRate::new(p.clone())),
            ControllerConfig::Fixed { level } => AnyController::Fixed(Fixed { level: *level }),
            ControllerConfig::Uniform { lo, hi } => {
                AnyController::Uniform(Uniform { lo: *lo, hi: *hi })
            }
            ControllerConfig::ReasoningGym(p) => {
                AnyController::ReasoningGym(ReasoningGym::new(p.clone()))
            }
            ControllerConfig::Rlve(p) => AnyController::Rlve(Rlve::new(p.clone())),
            ControllerConfig::AdaRft(p) => AnyController::AdaRft(AdaRft::new(p.clone())),
        }
    }
}

impl AnyController {
    /// The `kind` name, as in configs.
    pub fn name(&self) -> &'static str {
        match self {
            AnyController::Target(_) => "target",
            AnyController::Fixed(_) => "fixed",
            AnyController::Uniform(_) => "uniform",
            AnyController::ReasoningGym(_) => "reasoning_gym",
            AnyController::Rlve(_) => "rlve",
            AnyController::AdaRft(_) => "ada_rft",
        }
    }

    /// Whether `other` is the same kind of controller with the same knobs (state aside).
    pub(crate) fn same_knobs(&self, other: &AnyController) -> bool {
        match (self, other) {
            (AnyController::Target(a), AnyController::Target(b)) => a.params == b.params,
            (AnyController::Fixed(a), AnyController::Fixed(b)) => a == b,
            (AnyController::Uniform(a), AnyController::Uniform(b)) => a == b,
            (AnyController::ReasoningGym(a), AnyController::ReasoningGym(b)) => {
                a.params == b.params
            }
            (AnyController::Rlve(a), AnyController::Rlve(b)) => a.params == b.params,
            (AnyController::AdaRft(a), AnyController::AdaRft(b)) => a.params == b.params,
            _ => false,
        }
    }
}

impl SavedController for AnyController {
    /// The stored controller must be the config's kind with the config's knobs (only its learned
    /// state may differ), and its state must be one the controller can reach.
    fn check_restored(&self, at: &str, config: &ControllerConfig) -> Result<(), CurriculumError> {
        if !AnyController::new(config).same_knobs(self) {
            return Err(CurriculumError::state_field(
                at,
                format_args!("a `{}` controller with other knobs", self.name()),
                format_args!(
                    "the config's `{}` controller with the same knobs",
                    config.name()
                ),
            ));
        }
        match self {
            AnyController::Target(c) => c.check(at),
            AnyController::Fixed(_) | AnyController::Uniform(_) => Ok(()),
            AnyController::ReasoningGym(c) => c.check(at),
            AnyController::Rlve(c) => c.check(at),
            AnyController::AdaRft(c) => c.check(at),
        }
    }

    /// See `TargetRate::migrate`.
    fn migrate(&mut self) {
        if let AnyController::Target(c) = self {
            c.migrate();
        }
    }
}

/// Runs `$body` with `$c` bound to the concrete controller inside an [`AnyController`].
macro_rules! each {
    ($any:expr, $c:ident => $body:expr) => {
        match $any {
            AnyController::Target($c) => $body,
            AnyController::Fixed($c) => $body,
            AnyController::Uniform($c) => $body,
            AnyController::ReasoningGym($c) => $body,
            AnyController::Rlve($c) => $body,
            AnyController::AdaRft($c) => $body,
        }
    };
}

impl Controller for AnyController {
    fn choose(&mut self, target: f64, rng: &mut ProblemRng) -> f64 {
        each!(self, c => c.choose(target, rng))
    }

    fn observe(&mut self, obs: Observation) {
        each!(self, c => c.observe(obs))
    }

    fn level(&self) -> f64 {
        each!(self, c => c.level())
    }

    fn uncertainty(&self) -> Option<f64> {
        each!(self, c => c.uncertainty())
    }
}

/// Clamps a level to [0, 10] and rounds it to [`LEVEL_STEP`]; a non-finite level becomes
/// `fallback` (itself clamped), so no controller arithmetic can leak NaN into a generator.
pub fn quantize(level: f64, fallback: f64) -> f64 {
    let level = if level.is_finite() { level } else { fallback };
    let level = level.clamp(LEVEL_MIN, LEVEL_MAX);
    let q = (level * STEPS_PER_LEVEL).round() / STEPS_PER_LEVEL;
    q.clamp(LEVEL_MIN, LEVEL_MAX)
}

/// The quantized level as an integer key: level / [`LEVEL_STEP`].
pub fn level_key(level: f64) -> u32 {
    (level * STEPS_PER_LEVEL).round() as u32
}

/// A uniform float in [0, 1) from the top 53 bits of one draw. Floats are fine here: they choose
/// difficulty, never problem content, and content comes from the problem's own stream.
pub fn unit(rng: &mut ProblemRng) -> f64 {
    (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantize_clamps_rounds_and_replaces_nan() {
        assert_eq!(quantize(3.333, 0.0), 3.35);
        assert_eq!(quantize(-1.0, 0.0), 0.0);
        assert_eq!(quantize(12.0, 0.0), 10.0);
        assert_eq!(quantize(f64::NAN, 4.0), 4.0);
        assert_eq!(quantize(f64::INFINITY, 99.0), 10.0);
        assert_eq!(level_key(quantize(7.31, 0.0)), 146);
    }

    #[test]
    fn unit_is_in_range() {
        let mut rng = ProblemRng::from_test_seed(5);
        for _ in 0..1000 {
            let u = unit(&mut rng);
            assert!((0.0..1.0).contains(&u));
        }
    }
}
