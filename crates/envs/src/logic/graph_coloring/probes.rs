//! Probe answers for `graph_coloring`: other proper colorings and layouts, and improper ones.

use super::GraphColoringData;
use crate::forms::Forms;
use verigym_core::env::ProbeAnswers;

fn listing(colors: &[u32], separator: &str) -> String {
    let entries: Vec<String> = colors
        .iter()
        .enumerate()
        .map(|(v, c)| format!("{}: {c}", v + 1))
        .collect();
    entries.join(separator)
}

/// See [`verigym_core::Env::probe_answers`]. No foreign answer is used: another graph's coloring may be
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
    let (realistic, realistic_misses) = realistic(&planted, &clash, k);
    let equivalent = vec![
        ("colors_relabelled", listing(&relabelled, ", ")),
        ("reversed_with_equals", reversed.join("; ")),
        ("one_per_line", listing(&planted, "\n")),
    ];
    let mut probes = ProbeAnswers {
        equivalent,
        realistic,
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
    };
    probes.near_miss.extend(realistic_misses);
    probes
}

/// `colors` written with `entry(vertex, color)`, joined by `separator`.
fn written(colors: &[u32], separator: &str, entry: &dyn Fn(usize, u32) -> String) -> String {
    colors
        .iter()
        .enumerate()
        .map(|(v, &c)| entry(v + 1, c))
        .collect::<Vec<_>>()
        .join(separator)
}

/// The forms people write a coloring in, each with near misses that guard it: see the grammar
/// in `verify.rs`. `clash` is the planted coloring with one edge made monochromatic.
fn realistic(planted: &[u32], clash: &[u32], k: u32) -> (Forms, Forms) {
    let table = |colors: &[u32]| {
        format!(
            "| Vertex | Color |\n|---|---|\n{}",
            written(colors, "\n", &|v, c| format!("| {v} | {c} |"))
        )
    };
    let json = |colors: &[u32]| {
        format!(
            "{{{}}}",
            written(colors, ", ", &|v, c| format!("\"{v}\": {c}"))
        )
    };
    let realistic = vec![
        (
            "vertex_color_words",
            written(planted, ", ", &|v, c| format!("vertex {v}: color {c}")),
        ),
        (
            "v_prefix",
            written(planted, "\n", &|v, c| format!("v{v}: {c}")),
        ),
        (
            "ascii_arrows",
            written(planted, ", ", &|v, c| format!("{v} -> {c}")),
        ),
        (
            "unicode_arrows",
            written(planted, "\n", &|v, c| format!("{v} → {c}")),
        ),
        (
            "bullets",
            written(planted, "\n", &|v, c| format!("- {v}: {c}")),
        ),
        (
            "numbered_bold",
            written(planted, "\n", &|v, c| {
                format!("{v}. **Vertex {v}**: Color {c}")
            }),
        ),
        ("json_object", json(planted)),
        ("markdown_table", table(planted)),
        (
            "sentences",
            written(planted, "; ", &|v, c| format!("Vertex {v} is colored {c}")) + ".",
        ),
        (
            "c_prefix",
            written(planted, ", ", &|v, c| format!("{v}: c{c}")),
        ),
    ];
    let n = planted.len();
    let mut over = planted.to_vec();
    over[0] = k + 1;
    let misses = vec![
        (
            "dash_pairs",
            written(planted, ", ", &|v, c| format!("{v} - {c}")),
        ),
        (
            "color_word_first",
            written(planted, ", ", &|v, c| format!("color {c}: {v}")),
        ),
        (
            "v_prefix_clash",
            written(clash, "\n", &|v, c| format!("v{v}: {c}")),
        ),
        (
            "arrows_last_missing",
            written(&planted[..n - 1], ", ", &|v, c| format!("{v} -> {c}")),
        ),
        ("json_color_above_k", json(&over)),
        (
            "table_vertex_repeated",
            format!("{}\n| 1 | {} |", table(planted), planted[0]),
        ),
        (
            "sentences_hedged",
            written(planted, "; ", &|v, c| {
                if v == 1 {
                    format!("Vertex {v} is colored {c} or {}", c % k + 1)
                } else {
                    format!("Vertex {v} is colored {c}")
                }
            }),
        ),
    ];
    (realistic, misses)
}
