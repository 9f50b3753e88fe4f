//! `graph_coloring`: the verifier accepts exactly the proper colorings with at most k colors,
//! including ones found by an independent solver; corruptions and junk never pass or panic.

use proptest::prelude::*;
use verigym::envs::graph_coloring::{GraphColoring, GraphColoringData, GraphColoringParams};
use verigym::{Env, Generator, Reason, Verdict};

use crate::support::jsonl;
use crate::support::{check_golden, check_hashes, one_per_level};

fn params(max_vertices: u32) -> impl Strategy<Value = GraphColoringParams> {
    (2..=max_vertices, any::<u32>(), 1u32..=100).prop_map(|(vertices, k, edge_percent)| {
        GraphColoringParams {
            vertices,
            colors: 2 + k % (vertices.min(6) - 1),
            edge_percent,
        }
    })
}

fn problem(params: &GraphColoringParams, seed: u64, index: u64) -> GraphColoringData {
    Generator::new(&GraphColoring, params.clone(), seed)
        .unwrap()
        .problem(index)
        .data
}

/// Entry i is the color of vertex i + 1.
fn text(colors: &[u8]) -> String {
    colors
        .iter()
        .enumerate()
        .map(|(i, c)| format!("{}: {c}", i + 1))
        .collect::<Vec<_>>()
        .join(", ")
}

fn judge(data: &GraphColoringData, answer: &str) -> Verdict {
    GraphColoring.verify(data, &format!("<answer>{answer}</answer>"))
}

/// Independent properness check, straight from the definition.
fn proper(data: &GraphColoringData, colors: &[u8]) -> bool {
    colors.len() == data.vertices as usize
        && colors
            .iter()
            .all(|&c| (1..=data.colors).contains(&u32::from(c)))
        && data
            .edges
            .iter()
            .all(|&[u, v]| colors[u as usize - 1] != colors[v as usize - 1])
}

/// An independent solver: plain backtracking in vertex order, colors tried from k down to 1, so
/// it tends to find a coloring other than the planted one.
fn backtrack(data: &GraphColoringData, colors: &mut Vec<u8>) -> bool {
    let v = colors.len();
    if v == data.vertices as usize {
        return true;
    }
    for c in (1..=data.colors as u8).rev() {
        let clash = data.edges.iter().any(|&[a, b]| {
            let (a, b) = (a as usize - 1, b as usize - 1);
            (a == v && b < v && colors[b] == c) || (b == v && a < v && colors[a] == c)
        });
        if !clash {
            colors.push(c);
            if backtrack(data, colors) {
                return true;
            }
            colors.pop();
        }
    }
    false
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn reference_verifies_in_any_order_and_layout(params in params(60), seed: u64, index in 0u64..1 << 40, order in any::<u64>()) {
        let data = problem(&params, seed, index);
        let planted = data.planted.clone();
        prop_assert!(proper(&data, &planted));
        for c in 1..=data.colors as u8 {
            prop_assert!(planted.contains(&c), "color {} unused", c);
        }
        let p = Generator::new(&GraphColoring, params, seed).unwrap().problem(index);
        prop_assert_eq!(&p.answer, &text(&planted));
        let mut entries: Vec<String> = planted.iter().enumerate().map(|(i, c)| format!("{} = {c}", i + 1)).collect();
        let turn = (order % entries.len() as u64) as usize;
        entries.rotate_left(turn);
        for answer in [p.answer.clone(), entries.join("\n"), entries.join(" ; ") + ","] {
            let v = judge(&data, &answer);
            prop_assert!(v.correct && v.score == 1.0, "{answer}: {v:?}");
        }
    }

    #[test]
    fn alternative_colorings_are_accepted(params in params(14), seed: u64, shift in 1u8..16) {
        let data = problem(&params, seed, 0);
        let k = data.colors as u8;
        // Relabelled colors: a different answer, equally proper.
        let relabelled: Vec<u8> = data.planted.iter().map(|&c| (c - 1 + shift % k) % k + 1).collect();
        prop_assert!(judge(&data, &text(&relabelled)).correct);
        // Whatever an independent solver finds.
        let mut found = Vec::new();
        prop_assert!(backtrack(&data, &mut found));
        prop_assert!(proper(&data, &found));
        prop_assert!(judge(&data, &text(&found)).correct);
    }

    #[test]
    fn corruptions_are_rejected_with_the_reason(params in params(40), seed: u64, which: prop::sample::Index) {
        let data = problem(&params, seed, 0);
        let (n, k) = (data.vertices as usize, data.colors as u8);
        // One end of an edge takes the other end's color.
        let [u, v] = data.edges[which.index(data.edges.len())];
        let mut colors = data.planted.clone();
        colors[v as usize - 1] = colors[u as usize - 1];
        let verdict = judge(&data, &text(&colors));
        prop_assert_eq!(verdict.reason, Reason::WrongAnswer);
        prop_assert!(verdict.message.starts_with("edge "), "{}", verdict.message);
        // Missing, duplicated and unknown vertices, and colors out of range.
        let entries: Vec<String> = data.planted.iter().enumerate().map(|(i, c)| format!("{}: {c}", i + 1)).collect();
        let drop = which.index(n);
        let missing: Vec<&str> = entries.iter().enumerate().filter(|&(i, _)| i != drop).map(|(_, e)| e.as_str()).collect();
        for (answer, needle) in [
            (missing.join(", "), format!("vertex {} has no color", drop + 1)),
            (format!("{}, {}", entries.join(", "), entries[drop]), format!("vertex {} is listed more than once", drop + 1)),
            (format!("{}, {}: 1", entries.join(", "), n + 1), format!("there is no vertex {}", n + 1)),
            (entries.join(", ").replacen(&format!("{}: {}", 1, data.planted[0]), &format!("1: {}", k + 1), 1), "vertex 1 has color".to_owned()),
        ] {
            let verdict = judge(&data, &answer);
            prop_assert_eq!(verdict.reason, Reason::WrongAnswer, "{}", answer);
            prop_assert!(verdict.message.contains(&needle), "{} / {}", verdict.message, needle);
        }
    }

    #[test]
    fn arbitrary_text_never_panics(params in params(30), text in ".{0,300}") {
        let data = problem(&params, 1, 0);
        let v = GraphColoring.verify(&data, &text);
        prop_assert!((0.0..=1.0).contains(&v.score) && !v.message.is_empty());
    }

    #[test]
    fn adversarial_structure_never_panics(params in params(30), parts in prop::collection::vec(
        prop::sample::select(vec!["<answer>", "</answer>", "<think>", "</think>", "\\boxed{", "}",
            "1", "2", "3", "12", "0", "99999999999999999999999", ":", "=", ",", ";", "\n", " ", "-", "é", "v", "vertex ",
            "color ", "c", "->", "→", " is ", "colored ", "| ", "|---|", "{", "\"", "- ", "1. ", ".", "**"]), 0..80)) {
        let data = problem(&params, 2, 0);
        let v = GraphColoring.verify(&data, &parts.concat());
        prop_assert!(v.format_ok || v.reason != Reason::Correct);
    }
}

/// On small graphs, every one of the k^n colorings is judged: the verifier accepts exactly the
/// proper ones.
#[test]
fn verifier_accepts_exactly_the_proper_colorings() {
    for (seed, vertices, colors) in [(1, 6, 2), (2, 7, 3), (3, 6, 3), (4, 8, 2), (5, 5, 4)] {
        let params = GraphColoringParams {
            vertices,
            colors,
            edge_percent: 50,
        };
        let data = problem(&params, seed, 0);
        let k = colors as u8;
        let total = u32::from(k).pow(vertices);
        let mut accepted = 0;
        for code in 0..total {
            let mut rest = code;
            let coloring: Vec<u8> = (0..vertices)
                .map(|_| {
                    let c = (rest % u32::from(k)) as u8 + 1;
                    rest /= u32::from(k);
                    c
                })
                .collect();
            let v = judge(&data, &text(&coloring));
            assert_eq!(v.correct, proper(&data, &coloring), "{coloring:?}");
            accepted += u32::from(v.correct);
        }
        assert!(accepted > 0);
    }
}

#[test]
fn density_is_the_stated_percentage_of_cross_color_pairs() {
    for percent in [1, 25, 50, 100] {
        let params = GraphColoringParams {
            vertices: 30,
            colors: 4,
            edge_percent: percent,
        };
        let data = problem(&params, 7, 0);
        let p = &data.planted;
        let cross = (0..30)
            .flat_map(|u| (u + 1..30).map(move |v| (u, v)))
            .filter(|&(u, v)| p[u] != p[v])
            .count();
        assert_eq!(data.edges.len(), (cross * percent as usize / 100).max(1));
        assert!(data.edges.windows(2).all(|w| w[0] < w[1]));
        assert!(data.edges.iter().all(|&[u, v]| 1 <= u && u < v && v <= 30));
    }
}

#[test]
fn random_colorings_leave_one_in_k_edges_monochromatic_in_the_detail() {
    // The reward has no floor; the detail's own guessing baseline is measured here.
    let g = Generator::new(&GraphColoring, GraphColoringParams::default(), 5).unwrap();
    let mut rng = verigym::ProblemRng::from_test_seed(5);
    let (mut mono, mut edges, mut correct) = (0u64, 0u64, 0u32);
    for i in 0..300 {
        let data = g.problem(i).data;
        let guess: Vec<u8> = (0..data.vertices)
            .map(|_| rng.in_range(1, u64::from(data.colors)) as u8)
            .collect();
        let v = judge(&data, &text(&guess));
        correct += u32::from(v.correct);
        let detail = v.detail.unwrap();
        mono += detail["monochromatic_edges"].as_u64().unwrap();
        edges += detail["edges"].as_u64().unwrap();
    }
    let fraction = mono as f64 / edges as f64;
    eprintln!(
        "graph_coloring default: random colorings leave {fraction:.3} of edges monochromatic; {correct}/300 correct"
    );
    assert!((0.28..0.39).contains(&fraction), "{fraction}");
}

/// The 10,000-problem bar, for a many-answer env: every planted coloring is proper and
/// uses all k colors, and the reference answer verifies.
/// `cargo test --release -- --ignored graph_coloring_ten_thousand_are_sound`
#[test]
#[ignore = "slow in debug builds; run with --release"]
fn graph_coloring_ten_thousand_are_sound() {
    let generators: Vec<_> = (0..=10)
        .map(|l| {
            Generator::at_level(&GraphColoring, f64::from(l), &Default::default(), 2026).unwrap()
        })
        .collect();
    for i in 0..10_000u64 {
        let p = generators[(i % 11) as usize].problem(i / 11);
        assert!(proper(&p.data, &p.data.planted), "index {i}");
        assert!((1..=p.data.colors as u8).all(|c| p.data.planted.contains(&c)));
        assert!(judge(&p.data, &p.answer).correct, "index {i}");
    }
}

#[test]
fn golden_graph_coloring_defaults_seed_42() {
    check_golden(
        "graph_coloring-default-s42.jsonl",
        &jsonl("graph_coloring", None, &[], 42, 0, 3),
    );
}

#[test]
fn golden_graph_coloring_levels_seed_1() {
    check_golden(
        "graph_coloring-levels-s1.jsonl",
        &one_per_level("graph_coloring", 1),
    );
}

/// SHA-256 of the first 1,000 problems. A change means generated bytes changed: bump the version.
#[test]
fn pinned_hashes_of_first_thousand() {
    check_hashes(
        "graph_coloring",
        1000,
        &[
            (
                None,
                0,
                "d767dbaa19984e207141b9ee47b1e6dbc1d77e169a6809ef81b208227d62bfc4",
            ),
            (
                Some(0.0),
                7,
                "9f2da2ad03650df079d308daea3b4b756669d5618e0ec963a986442dcb8b18b7",
            ),
            (
                Some(10.0),
                7,
                "2256708018d8c265334777ec9630ad04735a518b2cceca9a87c9ca377e6431ab",
            ),
        ],
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Every realistic layout of the right answer verifies, and every near miss that guards a
    /// layout is rejected, on random problems.
    #[test]
    fn every_probe_form_is_judged_as_labelled(params in params(30), seed: u64, index in 0u64..1 << 20) {
        let p = Generator::new(&GraphColoring, params, seed).unwrap().problem(index);
        crate::support::probe_forms_are_judged_as_labelled(&GraphColoring, &p.data, &p.answer)?;
    }
}

/// A record whose data breaks an invariant is judged a verifier error, response by response,
/// through the one `check_data` path every caller uses.
#[test]
fn a_tampered_record_is_a_verifier_error() {
    let v = crate::support::verdict_on_tampered_record("graph_coloring", "/data/planted/0");
    assert_eq!(v.reason, Reason::VerifierError, "{v:?}");
    assert!(v.message.contains("planted"), "{}", v.message);
}
