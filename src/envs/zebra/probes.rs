//! Probe answers for `zebra`: other layouts of the right grid or answer, and near misses.

use super::ZebraData;
use crate::core::env::ProbeAnswers;

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

/// See [`crate::Env::probe_answers`]. No foreign answer is used: another puzzle's grid could name
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
        return ProbeAnswers {
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
            realistic: Vec::new(),
        };
    };
    let house = data.house_of(q.about).unwrap_or(0);
    match q.attribute {
        None => ProbeAnswers {
            equivalent: vec![
                ("house_word", format!("house {answer}")),
                ("upper_house", format!("House {answer}")),
            ],
            near_miss: vec![
                ("neighbouring_house", ((house + 1) % n + 1).to_string()),
                ("house_out_of_range", (n + 1).to_string()),
            ],
            realistic: Vec::new(),
        },
        Some(a) => {
            let values = &data.attributes[usize::from(a)].values;
            let right = data.solution[house][usize::from(a)];
            let other = values[(usize::from(right) + 1) % values.len()].clone();
            ProbeAnswers {
                equivalent: vec![
                    ("upper_case", answer.to_uppercase()),
                    ("with_article", format!("the {answer}")),
                ],
                near_miss: vec![
                    ("other_value_same_attribute", other.clone()),
                    ("two_values", format!("{answer} or {other}")),
                ],
                realistic: Vec::new(),
            }
        }
    }
}
