//! The one integration-test binary; each module covers one area.

mod cli;
mod determinism;
mod golden;
mod graph_coloring;
mod modarith_props;
mod pinned;
mod schemas;
mod sudoku;
mod support;
