//! The curriculum: hold a target solve rate on any mix of envs by steering each env's level.
//!
//! [`Curriculum::next`] issues real problem records at levels its controller chose;
//! [`Curriculum::record`] takes a group's rewards back, late, out of order or never. The default
//! controller ([`TargetRate`]) fits each env's solve rate over level online and inverts it at the
//! target; [`baselines`] holds the published rules it is compared against, [`sim`] the simulated
//! learners that compare them, and [`filter`] DAPO's group filter.
//!
//! **Architecture invariant.** The curriculum chooses only (env, level, index); it never touches
//! what a problem contains. A record it issues is byte-identical to `verigym generate` at that
//! level, seed and index, so curriculum-driven data is as reproducible as any other.
//!
//! **Determinism.** Given the same config, the same feedback in the same order and the same
//! platform, the batches are identical, and [`CurriculumState`] restores exactly. Controllers use
//! floats (`exp`, `ln`), which may differ in the last ulp between platforms or libm versions; a
//! level is quantized to [`LEVEL_STEP`] before use, so such a difference changes a batch only when
//! it straddles a rounding boundary. Problem content never depends on floats: each problem comes
//! from its env's generator at (level, seed, index).

pub mod baselines;
mod config;
mod controller;
mod episode;
mod error;
pub mod filter;
pub mod sim;
mod state;
mod target;
mod telemetry;

use std::collections::BTreeMap;

pub use self::config::{ControllerConfig, CurriculumConfig, EnvWeight, Target};
pub use self::controller::{AnyController, Controller, LEVEL_STEP, Observation, SavedController};
pub(crate) use self::controller::{level_key, quantize, unit};
pub use self::episode::{EpisodeSchedule, FeedbackSchedule};
pub use self::error::CurriculumError;
pub use self::filter::DapoFilter;
pub use self::state::{CurriculumState, Pending, STATE_FORMAT};
pub use self::target::{TargetParams, TargetRate};
pub use self::telemetry::{EnvStats, EnvTelemetry, Telemetry};

use self::telemetry::ratio;
use crate::registry::EnvSet;
use verigym_core::dyn_env::{DynEnv, DynGenerator};
use verigym_core::record::Problem;
use verigym_core::rng::{ProblemRng, derive_key};
use verigym_episodes::FeedbackOptions;

/// The key of the controller's own random draws (exploration, band targets).
const DRAW_DOMAIN: &str = "verigym/curriculum";

/// The curriculum controller. See the module docs.
///
/// `C` is the controller that steers each env's level: [`AnyController`] (chosen by the config's
/// `controller` field) unless you bring your own [`SavedController`] through
/// [`with_controllers`](Curriculum::with_controllers).
pub struct Curriculum<C = AnyController> {
    state: CurriculumState<C>,
    envs: Vec<&'static dyn DynEnv>,
    key: [u8; 32],
    /// Outstanding problems by id, pointing into `by_serial`.
    ids: BTreeMap<String, u64>,
    by_serial: BTreeMap<u64, Pending>,
    generators: BTreeMap<(usize, u32), Box<dyn DynGenerator>>,
}

impl<C: SavedController> std::fmt::Debug for Curriculum<C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Curriculum")
            .field("state", &self.state)
            .finish_non_exhaustive()
    }
}

/// A planned problem: which env, which level, which index. [`Curriculum::next`] generates it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Planned {
    /// The env's position in the config.
    pub env: usize,
    /// The quantized level.
    pub level: f64,
    /// The target rate it aims at.
    pub target: f64,
    /// The problem index within the env's stream.
    pub index: u64,
    /// Its position in issue order over the curriculum's life.
    pub serial: u64,
}

impl Curriculum {
    /// A fresh curriculum over the shipped envs. Fails on an invalid config, an unknown env or
    /// params an env rejects.
    pub fn new(config: CurriculumConfig) -> Result<Self, CurriculumError> {
        Self::with_envs(config, &EnvSet::shipped())
    }

    /// A fresh curriculum whose config's env ids are looked up in `envs`, so your own envs can
    /// take part. Fails as [`new`](Self::new) does.
    pub fn with_envs(config: CurriculumConfig, envs: &EnvSet) -> Result<Self, CurriculumError> {
        config.validate()?;
        let controller = AnyController::new(&config.controller);
        Self::with_controllers(config, envs, |_| controller.clone())
    }

    /// A curriculum over the shipped envs continuing from a saved state.
    pub fn restore(state: CurriculumState) -> Result<Self, CurriculumError> {
        Self::restore_with_envs(state, &EnvSet::shipped())
    }
}

impl<C: SavedController> Curriculum<C> {
    /// A fresh curriculum steered by controllers of your own: `make(i)` builds the controller of
    /// the config's `i`-th env. The config's `controller` field is then unused. Env ids are looked
    /// up in `envs`; fails as [`new`](Curriculum::new) does.
    pub fn with_controllers(
        config: CurriculumConfig,
        envs: &EnvSet,
        make: impl FnMut(usize) -> C,
    ) -> Result<Self, CurriculumError> {
        config.validate()?;
        let n = config.envs.len();
        let controllers = (0..n).map(make).collect();
        let state = CurriculumState {
            format: state::STATE_FORMAT,
            controllers,
            next_index: vec![0; n],
            credits: vec![0; n],
            issued: 0,
            rounds: 0,
            outstanding: Vec::new(),
            stats: vec![EnvStats::default(); n],
            config,
        };
        Self::restore_with_envs(state, envs)
    }

    /// A curriculum continuing from a saved state, its env ids looked up in `envs`. The state is
    /// checked first (each controller through [`SavedController::check_restored`]); an error
    /// names the bad field.
    pub fn restore_with_envs(
        mut state: CurriculumState<C>,
        envs: &EnvSet,
    ) -> Result<Self, CurriculumError> {
        if state.format != STATE_FORMAT {
            return Err(CurriculumError::state(format!(
                "format {} is not the supported {STATE_FORMAT}",
                state.format
            )));
        }
        state.config.validate()?;
        let n = state.config.envs.len();
        if state.controllers.len() != n
            || state.next_index.len() != n
            || state.credits.len() != n
            || state.stats.len() != n
        {
            return Err(CurriculumError::state(format!(
                "per-env lists do not all have the {n} entries of the config's envs"
            )));
        }
        let set = envs;
        for controller in &mut state.controllers {
            controller.migrate();
        }
        state.validate()?;
        let mut envs = Vec::with_capacity(n);
        for spec in &state.config.envs {
            let env = set.find(&spec.id)?;
            // Fail now, not mid-training, if the overrides do not fit the easiest or hardest level.
            for level in [crate::LEVEL_MIN, crate::LEVEL_MAX] {
                env.generator(Some(level), &spec.params, state.config.seed)?;
            }
            envs.push(env);
        }
        let mut ids = BTreeMap::new();
        let mut by_serial = BTreeMap::new();
        for p in &state.outstanding {
            let fits = p.env < n && p.serial < state.issued;
            if !fits
                || ids.insert(p.id.clone(), p.serial).is_some()
                || by_serial.insert(p.serial, p.clone()).is_some()
            {
                return Err(CurriculumError::state(format!(
                    "outstanding problem `{}` (serial {}, env #{}) is duplicated or out of range",
                    p.id, p.serial, p.env
                )));
            }
        }
        let key = derive_key(DRAW_DOMAIN, STATE_FORMAT, state.config.seed);

        state.outstanding.clear();
        Ok(Curriculum {
            state,
            envs,
            key,
            ids,
            by_serial,
            generators: BTreeMap::new(),
        })
    }

    /// Counts a completed round, for callers that work in rounds, and returns the count so far,
    /// which is kept in the state and so continues across a save and resume.
    pub fn end_round(&mut self) -> u64 {
        self.state.rounds += 1;
        self.state.rounds
    }

    /// Rounds completed so far (see [`end_round`](Self::end_round)).
    pub fn rounds(&self) -> u64 {
        self.state.rounds
    }

    /// The state to save: restoring it continues exactly from here.
    pub fn state(&self) -> CurriculumState<C> {
        let mut state = self.state.clone();
        state.outstanding = self.by_serial.values().cloned().collect();
        state
    }

    /// The config.
    pub fn config(&self) -> &CurriculumConfig {
        &self.state.config
    }

    /// Chooses env, level and index for `n` problems without generating them.
    pub fn plan(&mut self, n: usize) -> Vec<Planned> {
        (0..n).map(|_| self.plan_one()).collect()
    }

    fn plan_one(&mut self) -> Planned {
        let s = &mut self.state;
        // Smooth weighted round robin (nginx's): exact shares, deterministic, no draws.
        let total: i64 = s.config.envs.iter().map(|e| i64::from(e.weight)).sum();
        let mut best = 0;
        for (i, env) in s.config.envs.iter().enumerate() {
            s.credits[i] += i64::from(env.weight);
            if s.credits[i] > s.credits[best] {
                best = i;
            }
        }
        s.credits[best] -= total;
        let mut rng = ProblemRng::new(self.key, s.issued);
        let target = s.config.target.draw(unit(&mut rng));
        let controller = &mut s.controllers[best];
        let level = quantize(controller.choose(target, &mut rng), controller.level());
        let index = s.next_index[best];
        let serial = s.issued;
        s.next_index[best] += 1;
        s.issued += 1;
        s.stats[best].issued += 1;
        Planned {
            env: best,
            level,
            target,
            index,
            serial,
        }
    }

    /// The next `n` problems, as records ready to show a model.
    pub fn next(&mut self, n: usize) -> Result<Vec<Problem>, CurriculumError> {
        let plan = self.plan(n);
        let mut out = Vec::with_capacity(n);
        for p in plan {
            let record = self.generator(p.env, p.level)?.record(p.index);
            self.track(&record.id, p)?;
            out.push(record);
        }
        Ok(out)
    }

    /// The feedback-episode options an issued, outstanding problem must be played with: its
    /// env's [`EpisodeSchedule`] at the level it was issued at. `None` for a problem of an env
    /// without a schedule (play it single-turn) or one not outstanding. Feed back the episode's
    /// final reward with [`record`](Self::record), so the controller sees the budget's effect.
    pub fn episode_options(&self, id: &str) -> Option<FeedbackOptions> {
        let pending = &self.by_serial[self.ids.get(id)?];
        self.episode_options_at(pending.env, pending.level)
    }

    /// The feedback-episode options of env `env` (its position in the config) at `level`.
    pub fn episode_options_at(&self, env: usize, level: f64) -> Option<FeedbackOptions> {
        let schedule = self.state.config.envs.get(env)?.episode?;
        Some(schedule.options_at(level))
    }

    /// The cached generator of an env at a quantized level.
    pub fn generator(
        &mut self,
        env: usize,
        level: f64,
    ) -> Result<&dyn DynGenerator, CurriculumError> {
        let key = (env, level_key(level));
        if !self.generators.contains_key(&key) {
            let spec = &self.state.config.envs[env];
            let generator =
                self.envs[env].generator(Some(level), &spec.params, self.state.config.seed)?;
            self.generators.insert(key, generator);
        }
        Ok(self.generators[&key].as_ref())
    }

    /// Remembers an issued problem until its rewards come back. `p` must come from this
    /// curriculum's [`plan`](Self::plan); `next` calls this itself.
    pub fn track(&mut self, id: &str, p: Planned) -> Result<(), CurriculumError> {
        if p.env >= self.envs.len() || p.serial >= self.state.issued {
            return Err(CurriculumError::state(format!(
                "problem `{id}` was not planned by this curriculum (env #{}, serial {})",
                p.env, p.serial
            )));
        }
        let pending = Pending {
            id: id.to_owned(),
            env: p.env,
            level: p.level,
            target: p.target,
            serial: p.serial,
        };
        if let Some(old) = self.ids.insert(pending.id.clone(), p.serial) {
            self.by_serial.remove(&old);
        }
        if let Some(replaced) = self.by_serial.insert(p.serial, pending)
            && replaced.id != id
        {
            self.ids.remove(&replaced.id);
        }
        while self.by_serial.len() as u64 > self.state.config.max_outstanding {
            if let Some((_, oldest)) = self.by_serial.pop_first() {
                self.ids.remove(&oldest.id);
                self.state.stats[oldest.env].expired += 1;
            }
        }
        Ok(())
    }

    /// Feeds back the rewards of one problem's group. Rewards must be finite and in [0, 1]; an
    /// empty list means "no feedback" and just forgets the problem.
    pub fn record(&mut self, id: &str, rewards: &[f64]) -> Result<(), CurriculumError> {
        let Some(&serial) = self.ids.get(id) else {
            return Err(CurriculumError::UnknownId { id: id.to_owned() });
        };
        if let Some((position, &value)) = rewards
            .iter()
            .enumerate()
            .find(|(_, r)| !(r.is_finite() && (0.0..=1.0).contains(*r)))
        {
            return Err(CurriculumError::InvalidReward {
                id: id.to_owned(),
                position,
                value,
            });
        }
        self.ids.remove(id);
        let Some(pending) = self.by_serial.remove(&serial) else {
            return Err(CurriculumError::UnknownId { id: id.to_owned() });
        };
        let stats = &mut self.state.stats[pending.env];
        if rewards.is_empty() {
            stats.empty += 1;
            return Ok(());
        }
        stats.record(rewards);
        let n = u32::try_from(rewards.len()).unwrap_or(u32::MAX);
        self.state.controllers[pending.env].observe(Observation {
            level: pending.level,
            target: pending.target,
            solved: rewards.iter().sum(),
            n,
        });
        Ok(())
    }

    /// Problems waiting for feedback.
    pub fn outstanding(&self) -> usize {
        self.by_serial.len()
    }

    /// A telemetry snapshot.
    pub fn telemetry(&self) -> Telemetry {
        let s = &self.state;
        let mut outstanding = vec![0u64; s.config.envs.len()];
        for p in self.by_serial.values() {
            outstanding[p.env] += 1;
        }
        let envs: Vec<EnvTelemetry> = s
            .config
            .envs
            .iter()
            .enumerate()
            .map(|(i, spec)| EnvTelemetry {
                env: spec.id.clone(),
                level: s.controllers[i].level(),
                uncertainty: s.controllers[i].uncertainty(),
                outstanding: outstanding[i],
                solve_rate: ratio(s.stats[i].reward_sum, s.stats[i].samples),
                zero_variance_fraction: ratio(s.stats[i].zero_variance as f64, s.stats[i].groups),
                stats: s.stats[i].clone(),
            })
            .collect();
        let sum = |f: fn(&EnvStats) -> u64| s.stats.iter().map(f).sum::<u64>();
        let (samples, groups) = (sum(|x| x.samples), sum(|x| x.groups));
        Telemetry {
            solve_rate: ratio(s.stats.iter().map(|x| x.reward_sum).sum(), samples),
            zero_variance_fraction: ratio(sum(|x| x.zero_variance) as f64, groups),
            effective_samples: sum(|x| x.effective_samples),
            samples,
            envs,
        }
    }
}
