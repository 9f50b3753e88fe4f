//! `min_spanning_tree`: every record's weight is re-proven by Prim's algorithm written here (no
//! sorting, no union–find) and, on small graphs, by trying every set of n − 1 edges; the verifier
//! accepts exactly that weight, corruptions are rejected with the reason, and no input panics.

use proptest::prelude::*;
use verigym::envs::min_spanning_tree::{
    MinSpanningTree, MinSpanningTreeData, MinSpanningTreeParams,
};
use verigym::{Env, Generator, Reason, Verdict};

use crate::support::{check_golden, check_hashes, jsonl, one_per_level};

fn params() -> impl Strategy<Value = MinSpanningTreeParams> {
    (0.0..=10.0f64).prop_map(<MinSpanningTreeParams as verigym::EnvParams>::at_level)
}

fn problem(params: &MinSpanningTreeParams, seed: u64, index: u64) -> (MinSpanningTreeData, String) {
    let p = Generator::new(&MinSpanningTree, params.clone(), seed)
        .unwrap()
        .problem(index);
    (p.data, p.answer)
}

fn judge(data: &MinSpanningTreeData, answer: &str) -> Verdict {
    MinSpanningTree.verify(data, &format!("<answer>{answer}</answer>"))
}

/// Prim's algorithm on a weight matrix: grow the tree from vertex 1 by the lightest edge leaving it.
fn prim(data: &MinSpanningTreeData) -> u64 {
    let n = data.vertices as usize;
    let mut weight = vec![vec![u64::MAX; n + 1]; n + 1];
    for &[u, v, w] in &data.edges {
        weight[u as usize][v as usize] = u64::from(w);
        weight[v as usize][u as usize] = u64::from(w);
    }
    let mut inside = vec![false; n + 1];
    let mut best = vec![u64::MAX; n + 1];
    best[1] = 0;
    let mut total = 0;
    for _ in 0..n {
        let v = (1..=n)
            .filter(|&v| !inside[v])
            .min_by_key(|&v| best[v])
            .unwrap();
        assert!(best[v] != u64::MAX, "disconnected: {data:?}");
        inside[v] = true;
        total += best[v];
        for u in 1..=n {
            if !inside[u] && weight[v][u] < best[u] {
                best[u] = weight[v][u];
            }
        }
    }
    total
}

/// The smallest weight over every set of n − 1 edges that connects the graph (small graphs only).
fn brute_force(data: &MinSpanningTreeData) -> u64 {
    let n = data.vertices as usize;
    let m = data.edges.len();
    let mut best = u64::MAX;
    for mask in 0u32..1 << m {
        if mask.count_ones() as usize != n - 1 {
            continue;
        }
        let mut reach = vec![false; n + 1];
        reach[1] = true;
        let chosen: Vec<&[u32; 3]> = (0..m)
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| &data.edges[i])
            .collect();
        let mut grew = true;
        while grew {
            grew = false;
            for &&[u, v, _] in &chosen {
                if reach[u as usize] != reach[v as usize] {
                    reach[u as usize] = true;
                    reach[v as usize] = true;
                    grew = true;
                }
            }
        }
        if reach[1..].iter().all(|&r| r) {
            best = best.min(chosen.iter().map(|e| u64::from(e[2])).sum());
        }
    }
    best
}

/// Problems from every level: Prim's weight is the record's and the only accepted answer among
/// it and its neighbours; on graphs of at most 16 edges brute force agrees.
#[test]
fn prim_and_brute_force_agree_with_every_record() {
    let (mut checked, mut brute) = (0, 0);
    for step in 0..=20 {
        let params = <MinSpanningTreeParams as verigym::EnvParams>::at_level(f64::from(step) / 2.0);
        for (seed, index) in [(1, 0), (1, 1), (2, 5), (3, 9), (4, 17)] {
            let (data, answer) = problem(&params, seed, index);
            let w = prim(&data);
            assert_eq!(data.weight, w, "{data:?}");
            assert_eq!(answer, w.to_string());
            if data.edges.len() <= 16 {
                assert_eq!(brute_force(&data), w, "{data:?}");
                brute += 1;
            }
            for guess in w.saturating_sub(2)..=w + 2 {
                assert_eq!(judge(&data, &guess.to_string()).correct, guess == w);
            }
            checked += 1;
        }
    }
    println!("min_spanning_tree: {checked} weights re-proven by Prim, {brute} also by brute force");
    assert!(brute >= 20);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn the_reference_and_its_forms_verify(params in params(), seed: u64, index in 0u64..1 << 40) {
        let (data, answer) = problem(&params, seed, index);
        for form in [answer.clone(), format!("Total weight: {answer}"), format!("**The total weight is {answer}.**")] {
            let v = judge(&data, &form);
            prop_assert!(v.correct && v.score == 1.0, "{}: {:?}", form, v);
        }
    }

    #[test]
    fn any_other_weight_is_wrong(params in params(), seed: u64, delta in 1u64..1000) {
        let (data, _) = problem(&params, seed, 2);
        let v = judge(&data, &(data.weight + delta).to_string());
        prop_assert_eq!(v.reason, Reason::WrongAnswer);
        let v = judge(&data, &format!("{} or {}", data.weight, data.weight + delta));
        prop_assert_eq!(v.reason, Reason::UnparsableAnswer);
    }

    #[test]
    fn arbitrary_text_never_panics(params in params(), text in ".{0,300}") {
        let (data, _) = problem(&params, 1, 0);
        let v = MinSpanningTree.verify(&data, &text);
        prop_assert!((0.0..=1.0).contains(&v.score) && !v.message.is_empty());
        let v = MinSpanningTree.verify(&data, &format!("<answer>{text}</answer>"));
        prop_assert!(v.score == 0.0 || v.correct);
    }

    #[test]
    fn every_probe_form_is_judged_as_labelled(params in params(), seed: u64, index in 0u64..1 << 20) {
        let (data, answer) = problem(&params, seed, index);
        crate::support::probe_forms_are_judged_as_labelled(&MinSpanningTree, &data, &answer)?;
    }
}

#[test]
fn golden_min_spanning_tree_defaults_seed_42() {
    check_golden(
        "min_spanning_tree-default-s42.jsonl",
        &jsonl("min_spanning_tree", None, &[], 42, 0, 3),
    );
}

#[test]
fn golden_min_spanning_tree_levels_seed_1() {
    check_golden(
        "min_spanning_tree-levels-s1.jsonl",
        &one_per_level("min_spanning_tree", 1),
    );
}

/// SHA-256 of the first 1,000 problems. A change means generated bytes changed: bump the version.
#[test]
fn pinned_hashes_of_first_thousand() {
    check_hashes(
        "min_spanning_tree",
        1000,
        &[
            (
                None,
                0,
                "52541d37eff5dc5312ae87d8ae3b32b8a72dd50ae0c576d60658367be8121845",
            ),
            (
                Some(0.0),
                7,
                "8416bb5a4f2e80a3f96a0d32a4beaa9ca1a91c18cd5857bd0054e644cc18674f",
            ),
            (
                Some(10.0),
                7,
                "bd9f65f40b63194f5a584ec7f0881153b7c0cfdb51970b10f7ed1a17bd4f36be",
            ),
        ],
    );
}

/// A record whose data breaks an invariant is judged a verifier error.
#[test]
fn a_tampered_record_is_a_verifier_error() {
    for (pointer, needle) in [
        ("/data/weight", "stored weight"),
        ("/data/vertices", "vertices"),
        ("/data/edges/0/0", "is not a pair"),
    ] {
        let v = crate::support::verdict_on_tampered_record("min_spanning_tree", pointer);
        assert_eq!(v.reason, Reason::VerifierError, "{v:?}");
        assert!(v.message.contains(needle), "{}", v.message);
    }
}
