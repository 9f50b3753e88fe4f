//! The generator families. Each submodule is one registered env.

pub mod binairo;
pub mod countdown;
pub mod cryptarithm;
mod forms;
pub mod futoshiki;
pub mod graph_coloring;
mod grid_answer;
pub mod knights_knaves;
pub mod modarith;
#[cfg(feature = "repo")]
pub mod repo_fix;
pub mod sat;
pub mod sudoku;
pub mod zebra;
