//! `repo_fix` variants: the same seed gives the same bytes, and each variant's catalogue is
//! computed, not assumed: for sampled variants of every mini repo, the bug-free variant passes its
//! own (renamed) strong suite, every catalogued bug, varied, fails exactly the renamed tests with
//! the renamed messages, and generated problems verify through the real verifier (reference
//! passes, the unchanged bug fails exactly the recorded tests). Needs rustc.

use rayon::prelude::*;
use serde_json::Value;
use verigym::envs::repo_fix::{
    RepoFix, RepoFixData, RepoFixParams, answer_block, repo_names, variant_catalog,
    verify_unscreened,
};
use verigym::repo::mutate;
use verigym::{Env, EnvParams, Generator, Reason, Verdict};

fn strings(v: &Verdict, key: &str) -> Vec<String> {
    v.detail.as_ref().unwrap()[key]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_owned())
        .collect()
}

fn messages(v: &Verdict) -> Vec<(String, String)> {
    v.detail.as_ref().unwrap()["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m: &Value| {
            (
                m["test"].as_str().unwrap().to_owned(),
                m["message"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// Compiles one variant of `repo` with every catalogued bug as an arm; returns the number of bugs
/// checked. Panics with every disagreement at once.
fn check_variant_catalog(repo: &str, variation: u32, seed: u64) -> usize {
    let vc = variant_catalog(repo, variation, seed).unwrap();
    let base = mutate::analyze(&vc.data.library, "src/lib.rs").unwrap();
    // The first function, unchanged, as the "fix": the bug-free variant itself.
    let first = &base.functions[0];
    let mut answers = vec![vec![(
        first.name.clone(),
        vc.data.library[first.span.clone()].to_owned(),
    )]];
    answers.extend(
        vc.bugs
            .iter()
            .map(|b| vec![(b.function.clone(), b.item.clone())]),
    );
    let verdicts = verify_unscreened(&vc.data, &answers);
    let mut report = Vec::new();
    if verdicts[0].reason != Reason::Correct {
        report.push(format!(
            "the bug-free variant fails its strong suite: {}",
            verdicts[0].message
        ));
    }
    for (b, v) in vc.bugs.iter().zip(&verdicts[1..]) {
        let expected: Vec<String> = b.failing.iter().map(|f| f.test.clone()).collect();
        if v.reason != Reason::WrongAnswer || strings(v, "failing") != expected {
            report.push(format!(
                "{}: {:?} {} vs {expected:?}",
                b.id, v.reason, v.message
            ));
            continue;
        }
        for ((test, message), f) in messages(v).iter().zip(&b.failing) {
            if *test != f.test || *message != f.message {
                report.push(format!(
                    "{}: `{test}` says {message:?}, not {:?}",
                    b.id, f.message
                ));
            }
        }
    }
    assert!(
        report.is_empty(),
        "{repo} at variation {variation}, seed {seed}:\n{}",
        report.join("\n")
    );
    vc.bugs.len()
}

/// One variant of every repo at the highest variation: its catalogue, computed.
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn a_variant_of_every_repo_keeps_its_catalogue() {
    let names: Vec<&str> = repo_names().collect();
    let checked: usize = names
        .par_iter()
        .enumerate()
        .map(|(i, name)| check_variant_catalog(name, 3, 100 + i as u64))
        .sum();
    assert!(checked > 1000, "{checked}");
}

/// The same for 2 variants of every repo at every variation level (54 compiles; about 20 minutes
/// on a loaded 2-core machine).
/// Run with `cargo test --release --test main repo_variants -- --ignored`.
#[test]
#[ignore]
fn many_variants_of_every_repo_keep_their_catalogues() {
    let cases: Vec<(&str, u32, u64)> = repo_names()
        .flat_map(|name| {
            (1..=3).flat_map(move |variation| (0..2).map(move |seed| (name, variation, seed)))
        })
        .collect();
    let checked: usize = cases
        .par_iter()
        .map(|&(name, variation, seed)| check_variant_catalog(name, variation, seed))
        .sum();
    eprintln!("{} variants, {checked} bug checks, all agree", cases.len());
}

fn params(variation: u32, level: f64) -> RepoFixParams {
    RepoFixParams {
        variation,
        ..RepoFixParams::at_level(level)
    }
}

/// Generated problems on variants verify through the real verifier: the reference passes, and the
/// buggy functions handed back unchanged fail exactly the recorded (renamed) tests.
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn variant_problems_verify_through_the_real_verifier() {
    let problems: Vec<_> = [(1, 0.0), (2, 4.0), (3, 6.0), (3, 9.0)]
        .into_iter()
        .flat_map(|(variation, level)| {
            let g =
                Generator::new(&RepoFix, params(variation, level), 31 + variation as u64).unwrap();
            (0..2).map(move |i| g.problem(i))
        })
        .collect();
    problems.par_iter().for_each(|p| {
        let buggy = mutate::analyze(&p.data.library, "src/lib.rs").unwrap();
        let names: Vec<&str> = p.data.bugs.iter().map(|b| b.function.as_str()).collect();
        let unchanged = answer_block(&p.data.library, &buggy.functions, &names);
        let v = RepoFix.verify_group(&p.data, &[&p.answer, &unchanged]);
        assert_eq!(v[0].reason, Reason::Correct, "{}: {}", p.id, v[0].message);
        assert_eq!(v[1].reason, Reason::WrongAnswer, "{}", p.id);
        let recorded: Vec<String> = p.data.failing.iter().map(|f| f.test.clone()).collect();
        assert_eq!(strings(&v[1], "failing"), recorded, "{}", p.id);
        for ((_, m), f) in messages(&v[1]).iter().zip(&p.data.failing) {
            assert_eq!(*m, f.message, "{}", p.id);
        }
    });
}

/// The same (params, seed, index) gives the same bytes; another seed another surface; variation
/// 0 is the repo as shipped.
#[test]
fn variants_are_deterministic_and_surface_deep() {
    let make = |variation: u32, seed: u64| {
        let g = Generator::new(&RepoFix, params(variation, 3.0), seed).unwrap();
        (0..4).map(|i| g.problem(i)).collect::<Vec<_>>()
    };
    let a = make(3, 5);
    let b = make(3, 5);
    for (x, y) in a.iter().zip(&b) {
        assert_eq!(
            serde_json::to_string(x).unwrap(),
            serde_json::to_string(y).unwrap()
        );
    }
    let shipped = make(0, 5);
    for (v, s) in a.iter().zip(&shipped) {
        // The same repo and bugs (the draws before variation are the same)...
        assert_eq!(v.data.repo, s.data.repo);
        let ids = |d: &RepoFixData| d.bugs.iter().map(|b| b.id.clone()).collect::<Vec<_>>();
        assert_eq!(ids(&v.data), ids(&s.data));
        // ...under another surface: every buggy function has another name (a method named
        // like a `std` method, such as `new`, keeps its own but its type's changes; a function
        // whose name a suite also calls as a `std` method, as `bits`' tests call
        // `x.rotate_left(k)` beside `rotate_left(x, k)`, keeps its own).
        let called_as_std = |name: &str| {
            let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("envs/repos")
                .join(&s.data.repo)
                .join("tests/strong.rs");
            std::fs::read_to_string(dir)
                .unwrap()
                .contains(&format!(".{name}("))
        };
        assert_ne!(v.data.library, s.data.library);
        for (bv, bs) in v.data.bugs.iter().zip(&s.data.bugs) {
            // A free function named like a common `std` method (`contains`) keeps its name too.
            let std_name = verigym::repo::vary::rename::STD_METHODS.contains(&bs.function.as_str());
            if bs.function.contains("::") || !(called_as_std(&bs.function) || std_name) {
                assert_ne!(bv.function, bs.function);
                assert!(!v.data.library.contains(&format!("fn {}(", bs.function)));
            }
        }
        assert_ne!(v.data.suite, s.data.suite);
        // Variation 0 ships the repo's own strong suite.
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("envs/repos");
        let strong =
            std::fs::read_to_string(dir.join(&s.data.repo).join("tests/strong.rs")).unwrap();
        assert_eq!(s.data.suite, strong);
    }
}

/// Suites round-trip variant records: a record re-read from JSON verifies the same.
#[test]
fn variant_records_round_trip() {
    let g = Generator::new(&RepoFix, params(3, 5.0), 77).unwrap();
    let p = g.problem(0);
    let line = serde_json::to_string(&p).unwrap();
    let back: verigym::Problem<RepoFixParams, RepoFixData> = serde_json::from_str(&line).unwrap();
    assert_eq!(back.data, p.data);
    assert_eq!(back.params, p.params);
    assert!(back.params.validate().is_ok());
    assert_eq!(
        RepoFix.verify(&back.data, &p.answer).reason,
        Reason::Correct
    );
}
