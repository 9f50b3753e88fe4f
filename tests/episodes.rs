//! Episodes: the optimal agents win within the proven optimum without seeing the hidden state, no
//! action sequence panics or outlasts its budget, transcripts replay byte for byte and forged
//! ones are caught, and feedback never says more than its rule.

use proptest::prelude::*;
use serde_json::Value;

use verigym::episodes::{
    self, Episode, EpisodeError, FeedbackOptions, RewardMode, Transcript, rejudge,
};
use verigym::{AnswerFormat, registry};

use crate::support::check_golden;

/// The record of problem `index` of an interactive env at `level`, as one JSON line.
fn record(env: &str, level: f64, seed: u64, index: u64) -> String {
    let env = episodes::find_interactive(env).unwrap().as_env();
    let generator = env
        .generator(Some(level), &Default::default(), seed)
        .unwrap();
    let mut line = Vec::new();
    generator.write_jsonl(index, &mut line);
    String::from_utf8(line).unwrap().trim_end().to_string()
}

/// Plays the env's optimal agent, built from blinded data, through one episode.
fn play_optimal(env: &str, record: &str) -> Transcript {
    let mut agent = episodes::find_interactive(env)
        .unwrap()
        .optimal_agent(record)
        .unwrap();
    let mut episode = Episode::open(record, None).unwrap();
    let mut observation = episode.prompt().to_string();
    while !episode.session().done() {
        observation = episode.step(&agent.act(&observation)).unwrap().observation;
    }
    episode.transcript()
}

fn counter(transcript: &Transcript, key: &str) -> u64 {
    transcript
        .verdict
        .as_ref()
        .unwrap()
        .detail
        .as_ref()
        .unwrap()["episode"][key]
        .as_u64()
        .unwrap()
}

fn interactive_ids() -> Vec<&'static str> {
    episodes::interactive()
        .iter()
        .map(|e| e.as_env().id())
        .collect()
}

#[test]
fn the_optimal_agent_always_wins_within_the_optimum_at_every_level() {
    for env in interactive_ids() {
        for level in 0..=10 {
            for index in 0..12 {
                let record = record(env, f64::from(level), 3, index);
                let t = play_optimal(env, &record);
                assert_eq!(
                    t.reward,
                    Some(1.0),
                    "{env} level {level} index {index}: {t:?}"
                );
                assert!(
                    counter(&t, "queries") <= counter(&t, "optimum"),
                    "{env} level {level} index {index}: more queries than the optimum"
                );
            }
        }
    }
}

/// The agents see only blinded data, so their win is earned by querying: the same agent on a
/// record whose hidden state is different (another index) still wins, and a record's hidden
/// state is what decides the answer.
#[test]
fn agents_never_see_the_hidden_state() {
    for env in interactive_ids() {
        let a = record(env, 5.0, 11, 0);
        let b = record(env, 5.0, 11, 1);
        let blind = |r: &str| {
            let mut agent = episodes::find_interactive(env)
                .unwrap()
                .optimal_agent(r)
                .unwrap();
            agent.act("")
        };
        // Same table, same first move, whatever is hidden.
        let (va, vb): (Value, Value) = (
            serde_json::from_str(&a).unwrap(),
            serde_json::from_str(&b).unwrap(),
        );
        if va["params"] == vb["params"] && env != "twenty_questions" {
            assert_eq!(
                blind(&a),
                blind(&b),
                "{env}: the first move depends on the secret"
            );
        }
    }
}

#[test]
fn rewards_are_paid_only_at_the_end_and_repeats_earn_nothing() {
    let record = record("guess_number", 2.0, 1, 0);
    let mut episode = Episode::open(&record, None).unwrap();
    let budget = episode.session().budget();
    for turn in 1..budget {
        let step = episode.step("<query>1</query>").unwrap();
        assert_eq!(step.reward, 0.0);
        assert!(!step.done, "turn {turn} of {budget} ended the episode");
    }
    let last = episode.step("<query>1</query>").unwrap();
    assert!(last.done, "the budget did not end the episode");
    assert_eq!(last.reward, 0.0);
    assert_eq!(last.verdict.unwrap().reason, verigym::Reason::NoAnswer);
    assert_eq!(episode.step("<answer>1</answer>"), Err(EpisodeError::Done));
}

#[test]
fn a_wrong_or_hedged_final_answer_ends_the_episode_unpaid() {
    for env in interactive_ids() {
        let record = record(env, 3.0, 2, 0);
        let answer = serde_json::from_str::<Value>(&record).unwrap()["answer"]
            .as_str()
            .unwrap()
            .to_string();
        for hedge in [
            format!("<query>1</query><answer>{answer}</answer>"),
            format!("<think><answer>{answer}</answer></think>"),
            format!("<answer>{answer}</answer><answer>not {answer}</answer>"),
        ] {
            let mut episode = Episode::open(&record, None).unwrap();
            let step = episode.step(&hedge).unwrap();
            assert_eq!(step.reward, 0.0, "{env}: {hedge:?} was paid");
        }
        let mut episode = Episode::open(&record, None).unwrap();
        let step = episode.step(&format!("<answer>{answer}</answer>")).unwrap();
        assert_eq!(step.reward, 1.0, "{env}: the reference answer was refused");
    }
}

#[test]
fn a_tampered_record_is_refused_before_any_turn() {
    let record = record("counterfeit_coin", 5.0, 1, 0);
    let mut value: Value = serde_json::from_str(&record).unwrap();
    value["data"]["heavy"] = Value::from(0);
    let err = Episode::open(&value.to_string(), None).err().unwrap();
    assert!(err.to_string().contains("heavy"), "{err}");
    value["data"]["heavy"] = Value::from(1);
    value["env_version"] = Value::from(99);
    let err = Episode::open(&value.to_string(), None).err().unwrap();
    assert!(err.to_string().contains("env_version"), "{err}");
    let feedback = Some(FeedbackOptions::default());
    let err = Episode::open(&record, feedback).err().unwrap();
    assert!(err.to_string().contains("interactive"), "{err}");
}

#[test]
fn transcripts_replay_exactly_and_forgeries_are_caught() {
    for env in interactive_ids() {
        let t = play_optimal(env, &record(env, 6.0, 5, 2));
        let judged = rejudge(&t).unwrap();
        assert!(
            judged.consistent && judged.reward == 1.0,
            "{env}: {judged:?}"
        );

        let mut claimed = t.clone();
        claimed.reward = Some(0.5);
        assert!(
            !rejudge(&claimed).unwrap().consistent,
            "{env}: a changed reward passed"
        );

        let mut lied = t.clone();
        lied.turns[0].observation.push('!');
        assert!(
            !rejudge(&lied).unwrap().consistent,
            "{env}: a changed observation passed"
        );

        let mut extra = t.clone();
        extra.turns.push(t.turns.last().unwrap().clone());
        assert!(
            !rejudge(&extra).unwrap().consistent,
            "{env}: a turn after the end passed"
        );

        // A record with the hidden state moved to suit the answer given: reward 0.
        let mut forged = t.clone();
        let data = forged.record["data"].as_object_mut().unwrap();
        let (key, value) = data
            .iter_mut()
            .map(|(k, v)| (k.clone(), v))
            .find(|(k, _)| {
                ["heavy", "secret", "hidden", "coefficients", "values"].contains(&k.as_str())
            })
            .unwrap();
        *value = match value.take() {
            Value::Number(n) => Value::from(if n.as_u64() == Some(1) { 2 } else { 1 }),
            Value::Array(mut a) if key == "values" => {
                a.swap(0, 1);
                Value::Array(a)
            }
            Value::Array(mut a) => {
                a[0] = Value::from(u64::from(a[0] == 0));
                Value::Array(a)
            }
            Value::String(bits) => {
                let flipped = if bits.starts_with('0') { "1" } else { "0" };
                Value::String(format!("{flipped}{}", &bits[1..]))
            }
            other => panic!("{env}: no hidden state to forge in {other}"),
        };
        // Refused outright (data that breaks the env's invariants), or replayed and unpaid.
        if let Ok(judged) = rejudge(&forged) {
            assert!(
                !judged.consistent && judged.reward == 0.0 && !judged.correct,
                "{env}: a record with another {key} passed: {judged:?}"
            );
        }
    }
}

/// Golden transcripts of the optimal agents, one per env and level band: any change in prompts,
/// observations or verdicts shows here, and needs a version bump.
#[test]
fn golden_transcripts_of_the_optimal_agents() {
    let mut lines = Vec::new();
    for env in interactive_ids() {
        for level in [0.0, 5.0, 10.0] {
            let t = play_optimal(env, &record(env, level, 42, 0));
            lines.extend(serde_json::to_vec(&t).unwrap());
            lines.push(b'\n');
        }
    }
    check_golden("episodes-optimal-s42.jsonl", &lines);
}

#[test]
fn a_state_saved_midway_resumes_to_the_same_end() {
    for env in interactive_ids() {
        let record = record(env, 8.0, 9, 4);
        let whole = play_optimal(env, &record);
        let half = whole.turns.len() / 2;
        let mut first = episodes::open(&record, &Default::default()).unwrap();
        for turn in &whole.turns[..half] {
            first.step(&turn.action).unwrap();
        }
        let state = first.state();
        let state: Value = serde_json::from_str(&serde_json::to_string(&state).unwrap()).unwrap();
        let mut resumed = episodes::resume(&record, &Default::default(), state).unwrap();
        let mut last = None;
        for turn in &whole.turns[half..] {
            let step = resumed.step(&turn.action).unwrap();
            assert_eq!(
                step.observation, turn.observation,
                "{env}: resumed turns differ"
            );
            last = Some(step);
        }
        assert_eq!(
            last.unwrap().verdict,
            whole.verdict,
            "{env}: resumed verdict differs"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Any actions at all: no panic, never more turns than the budget, done exactly when the
    /// budget or an answer ends it, and nothing after.
    #[test]
    fn no_action_sequence_panics_or_outlasts_its_budget(
        env in 0usize..6,
        level in 0u32..=10,
        actions in proptest::collection::vec(
            prop_oneof![
                ".{0,40}",
                "<query>[0-9 vs,=a-z]{0,20}</query>",
                "<answer>[0-9 a-z]{0,12}</answer>",
                Just("<query>".to_string()),
                Just("<think><query>1</query></think>".to_string()),
            ],
            0..30,
        ),
    ) {
        let env = interactive_ids()[env];
        let record = record(env, f64::from(level), 7, 0);
        let mut episode = Episode::open(&record, None).unwrap();
        let budget = episode.session().budget();
        for action in &actions {
            match episode.step(action) {
                Ok(step) => {
                    prop_assert!(episode.session().turns() <= budget);
                    prop_assert!(step.reward == 0.0 || step.done);
                    prop_assert_eq!(step.done, step.verdict.is_some());
                }
                Err(e) => prop_assert_eq!(e, EpisodeError::Done),
            }
        }
        prop_assert!(rejudge(&episode.transcript()).unwrap().consistent);
    }
}

/// A response with the record's reference answer in the env's answer format.
fn reference_response(env: &dyn verigym::DynEnv, record: &Value) -> String {
    let answer = record["answer"].as_str().unwrap();
    match env.answer_format() {
        AnswerFormat::Tagged => format!("<answer>{answer}</answer>"),
        AnswerFormat::CodeBlock(_) => answer.to_string(),
    }
}

/// Every registered env's feedback episode: a wrong first answer then the reference is paid as
/// each reward mode says, and the feedback is one of the fixed sentences (a step number at
/// most), never the verdict's message.
#[test]
fn feedback_episodes_over_every_env_pay_as_their_mode_says() {
    for env in registry::envs() {
        if env.id() == "repo_fix" {
            continue; // needs rustc per answer; covered by its own tests
        }
        let generator = env.generator(Some(3.0), &Default::default(), 1).unwrap();
        let mut line = Vec::new();
        generator.write_jsonl(0, &mut line);
        let record_json = String::from_utf8(line).unwrap();
        let record: Value = serde_json::from_str(&record_json).unwrap();
        let right = reference_response(*env, &record);
        for (mode, expected) in [
            (RewardMode::Solved, 1.0),
            (RewardMode::Discounted { gamma: 0.5 }, 0.5),
            (RewardMode::FirstTurn, 0.0),
        ] {
            let options = FeedbackOptions {
                max_turns: 3,
                reward: mode,
            };
            let mut episode = Episode::open(record_json.trim_end(), Some(options)).unwrap();
            let first = episode.step("<answer>zzz not it</answer>").unwrap();
            assert!(
                !first.done,
                "{}: a wrong first answer ended the episode",
                env.id()
            );
            let said = first.observation.split(" (").next().unwrap();
            assert!(
                FIXED.contains(&said),
                "{}: feedback {said:?} is not one of the fixed sentences",
                env.id()
            );
            let last = episode.step(&right).unwrap();
            assert!(
                last.done,
                "{}: the reference did not end the episode",
                env.id()
            );
            assert_eq!(last.reward, expected, "{} under {mode:?}", env.id());
            assert!(rejudge(&episode.transcript()).unwrap().consistent);
        }
    }
}

const FIXED: &[&str] = &[
    "The answer is wrong.",
    "The answer is not in the form the problem asks for.",
    "No final answer: put it in <answer></answer>, outside any think block.",
    "The answer uses something the problem forbids.",
];

/// The feedback for modarith names the first wrong step and nothing else: not the value.
#[test]
fn step_feedback_names_a_step_not_a_value() {
    let env = registry::find("modarith").unwrap();
    let generator = env.generator(None, &Default::default(), 42).unwrap();
    let mut line = Vec::new();
    generator.write_jsonl(0, &mut line);
    let record: Value = serde_json::from_slice(&line).unwrap();
    let steps = record["data"]["steps"].as_array().unwrap();
    let wrong: Vec<String> = steps
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let v = s["value"].as_u64().unwrap();
            let v = if i == 2 { (v + 1) % 101 } else { v };
            format!("step {}: {v}", i + 1)
        })
        .collect();
    let response = format!("<think>{}</think><answer>0</answer>", wrong.join("\n"));
    let options = FeedbackOptions::default();
    let mut episode = Episode::open(
        std::str::from_utf8(&line).unwrap().trim_end(),
        Some(options),
    )
    .unwrap();
    let step = episode.step(&response).unwrap();
    assert!(step.observation.contains("Step 3"), "{}", step.observation);
    let right = steps[2]["value"].to_string();
    assert!(
        !step.observation.contains(&right) || right == "3",
        "the feedback gives the value: {}",
        step.observation
    );
}

/// Opening problem `index` straight from the generator is the same episode as opening its
/// record: the same prompt, the same record id, the same observations and verdict.
#[test]
fn an_episode_opened_from_the_generator_is_the_records_episode() {
    for env in interactive_ids() {
        let interactive = episodes::find_interactive(env).unwrap();
        for index in 0..5 {
            let record = record(env, 7.0, 13, index);
            let logged = play_optimal(env, &record);
            let (mut session, id) = interactive
                .open_generated(Some(7.0), &Default::default(), 13, index)
                .unwrap();
            assert_eq!(id, logged.record["id"].as_str().unwrap());
            assert_eq!(session.prompt(), logged.record["prompt"].as_str().unwrap());
            for turn in &logged.turns {
                assert_eq!(
                    session.step(&turn.action).unwrap().observation,
                    turn.observation
                );
            }
            assert_eq!(session.verdict(), logged.verdict.as_ref(), "{env} {index}");
        }
    }
}

/// Runs a curriculum over `counterfeit_coin` episodes for `rounds` batches, each problem played
/// four times by `learner` (which sees the record and returns an episode's transcript); returns
/// the level the curriculum ends at.
fn curriculum_level(rounds: usize, learner: impl Fn(&str, u64) -> Transcript) -> f64 {
    use verigym::curriculum::{Curriculum, CurriculumConfig};
    use verigym::registry::EnvSet;
    let env = episodes::find_interactive("counterfeit_coin")
        .unwrap()
        .as_env();
    let set = EnvSet::shipped().with(env).unwrap();
    let mut curriculum =
        Curriculum::with_envs(CurriculumConfig::single("counterfeit_coin", 7), &set).unwrap();
    for round in 0..rounds {
        for problem in curriculum.next(8).unwrap() {
            let record = serde_json::to_string(&problem).unwrap();
            let rewards: Vec<f64> = (0..4)
                .map(|k| {
                    learner(&record, (round * 100 + k) as u64)
                        .reward
                        .unwrap_or(0.0)
                })
                .collect();
            curriculum.record(&problem.id, &rewards).unwrap();
        }
    }
    curriculum.telemetry().envs[0].level
}

/// Plays an agent through the record's episode.
fn play(record: &str, mut agent: Box<dyn episodes::Agent>) -> Transcript {
    let mut episode = Episode::open(record, None).unwrap();
    let mut observation = episode.prompt().to_string();
    while !episode.session().done() {
        observation = episode.step(&agent.act(&observation)).unwrap().observation;
    }
    episode.transcript()
}

/// The curriculum tunes episodes as it tunes single-turn problems: a learner that can afford
/// three weighings is held near the level where three stop sufficing (27 coins, level ≈ 3.2),
/// one that always plays optimally is pushed to the top, and one that guesses to the bottom.
#[test]
fn the_curriculum_holds_episodes_at_the_edge_of_a_learners_ability() {
    let coin = episodes::find_interactive("counterfeit_coin").unwrap();
    let capped = curriculum_level(40, |record, seed| {
        let optimum: Value = serde_json::from_str(record).unwrap();
        if optimum["data"]["optimum"].as_u64().unwrap() <= 3 {
            play(record, coin.optimal_agent(record).unwrap())
        } else {
            play(record, coin.random_agent(record, seed).unwrap())
        }
    });
    assert!(
        (1.5..=5.0).contains(&capped),
        "the capped learner ended at level {capped}"
    );
    let strong = curriculum_level(40, |record, _| {
        play(record, coin.optimal_agent(record).unwrap())
    });
    assert!(strong >= 9.0, "the optimal learner ended at level {strong}");
    let weak = curriculum_level(40, |record, seed| {
        play(record, coin.random_agent(record, seed).unwrap())
    });
    assert!(
        weak <= capped,
        "the guessing learner ended at level {weak}, above {capped}"
    );
}

/// The episode probe: the optimal agent is paid on every problem and no hostile family ever is,
/// on every interactive env (J = 1).
#[test]
fn the_episode_probe_holds_j_at_one_on_every_interactive_env() {
    for env in episodes::interactive() {
        let report = episodes::probe::probe(*env, 3, 11).unwrap();
        assert_eq!(report.j, 1.0, "{report:?}");
        assert_eq!(report.hostile.len(), 8);
        assert!(
            report
                .hostile
                .iter()
                .all(|f| f.episodes == 9 && f.paid == 0)
        );
    }
}

/// Realistic turns: the optimal agent's actions written as a chatty model writes them (prose
/// around them, a think block that drafts another query, Markdown) still win every episode.
#[test]
fn the_optimal_agent_wins_when_its_turns_are_written_as_a_model_writes_them() {
    struct Chatty(Box<dyn episodes::Agent>);
    impl episodes::Agent for Chatty {
        fn act(&mut self, observation: &str) -> String {
            let action = self.0.act(observation);
            if action.starts_with("<query>") {
                format!(
                    "Let me narrow it down.\n<think>Maybe <query>1</query>? No, better:</think>\n\
                     **Next question:** {action}\nThat should split what is left."
                )
            } else {
                format!("I am confident now.\n\nSo the answer is:\n{action}\n")
            }
        }
    }
    for env in interactive_ids() {
        let interactive = episodes::find_interactive(env).unwrap();
        for level in [0.0, 5.0, 10.0] {
            for index in 0..4 {
                let record = record(env, level, 21, index);
                let agent = Chatty(interactive.optimal_agent(&record).unwrap());
                let t = play(&record, Box::new(agent));
                assert_eq!(
                    t.reward,
                    Some(1.0),
                    "{env} level {level} index {index}: {t:?}"
                );
            }
        }
    }
}

/// Feedback turns lift a scripted agent that fixes one error per turn: its chain has two wrong
/// steps; each feedback names the first wrong one, the agent fixes exactly that one, and the
/// third answer is right (paid 1 under `solved`, 0.25 under `discounted:0.5`).
#[test]
fn feedback_lifts_an_agent_that_fixes_one_error_per_turn() {
    let env = registry::find("modarith").unwrap();
    let generator = env.generator(None, &Default::default(), 8).unwrap();
    for index in 0..10 {
        let mut line = Vec::new();
        generator.write_jsonl(index, &mut line);
        let record_json = String::from_utf8(line).unwrap();
        let record: Value = serde_json::from_str(&record_json).unwrap();
        let modulus = record["data"]["modulus"].as_u64().unwrap();
        let right: Vec<u64> = record["data"]["steps"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["value"].as_u64().unwrap())
            .collect();
        for (mode, expected) in [
            (RewardMode::Solved, 1.0),
            (RewardMode::Discounted { gamma: 0.5 }, 0.25),
        ] {
            let mut errors = vec![2usize, 5];
            let options = FeedbackOptions {
                max_turns: 3,
                reward: mode,
            };
            let mut episode = Episode::open(record_json.trim_end(), Some(options)).unwrap();
            loop {
                let listed: Vec<String> = right
                    .iter()
                    .enumerate()
                    .map(|(i, v)| {
                        let v = if errors.contains(&(i + 1)) {
                            (v + 1) % modulus
                        } else {
                            *v
                        };
                        format!("step {}: {v}", i + 1)
                    })
                    .collect();
                let last = *right.last().unwrap();
                let answer = if errors.is_empty() {
                    last
                } else {
                    (last + 1) % modulus
                };
                let step = episode
                    .step(&format!(
                        "<think>{}</think><answer>{answer}</answer>",
                        listed.join("\n")
                    ))
                    .unwrap();
                if step.done {
                    assert_eq!(step.reward, expected, "index {index}: {}", step.observation);
                    break;
                }
                let named = format!("Step {} is the first", errors[0]);
                assert!(step.observation.contains(&named), "{}", step.observation);
                errors.remove(0);
            }
        }
    }
}

/// A restored state is checked: one already at the budget without a verdict, or past it, or of
/// another shape, is refused, never stepped into a panic.
#[test]
fn a_restored_state_is_checked_before_any_step() {
    let env = registry::find("modarith").unwrap();
    let mut line = Vec::new();
    env.generator(None, &Default::default(), 1)
        .unwrap()
        .write_jsonl(0, &mut line);
    let record = String::from_utf8(line).unwrap();
    let options = episodes::EpisodeOptions {
        feedback: Some(FeedbackOptions::default()),
        agentic: None,
    };
    for state in [
        serde_json::json!({"turns": 3, "first_score": null, "verdict": null}),
        serde_json::json!({"turns": 9, "first_score": 0.0, "verdict": null}),
        serde_json::json!({"turns": "x"}),
    ] {
        let err = episodes::resume(record.trim_end(), &options, state.clone()).err();
        assert!(err.is_some(), "{state} was restored");
    }
    let coin = record_of_coin();
    for state in [
        serde_json::json!({"turns": 99, "queries": 0, "env": null, "verdict": null}),
        serde_json::json!({"turns": 1, "queries": 2, "env": null, "verdict": null}),
    ] {
        let err = episodes::resume(&coin, &Default::default(), state.clone()).err();
        assert!(err.is_some(), "{state} was restored");
    }
}

fn record_of_coin() -> String {
    record("counterfeit_coin", 5.0, 1, 0)
}

/// The sentence shapes each env's feedback may add after "The answer is wrong.": public places
/// and the response's own values, never a count of wrong cells or a value from the reference.
const RULE_SHAPES: &[(&str, &str)] = &[
    (
        "sudoku",
        r"^(Row \d+, column \d+ holds \d+; cells hold 1 to \d+|The given at row \d+, column \d+ was changed from \d+ to \d+|(Row|Column|Box) \d+ holds \d+ twice)\.$",
    ),
    (
        "futoshiki",
        r"^(Row \d+, column \d+ holds \d+; cells hold 1 to \d+|The given at row \d+, column \d+ was changed from \d+ to \d+|(Row|Column) \d+ holds \d+ twice|The sign between \(\d+, \d+\) and \(\d+, \d+\) is broken)\.$",
    ),
    (
        "binairo",
        r"^(Row \d+, column \d+ holds \d+; cells hold 0 to 1|The given at row \d+, column \d+ was changed from [01] to \d+|(Row|Column) \d+ has three [01]s in a row at positions \d+ to \d+|(Row|Column) \d+ has \d+ ones and \d+ zeros; each must have \d+|(Rows|Columns) \d+ and \d+ are the same)\.$",
    ),
    (
        "graph_coloring",
        r"^(There is no vertex \d+; vertices are 1 to \d+|Vertex \d+ has color \d+; colors are 1 to \d+|Vertex \d+ is listed more than once|Vertex \d+ has no color|Vertices \d+ and \d+ share an edge and color \d+)\.$",
    ),
    ("sat", r"^Clause \d+ is not satisfied\.$"),
    (
        "countdown",
        r"^(The expression uses a number that is not given|The expression uses \d+, which is not given|The expression uses \d+ more often than it is given|The expression does not use \d+; every number must be used|The expression divides by zero|An intermediate value is too large to evaluate exactly|The answer claims a value other than the target \d+|The expression equals -?\d+(/\d+)?, not the target \d+)\.$",
    ),
    (
        "hanoi",
        r"^(Move \d+ uses peg \d+; the pegs are 1 to \d+|Move \d+ moves from peg \d+ to itself|Move \d+ takes from peg \d+, which is empty|Move \d+ names disk \d+, but the top disk of peg \d+ is disk \d+|Move \d+ puts disk \d+ on the smaller disk \d+ on peg \d+|After the \d+ moves disk \d+ is on peg \d+, not on peg \d+ as the goal requires|The moves are legal and reach the goal, but they are not the fewest)\.$",
    ),
    (
        "water_jugs",
        r"^(Move \d+ names jug [A-Z]; the jugs are A to [A-Z]|Move \d+ pours jug [A-Z] into itself|Move \d+ leaves [A-Z]: \d+(, [A-Z]: \d+)*, not the stated \(\d+(, \d+)*\)|After the \d+ moves no jug holds \d+ litres \([A-Z]: \d+(, [A-Z]: \d+)*\)|The plan is legal and reaches the target, but it is not the shortest)\.$",
    ),
    (
        "maze",
        r"^(The answer says \d+ moves but its path has \d+|Move \d+ goes from \(\d+, \d+\) into (a wall|the outside) at \(-?\d+, -?\d+\)|Step \d+ goes from \(\d+, \d+\) to \(\d+, \d+\), which is not a next square|Step \d+ enters the wall at \(\d+, \d+\)|The path ends at \(\d+, \d+\), not at G \(\d+, \d+\)|The path reaches G without crossing a wall, but it is not the shortest)\.$",
    ),
    (
        "zebra",
        r"^(The answer places [A-Za-z]+ in two houses; each value belongs to exactly one house|Clue \d+ does not hold: the answer puts [A-Za-z]+ in house \d+( and [A-Za-z]+ in house \d+)?|The question asks for the [a-z]+; [A-Za-z]+ is a value of [a-z]+|There is no house \d+; the houses are 1 to \d+)\.$",
    ),
    (
        "cryptarithm",
        r"^(There is no letter [A-Z] in the puzzle|[A-Z] is given \d+; digits are 0 to 9|[A-Z] is listed more than once|[A-Z] has no digit|[A-Z] and [A-Z] share the digit \d|[A-Z]+ would start with 0|The sum does not hold: \d+( \+ \d+)+ = \d+, not \d+)\.$",
    ),
];

/// Near misses of `answer`: each of its first 40 characters replaced by a digit or deleted; for
/// `zebra`, whose character edits only make unknown values, also each line's first value traded
/// with the next line's and copied onto it.
fn near_misses(id: &str, answer: &str) -> Vec<String> {
    let chars: Vec<char> = answer.chars().collect();
    let mut out = Vec::new();
    if id == "zebra" {
        let lines: Vec<&str> = answer.lines().collect();
        for h in 0..lines.len().saturating_sub(1) {
            let split = |line: &str| {
                let (head, values) = line.split_once(": ").unwrap();
                let (first, rest) = values.split_once(", ").unwrap_or((values, ""));
                (head.to_owned(), first.to_owned(), rest.to_owned())
            };
            let ((h0, v0, r0), (h1, v1, r1)) = (split(lines[h]), split(lines[h + 1]));
            let line = |head: &str, v: &str, rest: &str| {
                if rest.is_empty() {
                    format!("{head}: {v}")
                } else {
                    format!("{head}: {v}, {rest}")
                }
            };
            for (a, b) in [(&v1, &v0), (&v1, &v1)] {
                let mut edited: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
                edited[h] = line(&h0, a, &r0);
                edited[h + 1] = line(&h1, b, &r1);
                out.push(edited.join("\n"));
            }
        }
    }
    for i in 0..chars.len().min(40) {
        for with in ['1', '3', '7', 'A', ','] {
            let mut c = chars.clone();
            c[i] = with;
            out.push(c.iter().collect());
        }
        let mut c = chars.clone();
        c.remove(i);
        out.push(c.iter().collect());
    }
    out
}

/// Feedback on a wrong answer is one of the fixed sentences, or "The answer is wrong." and one
/// sentence of the env's documented shapes; each env with a rule sentence uses it on some near
/// miss.
#[test]
fn rule_feedback_takes_only_the_documented_shapes() {
    for &(id, shape) in RULE_SHAPES {
        let shape = regex::Regex::new(shape).unwrap();
        let env = registry::find(id).unwrap();
        let (mut named, mut heard) = (0, 0);
        for level in [2.0, 6.0] {
            let generator = env.generator(Some(level), &Default::default(), 5).unwrap();
            let mut line = Vec::new();
            generator.write_jsonl(0, &mut line);
            let record_json = String::from_utf8(line).unwrap();
            let record: Value = serde_json::from_str(&record_json).unwrap();
            for answer in near_misses(id, record["answer"].as_str().unwrap()) {
                let options = FeedbackOptions {
                    max_turns: 2,
                    reward: RewardMode::Solved,
                };
                let mut episode = Episode::open(record_json.trim_end(), Some(options)).unwrap();
                let step = episode.step(&format!("<answer>{answer}</answer>")).unwrap();
                if step.done {
                    continue; // a near miss that is right after all
                }
                heard += 1;
                let said = step.observation.rsplit_once(" (").unwrap().0;
                if FIXED.contains(&said) {
                    continue;
                }
                let rule = said.strip_prefix("The answer is wrong. ").unwrap_or("");
                assert!(
                    shape.is_match(rule),
                    "{id}: {said:?} is not a documented shape"
                );
                named += 1;
            }
        }
        assert!(named > 0, "{id}: none of {heard} near misses heard a rule");
    }
}

/// Rule feedback lifts a scripted sudoku agent that fixes one error per turn: it changes two
/// givens; each feedback names the first changed given by its place, the agent restores exactly
/// that one, and the third answer is right. With the reason alone it could not tell which.
#[test]
fn rule_feedback_lifts_a_sudoku_agent_that_fixes_one_error_per_turn() {
    let env = registry::find("sudoku").unwrap();
    let generator = env.generator(Some(3.0), &Default::default(), 8).unwrap();
    for index in 0..5 {
        let mut line = Vec::new();
        generator.write_jsonl(index, &mut line);
        let record_json = String::from_utf8(line).unwrap();
        let record: Value = serde_json::from_str(&record_json).unwrap();
        let grid = |key: &str| -> Vec<Vec<u64>> {
            serde_json::from_value(record["data"][key].clone()).unwrap()
        };
        let (givens, solution) = (grid("givens"), grid("solution"));
        let n = solution.len();
        let mut errors: Vec<(usize, usize)> = (0..n * n)
            .map(|i| (i / n, i % n))
            .filter(|&(r, c)| givens[r][c] != 0)
            .take(2)
            .collect();
        let options = FeedbackOptions {
            max_turns: 3,
            reward: RewardMode::Solved,
        };
        let mut episode = Episode::open(record_json.trim_end(), Some(options)).unwrap();
        loop {
            let rows: Vec<String> = (0..n)
                .map(|r| {
                    (0..n)
                        .map(|c| {
                            let d = solution[r][c];
                            let d = if errors.contains(&(r, c)) {
                                d % n as u64 + 1
                            } else {
                                d
                            };
                            d.to_string()
                        })
                        .collect()
                })
                .collect();
            let step = episode
                .step(&format!("<answer>{}</answer>", rows.join("\n")))
                .unwrap();
            if step.done {
                assert_eq!(step.reward, 1.0, "index {index}: {}", step.observation);
                break;
            }
            let (r, c) = errors[0];
            let named = format!("The given at row {}, column {} was changed", r + 1, c + 1);
            assert!(step.observation.contains(&named), "{}", step.observation);
            errors.remove(0);
        }
    }
}

/// Rule feedback lifts a scripted zebra agent that fixes one error per turn: it trades two
/// houses' values of the first attribute and of the last; each feedback names a clue the grid
/// breaks, the agent undoes the one of its trades that moved a value of that clue (a clue true in
/// the solution can only break when one of its values moved), and the third answer is right.
#[test]
fn rule_feedback_lifts_a_zebra_agent_that_undoes_the_trade_a_named_clue_blames() {
    let env = registry::find("zebra").unwrap();
    let generator = env.generator(Some(5.0), &Default::default(), 8).unwrap();
    for index in 0..8 {
        let mut line = Vec::new();
        generator.write_jsonl(index, &mut line);
        let record_json = String::from_utf8(line).unwrap();
        let record: Value = serde_json::from_str(&record_json).unwrap();
        let data = &record["data"];
        let solution: Vec<Vec<u64>> = serde_json::from_value(data["solution"].clone()).unwrap();
        let values: Vec<Vec<String>> = data["attributes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| serde_json::from_value(a["values"].clone()).unwrap())
            .collect();
        let last = values.len() - 1;
        // (attribute, house, house): each trade swaps that attribute's values of the two houses.
        let mut trades = vec![(0usize, 0usize, 1usize), (last, 0, 1)];
        let options = FeedbackOptions {
            max_turns: 3,
            reward: RewardMode::Solved,
        };
        let mut episode = Episode::open(record_json.trim_end(), Some(options)).unwrap();
        loop {
            let mut grid = solution.clone();
            for &(a, i, j) in &trades {
                let (vi, vj) = (grid[i][a], grid[j][a]);
                grid[i][a] = vj;
                grid[j][a] = vi;
            }
            let lines: Vec<String> = grid
                .iter()
                .enumerate()
                .map(|(h, row)| {
                    let names: Vec<&str> = row
                        .iter()
                        .enumerate()
                        .map(|(a, &v)| values[a][v as usize].as_str())
                        .collect();
                    format!("House {}: {}", h + 1, names.join(", "))
                })
                .collect();
            let step = episode
                .step(&format!("<answer>{}</answer>", lines.join("\n")))
                .unwrap();
            if step.done {
                assert_eq!(step.reward, 1.0, "index {index}: {}", step.observation);
                break;
            }
            let k: usize = step
                .observation
                .split("Clue ")
                .nth(1)
                .and_then(|rest| rest.split(' ').next())
                .and_then(|k| k.parse().ok())
                .unwrap_or_else(|| panic!("no clue named: {}", step.observation));
            let clue = &data["clues"][k - 1];
            let items: Vec<(u64, u64)> = ["a", "b"]
                .iter()
                .filter(|key| !clue[**key].is_null())
                .map(|key| {
                    let item = &clue[*key];
                    (
                        item["attribute"].as_u64().unwrap(),
                        item["value"].as_u64().unwrap(),
                    )
                })
                .collect();
            let moved = |&(a, i, j): &(usize, usize, usize)| {
                items.iter().any(|&(ia, iv)| {
                    ia as usize == a && (solution[i][a] == iv || solution[j][a] == iv)
                })
            };
            let blamed = trades.iter().position(moved);
            let blamed = blamed.unwrap_or_else(|| panic!("clue {k} blames no trade"));
            trades.remove(blamed);
        }
    }
}

/// No response makes any env's feedback panic, and a rule sentence is only ever added to "The
/// answer is wrong.".
mod feedback_never_panics {
    use super::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn on_any_answer(env in 0usize..64, answer in "(?s).{0,80}", wrap in any::<bool>()) {
            let envs: Vec<_> = registry::envs().iter().filter(|e| e.id() != "repo_fix").collect();
            let env = envs[env % envs.len()];
            let generator = env.generator(Some(4.0), &Default::default(), 3).unwrap();
            let problem = generator.problem(0);
            let response = if wrap { format!("<answer>{answer}</answer>") } else { answer };
            if let Some(said) = problem.feedback(&response) {
                prop_assert!(said.ends_with('.'), "{}: {said:?}", env.id());
            }
        }
    }
}
