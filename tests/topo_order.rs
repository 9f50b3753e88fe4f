//! `topo_order`: the verifier accepts exactly the permutations that respect every dependency
//! (any mode) or exactly the smallest of them (lexicographic mode), each re-proven here by
//! enumerating every permutation of small instances; corruptions and junk never pass or panic.

use proptest::prelude::*;
use verigym::envs::topo_order::{TopoOrder, TopoOrderData, TopoOrderParams};
use verigym::{Env, Generator, Reason, Verdict};

use crate::support::{check_golden, check_hashes, jsonl, one_per_level};

fn params(max_tasks: u32) -> impl Strategy<Value = TopoOrderParams> {
    (3..=max_tasks, 1u32..=100, any::<bool>()).prop_map(|(tasks, edge_percent, lexicographic)| {
        TopoOrderParams {
            tasks,
            edge_percent,
            lexicographic,
        }
    })
}

fn problem(params: &TopoOrderParams, seed: u64, index: u64) -> TopoOrderData {
    Generator::new(&TopoOrder, params.clone(), seed)
        .unwrap()
        .problem(index)
        .data
}

fn text(order: &[u32]) -> String {
    order
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

fn judge(data: &TopoOrderData, answer: &str) -> Verdict {
    TopoOrder.verify(data, &format!("<answer>{answer}</answer>"))
}

/// Straight from the definition: a permutation of 1..=n with every a before its b.
fn valid(data: &TopoOrderData, order: &[u32]) -> bool {
    let mut sorted = order.to_vec();
    sorted.sort_unstable();
    sorted == (1..=data.tasks).collect::<Vec<_>>()
        && data
            .dependencies
            .iter()
            .all(|&[a, b]| order.iter().position(|&t| t == a) < order.iter().position(|&t| t == b))
}

/// Every permutation of 1..=n in lexicographic order (Heap's algorithm would not keep the order).
fn permutations(n: u32) -> Vec<Vec<u32>> {
    let mut p: Vec<u32> = (1..=n).collect();
    let mut out = vec![p.clone()];
    loop {
        let Some(i) = (0..p.len() - 1).rev().find(|&i| p[i] < p[i + 1]) else {
            return out;
        };
        let j = (i + 1..p.len()).rev().find(|&j| p[j] > p[i]).unwrap();
        p.swap(i, j);
        p[i + 1..].reverse();
        out.push(p.clone());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn reference_is_valid_and_verifies(params in params(60), seed: u64, index in 0u64..1 << 40) {
        let p = Generator::new(&TopoOrder, params, seed).unwrap().problem(index);
        prop_assert!(valid(&p.data, &p.data.order));
        prop_assert_eq!(&p.answer, &text(&p.data.order));
        let v = judge(&p.data, &p.answer);
        prop_assert!(v.correct && v.score == 1.0, "{:?}", v);
    }

    #[test]
    fn corruptions_are_rejected_with_the_reason(params in params(40), seed: u64, which: prop::sample::Index) {
        let data = problem(&params, seed, 0);
        let order = &data.order;
        let n = data.tasks;
        let [a, b] = data.dependencies[which.index(data.dependencies.len())];
        let swapped: Vec<u32> = order.iter().map(|&t| if t == a { b } else if t == b { a } else { t }).collect();
        let drop = which.index(order.len());
        let missing: Vec<u32> = order.iter().enumerate().filter(|&(i, _)| i != drop).map(|(_, &t)| t).collect();
        for (answer, needle) in [
            (text(&swapped), "must come first".to_owned()),
            (text(&missing), format!("task {} is missing", order[drop])),
            (format!("{}, {}", text(order), order[drop]), format!("task {} is listed more than once", order[drop])),
            (format!("{}, {}", text(order), n + 1), format!("there is no task {}", n + 1)),
        ] {
            let v = judge(&data, &answer);
            prop_assert_eq!(v.reason, Reason::WrongAnswer, "{}", answer);
            prop_assert!(v.message.contains(&needle), "{}: {}", answer, v.message);
        }
    }

    #[test]
    fn arbitrary_text_never_panics(params in params(30), text in ".{0,300}") {
        let data = problem(&params, 1, 0);
        let v = TopoOrder.verify(&data, &text);
        prop_assert!((0.0..=1.0).contains(&v.score) && !v.message.is_empty());
    }

    #[test]
    fn adversarial_structure_never_panics(params in params(20), parts in prop::collection::vec(
        prop::sample::select(vec!["<answer>", "</answer>", "<think>", "</think>", "\\boxed{", "}",
            "1", "2", "3", "12", "0", "99999999999999999999999", ",", ";", "\n", " ", "->", "→",
            "order", "task ", "T", ":", "(", ")", "[", "]", "- ", "1. ", ".", "**"]), 0..80)) {
        let data = problem(&params, 2, 0);
        let v = TopoOrder.verify(&data, &parts.concat());
        prop_assert!(v.format_ok || v.reason != Reason::Correct);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Every realistic layout of the right answer verifies, and every near miss is rejected.
    #[test]
    fn every_probe_form_is_judged_as_labelled(params in params(30), seed: u64, index in 0u64..1 << 20) {
        let p = Generator::new(&TopoOrder, params, seed).unwrap().problem(index);
        crate::support::probe_forms_are_judged_as_labelled(&TopoOrder, &p.data, &p.answer)?;
    }
}

/// On small instances every permutation is judged. In the any-order mode the verifier accepts
/// exactly the valid ones; in the lexicographic mode exactly one, the first valid permutation in
/// dictionary order, which is also the record's order (uniqueness and the generator's Kahn
/// re-proven by enumeration).
#[test]
fn verifier_accepts_exactly_the_valid_orders() {
    let perms = permutations(6);
    assert_eq!(perms.len(), 720);
    for seed in 0..30u64 {
        for lexicographic in [false, true] {
            let params = TopoOrderParams {
                tasks: 6,
                edge_percent: 10 + (seed as u32 * 7) % 60,
                lexicographic,
            };
            let data = problem(&params, seed, 0);
            let smallest = perms.iter().find(|p| valid(&data, p)).unwrap();
            assert_eq!(smallest, &data.order, "seed {seed}");
            let mut accepted = 0;
            for p in &perms {
                let v = judge(&data, &text(p));
                let right = if lexicographic {
                    p == smallest
                } else {
                    valid(&data, p)
                };
                assert_eq!(v.correct, right, "{p:?}: {v:?}");
                accepted += u32::from(v.correct);
            }
            assert!(if lexicographic {
                accepted == 1
            } else {
                accepted >= 1
            });
        }
    }
}

#[test]
fn random_permutations_rarely_score() {
    let g = Generator::new(&TopoOrder, TopoOrderParams::default(), 5).unwrap();
    let mut rng = verigym::ProblemRng::from_test_seed(5);
    let mut correct = 0;
    for i in 0..1000 {
        let data = g.problem(i).data;
        let mut guess: Vec<u32> = (1..=data.tasks).collect();
        rng.shuffle(&mut guess);
        correct += u32::from(judge(&data, &text(&guess)).correct);
    }
    eprintln!("topo_order default: {correct}/1000 random permutations correct");
    assert!(correct < 50, "{correct}");
}

/// The 10,000-problem bar: every reference order is valid by the definition.
/// `cargo test --release -- --ignored topo_order_ten_thousand_are_sound`
#[test]
#[ignore = "slow in debug builds; run with --release"]
fn topo_order_ten_thousand_are_sound() {
    for (at, p) in crate::support::across_levels(&TopoOrder, 10_000) {
        assert!(valid(&p.data, &p.data.order), "{at}");
        assert!(judge(&p.data, &p.answer).correct, "{at}");
    }
}

#[test]
fn golden_topo_order_defaults_seed_42() {
    check_golden(
        "topo_order-default-s42.jsonl",
        &jsonl("topo_order", None, &[], 42, 0, 3),
    );
}

#[test]
fn golden_topo_order_levels_seed_1() {
    check_golden(
        "topo_order-levels-s1.jsonl",
        &one_per_level("topo_order", 1),
    );
}

#[test]
fn golden_topo_order_lexicographic_seed_3() {
    check_golden(
        "topo_order-lexicographic-s3.jsonl",
        &jsonl("topo_order", None, &[("lexicographic", "true")], 3, 0, 2),
    );
}

/// SHA-256 of the first 1,000 problems. A change means generated bytes changed: bump the version.
#[test]
fn pinned_hashes_of_first_thousand() {
    check_hashes(
        "topo_order",
        1000,
        &[
            (
                None,
                0,
                "07a85ea750dc3bf265c056c247eef2642f784e2a02a0fe28aaee0dc6f564f79a",
            ),
            (
                Some(0.0),
                7,
                "cb3b41476f468f52e4bfe1afcee7d37f3548861bf208c984000c1a1365b46c86",
            ),
            (
                Some(10.0),
                7,
                "3a3316f1b1c802a2712cce880550ac41bffd0290e2074730b1749beb09948d3e",
            ),
        ],
    );
}

#[test]
fn a_tampered_record_is_a_verifier_error() {
    let v = crate::support::verdict_on_tampered_record("topo_order", "/data/order/0");
    assert_eq!(v.reason, Reason::VerifierError, "{v:?}");
    assert!(v.message.contains("order"), "{}", v.message);
}
