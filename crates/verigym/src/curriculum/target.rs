//! The target-rate controller: an online logistic fit of solve rate over level, with forgetting,
//! inverted at the target, plus an integral correction for whatever the fit gets wrong.
//!
//! Model: `logit p(L) = a − b·L` with `b > 0`, so the solve rate falls as the level rises. Groups
//! are pooled into bins over the level axis holding discounted sums (weight, successes,
//! weight·level); every new group multiplies all bins by `1 − 1/memory`, so the fit sees roughly
//! the last `memory` groups and follows a learner that improves or drifts. The fit is a few
//! Newton steps of the penalized likelihood (weak Gaussian priors on `a` and `b`), warm-started
//! and run lazily on the next `choose` after new data, so `observe` is O(bins) and cheap.
//!
//! Choice: `L* = (a − logit t)/b` plus an integral offset, which moves by `gain·(rate − t)`
//! per group and so removes any steady bias (a curve that is not logistic, lag behind a learner
//! that improves). Exploration is uniform in `±spread`, where the spread is the estimate's own
//! standard deviation clamped to `[explore, 2]`: wide while the fit knows little, narrow later.
//!
//! A monotone fit can hold the mean rate by mixing all-right and all-wrong groups across a cliff,
//! so the bins' own rates check its choice: where they show it wrong, the controller moves to
//! the bin nearest the target, explores without crossing a cliff, and probes unknown levels for
//! a curve that comes back up past a dip. They do so only while the groups carry variance: where
//! no side of a cliff teaches, the fit's mix across it at least holds the target. A change
//! detector on (rate − target) drops old data after a sudden regression, so the offset cannot
//! wind past the new level, and the slope moves by a bounded factor per refit, so a learner that
//! moves cannot make it collapse and throw the choice past the learner. While the fitted curve is
//! steep, a few problems look above the fit's choice: where the rate comes back up there, the fit
//! sat at the entry of a dip, and the data below are dropped so it moves past. See
//! docs/curriculum.md for the thresholds and what they were measured against.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::baselines::check_knob;
use super::controller::{Controller, Observation, unit};
use super::error::CurriculumError;
use super::state::check_float;
use verigym_core::params::{LEVEL_MAX, LEVEL_MIN};
use verigym_core::rng::ProblemRng;

/// Bins over the level axis; observations carry their exact mean level within a bin.
const BINS: usize = 201;
/// Bins of the first state format (0.25 levels wide); restored states are re-binned.
const OLD_BINS: usize = 41;
/// Newton iterations per refit; warm-started, so a few suffice.
const NEWTON_STEPS: usize = 3;
/// Prior standard deviation of the intercept: weak, it only anchors the very first choices.
const PRIOR_SD_A: f64 = 10.0;
/// Prior standard deviation of the slope.
const PRIOR_SD_B: f64 = 1.0;
/// The slope never falls below this, so the curve stays invertible.
const MIN_SLOPE: f64 = 0.05;
/// Widest exploration, in levels.
const MAX_SPREAD: f64 = 2.0;
/// Largest change of either fitted parameter in one Newton step.
const MAX_STEP: f64 = 2.0;
/// The integral offset stays within this many levels.
const MAX_OFFSET: f64 = 2.0;
/// Levels per bin.
const BIN_WIDTH: f64 = (LEVEL_MAX - LEVEL_MIN) / (BINS - 1) as f64;
/// Samples a bin needs before its own rate can overrule the fit.
const LOCAL_MIN_WEIGHT: f64 = 8.0;
/// Samples a bin needs to be chosen instead: half a group of 8, so one probe counts for a while.
const CANDIDATE_MIN_WEIGHT: f64 = 4.0;
/// Pseudo-samples of the fit's prediction mixed into a bin's rate.
const LOCAL_PRIOR: f64 = 4.0;
/// A bin whose rate is within this many logits of the target is a good place to be.
const LOCAL_OK: f64 = 0.5;
/// Standard errors by which a bin's rate must miss the target before the fit is overruled.
const LOCAL_Z: f64 = 3.0;
/// Exploring around a bin chosen locally stops at a neighbour whose rate differs from the
/// chosen bin's by more than this many logits: the edge of a cliff.
const LOCAL_EDGE: f64 = 1.5;
/// Logits of rate-error one level of distance from the fit's choice costs, choosing a bin.
const LOCAL_DISTANCE_COST: f64 = 0.1;
/// The best bin still misses by this many logits: look elsewhere, the curve may come back.
const PROBE_WHEN: f64 = 1.0;
/// Share of problems that probe while the best bin misses by `PROBE_WHEN`.
const PROBE_SHARE: f64 = 0.05;
/// Probes go up to this many levels either side of the fit's choice.
const PROBE_REACH: f64 = 3.0;
/// Share of problems that look above the fit's choice, while the fit steers.
const CLIMB_SHARE: f64 = 0.03;
/// Those problems go this many levels above the fit's choice, uniformly.
const CLIMB_RANGE: [f64; 2] = [0.4, 1.2];
/// Looks above happen only while the fitted slope is this many times the prior's: the entry of
/// a dip is steeper than the curve around it, and on the smooth learners (slope about the
/// prior's) the looks cost zero-variance groups and tracking for nothing.
const CLIMB_STEEP: f64 = 1.5;
/// Samples the levels above must hold before their rate is read.
const CLIMB_EVIDENCE: f64 = 24.0;
/// The fit must expect the levels above to be at least this much below the target: a rate on
/// target where the fit expects one this far below it is a curve that comes back up.
const CLIMB_SURPRISE: f64 = 0.05;
/// Smoothing of the running mean of the groups' reward variance, per group.
const VARIANCE_RATE: f64 = 1.0 / 32.0;
/// The bins overrule the fit only while the groups carry at least this share of the variance a
/// group at the target has. Keeping to one side of a cliff pays when that side teaches (a
/// 0.18-rate side); when neither side does (0.95 and 0.05), every mix wastes the same share of
/// groups and keeping to one side only loses the target.
const LOCAL_MIN_VARIANCE: f64 = 0.3;
/// Most the fitted slope may change in one refit, as a factor. While the data span a narrow
/// band of levels the slope is barely identified, and a learner that moves (a rise, a fall)
/// made it collapse for one batch, throwing the inverse more than a level past the learner.
const SLOPE_STEP: f64 = 1.5;
/// Smoothing of the change detector's running mean of (group rate − target), per group.
const DETECT_RATE: f64 = 0.125;
/// The detector fires when that running mean is this far from zero: about six standard errors
/// for groups of 8 at a rate of 0.5, and far beyond anything tracking error produces.
const DETECT_AT: f64 = 0.3;
/// After a detected change, old data keeps this share of its weight.
const DETECT_KEEP: f64 = 0.1;

/// The knobs of the target-rate controller.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct TargetParams {
    /// How many recent groups the fit remembers (the time constant of its forgetting).
    #[schemars(range(min = 10.0, max = 100000.0))]
    pub memory: f64,
    /// Smallest exploration half-width, in levels.
    #[schemars(range(min = 0.0, max = 2.0))]
    pub explore: f64,
    /// Integral gain: levels moved per group per unit of solve-rate error.
    #[schemars(range(min = 0.0, max = 1.0))]
    pub gain: f64,
    /// Where to start before any feedback, and the centre of the prior.
    #[schemars(range(min = 0.0, max = 10.0))]
    pub start_level: f64,
    /// Prior slope: logits of solve rate lost per level.
    #[schemars(range(min = 0.1, max = 10.0))]
    pub slope: f64,
    /// Most samples one group counts for in the fit. A group's answers share one problem, so
    /// beyond a few of them they measure that problem, not the level: a group of 1,000 rewards
    /// would otherwise outweigh 125 groups of 8. Larger groups keep their mean rate and are
    /// scaled down to this weight.
    #[schemars(range(min = 1.0, max = 1000000.0))]
    pub max_group_weight: f64,
}

impl Default for TargetParams {
    fn default() -> Self {
        TargetParams {
            memory: 150.0,
            explore: 0.25,
            gain: 0.05,
            start_level: 2.0,
            slope: 1.0,
            max_group_weight: 16.0,
        }
    }
}

impl TargetParams {
    pub(crate) fn validate(&self) -> Result<(), CurriculumError> {
        let check = |name, v, lo, hi| check_knob("target", name, v, lo, hi);
        check("memory", self.memory, 10.0, 100_000.0)?;
        check("explore", self.explore, 0.0, MAX_SPREAD)?;
        check("gain", self.gain, 0.0, 1.0)?;
        check("start_level", self.start_level, LEVEL_MIN, LEVEL_MAX)?;
        check("slope", self.slope, 0.1, 10.0)?;
        check("max_group_weight", self.max_group_weight, 1.0, 1_000_000.0)
    }
}

/// Discounted sufficient statistics of the groups seen in one bin.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Bin {
    /// Discounted number of samples.
    pub weight: f64,
    /// Discounted sum of rewards.
    pub solved: f64,
    /// Discounted sum of sample levels, so the bin's mean level is exact.
    pub level_sum: f64,
}

impl Bin {
    /// Discounts the bin's sums. A bin far below any threshold the controller reads (the smallest
    /// is 1e-9 samples) is emptied instead: left alone, a bin no group has reached for a long
    /// time decays into subnormal floats, whose arithmetic is two orders of magnitude slower, and
    /// made `record` cost 14 µs a group. Zeroing at 1e-100 changes no sum the fit takes (a term
    /// that small vanishes beside any weight it is compared with).
    fn decay(&mut self, keep: f64) {
        if self.weight < FORGOTTEN {
            *self = Bin::default();
            return;
        }
        self.weight *= keep;
        self.solved *= keep;
        self.level_sum *= keep;
    }
}

/// A bin weight that means no data at all (see [`Bin::decay`]).
const FORGOTTEN: f64 = 1e-100;

/// The target-rate controller's knobs and state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TargetRate {
    /// The knobs.
    pub params: TargetParams,
    /// Discounted statistics per level bin.
    pub bins: Vec<Bin>,
    /// Fitted intercept: `logit p(L) = a − b·L`.
    pub a: f64,
    /// Fitted slope.
    pub b: f64,
    /// Posterior covariance of (a, b): var a, cov ab, var b.
    pub cov: [f64; 3],
    /// The integral correction, in levels.
    pub offset: f64,
    /// Whether data arrived since the last fit.
    pub stale: bool,
    /// The last target level computed, for telemetry.
    pub centre: f64,
    /// The standard deviation of that level's estimate, for telemetry.
    pub centre_sd: f64,
    /// Whether the last choice came from the bins' own rates rather than the fit (the fit's
    /// choice was measurably wrong there: a dip or a cliff in the curve).
    #[serde(default)]
    pub local: bool,
    /// The change detector: a running mean of (group rate − target).
    #[serde(default)]
    pub surprise: f64,
    /// A running mean of the groups' reward variance (over about 32 groups of two or more
    /// answers), which says whether the levels chosen lately teach; None before the first.
    #[serde(default)]
    pub variance: Option<f64>,
}

impl TargetRate {
    /// A controller that knows nothing yet.
    pub fn new(params: TargetParams) -> Self {
        let b = params.slope;
        let a = b * params.start_level;
        let mut c = TargetRate {
            bins: vec![Bin::default(); BINS],
            a,
            b,
            cov: [PRIOR_SD_A * PRIOR_SD_A, 0.0, PRIOR_SD_B * PRIOR_SD_B],
            offset: 0.0,
            stale: false,
            centre: params.start_level,
            centre_sd: f64::NAN,
            local: false,
            surprise: 0.0,
            variance: None,
            params,
        };
        c.centre_sd = c.inverse(0.5).1;
        c
    }

    fn prior(&self) -> (f64, f64) {
        (
            self.params.slope * self.params.start_level,
            self.params.slope,
        )
    }

    /// Refits (a, b) by Newton's method on the penalized log-likelihood.
    ///
    /// The iteration runs in coordinates centred on the data's mean level m, as
    /// `logit p = α − b·(L − m)`: with levels far from 0, (a, b) are strongly correlated and an
    /// uncentred Newton step can overshoot. Steps are also capped, so one odd batch cannot throw
    /// the curve across the axis.
    pub fn fit(&mut self) {
        let (a0, b0) = self.prior();
        let (pa, pb) = (
            1.0 / (PRIOR_SD_A * PRIOR_SD_A),
            1.0 / (PRIOR_SD_B * PRIOR_SD_B),
        );
        let (weight, level_sum) = self.bins.iter().fold((0.0, 0.0), |(w, l), bin| {
            (w + bin.weight, l + bin.level_sum)
        });
        let m = if weight > 1e-9 {
            level_sum / weight
        } else {
            self.params.start_level
        };
        let (mut alpha, mut b) = (self.a - self.b * m, self.b);
        let (b_lo, b_hi) = (self.b / SLOPE_STEP, self.b * SLOPE_STEP);
        let mut inv = None;
        for _ in 0..NEWTON_STEPS {
            // The prior is on a = α + b·m; its gradient and curvature in (α, b) follow.
            let prior_a = (alpha + b * m - a0) * pa;
            let (mut g_alpha, mut gb) = (-prior_a, -m * prior_a - (b - b0) * pb);
            let (mut h11, mut h12, mut h22) = (pa, m * pa, m * m * pa + pb);
            for bin in &self.bins {
                if bin.weight <= 1e-9 {
                    continue;
                }
                let x = bin.level_sum / bin.weight - m;
                let p = sigmoid(alpha - b * x);
                let resid = bin.solved - bin.weight * p;
                let info = bin.weight * p * (1.0 - p);
                g_alpha += resid;
                gb -= resid * x;
                h11 += info;
                h12 -= info * x;
                h22 += info * x * x;
            }
            let det = h11 * h22 - h12 * h12;
            if !(det.is_finite() && det > 0.0) {
                break;
            }
            let cov = [h22 / det, -h12 / det, h11 / det];
            let d_alpha = (cov[0] * g_alpha + cov[1] * gb).clamp(-MAX_STEP, MAX_STEP);
            let d_b = (cov[1] * g_alpha + cov[2] * gb).clamp(-MAX_STEP, MAX_STEP);
            alpha += d_alpha;
            b = (b + d_b).clamp(b_lo, b_hi).max(MIN_SLOPE);
            inv = Some(cov);
        }
        let a = alpha + b * m;
        if let Some([v11, v12, v22]) = inv
            && a.is_finite()
            && b.is_finite()
        {
            // Back to (a, b) = (α + b·m, b): cov = J Σ Jᵀ with J = [[1, m], [0, 1]].
            self.cov = [v11 + 2.0 * m * v12 + m * m * v22, v12 + m * v22, v22];
            self.a = a;
            self.b = b;
        }
        self.stale = false;
    }

    /// Re-bins a state saved with the first format's 41 bins onto today's finer grid; each old
    /// bin's mass goes to the fine bin of its exact mean level, so the fit sees the same data.
    pub(crate) fn migrate(&mut self) {
        if self.bins.len() != OLD_BINS {
            return;
        }
        let mut bins = vec![Bin::default(); BINS];
        for old in &self.bins {
            // Also skips a NaN weight, which `check` then refuses.
            if old.weight.partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater) {
                continue;
            }
            let level = old.level_sum / old.weight;
            let at = ((level - LEVEL_MIN) / BIN_WIDTH).round();
            if !at.is_finite() {
                continue;
            }
            let bin = &mut bins[(at.max(0.0) as usize).min(BINS - 1)];
            bin.weight += old.weight;
            bin.solved += old.solved;
            bin.level_sum += old.level_sum;
        }
        self.bins = bins;
    }

    /// Checks a restored state; errors name the field under `at`.
    pub(crate) fn check(&self, at: &str) -> Result<(), CurriculumError> {
        if self.bins.len() != BINS {
            return Err(CurriculumError::state_field(
                format!("{at}.bins"),
                format_args!("{} bins", self.bins.len()),
                format_args!("exactly {BINS} bins"),
            ));
        }
        for (i, bin) in self.bins.iter().enumerate() {
            let field = |f: &str| format!("{at}.bins[{i}].{f}");
            check_float(field("weight"), bin.weight, 0.0, f64::MAX)?;
            // Discounting rounds each sum separately, hence the relative slack.
            let slack = 1.0 + 1e-9;
            check_float(field("solved"), bin.solved, 0.0, bin.weight * slack)?;
            check_float(
                field("level_sum"),
                bin.level_sum,
                LEVEL_MIN * bin.weight,
                LEVEL_MAX * bin.weight * slack,
            )?;
        }
        let f = |name: &str| format!("{at}.{name}");
        check_float(f("a"), self.a, -1e6, 1e6)?;
        check_float(f("b"), self.b, MIN_SLOPE, 1e6)?;
        check_float(f("cov[0]"), self.cov[0], 0.0, f64::MAX)?;
        check_float(f("cov[1]"), self.cov[1], f64::MIN, f64::MAX)?;
        check_float(f("cov[2]"), self.cov[2], 0.0, f64::MAX)?;
        check_float(f("offset"), self.offset, -MAX_OFFSET, MAX_OFFSET)?;
        check_float(f("centre"), self.centre, LEVEL_MIN, LEVEL_MAX)?;
        check_float(f("centre_sd"), self.centre_sd, 0.0, f64::MAX)?;
        check_float(f("surprise"), self.surprise, -1.0, 1.0)?;
        match self.variance {
            Some(v) => check_float(f("variance"), v, 0.0, 1.0),
            None => Ok(()),
        }
    }

    /// Overrules the fit where the bins' own rates show its choice is wrong: the bin nearest
    /// `fitted` has data whose rate misses the target by more than `LOCAL_OK` logits and by
    /// `LOCAL_Z` standard errors. Then the choice is the bin whose rate is nearest the target
    /// (in logits, plus a small cost per level of distance from `fitted`), among bins with data.
    /// Returns that bin's level, its miss in logits and the range to explore: outward from the
    /// bin up to `explore` levels, stopping before a neighbour with data whose rate differs by
    /// more than `LOCAL_EDGE` logits. None means: follow the fit.
    fn local_choice(&self, target: f64, fitted: f64) -> Option<(f64, f64, [f64; 2])> {
        if self
            .variance
            .is_some_and(|v| v < LOCAL_MIN_VARIANCE * target * (1.0 - target))
        {
            // Whatever side the bins would pick, its groups nearly all agree: follow the fit,
            // which holds the target by mixing levels across the cliff.
            return None;
        }
        let rate = |bin: &Bin, level: f64| {
            let prior = sigmoid(self.a - self.b * (level - self.offset));
            (bin.solved + LOCAL_PRIOR * prior) / (bin.weight + LOCAL_PRIOR)
        };
        let level_of = |k: usize| LEVEL_MIN + k as f64 * BIN_WIDTH;
        let at = bin_of(fitted);
        let here = &self.bins[at];
        let r = rate(here, level_of(at));
        let se = (target * (1.0 - target) / (here.weight + LOCAL_PRIOR)).sqrt();
        let miss = (logit(r) - logit(target)).abs();
        let fit_is_fine = if here.weight < LOCAL_MIN_WEIGHT {
            // Untested: the fit gets the benefit of the doubt, unless it has just been shown
            // wrong (its old bin's evidence has faded, not turned good).
            !self.local
        } else {
            miss <= LOCAL_OK || (r - target).abs() <= LOCAL_Z * se
        };
        if fit_is_fine {
            return None;
        }
        let (mut best, mut best_cost, mut best_miss) = (at, f64::INFINITY, miss);
        for (k, bin) in self.bins.iter().enumerate() {
            if bin.weight < CANDIDATE_MIN_WEIGHT {
                continue;
            }
            let level = level_of(k);
            let miss = (logit(rate(bin, level)) - logit(target)).abs();
            let cost = miss + LOCAL_DISTANCE_COST * (level - fitted).abs();
            if cost < best_cost {
                (best, best_cost, best_miss) = (k, cost, miss);
            }
        }
        let centre = level_of(best);
        let anchor = logit(rate(&self.bins[best], centre));
        let reach = (self.params.explore / BIN_WIDTH).round() as usize;
        let passable = |k: usize| {
            let bin = &self.bins[k];
            bin.weight < CANDIDATE_MIN_WEIGHT
                || (logit(rate(bin, level_of(k))) - anchor).abs() <= LOCAL_EDGE
        };
        let (mut lo, mut hi) = (best, best);
        while lo > 0 && best - (lo - 1) <= reach && passable(lo - 1) {
            lo -= 1;
        }
        while hi + 1 < BINS && (hi + 1) - best <= reach && passable(hi + 1) {
            hi += 1;
        }
        Some((centre, best_miss, [level_of(lo), level_of(hi)]))
    }

    /// Where the levels above the fit's choice (`CLIMB_RANGE`) hold the target although the fit
    /// expects them well below it, the curve came back up past a dip, and the level that holds
    /// the target is up there: returns the lowest level of that range. A monotone curve never
    /// does this but by chance, which `CLIMB_EVIDENCE` and `CLIMB_SURPRISE` make rare.
    fn climb(&self, target: f64, fitted: f64) -> Option<f64> {
        let (lo, hi) = (
            bin_of(fitted + CLIMB_RANGE[0]),
            bin_of(fitted + CLIMB_RANGE[1]),
        );
        let (mut weight, mut solved, mut expected) = (0.0, 0.0, 0.0);
        for bin in &self.bins[lo..=hi] {
            if bin.weight <= 1e-9 {
                continue;
            }
            weight += bin.weight;
            solved += bin.solved;
            let level = bin.level_sum / bin.weight;
            expected += bin.weight * sigmoid(self.a - self.b * (level - self.offset));
        }
        let comes_back = weight >= CLIMB_EVIDENCE
            && solved / weight >= target
            && expected / weight <= target - CLIMB_SURPRISE;
        comes_back.then_some(LEVEL_MIN + lo as f64 * BIN_WIDTH)
    }

    /// The level where the fitted curve crosses `target`, and its standard deviation.
    pub fn inverse(&self, target: f64) -> (f64, f64) {
        let level = (self.a - logit(target)) / self.b;
        let (da, db) = (1.0 / self.b, -level / self.b);
        let var = da * da * self.cov[0] + 2.0 * da * db * self.cov[1] + db * db * self.cov[2];
        (level, var.max(0.0).sqrt())
    }

    /// The fitted solve rate at a level.
    pub fn predict(&self, level: f64) -> f64 {
        sigmoid(self.a - self.b * level)
    }
}

impl Controller for TargetRate {
    fn choose(&mut self, target: f64, rng: &mut ProblemRng) -> f64 {
        if self.stale {
            self.fit();
        }
        let (mut level, mut sd) = self.inverse(target);
        let mut fitted = (level + self.offset).clamp(LEVEL_MIN, LEVEL_MAX);
        if !self.local
            && let Some(above) = self.climb(target, fitted)
        {
            // The fit holds the target at the entry of a dip. Forget what lies below the levels
            // that come back up, as after a sudden change, and refit on what is left: mostly
            // the levels above, where the right level is.
            for bin in &mut self.bins[..bin_of(above)] {
                bin.decay(DETECT_KEEP);
            }
            self.offset = 0.0;
            self.surprise = 0.0;
            self.fit();
            (level, sd) = self.inverse(target);
            fitted = (level + self.offset).clamp(LEVEL_MIN, LEVEL_MAX);
        }
        self.centre_sd = sd;
        let local = self.local_choice(target, fitted);
        self.local = local.is_some();
        if let Some((centre, miss, [lo, hi])) = local {
            self.centre = centre;
            // Where even the best bin is poor, spend a few problems looking further away: a
            // curve that dips can come back up past the dip, which no monotone fit predicts.
            // Only a level the bins know nothing about is worth a probe.
            if miss > PROBE_WHEN && unit(rng) < PROBE_SHARE {
                let probe = fitted + PROBE_REACH * (2.0 * unit(rng) - 1.0);
                if self.bins[bin_of(probe)].weight < CANDIDATE_MIN_WEIGHT {
                    return probe;
                }
            }
            // Never explore across a cliff: that is what mixes all-right and all-wrong groups
            // into a mean that looks on target.
            return lo + (hi - lo) * unit(rng);
        }
        self.centre = fitted;
        if self.b > CLIMB_STEEP * self.params.slope && unit(rng) < CLIMB_SHARE {
            // A look above: the evidence `climb` reads.
            return fitted + CLIMB_RANGE[0] + (CLIMB_RANGE[1] - CLIMB_RANGE[0]) * unit(rng);
        }
        let spread = if sd.is_finite() {
            sd.clamp(self.params.explore, MAX_SPREAD)
        } else {
            MAX_SPREAD
        };
        fitted + spread * (2.0 * unit(rng) - 1.0)
    }

    fn observe(&mut self, obs: Observation) {
        let keep = 1.0 - 1.0 / self.params.memory;
        for bin in &mut self.bins {
            bin.decay(keep);
        }
        // Scale a large group down to the cap, keeping its rate (see `max_group_weight`).
        let n = f64::from(obs.n).min(self.params.max_group_weight);
        let solved = obs.rate() * n;
        let bin = &mut self.bins[bin_of(obs.level)];
        bin.weight += n;
        bin.solved += solved;
        bin.level_sum += n * obs.level;
        let error = obs.rate() - obs.target;
        self.stale = true;
        if obs.n >= 2 {
            // The unbiased variance of 0/1 rewards at this rate (an upper bound for graded
            // rewards, so they never turn the bins' check off).
            let n = f64::from(obs.n);
            let v = obs.rate() * (1.0 - obs.rate()) * n / (n - 1.0);
            let mean = self.variance.unwrap_or(v);
            self.variance = Some((mean + VARIANCE_RATE * (v - mean)).clamp(0.0, 1.0));
        }
        if self.local {
            // The bins steer now; integrating their misses would only wind the offset up.
            return;
        }
        self.offset = (self.offset + self.params.gain * error).clamp(-MAX_OFFSET, MAX_OFFSET);
        self.surprise += DETECT_RATE * (error - self.surprise);
        if self.surprise.abs() > DETECT_AT {
            // The learner changed faster than the memory forgets (a sudden regression, a jump):
            // drop most of the old data and the offset built on it, so the fit re-anchors on
            // what the learner does now instead of winding the offset past the new level.
            for bin in &mut self.bins {
                bin.decay(DETECT_KEEP);
            }
            self.offset = 0.0;
            self.surprise = 0.0;
        }
    }

    fn level(&self) -> f64 {
        self.centre
    }

    fn uncertainty(&self) -> Option<f64> {
        self.centre_sd.is_finite().then_some(self.centre_sd)
    }
}

/// The bin a level falls in (levels outside [0, 10] fall in the end bins).
fn bin_of(level: f64) -> usize {
    let at = ((level - LEVEL_MIN) / BIN_WIDTH).round();
    if at.is_nan() {
        0
    } else {
        (at.max(0.0) as usize).min(BINS - 1)
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn logit(p: f64) -> f64 {
    let p = p.clamp(1e-6, 1.0 - 1e-6);
    (p / (1.0 - p)).ln()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn feed(c: &mut TargetRate, a: f64, b: f64, rng: &mut ProblemRng, groups: usize) {
        for _ in 0..groups {
            let level = c.choose(0.5, rng).clamp(0.0, 10.0);
            let p = sigmoid(a - b * level);
            let solved = (0..8).filter(|_| unit(rng) < p).count() as f64;
            c.observe(Observation {
                level,
                target: 0.5,
                solved,
                n: 8,
            });
        }
    }

    #[test]
    fn bins_left_behind_never_decay_into_subnormal_floats() {
        let mut c = TargetRate::new(TargetParams::default());
        let group = |level| Observation {
            level,
            target: 0.5,
            solved: 4.0,
            n: 8,
        };
        // One group at level 7, then only level 3: bin 7's sums shrink by `keep` every group,
        // through the subnormal range (about 710 to 745 memories later) unless it is emptied.
        c.observe(group(7.0));
        let seven = bin_of(7.0);
        let until = (c.params.memory * 800.0) as usize;
        for _ in 0..until {
            c.observe(group(3.0));
            let b = c.bins[seven];
            for v in [b.weight, b.solved, b.level_sum] {
                assert!(v == 0.0 || v.is_normal(), "{b:?}");
            }
        }
        assert_eq!(c.bins[seven], Bin::default(), "forgotten at last");
    }

    #[test]
    fn fit_recovers_a_logistic_curve() {
        let mut c = TargetRate::new(TargetParams::default());
        let mut rng = ProblemRng::from_test_seed(1);
        feed(&mut c, 6.0, 1.5, &mut rng, 600);
        c.fit();
        let (level, sd) = c.inverse(0.5);
        assert!(
            (level + c.offset - 4.0).abs() < 0.3,
            "level {level} offset {}",
            c.offset
        );
        assert!(sd < 0.5, "sd {sd}");
    }

    #[test]
    fn follows_a_curve_that_moves() {
        let mut c = TargetRate::new(TargetParams::default());
        let mut rng = ProblemRng::from_test_seed(2);
        feed(&mut c, 3.0, 1.0, &mut rng, 400);
        feed(&mut c, 7.0, 1.0, &mut rng, 400);
        assert!((c.centre - 7.0).abs() < 0.4, "centre {}", c.centre);
    }

    /// Feeds a learner with any curve `p(level)` for `groups` groups of `g`; returns the share
    /// of zero-variance groups over the last half.
    fn feed_curve(
        c: &mut TargetRate,
        p: impl Fn(f64) -> f64,
        rng: &mut ProblemRng,
        groups: usize,
        g: u32,
    ) -> f64 {
        let mut zero = 0;
        for i in 0..groups {
            let level = crate::curriculum::quantize(c.choose(0.5, rng), c.level());
            let solved = (0..g).filter(|_| unit(rng) < p(level)).count() as f64;
            if i >= groups / 2 && (solved == 0.0 || solved == f64::from(g)) {
                zero += 1;
            }
            c.observe(Observation {
                level,
                target: 0.5,
                solved,
                n: g,
            });
        }
        zero as f64 / (groups - groups / 2) as f64
    }

    #[test]
    fn a_cliff_is_not_straddled() {
        // Solve rate 0.93 below level 3, 0.18 from 3 on: a mean of 0.5 is only reachable by
        // mixing the two sides, which is what a pure rate controller did.
        let cliff = |l: f64| if l < 3.0 { 0.93 } else { 0.18 };
        let mut c = TargetRate::new(TargetParams::default());
        let mut rng = ProblemRng::from_test_seed(3);
        let zero = feed_curve(&mut c, cliff, &mut rng, 1500, 8);
        // Mixing both sides wastes (0.93⁸ + 0.82⁸)/2 ≈ 0.30 of the groups; one side at most
        // 0.56 (all right) or 0.2 (all wrong). The controller must settle on the hard side.
        assert!(zero < 0.26, "zero-variance share {zero}");
    }

    #[test]
    fn a_dip_is_crossed_to_the_informative_level_behind_it() {
        // 0.93 below 3, 0.18 in [3, 5), then 0.5 from 5 on: only probing finds level 5.
        let dip = |l: f64| {
            if l < 3.0 {
                0.93
            } else if l < 5.0 {
                0.18
            } else {
                0.5
            }
        };
        // Probing is random: over eight seeds, most must end past the dip, and the waste must
        // stay far below the ≈ 0.38 of mixing 0.93-groups with 0.18-groups.
        let (mut past, mut zero_sum) = (0, 0.0);
        for seed in 0..8 {
            let mut c = TargetRate::new(TargetParams::default());
            let mut rng = ProblemRng::from_test_seed(40 + seed);
            zero_sum += feed_curve(&mut c, dip, &mut rng, 3000, 8);
            past += usize::from(c.level() >= 5.0);
        }
        assert!(past >= 6, "past the dip on {past} of 8 seeds");
        assert!(
            zero_sum / 8.0 < 0.15,
            "zero-variance share {}",
            zero_sum / 8.0
        );
    }

    #[test]
    fn a_sudden_drop_is_followed_without_winding_the_offset_up() {
        let mut c = TargetRate::new(TargetParams::default());
        let mut rng = ProblemRng::from_test_seed(5);
        let p = |centre: f64| move |l: f64| sigmoid(centre - l);
        feed_curve(&mut c, p(6.0), &mut rng, 600, 8);
        feed_curve(&mut c, p(3.0), &mut rng, 150, 8);
        assert!(c.offset.abs() < 0.5, "offset {}", c.offset);
        assert!((c.level() - 3.0).abs() < 0.6, "level {}", c.level());
    }

    #[test]
    fn a_large_group_weighs_at_most_the_cap() {
        let mut c = TargetRate::new(TargetParams::default());
        c.observe(Observation {
            level: 4.0,
            target: 0.5,
            solved: 750.0,
            n: 1000,
        });
        let bin = c.bins.iter().find(|b| b.weight > 0.0).unwrap();
        assert_eq!(bin.weight, 16.0);
        assert_eq!(bin.solved, 12.0);
        assert_eq!(bin.level_sum, 64.0);
    }

    #[test]
    fn old_bins_are_rebinned_at_their_mean_level() {
        let mut c = TargetRate::new(TargetParams::default());
        c.bins = vec![Bin::default(); OLD_BINS];
        c.bins[12] = Bin {
            weight: 10.0,
            solved: 4.0,
            level_sum: 30.5,
        };
        c.migrate();
        assert_eq!(c.bins.len(), BINS);
        assert_eq!(
            c.bins[61],
            Bin {
                weight: 10.0,
                solved: 4.0,
                level_sum: 30.5
            }
        );
        c.check("c").unwrap();
    }

    #[test]
    fn impossible_state_values_are_named() {
        let fresh = TargetRate::new(TargetParams::default());
        type Spoil = fn(&mut TargetRate);
        let cases: [(&str, Spoil); 6] = [
            ("c.b", |c| c.b = -1.0),
            ("c.offset", |c| c.offset = 50.0),
            ("c.bins[3].weight", |c| c.bins[3].weight = -2.0),
            ("c.bins[3].solved", |c| {
                c.bins[3] = Bin {
                    weight: 1.0,
                    solved: 2.0,
                    level_sum: 0.5,
                }
            }),
            ("c.centre", |c| c.centre = f64::INFINITY),
            ("c.variance", |c| c.variance = Some(-0.1)),
        ];
        for (field, spoil) in cases {
            let mut c = fresh.clone();
            spoil(&mut c);
            let err = c.check("c").unwrap_err().to_string();
            assert!(
                err.contains(&format!("`{field}`")) && err.contains("allowed"),
                "{err}"
            );
        }
    }

    #[test]
    fn prior_alone_points_at_the_start_level() {
        let c = TargetRate::new(TargetParams {
            start_level: 3.5,
            ..TargetParams::default()
        });
        assert!((c.inverse(0.5).0 - 3.5).abs() < 1e-12);
    }
}
