//! What a careful grader says about a wrong `zebra` answer, from the prompt's attributes, clues and
//! question and the response only (never the stored solution).
//!
//! A grid answer: first a value the answer places in two houses (each value belongs to exactly
//! one house), then the first clue, by its number in the prompt, that the answer's grid breaks,
//! with the houses the answer gives the clue's values. A grid that breaks no rule and no clue is
//! the solution, since the clues admit exactly one; if a record ever held another, it would hear
//! nothing more than "wrong". A question: a value of another attribute than the one asked for,
//! or a house number beyond the row; a value or house that is merely not the one hears nothing
//! more.

use super::check::check_public;
use super::verify::{read_full_grid, read_house, read_value, repeated_value};
use super::{Clue, Item, ZebraData};
use verigym_core::extract::extract_agreed_answer;

/// The sentence naming the first public rule the answer breaks, if it reads as an answer at all.
pub fn feedback(data: &ZebraData, response: &str) -> Option<String> {
    let answer = extract_agreed_answer(response, |r| super::verify::verify(data, r)).ok()?;
    check_public(data).ok()?;
    match data.question {
        None => grid_feedback(data, &answer),
        Some(q) => match q.attribute {
            None => {
                let k = read_house(&answer)?;
                let n = data.houses;
                (k == 0 || k > usize::from(n))
                    .then(|| format!("There is no house {k}; the houses are 1 to {n}."))
            }
            Some(a) => {
                let item = read_value(data, a, &answer, None).ok()?;
                (item.attribute != a).then(|| {
                    format!(
                        "The question asks for the {}; {} is a value of {}.",
                        data.attributes[usize::from(a)].kind.name(),
                        data.name(item),
                        data.attributes[usize::from(item.attribute)].kind.name()
                    )
                })
            }
        },
    }
}

fn grid_feedback(data: &ZebraData, answer: &str) -> Option<String> {
    let grid = read_full_grid(data, answer, None).ok()?;
    if let Some(item) = repeated_value(data, &grid) {
        return Some(format!(
            "The answer places {} in two houses; each value belongs to exactly one house.",
            data.name(item)
        ));
    }
    let n = usize::from(data.houses);
    // Every value is placed exactly once now, so each item has its house in the answer.
    let house_of = |item: Item| {
        grid[..n]
            .iter()
            .position(|row| row[usize::from(item.attribute)] == item.value)
            .unwrap_or(0) as u8
    };
    let (k, clue) = data
        .clues
        .iter()
        .enumerate()
        .find(|(_, clue)| !clue.holds(house_of))?;
    let at = |item: Item| format!("{} in house {}", data.name(item), house_of(item) + 1);
    let placed = match *clue {
        Clue::Same { a, b }
        | Clue::NotSame { a, b }
        | Clue::LeftOf { a, b }
        | Clue::DirectlyLeft { a, b }
        | Clue::NextTo { a, b } => format!("{} and {}", at(a), at(b)),
        Clue::Position { a, .. } => at(a),
    };
    Some(format!(
        "Clue {} does not hold: the answer puts {placed}.",
        k + 1
    ))
}

#[cfg(test)]
mod tests {
    use super::super::{Mode, Zebra, ZebraData, ZebraParams};
    use crate::feedback_tests::{assert_public_only_on, mutations, problems, tagged};
    use verigym_core::env::{Env, Generator};
    use verigym_core::params::EnvParams;

    /// Blinds a record: every attribute's column of the solution rotated by one house, so the
    /// hidden grid differs in every cell while the prompt is the same.
    fn blind(d: &mut ZebraData) {
        d.solution.rotate_left(1);
    }

    /// Problems in question mode, across the level range.
    fn question_problems() -> Vec<(ZebraData, String)> {
        let mut out = Vec::new();
        for houses in [3, 5, 7] {
            let mut params = ZebraParams::at_level(4.0);
            params.houses = houses;
            params.mode = Mode::Question;
            let generator = Generator::new(&Zebra, params, 5).expect("valid params");
            for index in 0..8 {
                let p = generator.problem(index);
                out.push((p.data, p.answer));
            }
        }
        out
    }

    /// The reference grid's rows, as value lists.
    fn rows(answer: &str) -> Vec<Vec<String>> {
        answer
            .lines()
            .map(|line| {
                let values = line.split_once(": ").map_or(line, |(_, v)| v);
                values.split(", ").map(str::to_owned).collect()
            })
            .collect()
    }

    fn grid_text(rows: &[Vec<String>]) -> String {
        let lines: Vec<String> = rows
            .iter()
            .enumerate()
            .map(|(h, values)| format!("House {}: {}", h + 1, values.join(", ")))
            .collect();
        lines.join("\n")
    }

    /// Near misses built from whole values (a character edit only makes an unknown value): each
    /// attribute's values of two houses swapped, and one house given another's value; then the
    /// character-level mutations.
    fn near_misses(_: &ZebraData, answer: &str) -> Vec<String> {
        let truth = rows(answer);
        let mut out = Vec::new();
        for a in 0..truth[0].len() {
            for i in 0..truth.len() {
                for j in i + 1..truth.len() {
                    let mut swapped = truth.clone();
                    let (vi, vj) = (swapped[i][a].clone(), swapped[j][a].clone());
                    swapped[i][a] = vj.clone();
                    swapped[j][a] = vi;
                    out.push(tagged(&grid_text(&swapped)));
                    let mut twice = truth.clone();
                    twice[i][a] = vj;
                    out.push(tagged(&grid_text(&twice)));
                }
            }
        }
        out.extend(mutations(answer));
        out
    }

    #[test]
    fn feedback_reads_only_the_clues_and_the_response() {
        let said = assert_public_only_on(&Zebra, blind, near_misses);
        assert!(said.iter().any(|s| s.starts_with("Clue ")), "{said:?}");
        assert!(
            said.iter().any(|s| s.contains(" in two houses")),
            "{said:?}"
        );
    }

    #[test]
    fn every_swapped_grid_names_a_broken_clue_with_the_answers_own_houses() {
        for (data, answer) in problems(&Zebra) {
            let lines: Vec<&str> = answer.lines().collect();
            for h in 1..lines.len() {
                // Houses 1 and h+1 trade every value: a valid grid that is not the solution.
                let mut swapped = lines.clone();
                swapped.swap(0, h);
                let text: Vec<String> = swapped
                    .iter()
                    .enumerate()
                    .map(|(i, line)| {
                        let values = line.split_once(": ").unwrap().1;
                        format!("House {}: {values}", i + 1)
                    })
                    .collect();
                let said = Zebra.feedback(&data, &tagged(&text.join("\n")));
                let said = said.expect("a grid other than the solution breaks some clue");
                assert!(said.starts_with("Clue "), "{said}");
                let k: usize = said[5..].split(' ').next().unwrap().parse().unwrap();
                let clue = &data.clues[k - 1];
                assert!(
                    !clue.holds(|item| {
                        let row = swapped
                            .iter()
                            .position(|l| {
                                l.split_once(": ")
                                    .unwrap()
                                    .1
                                    .split(", ")
                                    .any(|v| v == data.name(item))
                            })
                            .unwrap();
                        row as u8
                    }),
                    "{said}: clue {k} holds in the answer"
                );
            }
        }
    }

    #[test]
    fn a_grid_that_keeps_every_clue_hears_nothing_more() {
        let (mut data, answer) = problems(&Zebra).remove(0);
        // Without clues every valid grid keeps them all; this one is still wrong.
        data.clues.clear();
        let mut lines: Vec<String> = answer.lines().map(str::to_owned).collect();
        let first = lines[0].split_once(": ").unwrap().1.to_owned();
        let second = lines[1].split_once(": ").unwrap().1.to_owned();
        lines[0] = format!("House 1: {second}");
        lines[1] = format!("House 2: {first}");
        let response = tagged(&lines.join("\n"));
        assert_eq!(
            Zebra.verify(&data, &response).reason,
            verigym_core::verdict::Reason::WrongAnswer
        );
        assert_eq!(Zebra.feedback(&data, &response), None);
    }

    #[test]
    fn a_value_of_another_attribute_is_named_and_a_wrong_value_is_not() {
        let mut named = 0;
        for (data, answer) in question_problems() {
            let Some(q) = data.question else { continue };
            let Some(a) = q.attribute else {
                let n = data.houses;
                let beyond = Zebra.feedback(&data, &tagged(&format!("{}", n + 1)));
                assert_eq!(
                    beyond,
                    Some(format!(
                        "There is no house {}; the houses are 1 to {n}.",
                        n + 1
                    ))
                );
                let other = if answer == "1" { "2" } else { "1" };
                assert_eq!(Zebra.feedback(&data, &tagged(other)), None);
                continue;
            };
            let other = (0..data.attributes.len() as u8).find(|&b| b != a).unwrap();
            let value = &data.attributes[usize::from(other)].values[0];
            let said = Zebra.feedback(&data, &tagged(value)).unwrap();
            assert!(said.starts_with("The question asks for the "), "{said}");
            named += 1;
            let same_kind = data.attributes[usize::from(a)]
                .values
                .iter()
                .find(|v| **v != answer)
                .unwrap();
            assert_eq!(Zebra.feedback(&data, &tagged(same_kind)), None);
        }
        assert!(named > 0);
    }

    #[test]
    fn question_feedback_reads_only_the_question_and_the_response() {
        for (data, answer) in question_problems() {
            let mut blinded = data.clone();
            blind(&mut blinded);
            let mut responses = vec![tagged(&answer), tagged("0"), tagged("9")];
            for attr in &data.attributes {
                responses.extend(attr.values.iter().map(|v| tagged(v)));
            }
            for response in responses {
                assert_eq!(
                    Zebra.feedback(&data, &response),
                    Zebra.feedback(&blinded, &response),
                    "{response}"
                );
            }
        }
    }

    #[test]
    fn a_record_broken_in_its_public_part_hears_nothing_and_never_panics() {
        let (mut data, answer) = problems(&Zebra).remove(0);
        // Nine houses would overflow the reader's house bits: the public check must stop first.
        data.houses = 9;
        assert_eq!(Zebra.feedback(&data, &tagged(&answer)), None);
    }
}
