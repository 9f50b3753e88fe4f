//! Probe answers for `sat`: other ways to write a satisfying assignment, and assignments or
//! texts that must be rejected.

use super::SatData;
use super::verify::parse_assignment;
use crate::core::env::ProbeAnswers;

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

/// See [`crate::Env::probe_answers`].
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
    let mut near_miss = Vec::new();
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
    ProbeAnswers {
        equivalent,
        near_miss,
        realistic: Vec::new(),
    }
}

fn to_bits(values: &[bool]) -> u64 {
    values
        .iter()
        .enumerate()
        .filter(|(_, v)| **v)
        .fold(0, |acc, (i, _)| acc | 1 << i)
}
