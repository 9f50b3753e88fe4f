//! `knapsack`: the verifier accepts exactly the sets that fit and reach the optimum, where the
//! optimum is re-proven by brute force over every subset on small instances and by a second DP
//! (least weight per value, the other axis) on larger ones; corruptions and junk never pass.

use proptest::prelude::*;
use verigym::envs::knapsack::{Knapsack, KnapsackData, KnapsackParams};
use verigym::{Env, Generator, Reason, Verdict};

use crate::support::{check_golden, check_hashes, jsonl, one_per_level};

fn params(max_items: u32) -> impl Strategy<Value = KnapsackParams> {
    (3..=max_items, 1u32..=99, 1u32..=99, 10u32..=90).prop_map(
        |(items, max_weight, max_value, capacity_percent)| KnapsackParams {
            items,
            max_weight,
            max_value,
            capacity_percent,
        },
    )
}

fn problem(params: &KnapsackParams, seed: u64, index: u64) -> KnapsackData {
    Generator::new(&Knapsack, params.clone(), seed)
        .unwrap()
        .problem(index)
        .data
}

fn text(items: &[u32]) -> String {
    items
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

fn judge(data: &KnapsackData, answer: &str) -> Verdict {
    Knapsack.verify(data, &format!("<answer>{answer}</answer>"))
}

/// Independent solver 1: every subset (n ≤ 16).
fn brute_force(data: &KnapsackData) -> u64 {
    let n = data.weights.len();
    (0u32..1 << n)
        .filter_map(|mask| {
            let (mut w, mut v) = (0u64, 0u64);
            for i in (0..n).filter(|i| mask >> i & 1 == 1) {
                w += u64::from(data.weights[i]);
                v += u64::from(data.values[i]);
            }
            (w <= u64::from(data.capacity)).then_some(v)
        })
        .max()
        .unwrap()
}

/// Independent solver 2: the least weight that reaches each total value; the optimum is the
/// largest value whose least weight fits.
fn least_weight_per_value(data: &KnapsackData) -> u64 {
    let total: usize = data.values.iter().map(|&v| v as usize).sum();
    let mut least = vec![u64::MAX; total + 1];
    least[0] = 0;
    for (&w, &v) in data.weights.iter().zip(&data.values) {
        for x in (v as usize..=total).rev() {
            if least[x - v as usize] != u64::MAX {
                least[x] = least[x].min(least[x - v as usize] + u64::from(w));
            }
        }
    }
    (0..=total)
        .rev()
        .find(|&x| least[x] <= u64::from(data.capacity))
        .unwrap() as u64
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn reference_is_optimal_by_an_independent_solver(params in params(40), seed: u64, index in 0u64..1 << 40) {
        let p = Generator::new(&Knapsack, params, seed).unwrap().problem(index);
        prop_assert_eq!(least_weight_per_value(&p.data), p.data.optimum);
        if p.data.weights.len() <= 12 {
            prop_assert_eq!(brute_force(&p.data), p.data.optimum);
        }
        prop_assert_eq!(&p.answer, &text(&p.data.chosen));
        let v = judge(&p.data, &p.answer);
        prop_assert!(v.correct && v.score == 1.0, "{:?}", v);
        let mut reversed = p.data.chosen.clone();
        reversed.reverse();
        let with_value = format!("{}; value {}", text(&reversed), p.data.optimum);
        prop_assert!(judge(&p.data, &with_value).correct, "{}", with_value);
    }

    #[test]
    fn corruptions_are_rejected_with_the_reason(params in params(30), seed: u64) {
        let data = problem(&params, seed, 0);
        let c = &data.chosen;
        let n = data.weights.len() as u32;
        let mut cases = vec![
            (format!("{}, {}", text(c), c[0]), "more than once"),
            (format!("{}, {}", text(c), n + 1), "there is no item"),
            (format!("{}; value {}", text(c), data.optimum + 1), "the stated value"),
            (text(&(1..=n).collect::<Vec<_>>()), "over the capacity"),
        ];
        if c.len() > 1 {
            cases.push((text(&c[1..]), "a more valuable set fits"));
        }
        for (answer, needle) in cases {
            let v = judge(&data, &answer);
            prop_assert_eq!(v.reason, Reason::WrongAnswer, "{}", answer);
            prop_assert!(v.message.contains(needle), "{}: {}", answer, v.message);
        }
    }

    #[test]
    fn arbitrary_text_never_panics(params in params(30), text in ".{0,300}") {
        let data = problem(&params, 1, 0);
        let v = Knapsack.verify(&data, &text);
        prop_assert!((0.0..=1.0).contains(&v.score) && !v.message.is_empty());
    }

    #[test]
    fn adversarial_structure_never_panics(params in params(20), parts in prop::collection::vec(
        prop::sample::select(vec!["<answer>", "</answer>", "<think>", "</think>", "\\boxed{", "}",
            "1", "2", "3", "12", "0", "99999999999999999999999", ",", ";", "\n", " ", "and",
            "value", "weight", "total", "items", "item ", ":", "=", "(", ")", "[", "]", "{", "- ", "1. ", ".", "**"]), 0..80)) {
        let data = problem(&params, 2, 0);
        let v = Knapsack.verify(&data, &parts.concat());
        prop_assert!(v.format_ok || v.reason != Reason::Correct);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Every realistic layout of the right answer verifies, and every near miss is rejected.
    #[test]
    fn every_probe_form_is_judged_as_labelled(params in params(30), seed: u64, index in 0u64..1 << 20) {
        let p = Generator::new(&Knapsack, params, seed).unwrap().problem(index);
        crate::support::probe_forms_are_judged_as_labelled(&Knapsack, &p.data, &p.answer)?;
    }
}

/// On small instances, every one of the 2^n subsets is judged: the verifier accepts exactly the
/// ones that fit and reach the brute-force optimum, so ties are accepted.
#[test]
fn verifier_accepts_exactly_the_optimal_sets() {
    let mut ties = 0;
    for seed in 0..40u64 {
        let params = KnapsackParams {
            items: 8,
            max_weight: 6,
            max_value: 4,
            capacity_percent: 50,
        };
        let data = problem(&params, seed, 0);
        let best = brute_force(&data);
        let mut optimal_sets = 0;
        for mask in 1u32..1 << 8 {
            let items: Vec<u32> = (0..8)
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| i + 1)
                .collect();
            let w: u64 = items
                .iter()
                .map(|&i| u64::from(data.weights[i as usize - 1]))
                .sum();
            let v: u64 = items
                .iter()
                .map(|&i| u64::from(data.values[i as usize - 1]))
                .sum();
            let right = w <= u64::from(data.capacity) && v == best;
            optimal_sets += u32::from(right);
            assert_eq!(judge(&data, &text(&items)).correct, right, "{items:?}");
        }
        ties += usize::from(optimal_sets > 1);
    }
    assert!(ties > 0);
}

#[test]
fn random_guesses_score_little() {
    // Each item in or out with probability 1/2, and the optimum stated.
    let g = Generator::new(&Knapsack, KnapsackParams::default(), 5).unwrap();
    let mut rng = verigym::ProblemRng::from_test_seed(5);
    let mut correct = 0;
    for i in 0..1000 {
        let data = g.problem(i).data;
        let items: Vec<u32> = (1..=data.weights.len() as u32)
            .filter(|_| rng.chance(1, 2))
            .collect();
        correct += u32::from(judge(&data, &text(&items)).correct);
    }
    eprintln!("knapsack default: {correct}/1000 random subsets correct");
    assert!(correct < 20, "{correct}");
}

/// The 10,000-problem bar: the optimum is re-proven by the second DP at every level.
/// `cargo test --release -- --ignored knapsack_ten_thousand_are_sound`
#[test]
#[ignore = "slow in debug builds; run with --release"]
fn knapsack_ten_thousand_are_sound() {
    for (at, p) in crate::support::across_levels(&Knapsack, 10_000) {
        assert_eq!(least_weight_per_value(&p.data), p.data.optimum, "{at}");
        assert!(judge(&p.data, &p.answer).correct, "{at}");
    }
}

#[test]
fn golden_knapsack_defaults_seed_42() {
    check_golden(
        "knapsack-default-s42.jsonl",
        &jsonl("knapsack", None, &[], 42, 0, 3),
    );
}

#[test]
fn golden_knapsack_levels_seed_1() {
    check_golden("knapsack-levels-s1.jsonl", &one_per_level("knapsack", 1));
}

/// SHA-256 of the first 1,000 problems. A change means generated bytes changed: bump the version.
#[test]
fn pinned_hashes_of_first_thousand() {
    check_hashes(
        "knapsack",
        1000,
        &[
            (
                None,
                0,
                "ae9316ffc8f09e841cf4cb7424dbde1cb6a7c60022c3e28a018e6dcc8b0aaa07",
            ),
            (
                Some(0.0),
                7,
                "82e2aa0c0e0a1eea3151501bc2b9b055a045a9f524bbc9f8de627ec8a617ab78",
            ),
            (
                Some(10.0),
                7,
                "5a48930986718f65f1aa36f6cdeb2fb469368166b7c3fda33b83c4b56968bc40",
            ),
        ],
    );
}

#[test]
fn a_tampered_record_is_a_verifier_error() {
    let v = crate::support::verdict_on_tampered_record("knapsack", "/data/optimum");
    assert_eq!(v.reason, Reason::VerifierError, "{v:?}");
    assert!(v.message.contains("optimum"), "{}", v.message);
}
