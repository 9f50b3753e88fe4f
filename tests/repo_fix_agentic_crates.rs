//! Agentic `repo_fix` episodes on a shipped real crate: the tools read only the package's
//! `src/**` and `tests/**`, replace only the buggy functions, run only the crate's own tests, and
//! the submitted state gets the single-turn verdict, hidden suite included; transcripts replay.

use serde_json::Value;
use verigym::envs::repo_fix::{RepoFix, RepoFixData, RepoFixParams, Workbench};
use verigym::episodes::agentic::{self, AgenticOptions};
use verigym::episodes::{Episode, EpisodeError, EpisodeOptions, rejudge};
use verigym::{Env, EnvParams, Generator, Problem};

fn record() -> String {
    let params = RepoFixParams {
        repo: "crate:heck".into(),
        ..RepoFixParams::at_level(2.0)
    };
    let g = Generator::new(&RepoFix, params, 5).unwrap();
    serde_json::to_string(&g.problem(0)).unwrap()
}

fn open(record: &str, max_turns: u32) -> Episode {
    let options = EpisodeOptions {
        feedback: None,
        agentic: Some(AgenticOptions { max_turns }),
    };
    Episode::open_with(record, &options).unwrap()
}

fn say(episode: &mut Episode, action: &str) -> String {
    episode.step(action).unwrap().observation
}

/// `function` of `text` (a buggy file) with `body` for its body, as a replace_function call.
fn replacing(text: &str, file: &str, function: &str, body: &str) -> String {
    let functions = verigym::repo::krate::fixes::functions(text, file).unwrap();
    let f = functions.iter().find(|f| f.name == function).unwrap();
    let item = format!("{} {body} }}", &text[f.span.start..f.body.start]);
    let code = match function.rsplit_once("::") {
        Some((ty, _)) => format!("impl {ty} {{\n{item}\n}}"),
        None => item,
    };
    format!("<query>replace_function\n```rust\n{code}\n```\n</query>")
}

/// Without a compiler: what is listed and read, and every refusal of a read or a replacement.
#[test]
fn crate_tools_read_only_the_package_and_replace_only_buggy_functions() {
    let record = record();
    let p: Problem<RepoFixParams, RepoFixData> = serde_json::from_str(&record).unwrap();
    let file = p.data.krate.as_ref().unwrap().file.clone();
    let bug = p.data.bugs[0].function.clone();
    let mut episode = open(&record, 30);
    assert!(episode.prompt().contains(&format!("`{bug}` in {file}")));

    let listed = say(&mut episode, "<query>list_files</query>");
    let files: Vec<&str> = listed.lines().filter(|l| !l.starts_with('(')).collect();
    assert!(files.contains(&file.as_str()), "{listed}");
    for f in &files {
        assert!(f.starts_with("src/") || f.starts_with("tests/"), "{f}");
    }
    for path in [
        "../catalog.json",
        "../hidden.json",
        "hidden.json",
        "/etc/passwd",
        "src/../../hidden.json",
        "src/../Cargo.toml",
        "./src/lib.rs",
        "Cargo.toml",
        "src",
    ] {
        let said = say(&mut episode, &format!("<query>read_file {path}</query>"));
        assert!(said.starts_with("Refused: "), "{path}: {said}");
    }
    let shown = say(&mut episode, &format!("<query>read_file {file}</query>"));
    assert!(shown.contains(&p.data.bugs[0].buggy), "{shown}");

    let bench = Workbench::open(&record).unwrap();
    let buggy = bench.read(&file).unwrap();
    let other = verigym::repo::krate::fixes::functions(&buggy, &file)
        .unwrap()
        .into_iter()
        .find(|f| f.name != bug && !f.name.contains('<'))
        .expect("the buggy file has another function")
        .name;
    for (action, needle) in [
        (replacing(&buggy, &file, &other, "todo!()"), "has no bug"),
        (
            "<query>replace_function\n```rust\n#[test]\nfn it() {}\n```\n</query>".into(),
            "Refused",
        ),
        (
            replacing(&buggy, &file, &bug, "std::process::exit(0)"),
            "std::process",
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
    assert_eq!(episode.session().state()["replaced"], serde_json::json!([]));
    // A replacement of the buggy function is taken and shows in the file as it stands.
    let said = say(&mut episode, &replacing(&buggy, &file, &bug, "todo!()"));
    assert!(said.starts_with(&format!("Replaced `{bug}`")), "{said}");
    let shown = say(&mut episode, &format!("<query>read_file {file}</query>"));
    assert!(shown.contains("todo!()"), "{shown}");
    assert_eq!(episode.session().verdict(), None);
}

/// One crate, every outcome in one process's warm build: the reference agent (tests first) is
/// paid 1 and its transcript replays, a tampered observation is caught; the lazy agent gets 0,
/// the single-turn verdict on the unchanged code; running the tests again pays nothing, says the
/// same and names no hidden test; acting after the end is an error.
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn a_crate_episode_pays_the_reference_fix_and_not_the_lazy_one() {
    let record = record();
    let p: Problem<RepoFixParams, RepoFixData> = serde_json::from_str(&record).unwrap();
    let play = |mut agent: Box<dyn verigym::episodes::Agent>| {
        let mut episode = open(&record, 20);
        let mut observation = episode.prompt().to_string();
        while !episode.session().done() {
            observation = episode.step(&agent.act(&observation)).unwrap().observation;
        }
        let after = episode.step("<query>run_tests</query>");
        assert!(matches!(after, Err(EpisodeError::Done)), "{after:?}");
        episode.transcript()
    };
    let t = play(agentic::reference_agent(&record, true).unwrap());
    assert_eq!(t.reward, Some(1.0), "{:?}", t.verdict);
    let first = &t.turns[0].observation;
    assert!(first.contains("FAILED"), "{first}");
    let judged = rejudge(&t).unwrap();
    assert!(judged.consistent, "{:?}", judged.mismatch);
    let mut tampered = t.clone();
    tampered.turns[0].observation = "test result: ok. 9 passed; 0 failed".into();
    let judged = rejudge(&tampered).unwrap();
    assert!(!judged.consistent);
    assert!(judged.mismatch.unwrap().contains("turn 1"));

    let t = play(agentic::lazy_agent());
    let single = RepoFix.verify(&p.data, &format!("```rust\n{}\n```", p.data.library));
    let v = t.verdict.as_ref().unwrap();
    assert_eq!((t.reward, v.reason), (Some(0.0), single.reason), "{v:?}");
    assert_eq!(single.score, 0.0);
    assert!(rejudge(&t).unwrap().consistent);

    let mut episode = open(&record, 5);
    let a = episode.step("<query>run_tests</query>").unwrap();
    let b = episode.step("<query>run_tests</query>").unwrap();
    assert_eq!((a.reward, b.reward, a.done), (0.0, 0.0, false));
    let body = |s: &str| {
        s.lines()
            .filter(|l| !l.starts_with('('))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(body(&a.observation), body(&b.observation));
    let tests: Vec<&str> = a
        .observation
        .lines()
        .filter_map(|l| l.strip_prefix("test "))
        .filter(|l| !l.starts_with("result"))
        .collect();
    assert_eq!(tests.len(), p.data.tests.len(), "{}", a.observation);
    let told = a.observation.replace("the hidden suite is stronger", "");
    assert!(!told.contains("hidden") && !told.contains("__vg"), "{told}");
    let _: Value = episode.session().state();
}
