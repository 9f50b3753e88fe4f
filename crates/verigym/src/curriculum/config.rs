//! What a user configures: the env mix, the target solve rate and the controller with its knobs.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::baselines::{AdaRftParams, ReasoningGymParams, RlveParams};
use super::episode::EpisodeSchedule;
use super::error::CurriculumError;
use super::target::TargetParams;
use verigym_core::params::{LEVEL_MAX, LEVEL_MIN};

/// A curriculum: which envs, how often each, what solve rate to hold and how.
///
/// This is also the TOML file read by `verigym curriculum --config`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CurriculumConfig {
    /// The master seed: generator seed of every problem and key of the controller's own draws.
    #[serde(default)]
    pub seed: u64,
    /// The envs to draw from, each with an integer weight.
    #[schemars(length(min = 1))]
    pub envs: Vec<EnvWeight>,
    /// The solve rate to hold: a number (default 0.5) or a band `[lo, hi]`, in which case each
    /// problem aims at a rate drawn uniformly from the band.
    #[serde(default)]
    pub target: Target,
    /// How difficulty is chosen.
    #[serde(default)]
    pub controller: ControllerConfig,
    /// Problems per round of `verigym curriculum`; the library's `next(n)` takes n explicitly.
    #[serde(default = "default_batch")]
    #[schemars(range(min = 1, max = 1_000_000))]
    pub batch: u32,
    /// Problems awaiting feedback beyond this count are dropped, oldest first (feedback that
    /// never comes must not grow memory without bound).
    #[serde(default = "default_max_outstanding")]
    #[schemars(range(min = 1))]
    pub max_outstanding: u64,
}

fn default_batch() -> u32 {
    16
}

fn default_max_outstanding() -> u64 {
    65_536
}

/// One env of the mix.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EnvWeight {
    /// The env id (see `verigym list`).
    pub id: String,
    /// Relative share of problems; envs are interleaved by smooth weighted round robin, so the
    /// shares are exact over any long run.
    #[serde(default = "default_weight")]
    #[schemars(range(min = 1, max = 1_000_000))]
    pub weight: u32,
    /// Params applied on top of the level's params, by name (as `--param` does).
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    pub params: Map<String, Value>,
    /// Play this env's problems as feedback episodes whose turn budget follows the level, as in
    /// `episode = { feedback = { max_turns = [4, 1] } }` (4 answers at level 0, 1 at level 10).
    /// [`Curriculum::episode_options`](super::Curriculum::episode_options) says what each served
    /// problem is played with. Absent: single-turn problems.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub episode: Option<EpisodeSchedule>,
}

fn default_weight() -> u32 {
    1
}

/// The solve rate to hold.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Target {
    /// One rate in (0, 1).
    Rate(f64),
    /// A band `[lo, hi]` with 0 < lo ≤ hi < 1.
    Band([f64; 2]),
}

impl Default for Target {
    fn default() -> Self {
        Target::Rate(0.5)
    }
}

impl Target {
    /// The rate the band is centred on, used for the tracking metric.
    pub fn centre(self) -> f64 {
        match self {
            Target::Rate(t) => t,
            Target::Band([lo, hi]) => (lo + hi) / 2.0,
        }
    }

    /// The rate for one problem, from a uniform draw `u` in [0, 1).
    pub fn draw(self, u: f64) -> f64 {
        match self {
            Target::Rate(t) => t,
            Target::Band([lo, hi]) => lo + (hi - lo) * u,
        }
    }

    fn validate(self) -> Result<(), CurriculumError> {
        let ok = |t: f64| t.is_finite() && t > 0.0 && t < 1.0;
        let fine = match self {
            Target::Rate(t) => ok(t),
            Target::Band([lo, hi]) => ok(lo) && ok(hi) && lo <= hi,
        };
        if fine {
            Ok(())
        } else {
            Err(CurriculumError::config(format!(
                "target {self} is not a rate in (0, 1) or a band [lo, hi] with 0 < lo <= hi < 1"
            )))
        }
    }
}

impl std::fmt::Display for Target {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Target::Rate(t) => write!(f, "{t}"),
            Target::Band([lo, hi]) => write!(f, "[{lo}, {hi}]"),
        }
    }
}

/// The controller and its knobs. `kind` selects it; the other fields default.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum ControllerConfig {
    /// Ours: fit each env's solve-rate curve online and invert it at the target.
    Target(TargetParams),
    /// Always the same level.
    Fixed {
        /// The level, 0 to 10.
        #[serde(default = "default_fixed")]
        level: f64,
    },
    /// A level drawn uniformly from [lo, hi] for every problem.
    Uniform {
        /// Lowest level.
        #[serde(default)]
        lo: f64,
        /// Highest level.
        #[serde(default = "default_hi")]
        hi: f64,
    },
    /// Reasoning Gym's hysteresis: up above 0.70, down below 0.30, over the last k samples.
    ReasoningGym(ReasoningGymParams),
    /// RLVE: raise the upper bound when accuracy at it reaches 0.9.
    Rlve(RlveParams),
    /// AdaRFT: T ← T + η·tanh(α·(R_avg − β)).
    AdaRft(AdaRftParams),
}

fn default_fixed() -> f64 {
    5.0
}

fn default_hi() -> f64 {
    LEVEL_MAX
}

impl Default for ControllerConfig {
    fn default() -> Self {
        ControllerConfig::Target(TargetParams::default())
    }
}

impl ControllerConfig {
    /// Every controller with its default knobs, ours first: the `--compare` line-up.
    pub fn all() -> Vec<ControllerConfig> {
        vec![
            ControllerConfig::Target(TargetParams::default()),
            ControllerConfig::Fixed {
                level: default_fixed(),
            },
            ControllerConfig::Uniform {
                lo: LEVEL_MIN,
                hi: LEVEL_MAX,
            },
            ControllerConfig::ReasoningGym(ReasoningGymParams::default()),
            ControllerConfig::Rlve(RlveParams::default()),
            ControllerConfig::AdaRft(AdaRftParams::default()),
        ]
    }

    /// The `kind` name, as written in configs and tables.
    pub fn name(&self) -> &'static str {
        match self {
            ControllerConfig::Target(_) => "target",
            ControllerConfig::Fixed { .. } => "fixed",
            ControllerConfig::Uniform { .. } => "uniform",
            ControllerConfig::ReasoningGym(_) => "reasoning_gym",
            ControllerConfig::Rlve(_) => "rlve",
            ControllerConfig::AdaRft(_) => "ada_rft",
        }
    }

    /// The controller with default knobs for a `kind` name.
    pub fn by_name(name: &str) -> Option<ControllerConfig> {
        Self::all().into_iter().find(|c| c.name() == name)
    }

    fn validate(&self) -> Result<(), CurriculumError> {
        let level = |name: &str, v: f64| {
            if (LEVEL_MIN..=LEVEL_MAX).contains(&v) {
                Ok(())
            } else {
                Err(CurriculumError::config(format!(
                    "controller `{name}` = {v}; allowed: a level from {LEVEL_MIN} to {LEVEL_MAX}"
                )))
            }
        };
        match self {
            ControllerConfig::Target(p) => p.validate(),
            ControllerConfig::Fixed { level: l } => level("level", *l),
            ControllerConfig::Uniform { lo, hi } => {
                level("lo", *lo)?;
                level("hi", *hi)?;
                if lo > hi {
                    return Err(CurriculumError::config(format!(
                        "uniform lo {lo} is above hi {hi}"
                    )));
                }
                Ok(())
            }
            ControllerConfig::ReasoningGym(p) => p.validate(),
            ControllerConfig::Rlve(p) => p.validate(),
            ControllerConfig::AdaRft(p) => p.validate(),
        }
    }
}

impl CurriculumConfig {
    /// A config for one env at weight 1 with the default target and controller.
    pub fn single(env: &str, seed: u64) -> Self {
        CurriculumConfig {
            seed,
            envs: vec![EnvWeight {
                id: env.to_owned(),
                weight: 1,
                params: Map::new(),
                episode: None,
            }],
            target: Target::default(),
            controller: ControllerConfig::default(),
            batch: default_batch(),
            max_outstanding: default_max_outstanding(),
        }
    }

    /// Checks everything that does not need the registry.
    pub fn validate(&self) -> Result<(), CurriculumError> {
        if self.envs.is_empty() {
            return Err(CurriculumError::config(
                "`envs` is empty; list at least one env",
            ));
        }
        for (i, env) in self.envs.iter().enumerate() {
            if env.weight == 0 {
                return Err(CurriculumError::config(format!(
                    "env `{}` has weight 0; allowed: 1 or more",
                    env.id
                )));
            }
            if let Some(schedule) = &env.episode {
                schedule.validate(&env.id)?;
            }
            if self.envs[..i].iter().any(|e| e.id == env.id) {
                return Err(CurriculumError::config(format!(
                    "env `{}` is listed twice",
                    env.id
                )));
            }
        }
        if self.batch == 0 || self.max_outstanding == 0 {
            return Err(CurriculumError::config(
                "`batch` and `max_outstanding` must be at least 1",
            ));
        }
        self.target.validate()?;
        self.controller.validate()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<CurriculumConfig, String> {
        toml::from_str(text).map_err(|e| e.to_string())
    }

    #[test]
    fn toml_forms_of_targets_and_controllers() {
        let env = "[[envs]]\nid = \"modarith\"\n";
        let c = parse(&format!("target = [0.2, 0.6]\n{env}")).unwrap();
        assert_eq!(c.target, Target::Band([0.2, 0.6]));
        assert_eq!(c.controller, ControllerConfig::default());
        assert_eq!((c.batch, c.envs[0].weight), (16, 1));
        let c = parse(&format!("{env}[controller]\nkind = \"fixed\"\n")).unwrap();
        assert_eq!(c.controller, ControllerConfig::Fixed { level: 5.0 });
        let c = parse(&format!(
            "{env}[controller]\nkind = \"reasoning_gym\"\nwindow = 32\n"
        ))
        .unwrap();
        let ControllerConfig::ReasoningGym(p) = c.controller else {
            panic!("{:?}", c.controller)
        };
        assert_eq!((p.window, p.up), (32, 0.7));
        let err = parse(&format!(
            "{env}[controller]\nkind = \"target\"\nmemroy = 9\n"
        ));
        assert!(err.unwrap_err().contains("memroy"));
        assert!(
            parse(&format!("sede = 1\n{env}"))
                .unwrap_err()
                .contains("sede")
        );
    }

    #[test]
    fn every_controller_has_a_distinct_name_and_is_found_by_it() {
        for c in ControllerConfig::all() {
            assert_eq!(ControllerConfig::by_name(c.name()), Some(c.clone()));
            c.validate().unwrap();
        }
    }
}
