//! The natively interactive envs, one module each.

pub mod counterfeit_coin;
pub mod find_max;
pub mod guess_number;
pub mod hidden_parity;
pub mod hidden_polynomial;
mod numbers;
pub mod twenty_questions;
