//! Planning: a plan of moves, simulated against the rules and compared with the proven optimum.

pub mod hanoi;
pub mod maze;
pub(crate) mod plans;
pub mod water_jugs;
