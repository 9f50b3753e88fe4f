//! The invariants of a `zebra` record, checked before any answer is judged: a record that breaks
//! one is a verifier error, never the model's fault.

use super::params::{ATTRIBUTES_MAX, ATTRIBUTES_MIN, HOUSES_MAX, HOUSES_MIN};
use super::vocab::Kind;
use super::{Clue, Item, ZebraData};

/// Words the answer grammar reads; a value equal to one would make answers ambiguous.
const RESERVED: [&str; 6] = ["the", "and", "house", "in", "number", "is"];

/// Checks sizes, names, the solution (each attribute a permutation over the houses), every clue
/// against the solution, and the question. The value names must be single ASCII words, distinct
/// across attributes ignoring case and unlike any attribute name, since the grammar tells a
/// value's attribute by its name alone.
pub fn check_data(data: &ZebraData) -> Result<(), String> {
    check_public(data)?;
    check_solution(data)
}

/// The checks of what the prompt shows (sizes, names, clues and question in range), which
/// feedback needs before it reads the clues and must pass or fail alike whatever the solution.
pub(super) fn check_public(data: &ZebraData) -> Result<(), String> {
    let n = usize::from(data.houses);
    let m = data.attributes.len();
    if !(HOUSES_MIN as usize..=HOUSES_MAX as usize).contains(&n) {
        return Err(format!(
            "houses is {n}; allowed {HOUSES_MIN} to {HOUSES_MAX}"
        ));
    }
    if !(ATTRIBUTES_MIN as usize..=ATTRIBUTES_MAX as usize).contains(&m) {
        return Err(format!(
            "attributes has {m} entries; allowed {ATTRIBUTES_MIN} to {ATTRIBUTES_MAX}"
        ));
    }
    let mut names: Vec<String> = Vec::with_capacity(n * m);
    for (a, attr) in data.attributes.iter().enumerate() {
        if data.attributes[..a].iter().any(|b| b.kind == attr.kind) {
            return Err(format!(
                "attributes[{a}] repeats the kind {}",
                attr.kind.name()
            ));
        }
        if attr.values.len() != n {
            return Err(format!(
                "attributes[{a}] has {} values; it needs one per house ({n})",
                attr.values.len()
            ));
        }
        for value in &attr.values {
            let lower = value.to_ascii_lowercase();
            if value.is_empty() || !value.bytes().all(|b| b.is_ascii_alphabetic()) {
                return Err(format!(
                    "attributes[{a}] has the value {value:?}; a value is one ASCII word"
                ));
            }
            let clash = names.contains(&lower)
                || RESERVED.contains(&lower.as_str())
                || lower == "color"
                || Kind::ALL.iter().any(|k| k.name() == lower);
            if clash {
                return Err(format!(
                    "attributes[{a}] has the value {value:?}, which is already a value or a word \
                     of the answer grammar"
                ));
            }
            names.push(lower);
        }
    }
    let in_range = |item: Item| usize::from(item.attribute) < m && usize::from(item.value) < n;
    for (i, clue) in data.clues.iter().enumerate() {
        let (a, b) = match *clue {
            Clue::Same { a, b }
            | Clue::NotSame { a, b }
            | Clue::LeftOf { a, b }
            | Clue::DirectlyLeft { a, b }
            | Clue::NextTo { a, b } => (a, Some(b)),
            Clue::Position { a, house } => {
                if !(1..=n).contains(&usize::from(house)) {
                    return Err(format!(
                        "clues[{i}] names house {house}; houses are 1 to {n}"
                    ));
                }
                (a, None)
            }
        };
        if !in_range(a) || !b.is_none_or(in_range) {
            return Err(format!(
                "clues[{i}] names a value that is not in attributes"
            ));
        }
    }
    if let Some(q) = data.question {
        if !in_range(q.about) {
            return Err("question.about is not a value in attributes".to_owned());
        }
        if let Some(a) = q.attribute
            && (usize::from(a) >= m || a == q.about.attribute)
        {
            return Err(format!(
                "question.attribute is {a}; it must be another attribute's index below {m}"
            ));
        }
    }
    Ok(())
}

/// The solution's shape (each attribute a permutation over the houses) and every clue true in it;
/// run after [`check_public`], so the clues' items are in range.
fn check_solution(data: &ZebraData) -> Result<(), String> {
    let n = usize::from(data.houses);
    let m = data.attributes.len();
    if data.solution.len() != n {
        return Err(format!(
            "solution has {} rows; it needs one per house ({n})",
            data.solution.len()
        ));
    }
    for (h, row) in data.solution.iter().enumerate() {
        if row.len() != m {
            return Err(format!(
                "solution[{h}] has {} entries; it needs one per attribute ({m})",
                row.len()
            ));
        }
    }
    for a in 0..m {
        let mut used = 0u16;
        for row in &data.solution {
            let v = row[a];
            if usize::from(v) >= n || used & (1 << v) != 0 {
                return Err(format!(
                    "solution column {a} is not a permutation of 0 to {}",
                    n - 1
                ));
            }
            used |= 1 << v;
        }
    }
    let house_of = |item: Item| {
        data.solution
            .iter()
            .position(|row| row[usize::from(item.attribute)] == item.value)
            .unwrap_or(0) as u8
    };
    for (i, clue) in data.clues.iter().enumerate() {
        if !clue.holds(house_of) {
            return Err(format!("clues[{i}] is false in the stored solution"));
        }
    }
    Ok(())
}
