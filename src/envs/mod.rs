//! The generator families. Each submodule is one registered env.

pub mod countdown;
mod forms;
pub mod graph_coloring;
pub mod knapsack;
pub mod knights_knaves;
mod listing;
pub mod modarith;
#[cfg(feature = "repo")]
pub mod repo_fix;
pub mod sat;
pub mod shortest_path;
pub mod sudoku;
pub mod topo_order;
pub mod zebra;
