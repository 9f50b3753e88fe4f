//! `repo_fix`: committed bug catalogs match a fresh build, references verify, the unchanged buggy
//! code fails exactly the tests the record names, every other killed mutant of the fixed function
//! is rejected, a group is judged as its members would be alone, and hostile fixes score 0.

use std::path::Path;

use proptest::prelude::*;
use rayon::prelude::*;
use verigym::envs::repo_fix::{RepoFix, RepoFixData, RepoFixParams, answer_block};
use verigym::repo::audit::AuditOptions;
use verigym::repo::catalog::{self, BugCatalog, CATALOG_FILE};
use verigym::repo::{layout, mutate};
use verigym::{Env, EnvParams, Generator, Problem, Reason, Verdict};

use crate::support::{check_hashes, one_per_level, sha256};

fn repo_dir(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("envs/repos")
        .join(name)
}

fn problems(level: f64, seed: u64, n: u64) -> Vec<Problem<RepoFixParams, RepoFixData>> {
    let g = Generator::new(&RepoFix, RepoFixParams::at_level(level), seed).unwrap();
    (0..n).map(|i| g.problem(i)).collect()
}

/// The answer with `text` inserted at the start of its first function's body.
fn at_body_start(answer: &str, text: &str) -> String {
    let at = answer
        .find(") -> ")
        .and_then(|i| answer[i..].find('{').map(|j| i + j + 1))
        .expect("the reference has a body");
    format!("{}{text}{}", &answer[..at], &answer[at..])
}

fn detail_list(v: &Verdict, key: &str) -> Vec<String> {
    v.detail.as_ref().unwrap()[key]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_owned())
        .collect()
}

/// The catalogs are assets derived from the repos: a stale one would inject bugs the strong
/// suite no longer kills, or show failures that no longer happen. Rebuild with
/// `verigym catalog envs/repos/<name>` (or `VERIGYM_BLESS=1 cargo test catalogs`).
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn committed_catalogs_match_a_fresh_build() {
    let names: Vec<&str> = verigym::envs::repo_fix::repo_names().collect();
    let stale: Vec<String> = names
        .par_iter()
        .filter_map(|name| {
            let dir = repo_dir(name);
            let src = layout::read(&dir, "strong").unwrap();
            let fresh = catalog::build(&src, &AuditOptions::default()).unwrap();
            let path = dir.join(CATALOG_FILE);
            if std::env::var_os("VERIGYM_BLESS").is_some() {
                std::fs::write(&path, catalog::to_json(&fresh)).unwrap();
                return None;
            }
            let committed: BugCatalog =
                serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            (committed != fresh).then(|| format!("{name}: {} bugs fresh", fresh.bugs.len()))
        })
        .collect();
    assert!(stale.is_empty(), "stale catalogs: {stale:?}");
}

#[test]
fn generation_is_pinned() {
    check_hashes(
        "repo_fix",
        40,
        &[
            (
                None,
                0,
                "eaf224b496f130346a2c1e4cdfefb720bce98e009375953ac6ce598fddeda915",
            ),
            (
                Some(0.0),
                7,
                "982ac9573b3a14eaaf9b4112440d917899c5ee20ab20951207371d0a8b2f52c6",
            ),
            (
                Some(10.0),
                7,
                "c7504cc0475dfac1d5102fbdf560f9e77011ab0ffbc4d4e3b1ef72537ca5c378",
            ),
        ],
    );
    crate::support::check_golden("repo_fix-levels-s1.jsonl", &one_per_level("repo_fix", 1));
}

/// The reference passes, and the buggy functions handed back unchanged fail exactly the tests
/// the record (and the prompt) names, with the same messages: combining bugs in functions no
/// test shares is as exact as the design claims.
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn references_pass_and_unchanged_bugs_fail_exactly_the_recorded_tests() {
    let all: Vec<_> = [0.0, 3.5, 4.0, 6.0, 8.0, 10.0]
        .into_iter()
        .enumerate()
        .flat_map(|(i, level)| problems(level, 11 + i as u64, 3))
        .collect();
    all.par_iter().for_each(|p| {
        let buggy = mutate::analyze(&p.data.library, "src/lib.rs").unwrap();
        let names: Vec<&str> = p.data.bugs.iter().map(|b| b.function.as_str()).collect();
        let unchanged = answer_block(&p.data.library, &buggy.functions, &names);
        let v = RepoFix.verify_group(&p.data, &[&p.answer, &unchanged]);
        assert_eq!(v[0].reason, Reason::Correct, "{}: {}", p.id, v[0].message);
        assert_eq!(v[0].detail.as_ref().unwrap()["pass_fraction"], 1.0);
        assert_eq!(v[1].reason, Reason::WrongAnswer, "{}", p.id);
        let recorded: Vec<String> = p.data.failing.iter().map(|f| f.test.clone()).collect();
        assert_eq!(detail_list(&v[1], "failing"), recorded, "{}", p.id);
        let messages = v[1].detail.as_ref().unwrap()["messages"]
            .as_array()
            .unwrap();
        for (m, f) in messages.iter().zip(&p.data.failing) {
            assert_eq!(m["message"].as_str().unwrap(), f.message, "{}", p.id);
        }
        let shown = p.data.failing.iter().filter(|f| p.prompt.contains(&f.test));
        assert_eq!(shown.count() > 0, p.params.show_failures, "{}", p.id);
    });
}

/// Every other mutant the strong suite kills in the buggy function, handed in as the "fix",
/// is rejected: the verifier gives nothing to wrong code that merely changed.
#[test]
fn every_killed_mutant_of_the_fixed_function_is_rejected() {
    // The shipped repo's own catalogue: variation 0, so names and spans are the shipped ones.
    let params = RepoFixParams {
        variation: 0,
        ..RepoFixParams::at_level(2.0)
    };
    let p = Generator::new(&RepoFix, params, 5).unwrap().problem(0);
    let p = &p;
    let bug = &p.data.bugs[0];
    let dir = repo_dir(&p.data.repo);
    let original = std::fs::read_to_string(dir.join("src/lib.rs")).unwrap();
    let cat: BugCatalog =
        serde_json::from_str(&std::fs::read_to_string(dir.join(CATALOG_FILE)).unwrap()).unwrap();
    let wrong: Vec<String> = cat
        .bugs
        .iter()
        .filter(|b| b.function == bug.function)
        .map(|b| {
            let mut lib = original.clone();
            lib.replace_range(b.span[0]..b.span[1], &b.replacement);
            let functions = mutate::analyze(&lib, "src/lib.rs").unwrap().functions;
            answer_block(&lib, &functions, &[&bug.function])
        })
        .collect();
    assert!(
        wrong.len() >= 3,
        "{}: only {} mutants",
        bug.function,
        wrong.len()
    );
    let mut group: Vec<&str> = wrong.iter().map(String::as_str).collect();
    group.push(&p.answer);
    let verdicts = RepoFix.verify_group(&p.data, &group);
    let (last, rest) = verdicts.split_last().unwrap();
    assert!(last.correct, "{}", last.message);
    for (v, answer) in rest.iter().zip(&wrong) {
        assert!(!v.correct, "accepted a killed mutant:\n{answer}");
        assert_eq!(v.reason, Reason::WrongAnswer, "{}", v.message);
    }
}

/// One compile judges a group exactly as separate verification would, and a candidate that does
/// not compile is scored 0 without sinking the others.
#[test]
fn a_group_is_judged_as_its_members_alone() {
    let p = &problems(5.0, 3, 1)[0];
    let a = p.answer.as_str();
    let with = |text: &str| at_body_start(a, text);
    let no_compile = with(" let _: u8 = \"not a number\";");
    let renamed = with(" let _unused_here = 1;");
    let group = [
        a,
        no_compile.as_str(),
        "no code here",
        renamed.as_str(),
        "```rust\nfn nope() {}\n```",
    ];
    let together = RepoFix.verify_group(&p.data, &group);
    let reasons: Vec<Reason> = together.iter().map(|v| v.reason).collect();
    assert_eq!(
        reasons,
        [
            Reason::Correct,
            Reason::CompileError,
            Reason::NoAnswer,
            Reason::Correct,
            Reason::UnparsableAnswer
        ]
    );
    let alone: Vec<Verdict> = group.iter().map(|r| RepoFix.verify(&p.data, r)).collect();
    assert_eq!(together, alone);
}

/// Hostile fixes: each is contained (the verifier returns) and scores 0 with a reason. Fork,
/// files and sockets never reach the compiler; loops, recursion and allocations run sandboxed.
#[test]
fn hostile_fixes_are_contained_and_score_zero() {
    let p = problems(0.0, 2, 1).remove(0);
    let with = |text: &str| at_body_start(&p.answer, text);
    let cases = [
        (with(" loop {}"), Reason::Timeout, "fuel"),
        (
            with(" fn r(n: u64) -> u64 { r(n + 1) + 1 } r(0);"),
            Reason::WrongAnswer,
            "",
        ),
        (
            with(" let huge = vec![1u8; 1 << 40]; assert!(huge[7] == 1);"),
            Reason::WrongAnswer,
            "died",
        ),
        (with(" (0u64..).for_each(|_| {});"), Reason::Timeout, ""),
        (
            with(" std::process::Command::new(\"sh\").spawn().ok();"),
            Reason::Forbidden,
            "process",
        ),
        (
            with(" std::fs::write(\"owned\", \"x\").ok();"),
            Reason::Forbidden,
            "fs",
        ),
        (
            with(" std::net::TcpStream::connect(\"1.1.1.1:80\").ok();"),
            Reason::Forbidden,
            "net",
        ),
        (
            with(" unsafe { std::hint::unreachable_unchecked() }"),
            Reason::Forbidden,
            "unsafe",
        ),
    ];
    let responses: Vec<&str> = cases.iter().map(|(r, _, _)| r.as_str()).collect();
    let verdicts = RepoFix.verify_group(&p.data, &responses);
    for ((response, reason, needle), v) in cases.iter().zip(&verdicts) {
        assert_eq!(v.score, 0.0, "{response}");
        assert_eq!(v.reason, *reason, "{response}: {}", v.message);
        assert!(v.message.contains(needle), "{response}: {}", v.message);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Arbitrary text, fenced or not, never panics the verifier and never scores.
    #[cfg_attr(not(feature = "slow-tests"), ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)")]
    #[test]
    fn arbitrary_responses_never_panic_or_score(
        body in "(fn|impl|\\{|\\}|unsafe|std::|clamp|x|\\(|\\)|;| |\n|-> i64|let){0,40}",
        fenced in any::<bool>(),
    ) {
        let p = problems(3.0, 9, 1).remove(0);
        let response = if fenced { format!("```rust\n{body}\n```") } else { body };
        let v = RepoFix.verify(&p.data, &response);
        prop_assert!(!v.correct || response.contains("fn"));
        prop_assert!(v.score == 0.0 || v.correct);
    }
}

#[test]
fn records_hash_differently_per_seed() {
    let a = sha256(&crate::support::jsonl("repo_fix", None, &[], 1, 0, 5));
    let b = sha256(&crate::support::jsonl("repo_fix", None, &[], 2, 0, 5));
    assert_ne!(a, b);
}

/// A model that renames a parameter while fixing a function is not punished for it: the fix is
/// rewritten onto the library's signature with a binding from the old name.
#[test]
fn renaming_a_parameter_still_verifies() {
    let p = problems(0.0, 21, 1).remove(0);
    // The first typed parameter: the word before the first `: ` after `fn name(`.
    let open = p.answer.find("fn ").unwrap();
    let params = &p.answer[open..];
    let colon = params.find(": ").unwrap();
    let name: String = params[..colon]
        .chars()
        .rev()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    assert!(!name.is_empty(), "{}", p.answer);
    let renamed_name = format!("{name}_renamed");
    // Whole-word replacement of the parameter everywhere in the answer.
    let mut renamed = String::new();
    let mut word = String::new();
    for c in p.answer.chars().chain(std::iter::once('\n')) {
        if c.is_alphanumeric() || c == '_' {
            word.push(c);
            continue;
        }
        renamed.push_str(if word == name { &renamed_name } else { &word });
        word.clear();
        renamed.push(c);
    }
    renamed.pop();
    assert_ne!(renamed, p.answer);
    let v = RepoFix.verify(&p.data, &renamed);
    assert_eq!(v.reason, Reason::Correct, "{}\n{renamed}", v.message);
}

/// A constant that never finishes evaluating would hang rustc (lints are capped, so the
/// long-running-const-eval lint cannot stop it). The answer policy refuses `const` items and
/// blocks, so it never reaches the compiler; rustc's own wall limit stays as the layer behind it.
#[test]
fn an_endless_constant_evaluation_is_refused_before_compiling() {
    let p = problems(0.0, 2, 1).remove(0);
    let hostile = at_body_start(
        &p.answer,
        " const X: u64 = { let mut i = 1u64; while i != 0 { i = i.wrapping_add(1); } i }; let _ = X;",
    );
    let started = std::time::Instant::now();
    let v = RepoFix.verify(&p.data, &hostile);
    assert_eq!(v.reason, Reason::Forbidden, "{}", v.message);
    assert!(v.message.contains("const"), "{}", v.message);
    assert!(started.elapsed().as_secs() < 5, "{:?}", started.elapsed());
}
