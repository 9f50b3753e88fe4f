//! The `nim` verifier: one move, played on the position, judged by the value it leaves.
//!
//! **Answer form.** After extraction and the core's normalisation, Markdown emphasis and code
//! marks are dropped and case is ignored; the answer is one move, either `take T from pile K` or
//! `pile K: take T` (`remove` for `take`, an optional `stone`/`stones` after T, `,` for `:`).
//! Anything else (a second move, prose, a move without its pile) is unparsable.
//!
//! **Judging.** The pile must exist and the amount be legal under the rule; the move is then
//! played and the position's Grundy value computed afresh from the record's piles and rule. A
//! value of 0 (the opponent to move, and lost) is right; any other is wrong. No stored move is
//! compared, so every winning move scores alike.

use super::NimData;
use super::rules::{self, Move, Takes};
use crate::forms::strip_emphasis;
use verigym_core::extract::extract_agreed_answer;
use verigym_core::verdict::{Reason, Verdict};

/// The reference answer: `take 3 from pile 2`.
pub fn render_answer(m: Move) -> String {
    format!("take {} from pile {}", m.take, m.pile)
}

/// Judges a response: one move, legal, leaving a lost position to the opponent.
pub fn verify(data: &NimData, response: &str) -> Verdict {
    let answer = match extract_agreed_answer(response, |r| verify(data, r)) {
        Ok(answer) => answer,
        Err(rejection) => return rejection.into(),
    };
    let m = match parse_move(&strip_emphasis(&answer)) {
        Some(m) => m,
        None => {
            return Verdict::rejected(
                Reason::UnparsableAnswer,
                "a move reads `take T from pile K` (or `pile K: take T`), one move only",
            );
        }
    };
    judge(data, m)
}

/// Plays `m` on the record's position.
fn judge(data: &NimData, m: Move) -> Verdict {
    let n = data.piles.len();
    let Some(&pile) = data.piles.get((m.pile as usize).wrapping_sub(1)) else {
        return Verdict::wrong(format!(
            "there is no pile {}; the piles are 1 to {n}",
            m.pile
        ));
    };
    if !data.takes.allows(pile, m.take) {
        let why = if m.take > pile {
            format!("pile {} has only {pile} stones", m.pile)
        } else {
            match &data.takes {
                Takes::UpTo { max } => format!("a move takes 1 to {max} stones"),
                Takes::Set { sizes } => format!("a move takes one of {sizes:?} stones"),
                Takes::Any => "a move takes at least 1 stone".to_owned(),
            }
        };
        return Verdict::wrong(format!(
            "taking {} from pile {} is not a legal move: {why}",
            m.take, m.pile
        ));
    }
    let mut after = data.piles.clone();
    after[m.pile as usize - 1] -= m.take;
    let largest = data.piles.iter().copied().max().unwrap_or(0);
    let g = data.takes.grundy(largest);
    if rules::value(&after, &g) == 0 {
        Verdict::correct()
    } else {
        Verdict::wrong(format!(
            "after taking {} from pile {} your opponent has a winning move",
            m.take, m.pile
        ))
    }
}

/// `take T [stones] from pile K` or `pile K: take T [stones]`, any case.
pub(super) fn parse_move(text: &str) -> Option<Move> {
    let spaced = text.replace([':', ','], " : ").to_lowercase();
    let words: Vec<&str> = spaced.split_whitespace().collect();
    let verb = |w: &str| w == "take" || w == "remove";
    let count = |w: &str| -> Option<u32> {
        (!w.is_empty() && w.len() <= 4 && w.bytes().all(|b| b.is_ascii_digit()))
            .then(|| w.parse().ok())
            .flatten()
    };
    let unit = |w: Option<&&str>| matches!(w.copied(), Some("stone" | "stones"));
    match words.as_slice() {
        [v, t, rest @ ..] if verb(v) => {
            let rest = if unit(rest.first()) { &rest[1..] } else { rest };
            match rest {
                ["from", "pile", k] => Some(Move {
                    pile: count(k)?,
                    take: count(t)?,
                }),
                _ => None,
            }
        }
        ["pile", k, ":", v, t, rest @ ..]
            if verb(v) && (rest.is_empty() || (rest.len() == 1 && unit(rest.first()))) =>
        {
            Some(Move {
                pile: count(k)?,
                take: count(t)?,
            })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_two_move_forms_and_nothing_else() {
        let m = |pile, take| Some(Move { pile, take });
        for (text, want) in [
            ("take 3 from pile 2", m(2, 3)),
            ("Remove 1 stone from Pile 4", m(4, 1)),
            ("take 12 stones from pile 1", m(1, 12)),
            ("pile 2: take 3", m(2, 3)),
            ("Pile 2, remove 3 stones", m(2, 3)),
            ("take 3 from pile 2 or take 1 from pile 1", None),
            ("take 3", None),
            ("pile 2", None),
            ("3 from pile 2", None),
            ("take -3 from pile 2", None),
            ("take 3 from pile 2 first", None),
            ("take 99999 from pile 2", None),
            ("take three from pile 2", None),
            ("", None),
        ] {
            assert_eq!(parse_move(text), want, "{text}");
        }
    }
}
