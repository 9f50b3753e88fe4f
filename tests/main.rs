//! The one integration-test binary; each module covers one area.

mod agent;
mod audit;
mod audit_crates;
mod cli;
mod countdown;
mod curriculum;
mod determinism;
mod env_set;
mod eval;
mod fuzz;
mod golden;
mod graph_coloring;
mod knights_knaves;
mod modarith_props;
mod probe;
mod readme;
mod realistic;
mod records;
mod repo_fix;
mod repo_fix_attacks;
mod repo_fix_runner;
mod repos;
mod sat;
mod schemas;
#[cfg(feature = "serve")]
mod serve;
mod sudoku;
mod suites;
mod support;
mod zebra;
