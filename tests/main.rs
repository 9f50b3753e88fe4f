//! The one integration-test binary; each module covers one area.

mod cli;
mod countdown;
mod determinism;
mod golden;
mod golden_bless;
mod modarith_props;
mod schemas;
mod support;
mod zebra;
