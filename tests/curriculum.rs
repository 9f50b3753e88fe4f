//! The curriculum: tracking on both simulated learners, exact state round trips, feedback that
//! comes late, out of order, twice or never, DAPO counts, and the `curriculum`/`simulate` CLI.

use std::io::Write;
use std::process::{Command, Stdio};

use proptest::prelude::*;
use verigym::curriculum::sim::{LearnerConfig, SimConfig, simulate};
use verigym::curriculum::{
    ControllerConfig, Curriculum, CurriculumConfig, CurriculumError, CurriculumState, DapoFilter,
    EpisodeSchedule, FeedbackSchedule, Target,
};
use verigym::{Problem, registry};

fn config(seed: u64) -> CurriculumConfig {
    CurriculumConfig::single("modarith", seed)
}

/// A fixed, id-derived group of 8 rewards: feedback any two runs can agree on.
fn rewards_for(id: &str) -> Vec<f64> {
    let h = id
        .bytes()
        .fold(7u64, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b)));
    (0..8)
        .map(|i| f64::from(u8::from((h >> i) & 1 == 1)))
        .collect()
}

fn ids(batch: &[Problem]) -> Vec<String> {
    batch.iter().map(|p| p.id.clone()).collect()
}

fn tracks(learner: &str, groups: u64) {
    let cfg = SimConfig {
        learner: LearnerConfig::by_name(learner).unwrap(),
        groups,
        seed: 3,
        ..SimConfig::default()
    };
    let report = simulate(&cfg).unwrap();
    let s = &report.summary;
    assert!(
        s.max_window_error <= 0.05,
        "{learner}: worst 200-group window is {:.3} from the target",
        s.max_window_error
    );
    assert!(s.zero_variance < 0.05, "{learner}: {}", s.zero_variance);
    assert!(s.final_skill > s.initial_skill, "{learner} did not learn");
}

#[test]
fn tracks_the_target_on_the_drifting_item_response_learner() {
    tracks("irt", 1200);
}

#[test]
fn tracks_the_target_on_the_reasoning_world_learner() {
    tracks("world", 1200);
}

#[test]
fn saved_state_restores_to_identical_batches() {
    let mut a = Curriculum::new(config(11)).unwrap();
    for _ in 0..5 {
        let batch = a.next(16).unwrap();
        // Feed back all but the last two: the restored copy must still accept them later.
        for p in &batch[..14] {
            a.record(&p.id, &rewards_for(&p.id)).unwrap();
        }
    }
    let json = serde_json::to_string(&a.state()).unwrap();
    let state: CurriculumState = serde_json::from_str(&json).unwrap();
    assert_eq!(state, a.state(), "the JSON round trip is exact");
    let mut b = Curriculum::restore(state).unwrap();
    assert_eq!(a.outstanding(), b.outstanding());
    for _ in 0..4 {
        let (x, y) = (a.next(16).unwrap(), b.next(16).unwrap());
        assert_eq!(x, y);
        for p in &x {
            a.record(&p.id, &rewards_for(&p.id)).unwrap();
            b.record(&p.id, &rewards_for(&p.id)).unwrap();
        }
    }
    assert_eq!(a.state(), b.state());
    assert_eq!(a.telemetry(), b.telemetry());
}

#[test]
fn inconsistent_states_are_refused() {
    let mut c = Curriculum::new(config(3)).unwrap();
    c.next(2).unwrap();
    let good = c.state();
    let mut dup = good.clone();
    dup.outstanding[1].serial = dup.outstanding[0].serial;
    let err = Curriculum::restore(dup).unwrap_err().to_string();
    assert!(
        err.contains("invalid curriculum state") && err.contains("duplicated"),
        "{err}"
    );
    let mut short = good.clone();
    short.next_index.clear();
    assert!(Curriculum::restore(short).is_err());
    let mut future = good;
    future.format += 1;
    assert!(
        Curriculum::restore(future)
            .unwrap_err()
            .to_string()
            .contains("format")
    );
}

/// A state file that is valid JSON of the right shape but holds values no curriculum can reach
/// is refused, and the error names the field, the value and what is allowed.
#[test]
fn impossible_values_in_a_state_file_are_named() {
    let mut c = Curriculum::new(config(4)).unwrap();
    for _ in 0..3 {
        for p in c.next(8).unwrap() {
            c.record(&p.id, &rewards_for(&p.id)).unwrap();
        }
    }
    c.next(2).unwrap();
    let good = serde_json::to_value(c.state()).unwrap();
    type Spoil = fn(&mut serde_json::Value);
    let cases: [(&str, Spoil, &str); 9] = [
        (
            "controllers[0].b",
            |v| v["controllers"][0]["b"] = (-0.5).into(),
            "-0.5",
        ),
        (
            "controllers[0].offset",
            |v| v["controllers"][0]["offset"] = 50.into(),
            "50",
        ),
        (
            "controllers[0].bins[40].weight",
            |v| v["controllers"][0]["bins"][40]["weight"] = (-3.0).into(),
            "-3",
        ),
        (
            "next_index[0]",
            |v| {
                v["next_index"][0] = 5.into();
                v["issued"] = 5.into();
            },
            "5",
        ),
        ("next_index", |v| v["next_index"][0] = 3.into(), "[3]"),
        (
            "stats[0].zero_variance",
            |v| v["stats"][0]["zero_variance"] = 1000.into(),
            "1000",
        ),
        (
            "controllers[0]",
            |v| v["controllers"][0]["params"]["memory"] = 99.into(),
            "a `target` controller with other knobs",
        ),
        (
            "outstanding[1].level",
            |v| v["outstanding"][1]["level"] = 11.into(),
            "11",
        ),
        ("rounds", |v| v["rounds"] = 1000.into(), "1000"),
    ];
    for (field, spoil, value) in cases {
        let mut v = good.clone();
        spoil(&mut v);
        let state: CurriculumState = serde_json::from_value(v).unwrap();
        let err = Curriculum::restore(state).unwrap_err().to_string();
        assert!(
            err.contains(&format!("`{field}` = {value}")) && err.contains("allowed"),
            "{field}: {err}"
        );
    }
}

/// A state saved by the first layout (41 bins of 0.25 levels, no detector fields) still loads.
#[test]
fn a_state_from_the_first_layout_still_loads() {
    let mut c = Curriculum::new(config(6)).unwrap();
    for p in c.next(8).unwrap() {
        c.record(&p.id, &rewards_for(&p.id)).unwrap();
    }
    let mut v = serde_json::to_value(c.state()).unwrap();
    v.as_object_mut().unwrap().remove("rounds");
    let target = v["controllers"][0].as_object_mut().unwrap();
    target.remove("local");
    target.remove("surprise");
    target.remove("variance");
    target["params"]
        .as_object_mut()
        .unwrap()
        .remove("max_group_weight");
    let bins = target["bins"].as_array().unwrap().clone();
    let mut old = vec![serde_json::json!({"weight": 0.0, "solved": 0.0, "level_sum": 0.0}); 41];
    for bin in bins.iter().filter(|b| b["weight"].as_f64().unwrap() > 0.0) {
        let level = bin["level_sum"].as_f64().unwrap() / bin["weight"].as_f64().unwrap();
        let k = (level / 0.25).round() as usize;
        for key in ["weight", "solved", "level_sum"] {
            let sum = old[k][key].as_f64().unwrap() + bin[key].as_f64().unwrap();
            old[k][key] = sum.into();
        }
    }
    target["bins"] = old.into();
    let state: CurriculumState = serde_json::from_value(v).unwrap();
    let mut restored = Curriculum::restore(state).unwrap();
    assert_eq!(restored.next(4).unwrap().len(), 4);
}

/// The goal of the held-out learners: on the dip and the cliff the target controller wastes at
/// most 0.02 more zero-variance groups than the best baseline (mean over five seeds), and after
/// a sudden regression it never overshoots the new level by a full level. Uniform and RLVE are
/// left out to keep the test short; they waste far more on both shapes (docs/curriculum.md).
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn held_out_learners_meet_their_goals() {
    use verigym::curriculum::sim::{compare, mean_sd};
    let controllers: Vec<ControllerConfig> = ["target", "fixed", "reasoning_gym", "ada_rft"]
        .iter()
        .map(|n| ControllerConfig::by_name(n).unwrap())
        .collect();
    let learners: Vec<LearnerConfig> = ["dip", "cliff"]
        .iter()
        .map(|n| LearnerConfig::by_name(n).unwrap())
        .collect();
    let seeds = [0, 1, 2, 3, 4];
    let rows = compare(&controllers, &learners, &seeds, &SimConfig::default()).unwrap();
    for learner in ["dip", "cliff"] {
        let zero = |controller: &str| {
            mean_sd(
                rows.iter()
                    .filter(|s| s.learner == learner && s.controller == controller)
                    .map(|s| s.zero_variance),
            )
            .0
        };
        let best = ["fixed", "reasoning_gym", "ada_rft"]
            .map(zero)
            .into_iter()
            .fold(f64::INFINITY, f64::min);
        assert!(
            zero("target") <= best + 0.02,
            "{learner}: target {} against the best baseline's {best}",
            zero("target")
        );
    }
    let regression = [LearnerConfig::by_name("regression").unwrap()];
    for s in compare(
        &controllers[..1],
        &regression,
        &seeds,
        &SimConfig::default(),
    )
    .unwrap()
    {
        let overshoot = s.overshoot.unwrap();
        assert!(overshoot < 1.0, "seed {}: overshoot {overshoot}", s.seed);
    }
}

#[test]
fn same_seed_and_feedback_give_the_same_batches_and_ids_never_repeat() {
    let run = |seed| {
        let mut c = Curriculum::new(config(seed)).unwrap();
        let mut all = Vec::new();
        for _ in 0..10 {
            let batch = c.next(8).unwrap();
            for p in &batch {
                c.record(&p.id, &rewards_for(&p.id)).unwrap();
            }
            all.extend(ids(&batch));
        }
        all
    };
    let first = run(5);
    assert_eq!(first, run(5));
    assert_ne!(first, run(6));
    let mut sorted = first.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), first.len());
}

#[test]
fn issued_records_are_exactly_what_generate_makes_at_that_level() {
    let mut c = Curriculum::new(config(8)).unwrap();
    for p in c.next(12).unwrap() {
        let direct = crate::support::generator("modarith", p.meta.level, &[], 8).record(p.index);
        assert_eq!(p, direct);
    }
}

#[test]
fn unknown_and_repeated_ids_are_clear_errors() {
    let mut c = Curriculum::new(config(1)).unwrap();
    let err = c.record("nope-7", &[1.0]).unwrap_err();
    assert!(matches!(err, CurriculumError::UnknownId { .. }));
    assert!(err.to_string().contains("`nope-7`"), "{err}");
    let p = c.next(1).unwrap().remove(0);
    c.record(&p.id, &[1.0, 0.0]).unwrap();
    let again = c.record(&p.id, &[1.0, 0.0]).unwrap_err().to_string();
    assert!(
        again.contains(&p.id) && again.contains("already recorded"),
        "{again}"
    );
}

#[test]
fn rewards_outside_the_unit_interval_are_rejected_and_the_problem_stays_open() {
    let mut c = Curriculum::new(config(1)).unwrap();
    let p = c.next(1).unwrap().remove(0);
    for bad in [1.5, -0.1, f64::NAN, f64::INFINITY] {
        let err = c.record(&p.id, &[1.0, bad]).unwrap_err();
        assert!(matches!(
            err,
            CurriculumError::InvalidReward { position: 1, .. }
        ));
        assert!(err.to_string().contains(&p.id), "{err}");
    }
    assert_eq!(c.outstanding(), 1);
    c.record(&p.id, &[1.0, 0.0]).unwrap();
    assert_eq!(c.outstanding(), 0);
}

#[test]
fn late_out_of_order_missing_and_empty_feedback() {
    let mut c = Curriculum::new(CurriculumConfig {
        max_outstanding: 20,
        ..config(2)
    })
    .unwrap();
    let first = c.next(10).unwrap();
    let second = c.next(10).unwrap();
    // Out of order: the second batch first, backwards.
    for p in second.iter().rev() {
        c.record(&p.id, &rewards_for(&p.id)).unwrap();
    }
    // Late: the first batch after a third was issued; one empty (no feedback), one never.
    let third = c.next(5).unwrap();
    c.record(&first[0].id, &[]).unwrap();
    for p in &first[2..] {
        c.record(&p.id, &rewards_for(&p.id)).unwrap();
    }
    let t = c.telemetry();
    assert_eq!(t.envs[0].stats.issued, 25);
    assert_eq!(t.envs[0].stats.groups, 18);
    assert_eq!(t.envs[0].stats.empty, 1);
    assert_eq!(t.envs[0].outstanding, 6); // first[1] and the third batch
    // Never: past max_outstanding the oldest is dropped, and its late feedback is unknown.
    c.next(15).unwrap();
    assert_eq!(c.telemetry().envs[0].stats.expired, 1);
    assert!(matches!(
        c.record(&first[1].id, &[1.0]),
        Err(CurriculumError::UnknownId { .. })
    ));
    c.record(&third[0].id, &[0.0, 1.0]).unwrap();
}

#[test]
fn telemetry_counts_zero_variance_and_effective_samples() {
    let mut c = Curriculum::new(config(4)).unwrap();
    let batch = c.next(3).unwrap();
    c.record(&batch[0].id, &[1.0; 8]).unwrap();
    c.record(&batch[1].id, &[0.0; 8]).unwrap();
    c.record(&batch[2].id, &[1.0, 0.0, 0.0, 0.0]).unwrap();
    let t = c.telemetry();
    assert_eq!(t.samples, 20);
    assert_eq!(t.effective_samples, 4);
    assert!((t.zero_variance_fraction.unwrap() - 2.0 / 3.0).abs() < 1e-12);
    assert!((t.solve_rate.unwrap() - 9.0 / 20.0).abs() < 1e-12);
    assert!(t.envs[0].uncertainty.is_some());
}

#[test]
fn weights_interleave_envs_exactly_and_bad_configs_name_the_problem() {
    let mut cfg = config(0);
    cfg.target = Target::Band([0.2, 0.6]);
    cfg.envs[0].weight = 3;
    let mut c = Curriculum::new(cfg.clone()).unwrap();
    assert_eq!(c.next(9).unwrap().len(), 9);
    let bad = |f: fn(&mut CurriculumConfig)| {
        let mut cfg = config(0);
        f(&mut cfg);
        Curriculum::new(cfg).unwrap_err().to_string()
    };
    assert!(bad(|c| c.target = Target::Band([0.6, 0.2])).contains("band"));
    assert!(bad(|c| c.target = Target::Rate(1.0)).contains("target"));
    assert!(bad(|c| c.envs[0].id = "nope".into()).contains("unknown env `nope`"));
    assert!(bad(|c| c.envs.clear()).contains("`envs` is empty"));
    assert!(bad(|c| c.envs.push(c.envs[0].clone())).contains("listed twice"));
    assert!(
        bad(|c| {
            c.envs[0]
                .params
                .insert("steps".into(), serde_json::json!(0));
        })
        .contains("`steps`: 0")
    );
    assert!(bad(|c| c.controller = ControllerConfig::Fixed { level: 11.0 }).contains("level"));
}

#[test]
fn dapo_filter_keeps_groups_with_mixed_raw_correctness() {
    let env = registry::find("modarith").unwrap();
    let generator = env.generator(Some(3.0), &Default::default(), 9).unwrap();
    let mut filter = DapoFilter::new();
    let mut groups = Vec::new();
    for i in 0..6u64 {
        let record = generator.record(i);
        let problem = env
            .load_problem(&serde_json::to_string(&record).unwrap())
            .unwrap();
        let right = format!("<answer>{}</answer>", record.answer);
        // Group i has i right answers out of 5: 0 and 5 carry no signal.
        let correct: Vec<bool> = (0..5u64)
            .map(|j| {
                let response = if j < i {
                    right.as_str()
                } else {
                    "<answer>x</answer>"
                };
                problem.verify(response).correct
            })
            .collect();
        groups.push(correct);
    }
    let kept = filter.filter(groups, |g| g.as_slice());
    assert_eq!(kept.len(), 4);
    assert_eq!((filter.all_wrong, filter.all_correct), (1, 1));
    assert_eq!(filter.dropped_samples, 10);
}

#[test]
fn every_controller_runs_in_a_short_simulation() {
    for controller in ControllerConfig::all() {
        for learner in ["irt", "world"] {
            let cfg = SimConfig {
                controller: controller.clone(),
                learner: LearnerConfig::by_name(learner).unwrap(),
                groups: 100,
                ..SimConfig::default()
            };
            let s = simulate(&cfg).unwrap().summary;
            assert!((0.0..=1.0).contains(&s.solve_rate), "{s:?}");
            assert_eq!(s.samples, 800);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Whatever valid rewards come back (empty groups included), every controller keeps its
    /// levels in [0, 10] and never panics.
    #[test]
    fn levels_stay_in_range_for_any_valid_feedback(
        kind in 0usize..6,
        seed in any::<u64>(),
        groups in prop::collection::vec(
            prop::collection::vec(prop::sample::select(vec![0.0, 0.25, 0.5, 1.0]), 0..10),
            1..60,
        ),
    ) {
        let mut cfg = config(seed);
        cfg.controller = ControllerConfig::all().swap_remove(kind);
        let mut c = Curriculum::new(cfg).unwrap();
        for rewards in &groups {
            let p = c.next(1).unwrap().remove(0);
            let level = p.meta.level.unwrap();
            prop_assert!((0.0..=10.0).contains(&level));
            c.record(&p.id, rewards).unwrap();
        }
        for e in c.telemetry().envs {
            prop_assert!((0.0..=10.0).contains(&e.level));
        }
        let state = c.state();
        let back: CurriculumState = serde_json::from_str(&serde_json::to_string(&state).unwrap()).unwrap();
        prop_assert_eq!(back, state);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// The restore checks raise no false alarm: every state a curriculum can reach (several
    /// envs, a band target, feedback late, empty or never, problems expiring) restores, and
    /// the restored copy plans exactly as the original.
    #[test]
    fn every_reachable_state_passes_the_restore_checks(
        kind in 0usize..6,
        seed in any::<u64>(),
        weights in prop::collection::vec(1u32..5, 1..4),
        rounds in prop::collection::vec(
            (1usize..6, prop::collection::vec(
                prop::option::of(prop::collection::vec(prop::sample::select(vec![0.0, 0.5, 1.0]), 0..9)),
                0..6,
            )),
            1..25,
        ),
    ) {
        let mut cfg = config(seed);
        cfg.controller = ControllerConfig::all().swap_remove(kind);
        cfg.target = Target::Band([0.3, 0.7]);
        cfg.max_outstanding = 5;
        cfg.envs = ["modarith", "sat", "countdown"]
            .iter()
            .zip(&weights)
            .map(|(id, &weight)| verigym::curriculum::EnvWeight {
                id: (*id).to_owned(),
                weight,
                params: Default::default(),
                episode: None,
            })
            .collect();
        let mut c = Curriculum::new(cfg).unwrap();
        let mut open: Vec<String> = Vec::new();
        let mut serial = 0;
        for (n, replies) in &rounds {
            for p in c.plan(*n) {
                let id = format!("p{serial}");
                serial += 1;
                c.track(&id, p).unwrap();
                open.push(id);
            }
            // Answer some open problems, newest first; `None` leaves one unanswered for now.
            for reply in replies {
                let Some(id) = open.pop() else { break };
                match reply {
                    Some(rewards) => {
                        // Expired problems are unknown by now; that is allowed feedback loss.
                        let _ = c.record(&id, rewards);
                    }
                    None => open.insert(0, id),
                }
            }
        }
        let state = c.state();
        let json = serde_json::to_string(&state).unwrap();
        let back: CurriculumState = serde_json::from_str(&json).unwrap();
        let mut restored = Curriculum::restore(back).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(restored.plan(7), c.plan(7));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any float is either a valid reward (finite, in [0, 1]) and accepted, or rejected with an
    /// error naming the problem, which then stays open.
    #[test]
    fn rewards_are_accepted_exactly_when_finite_and_in_the_unit_interval(
        values in prop::collection::vec(
            prop_oneof![
                0.0f64..=1.0,
                any::<f64>(),
                Just(f64::NAN),
                Just(f64::NEG_INFINITY),
                Just(-0.0),
                Just(1.0 + f64::EPSILON),
            ],
            0..8,
        ),
    ) {
        let mut c = Curriculum::new(config(0)).unwrap();
        let p = c.next(1).unwrap().remove(0);
        let valid = values.iter().all(|v| v.is_finite() && (0.0..=1.0).contains(v));
        match c.record(&p.id, &values) {
            Ok(()) => prop_assert!(valid),
            Err(e) => {
                prop_assert!(!valid);
                prop_assert!(e.to_string().contains(&p.id));
                prop_assert_eq!(c.outstanding(), 1);
            }
        }
    }
}

#[test]
fn a_band_target_centres_the_realized_rate() {
    let cfg = SimConfig {
        target: Target::Band([0.3, 0.7]),
        groups: 800,
        seed: 1,
        ..SimConfig::default()
    };
    let s = simulate(&cfg).unwrap().summary;
    assert!((s.solve_rate - 0.5).abs() < 0.05, "{}", s.solve_rate);
}

fn verigym() -> Command {
    Command::new(env!("CARGO_BIN_EXE_verigym"))
}

/// A scratch directory for one test, removed with its files when the test ends.
struct Scratch(tempfile::TempDir);

impl std::ops::Deref for Scratch {
    type Target = std::path::Path;

    fn deref(&self) -> &std::path::Path {
        self.0.path()
    }
}

fn scratch(name: &str) -> Scratch {
    let dir = tempfile::Builder::new()
        .prefix(&format!("verigym-cur-{name}-"))
        .tempdir()
        .unwrap();
    Scratch(dir)
}

/// The reward lines a client would send for `rounds` rounds, computed with the library.
fn client_lines(cfg: &CurriculumConfig, rounds: usize) -> (Vec<String>, Vec<String>) {
    let mut c = Curriculum::new(cfg.clone()).unwrap();
    let (mut problems, mut replies) = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        let batch = c.next(cfg.batch as usize).unwrap();
        // Answer out of order: the batch reversed.
        for p in batch.iter().rev() {
            let r = rewards_for(&p.id);
            c.record(&p.id, &r).unwrap();
            replies.push(serde_json::json!({"id": p.id, "rewards": r}).to_string());
        }
        problems.extend(batch.iter().map(|p| serde_json::to_string(p).unwrap()));
    }
    (problems, replies)
}

fn serve(args: &[&str], stdin: &[String]) -> std::process::Output {
    let mut child = verigym()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    for line in stdin {
        writeln!(input, "{line}").unwrap();
    }
    drop(input);
    child.wait_with_output().unwrap()
}

#[test]
fn cli_curriculum_round_trip_with_resume() {
    let dir = scratch("loop");
    let config_path = dir.join("c.toml");
    std::fs::write(
        &config_path,
        "seed = 7\nbatch = 4\n[[envs]]\nid = \"modarith\"\n",
    )
    .unwrap();
    let cfg: CurriculumConfig =
        toml::from_str(&std::fs::read_to_string(&config_path).unwrap()).unwrap();
    let (mut problems, replies) = client_lines(&cfg, 4);
    problems.truncate(12);
    let config = config_path.to_str().unwrap();
    let state = dir.join("state.json");
    let state = state.to_str().unwrap();

    let run = |extra: &[&str], replies: &[String]| {
        let mut args = vec!["curriculum", "--config", config, "--state", state];
        args.extend_from_slice(extra);
        let out = serve(&args, replies);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        split_acks(&out.stdout, out.stderr)
    };
    let saved_issued = || {
        let text = std::fs::read_to_string(state).unwrap();
        serde_json::from_str::<CurriculumState>(&text)
            .unwrap()
            .issued
    };

    // Two rounds, stop, resume for the third: the same problems as the library produced, and
    // one acknowledgement per saved round.
    let (mut seen, acks, _) = run(&["--rounds", "2"], &replies[..8]);
    assert_eq!(saved_issued(), 8);
    assert_eq!(acks.len(), 2);
    assert_eq!(acks[1]["ack"]["round"], 2);
    assert_eq!(acks[1]["ack"]["recorded"], 4);
    assert_eq!(acks[1]["ack"]["issued"], 8);
    assert_eq!(acks[1]["ack"]["state"], state);
    let (third, _, stderr) = run(&["--rounds", "1", "--telemetry"], &replies[8..12]);
    seen.extend(third);
    assert_eq!(seen, problems);
    let telemetry: serde_json::Value = serde_json::from_slice(&stderr).unwrap();
    assert_eq!(telemetry["samples"], 96);

    // Closing stdin right after a batch arrives is a clean stop.
    let (fourth, acks, _) = run(&[], &[]);
    assert_eq!((fourth.len(), acks.len()), (4, 0));
    assert_eq!(saved_issued(), 12);

    // Closing it mid-round is not: exit 2, the round named (the state's fourth), nothing saved.
    let out = serve(
        &["curriculum", "--config", config, "--state", state],
        &replies[12..13],
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("after 1 of the 4 reward lines of round 4") && err.contains("not saved"),
        "{err}"
    );
    assert_eq!(saved_issued(), 12);
}

/// Problem lines, acknowledgement lines and stderr of a `verigym curriculum` run.
fn split_acks(stdout: &[u8], stderr: Vec<u8>) -> (Vec<String>, Vec<serde_json::Value>, Vec<u8>) {
    let (mut problems, mut acks) = (Vec::new(), Vec::new());
    for line in String::from_utf8(stdout.to_vec()).unwrap().lines() {
        let value: serde_json::Value = serde_json::from_str(line).unwrap();
        if value.get("ack").is_some() {
            acks.push(value);
        } else {
            problems.push(line.to_owned());
        }
    }
    (problems, acks, stderr)
}

fn one_round_config(dir: &std::path::Path, batch: u32) -> (String, CurriculumConfig) {
    let path = dir.join("c.toml");
    let text = format!("seed = 3\nbatch = {batch}\n[[envs]]\nid = \"modarith\"\n");
    std::fs::write(&path, &text).unwrap();
    (
        path.to_str().unwrap().to_owned(),
        toml::from_str(&text).unwrap(),
    )
}

#[test]
fn cli_bad_lines_are_reported_and_the_problem_stays_open() {
    let dir = scratch("bad-lines");
    let (config, cfg) = one_round_config(&dir, 2);
    let ids = ids(&Curriculum::new(cfg).unwrap().next(2).unwrap());
    let (a, b) = (&ids[0], &ids[1]);
    let lines = [
        format!(r#"{{"id": "{a}", "rewards": [1.0, NaN]}}"#),
        format!(r#"{{"id": "{a}", "rewards": [1, "1"]}}"#),
        format!(r#"{{"id": "{a}", "rewards": [1], "score": 0.5}}"#),
        r#"{"id": "bogus", "rewards": [1]}"#.to_owned(),
        format!(r#"{{"id": "{a}", "rewards": [2]}}"#),
        "not json".to_owned(),
        // The corrected lines: bool and integer rewards are accepted.
        format!(r#"{{"id": "{a}", "rewards": [true, false, 1, 0]}}"#),
        format!(r#"{{"id": "{b}", "rewards": [0.5, 1]}}"#),
    ];
    let out = serve(
        &["curriculum", "--config", &config, "--rounds", "1"],
        &lines,
    );
    let err = String::from_utf8(out.stderr.clone()).unwrap();
    assert!(out.status.success(), "{err}");
    let (problems, acks, _) = split_acks(&out.stdout, out.stderr);
    assert_eq!(problems.len(), 2);
    assert_eq!(acks.len(), 1, "one round completed");
    assert_eq!(acks[0]["ack"]["recorded"], 2);
    assert_eq!(acks[0]["ack"]["rejected"], 6);
    assert_eq!(acks[0]["ack"]["state"], serde_json::Value::Null);
    let reports: Vec<&str> = err.lines().collect();
    assert_eq!(reports.len(), 6, "{err}");
    let expect = [
        (1, a.as_str(), "NaN"),
        (2, a, "\"1\""),
        (3, a, "`score` = 0.5"),
        (4, "bogus", "unknown problem id"),
        (5, a, "invalid reward 2"),
    ];
    for ((line, id, value), report) in expect.iter().zip(&reports) {
        assert!(
            report.contains(&format!("stdin line {line} ignored"))
                && report.contains(&format!("`{id}`"))
                && report.contains(value),
            "{report}"
        );
    }
    assert!(reports[0].contains("stays open"), "{}", reports[0]);
    assert!(reports[5].contains("stdin line 6") && reports[5].contains("not JSON"));
}

#[test]
fn cli_batch_size_changes_per_request_and_on_resume() {
    let dir = scratch("batch");
    let (config, cfg) = one_round_config(&dir, 2);
    let state = dir.join("state.json");
    let state = state.to_str().unwrap();
    let mut lib = Curriculum::new(cfg).unwrap();
    let mut round = |n: usize| {
        let batch = lib.next(n).unwrap();
        for p in &batch {
            lib.record(&p.id, &rewards_for(&p.id)).unwrap();
        }
        batch
    };
    let first = round(3);
    let second = round(5);
    let reply = |p: &verigym::Problem| {
        serde_json::json!({"id": p.id, "rewards": rewards_for(&p.id)}).to_string()
    };
    // --batch overrides the config; a {"batch": N} line sizes the rounds after this one.
    let mut lines = vec![r#"{"batch": 5}"#.to_owned()];
    lines.extend(first.iter().map(reply));
    lines.extend(second.iter().map(reply));
    let out = serve(
        &[
            "curriculum",
            "--config",
            &config,
            "--state",
            state,
            "--batch",
            "3",
            "--rounds",
            "2",
        ],
        &lines,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (problems, acks, _) = split_acks(&out.stdout, out.stderr);
    assert_eq!(problems.len(), 8);
    assert_eq!(acks.len(), 2, "{acks:?}");
    assert_eq!(acks[0]["ack"]["recorded"], 3);
    assert_eq!(acks[1]["ack"]["recorded"], 5);
    // The state saved under batch sizes 3 and 5 resumes under the config's 2.
    let third = round(2);
    let out = serve(
        &[
            "curriculum",
            "--config",
            &config,
            "--state",
            state,
            "--rounds",
            "1",
        ],
        &third.iter().map(reply).collect::<Vec<_>>(),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (problems, acks, _) = split_acks(&out.stdout, out.stderr);
    let expected: Vec<String> = third
        .iter()
        .map(|p| serde_json::to_string(p).unwrap())
        .collect();
    assert_eq!(problems, expected);
    // Issue 31: `round` restarted at 1 in a resumed process while `issued` kept counting.
    assert_eq!(acks.len(), 1, "{acks:?}");
    assert_eq!(acks[0]["ack"]["round"], 3, "rounds count across resumes");
    assert_eq!(acks[0]["ack"]["issued"], 10);
}

#[test]
fn cli_a_second_process_on_the_same_state_fails_clearly() {
    let dir = scratch("lock");
    let (config, _) = one_round_config(&dir, 2);
    let state = dir.join("state.json");
    let mut first = verigym()
        .args(["curriculum", "--config", &config, "--state"])
        .arg(&state)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Once its first batch is out, the first process holds the lock.
    let mut reader = std::io::BufReader::new(first.stdout.take().unwrap());
    let mut line = String::new();
    std::io::BufRead::read_line(&mut reader, &mut line).unwrap();
    let second = serve(
        &[
            "curriculum",
            "--config",
            &config,
            "--state",
            state.to_str().unwrap(),
        ],
        &[],
    );
    drop(first.stdin.take());
    assert!(first.wait().unwrap().success());
    assert_eq!(second.status.code(), Some(2));
    let err = String::from_utf8(second.stderr).unwrap();
    assert!(
        err.contains("in use by another process") && err.contains("state.json.lock"),
        "{err}"
    );
    // With the first gone, the lock is free again.
    let third = serve(
        &[
            "curriculum",
            "--config",
            &config,
            "--state",
            state.to_str().unwrap(),
        ],
        &[],
    );
    assert!(
        third.status.success(),
        "{}",
        String::from_utf8_lossy(&third.stderr)
    );
}

#[test]
fn shipped_example_config_parses_and_runs() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/envs/curriculum/example.toml");
    let cfg: CurriculumConfig = toml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut c = Curriculum::new(cfg).unwrap();
    assert_eq!(c.next(4).unwrap().len(), 4);
}

#[test]
fn cli_simulate_prints_a_table_and_writes_a_valid_svg() {
    let dir = scratch("sim");
    let svg = dir.join("plot.svg");
    let out = verigym()
        .args([
            "simulate",
            "--learner",
            "world",
            "--groups",
            "300",
            "--plot",
        ])
        .arg(&svg)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let table = String::from_utf8(out.stdout).unwrap();
    assert!(table.contains("| world | target | 1 |"), "{table}");
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(text.trim_end().ends_with("</svg>"));
    assert_eq!(text.matches("<polyline").count(), 3);
    for label in ["solve rate", "difficulty level", "learner skill", "samples"] {
        assert!(text.contains(label), "missing {label}");
    }
    // Every element opened is closed: a cheap well-formedness check without an XML parser.
    let opened = text.matches('<').count();
    let self_closed = text.matches("/>").count();
    let closing = text.matches("</").count();
    assert_eq!(opened, self_closed + 2 * closing);

    let out = verigym()
        .args(["simulate", "--preset", "nope"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("[possible values: no-signal, wasted"));

    // A plot shows one run: with --preset or --compare it is refused, and no file is written.
    for mode in [&["--preset", "wasted"][..], &["--compare"][..]] {
        let svg = dir.join("refused.svg");
        let out = verigym()
            .arg("simulate")
            .args(mode)
            .arg("--plot")
            .arg(&svg)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{mode:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("--plot") && err.contains("cannot be used with"),
            "{err}"
        );
        assert!(!svg.exists());
    }
}

#[test]
fn cli_no_signal_preset_shows_the_u_shape() {
    let out = verigym()
        .args(["simulate", "--preset", "no-signal"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("| 0 | 1 |") && text.contains("Uniform difficulty"),
        "{text}"
    );
}

/// A controller of a user's own: a staircase that steps up after a group above the target and
/// down after one below. It is not one of the shipped kinds, so only the generic curriculum can
/// drive and checkpoint it.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
struct Staircase {
    level: f64,
    step: f64,
}

impl verigym::curriculum::Controller for Staircase {
    fn choose(&mut self, _target: f64, _rng: &mut verigym::ProblemRng) -> f64 {
        self.level
    }

    fn observe(&mut self, obs: verigym::curriculum::Observation) {
        let delta = if obs.rate() > obs.target {
            self.step
        } else {
            -self.step
        };
        self.level = (self.level + delta).clamp(0.0, 10.0);
    }

    fn level(&self) -> f64 {
        self.level
    }
}

impl verigym::curriculum::SavedController for Staircase {
    fn check_restored(&self, at: &str, _: &ControllerConfig) -> Result<(), CurriculumError> {
        if !(self.step > 0.0 && self.step <= 1.0) {
            return Err(CurriculumError::state_field(
                format!("{at}.step"),
                self.step,
                "a number above 0, at most 1",
            ));
        }
        Ok(())
    }
}

#[test]
fn a_controller_of_your_own_steers_checkpoints_and_is_checked_on_restore() {
    let envs = registry::EnvSet::shipped();
    let start = Staircase {
        level: 5.0,
        step: 0.5,
    };
    let mut a = Curriculum::with_controllers(config(4), &envs, |_| start.clone()).unwrap();
    let mut levels = Vec::new();
    for _ in 0..6 {
        let batch = a.next(4).unwrap();
        for p in &batch {
            levels.push(p.meta.level.unwrap());
            // All solved: the staircase must climb, so every level is its own choice.
            a.record(&p.id, &[1.0; 8]).unwrap();
        }
    }
    assert_eq!(levels[0], 5.0);
    assert!(levels.windows(2).all(|w| w[1] >= w[0]), "{levels:?}");
    assert_eq!(*levels.last().unwrap(), 10.0, "{levels:?}");

    let json = serde_json::to_string(&a.state()).unwrap();
    let state: CurriculumState<Staircase> = serde_json::from_str(&json).unwrap();
    let mut b = Curriculum::restore_with_envs(state, &envs).unwrap();
    assert_eq!(a.next(8).unwrap(), b.next(8).unwrap());
    // Its state is not a shipped controller's, so the shipped restore refuses the file...
    assert!(serde_json::from_str::<CurriculumState>(&json).is_err());
    // ...and an impossible value of its own is refused by its own check, naming the field.
    let mut bad: CurriculumState<Staircase> = serde_json::from_str(&json).unwrap();
    bad.controllers[0].step = -2.0;
    let err = Curriculum::restore_with_envs(bad, &envs).unwrap_err();
    assert!(
        err.to_string().contains("`controllers[0].step` = -2"),
        "{err}"
    );
}

/// A learner that answers right with probability `0.9 − 0.055 · level` on each turn, so within
/// k turns with probability 1 − (1 − p)^k. Served `rounds` batches of 32 problems (4 rollouts
/// each) at target 0.4 by the target controller, with `episode` as modarith's schedule (or none:
/// then every episode has 4 turns); returns the mean |window solve rate − 0.4| over the second
/// half, windows of one batch.
fn turn_learner_error(episode: Option<EpisodeSchedule>, rounds: usize) -> f64 {
    let mut cfg = CurriculumConfig::single("modarith", 7);
    cfg.target = Target::Rate(0.4);
    cfg.envs[0].episode = episode;
    let mut c = Curriculum::new(cfg).unwrap();
    // splitmix64: the learner's own draws, fixed by the test.
    let mut state = 0x5eed_u64;
    let mut uniform = move || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        (z ^ (z >> 31)) as f64 / u64::MAX as f64
    };
    let mut errors = Vec::new();
    for round in 0..rounds {
        let batch = c.next(32).unwrap();
        let mut solved = 0.0;
        for problem in &batch {
            let level = problem.meta.level.unwrap();
            let turns = c
                .episode_options(&problem.id)
                .map_or(4, |options| options.max_turns);
            let p = 0.9 - 0.055 * level;
            let within = 1.0 - (1.0 - p).powi(turns as i32);
            let rewards: Vec<f64> = (0..4)
                .map(|_| f64::from(u8::from(uniform() < within)))
                .collect();
            solved += rewards.iter().sum::<f64>() / 4.0;
            c.record(&problem.id, &rewards).unwrap();
        }
        c.end_round();
        if round >= rounds / 2 {
            errors.push((solved / 32.0 - 0.4).abs());
        }
    }
    errors.iter().sum::<f64>() / errors.len() as f64
}

/// The turn budget is part of the difficulty: with the schedule `[4, 1]` the controller holds
/// a learner that level alone cannot challenge (4 turns solve 82% even at level 10) near the
/// target; without it the rate stays far above.
#[test]
fn a_turn_budget_schedule_holds_the_target_where_the_level_alone_cannot() {
    let schedule = EpisodeSchedule {
        feedback: FeedbackSchedule {
            max_turns: [4, 1],
            reward: Default::default(),
        },
    };
    let with = turn_learner_error(Some(schedule), 150);
    let without = turn_learner_error(None, 150);
    eprintln!("mean |rate - target|: with the schedule {with:.3}, without {without:.3}");
    assert!(with <= 0.05, "with the schedule: {with}");
    assert!(without >= 0.3, "without the schedule: {without}");
}

/// An episode schedule is validated with the env, field, value and range named, and a config
/// without one serialises exactly as before (no `episode` key).
#[test]
fn episode_schedules_are_validated_and_absent_ones_leave_no_trace() {
    let text = "[[envs]]\nid = \"sudoku\"\nepisode = { feedback = { max_turns = [4, 0] } }\n";
    let cfg: CurriculumConfig = toml::from_str(text).unwrap();
    let err = Curriculum::new(cfg).unwrap_err().to_string();
    for part in ["sudoku", "max_turns[1]", "0", "1 to 16"] {
        assert!(err.contains(part), "{err} lacks {part}");
    }
    let plain = serde_json::to_string(&CurriculumConfig::single("sudoku", 1)).unwrap();
    assert!(!plain.contains("episode"), "{plain}");
    let text = "[[envs]]\nid = \"sudoku\"\nepisode = { feedback = { max_turns = [4, 1] } }\n";
    let mut c = Curriculum::new(toml::from_str(text).unwrap()).unwrap();
    let problem = c.next(1).unwrap().remove(0);
    let options = c.episode_options(&problem.id).unwrap();
    let level = problem.meta.level.unwrap();
    let schedule = c.config().envs[0].episode.unwrap();
    assert_eq!(options, schedule.options_at(level));
    assert_eq!(c.episode_options_at(0, 10.0).unwrap().max_turns, 1);
    assert_eq!(c.episode_options("no such id"), None);
    let text = "[[envs]]\nid = \"sudoku\"\nepisode = { feedback = { max_turns = [4, 1], reward = { mode = \"discounted\", gamma = 0.5 } } }\n";
    let cfg: CurriculumConfig = toml::from_str(text).unwrap();
    let reward = cfg.envs[0].episode.unwrap().feedback.reward;
    assert_eq!(
        reward,
        verigym::episodes::RewardMode::Discounted { gamma: 0.5 }
    );
}
