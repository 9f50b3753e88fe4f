//! Probe answers for `sat`: other ways to write a satisfying assignment, and assignments or
//! texts that must be rejected.

use super::SatData;
use super::verify::parse_assignment;
use verigym_core::env::ProbeAnswers;

/// Whether every clause holds under `truth` (bit v: x_{v+1}), evaluated from the literals.
fn satisfies(data: &SatData, truth: u64) -> bool {
    data.clauses.iter().all(|clause| {
        clause.iter().any(|&lit| {
            let v = lit.unsigned_abs() - 1;
            v < 64 && (truth >> v & 1 == 1) == (lit > 0)
        })
    })
}

fn primary(values: &[bool]) -> String {
    let entries: Vec<String> = values
        .iter()
        .enumerate()
        .map(|(i, &v)| format!("x{}={}", i + 1, u8::from(v)))
        .collect();
    entries.join(", ")
}

/// See [`verigym_core::Env::probe_answers`].
pub fn probe_answers(data: &SatData, answer: &str, foreign: &str) -> ProbeAnswers {
    let plant = &data.planted;
    let n = plant.len();
    if n == 0 {
        return ProbeAnswers::default();
    }
    let dimacs: Vec<String> = plant
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            if v {
                format!("{}", i + 1)
            } else {
                format!("-{}", i + 1)
            }
        })
        .collect();
    let reversed: Vec<String> = plant
        .iter()
        .enumerate()
        .rev()
        .map(|(i, &v)| format!("x{}={}", i + 1, u8::from(v)))
        .collect();
    let words: Vec<String> = plant
        .iter()
        .enumerate()
        .map(|(i, &v)| format!("X{}: {}", i + 1, if v { "true" } else { "false" }))
        .collect();
    let equivalent = vec![
        ("dimacs", dimacs.join(" ")),
        ("dimacs_terminated", format!("{} 0", dimacs.join(" "))),
        ("reversed_order", reversed.join(", ")),
        ("true_false_words", words.join("; ")),
        ("space_separated", answer.replace(", ", " ")),
    ];
    let literals = |neg: &str, values: &[bool]| -> Vec<String> {
        values
            .iter()
            .enumerate()
            .map(|(i, &v)| format!("{}x{}", if v { "" } else { neg }, i + 1))
            .collect()
    };
    let valued = |values: &[bool], f: &dyn Fn(usize, bool) -> String| -> Vec<String> {
        values
            .iter()
            .enumerate()
            .map(|(i, &v)| f(i + 1, v))
            .collect()
    };
    let realistic = vec![
        ("literals_not_sign", literals("¬", plant).join(", ")),
        ("literals_tilde", literals("~", plant).join(", ")),
        ("literals_bang", literals("!", plant).join(" ")),
        ("literals_minus", literals("-", plant).join(", ")),
        ("literals_wedge", literals("¬", plant).join(" ∧ ")),
        ("literals_not_word", literals("NOT ", plant).join(" and ")),
        (
            "bullets_true_false",
            valued(plant, &|i, v| format!("- x{i} = {v}")).join("\n"),
        ),
        (
            "numbered_list",
            valued(plant, &|i, v| format!("{i}. x{i} = {}", u8::from(v))).join("\n"),
        ),
        (
            "bold_names",
            valued(plant, &|i, v| {
                format!("**x{i}**: {}", if v { "T" } else { "F" })
            })
            .join(", "),
        ),
        (
            "latex_subscripts",
            format!(
                "${}$",
                valued(plant, &|i, v| format!("x_{{{i}}} = {}", u8::from(v))).join(", ")
            ),
        ),
        (
            "is_true",
            valued(plant, &|i, v| format!("x{i} is {v}")).join(", "),
        ),
        ("trailing_period", format!("{answer}.")),
    ];
    let mut near_miss = Vec::new();
    let mut doubled = literals("¬", plant);
    doubled.push(if plant[0] {
        "¬x1".to_owned()
    } else {
        "x1".to_owned()
    });
    near_miss.push(("literal_given_both_values", doubled.join(", ")));
    near_miss.push((
        "literal_missing_variable",
        literals("¬", &plant[..n - 1]).join(", "),
    ));
    let mut unknown = literals("¬", plant);
    unknown.push(format!("x{}", n + 1));
    near_miss.push(("literal_unknown_variable", unknown.join(", ")));
    if n >= 2 {
        let mut mixed = valued(&plant[..n - 1], &|i, v| format!("x{i}={}", u8::from(v)));
        mixed.push(format!("x{n}"));
        near_miss.push(("values_then_bare_literal", mixed.join(", ")));
    }
    // The first single flip of the plant that breaks a clause: certainly wrong.
    if let Some(v) = (0..n).find(|&v| {
        let mut flipped = plant.clone();
        flipped[v] = !flipped[v];
        !satisfies(data, to_bits(&flipped))
    }) {
        let mut flipped = plant.clone();
        flipped[v] = !flipped[v];
        near_miss.push(("one_variable_flipped", primary(&flipped)));
    }
    for (family, constant) in [("all_false", false), ("all_true", true)] {
        let values = vec![constant; n];
        if !satisfies(data, to_bits(&values)) {
            near_miss.push((family, primary(&values)));
        }
    }
    near_miss.push(("last_variable_missing", primary(&plant[..n - 1])));
    near_miss.push((
        "contradictory_duplicate",
        format!("{answer}, x1={}", u8::from(!plant[0])),
    ));
    near_miss.push(("variable_out_of_range", format!("{answer}, x{}=1", n + 1)));
    let foreign_satisfies =
        parse_assignment(foreign, data.variables).is_ok_and(|truth| satisfies(data, truth));
    if !foreign.is_empty() && !foreign_satisfies {
        near_miss.push(("other_problem", foreign.to_owned()));
    }
    let mut answers = ProbeAnswers {
        equivalent,
        near_miss,
        realistic,
    };
    // Issue 31: the assignment as a table with a header row.
    crate::forms::push_pairs_table(&mut answers, ["Variable", "Value"], answer, "=");
    answers
}

fn to_bits(values: &[bool]) -> u64 {
    values
        .iter()
        .enumerate()
        .filter(|(_, v)| **v)
        .fold(0, |acc, (i, _)| acc | 1 << i)
}
