//! The `zebra` verifier: the full grid, or the one value a question asks for.
//!
//! **Grid answer form.** After extraction, one line per house, in any line order:
//! `House K: V1, V2, …, VM`. `House` is matched in any case, whitespace around every token is
//! free, and values may be separated by commas or semicolons. Each line names exactly one value
//! of every attribute, in any order (no value name is shared between attributes, so a value says
//! which attribute it fills); a value may carry its attribute's label, as in `colour: red` or
//! `colour = red` (`color` is accepted too). Values are matched ignoring ASCII case. Blank lines
//! are ignored. A line in any other form, an unknown value, a house missing, listed twice or out
//! of range, or a line without exactly one value per attribute is unparsable. A grid that uses a
//! value in two houses is wrong. The score is 1 only for the exact solution; `detail` reports
//! per-cell agreement of a valid grid (`cells_correct` of `cells`), whose mean for a uniformly
//! random valid grid is 1/N.
//!
//! **Question answer form.** A value question is answered by the value alone (ASCII case ignored,
//! an optional leading `the`); a house question by the number alone or `house K`. Text that is
//! not a value of the puzzle, or not a number, is unparsable; a value of another attribute, or a
//! house number that is not the one, is wrong.

use serde_json::json;

use super::vocab::{KINDS, VALUES_PER_KIND};
use super::{Item, Question, ZebraData};
use crate::core::extract::extract_answer;
use crate::core::verdict::{Reason, Verdict};

/// The longest grid answer read: far above 7 lines of 7 values.
pub const MAX_GRID_BYTES: usize = 4096;
const UNSET: u8 = u8::MAX;

/// Judges a response against one problem.
pub fn verify(data: &ZebraData, response: &str) -> Verdict {
    let answer = match extract_answer(response) {
        Ok(answer) => answer,
        Err(rejection) => return rejection.into(),
    };
    if !well_formed(data) {
        return unparsable("the record's puzzle data is malformed");
    }
    match data.question {
        None => verify_grid(data, &answer),
        Some(q) => verify_question(data, q, &answer),
    }
}

/// Guards the indexing below against a hand-edited record: sizes within the env's limits and
/// every stored index in range.
fn well_formed(data: &ZebraData) -> bool {
    let n = usize::from(data.houses);
    let m = data.attributes.len();
    (2..=VALUES_PER_KIND).contains(&n)
        && (1..=KINDS).contains(&m)
        && data.attributes.iter().all(|a| a.values.len() == n)
        && data.solution.len() == n
        && data
            .solution
            .iter()
            .all(|row| row.len() == m && row.iter().all(|&v| usize::from(v) < n))
        && data.question.is_none_or(|q| {
            usize::from(q.about.attribute) < m
                && usize::from(q.about.value) < n
                && q.attribute.is_none_or(|a| usize::from(a) < m)
        })
}

fn unparsable(message: impl Into<std::borrow::Cow<'static, str>>) -> Verdict {
    Verdict::rejected(Reason::UnparsableAnswer, message)
}

fn verify_grid(data: &ZebraData, answer: &str) -> Verdict {
    if answer.len() > MAX_GRID_BYTES {
        return unparsable("the answer is longer than 4096 bytes");
    }
    let n = usize::from(data.houses);
    let m = data.attributes.len();
    let mut grid = [[UNSET; KINDS]; VALUES_PER_KIND];
    let mut seen = 0u8;
    for line in answer.lines() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let Some((h, rest)) = house_line(line) else {
            return unparsable("every line must read `House K: value, value, …`");
        };
        if !(1..=n).contains(&h) {
            return unparsable(format!("there is no house {h}"));
        }
        let h = h - 1;
        if seen & (1 << h) != 0 {
            return unparsable(format!("house {} is listed twice", h + 1));
        }
        seen |= 1 << h;
        let row = &mut grid[h];
        let mut filled = 0;
        for (position, text) in rest.split([',', ';']).enumerate() {
            let attribute = position.min(m - 1);
            let guess = Item {
                attribute: attribute as u8,
                value: data.solution[h][attribute],
            };
            let Some(item) = lookup(data, text, guess) else {
                return unparsable(format!("`{}` is not a value of this puzzle", text.trim()));
            };
            let cell = &mut row[usize::from(item.attribute)];
            if *cell != UNSET {
                return unparsable(format!(
                    "house {} has two values of {}",
                    h + 1,
                    data.attributes[usize::from(item.attribute)].kind.name()
                ));
            }
            *cell = item.value;
            filled += 1;
        }
        if filled != m {
            return unparsable(format!(
                "house {} lists {filled} values; it needs one per attribute ({m})",
                h + 1
            ));
        }
    }
    if let Some(h) = (0..n).find(|&h| seen & (1 << h) == 0) {
        return unparsable(format!("house {} is missing", h + 1));
    }
    for a in 0..m {
        let mut used = 0u8;
        for row in &grid[..n] {
            let bit = 1 << row[a];
            if used & bit != 0 {
                let name = &data.attributes[a].values[usize::from(row[a])];
                return Verdict::wrong(format!("{name} is placed in two houses"));
            }
            used |= bit;
        }
    }
    let mut correct = 0usize;
    for (row, truth) in grid[..n].iter().zip(&data.solution) {
        correct += row[..m].iter().zip(truth).filter(|(a, b)| a == b).count();
    }
    let cells = n * m;
    if correct == cells {
        return Verdict::correct();
    }
    Verdict::wrong(format!("{} of {cells} cells are wrong", cells - correct)).with_detail(json!({
        "cells_correct": correct,
        "cells": cells,
        "partial_credit": correct as f64 / cells as f64,
    }))
}

/// `House K: rest` → (K, rest).
fn house_line(line: &str) -> Option<(usize, &str)> {
    let head = line.get(..5)?;
    if !head.eq_ignore_ascii_case("house") {
        return None;
    }
    let rest = line[5..].trim_start();
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 3 {
        return None;
    }
    let h = rest[..digits].parse().ok()?;
    let rest = rest[digits..].trim_start().strip_prefix(':')?;
    Some((h, rest))
}

/// The item a value text names, optionally labelled `attribute: value` or `attribute = value`.
/// `guess` is tried first, then the rest of its attribute, then the other attributes: answers
/// usually follow the prompt's order, and since no name is shared the order changes nothing but
/// speed.
fn lookup(data: &ZebraData, text: &str, guess: Item) -> Option<Item> {
    let text = text.trim();
    let (label, value) = match text.bytes().position(|b| b == b':' || b == b'=') {
        Some(i) => (Some(text[..i].trim()), text[i + 1..].trim()),
        None => (None, text),
    };
    let find = |a: usize| {
        data.attributes[a]
            .values
            .iter()
            .position(|name| name.eq_ignore_ascii_case(value))
            .map(|v| (a, v))
    };
    let m = data.attributes.len();
    let first = usize::from(guess.attribute).min(m.saturating_sub(1));
    let guessed = data.attributes[first]
        .values
        .get(usize::from(guess.value))
        .is_some_and(|name| name.eq_ignore_ascii_case(value));
    let (a, v) = if guessed {
        (first, usize::from(guess.value))
    } else {
        find(first).or_else(|| (0..m).filter(|&a| a != first).find_map(find))?
    };
    let name = data.attributes[a].kind.name();
    let label_ok = label.is_none_or(|l| {
        l.eq_ignore_ascii_case(name) || (name == "colour" && l.eq_ignore_ascii_case("color"))
    });
    label_ok.then_some(Item {
        attribute: a as u8,
        value: v as u8,
    })
}

fn verify_question(data: &ZebraData, q: Question, answer: &str) -> Verdict {
    let Some(h) = data.house_of(q.about) else {
        return unparsable("the record's question names no house");
    };
    let text = answer.trim();
    match q.attribute {
        None => {
            let digits = match text.get(..5) {
                Some(head) if head.eq_ignore_ascii_case("house") => text[5..].trim_start(),
                _ => text,
            };
            if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit())
            {
                return unparsable("the answer is not a house number");
            }
            if digits.parse::<usize>().ok() == Some(h + 1) {
                Verdict::correct()
            } else {
                Verdict::wrong("wrong house")
            }
        }
        Some(a) => {
            let value = match text.get(..4) {
                Some(head) if head.eq_ignore_ascii_case("the ") => text[4..].trim_start(),
                _ => text,
            };
            if value.contains([':', '=', ',', ';']) {
                return unparsable("the answer is not a single value");
            }
            let guess = Item {
                attribute: a,
                value: data.solution[h][usize::from(a)],
            };
            let Some(item) = lookup(data, value, guess) else {
                return unparsable(format!("`{value}` is not a value of this puzzle"));
            };
            let truth = Item {
                attribute: a,
                value: data.solution[h][usize::from(a)],
            };
            if item == truth {
                Verdict::correct()
            } else if item.attribute != a {
                Verdict::wrong("the answer is a value of another attribute")
            } else {
                Verdict::wrong("wrong value")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::vocab::Kind;
    use super::super::{Attribute, Item, Question};
    use super::*;

    /// House 1: red, Brit, dog; house 2: green, Swede, cat; house 3: blue, Dane, bird.
    fn data(question: Option<Question>) -> ZebraData {
        let attr = |kind: Kind, values: [&str; 3]| Attribute {
            kind,
            values: values.map(str::to_owned).to_vec(),
        };
        ZebraData {
            houses: 3,
            attributes: vec![
                attr(Kind::Colour, ["red", "green", "blue"]),
                attr(Kind::Nationality, ["Brit", "Swede", "Dane"]),
                attr(Kind::Pet, ["dog", "cat", "bird"]),
            ],
            clues: Vec::new(),
            solution: vec![vec![0, 0, 0], vec![1, 1, 1], vec![2, 2, 2]],
            question,
        }
    }

    fn judge(answer: &str) -> Verdict {
        verify(&data(None), &format!("<answer>{answer}</answer>"))
    }

    const RIGHT: &str =
        "House 1: red, Brit, dog\nHouse 2: green, Swede, cat\nHouse 3: blue, Dane, bird";

    #[test]
    fn the_grid_in_every_accepted_variant() {
        for form in [
            RIGHT,
            "\n  house 3 : BLUE ,dane, Bird \n\nHOUSE 1: dog; Brit; red\nHouse 2:cat,green,swede\n",
            "House 1: colour: red, nationality = Brit, pet: dog\nHouse 2: color=green, Swede, cat\n\
             House 3: blue, Dane, bird",
        ] {
            let v = judge(form);
            assert!(v.correct, "{form}: {v:?}");
        }
    }

    #[test]
    fn a_valid_wrong_grid_gets_partial_credit_only_in_detail() {
        let v =
            judge("House 1: green, Brit, dog\nHouse 2: red, Swede, cat\nHouse 3: blue, Dane, bird");
        assert_eq!((v.reason, v.score), (Reason::WrongAnswer, 0.0));
        let d = v.detail.unwrap();
        assert_eq!(
            (d["cells_correct"].as_u64(), d["cells"].as_u64()),
            (Some(7), Some(9))
        );
    }

    #[test]
    fn a_value_in_two_houses_is_wrong_without_credit() {
        let v =
            judge("House 1: red, Brit, dog\nHouse 2: red, Swede, cat\nHouse 3: blue, Dane, bird");
        assert_eq!(v.reason, Reason::WrongAnswer);
        assert!(v.detail.is_none() && v.message.contains("red"));
    }

    #[test]
    fn malformed_grids_are_unparsable() {
        for form in [
            "House 1: red, Brit, dog\nHouse 2: green, Swede, cat",
            "House 1: red, Brit, dog\nHouse 2: green, Swede, cat\nHouse 2: blue, Dane, bird",
            "House 1: red, Brit, dog\nHouse 2: green, Swede, cat\nHouse 4: blue, Dane, bird",
            "House 1: red, Brit\nHouse 2: green, Swede, cat, dog\nHouse 3: blue, Dane, bird",
            "House 1: red, Brit, dog, dog\nHouse 2: green, Swede, cat\nHouse 3: blue, Dane, bird",
            "House 1: red, green, dog\nHouse 2: Brit, Swede, cat\nHouse 3: blue, Dane, bird",
            "House 1: red, Brit, zebra\nHouse 2: green, Swede, cat\nHouse 3: blue, Dane, bird",
            "House 1: pet: red, Brit, dog\nHouse 2: green, Swede, cat\nHouse 3: blue, Dane, bird",
            "House 1: red or green, Brit, dog\nHouse 2: green, Swede, cat\nHouse 3: blue, Dane, bird",
            "1: red, Brit, dog\n2: green, Swede, cat\n3: blue, Dane, bird",
            &format!("{RIGHT}\nThe zebra is nowhere."),
            "House 99999999999999999999: red, Brit, dog",
        ] {
            let v = judge(form);
            assert_eq!(v.reason, Reason::UnparsableAnswer, "{form}");
        }
    }

    #[test]
    fn questions_take_one_value_or_house_number() {
        let about = Item {
            attribute: 2,
            value: 1,
        };
        let nationality = data(Some(Question {
            about,
            attribute: Some(1),
        }));
        let ask = |d: &ZebraData, a: &str| verify(d, &format!("<answer>{a}</answer>")).reason;
        // A trailing period is sentence punctuation, dropped by the core's normalisation.
        for right in ["Swede", "swede", "the Swede", " The SWEDE ", "the Swede."] {
            assert_eq!(ask(&nationality, right), Reason::Correct, "{right}");
        }
        assert_eq!(ask(&nationality, "Dane"), Reason::WrongAnswer);
        assert_eq!(ask(&nationality, "green"), Reason::WrongAnswer);
        for bad in ["Swede, Dane", "Swedish", "2", "nationality: Swede"] {
            assert_eq!(ask(&nationality, bad), Reason::UnparsableAnswer, "{bad}");
        }
        let house = data(Some(Question {
            about,
            attribute: None,
        }));
        for right in ["2", "house 2", "House  2"] {
            assert_eq!(ask(&house, right), Reason::Correct, "{right}");
        }
        assert_eq!(ask(&house, "3"), Reason::WrongAnswer);
        for bad in ["two", "2nd", "house", "-2", "cat"] {
            assert_eq!(ask(&house, bad), Reason::UnparsableAnswer, "{bad}");
        }
    }

    #[test]
    fn a_malformed_record_is_reported_not_a_panic() {
        let mut d = data(None);
        d.houses = 9;
        assert_eq!(
            verify(&d, &format!("<answer>{RIGHT}</answer>")).reason,
            Reason::UnparsableAnswer
        );
        let mut d = data(None);
        d.solution[0][0] = 7;
        assert_eq!(
            verify(&d, &format!("<answer>{RIGHT}</answer>")).reason,
            Reason::UnparsableAnswer
        );
    }
}
