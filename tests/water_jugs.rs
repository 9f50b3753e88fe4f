//! `water_jugs`: the recorded optimum is re-proven by an independent search, the verifier accepts
//! exactly the working plans of that length (including ones the generator never wrote), and
//! corruptions and junk never pass or panic.

use std::collections::BTreeMap;

use proptest::prelude::*;
use verigym::envs::water_jugs::{WaterJugs, WaterJugsData, WaterJugsParams};
use verigym::{Env, Generator, ProblemRng, Reason, Verdict};

use crate::support::{check_golden, check_hashes, jsonl, one_per_level};

fn params() -> impl Strategy<Value = WaterJugsParams> {
    (2u32..=3, 4u32..=14, 1u32..=8).prop_map(|(jugs, max_capacity, min_moves)| WaterJugsParams {
        jugs,
        max_capacity,
        min_moves,
    })
}

fn problem(params: &WaterJugsParams, seed: u64, index: u64) -> (WaterJugsData, String) {
    let p = Generator::new(&WaterJugs, params.clone(), seed)
        .unwrap()
        .problem(index);
    (p.data, p.answer)
}

fn judge(data: &WaterJugsData, answer: &str) -> Verdict {
    WaterJugs.verify(data, &format!("<answer>{answer}</answer>"))
}

/// A move in the test's own representation: (verb, from, to).
type Step = (&'static str, usize, usize);

/// The test's own move semantics, straight from the rules in the prompt.
fn step(caps: &[u32], state: &[u32], (verb, x, y): Step) -> Vec<u32> {
    let mut next = state.to_vec();
    match verb {
        "fill" => next[x] = caps[x],
        "empty" => next[x] = 0,
        _ => {
            let amount = next[x].min(caps[y] - next[y]);
            next[x] -= amount;
            next[y] += amount;
        }
    }
    next
}

fn steps(k: usize) -> Vec<Step> {
    let mut out = Vec::new();
    for x in 0..k {
        out.push(("fill", x, x));
        out.push(("empty", x, x));
        for y in (0..k).filter(|&y| y != x) {
            out.push(("pour", x, y));
        }
    }
    out
}

fn text(plan: &[Step]) -> String {
    let letter = |i: usize| char::from(b'A' + i as u8);
    plan.iter()
        .map(|&(verb, x, y)| match verb {
            "pour" => format!("pour {} {}", letter(x), letter(y)),
            _ => format!("{verb} {}", letter(x)),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A state's depth and every (parent, step) that reaches it from the layer before.
type Reached = (u32, Vec<(Vec<u32>, Step)>);

/// An independent solver: layered BFS over a map of states, each layer's parents kept, and a
/// random shortest plan drawn by walking back through randomly chosen parents. Returns the
/// optimum and that plan.
fn independent_shortest(data: &WaterJugsData, rng: &mut ProblemRng) -> (u32, Vec<Step>) {
    let k = data.capacities.len();
    let start = vec![0u32; k];
    // State -> (depth, every (parent, step) at depth - 1).
    let mut seen: BTreeMap<Vec<u32>, Reached> = BTreeMap::new();
    seen.insert(start.clone(), (0, Vec::new()));
    let mut layer = vec![start];
    let mut depth = 0;
    loop {
        let goals: Vec<&Vec<u32>> = layer.iter().filter(|s| s.contains(&data.target)).collect();
        if !goals.is_empty() {
            let mut at = goals[rng.index(goals.len())].clone();
            let mut plan = Vec::new();
            while let Some((_, parents)) = seen.get(&at).filter(|(_, p)| !p.is_empty()) {
                let (parent, s) = parents[rng.index(parents.len())].clone();
                plan.push(s);
                at = parent;
            }
            plan.reverse();
            return (depth, plan);
        }
        assert!(!layer.is_empty(), "target unreachable");
        depth += 1;
        let mut next = Vec::new();
        for state in &layer {
            for s in steps(k) {
                let n = step(&data.capacities, state, s);
                match seen.get_mut(&n) {
                    Some((d, parents)) if *d == depth => parents.push((state.clone(), s)),
                    Some(_) => {}
                    None => {
                        seen.insert(n.clone(), (depth, vec![(state.clone(), s)]));
                        next.push(n);
                    }
                }
            }
        }
        layer = next;
    }
}

fn simulate(data: &WaterJugsData, plan: &[Step]) -> Vec<u32> {
    plan.iter().fold(vec![0; data.capacities.len()], |s, &m| {
        step(&data.capacities, &s, m)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The optimum in the record is what an independent BFS finds, the reference plan works and
    /// has that length, and a random shortest plan of the independent solver is accepted too.
    #[test]
    fn optimum_is_reproven_and_any_shortest_plan_verifies(params in params(), seed: u64, index in 0u64..1 << 30) {
        let (data, answer) = problem(&params, seed, index);
        let mut rng = ProblemRng::from_test_seed(seed);
        let (optimal, plan) = independent_shortest(&data, &mut rng);
        prop_assert_eq!(data.optimal, optimal);
        prop_assert_eq!(plan.len() as u32, optimal);
        prop_assert!(simulate(&data, &plan).contains(&data.target));
        let v = judge(&data, &answer);
        prop_assert!(v.correct && v.score == 1.0, "{}: {:?}", answer, v);
        let v = judge(&data, &text(&plan));
        prop_assert!(v.correct, "{}: {:?}", text(&plan), v);
    }

    #[test]
    fn corruptions_are_rejected_with_the_reason(params in params(), seed: u64, extra in 0usize..12) {
        let (data, answer) = problem(&params, seed, 0);
        let moves: Vec<&str> = answer.split(", ").collect();
        let k = data.capacities.len();
        let wasted = steps(k)[extra % steps(k).len()];
        // One more move anywhere: either the plan no longer works or it is not shortest.
        let mut longer = moves.iter().map(|m| m.to_string()).collect::<Vec<_>>();
        longer.insert(extra % (moves.len() + 1), text(&[wasted]));
        let v = judge(&data, &longer.join(", "));
        prop_assert_eq!(v.reason, Reason::WrongAnswer);
        prop_assert!(v.message.contains("not shortest") || v.message.contains("no jug holds"), "{}", v.message);
        // One move fewer never reaches the target.
        let v = judge(&data, &moves[..moves.len() - 1].join(", "));
        prop_assert!(!v.correct && v.score == 0.0);
        let v = judge(&data, &format!("{answer}, fill {}", char::from(b'A' + k as u8)));
        prop_assert_eq!(v.reason, Reason::WrongAnswer);
        prop_assert!(v.message.contains("names jug"), "{}", v.message);
    }

    #[test]
    fn arbitrary_text_never_panics(params in params(), text in ".{0,300}") {
        let (data, _) = problem(&params, 1, 0);
        let v = WaterJugs.verify(&data, &text);
        prop_assert!((0.0..=1.0).contains(&v.score) && !v.message.is_empty());
    }

    #[test]
    fn adversarial_structure_never_panics(params in params(), parts in prop::collection::vec(
        prop::sample::select(vec!["<answer>", "</answer>", "<think>", "</think>", "\\boxed{", "}",
            "fill", "empty", "pour", " A", " B", " C", " D", " z", "->", "→", ",", ";", "\n", " ",
            "(", ")", "[", "]", "jug ", "1. ", "Step 2:", "**", "\"", "9", "é", "Ste", "Mo", "ü"]), 0..80)) {
        let (data, _) = problem(&params, 2, 0);
        let v = WaterJugs.verify(&data, &parts.concat());
        prop_assert!((0.0..=1.0).contains(&v.score));
    }
}

/// On small instances every plan of up to `optimal` moves is judged: exactly the plans of length
/// `optimal` that leave the target in a jug are accepted, and no shorter plan reaches it, which
/// re-proves the optimum by exhaustion.
#[test]
fn verifier_accepts_exactly_the_working_plans_of_optimal_length() {
    let mut checked = 0;
    for seed in 0..40 {
        let params = WaterJugsParams {
            jugs: 2,
            max_capacity: 7,
            min_moves: 2,
        };
        let (data, _) = problem(&params, seed, 0);
        if data.optimal > 5 {
            continue;
        }
        checked += 1;
        let all = steps(2);
        let mut accepted = 0;
        for len in 1..=data.optimal as usize {
            for code in 0..all.len().pow(len as u32) {
                let mut rest = code;
                let plan: Vec<Step> = (0..len)
                    .map(|_| {
                        let s = all[rest % all.len()];
                        rest /= all.len();
                        s
                    })
                    .collect();
                let works = simulate(&data, &plan).contains(&data.target);
                assert!(!works || len == data.optimal as usize, "{}", text(&plan));
                let v = judge(&data, &text(&plan));
                assert_eq!(v.correct, works, "{}: {v:?}", text(&plan));
                accepted += u32::from(v.correct);
            }
        }
        assert!(accepted > 0);
    }
    assert!(checked >= 10, "{checked}");
}

#[test]
fn random_plans_of_the_right_length_score_nothing_on_average() {
    // Guessing baseline: uniformly random plans of exactly the optimal length.
    let g = Generator::new(&WaterJugs, WaterJugsParams::default(), 9).unwrap();
    let mut rng = ProblemRng::from_test_seed(9);
    let mut correct = 0;
    for i in 0..200 {
        let data = g.problem(i).data;
        let all = steps(data.capacities.len());
        let plan: Vec<Step> = (0..data.optimal)
            .map(|_| all[rng.index(all.len())])
            .collect();
        correct += u32::from(judge(&data, &text(&plan)).correct);
    }
    eprintln!("water_jugs default: {correct}/200 random plans of optimal length are correct");
    assert!(correct <= 10, "{correct}");
}

#[test]
fn golden_water_jugs_defaults_seed_42() {
    check_golden(
        "water_jugs-default-s42.jsonl",
        &jsonl("water_jugs", None, &[], 42, 0, 3),
    );
}

#[test]
fn golden_water_jugs_levels_seed_1() {
    check_golden(
        "water_jugs-levels-s1.jsonl",
        &one_per_level("water_jugs", 1),
    );
}

/// SHA-256 of the first 200 problems. A change means generated bytes changed: bump the version.
#[test]
fn pinned_hashes_of_first_problems() {
    check_hashes(
        "water_jugs",
        200,
        &[
            (
                None,
                0,
                "724c99c6620ac7c9e72ac98cb6669e2742dabadf6c7ea5fd3896c2e38682c809",
            ),
            (
                Some(0.0),
                7,
                "81ce5b832de13737a250692abe62ddbc4a0f37a6a6bb49142008b5c2c49bf4b6",
            ),
            (
                Some(10.0),
                7,
                "ec3bce937c30d2900dd8fb1a19d61a001fe9b8f5de55d534e21e842e969423f9",
            ),
        ],
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn every_probe_form_is_judged_as_labelled(params in params(), seed: u64, index in 0u64..1 << 20) {
        let p = Generator::new(&WaterJugs, params, seed).unwrap().problem(index);
        crate::support::probe_forms_are_judged_as_labelled(&WaterJugs, &p.data, &p.answer)?;
    }
}

#[test]
fn a_tampered_record_is_a_verifier_error() {
    let v = crate::support::verdict_on_tampered_record("water_jugs", "/data/target");
    assert_eq!(v.reason, Reason::VerifierError, "{v:?}");
    assert!(v.message.contains("target is 99"), "{}", v.message);
}
