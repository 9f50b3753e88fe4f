//! `shortest_path`: the verifier accepts exactly the paths from source to target whose cost is
//! the optimum, where the optimum is re-proven by Bellman-Ford and every simple path is
//! enumerated on small graphs; corruptions and junk never pass or panic.

use proptest::prelude::*;
use verigym::envs::shortest_path::{ShortestPath, ShortestPathData, ShortestPathParams};
use verigym::{Env, Generator, Reason, Verdict};

use crate::support::{check_golden, check_hashes, jsonl, one_per_level};

fn params(max_vertices: u32) -> impl Strategy<Value = ShortestPathParams> {
    (3..=max_vertices, any::<u32>(), 1u32..=99, any::<bool>()).prop_map(
        |(vertices, e, max_weight, directed)| {
            let mut p = ShortestPathParams {
                vertices,
                edges: 0,
                max_weight,
                directed,
            };
            let lo = vertices - 1;
            let hi = p.max_pairs().min(1000) as u32;
            p.edges = lo + e % (hi - lo + 1);
            p
        },
    )
}

fn problem(params: &ShortestPathParams, seed: u64, index: u64) -> ShortestPathData {
    Generator::new(&ShortestPath, params.clone(), seed)
        .unwrap()
        .problem(index)
        .data
}

fn text(path: &[u32], cost: u64) -> String {
    let p: Vec<String> = path.iter().map(u32::to_string).collect();
    format!("{}; cost {cost}", p.join(" -> "))
}

fn judge(data: &ShortestPathData, answer: &str) -> Verdict {
    ShortestPath.verify(data, &format!("<answer>{answer}</answer>"))
}

/// The directed arcs of the graph: both directions of an undirected edge.
fn arcs(data: &ShortestPathData) -> Vec<(usize, usize, u64)> {
    let mut out = Vec::new();
    for &[u, v, w] in &data.edges {
        out.push((u as usize - 1, v as usize - 1, u64::from(w)));
        if !data.directed {
            out.push((v as usize - 1, u as usize - 1, u64::from(w)));
        }
    }
    out
}

/// An independent solver: Bellman-Ford relaxes every arc n − 1 times.
fn bellman_ford(data: &ShortestPathData) -> Vec<Option<u64>> {
    let n = data.vertices as usize;
    let mut dist = vec![None; n];
    dist[data.source as usize - 1] = Some(0);
    let arcs = arcs(data);
    for _ in 1..n {
        for &(u, v, w) in &arcs {
            if let Some(du) = dist[u]
                && dist[v].is_none_or(|dv| du + w < dv)
            {
                dist[v] = Some(du + w);
            }
        }
    }
    dist
}

/// Every simple path from source to target, with its cost (depth-first, small graphs only).
fn all_simple_paths(data: &ShortestPathData) -> Vec<(Vec<u32>, u64)> {
    fn walk(
        arcs: &[(usize, usize, u64)],
        t: usize,
        path: &mut Vec<usize>,
        cost: u64,
        out: &mut Vec<(Vec<u32>, u64)>,
    ) {
        let u = *path.last().unwrap();
        if u == t {
            out.push((path.iter().map(|&v| v as u32 + 1).collect(), cost));
            return;
        }
        for &(a, b, w) in arcs {
            if a == u && !path.contains(&b) {
                path.push(b);
                walk(arcs, t, path, cost + w, out);
                path.pop();
            }
        }
    }
    let mut out = Vec::new();
    walk(
        &arcs(data),
        data.target as usize - 1,
        &mut vec![data.source as usize - 1],
        0,
        &mut out,
    );
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn reference_is_optimal_by_an_independent_solver(params in params(40), seed: u64, index in 0u64..1 << 40) {
        let p = Generator::new(&ShortestPath, params, seed).unwrap().problem(index);
        let data = &p.data;
        let dist = bellman_ford(data);
        prop_assert_eq!(dist[data.target as usize - 1], Some(data.cost));
        prop_assert!(dist.iter().zip(&data.distances).all(|(a, b)| *a == Some(*b)), "certificate");
        prop_assert_eq!(&p.answer, &text(&data.path, data.cost));
        let v = judge(data, &p.answer);
        prop_assert!(v.correct && v.score == 1.0, "{:?}", v);
    }

    #[test]
    fn corruptions_are_rejected_with_the_reason(params in params(30), seed: u64, which: prop::sample::Index) {
        let data = problem(&params, seed, 0);
        let (path, cost) = (&data.path, data.cost);
        let n = data.vertices;
        // A vertex with no edge from the one before it, spliced in.
        let i = which.index(path.len() - 1);
        let stranger = (1..=n).find(|&x| !path.contains(&x) && !arcs(&data).iter().any(|&(a, b, _)| a == path[i] as usize - 1 && b == x as usize - 1));
        let mut cases = vec![
            (text(path, cost + 1), "the stated cost"),
            (text(path, cost.saturating_sub(1)), "the stated cost"),
            (text(&path[..path.len() - 1], cost), "ends at"),
            (text(&path[1..], cost), "starts at"),
            (format!("{}; cost {cost}", path.iter().chain([&(n + 1)]).map(u32::to_string).collect::<Vec<_>>().join(" -> ")), "there is no vertex"),
        ];
        if let Some(x) = stranger {
            let mut detour = path.clone();
            detour.insert(i + 1, x);
            cases.push((text(&detour, cost), "there is no edge"));
        }
        for (answer, needle) in cases {
            let v = judge(&data, &answer);
            prop_assert_eq!(v.reason, Reason::WrongAnswer, "{}", answer);
            prop_assert!(v.message.contains(needle), "{}: {}", answer, v.message);
        }
        prop_assert_eq!(judge(&data, &text(path, cost).replace("; cost", "; cost 0 or")).reason, Reason::UnparsableAnswer);
    }

    #[test]
    fn arbitrary_text_never_panics(params in params(30), text in ".{0,300}") {
        let data = problem(&params, 1, 0);
        let v = ShortestPath.verify(&data, &text);
        prop_assert!((0.0..=1.0).contains(&v.score) && !v.message.is_empty());
    }

    #[test]
    fn adversarial_structure_never_panics(params in params(20), parts in prop::collection::vec(
        prop::sample::select(vec!["<answer>", "</answer>", "<think>", "</think>", "\\boxed{", "}",
            "1", "2", "3", "12", "0", "99999999999999999999999", "->", "→", "-", ",", ";", "\n", " ",
            "cost", "total", "path", ":", "=", "(", ")", "[", "]", "v", "vertex ", "and", "with", ".", "**"]), 0..80)) {
        let data = problem(&params, 2, 0);
        let v = ShortestPath.verify(&data, &parts.concat());
        prop_assert!(v.format_ok || v.reason != Reason::Correct);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Every realistic layout of the right answer verifies, and every near miss is rejected.
    #[test]
    fn every_probe_form_is_judged_as_labelled(params in params(30), seed: u64, index in 0u64..1 << 20) {
        let p = Generator::new(&ShortestPath, params, seed).unwrap().problem(index);
        crate::support::probe_forms_are_judged_as_labelled(&ShortestPath, &p.data, &p.answer)?;
    }
}

/// On small graphs, every simple path from source to target is judged with its own cost: the
/// verifier accepts exactly those whose cost is the Bellman-Ford optimum, so ties are accepted
/// and a valid but costlier path is not.
#[test]
fn verifier_accepts_exactly_the_shortest_paths() {
    let (mut ties, mut costlier) = (0, 0);
    for seed in 0..40u64 {
        let params = ShortestPathParams {
            vertices: 7,
            edges: 12,
            max_weight: 3 + (seed % 3) as u32,
            directed: seed % 2 == 0,
        };
        let data = problem(&params, seed, 0);
        let best = bellman_ford(&data)[data.target as usize - 1].unwrap();
        let paths = all_simple_paths(&data);
        let shortest = paths.iter().filter(|(_, c)| *c == best).count();
        ties += usize::from(shortest > 1);
        for (path, cost) in &paths {
            let v = judge(&data, &text(path, *cost));
            assert_eq!(v.correct, *cost == best, "{path:?} {cost}: {v:?}");
            if *cost > best {
                costlier += 1;
                assert!(v.message.contains("a cheaper path exists"), "{}", v.message);
            }
        }
    }
    assert!(ties > 0 && costlier > 0, "ties {ties}, costlier {costlier}");
}

#[test]
fn random_guesses_score_nothing() {
    // A guess that knows the endpoints and the optimum but picks the middle at random.
    let g = Generator::new(&ShortestPath, ShortestPathParams::default(), 5).unwrap();
    let mut rng = verigym::ProblemRng::from_test_seed(5);
    let mut correct = 0;
    for i in 0..300 {
        let data = g.problem(i).data;
        let mut path = vec![data.source];
        for _ in 0..rng.below(4) {
            path.push(rng.in_range(1, u64::from(data.vertices)) as u32);
        }
        path.push(data.target);
        correct += u32::from(judge(&data, &text(&path, data.cost)).correct);
    }
    eprintln!("shortest_path default: {correct}/300 random middles correct");
    assert!(correct < 30, "{correct}");
}

/// The 10,000-problem bar: the optimum is re-proven by Bellman-Ford at every level.
/// `cargo test --release -- --ignored shortest_path_ten_thousand_are_sound`
#[test]
#[ignore = "slow in debug builds; run with --release"]
fn shortest_path_ten_thousand_are_sound() {
    for (at, p) in crate::support::across_levels(&ShortestPath, 10_000) {
        assert_eq!(
            bellman_ford(&p.data)[p.data.target as usize - 1],
            Some(p.data.cost),
            "{at}"
        );
        assert!(judge(&p.data, &p.answer).correct, "{at}");
    }
}

#[test]
fn golden_shortest_path_defaults_seed_42() {
    check_golden(
        "shortest_path-default-s42.jsonl",
        &jsonl("shortest_path", None, &[], 42, 0, 3),
    );
}

#[test]
fn golden_shortest_path_levels_seed_1() {
    check_golden(
        "shortest_path-levels-s1.jsonl",
        &one_per_level("shortest_path", 1),
    );
}

/// SHA-256 of the first 1,000 problems. A change means generated bytes changed: bump the version.
#[test]
fn pinned_hashes_of_first_thousand() {
    check_hashes(
        "shortest_path",
        1000,
        &[
            (
                None,
                0,
                "f4412a77ea9c225981e86e27dc84a396b71ecf5baa1c3d9044a0ccf2d591cd94",
            ),
            (
                Some(0.0),
                7,
                "029e7ed620a95278c522d4527897776feb376e3c3f59184aa25996fbefbeb0c7",
            ),
            (
                Some(10.0),
                7,
                "59bb29f20c0bbffdd63f4bf1245133e59736b2818942eb9407c63dcf180d0c4e",
            ),
        ],
    );
}

#[test]
fn a_tampered_record_is_a_verifier_error() {
    let v = crate::support::verdict_on_tampered_record("shortest_path", "/data/cost");
    assert_eq!(v.reason, Reason::VerifierError, "{v:?}");
    assert!(v.message.contains("cost"), "{}", v.message);
}
