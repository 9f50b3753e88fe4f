//! Logic puzzles: unique solutions proven by the generator's solver, or constraint-checking verifiers.

pub mod binairo;
pub mod countdown;
pub mod cryptarithm;
pub mod futoshiki;
pub mod graph_coloring;
pub(crate) mod grid_answer;
pub(crate) mod grid_feedback;
pub(crate) mod grid_frame;
pub mod knights_knaves;
pub mod sat;
pub mod sudoku;
pub mod zebra;
