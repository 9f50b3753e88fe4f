//! The generator families. Each submodule is one registered env.

pub mod binairo;
pub mod countdown;
pub mod crt;
pub mod cryptarithm;
mod forms;
pub mod futoshiki;
pub mod graph_coloring;
mod grid_answer;
pub mod hanoi;
pub mod knapsack;
pub mod knights_knaves;
pub mod linear_mod;
mod listing;
pub mod maze;
pub mod modarith;
pub mod modexp;
mod plans;
pub mod program_trace;
#[cfg(feature = "repo")]
pub mod repo_fix;
pub mod sat;
pub mod shortest_path;
mod steps;
pub mod sudoku;
pub mod topo_order;
pub mod water_jugs;
pub mod zebra;
