//! The one integration-test binary; each module covers one area.

mod cli;
mod determinism;
mod golden;
mod modarith_props;
mod repos;
mod schemas;
mod support;
