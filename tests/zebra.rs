//! `zebra`: reference grids verify, corrupted grids never do, uniqueness and minimality re-proven
//! by an independent brute force, partial credit's random-guess baseline measured, golden files.

use proptest::prelude::*;
use verigym::envs::zebra::{Clue, ClueWeights, Mode, Zebra, ZebraData, ZebraParams};
use verigym::{Env, Generator, ProblemRng, Reason};

use crate::support::{jsonl, sha256};

fn params(max_houses: u32, max_attributes: u32) -> impl Strategy<Value = ZebraParams> {
    (
        2..=max_houses,
        2..=max_attributes,
        prop::array::uniform6(0u32..5),
        any::<bool>(),
    )
        .prop_map(|(houses, attributes, mut w, question)| {
            // Keeps the weights valid (not all zero) without forcing positional clues often.
            if w.iter().all(|&x| x == 0) {
                w[5] = 1;
            }
            ZebraParams {
                houses,
                attributes,
                clue_weights: weights(w),
                mode: if question { Mode::Question } else { Mode::Grid },
            }
        })
}

/// `pos[a][v]`: the 0-based house of value v of attribute a.
type Positions = Vec<Vec<u8>>;

/// Whether a clue holds, written from the clue's documentation rather than the env's code.
fn satisfied(clue: &Clue, pos: &Positions) -> bool {
    let p = |i: verigym::envs::zebra::Item| {
        i32::from(pos[usize::from(i.attribute)][usize::from(i.value)])
    };
    match *clue {
        Clue::Same { a, b } => p(a) == p(b),
        Clue::NotSame { a, b } => p(a) != p(b),
        Clue::LeftOf { a, b } => p(a) < p(b),
        Clue::DirectlyLeft { a, b } => p(b) - p(a) == 1,
        Clue::NextTo { a, b } => (p(a) - p(b)).abs() == 1,
        Clue::Position { a, house } => p(a) == i32::from(house) - 1,
    }
}

fn attributes_of(clue: &Clue) -> (u8, u8) {
    match *clue {
        Clue::Same { a, b }
        | Clue::NotSame { a, b }
        | Clue::LeftOf { a, b }
        | Clue::DirectlyLeft { a, b }
        | Clue::NextTo { a, b } => (a.attribute, b.attribute),
        Clue::Position { a, .. } => (a.attribute, a.attribute),
    }
}

fn permutations(n: usize) -> Vec<Vec<u8>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for rest in permutations(n - 1) {
        for i in 0..=rest.len() {
            let mut p = rest.clone();
            p.insert(i, (n - 1) as u8);
            out.push(p);
        }
    }
    out
}

/// Counts assignments satisfying `clues`, up to `limit`, by brute force: every permutation of
/// every attribute, attribute by attribute, checking each clue as soon as its attributes are set.
fn brute_force_count(data: &ZebraData, clues: &[&Clue], limit: usize) -> usize {
    let n = usize::from(data.houses);
    let m = data.attributes.len();
    let perms = permutations(n);
    // Clues grouped by the last attribute they need.
    let mut due: Vec<Vec<&Clue>> = vec![Vec::new(); m];
    for &clue in clues {
        let (a, b) = attributes_of(clue);
        due[usize::from(a.max(b))].push(clue);
    }
    fn go(
        a: usize,
        pos: &mut Positions,
        perms: &[Vec<u8>],
        due: &[Vec<&Clue>],
        found: &mut usize,
        limit: usize,
    ) {
        if a == due.len() {
            *found += 1;
            return;
        }
        for perm in perms {
            pos[a].clone_from(perm);
            if due[a].iter().all(|c| satisfied(c, pos)) {
                go(a + 1, pos, perms, due, found, limit);
                if *found >= limit {
                    return;
                }
            }
        }
    }
    let mut pos = vec![Vec::new(); m];
    let mut found = 0;
    go(0, &mut pos, &perms, &due, &mut found, limit);
    found
}

fn positions(data: &ZebraData) -> Positions {
    let m = data.attributes.len();
    let mut pos = vec![vec![0u8; usize::from(data.houses)]; m];
    for (h, row) in data.solution.iter().enumerate() {
        for (a, &v) in row.iter().enumerate() {
            pos[a][usize::from(v)] = h as u8;
        }
    }
    pos
}

/// Checks one generated puzzle with the brute force: the stored solution satisfies every clue, it
/// is the only one, and no clue can be dropped without admitting another.
fn recheck(data: &ZebraData, minimality: bool) -> Result<(), String> {
    let pos = positions(data);
    if let Some(c) = data.clues.iter().find(|c| !satisfied(c, &pos)) {
        return Err(format!("stored solution violates {c:?}"));
    }
    let all: Vec<&Clue> = data.clues.iter().collect();
    let count = brute_force_count(data, &all, 2);
    if count != 1 {
        return Err(format!("{count} solutions"));
    }
    if minimality {
        for skip in 0..all.len() {
            let rest: Vec<&Clue> = all
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != skip)
                .map(|(_, c)| *c)
                .collect();
            if brute_force_count(data, &rest, 2) < 2 {
                return Err(format!("clue {} is redundant", skip + 1));
            }
        }
    }
    Ok(())
}

/// The grid answer text for `pos`, values in attribute order.
fn grid_text(data: &ZebraData, pos: &Positions) -> String {
    (0..usize::from(data.houses))
        .map(|h| {
            let values: Vec<&str> = pos
                .iter()
                .zip(&data.attributes)
                .map(|(places, attr)| {
                    let v = places.iter().position(|&p| usize::from(p) == h).unwrap();
                    attr.values[v].as_str()
                })
                .collect();
            format!("House {}: {}", h + 1, values.join(", "))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn reference_verifies_and_satisfies_every_clue(params in params(7, 7), seed: u64, index in 0u64..1 << 40) {
        let p = Generator::new(&Zebra, params.clone(), seed).unwrap().problem(index);
        let pos = positions(&p.data);
        prop_assert!(p.data.clues.iter().all(|c| satisfied(c, &pos)));
        prop_assert_eq!(p.data.question.is_some(), params.mode == Mode::Question);
        let v = Zebra.verify(&p.data, &format!("<think>hmm</think><answer>\n{}\n</answer>", p.answer));
        prop_assert!(v.correct && v.score == 1.0, "{:?}", v);
        if p.data.question.is_none() {
            prop_assert_eq!(grid_text(&p.data, &pos), p.answer);
        }
    }

    #[test]
    fn swapping_two_houses_of_one_attribute_is_wrong(params in params(7, 7), seed: u64, a: prop::sample::Index, h: prop::sample::Index, g: prop::sample::Index) {
        let params = ZebraParams { mode: Mode::Grid, ..params };
        let p = Generator::new(&Zebra, params, seed).unwrap().problem(0);
        let mut pos = positions(&p.data);
        let n = usize::from(p.data.houses);
        let (a, v) = (a.index(pos.len()), h.index(n));
        let w = (v + 1 + g.index(n - 1)) % n;
        pos[a].swap(v, w);
        let v = Zebra.verify(&p.data, &format!("<answer>{}</answer>", grid_text(&p.data, &pos)));
        prop_assert_eq!(v.reason, Reason::WrongAnswer);
        prop_assert_eq!(v.score, 0.0);
        let cells = v.detail.unwrap()["cells_correct"].as_u64().unwrap();
        prop_assert_eq!(cells as usize, n * pos.len() - 2);
    }

    #[test]
    fn every_other_answer_to_a_question_is_wrong(params in params(6, 5), seed: u64) {
        let params = ZebraParams { mode: Mode::Question, ..params };
        let p = Generator::new(&Zebra, params, seed).unwrap().problem(1);
        let q = p.data.question.unwrap();
        // No single clue states the answer outright.
        for clue in &p.data.clues {
            match (*clue, q.attribute) {
                (Clue::Position { a, .. }, None) => prop_assert_ne!(a, q.about),
                (Clue::Same { a, b }, Some(t)) => {
                    let ties = (a == q.about && b.attribute == t) || (b == q.about && a.attribute == t);
                    prop_assert!(!ties);
                }
                _ => {}
            }
        }
        let candidates: Vec<String> = match q.attribute {
            None => (1..=p.data.houses).map(|h| h.to_string()).collect(),
            Some(a) => p.data.attributes[usize::from(a)].values.clone(),
        };
        for c in candidates {
            let v = Zebra.verify(&p.data, &format!("<answer>{c}</answer>"));
            prop_assert_eq!(v.correct, c == p.answer, "{} vs {}", c, p.answer);
        }
    }

    #[test]
    fn small_puzzles_are_unique_and_minimal_by_brute_force(params in params(4, 4), seed: u64) {
        let p = Generator::new(&Zebra, params, seed).unwrap().problem(2);
        prop_assert_eq!(recheck(&p.data, true), Ok(()));
    }

    #[test]
    fn arbitrary_text_never_panics(params in params(5, 5), text in ".{0,400}") {
        let p = Generator::new(&Zebra, params, 1).unwrap().problem(0);
        let v = Zebra.verify(&p.data, &text);
        prop_assert!(!v.correct);
        prop_assert!(!v.message.is_empty());
    }

    #[test]
    fn adversarial_structure_never_panics(params in params(5, 5), parts in prop::collection::vec(
        prop::sample::select(vec!["<answer>", "</answer>", "<think>", "</think>", "House 1:", "house 9:",
            "House 2 :", "red", "Brit", "dog", ", ", ";", ":", "=", "colour", "\n", " ", "3", "the ", "| ", "|---|",
            "House #", " - ", "—", " and ", "**", "- ", "1. ", "second", "(", ")", "é", "/"]), 0..80)) {
        let p = Generator::new(&Zebra, params, 2).unwrap().problem(0);
        let v = Zebra.verify(&p.data, &parts.concat());
        prop_assert!((0.0..=1.0).contains(&v.score));
    }
}

/// Sizes the brute force handles in milliseconds even in debug builds.
const QUICK: &[(u32, u32)] = &[
    (2, 2),
    (2, 4),
    (3, 3),
    (3, 5),
    (4, 3),
    (4, 4),
    (5, 2),
    (5, 3),
];
/// Added to the quick sizes in the full sweep: the default 5 × 5 and 5 × 4, tens of milliseconds
/// each for the brute force in release.
const SLOW: &[(u32, u32)] = &[(5, 4), (5, 5)];

/// Generates `count` puzzles cycling through `sizes` and re-proves each unique by brute force.
fn uniqueness_sweep(sizes: &[(u32, u32)], count: u64) {
    let mut failures = Vec::new();
    for i in 0..count {
        let (houses, attributes) = sizes[(i % sizes.len() as u64) as usize];
        let params = ZebraParams {
            houses,
            attributes,
            ..Default::default()
        };
        let p = Generator::new(&Zebra, params, 7).unwrap().problem(i);
        if let Err(e) = recheck(&p.data, false) {
            failures.push(format!("{houses}x{attributes} index {i}: {e}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} non-unique: {failures:?}",
        failures.len()
    );
}

#[test]
fn sample_of_puzzles_is_unique_by_brute_force() {
    uniqueness_sweep(QUICK, 200);
}

/// The full check: `cargo test --release -- --ignored zebra_ten_thousand_unique`.
#[test]
#[ignore = "slow in debug builds; run in release"]
fn zebra_ten_thousand_unique_by_brute_force() {
    uniqueness_sweep(&[QUICK, SLOW].concat(), 10_000);
}

/// Mean per-cell partial credit of uniformly random valid grids: the floor a guesser gets from
/// `detail` (never from `score`). It is 1/N in expectation.
fn random_grid_baseline(houses: u32, attributes: u32, samples: u64) -> f64 {
    let params = ZebraParams {
        houses,
        attributes,
        ..Default::default()
    };
    let g = Generator::new(&Zebra, params, 3).unwrap();
    let problems: Vec<_> = (0..20).map(|i| g.problem(i)).collect();
    let mut rng = ProblemRng::from_test_seed(5);
    let mut total = 0.0;
    for i in 0..samples {
        let p = &problems[(i % 20) as usize];
        let mut pos = positions(&p.data);
        for places in &mut pos {
            rng.shuffle(places);
        }
        let v = Zebra.verify(
            &p.data,
            &format!("<answer>{}</answer>", grid_text(&p.data, &pos)),
        );
        assert_eq!(v.score, if v.correct { 1.0 } else { 0.0 });
        total += v
            .detail
            .map_or(1.0, |d| d["partial_credit"].as_f64().unwrap());
    }
    total / samples as f64
}

#[test]
fn random_guess_partial_credit_is_one_over_n() {
    for (n, m) in [(3, 3), (5, 5), (7, 7)] {
        let mean = random_grid_baseline(n, m, 2000);
        let expected = 1.0 / f64::from(n);
        println!(
            "zebra {n}x{m}: mean partial credit of random grids {mean:.4} (1/N = {expected:.4})"
        );
        assert!((mean - expected).abs() < 0.02, "{n}x{m}: {mean}");
    }
}

#[test]
fn golden_files() {
    crate::support::check_golden(
        "zebra-default-s42.jsonl",
        &jsonl("zebra", None, &[], 42, 0, 3),
    );
    let mut levels = Vec::new();
    for level in [0.0, 2.5, 5.0, 7.5, 10.0] {
        levels.extend(jsonl("zebra", Some(level), &[], 1, 0, 1));
    }
    crate::support::check_golden("zebra-levels-s1.jsonl", &levels);
    let question = [
        ("mode", "\"question\""),
        ("houses", "4"),
        ("attributes", "4"),
    ];
    crate::support::check_golden(
        "zebra-question-s9.jsonl",
        &jsonl("zebra", None, &question, 9, 0, 4),
    );
}

#[test]
fn pinned_hash_of_first_two_hundred() {
    assert_eq!(
        sha256(&jsonl("zebra", None, &[], 0, 0, 200)),
        "fcb1c0630b5b67e08a2f976b6178c042b746bd5a1b4683febf7522e2bee61887"
    );
}

#[test]
fn each_clue_kind_alone_still_gives_unique_puzzles() {
    // With one kind only, the drawn clues often cannot pin the solution (mirror images, weak
    // `not_same` sets); the positional backstop must still end every puzzle unique and minimal.
    for kind in 0..6 {
        let mut w = [0u32; 6];
        w[kind] = 1;
        let params = ZebraParams {
            houses: 4,
            attributes: 4,
            clue_weights: weights(w),
            mode: Mode::Grid,
        };
        let g = Generator::new(&Zebra, params, 5).unwrap();
        for i in 0..3 {
            let p = g.problem(i);
            assert_eq!(recheck(&p.data, true), Ok(()), "kind {kind} index {i}");
            assert!(
                Zebra
                    .verify(&p.data, &format!("<answer>{}</answer>", p.answer))
                    .correct
            );
        }
    }
}

/// Clue weights from an array in the order same, not_same, left_of, directly_left, next_to,
/// position.
fn weights(w: [u32; 6]) -> ClueWeights {
    ClueWeights {
        same: w[0],
        not_same: w[1],
        left_of: w[2],
        directly_left: w[3],
        next_to: w[4],
        position: w[5],
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Every realistic layout of the right answer verifies, and every near miss that guards a
    /// layout is rejected, on random problems.
    #[test]
    fn every_probe_form_is_judged_as_labelled(params in params(5, 4), seed: u64, index in 0u64..1 << 20) {
        let p = Generator::new(&Zebra, params, seed).unwrap().problem(index);
        crate::support::probe_forms_are_judged_as_labelled(&Zebra, &p.data, &p.answer)?;
    }
}

/// A record whose data breaks an invariant is judged a verifier error, response by response,
/// through the one `check_data` path every caller uses.
#[test]
fn a_tampered_record_is_a_verifier_error() {
    let v = crate::support::verdict_on_tampered_record("zebra", "/data/solution/0/0");
    assert_eq!(v.reason, Reason::VerifierError, "{v:?}");
    assert!(v.message.contains("not a permutation"), "{}", v.message);
}
