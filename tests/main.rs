//! The one integration-test binary; each module covers one area.

mod cli;
mod curriculum;
mod determinism;
mod golden;
mod modarith_props;
mod schemas;
mod support;
