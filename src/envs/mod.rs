//! The generator families. Each submodule is one registered env.

pub mod knights_knaves;
pub mod modarith;
pub mod sat;
