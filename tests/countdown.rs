//! `countdown`: references verify, independently found alternatives verify too, corrupted or
//! rule-breaking expressions never do, and no input makes the parser panic.

use proptest::prelude::*;
use verigym::envs::countdown::{Countdown, CountdownData, CountdownParams, Pool};
use verigym::{Env, Generator, Reason};

use crate::support::{jsonl, sha256};

fn params(max_numbers: u32) -> impl Strategy<Value = CountdownParams> {
    (
        2..=max_numbers,
        any::<bool>(),
        0u32..=4,
        1u64..50,
        0u64..200,
        any::<bool>(),
        1u64..300,
        0u64..2000,
    )
        .prop_map(
            |(numbers, show, large, min, span, use_all, target_min, target_span)| CountdownParams {
                numbers,
                pool: if show { Pool::Show } else { Pool::Range },
                large: large.min(numbers),
                min,
                max: min + span,
                use_all,
                target_min,
                target_max: target_min + target_span,
            },
        )
}

fn answer(text: &str) -> String {
    format!("<answer>{text}</answer>")
}

/// Every expression over `items` (value, fully parenthesized text) that equals `target`, found by
/// combining pairs with integer-only operations; with `use_all` only those using every item.
/// Written independently of the env's generator and parser. Stops after `limit` finds.
fn brute_force(
    items: &[(i64, String)],
    target: i64,
    use_all: bool,
    found: &mut Vec<String>,
    limit: usize,
) {
    if found.len() >= limit {
        return;
    }
    for (value, text) in items {
        if *value == target && (!use_all || items.len() == 1) && !found.contains(text) {
            found.push(text.clone());
        }
    }
    for i in 0..items.len() {
        for j in 0..items.len() {
            if i == j {
                continue;
            }
            let (a, ta) = &items[i];
            let (b, tb) = &items[j];
            let mut results = vec![
                (a + b, format!("({ta} + {tb})")),
                (a - b, format!("({ta} - {tb})")),
                (a * b, format!("({ta} * {tb})")),
            ];
            if *b != 0 && a % b == 0 {
                results.push((a / b, format!("({ta} / {tb})")));
            }
            for (v, t) in results {
                if v.abs() > 1 << 40 {
                    continue;
                }
                let mut rest: Vec<(i64, String)> = items
                    .iter()
                    .enumerate()
                    .filter(|(k, _)| *k != i && *k != j)
                    .map(|(_, x)| x.clone())
                    .collect();
                rest.push((v, t));
                brute_force(&rest, target, use_all, found, limit);
                if found.len() >= limit {
                    return;
                }
            }
        }
    }
}

fn fallback_used(data: &CountdownData) -> bool {
    data.target == data.numbers.iter().sum::<u64>()
        && data.reference
            == data
                .numbers
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(" + ")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn reference_verifies_and_respects_the_knobs(params in params(8), seed: u64, index in 0u64..1 << 40) {
        let p = Generator::new(&Countdown, params.clone(), seed).unwrap().problem(index);
        let d = &p.data;
        prop_assert_eq!(d.numbers.len(), params.numbers as usize);
        prop_assert!(!d.numbers.contains(&d.target));
        prop_assert!(fallback_used(d) || (params.target_min..=params.target_max).contains(&d.target));
        prop_assert_eq!(d.use_all, params.use_all);
        let v = Countdown.verify(d, &answer(&p.answer));
        prop_assert!(v.correct && v.score == 1.0, "{:?} for {:?}", v, d);
        let claimed = format!("{} = {}", p.answer, d.target);
        prop_assert!(Countdown.verify(d, &answer(&claimed)).correct);
    }

    #[test]
    fn an_independently_found_alternative_is_accepted(params in params(4), seed: u64) {
        let p = Generator::new(&Countdown, params, seed).unwrap().problem(0);
        let d = &p.data;
        let items: Vec<(i64, String)> = d.numbers.iter().map(|&n| (n as i64, n.to_string())).collect();
        let mut found = Vec::new();
        brute_force(&items, d.target as i64, d.use_all, &mut found, 4);
        prop_assert!(!found.is_empty(), "brute force found no way to {} from {:?}", d.target, d.numbers);
        let alternative = found.iter().find(|t| **t != d.reference);
        prop_assume!(alternative.is_some());
        let v = Countdown.verify(d, &answer(alternative.unwrap()));
        prop_assert!(v.correct, "{} rejected: {:?}", alternative.unwrap(), v);
    }

    #[test]
    fn a_number_not_given_is_rejected(params in params(8), seed: u64, which: prop::sample::Index, bump in 1u64..1000) {
        let p = Generator::new(&Countdown, params, seed).unwrap().problem(1);
        let d = &p.data;
        // Replace one literal of the reference by a number that is not given.
        let literals: Vec<(usize, usize)> = {
            let bytes = p.answer.as_bytes();
            let mut spans = Vec::new();
            let mut i = 0;
            while i < bytes.len() {
                if bytes[i].is_ascii_digit() {
                    let start = i;
                    while i < bytes.len() && bytes[i].is_ascii_digit() { i += 1; }
                    spans.push((start, i));
                } else { i += 1; }
            }
            spans
        };
        let (s, e) = literals[which.index(literals.len())];
        let mut stranger = 10_001 + bump;
        while d.numbers.contains(&stranger) { stranger += 1; }
        let corrupted = format!("{}{stranger}{}", &p.answer[..s], &p.answer[e..]);
        let v = Countdown.verify(d, &answer(&corrupted));
        prop_assert_eq!(v.reason, Reason::WrongAnswer);
        prop_assert!(v.message.contains("not given"), "{}", v.message);
    }

    #[test]
    fn a_wrong_value_is_rejected_whatever_it_claims(params in params(8), seed: u64, delta in 1u64..100) {
        let p = Generator::new(&Countdown, params, seed).unwrap().problem(2);
        let mut other = p.data.clone();
        other.target += delta;
        // The right expression for another target, with or without claiming that target.
        for text in [p.answer.clone(), format!("{} = {}", p.answer, other.target)] {
            let v = Countdown.verify(&other, &answer(&text));
            prop_assert_eq!(v.reason, Reason::WrongAnswer, "{}", text);
            let value = v.detail.unwrap()["value"].clone();
            prop_assert_eq!(value, serde_json::json!(p.data.target.to_string()));
        }
        let v = Countdown.verify(&p.data, &answer(&format!("{} = {}", p.answer, other.target)));
        prop_assert!(!v.correct);
    }

    #[test]
    fn arbitrary_text_never_panics(params in params(6), text in ".{0,400}") {
        let p = Generator::new(&Countdown, params, 1).unwrap().problem(0);
        let v = Countdown.verify(&p.data, &text);
        prop_assert!((0.0..=1.0).contains(&v.score));
        prop_assert!(!v.message.is_empty());
    }

    #[test]
    fn adversarial_expressions_never_panic(params in params(6), parts in prop::collection::vec(
        prop::sample::select(vec!["(", ")", "+", "-", "*", "/", "=", "×", "÷", "−", " ", "0", "1", "7", "25",
            "100", "99999999999999999999999", "<answer>", "</answer>", "\\boxed{", "}"]), 0..200)) {
        let p = Generator::new(&Countdown, params, 2).unwrap().problem(0);
        let v = Countdown.verify(&p.data, &parts.concat());
        prop_assert!((0.0..=1.0).contains(&v.score));
    }
}

#[test]
fn huge_and_deep_inputs_are_rejected_quickly() {
    let p = Generator::new(&Countdown, CountdownParams::default(), 3)
        .unwrap()
        .problem(0);
    for text in [
        "(".repeat(500_000),
        format!("{}1{}", "(".repeat(40), ")".repeat(40)),
        "1+".repeat(400_000) + "1",
        "9".repeat(100_000),
    ] {
        let v = Countdown.verify(&p.data, &answer(&text));
        assert!(!v.correct);
    }
}

#[test]
fn every_level_hits_its_target_range() {
    for level in [0.0, 2.0, 3.0, 5.0, 7.0, 10.0] {
        let g = crate::support::generator("countdown", Some(level), &[], 11);
        let params: CountdownParams = serde_json::from_value(g.params()).unwrap();
        for i in 0..300 {
            let r = g.record(i);
            let data: CountdownData = serde_json::from_value(r.data).unwrap();
            assert!(
                (params.target_min..=params.target_max).contains(&data.target),
                "level {level} index {i}: {data:?}"
            );
        }
    }
}

#[test]
fn golden_files() {
    crate::support::check_golden(
        "countdown-default-s42.jsonl",
        &jsonl("countdown", None, &[], 42, 0, 4),
    );
    let mut levels = Vec::new();
    for level in [0.0, 2.5, 5.0, 7.5, 10.0] {
        levels.extend(jsonl("countdown", Some(level), &[], 1, 0, 1));
    }
    crate::support::check_golden("countdown-levels-s1.jsonl", &levels);
    let range = [
        ("pool", "\"range\""),
        ("min", "2"),
        ("max", "30"),
        ("use_all", "true"),
        ("numbers", "5"),
    ];
    crate::support::check_golden(
        "countdown-range-all-s9.jsonl",
        &jsonl("countdown", None, &range, 9, 0, 3),
    );
}

#[test]
fn pinned_hash_of_first_thousand() {
    assert_eq!(
        sha256(&jsonl("countdown", None, &[], 0, 0, 1000)),
        "95de483aff0b51460b15a98165996a10a70e6cea3caf2d6b1c0ebe1f4ed228c9"
    );
}
