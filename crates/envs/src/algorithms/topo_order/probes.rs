//! Probe answers for `topo_order`: the reference order and other valid orders written the ways
//! people write sequences, and near misses: a broken dependency, a task missing or repeated.

use super::TopoOrderData;
use super::kahn;
use verigym_core::env::ProbeAnswers;

fn listed(order: &[u32], separator: &str, prefix: &str) -> String {
    order
        .iter()
        .map(|t| format!("{prefix}{t}"))
        .collect::<Vec<_>>()
        .join(separator)
}

/// See [`verigym_core::Env::probe_answers`]. No foreign answer is used: another instance's order could
/// be valid here.
pub fn probe_answers(data: &TopoOrderData, answer: &str) -> ProbeAnswers {
    let order = &data.order;
    let n = data.tasks;
    // The first dependency, broken by swapping its two tasks.
    let [a, b] = data.dependencies[0];
    let swapped: Vec<u32> = order
        .iter()
        .map(|&t| {
            if t == a {
                b
            } else if t == b {
                a
            } else {
                t
            }
        })
        .collect();
    let mut reversed = order.clone();
    reversed.reverse();
    let mut near_miss = vec![
        ("dependency_broken", listed(&swapped, ", ", "")),
        ("reversed", listed(&reversed, ", ", "")),
        ("last_missing", listed(&order[..order.len() - 1], ", ", "")),
        ("first_repeated", format!("{answer}, {}", order[0])),
        ("task_out_of_range", format!("{answer}, {}", n + 1)),
        (
            "two_orders",
            format!("{answer} or {}", listed(&swapped, ", ", "")),
        ),
        ("numbered_lines_missing_one", numbered(&order[1..])),
        ("oxford_comma_dependency_broken", oxford(&swapped)),
    ];
    // `and` beside arrows could mean "these two in either order", so it is no separator there
    // (with two tasks there would be no arrow left).
    if let [init @ .., last] = order.as_slice()
        && init.len() > 1
    {
        near_miss.push((
            "arrows_and_last",
            format!("{} and {last}", listed(init, " -> ", "")),
        ));
    }
    let mut equivalent = vec![("arrows", listed(order, " -> ", ""))];
    // Largest-ready-first is another valid order: accepted in the any-order mode, and wrong in
    // the lexicographic mode whenever it differs from the smallest.
    if let Some(other) = kahn::order(n, &data.dependencies, true) {
        if !data.lexicographic {
            equivalent.push(("another_valid_order", listed(&other, ", ", "")));
        } else if &other != order {
            near_miss.push(("valid_but_not_smallest", listed(&other, ", ", "")));
        }
    }
    let mut answers = ProbeAnswers {
        equivalent,
        realistic: vec![
            ("bracketed", format!("[{answer}]")),
            (
                "labelled_unicode_arrows",
                format!("Order: {}", listed(order, " → ", "")),
            ),
            ("t_prefix", listed(order, ", ", "T")),
            ("task_words", listed(order, ", ", "Task ")),
            ("numbered_lines", numbered(order)),
            ("bullets", listed(order, "\n", "- ")),
            ("sentence", format!("The topological order is {answer}.")),
            (
                "bold_label_spaces",
                format!("**Order:** {}", listed(order, " ", "")),
            ),
            ("oxford_comma", oxford(order)),
        ],
        near_miss,
    };
    // Issue 31: the order as a table with a header row and a position column.
    let items: Vec<String> = answer.split(", ").map(str::to_owned).collect();
    crate::forms::push_numbered_table(&mut answers, ["Position", "Task"], &items);
    answers
}

/// `3, 1, and 2` (a lone task is just its number).
fn oxford(order: &[u32]) -> String {
    match order {
        [init @ .., last] if !init.is_empty() => format!("{}, and {last}", listed(init, ", ", "")),
        _ => listed(order, ", ", ""),
    }
}

/// `1. 3\n2. 1\n3. 2`: one task per line, enumerated.
fn numbered(order: &[u32]) -> String {
    order
        .iter()
        .enumerate()
        .map(|(i, t)| format!("{}. {t}", i + 1))
        .collect::<Vec<_>>()
        .join("\n")
}
