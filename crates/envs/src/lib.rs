//! verigym-envs: every shipped env, grouped in the families of the README, and the registry.
//!
//! Each family folder holds its envs and the answer grammar they share: `arithmetic/` (modular
//! chains, algebra and program tracing, and `steps`, the step-line reader of their process
//! rewards), `logic/` (puzzles with solver-proven unique solutions or constraint checks, and the
//! square-grid reader), `planning/` (move plans simulated against the rules, and the plan-list
//! layout), `algorithms/` (graph and optimisation problems with certificates, and the number-list
//! grammar), `games/` (games solved exactly: Sprague–Grundy values, full search) and `code/`
//! (`regex_synthesis`, `program_synthesis`, `sql`, and `repo_fix` under cargo feature `repo_fix`).
//! `forms.rs` is the layout every family's grammar peels off.
//! [`registry`] lists the shipped envs and holds [`registry::EnvSet`];
//! it is where ids are looked up. The env modules are re-exported at the root, so
//! `verigym_envs::sudoku` is the sudoku env wherever its folder is.

pub mod algorithms;
pub mod arithmetic;
pub mod code;
#[cfg(test)]
mod feedback_tests;
mod forms;
pub mod games;
pub mod logic;
pub mod planning;
pub mod registry;
mod sentence;

pub use crate::algorithms::knapsack;
pub use crate::algorithms::min_spanning_tree;
pub use crate::algorithms::shortest_path;
pub use crate::algorithms::topo_order;
pub use crate::arithmetic::bezout;
pub use crate::arithmetic::crt;
pub use crate::arithmetic::det_mod;
pub use crate::arithmetic::linear_mod;
pub use crate::arithmetic::modarith;
pub use crate::arithmetic::modexp;
pub use crate::arithmetic::program_trace;
pub use crate::code::program_synthesis;
pub use crate::code::regex_synthesis;
#[cfg(feature = "repo_fix")]
pub use crate::code::repo_fix;
pub use crate::code::sql;
pub use crate::games::nim;
pub use crate::games::tictactoe;
pub use crate::logic::binairo;
pub use crate::logic::countdown;
pub use crate::logic::cryptarithm;
pub use crate::logic::futoshiki;
pub use crate::logic::graph_coloring;
pub use crate::logic::knights_knaves;
pub use crate::logic::sat;
pub use crate::logic::sudoku;
pub use crate::logic::zebra;
pub use crate::planning::hanoi;
pub use crate::planning::maze;
pub use crate::planning::water_jugs;
