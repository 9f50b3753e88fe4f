//! The one integration-test binary; each module covers one area.

mod cli;
mod determinism;
mod golden;
mod kk_sat_support;
mod knights_knaves;
mod modarith_props;
mod sat;
mod schemas;
mod support;
