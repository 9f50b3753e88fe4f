//! The `min_spanning_tree` verifier: one integer, the tree's total weight, compared with Kruskal's
//! on the record's edges.
//!
//! **Answer form.** After extraction and the core's normalisation, Markdown emphasis and code
//! marks are dropped and case is ignored; the answer is one integer, optionally labelled: `23`,
//! `weight 23`, `total weight: 23`, `total weight = 23`, `the total weight is 23`, `MST weight =
//! 23`. A second number, a sum left unadded (`5 + 7 + 11`), a decimal or an edge list is
//! unparsable.

use super::MinSpanningTreeData;
use super::kruskal::mst_weight;
use crate::forms::strip_emphasis;
use verigym_core::extract::extract_agreed_answer;
use verigym_core::verdict::{Reason, Verdict};

/// The labels a weight may follow, longest first.
const LABELS: [&str; 6] = [
    "the total weight",
    "total weight",
    "minimum weight",
    "mst weight",
    "weight",
    "total",
];

/// Judges a response: the total weight of a minimum spanning tree.
pub fn verify(data: &MinSpanningTreeData, response: &str) -> Verdict {
    let answer = match extract_agreed_answer(response, |r| verify(data, r)) {
        Ok(answer) => answer,
        Err(rejection) => return rejection.into(),
    };
    let Some(stated) = parse_weight(&strip_emphasis(&answer)) else {
        return Verdict::rejected(
            Reason::UnparsableAnswer,
            "the answer is one integer, the total weight (`23` or `total weight: 23`)",
        );
    };
    match mst_weight(data.vertices, &data.edges) {
        Some(w) if w == stated => Verdict::correct(),
        Some(_) => Verdict::wrong("that is not the smallest weight of a spanning tree"),
        None => Verdict::rejected(Reason::VerifierError, "the graph is not connected"),
    }
}

/// `23` behind an optional label and `:`, `=` or `is`.
pub(super) fn parse_weight(text: &str) -> Option<u64> {
    let lower = text.trim().to_lowercase();
    let mut rest = lower.as_str();
    if let Some(after) = LABELS.iter().find_map(|l| rest.strip_prefix(l)) {
        let after = after.trim_start();
        rest = [":", "=", "is "]
            .iter()
            .find_map(|s| after.strip_prefix(s))
            .unwrap_or(after)
            .trim_start();
    }
    (!rest.is_empty() && rest.len() <= 7 && rest.bytes().all(|b| b.is_ascii_digit()))
        .then(|| rest.parse().ok())
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_labelled_integer_and_nothing_else() {
        for (text, want) in [
            ("23", Some(23)),
            ("Total weight: 23", Some(23)),
            ("total weight = 23", Some(23)),
            ("The total weight is 23", Some(23)),
            ("MST weight = 23", Some(23)),
            ("weight 23", Some(23)),
            ("23 or 24", None),
            ("5 + 7 + 11", None),
            ("23.0", None),
            ("-23", None),
            ("1-2, 2-3", None),
            ("weight", None),
            ("12345678", None),
            ("", None),
        ] {
            assert_eq!(parse_weight(text), want, "{text}");
        }
    }
}
