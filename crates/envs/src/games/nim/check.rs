//! The invariants of a `nim` record, checked before any answer is judged: a record that breaks
//! one is a verifier error, never the model's fault.

use super::NimData;
use super::params::{PILE_MAX, PILES_MAX, PILES_MIN, TAKE_MAX};
use super::rules::{self, Takes};

/// 2 to 6 piles of 1 to 63 stones, a rule whose amounts are 2 to 9 at most (a set of 2 to 4
/// ascending distinct amounts from 1 to 9), a position that is a win for the player to move,
/// and a stored reference that is its first winning move with the stored count of them.
pub fn check_data(data: &NimData) -> Result<(), String> {
    let n = data.piles.len();
    if !(PILES_MIN as usize..=PILES_MAX as usize).contains(&n) {
        return Err(format!("{n} piles; allowed {PILES_MIN} to {PILES_MAX}"));
    }
    if let Some(p) = data.piles.iter().find(|&&p| !(1..=PILE_MAX).contains(&p)) {
        return Err(format!("a pile of {p} stones; allowed 1 to {PILE_MAX}"));
    }
    match &data.takes {
        Takes::Any => {}
        Takes::UpTo { max } => {
            if !(2..=TAKE_MAX).contains(max) {
                return Err(format!("up_to {max}; allowed 2 to {TAKE_MAX}"));
            }
        }
        Takes::Set { sizes } => {
            let ascending = sizes.windows(2).all(|w| w[0] < w[1]);
            if !(2..=4).contains(&sizes.len())
                || !ascending
                || sizes.iter().any(|&s| !(1..=TAKE_MAX).contains(&s))
            {
                return Err(format!(
                    "take set {sizes:?}; allowed 2 to 4 ascending distinct amounts from 1 to {TAKE_MAX}"
                ));
            }
        }
    }
    let largest = data.piles.iter().copied().max().unwrap_or(0);
    let g = data.takes.grundy(largest);
    let moves = rules::winning_moves(&data.piles, &data.takes, &g);
    match moves.first() {
        None => Err("the position is lost for the player to move: no move wins".to_owned()),
        Some(&first) if first != data.reference => Err(format!(
            "the stored reference (take {} from pile {}) is not the first winning move",
            data.reference.take, data.reference.pile
        )),
        Some(_) if moves.len() != data.winning_moves as usize => Err(format!(
            "the record says {} winning moves; the position has {}",
            data.winning_moves,
            moves.len()
        )),
        Some(_) => Ok(()),
    }
}
