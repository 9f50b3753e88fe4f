//! The generator families. Each submodule is one registered env.

pub mod countdown;
pub mod modarith;
pub mod zebra;
