//! The generator families. Each submodule is one registered env.

pub mod countdown;
pub mod crt;
mod forms;
pub mod graph_coloring;
pub mod knights_knaves;
pub mod linear_mod;
pub mod modarith;
pub mod modexp;
pub mod program_trace;
#[cfg(feature = "repo")]
pub mod repo_fix;
pub mod sat;
mod steps;
pub mod sudoku;
pub mod zebra;
