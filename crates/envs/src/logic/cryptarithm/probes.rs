//! Probe answers for `cryptarithm`: other ways of writing the assignment, and assignments that
//! break a rule.

use super::CryptarithmData;
use verigym_core::env::ProbeAnswers;

fn join(pairs: &[(String, u8)], link: &str, sep: &str) -> String {
    pairs
        .iter()
        .map(|(l, d)| format!("{l}{link}{d}"))
        .collect::<Vec<_>>()
        .join(sep)
}

/// See [`verigym_core::Env::probe_answers`]. The solution is unique, so any other assignment (and
/// another puzzle's, whose letters differ) is certainly wrong here.
pub fn probe_answers(data: &CryptarithmData, answer: &str, foreign: &str) -> ProbeAnswers {
    let pairs: Vec<(String, u8)> = data.solution.iter().map(|(l, &d)| (l.clone(), d)).collect();
    if pairs.len() < 2 {
        return ProbeAnswers::default();
    }
    let mut reversed = pairs.clone();
    reversed.reverse();
    // Two letters trade digits: injective and complete, but the sum breaks (uniqueness).
    let mut traded = pairs.clone();
    let (d0, d1) = (traded[0].1, traded[1].1);
    traded[0].1 = d1;
    traded[1].1 = d0;
    // One letter moved to a digit no letter uses.
    let free = (0..10u8).find(|d| pairs.iter().all(|p| p.1 != *d));
    let mut moved = pairs.clone();
    if let Some(f) = free {
        moved[0].1 = f;
    }
    let mut shared = pairs.clone();
    shared[1].1 = shared[0].1;
    let table = |pairs: &[(String, u8)]| {
        let rows: Vec<String> = pairs
            .iter()
            .map(|(l, d)| format!("| {l} | {d} |"))
            .collect();
        format!("| Letter | Digit |\n|---|---|\n{}", rows.join("\n"))
    };
    let lower: Vec<(String, u8)> = pairs.iter().map(|(l, d)| (l.to_lowercase(), *d)).collect();
    let mut near_miss = vec![
        ("two_letters_trade_digits", join(&traded, "=", ", ")),
        ("one_letter_missing", join(&pairs[1..], "=", ", ")),
        (
            "one_letter_twice",
            format!("{}, {}={}", join(&pairs, "=", ", "), pairs[0].0, pairs[0].1),
        ),
        ("two_letters_one_digit", join(&shared, "=", ", ")),
        (
            "extra_letter",
            format!("{}, {}=0", join(&pairs, "=", ", "), extra_letter(data)),
        ),
        ("table_letters_trade_digits", table(&traded)),
        ("oxford_and_letters_trade_digits", oxford(&traded)),
        ("trailing_and", format!("{} and", join(&pairs, "=", ", "))),
        ("words_as_numbers", words_as_numbers(data)),
        (
            "two_candidates",
            format!("{} or {}", join(&pairs, "=", ", "), pairs[0].1),
        ),
    ];
    if free.is_some() {
        near_miss.push(("one_letter_moved", join(&moved, "=", ", ")));
    }
    if !foreign.is_empty() && foreign != answer {
        near_miss.push(("other_problem", foreign.to_owned()));
    }
    ProbeAnswers {
        equivalent: vec![
            ("reversed_order", join(&reversed, "=", ", ")),
            ("spaced_equals", join(&pairs, " = ", ", ")),
            ("one_per_line", join(&pairs, "=", "\n")),
            ("semicolons", join(&pairs, "=", "; ")),
        ],
        near_miss,
        realistic: vec![
            ("colons", join(&pairs, ": ", ", ")),
            ("arrows", join(&pairs, " → ", ", ")),
            ("lowercase_letters", join(&lower, "=", ", ")),
            ("bullets", format!("- {}", join(&pairs, " = ", "\n- "))),
            ("markdown_table", table(&pairs)),
            (
                "json_object",
                format!(
                    "{{{}}}",
                    pairs
                        .iter()
                        .map(|(l, d)| format!("\"{l}\": {d}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ),
            ("is_words", join(&pairs, " is ", ", ")),
            ("oxford_and", oxford(&pairs)),
            ("and_words", join(&pairs, "=", " and ")),
            (
                "bold_letters",
                pairs
                    .iter()
                    .map(|(l, d)| format!("**{l}** = {d}"))
                    .collect::<Vec<_>>()
                    .join(", "),
            ),
        ],
    }
}

/// `S=9, E=5, and D=7`.
fn oxford(pairs: &[(String, u8)]) -> String {
    match pairs {
        [init @ .., (l, d)] if !init.is_empty() => {
            format!("{}, and {l}={d}", join(init, "=", ", "))
        }
        _ => join(pairs, "=", ", "),
    }
}

/// A capital letter not in the puzzle.
fn extra_letter(data: &CryptarithmData) -> char {
    ('A'..='Z')
        .find(|c| {
            !data
                .solution
                .contains_key(c.encode_utf8(&mut [0; 4]) as &str)
        })
        .unwrap_or('A')
}

/// `SEND = 9567, …`: the words with their values, not the letters.
fn words_as_numbers(data: &CryptarithmData) -> String {
    data.addends
        .iter()
        .chain([&data.result])
        .map(|w| {
            let v: String = w
                .chars()
                .map(|c| char::from(b'0' + data.solution[c.encode_utf8(&mut [0; 4]) as &str]))
                .collect();
            format!("{w} = {v}")
        })
        .collect::<Vec<_>>()
        .join(", ")
}
