//! Probe answers for `shortest_path`: the reference path written the ways people write paths,
//! and near misses: a wrong cost, a missing cost, a path that stops short, a costlier path.

use super::ShortestPathData;
use super::check::edge_cost;
use verigym_core::env::ProbeAnswers;

fn joined(path: &[u32], separator: &str, prefix: &str) -> String {
    path.iter()
        .map(|v| format!("{prefix}{v}"))
        .collect::<Vec<_>>()
        .join(separator)
}

/// A shortest path from the source to `v`, read off the distance certificate by walking back
/// along tight edges (lowest-numbered predecessor first).
fn certified_path_to(data: &ShortestPathData, v: u32) -> Vec<u32> {
    let dist = |x: u32| data.distances[x as usize - 1];
    let mut path = vec![v];
    let mut at = v;
    while at != data.source {
        let Some(p) = (1..=data.vertices).find(|&p| {
            p != at
                && edge_cost(data, p, at)
                    .is_some_and(|w| dist(p).checked_add(u64::from(w)) == Some(dist(at)))
        }) else {
            break;
        };
        path.push(p);
        at = p;
    }
    path.reverse();
    path
}

/// A valid path to the target that costs more than the optimum, if the graph has one that ends
/// with an edge into the target from a vertex off the tight edges: (path, its cost).
fn costlier_path(data: &ShortestPathData) -> Option<(Vec<u32>, u64)> {
    let t = data.target;
    (1..=data.vertices).find_map(|x| {
        let w = u64::from(edge_cost(data, x, t)?);
        let reach = data.distances[x as usize - 1];
        let mut path = certified_path_to(data, x);
        let cost = reach.checked_add(w)?;
        (cost > data.cost && path.first() == Some(&data.source) && !path.contains(&t)).then(|| {
            path.push(t);
            (path, cost)
        })
    })
}

/// See [`verigym_core::Env::probe_answers`]. No foreign answer is used: another graph's path could be
/// valid here.
pub fn probe_answers(data: &ShortestPathData, answer: &str) -> ProbeAnswers {
    let p = &data.path;
    let c = data.cost;
    let arrows = joined(p, " -> ", "");
    let mut near_miss = vec![
        ("cost_off_by_one", format!("{arrows}; cost {}", c + 1)),
        ("cost_missing", arrows.clone()),
        (
            "stops_short",
            format!("{}; cost {c}", joined(&p[..p.len() - 1], " -> ", "")),
        ),
        (
            "reversed",
            format!(
                "{}; cost {c}",
                joined(&p.iter().rev().copied().collect::<Vec<_>>(), " -> ", "")
            ),
        ),
        (
            "source_repeated",
            format!("{} -> {arrows}; cost {c}", data.source),
        ),
        ("two_costs", format!("{arrows}; cost {c} or {}", c + 1)),
        ("cost_twice", format!("{answer}; total cost {}", c + 1)),
        (
            "commas_cost_hedged",
            format!("{} (cost {c} or less)", joined(p, ", ", "")),
        ),
        (
            "pipe_separated",
            format!("{}; cost {c}", joined(p, " | ", "")),
        ),
    ];
    // The cost shown as the sum of the edge costs, when the path has two edges or more.
    let terms: Vec<String> = p
        .windows(2)
        .map(|e| edge_cost(data, e[0], e[1]).unwrap_or(0).to_string())
        .collect();
    let mut realistic_sum = Vec::new();
    if terms.len() > 1 {
        let sum = terms.join(" + ");
        realistic_sum.push(("cost_as_sum", format!("{arrows}; cost {sum} = {c}")));
        near_miss.push((
            "cost_as_sum_not_adding_up",
            format!("{arrows}; cost {sum} = {}", c + 1),
        ));
        near_miss.push(("cost_as_sum_without_total", format!("{arrows}; cost {sum}")));
    }
    if let Some((path, cost)) = costlier_path(data) {
        near_miss.push((
            "costlier_path_with_its_cost",
            format!("{}; cost {cost}", joined(&path, " -> ", "")),
        ));
    }
    let mut realistic = vec![
        (
            "labelled_lines",
            format!("Path: {}\nCost: {c}", joined(p, " → ", "")),
        ),
        (
            "comma_list_parenthesised_cost",
            format!("{} (total cost {c})", joined(p, ", ", "")),
        ),
        (
            "bracketed_list",
            format!("[{}]; total cost = {c}", joined(p, ", ", "")),
        ),
        (
            "sentence",
            format!("The shortest path is {arrows} with a total cost of {c}."),
        ),
        (
            "bold_labels_v_prefix",
            format!("**Path:** {}\n**Total cost:** {c}", joined(p, " -> ", "v")),
        ),
        ("dashes", format!("{}, length {c}", joined(p, "-", ""))),
        (
            "vertex_words",
            format!("{} (distance: {c})", joined(p, " -> ", "vertex ")),
        ),
        (
            "spaces_only",
            format!("path = {}\ntotal = {c}", joined(p, " ", "")),
        ),
    ];
    realistic.append(&mut realistic_sum);
    ProbeAnswers {
        equivalent: vec![
            (
                "unicode_arrows",
                format!("{}; cost {c}", joined(p, " → ", "")),
            ),
            ("cost_first", format!("cost {c}; {arrows}")),
        ],
        realistic,
        near_miss,
    }
}
