//! Fuzzing every registered verifier: arbitrary text and adversarial structure never panic and
//! always yield a verdict with a reason; invalid UTF-8 in input files is a line-numbered error.

use proptest::prelude::*;
use serde_json::Map;
use verigym::DynProblem;
use verigym::grade::{ProblemSet, ResponseSet};
use verigym::registry::{self, EnvSet};

/// Two loaded problems per env: default params and the hardest level.
fn problems() -> Vec<Box<dyn DynProblem>> {
    let mut out = Vec::new();
    for env in registry::envs() {
        for level in [None, Some(10.0)] {
            let record = env.generator(level, &Map::new(), 5).unwrap().record(0);
            out.push(
                env.load_problem(&serde_json::to_string(&record).unwrap())
                    .unwrap(),
            );
        }
    }
    out
}

fn fragments() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            prop::sample::select(vec![
                "<answer>",
                "</answer>",
                "<think>",
                "</think>",
                "\\boxed{",
                "{",
                "}",
                "\n",
                " ",
                "step 1: 5\n",
                "x = ",
                ",",
                "-",
                "0",
                "17",
                "Alice",
                "knight",
                "|",
                "(",
                ")",
                "+",
                "*",
                "/",
            ])
            .prop_map(str::to_owned),
            ".{0,12}",
        ],
        0..80,
    )
    .prop_map(|parts| parts.concat())
}

fn check(problem: &dyn DynProblem, text: &str) -> Result<(), TestCaseError> {
    let v = problem.verify(text);
    prop_assert!((0.0..=1.0).contains(&v.score));
    prop_assert!(!v.message.is_empty(), "empty reason for {:?}", text);
    prop_assert_eq!(v.correct, v.score == 1.0);
    prop_assert!(!v.correct || v.format_ok);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[cfg_attr(not(feature = "slow-tests"), ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)")]
    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        for p in problems() {
            check(p.as_ref(), &text)?;
        }
    }

    #[cfg_attr(not(feature = "slow-tests"), ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)")]
    #[test]
    fn adversarial_structure_never_panics(text in fragments()) {
        for p in problems() {
            check(p.as_ref(), &text)?;
            check(p.as_ref(), &format!("<answer>{text}</answer>"))?;
            check(p.as_ref(), &format!("\\boxed{{{text}}}"))?;
        }
    }

    #[cfg_attr(not(feature = "slow-tests"), ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)")]
    #[test]
    fn the_answer_wrapped_in_noise_never_panics(prefix in fragments(), suffix in fragments()) {
        for p in problems() {
            let text = format!("{prefix}<answer>{}</answer>{suffix}", p.answer());
            check(p.as_ref(), &text)?;
        }
    }
}

#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn deep_nesting_and_long_lines_are_handled() {
    let cases = [
        "\\boxed{".repeat(100_000),
        format!("{}{}", "{".repeat(200_000), "}".repeat(200_000)),
        "<answer>".repeat(50_000) + &"</answer>".repeat(50_000),
        "<think>".repeat(50_000),
        format!("<answer>{}</answer>", "9".repeat(500_000)),
        format!("<answer>{}</answer>", "(".repeat(200_000)),
        "step 1: 1\n".repeat(90_000),
    ];
    for p in problems() {
        for text in &cases {
            let v = p.verify(text);
            assert!(!v.message.is_empty());
        }
    }
}

#[test]
fn invalid_utf8_in_input_files_is_a_numbered_error() {
    let env = registry::find("modarith").unwrap();
    let record =
        serde_json::to_string(&env.generator(None, &Map::new(), 1).unwrap().record(0)).unwrap();
    let mut bytes = record.clone().into_bytes();
    bytes.extend_from_slice(b"\n\xff\xfe{}\n");
    let err = ProblemSet::from_jsonl(&bytes[..], "p.jsonl", &EnvSet::shipped())
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("p.jsonl line 2: not valid UTF-8"), "{err}");

    let problems =
        ProblemSet::from_jsonl(record.as_bytes(), "p.jsonl", &EnvSet::shipped()).unwrap();
    let id = serde_json::from_str::<serde_json::Value>(&record).unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    // In a responses file, invalid UTF-8 inside a response is that response's fault: it is graded
    // `malformed_response` and the rest is read. A line that then names no known problem is still
    // a numbered input error.
    let mut responses = format!("{{\"id\":\"{id}\",\"response\":\"ok\"}}\n").into_bytes();
    responses.extend_from_slice(format!("{{\"id\":\"{id}\",\"response\":\"").as_bytes());
    responses.extend_from_slice(b"\xc3\x28\"}\n");
    let set = ResponseSet::from_jsonl(&responses[..], "r.jsonl", &problems).unwrap();
    let reasons: Vec<_> = verigym::grade::grade(&problems, &set)
        .into_iter()
        .map(|g| g.verdict.reason)
        .collect();
    assert_eq!(
        reasons,
        [
            verigym::Reason::NoAnswer,
            verigym::Reason::MalformedResponse
        ]
    );
    responses.extend_from_slice(b"{\"id\":\"x\",\"response\":\"\xc3\x28\"}\n");
    let err = ResponseSet::from_jsonl(&responses[..], "r.jsonl", &problems)
        .err()
        .unwrap()
        .to_string();
    assert!(
        err.contains("r.jsonl line 3: response to unknown problem id"),
        "{err}"
    );
}
