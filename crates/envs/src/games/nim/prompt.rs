//! The prompt text of a `nim` problem.

use std::fmt::Write;

use super::NimData;
use super::rules::Takes;

/// Renders the full prompt: the position, the rules, what a winning move is and the answer form.
pub fn render(data: &NimData) -> String {
    let n = data.piles.len();
    let mut s = String::with_capacity(700);
    let piles: Vec<String> = data
        .piles
        .iter()
        .enumerate()
        .map(|(i, p)| format!("pile {} has {p}", i + 1))
        .collect();
    // `write!` to a String cannot fail.
    // Without 1 among the amounts, a player may be stuck with stones left: then "whoever takes
    // the last stone wins" would be false, and only the first sentence is said.
    let last_stone = match &data.takes {
        Takes::Set { sizes } if !sizes.contains(&1) => "",
        _ => " (so whoever takes the last stone wins)",
    };
    let _ = write!(
        s,
        "Two players take turns removing stones from {n} piles: {}. On a turn, a player chooses \
         one pile and removes {} from it. A player who cannot move loses{last_stone}. ",
        piles.join(", "),
        rule(&data.takes)
    );
    s.push_str(
        "It is your turn, and you can force a win: give a winning move, that is, a legal move \
         after which you win however your opponent plays, provided you keep playing perfectly. \
         If there are several winning moves, any one of them is accepted. Answer with the stones \
         removed and the pile's number as <answer>take T from pile K</answer>.",
    );
    s
}

/// What a move may remove, in words.
fn rule(takes: &Takes) -> String {
    match takes {
        Takes::Any => "any positive number of stones, up to the whole pile".to_owned(),
        Takes::UpTo { max } => {
            format!("1 to {max} stones (no more than the pile holds)")
        }
        Takes::Set { sizes } => {
            let words: Vec<String> = sizes.iter().map(u32::to_string).collect();
            let (last, head) = words.split_last().expect("a set has at least two amounts");
            format!(
                "exactly {} or {last} stones (no other amount, and no more than the pile holds)",
                head.join(", ")
            )
        }
    }
}
