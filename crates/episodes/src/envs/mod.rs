//! The natively interactive envs, one module each.

pub mod counterfeit_coin;
pub mod guess_number;
pub mod hidden_polynomial;
pub mod twenty_questions;
