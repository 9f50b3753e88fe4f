//! The one integration-test binary; each module covers one area.

mod audit;
mod cli;
mod determinism;
mod golden;
mod modarith_props;
mod schemas;
mod support;
