//! The generator families. Each submodule is one registered env.

pub mod modarith;
pub mod sudoku;
