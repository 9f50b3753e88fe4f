//! `sat`: every clause holds under the plant, the verifier agrees with an independent clause
//! evaluation on arbitrary assignments, accepts alternative solutions found by brute force, and
//! never panics; golden files and hashes pin the output.

use proptest::prelude::*;
use verigym::envs::sat::{Sat, SatData, SatParams};
use verigym::{Env, EnvParams, Generator, Reason};

use crate::support::check_golden as check;
use crate::support::{jsonl, sha256};

/// Whether `values[v - 1]` satisfies every clause: read straight from the DIMACS literals.
fn satisfies(data: &SatData, values: &[bool]) -> bool {
    data.clauses.iter().all(|clause| {
        clause
            .iter()
            .any(|&lit| values[lit.unsigned_abs() as usize - 1] == (lit > 0))
    })
}

/// Every satisfying assignment, by enumeration (small formulas only).
fn all_solutions(data: &SatData) -> Vec<Vec<bool>> {
    let n = data.variables;
    (0..1u32 << n)
        .map(|m| (0..n).map(|v| m >> v & 1 == 1).collect::<Vec<bool>>())
        .filter(|values| satisfies(data, values))
        .collect()
}

fn primary(values: &[bool]) -> String {
    let entries: Vec<String> = values
        .iter()
        .enumerate()
        .map(|(i, &v)| format!("x{}={}", i + 1, u8::from(v)))
        .collect();
    entries.join(", ")
}

fn dimacs(values: &[bool]) -> String {
    let lits: Vec<String> = values
        .iter()
        .enumerate()
        .rev()
        .map(|(i, &v)| {
            if v {
                format!("{}", i + 1)
            } else {
                format!("-{}", i + 1)
            }
        })
        .collect();
    lits.join(" ") + " 0"
}

/// Valid params with at most `max_vars` variables.
fn params(max_vars: u32) -> impl Strategy<Value = SatParams> {
    (3u32..=max_vars, 2u32..=3, 50u32..=500)
        .prop_map(|(variables, k, clauses_per_100_vars)| SatParams {
            variables,
            clauses_per_100_vars,
            k,
        })
        .prop_filter("valid", |p| p.validate().is_ok())
}

fn answer(values: &[bool]) -> String {
    format!("<answer>{}</answer>", primary(values))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn plant_satisfies_and_reference_verifies_in_both_forms(params in params(64), seed: u64, index in 0u64..1 << 40) {
        let p = Generator::new(&Sat, params.clone(), seed).unwrap().problem(index);
        prop_assert_eq!(p.data.clauses.len() as u32, params.clauses());
        prop_assert!(satisfies(&p.data, &p.data.planted));
        for clause in &p.data.clauses {
            prop_assert_eq!(clause.len() as u32, params.k);
            let mut vars: Vec<u32> = clause.iter().map(|l| l.unsigned_abs()).collect();
            vars.dedup();
            prop_assert_eq!(vars.len() as u32, params.k);
        }
        for text in [p.answer.clone(), primary(&p.data.planted), dimacs(&p.data.planted)] {
            let v = Sat.verify(&p.data, &format!("<answer>{text}</answer>"));
            prop_assert!(v.correct && v.score == 1.0, "{}", text);
        }
    }

    #[test]
    fn verdict_agrees_with_independent_evaluation(params in params(64), seed: u64, bits: u64, flips in 0u32..4) {
        // Mostly near-plant assignments (a few flips), which sit right at the boundary.
        let p = Generator::new(&Sat, params, seed).unwrap().problem(3);
        let n = p.data.variables as usize;
        let mut values = p.data.planted.clone();
        for j in 0..flips { values[(bits >> (8 * j)) as usize % n] ^= true; }
        if flips == 0 { values = (0..n).map(|i| bits >> i & 1 == 1).collect(); }
        let v = Sat.verify(&p.data, &answer(&values));
        prop_assert_eq!(v.correct, satisfies(&p.data, &values));
        prop_assert_eq!(v.reason, if v.correct { Reason::Correct } else { Reason::WrongAnswer });
    }

    #[test]
    fn alternative_solutions_from_brute_force_are_accepted(params in params(10), seed: u64, pick: prop::sample::Index) {
        let p = Generator::new(&Sat, params, seed).unwrap().problem(5);
        let solutions = all_solutions(&p.data);
        prop_assert!(solutions.contains(&p.data.planted));
        let other = &solutions[pick.index(solutions.len())];
        let v = Sat.verify(&p.data, &answer(other));
        prop_assert!(v.correct, "{:?}", v);
        let v = Sat.verify(&p.data, &format!("<answer>{}</answer>", dimacs(other)));
        prop_assert!(v.correct, "{:?}", v);
    }

    #[test]
    fn partial_or_padded_assignments_are_unparsable(params in params(64), seed: u64, which: prop::sample::Index, extra: bool) {
        let p = Generator::new(&Sat, params, seed).unwrap().problem(4);
        let n = p.data.variables as usize;
        let i = which.index(n);
        let mut entries: Vec<String> = p.data.planted.iter().enumerate().map(|(j, &v)| format!("x{}={}", j + 1, u8::from(v))).collect();
        if extra { entries.push(format!("x{}=1", n + 1)); } else { entries.remove(i); }
        let v = Sat.verify(&p.data, &format!("<answer>{}</answer>", entries.join(", ")));
        prop_assert_eq!(v.reason, Reason::UnparsableAnswer);
        prop_assert!(v.score == 0.0 && v.detail.is_none());
    }

    #[test]
    fn arbitrary_text_never_panics(params in params(64), text in ".{0,400}") {
        let p = Generator::new(&Sat, params, 1).unwrap().problem(0);
        let v = Sat.verify(&p.data, &text);
        prop_assert!(!v.correct && v.score == 0.0 && !v.message.is_empty());
    }

    #[test]
    fn adversarial_structure_never_panics(params in params(64), parts in prop::collection::vec(
        prop::sample::select(vec!["<answer>", "</answer>", "<think>", "</think>", "\\boxed{", "}", "x", "X", "1", "0",
                                  "-", "=", ":", ",", " ", "true", "99999999999999999999", "x64", "é"]), 0..80)) {
        let p = Generator::new(&Sat, params, 2).unwrap().problem(0);
        let v = Sat.verify(&p.data, &parts.concat());
        prop_assert!((0.0..=1.0).contains(&v.score));
    }
}

#[test]
fn detail_partial_credit_random_guess_baseline() {
    // The detail's fraction of satisfied clauses for uniformly random assignments: its guessing
    // floor, 1 − 2^−k in expectation. The score itself is all-or-nothing.
    for (k, lo, hi) in [(3, 0.86, 0.89), (2, 0.73, 0.77)] {
        let params = SatParams {
            k,
            ..SatParams::default()
        };
        let g = Generator::new(&Sat, params, 8).unwrap();
        let mut rng = verigym::ProblemRng::from_test_seed(8);
        let (mut sum, mut scores, trials) = (0.0, 0.0, 2000);
        for i in 0..trials {
            let p = g.problem(i);
            let values: Vec<bool> = p.data.planted.iter().map(|_| rng.chance(1, 2)).collect();
            let v = Sat.verify(&p.data, &answer(&values));
            let d = v.detail.unwrap();
            sum += d["clauses_satisfied"].as_f64().unwrap() / d["clauses"].as_f64().unwrap();
            scores += v.score;
        }
        let (baseline, reward) = (sum / trials as f64, scores / trials as f64);
        println!("sat k={k} random guess: detail fraction {baseline:.3}, score {reward:.4}");
        assert!((lo..hi).contains(&baseline), "{baseline}");
        assert!(reward < 0.05, "{reward}");
    }
}

#[test]
fn level_zero_formulas_have_several_solutions_and_all_are_accepted() {
    // Easy formulas are the ones most likely to have solutions other than the plant.
    let g = Generator::new(&Sat, SatParams::at_level(0.0), 4).unwrap();
    let mut alternatives = 0;
    for i in 0..50 {
        let p = g.problem(i);
        for s in all_solutions(&p.data) {
            alternatives += usize::from(s != p.data.planted);
            assert!(Sat.verify(&p.data, &answer(&s)).correct);
        }
    }
    assert!(alternatives > 20, "{alternatives}");
}

#[test]
fn golden_sat_defaults_seed_42() {
    check("sat-default-s42.jsonl", &jsonl("sat", None, &[], 42, 0, 3));
}

#[test]
fn golden_sat_levels_seed_1() {
    let mut all = Vec::new();
    for level in [0.0, 2.5, 5.0, 7.5, 10.0] {
        all.extend(jsonl("sat", Some(level), &[], 1, 0, 1));
    }
    check("sat-levels-s1.jsonl", &all);
}

#[test]
fn pinned_hashes_of_first_thousand() {
    // If one changes, generated bytes changed: bump Sat::VERSION.
    let got = [
        sha256(&jsonl("sat", None, &[], 0, 0, 1000)),
        sha256(&jsonl("sat", Some(10.0), &[], 7, 0, 200)),
    ];
    assert_eq!(
        got,
        [
            "475a4320b2cf050918bc200f432400cee7fe56006115a0c5c388474c9b33b420",
            "4f974dfb937a5c378314f49080b5e4fcdfb167661a5142d0de9b090d45522c0e"
        ]
    );
}
