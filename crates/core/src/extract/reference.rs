//! `split_thinking` as it was before it reused its first searches, kept only to test that every
//! response still splits into the same visible text and thoughts.

use std::borrow::Cow;

use proptest::prelude::*;

use super::{
    FIND_THINK_CLOSE, FIND_THINK_OPEN, Span, THINK_CLOSE, THINK_OPEN, Visible, contains, find,
};

fn split_thinking(response: &str) -> (Cow<'_, str>, Vec<Span>) {
    let mut visible = Visible::default();
    let mut thoughts: Vec<Span> = Vec::new();
    let mut at = 0;
    if let Some(close) = find(&FIND_THINK_CLOSE, response)
        && !contains(&FIND_THINK_OPEN, &response[..close])
    {
        thoughts.push((0, close));
        at = close + THINK_CLOSE.len();
    }
    loop {
        let rest = &response[at..];
        let Some(open) = find(&FIND_THINK_OPEN, rest) else {
            visible.push(response, at, response.len());
            break;
        };
        visible.push(response, at, at + open);
        let inner = at + open + THINK_OPEN.len();
        match find(&FIND_THINK_CLOSE, &response[inner..]) {
            None => {
                thoughts.push((inner, response.len()));
                break;
            }
            Some(close) => {
                thoughts.push((inner, inner + close));
                at = inner + close + THINK_CLOSE.len();
            }
        }
    }
    (visible.finish(response), thoughts)
}

/// Think and answer tags, their near misses, and text between them.
fn tag_soup() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            3 => prop::sample::select(vec![
                "<think>", "</think>", "<answer>", "</answer>", "<think", "</think", "think>",
                "<", ">", "/", "<<think>>", "</think></think>", "<think><think>", "\n", "17",
                "step 1: 5\n", "\\boxed{", "}", "é",
            ])
            .prop_map(str::to_owned),
            1 => "\\PC{0,8}",
        ],
        0..40,
    )
    .prop_map(|parts| parts.concat())
}

fn same_as_reference(response: &str) -> Result<(), TestCaseError> {
    prop_assert_eq!(
        super::split_thinking(response),
        split_thinking(response),
        "{:?}",
        response
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    #[test]
    fn thinking_splits_as_before(response in tag_soup()) {
        same_as_reference(&response)?;
    }
}

#[test]
fn thinking_splits_as_before_on_edge_cases() {
    for response in [
        "",
        "<think>",
        "</think>",
        "<think></think>",
        "</think><think>",
        "a</think>b<think>c</think>d<think>e",
        "<think>a</think>b</think>c",
        "<think><think>a</think></think>",
        "<think</think>",
    ] {
        same_as_reference(response).unwrap();
    }
}
