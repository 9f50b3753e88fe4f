//! `knights_knaves`: uniqueness re-proven by a brute-force evaluator written independently of the
//! env's truth tables, reference answers in every accepted phrasing verify, corrupted ones never
//! do, no input panics, and golden files and hashes pin the output.

use proptest::prelude::*;
use verigym::envs::knights_knaves::{
    Claim, KnightsKnaves, KnightsKnavesData, KnightsKnavesParams, Role,
};
use verigym::{Env, EnvParams, Generator, Reason};

use crate::support::check_golden as check;
use crate::support::{jsonl, sha256};

/// The claim's truth when bit `p` of `mask` says person `p` is a knight: a direct recursive
/// reading of the grammar, sharing no code with the env's table compiler.
fn holds(claim: &Claim, mask: u32, n: u32) -> bool {
    let knight = |p: u8| mask >> p & 1 == 1;
    match claim {
        Claim::Knight { person } => knight(*person),
        Claim::Knave { person } => !knight(*person),
        Claim::Same { a, b } => knight(*a) == knight(*b),
        Claim::Different { a, b } => knight(*a) != knight(*b),
        Claim::Exactly { knights } => {
            (0..n).filter(|&p| mask >> p & 1 == 1).count() == *knights as usize
        }
        Claim::Not { of } => !holds(of, mask, n),
        Claim::And { of } => of.iter().all(|c| holds(c, mask, n)),
        Claim::Or { of } => of.iter().any(|c| holds(c, mask, n)),
        Claim::Implies {
            premise,
            conclusion,
        } => !holds(premise, mask, n) || holds(conclusion, mask, n),
    }
}

/// Every assignment under which each knight's statement is true and each knave's is false.
fn brute_force(data: &KnightsKnavesData) -> Vec<Vec<Role>> {
    let n = data.names.len() as u32;
    (0..1u32 << n)
        .filter(|&mask| {
            data.statements
                .iter()
                .enumerate()
                .all(|(i, s)| holds(s, mask, n) == (mask >> i & 1 == 1))
        })
        .map(|mask| {
            (0..n)
                .map(|p| {
                    if mask >> p & 1 == 1 {
                        Role::Knight
                    } else {
                        Role::Knave
                    }
                })
                .collect()
        })
        .collect()
}

fn params() -> impl Strategy<Value = KnightsKnavesParams> {
    (2u8..=8, 1u8..=4, 2u8..=4).prop_map(|(people, depth, width)| KnightsKnavesParams {
        people,
        depth,
        width,
    })
}

/// Checks `count` problems from `start` at each level 0..=10 (and the defaults): each must have
/// exactly one consistent assignment, the stored one. Returns the number checked.
fn check_unique(start: u64, count: u64) -> u64 {
    let mut checked = 0;
    let mut all = vec![KnightsKnavesParams::default()];
    all.extend((0..=10).map(|l| KnightsKnavesParams::at_level(f64::from(l))));
    for params in all {
        let g = Generator::new(&KnightsKnaves, params.clone(), 77).unwrap();
        for i in start..start + count {
            let p = g.problem(i);
            let solutions = brute_force(&p.data);
            assert_eq!(
                solutions,
                vec![p.data.roles.clone()],
                "{params:?} index {i}"
            );
            checked += 1;
        }
    }
    checked
}

#[test]
fn sample_of_puzzles_is_unique_by_brute_force() {
    assert_eq!(check_unique(0, 40), 480);
}

/// `cargo test --release -- --ignored knights_knaves_ten_thousand_unique`
#[test]
#[ignore = "slow in debug builds; run in release"]
fn knights_knaves_ten_thousand_unique() {
    // 12 parameter settings (defaults and levels 0 to 10) × 1,000 problems each.
    assert_eq!(check_unique(1_000, 1_000), 12_000);
    // And 10,000 more at the anchor size, 5 people at depth 3.
    let g = Generator::new(&KnightsKnaves, KnightsKnavesParams::default(), 3).unwrap();
    for i in 0..10_000 {
        let p = g.problem(i);
        assert_eq!(
            brute_force(&p.data),
            vec![p.data.roles.clone()],
            "index {i}"
        );
    }
}

/// Renders roles in one of the accepted phrasings, in a shuffled order, in mixed case.
fn render(data: &KnightsKnavesData, roles: &[Role], style: usize, order: &[usize]) -> String {
    let sep = [", ", "; ", "\n", " , "][style % 4];
    let entries: Vec<String> = order
        .iter()
        .map(|&i| {
            let (name, role) = (&data.names[i], roles[i].name());
            match style / 4 % 4 {
                0 => format!("{name}: {role}"),
                1 => format!("{} is a {}", name.to_uppercase(), role),
                2 => format!("{} = {}", name.to_lowercase(), role.to_uppercase()),
                _ => format!("{name} is {role}"),
            }
        })
        .collect();
    entries.join(sep)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn reference_answer_verifies_in_every_phrasing(params in params(), seed: u64, index in 0u64..1 << 40,
                                                   style in 0usize..16, order: u64) {
        let p = Generator::new(&KnightsKnaves, params.clone(), seed).unwrap().problem(index);
        prop_assert_eq!(p.data.names.len(), params.people as usize);
        let v = KnightsKnaves.verify(&p.data, &format!("<answer>{}</answer>", p.answer));
        prop_assert!(v.correct && v.score == 1.0);
        let mut idx: Vec<usize> = (0..p.data.names.len()).collect();
        let turn = order as usize % idx.len();
        idx.rotate_left(turn);
        if order % 2 == 0 { idx.reverse(); }
        let text = render(&p.data, &p.data.roles, style, &idx);
        let v = KnightsKnaves.verify(&p.data, &format!("<think>hmm</think>\n<answer>{text}</answer>"));
        prop_assert!(v.correct, "{} -> {:?}", text, v);
    }

    #[test]
    fn any_wrong_role_scores_zero(params in params(), seed: u64, flips in 1u32..4096) {
        let p = Generator::new(&KnightsKnaves, params, seed).unwrap().problem(1);
        let n = p.data.roles.len();
        let flips = flips & ((1 << n) - 1);
        prop_assume!(flips != 0);
        let roles: Vec<Role> = p.data.roles.iter().enumerate().map(|(i, &r)| {
            if flips >> i & 1 == 1 { if r == Role::Knight { Role::Knave } else { Role::Knight } } else { r }
        }).collect();
        let idx: Vec<usize> = (0..n).collect();
        let v = KnightsKnaves.verify(&p.data, &format!("<answer>{}</answer>", render(&p.data, &roles, 0, &idx)));
        prop_assert_eq!(v.reason, Reason::WrongAnswer);
        prop_assert!(v.score == 0.0 && !v.correct);
        prop_assert_eq!(v.detail.unwrap()["correct_roles"].as_u64().unwrap(), (n - flips.count_ones() as usize) as u64);
    }

    #[test]
    fn dropped_or_repeated_people_are_unparsable(params in params(), seed: u64, which: prop::sample::Index, repeat: bool) {
        let p = Generator::new(&KnightsKnaves, params, seed).unwrap().problem(2);
        let n = p.data.roles.len();
        let i = which.index(n);
        let mut idx: Vec<usize> = (0..n).collect();
        if repeat { idx.push(i) } else { idx.remove(i); }
        let v = KnightsKnaves.verify(&p.data, &format!("<answer>{}</answer>", render(&p.data, &p.data.roles, 0, &idx)));
        prop_assert_eq!(v.reason, Reason::UnparsableAnswer);
        prop_assert!(v.message.contains(p.data.names[i].as_str()), "{}", v.message);
    }

    #[test]
    fn arbitrary_text_never_panics(params in params(), text in ".{0,400}") {
        let p = Generator::new(&KnightsKnaves, params, 1).unwrap().problem(0);
        let v = KnightsKnaves.verify(&p.data, &text);
        prop_assert!(!v.correct && v.score == 0.0);
        prop_assert!(!v.message.is_empty());
    }

    #[test]
    fn adversarial_structure_never_panics(params in params(), parts in prop::collection::vec(
        prop::sample::select(vec!["<answer>", "</answer>", "<think>", "</think>", "\\boxed{", "}", "Alice", "Bob",
                                  ": ", "knight", "knave", " is a ", ", ", ";", "\n", "and ", ".", "é", "-", "Knights", "knaves",
                                  " are ", "|", "---", "(", ")", "→", "->", "**", "- ", "1. ", "none", "the "]), 0..60)) {
        let p = Generator::new(&KnightsKnaves, params, 2).unwrap().problem(0);
        let v = KnightsKnaves.verify(&p.data, &parts.concat());
        prop_assert!((0.0..=1.0).contains(&v.score));
    }
}

#[test]
fn detail_partial_credit_random_guess_baseline_is_one_half() {
    // The detail's fraction of right roles for uniformly random answers: its guessing floor.
    let g = Generator::new(&KnightsKnaves, KnightsKnavesParams::default(), 5).unwrap();
    let mut rng = verigym::ProblemRng::from_test_seed(5);
    let (mut sum, mut scores, trials) = (0.0, 0.0, 2000);
    for i in 0..trials {
        let p = g.problem(i);
        let roles: Vec<Role> = (0..p.data.names.len())
            .map(|_| {
                if rng.chance(1, 2) {
                    Role::Knight
                } else {
                    Role::Knave
                }
            })
            .collect();
        let idx: Vec<usize> = (0..roles.len()).collect();
        let v = KnightsKnaves.verify(
            &p.data,
            &format!("<answer>{}</answer>", render(&p.data, &roles, 0, &idx)),
        );
        let d = v.detail.unwrap();
        sum += d["correct_roles"].as_f64().unwrap() / d["people"].as_f64().unwrap();
        scores += v.score;
    }
    let (baseline, reward) = (sum / trials as f64, scores / trials as f64);
    println!("knights_knaves random guess: detail fraction {baseline:.3}, score {reward:.4}");
    assert!((0.47..0.53).contains(&baseline), "{baseline}");
    // The score is all-or-nothing: 1 in 2^5 guesses for 5 people.
    assert!(reward < 0.05, "{reward}");
}

#[test]
fn golden_knights_knaves_defaults_seed_42() {
    check(
        "knights_knaves-default-s42.jsonl",
        &jsonl("knights_knaves", None, &[], 42, 0, 3),
    );
}

#[test]
fn golden_knights_knaves_levels_seed_1() {
    let mut all = Vec::new();
    for level in [0.0, 2.5, 5.0, 7.5, 10.0] {
        all.extend(jsonl("knights_knaves", Some(level), &[], 1, 0, 1));
    }
    check("knights_knaves-levels-s1.jsonl", &all);
}

#[test]
fn pinned_hashes_of_first_thousand() {
    // If one changes, generated bytes changed: bump KnightsKnaves::VERSION.
    let got = [
        sha256(&jsonl("knights_knaves", None, &[], 0, 0, 1000)),
        sha256(&jsonl("knights_knaves", Some(10.0), &[], 7, 0, 200)),
    ];
    assert_eq!(
        got,
        [
            "368551b9b64cc49dee2e8fb5e77a0c33a9cf40cc580c23541dc064f5e37c8de2",
            "eb3f26fe6c191283be3ab0897df81a180b87cd2a5213b31c218ad3bbfb85acf5"
        ]
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Every realistic layout of the right answer verifies, and every near miss that guards a
    /// layout is rejected, on random problems.
    #[test]
    fn every_probe_form_is_judged_as_labelled(params in params(), seed: u64, index in 0u64..1 << 20) {
        let p = Generator::new(&KnightsKnaves, params, seed).unwrap().problem(index);
        crate::support::probe_forms_are_judged_as_labelled(&KnightsKnaves, &p.data, &p.answer)?;
    }
}

/// A record whose data breaks an invariant is judged a verifier error, response by response,
/// through the one `check_data` path every caller uses.
#[test]
fn a_tampered_record_is_a_verifier_error() {
    let v = crate::support::verdict_on_tampered_record("knights_knaves", "/data/roles/0");
    assert_eq!(v.reason, Reason::VerifierError, "{v:?}");
    assert!(v.message.contains("the stored roles"), "{}", v.message);
}
