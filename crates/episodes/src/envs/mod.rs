//! The natively interactive envs, one module each.

pub mod counterfeit_coin;
pub mod find_max;
pub mod guess_number;
pub mod hidden_parity;
pub mod hidden_polynomial;
mod numbers;
pub mod twenty_questions;

/// The spare turns a level leaves beyond the optimum: 2 below level 4, 1 below 8, then none, so
/// that a harder level never allows more slack.
pub(crate) fn slack_at(level: f64) -> u32 {
    if level < 4.0 {
        2
    } else if level < 8.0 {
        1
    } else {
        0
    }
}
