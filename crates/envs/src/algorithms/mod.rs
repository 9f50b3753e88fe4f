//! Algorithms on generated instances: answers checked for validity and optimality by certificate.

pub mod knapsack;
pub(crate) mod listing;
pub mod min_spanning_tree;
pub mod shortest_path;
pub mod topo_order;
