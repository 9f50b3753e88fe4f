//! Algorithms on generated instances: answers checked for validity and optimality by certificate.

pub mod knapsack;
pub(crate) mod listing;
pub mod shortest_path;
pub mod topo_order;
