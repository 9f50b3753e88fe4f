//! `nim` probe answers: equivalent and realistic forms of a winning move, another winning move
//! where the position has one, and near misses that are not winning moves (checked against the
//! list of winning moves, so a near miss that happens to win is left out rather than mislabelled).

use super::NimData;
use super::rules::{self, Move};
use super::verify::render_answer;
use verigym_core::env::ProbeAnswers;

/// Probe answers for one problem (see [`verigym_core::env::Env::probe_answers`]).
pub fn probe_answers(data: &NimData, answer: &str, foreign: &str) -> ProbeAnswers {
    let largest = data.piles.iter().copied().max().unwrap_or(0);
    let g = data.takes.grundy(largest);
    let winning = rules::winning_moves(&data.piles, &data.takes, &g);
    let Move { pile: k, take: t } = data.reference;
    let stones = if t == 1 { "stone" } else { "stones" };
    let mut near_miss: Vec<(&'static str, String)> = Vec::new();
    let mut losing = |label: &'static str, m: Move| {
        if !winning.contains(&m) {
            near_miss.push((label, render_answer(m)));
        }
    };
    let n = data.piles.len() as u32;
    losing(
        "next_pile",
        Move {
            pile: k % n + 1,
            take: t,
        },
    );
    losing(
        "one_more",
        Move {
            pile: k,
            take: t + 1,
        },
    );
    if t > 1 {
        losing(
            "one_fewer",
            Move {
                pile: k,
                take: t - 1,
            },
        );
    }
    losing(
        "whole_pile",
        Move {
            pile: k,
            take: data.piles[k as usize - 1],
        },
    );
    losing("pile_and_amount_swapped", Move { pile: t, take: k });
    losing("pile_zero", Move { pile: 0, take: t });
    losing(
        "pile_past_the_last",
        Move {
            pile: n + 1,
            take: t,
        },
    );
    near_miss.extend([
        ("no_pile", format!("take {t}")),
        ("no_amount", format!("pile {k}")),
        (
            "two_moves",
            format!("{answer} and take 1 from pile {}", k % n + 1),
        ),
        (
            "hedged_second_move",
            format!("{answer} or take {} from pile {k}", t + 1),
        ),
        (
            "amount_in_words",
            format!("take {} from pile {k}", words(t)),
        ),
    ]);
    if !foreign.is_empty() && foreign != answer {
        let other = foreign
            .strip_prefix("take ")
            .and_then(|r| r.split_once(" from pile "))
            .and_then(|(t, k)| {
                Some(Move {
                    pile: k.parse().ok()?,
                    take: t.parse().ok()?,
                })
            });
        if other.is_some_and(|m| !winning.contains(&m)) {
            near_miss.push(("other_problem", foreign.to_owned()));
        }
    }
    let mut realistic = vec![
        ("sentence", format!("Take {t} {stones} from pile {k}.")),
        ("bold", format!("**take {t} from pile {k}**")),
        (
            "pile_first_with_stones",
            format!("Pile {k}: take {t} {stones}"),
        ),
        ("bold_pile", format!("**Pile {k}**: remove {t}")),
        ("code_span", format!("`take {t} from pile {k}`")),
        (
            "remove_stones",
            format!("remove {t} {stones} from pile {k}"),
        ),
    ];
    if let Some(other) = winning.iter().find(|m| **m != data.reference) {
        realistic.push(("another_winning_move", render_answer(*other)));
    }
    ProbeAnswers {
        equivalent: vec![
            ("remove", format!("remove {t} from pile {k}")),
            ("pile_first", format!("pile {k}: take {t}")),
            ("pile_first_comma", format!("pile {k}, take {t}")),
            ("upper_case", answer.to_uppercase()),
            ("with_unit", format!("take {t} {stones} from pile {k}")),
        ],
        near_miss,
        realistic,
    }
}

/// Small amounts in words, for the near miss a number grammar must refuse.
fn words(n: u32) -> &'static str {
    const WORDS: [&str; 10] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
    ];
    WORDS.get(n as usize).copied().unwrap_or("many")
}
