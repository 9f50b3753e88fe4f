//! Agentic `repo_fix` episodes: tools on the mini repo, the hidden suite's verdict on the
//! submitted state, transcripts that replay exactly, and the attacks a policy under reward
//! pressure would try (farming, reading the hidden suite, slipping code past the policy,
//! enormous actions, acting after the end, forging the record or the log).

use serde_json::Value;
use verigym::envs::repo_fix::{RepoFix, RepoFixParams};
use verigym::episodes::agentic::{self, AgenticOptions};
use verigym::episodes::{self, Episode, EpisodeError, EpisodeOptions, Transcript, rejudge};
use verigym::{Env, EnvParams, Generator, Reason, Verdict};

fn record(level: f64, seed: u64, index: u64) -> String {
    let g = Generator::new(&RepoFix, RepoFixParams::at_level(level), seed).unwrap();
    serde_json::to_string(&g.problem(index)).unwrap()
}

fn options(max_turns: u32) -> EpisodeOptions {
    EpisodeOptions {
        feedback: None,
        agentic: Some(AgenticOptions { max_turns }),
    }
}

fn open(record: &str, max_turns: u32) -> Episode {
    Episode::open_with(record, &options(max_turns)).unwrap()
}

fn play(record: &str, mut agent: Box<dyn episodes::Agent>, max_turns: u32) -> Transcript {
    let mut episode = open(record, max_turns);
    let mut observation = episode.prompt().to_string();
    while !episode.session().done() {
        let action = agent.act(&observation);
        observation = episode.step(&action).unwrap().observation;
    }
    episode.transcript()
}

fn data(record: &str) -> Value {
    serde_json::from_str::<Value>(record).unwrap()["data"].clone()
}

/// The hidden suite's test names that the visible suite does not share.
fn hidden_only(record: &str, episode: &mut Episode) -> Vec<String> {
    let weak = episode
        .step("<query>read_file tests/weak.rs</query>")
        .unwrap()
        .observation;
    data(record)["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap().to_owned())
        .filter(|t| !weak.contains(&format!("fn {t}(")))
        .collect()
}

/// The buggy function's item from the library, with `body` in place of its body.
fn replacement(record: &str, body: &str) -> String {
    let d = data(record);
    replacing(record, d["bugs"][0]["function"].as_str().unwrap(), body)
}

/// `function`'s item from the library, with `body` in place of its body.
pub(crate) fn replacing(record: &str, function: &str, body: &str) -> String {
    let d = data(record);
    let library = d["library"].as_str().unwrap();
    let analysis = verigym::repo::mutate::analyze(library, "src/lib.rs").unwrap();
    let f = analysis
        .functions
        .iter()
        .find(|f| f.name == function)
        .unwrap();
    let item = format!("{}{body}}}", &library[f.span.start..f.body.start]);
    match function.rsplit_once("::") {
        Some((ty, _)) => format!("```rust\nimpl {ty} {{\n{item}\n}}\n```"),
        None => format!("```rust\n{item}\n```"),
    }
}

#[test]
fn agentic_options_are_checked_and_named() {
    let repo = record(0.0, 1, 0);
    let err = |record: &str, options: &EpisodeOptions| match Episode::open_with(record, options) {
        Err(EpisodeError::Invalid(why)) => why,
        other => panic!("opened: {:?}", other.map(|e| e.prompt().to_owned())),
    };
    let modarith = {
        let env = verigym::registry::find("modarith").unwrap();
        let generator = env.generator(Some(0.0), &Default::default(), 0).unwrap();
        let mut line = Vec::new();
        generator.write_jsonl(0, &mut line);
        String::from_utf8(line).unwrap()
    };
    assert!(err(modarith.trim_end(), &options(5)).contains("`agentic`"));
    assert!(err(&repo, &options(0)).contains("`agentic.max_turns`"));
    assert!(err(&repo, &options(65)).contains("`agentic.max_turns`"));
    let both = EpisodeOptions {
        feedback: Some(Default::default()),
        agentic: Some(AgenticOptions::default()),
    };
    assert!(err(&repo, &both).contains("`feedback`"));
    let mut crate_record: Value = serde_json::from_str(&repo).unwrap();
    crate_record["params"]["repo"] = "crate:semver".into();
    assert!(err(&crate_record.to_string(), &options(5)).contains("`params.repo`"));
}

/// Every refusal here is decided without a compiler: the grammar, the files, the policy and the
/// size limit. Nothing along the way pays, and the hidden suite never shows.
#[test]
fn tools_refuse_what_they_must_without_a_compiler() {
    let repo = record(0.0, 1, 0);
    let mut episode = open(&repo, 40);
    let hidden = hidden_only(&repo, &mut episode);
    let suite = data(&repo)["suite"].as_str().unwrap().to_owned();
    let weak_test = {
        let weak = episode
            .step("<query>read_file tests/weak.rs</query>")
            .unwrap()
            .observation;
        let at = weak.find("fn ").unwrap() + 3;
        weak[at..weak[at..].find('(').unwrap() + at].to_owned()
    };
    let mut observations = Vec::new();
    let mut say = |episode: &mut Episode, action: &str| {
        let step = episode.step(action).unwrap();
        assert_eq!(step.reward, 0.0, "{action}");
        assert!(!step.done, "{action}");
        observations.push(step.observation.clone());
        step.observation
    };
    let listed = say(&mut episode, "<query>list_files</query>");
    assert!(
        listed.starts_with("src/lib.rs\ntests/weak.rs\n"),
        "{listed}"
    );
    for path in [
        "tests/strong.rs",
        "../tests/strong.rs",
        "src/../tests/strong.rs",
        "/etc/passwd",
        "/proc/self/environ",
        "bugs.json",
        "~/.cargo/credentials",
    ] {
        let said = say(&mut episode, &format!("<query>read_file {path}</query>"));
        assert!(said.starts_with("Refused: no file"), "{path}: {said}");
    }
    for (action, needle) in [
        (
            format!("<query>replace_function\n```rust\nfn {weak_test}() {{}}\n```\n</query>"),
            "no function",
        ),
        (
            format!(
                "<query>replace_function\n```rust\n#[test]\nfn {weak_test}() {{}}\n```\n</query>"
            ),
            "attribute",
        ),
        (
            format!(
                "<query>replace_function\n{}\n</query>",
                replacement(
                    &repo,
                    "let _ = std::fs::read_to_string(\"tests/strong.rs\"); todo!() "
                )
            ),
            "std::fs",
        ),
        (
            format!(
                "<query>replace_function\n{}\n</query>",
                replacement(&repo, "std::process::exit(0) ")
            ),
            "std::process",
        ),
        (
            format!(
                "<query>replace_function\n{}\n</query>",
                replacement(
                    &repo,
                    "let _ = std::net::UdpSocket::bind(\"0.0.0.0:0\"); todo!() "
                )
            ),
            "std::net",
        ),
        (
            "<query>replace_function\n```rust\nfn not_in_the_library() {}\n```\n</query>".into(),
            "no function",
        ),
        ("<query>cat tests/strong.rs</query>".into(), "no tool"),
        ("<query>run_tests now</query>".into(), "no argument"),
        ("just text".into(), "Invalid turn"),
        (
            "<query>list_files</query><answer>submit</answer>".into(),
            "Invalid turn",
        ),
        (
            format!("<query>read_file {}</query>", "a".repeat(2 << 20)),
            "longer than 1 MiB",
        ),
    ] {
        let said = say(&mut episode, &action);
        assert!(
            said.contains(needle),
            "{}: {said}",
            &action[..action.len().min(80)]
        );
    }
    for said in &observations {
        assert!(!said.contains(suite.trim()), "the hidden suite shows");
        for t in &hidden {
            assert!(
                !said.contains(t.as_str()),
                "hidden test `{t}` named: {said}"
            );
        }
    }
    let state = episode.session().state();
    assert_eq!(state["replaced"], serde_json::json!([]));
    assert_eq!(episode.session().verdict(), None);
}

/// A final answer that is not code ends the episode at once (no build), after which every action
/// is an error; a restored state is held to the policy like a turn.
#[test]
fn acting_after_the_end_is_an_error_and_states_are_rechecked() {
    let repo = record(0.0, 1, 0);
    let mut episode = open(&repo, 5);
    let last = episode.step("<answer>I fixed it</answer>").unwrap();
    assert!(last.done);
    assert_eq!(last.reward, 0.0);
    for action in ["<query>run_tests</query>", "<answer>submit</answer>"] {
        assert_eq!(episode.step(action), Err(EpisodeError::Done));
    }
    let transcript = episode.transcript();
    let judged = rejudge(&transcript).unwrap();
    assert!(judged.consistent && judged.done && judged.reward == 0.0);

    let forged = |function: &str, code: &str| {
        serde_json::json!({
            "turns": 1, "tool_calls": 1, "verdict": null,
            "replaced": [{"function": function, "code": code}],
        })
    };
    let function = data(&repo)["bugs"][0]["function"]
        .as_str()
        .unwrap()
        .to_owned();
    for (state, needle) in [
        (
            forged(&function, &replacement(&repo, "std::process::exit(0) ")),
            "std::process",
        ),
        (
            forged("somewhere_else", &replacement(&repo, "todo!() ")),
            "not `somewhere_else`",
        ),
        (
            serde_json::json!({"turns": 5, "tool_calls": 0, "replaced": [], "verdict": null}),
            "max_turns",
        ),
    ] {
        let err = episodes::resume(&repo, &options(5), state).err().unwrap();
        assert!(err.to_string().contains(needle), "{err}");
    }
    let ok = episodes::resume(
        &repo,
        &options(5),
        forged(&function, &replacement(&repo, "todo!() ")),
    );
    assert!(ok.is_ok());
}

/// The agent that applies the record's own catalogued fix is paid, with or without running the
/// tests first; the lazy one never is; every transcript replays; a tampered observation and a
/// forged record are caught.
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn reference_agents_are_paid_lazy_ones_are_not_and_transcripts_replay() {
    for (level, seed) in [(0.0, 1), (6.0, 2)] {
        let repo = record(level, seed, 0);
        for tests_first in [false, true] {
            let agent = agentic::reference_agent(&repo, tests_first).unwrap();
            let t = play(&repo, agent, 20);
            assert_eq!(t.reward, Some(1.0), "level {level}: {:?}", t.verdict);
            let judged = rejudge(&t).unwrap();
            assert!(judged.consistent, "{:?}", judged.mismatch);
            assert_eq!(judged.reward, 1.0);
            if tests_first {
                let mut tampered = t.clone();
                tampered.turns[0].observation = "test result: ok. 9 passed; 0 failed".into();
                let judged = rejudge(&tampered).unwrap();
                assert!(!judged.consistent);
                assert!(judged.mismatch.unwrap().contains("turn 1"));
                let mut forged = t.clone();
                forged.record["data"]["tests"] = serde_json::json!([]);
                let judged = rejudge(&forged).unwrap();
                assert!(!judged.consistent);
                assert_eq!(judged.reward, 0.0);
            }
        }
        let t = play(&repo, agentic::lazy_agent(), 20);
        assert_eq!(t.reward, Some(0.0));
        assert_eq!(t.verdict.as_ref().unwrap().reason, Reason::WrongAnswer);
        assert!(rejudge(&t).unwrap().consistent);
    }
}

/// Running the visible tests again and again pays nothing and says the same every time; what
/// it says names only visible tests.
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn farming_run_tests_earns_nothing_and_shows_only_visible_tests() {
    let repo = record(0.0, 3, 0);
    let mut episode = open(&repo, 8);
    let hidden = hidden_only(&repo, &mut episode);
    let mut said = Vec::new();
    for _ in 0..6 {
        let step = episode.step("<query>run_tests</query>").unwrap();
        assert_eq!(step.reward, 0.0);
        assert!(!step.done);
        said.push(
            step.observation
                .lines()
                .filter(|l| !l.starts_with('('))
                .collect::<Vec<_>>()
                .join("\n"),
        );
    }
    assert!(said.windows(2).all(|w| w[0] == w[1]), "{said:?}");
    assert!(said[0].starts_with("running "), "{}", said[0]);
    for t in &hidden {
        assert!(!said[0].contains(t.as_str()), "hidden test `{t}` named");
    }
    // The budget's last turn submits the state as it stands: the buggy crate, not paid.
    let last = episode.step("<query>run_tests</query>").unwrap();
    assert!(last.done);
    assert_eq!(last.reward, 0.0);
    assert!(last.observation.contains("No turns left"));
}

/// The verdict on a state is the verdict on the same code given in one reply: for a right fix,
/// a wrong one, and one that never ends (reported as a timeout by `run_tests` too).
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn a_states_verdict_is_the_single_turn_verdict_of_its_code() {
    let repo = record(0.0, 4, 0);
    let problem: verigym::Problem<RepoFixParams, verigym::envs::repo_fix::RepoFixData> =
        serde_json::from_str(&repo).unwrap();
    let without_episode = |v: &Verdict| {
        let mut v = v.clone();
        if let Some(d) = v.detail.as_mut().and_then(Value::as_object_mut) {
            d.remove("episode");
        }
        v
    };
    let right = problem.answer.clone();
    let wrong = replacement(&repo, "todo!() ");
    let endless = replacement(&repo, "loop {} ");
    for (block, reason) in [
        (right, Reason::Correct),
        (wrong, Reason::WrongAnswer),
        (endless, Reason::Timeout),
    ] {
        let mut episode = open(&repo, 6);
        let step = episode
            .step(&format!("<query>replace_function\n{block}\n</query>"))
            .unwrap();
        assert!(
            step.observation.starts_with("Replaced"),
            "{}",
            step.observation
        );
        let last = episode.step("<answer>submit</answer>").unwrap();
        let single = RepoFix.verify(&problem.data, &block);
        let state = last.verdict.unwrap();
        assert_eq!(state.reason, reason, "{}", state.message);
        assert_eq!(without_episode(&state), single);
        // The same code carried by the final answer itself.
        let mut episode = open(&repo, 6);
        let last = episode
            .step(&format!("<answer>\n{block}\n</answer>"))
            .unwrap();
        assert_eq!(without_episode(&last.verdict.unwrap()), single);
    }
}

/// A visible test that never ends is reported as a timeout, as the verifier reports it, and the
/// report is the same on a second run.
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn run_tests_reports_a_timeout_like_the_verifier() {
    let repo = record(0.0, 4, 0);
    let mut episode = open(&repo, 6);
    let weak = episode
        .step("<query>read_file tests/weak.rs</query>")
        .unwrap()
        .observation;
    let library = data(&repo)["library"].as_str().unwrap().to_owned();
    let analysis = verigym::repo::mutate::analyze(&library, "src/lib.rs").unwrap();
    let called = analysis
        .functions
        .iter()
        .find(|f| {
            let short = f.name.rsplit("::").next().unwrap();
            f.ret != "()" && weak.contains(&format!("{short}("))
        })
        .expect("the visible suite calls a library function");
    let endless = replacing(&repo, &called.name, "loop {} ");
    let step = episode
        .step(&format!("<query>replace_function\n{endless}\n</query>"))
        .unwrap();
    assert!(
        step.observation.starts_with("Replaced"),
        "{}",
        step.observation
    );
    let first = episode
        .step("<query>run_tests</query>")
        .unwrap()
        .observation;
    assert!(first.contains("TIMEOUT"), "{first}");
    assert!(first.contains("test result: FAILED"), "{first}");
    let again = episode
        .step("<query>run_tests</query>")
        .unwrap()
        .observation;
    assert_eq!(first.lines().next(), again.lines().next());
    assert_eq!(
        first.rsplit_once("\n(").unwrap().0,
        again.rsplit_once("\n(").unwrap().0
    );
}

fn verigym(args: &[&str], stdin: &str) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_verigym"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// The command line names the flag at fault, and `list` says how to open an agentic episode.
#[test]
fn the_cli_refuses_mixed_or_misplaced_agentic_flags() {
    for (args, needle) in [
        (
            &["episode", "run", "--env", "modarith", "--agentic"][..],
            "`--env` with `--agentic`",
        ),
        (
            &[
                "episode",
                "run",
                "--env",
                "repo_fix",
                "--agentic-turns",
                "0",
            ][..],
            "`--agentic-turns`",
        ),
        (
            &[
                "episode",
                "run",
                "--env",
                "repo_fix",
                "--agentic",
                "--feedback-turns",
                "2",
            ][..],
            "`--feedback-turns`",
        ),
        (
            &[
                "episode",
                "run",
                "--env",
                "repo_fix",
                "--agentic",
                "--agent",
                "optimal",
            ][..],
            "`--agent` with `--agentic`",
        ),
        (
            &["episode", "run", "--env", "guess_number", "--agent", "lazy"][..],
            "`--agent` without `--agentic`",
        ),
    ] {
        let out = verigym(args, "");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
    let out = verigym(&["list"], "");
    assert!(String::from_utf8_lossy(&out.stdout).contains("repo_fix --agentic"));
}

/// `episode run` and `play` drive agentic episodes end to end, and `episode verify` replays them.
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn the_cli_runs_plays_and_verifies_agentic_episodes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.jsonl");
    let path = path.to_str().unwrap();
    let out = verigym(
        &[
            "episode",
            "run",
            "--env",
            "repo_fix",
            "--agentic",
            "--agent",
            "reference",
            "-n",
            "1",
            "--out",
            path,
        ],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("solved 1.000"));
    let out = verigym(&["episode", "verify", "--transcripts", path], "");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let judged: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(judged["consistent"], true);
    assert_eq!(judged["reward"], 1.0);

    let repo = record(0.0, 0, 0);
    let fix = replacement(&repo, "todo!() ");
    let played = dir.path().join("played.jsonl");
    let out = verigym(
        &[
            "play",
            "--env",
            "repo_fix",
            "--level",
            "0",
            "--agentic-turns",
            "5",
            "--out",
            played.to_str().unwrap(),
        ],
        &format!("list_files\nreplace_function\n{fix}\n=submit\n"),
    );
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(said.contains("Replaced `"), "{said}");
    assert!(said.contains("reward 0"), "{said}");
    let transcript: Transcript = serde_json::from_slice(&std::fs::read(&played).unwrap()).unwrap();
    assert_eq!(transcript.agentic, Some(AgenticOptions { max_turns: 5 }));
    assert!(rejudge(&transcript).unwrap().consistent);
}

/// A server runs the steps that may build behind its compile gate: `run_tests`, a submission and
/// the last turn (which submits whatever it is); looking and replacing never build.
#[test]
fn only_tests_submissions_and_the_last_turn_may_build() {
    let repo = record(0.0, 0, 0);
    let mut episode = open(&repo, 3);
    let session = episode.session();
    for (action, builds) in [
        ("<query>run_tests</query>", true),
        ("<answer>submit</answer>", true),
        ("<query>list_files</query>", false),
        ("<query>read_file src/lib.rs</query>", false),
        (
            "<query>replace_function\n```rust\nfn f() {}\n```\n</query>",
            false,
        ),
        ("<query>run_tests now</query>", false),
        ("no tags at all", false),
    ] {
        assert_eq!(session.may_build(action), builds, "{action}");
    }
    episode.step("<query>list_files</query>").unwrap();
    episode.step("<query>list_files</query>").unwrap();
    assert!(episode.session().may_build("<query>list_files</query>"));
}
