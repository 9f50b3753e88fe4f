//! The second round of held-out learners (issue 31): shapes the controller was not built on,
//! each made to show one way a controller can go wrong. They are item-response learners
//! ([`Shape`]) with the smooth one's knobs but where said otherwise.
//!
//! - `sharp_cliff`: solves 0.95 below level 5 + θ and 0.05 past it (θ starts at −1, so the cliff
//!   is at level 4). No level holds 0.5: only a mix of levels either side of the cliff does.
//! - `mild_dip`: the smooth curve with a shallow dip of 1.5 logits at level 3.5 (half-width
//!   0.35 levels), for a learner that no longer moves (θ = −0.5). The rate falls, dips near
//!   3.5, comes back up and falls on, crossing 0.5 at level 4.5, the right level. It also
//!   crosses 0.5 at the dip's entry (about 3.3): a controller that climbs from level 2 and only
//!   follows the rate settles there.
//! - `rise_fall`: the smooth learner whose ability rises by 3 over groups 800 to 1,100 and falls
//!   back by 3 over groups 2,000 to 2,300.

use super::irt::{IrtParams, Shape};

/// The learner's knobs for a name of this round, or None.
pub(crate) fn by_name(name: &str) -> Option<IrtParams> {
    let base = IrtParams::default();
    let (theta, shape) = match name {
        "sharp_cliff" => (
            -1.0,
            Shape::SharpCliff {
                high: 0.95,
                low: 0.05,
            },
        ),
        "mild_dip" => (
            -0.5,
            Shape::MildDip {
                at: 3.5,
                depth: 1.5,
                width: 0.35,
            },
        ),
        "rise_fall" => (
            -3.0,
            Shape::RiseFall {
                up: 800,
                down: 2000,
                ramp: 300,
                by: 3.0,
            },
        ),
        _ => return None,
    };
    // The sharp cliff moves only by learning and drift: a random walk would move it about a
    // quarter level per 200 groups, which at 1.8 of rate per level of error no controller could
    // track. The dip's learner does not move at all, so the dip stays a trap for the whole run
    // rather than until the learner outgrows it.
    let (learning_rate, drift, noise) = match shape {
        Shape::SharpCliff { .. } => (base.learning_rate, base.drift, 0.0),
        Shape::MildDip { .. } => (0.0, 0.0, 0.0),
        _ => (base.learning_rate, base.drift, base.noise),
    };
    Some(IrtParams {
        theta,
        shape,
        learning_rate,
        drift,
        noise,
        ..base
    })
}

/// The highest level at which a learner with solve curve `p` still solves `target`: for a curve
/// that dips, the level past the dip, which is where a controller should end up. None when no
/// level does.
pub(crate) fn highest_level_at(target: f64, p: impl Fn(f64) -> f64) -> Option<f64> {
    use verigym_core::params::{LEVEL_MAX, LEVEL_MIN};
    // Hundredths of a level: finer than the curriculum's quantum of 0.05.
    let steps = ((LEVEL_MAX - LEVEL_MIN) * 100.0).round() as u32;
    (0..=steps)
        .rev()
        .map(|k| LEVEL_MIN + f64::from(k) / 100.0)
        .find(|&level| p(level) >= target)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curriculum::sim::{
        ItemResponse, Learner, LearnerConfig, SimConfig, SimReport, Summary, overshoot, simulate,
    };
    use crate::curriculum::{ControllerConfig, TargetParams};

    /// The target controller on a learner of this round, seeds 0 to 4, default budget.
    fn reports(name: &str) -> Vec<SimReport> {
        (0..5)
            .map(|seed| {
                simulate(&SimConfig {
                    controller: ControllerConfig::Target(TargetParams::default()),
                    learner: LearnerConfig::Irt(by_name(name).unwrap()),
                    seed,
                    ..SimConfig::default()
                })
                .unwrap()
            })
            .collect()
    }

    fn runs(name: &str) -> Vec<Summary> {
        reports(name).into_iter().map(|r| r.summary).collect()
    }

    /// Issue 31: on a 0.95/0.05 cliff the bins kept whole batches on one side (mean window error
    /// 0.106, 29% of windows within ±0.05). Measured now: 0.017 ± 0.001.
    #[test]
    fn the_sharp_cliff_is_tracked_by_mixing_levels_across_it() {
        let rows = runs("sharp_cliff");
        let mean = rows.iter().map(|s| s.mean_window_error).sum::<f64>() / 5.0;
        assert!(mean <= 0.02, "mean window error {mean}");
        for s in &rows {
            assert!(
                s.windows_within >= 0.9,
                "seed {}: {}",
                s.seed,
                s.windows_within
            );
        }
    }

    /// Issue 31: a learner with a mild dip kept the controller at the dip's entry, where the
    /// rate is also 0.5 (on seeds 0 and 4 here, for the whole run). Now every seed ends at the
    /// right level, past the dip.
    #[test]
    fn a_mild_dip_is_left_for_the_right_level_past_it() {
        let right = learner("mild_dip").ideal_level(0.5).unwrap();
        for (seed, report) in reports("mild_dip").into_iter().enumerate() {
            // The last 500 groups, as ten trace points of 50.
            let last = &report.trace[report.trace.len() - 10..];
            let level = last.iter().map(|t| t.level).sum::<f64>() / 10.0;
            assert!(
                (level - right).abs() < 0.3,
                "seed {seed}: mean level {level}, right level {right}"
            );
        }
    }

    /// Issue 31: after a rise the controller went 0.97 to 2.08 levels past the learner's level.
    /// Measured now: at most 0.79 on these seeds.
    #[test]
    fn a_rise_and_a_fall_are_followed_without_going_a_level_past() {
        for s in runs("rise_fall") {
            let overshoot = s.overshoot.unwrap();
            assert!(overshoot < 0.9, "seed {}: overshoot {overshoot}", s.seed);
        }
    }

    fn learner(name: &str) -> ItemResponse {
        ItemResponse::new(by_name(name).unwrap(), 0)
    }

    #[test]
    fn the_sharp_cliff_has_no_level_near_even() {
        let l = learner("sharp_cliff");
        assert_eq!(l.p(3.95), 0.95);
        assert_eq!(l.p(4.05), 0.05);
        assert!((0..=200).all(|k| (l.p(f64::from(k) / 20.0) - 0.5).abs() > 0.4));
        assert_eq!(l.ideal_level(0.5), None);
    }

    #[test]
    fn the_mild_dip_comes_back_up_and_its_right_level_is_past_it() {
        let l = learner("mild_dip");
        assert!(l.p(3.5) < l.p(3.9), "the rate comes back up after the dip");
        assert!(
            l.p(3.5) < 0.5 && l.p(3.0) > 0.5,
            "the dip holds 0.5 on its way down"
        );
        let ideal = l.ideal_level(0.5).unwrap();
        assert!((ideal - 4.5).abs() < 0.05, "ideal {ideal}");
    }

    #[test]
    fn the_rise_and_fall_move_ability_by_the_same_amount() {
        let params = IrtParams {
            learning_rate: 0.0,
            drift: 0.0,
            noise: 0.0,
            ..by_name("rise_fall").unwrap()
        };
        let mut l = ItemResponse::new(params, 0);
        let problem = crate::curriculum::Curriculum::new(
            crate::curriculum::CurriculumConfig::single("modarith", 0),
        )
        .unwrap()
        .next(1)
        .unwrap()
        .remove(0);
        let theta = |l: &mut ItemResponse, groups: u64| {
            for _ in 0..groups {
                l.answer(&problem, 8);
            }
            l.skill()
        };
        assert_eq!(theta(&mut l, 799), -3.0);
        assert!((theta(&mut l, 301) - 0.0).abs() < 1e-9);
        assert!((theta(&mut l, 899) - 0.0).abs() < 1e-9);
        assert!((theta(&mut l, 301) + 3.0).abs() < 1e-9);
    }

    #[test]
    fn overshoot_counts_past_the_ideal_in_the_direction_of_each_change() {
        let cfg = LearnerConfig::Irt(IrtParams {
            shape: Shape::RiseFall {
                up: 2,
                down: 4,
                ramp: 1,
                by: 1.0,
            },
            ..IrtParams::default()
        });
        // Before the rise nothing counts; after it 0.7 above; after the fall 0.4 below.
        let levels = [
            (9.0, Some(2.0)),
            (9.0, Some(2.0)),
            (3.7, Some(3.0)),
            (2.0, Some(3.0)),
            (1.6, Some(2.0)),
            (2.5, Some(2.0)),
        ];
        let over = overshoot(&cfg, &levels, 1).unwrap();
        assert!((over - 0.7).abs() < 1e-9, "{over}");
        let levels = [
            (2.0, Some(2.0)),
            (2.0, Some(2.0)),
            (2.0, Some(3.0)),
            (3.0, Some(3.0)),
            (1.6, Some(2.0)),
        ];
        let over = overshoot(&cfg, &levels, 1).unwrap();
        assert!((over - 0.4).abs() < 1e-9, "{over}");
    }
}
