//! The generator families. Each submodule is one registered env.

pub mod graph_coloring;
pub mod modarith;
pub mod sudoku;
