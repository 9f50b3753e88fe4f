//! Probe answers for `zebra`: other layouts of the right grid or answer, and near misses.

use super::ZebraData;
use crate::forms::Forms;
use verigym_core::env::ProbeAnswers;

/// The grid as `House K: v, v, …` lines, with the houses and values in the given orders.
fn grid(data: &ZebraData, solution: &[Vec<u8>], houses: &[usize], reverse_values: bool) -> String {
    let lines: Vec<String> = houses
        .iter()
        .map(|&h| {
            let mut values: Vec<&str> = solution[h]
                .iter()
                .zip(&data.attributes)
                .map(|(&v, attr)| attr.values[usize::from(v)].as_str())
                .collect();
            if reverse_values {
                values.reverse();
            }
            format!("House {}: {}", h + 1, values.join(", "))
        })
        .collect();
    lines.join("\n")
}

/// See [`verigym_core::Env::probe_answers`]. No foreign answer is used: another puzzle's grid could name
/// these very values, so it is not certainly wrong.
pub fn probe_answers(data: &ZebraData, answer: &str) -> ProbeAnswers {
    let n = data.solution.len();
    if n < 2 || data.attributes.is_empty() {
        return ProbeAnswers::default();
    }
    let Some(q) = data.question else {
        let in_order: Vec<usize> = (0..n).collect();
        let reversed: Vec<usize> = (0..n).rev().collect();
        let mut swapped = data.solution.clone();
        let (first, last) = (swapped[0][0], swapped[n - 1][0]);
        swapped[0][0] = last;
        swapped[n - 1][0] = first;
        let first_value = &data.attributes[0].values[usize::from(data.solution[0][0])];
        let (realistic, realistic_misses) = realistic_grid(data);
        let mut probes = ProbeAnswers {
            realistic: Vec::new(),
            equivalent: vec![
                (
                    "houses_reversed",
                    grid(data, &data.solution, &reversed, false),
                ),
                (
                    "values_reversed",
                    grid(data, &data.solution, &in_order, true),
                ),
                ("upper_case", answer.to_uppercase()),
                ("semicolons", answer.replace(", ", "; ")),
            ],
            near_miss: vec![
                ("two_houses_swapped", grid(data, &swapped, &in_order, false)),
                (
                    "last_house_missing",
                    grid(data, &data.solution, &in_order[..n - 1], false),
                ),
                (
                    "house_repeated",
                    format!("{answer}\nHouse 1: {first_value}"),
                ),
                (
                    "unknown_value",
                    answer.replacen(first_value.as_str(), "Unicorn", 1),
                ),
            ],
        };
        probes.realistic = realistic;
        probes.near_miss.extend(realistic_misses);
        return probes;
    };
    let house = data.house_of(q.about).unwrap_or(0);
    match q.attribute {
        None => {
            const ORDINALS: [&str; 7] = [
                "first", "second", "third", "fourth", "fifth", "sixth", "seventh",
            ];
            let other = (house + 1) % n + 1;
            ProbeAnswers {
                equivalent: vec![
                    ("house_word", format!("house {answer}")),
                    ("upper_house", format!("House {answer}")),
                ],
                realistic: vec![
                    ("house_hash_period", format!("House #{answer}.")),
                    ("ordinal_phrase", format!("the {} house", ORDINALS[house])),
                    ("in_house", format!("In house {answer}.")),
                    ("bold_number", format!("**{answer}**")),
                ],
                near_miss: vec![
                    ("neighbouring_house", other.to_string()),
                    ("house_out_of_range", (n + 1).to_string()),
                    ("two_houses", format!("house {answer} or house {other}")),
                    (
                        "neighbouring_ordinal",
                        format!("the {} house", ORDINALS[other - 1]),
                    ),
                ],
            }
        }
        Some(a) => {
            let values = &data.attributes[usize::from(a)].values;
            let right = data.solution[house][usize::from(a)];
            let other = values[(usize::from(right) + 1) % values.len()].clone();
            let label = data.attributes[usize::from(a)].kind.name();
            let wrong_label = data.attributes[(usize::from(a) + 1) % data.attributes.len()]
                .kind
                .name();
            ProbeAnswers {
                equivalent: vec![
                    ("upper_case", answer.to_uppercase()),
                    ("with_article", format!("the {answer}")),
                ],
                realistic: vec![
                    ("attribute_label", format!("{label}: {answer}")),
                    ("bold_value_period", format!("**{answer}**.")),
                    ("label_sentence", format!("The {label} is {answer}.")),
                ],
                near_miss: vec![
                    ("other_value_same_attribute", other.clone()),
                    ("two_values", format!("{answer} or {other}")),
                    ("attribute_label_other_value", format!("{label}: {other}")),
                    ("wrong_attribute_label", format!("{wrong_label}: {answer}")),
                    ("two_values_labelled", format!("{label}: {answer}, {other}")),
                ],
            }
        }
    }
}

/// The values of house `h` (0-based) in attribute order.
fn values(data: &ZebraData, solution: &[Vec<u8>], h: usize) -> Vec<String> {
    solution[h]
        .iter()
        .zip(&data.attributes)
        .map(|(&v, attr)| attr.values[usize::from(v)].clone())
        .collect()
}

/// A Markdown table with a row per house under a header of attribute names.
fn table(data: &ZebraData, solution: &[Vec<u8>], header: &[&str]) -> String {
    let mut t = format!("| House | {} |\n|---|", header.join(" | "));
    t.push_str(&"---|".repeat(header.len()));
    for h in 0..solution.len() {
        t.push_str(&format!(
            "\n| {} | {} |",
            h + 1,
            values(data, solution, h).join(" | ")
        ));
    }
    t
}

/// The layouts people write a grid in, each with near misses that guard it: see the grammar in
/// `verify.rs`.
fn realistic_grid(data: &ZebraData) -> (Forms, Forms) {
    let n = data.solution.len();
    let names: Vec<&str> = data.attributes.iter().map(|a| a.kind.name()).collect();
    let lines = |f: &dyn Fn(usize, Vec<String>) -> String| {
        (0..n)
            .map(|h| f(h, values(data, &data.solution, h)))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let labelled = |h: usize| {
        values(data, &data.solution, h)
            .iter()
            .zip(&names)
            .map(|(v, l)| format!("{l}: {v}"))
            .collect::<Vec<_>>()
    };
    let transposed = {
        let mut t = String::from("| Attribute |");
        for h in 1..=n {
            t.push_str(&format!(" House {h} |"));
        }
        t.push_str(&format!("\n|{}", "---|".repeat(n + 1)));
        for (a, attr) in data.attributes.iter().enumerate() {
            t.push_str(&format!("\n| {} |", attr.kind.name()));
            for row in &data.solution {
                t.push_str(&format!(" {} |", attr.values[usize::from(row[a])]));
            }
        }
        t
    };
    let realistic = vec![
        (
            "bullets",
            lines(&|h, v| format!("- House {}: {}", h + 1, v.join(", "))),
        ),
        (
            "dash_after_house",
            lines(&|h, v| format!("House {} - {}", h + 1, v.join(", "))),
        ),
        (
            "bold_house_full_stop",
            lines(&|h, v| format!("**House {}**: {}.", h + 1, v.join(", "))),
        ),
        (
            "trailing_comma",
            lines(&|h, v| format!("House {}: {},", h + 1, v.join(", "))),
        ),
        (
            "numbered_list",
            lines(&|h, v| format!("{}. House {}: {}", h + 1, h + 1, v.join(", "))),
        ),
        (
            "labelled_values",
            (0..n)
                .map(|h| format!("House {}: {}", h + 1, labelled(h).join(", ")))
                .collect::<Vec<_>>()
                .join("\n"),
        ),
        (
            "house_blocks",
            (0..n)
                .map(|h| format!("House {}:\n- {}", h + 1, labelled(h).join("\n- ")))
                .collect::<Vec<_>>()
                .join("\n\n"),
        ),
        ("markdown_table", table(data, &data.solution, &names)),
        ("transposed_table", transposed),
    ];
    // A grid with the first attribute's values of houses 1 and 2 swapped: valid but wrong.
    let mut swapped = data.solution.clone();
    let (a, b) = (swapped[0][0], swapped[1][0]);
    swapped[0][0] = b;
    swapped[1][0] = a;
    let mut rotated = names.clone();
    rotated.rotate_left(1);
    let extra = &data.attributes[0].values[usize::from(data.solution[1][0])];
    let mut misses = vec![
        ("table_two_houses_swapped", table(data, &swapped, &names)),
        (
            "table_last_house_missing",
            table(data, &data.solution[..n - 1], &names),
        ),
        (
            "bullets_extra_value",
            lines(&|h, v| {
                let extra = if h == 0 {
                    format!(", {extra}")
                } else {
                    String::new()
                };
                format!("- House {}: {}{extra}", h + 1, v.join(", "))
            }),
        ),
        (
            "labelled_wrong_label",
            (0..n)
                .map(|h| {
                    let mut l = labelled(h);
                    if h == 0 {
                        l[0] = format!("{}: {}", rotated[0], values(data, &data.solution, 0)[0]);
                    }
                    format!("House {}: {}", h + 1, l.join(", "))
                })
                .collect::<Vec<_>>()
                .join("\n"),
        ),
        (
            "blocks_house_repeated",
            format!(
                "{}\nHouse 1:\n- {}",
                (0..n)
                    .map(|h| format!("House {}:\n- {}", h + 1, labelled(h).join("\n- ")))
                    .collect::<Vec<_>>()
                    .join("\n"),
                labelled(0).join("\n- ")
            ),
        ),
    ];
    if names.len() > 1 {
        misses.push((
            "table_header_mislabelled",
            table(data, &data.solution, &rotated),
        ));
    }
    (realistic, misses)
}
