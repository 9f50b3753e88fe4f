//! Arithmetic: modular chains, modular algebra and program tracing, with exact step checks.

pub mod bezout;
pub mod crt;
pub mod det_mod;
pub mod linear_mod;
pub mod modarith;
pub mod modexp;
pub(crate) mod named_value;
pub mod program_trace;
pub(crate) mod steps;
