//! Probe answers for `knapsack`: the reference set written the ways people list items, and near
//! misses: a heavier set, a poorer set, a repeated item, a wrong stated value, hedges.

use super::KnapsackData;
use verigym_core::env::ProbeAnswers;

fn listed(items: &[u32], separator: &str, prefix: &str) -> String {
    items
        .iter()
        .map(|i| format!("{prefix}{i}"))
        .collect::<Vec<_>>()
        .join(separator)
}

/// See [`verigym_core::Env::probe_answers`]. No foreign answer is used: another instance's set could be
/// optimal here.
pub fn probe_answers(data: &KnapsackData, answer: &str) -> ProbeAnswers {
    let c = &data.chosen;
    let n = data.weights.len() as u32;
    let value = data.optimum;
    let weight: u64 = c
        .iter()
        .map(|&i| u64::from(data.weights[i as usize - 1]))
        .sum();
    let mut reversed = c.clone();
    reversed.reverse();
    let mut near_miss = vec![
        ("value_off_by_one", format!("{answer}; value {}", value + 1)),
        (
            "weight_off_by_one",
            format!("{answer}; weight {}", weight + 1),
        ),
        ("item_repeated", format!("{answer}, {}", c[0])),
        ("item_out_of_range", format!("{answer}, {}", n + 1)),
        (
            "hedged_value",
            format!("{answer}; value {value} or {}", value + 1),
        ),
        (
            "two_sets",
            format!("{answer} or {}", listed(&reversed, ", ", "")),
        ),
        ("value_only", format!("value {value}")),
        ("all_items", listed(&(1..=n).collect::<Vec<_>>(), ", ", "")),
    ];
    // Dropping an item loses value (every value is positive), so the set is no longer optimal.
    if c.len() > 1 {
        near_miss.push(("one_item_dropped", listed(&c[1..], ", ", "")));
        near_miss.push(("oxford_comma_one_item_dropped", oxford(&c[1..])));
    }
    // Adding an item left out either breaks the capacity or, if it fits, contradicts optimality:
    // it cannot fit, since every value is positive.
    if let Some(extra) = (1..=n).find(|i| !c.contains(i)) {
        near_miss.push(("one_item_added", format!("{answer}, {extra}")));
    }
    ProbeAnswers {
        equivalent: vec![
            ("reversed_order", listed(&reversed, ", ", "")),
            ("spaces_only", listed(c, " ", "")),
        ],
        realistic: vec![
            ("bracketed", format!("[{}]", listed(c, ", ", ""))),
            ("braces", format!("{{{}}}", listed(c, ", ", ""))),
            (
                "labelled_with_value",
                format!("Selected items: {answer}; total value: {value}"),
            ),
            (
                "item_words_with_totals",
                format!(
                    "{} (total value {value}, total weight {weight})",
                    listed(c, ", ", "item ")
                ),
            ),
            (
                "bullets_then_totals",
                format!(
                    "{}\n\nTotal value: {value}\nTotal weight: {weight}",
                    listed(c, "\n", "- Item ")
                ),
            ),
            (
                "bold_labels",
                format!("**Items:** {answer}\n**Value:** {value}"),
            ),
            (
                "sentence",
                format!("Take items {answer} with a total value of {value}."),
            ),
            ("and_before_last", and_list(c)),
            ("oxford_comma", oxford(c)),
        ],
        near_miss,
    }
}

/// `2, 3, and 5` (a lone item is just its number).
fn oxford(items: &[u32]) -> String {
    match items {
        [init @ .., last] if !init.is_empty() => format!("{}, and {last}", listed(init, ", ", "")),
        _ => listed(items, ", ", ""),
    }
}

/// `Items 2, 3 and 5`.
fn and_list(items: &[u32]) -> String {
    match items {
        [] => String::new(),
        [one] => format!("Item {one}"),
        [init @ .., last] => format!("Items {} and {last}", listed(init, ", ", "")),
    }
}
