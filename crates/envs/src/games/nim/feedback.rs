//! What a careful grader says about a wrong `nim` move, from the piles, the rule and the response
//! only (never the stored reference move or the count of winning moves): the pile that does not
//! exist, the rule the amount breaks, or, for a legal move that does not win, only that the
//! opponent then has a winning move, never which one or which move would have won.

use super::NimData;
use super::rules::{self, Takes};
use verigym_core::extract::extract_agreed_answer;

/// The sentence naming why `response`'s move does not win, or `None` for a right or unreadable one.
pub fn feedback(data: &NimData, response: &str) -> Option<String> {
    let answer = extract_agreed_answer(response, |r| super::verify::verify(data, r)).ok()?;
    let m = super::verify::parse_move(&crate::forms::strip_emphasis(&answer))?;
    let n = data.piles.len();
    let Some(&pile) = data.piles.get((m.pile as usize).wrapping_sub(1)) else {
        return Some(format!(
            "There is no pile {}; the piles are 1 to {n}.",
            m.pile
        ));
    };
    if !data.takes.allows(pile, m.take) {
        return Some(if m.take > pile {
            format!("Pile {} has only {pile} stones.", m.pile)
        } else {
            match &data.takes {
                Takes::UpTo { max } => format!("A move takes 1 to {max} stones."),
                Takes::Set { sizes } => {
                    let words: Vec<String> = sizes.iter().map(u32::to_string).collect();
                    format!("A move takes exactly one of {} stones.", words.join(", "))
                }
                Takes::Any => "A move takes at least 1 stone.".to_owned(),
            }
        });
    }
    let mut after = data.piles.clone();
    after[m.pile as usize - 1] -= m.take;
    let largest = data.piles.iter().copied().max().unwrap_or(0);
    let g = data.takes.grundy(largest);
    (rules::value(&after, &g) != 0)
        .then(|| "After that move your opponent has a winning move.".to_owned())
}

#[cfg(test)]
mod tests {
    use super::super::rules::Move;
    use super::super::{Nim, NimData};
    use crate::feedback_tests::{assert_public_only, problems, tagged};
    use verigym_core::env::Env;

    /// Blinding the reference move and the winning-move count changes nothing said.
    #[test]
    fn feedback_reads_only_the_position_and_the_response() {
        let said = assert_public_only(&Nim, |d: &mut NimData| {
            d.reference = Move { pile: 1, take: 1 };
            d.winning_moves = 0;
        });
        assert!(said.iter().any(|s| s.starts_with("There is no pile")));
    }

    #[test]
    fn each_kind_of_wrong_move_is_named() {
        for (data, _) in problems(&Nim) {
            let n = data.piles.len();
            let said = Nim.feedback(&data, &tagged(&format!("take 1 from pile {}", n + 1)));
            assert_eq!(
                said.unwrap(),
                format!("There is no pile {}; the piles are 1 to {n}.", n + 1)
            );
            let too_many = data.piles[0] + 1;
            let said = Nim.feedback(&data, &tagged(&format!("take {too_many} from pile 1")));
            assert!(said.unwrap().ends_with(" stones."));
            let right = Nim.feedback(
                &data,
                &tagged(&format!(
                    "take {} from pile {}",
                    data.reference.take, data.reference.pile
                )),
            );
            assert_eq!(right, None);
        }
    }
}
