//! The env-agnostic core: the env trait and its object-safe view, the registry, records,
//! verdicts, answer extraction, params, the portable rng and the error type.

pub mod dyn_env;
pub mod env;
pub mod error;
pub mod extract;
pub mod normalize;
pub mod params;
pub mod record;
pub mod registry;
pub mod rng;
pub mod verdict;
