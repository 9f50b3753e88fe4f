//! Probe answers for `graph_coloring`: other proper colorings and layouts, and improper ones.

use super::GraphColoringData;
use crate::core::env::ProbeAnswers;

fn listing(colors: &[u32], separator: &str) -> String {
    let entries: Vec<String> = colors
        .iter()
        .enumerate()
        .map(|(v, c)| format!("{}: {c}", v + 1))
        .collect();
    entries.join(separator)
}

/// See [`crate::Env::probe_answers`]. No foreign answer is used: another graph's coloring may be
/// proper here too.
pub fn probe_answers(data: &GraphColoringData, answer: &str) -> ProbeAnswers {
    let k = data.colors;
    let planted: Vec<u32> = data.planted.iter().map(|&c| u32::from(c)).collect();
    let Some(&[u, v]) = data.edges.first() else {
        return ProbeAnswers::default();
    };
    let n = planted.len();
    // Relabelling colors c → c mod k + 1 keeps every edge proper: another valid answer.
    let relabelled: Vec<u32> = planted.iter().map(|&c| c % k + 1).collect();
    let reversed: Vec<String> = planted
        .iter()
        .enumerate()
        .rev()
        .map(|(i, c)| format!("{} = {c}", i + 1))
        .collect();
    // Give one end of the first edge the other end's color: that edge turns monochromatic.
    let mut clash = planted.clone();
    clash[u as usize - 1] = clash[v as usize - 1];
    ProbeAnswers {
        equivalent: vec![
            ("colors_relabelled", listing(&relabelled, ", ")),
            ("reversed_with_equals", reversed.join("; ")),
            ("one_per_line", listing(&planted, "\n")),
        ],
        near_miss: vec![
            ("edge_made_monochromatic", listing(&clash, ", ")),
            ("all_one_color", listing(&vec![1; n], ", ")),
            ("color_out_of_range", format!("{answer}, {}: {}", n + 1, 1)),
            (
                "color_above_k",
                listing(&planted.iter().map(|_| k + 1).collect::<Vec<_>>(), ", "),
            ),
            ("last_vertex_missing", listing(&planted[..n - 1], ", ")),
            ("vertex_repeated", format!("{answer}, 1: {}", planted[0])),
        ],
        realistic: Vec::new(),
    }
}
