//! `min_spanning_tree` probe answers: labelled forms of the weight, and near misses a solver
//! makes: off by one, every edge summed, and the n − 1 lightest edges summed without the cycle
//! check (each only when it differs from the weight).

use super::MinSpanningTreeData;
use verigym_core::env::ProbeAnswers;

/// Probe answers for one problem (see [`verigym_core::env::Env::probe_answers`]).
pub fn probe_answers(data: &MinSpanningTreeData, answer: &str, foreign: &str) -> ProbeAnswers {
    let w = data.weight;
    let mut near_miss = vec![
        ("plus_one", (w + 1).to_string()),
        ("minus_one", w.saturating_sub(1).to_string()),
        ("two_values", format!("{w} or {}", w + 1)),
        ("unadded_sum", format!("{w} + 0")),
        ("decimal", format!("{w}.0")),
    ];
    let all: u64 = data.edges.iter().map(|e| u64::from(e[2])).sum();
    if all != w {
        near_miss.push(("every_edge", all.to_string()));
    }
    let mut weights: Vec<u64> = data.edges.iter().map(|e| u64::from(e[2])).collect();
    weights.sort_unstable();
    let lightest: u64 = weights[..data.vertices as usize - 1].iter().sum();
    if lightest != w {
        near_miss.push(("lightest_edges_without_cycle_check", lightest.to_string()));
    }
    if !foreign.is_empty() && foreign != answer {
        near_miss.push(("other_problem", foreign.to_owned()));
    }
    ProbeAnswers {
        equivalent: vec![
            ("weight_label", format!("weight {w}")),
            ("total_weight_colon", format!("total weight: {w}")),
        ],
        near_miss,
        realistic: vec![
            ("sentence", format!("The total weight is {w}.")),
            ("bold_label", format!("**Total weight:** {w}")),
            ("mst_weight", format!("MST weight = {w}")),
            ("upper_label", format!("TOTAL WEIGHT = {w}")),
            ("bold", format!("**{w}**")),
        ],
    }
}
