//! The static registry: every shipped env, found by id.

use super::dyn_env::DynEnv;
use super::error::{Error, Result};
use crate::envs::countdown::Countdown;
use crate::envs::graph_coloring::GraphColoring;
use crate::envs::knights_knaves::KnightsKnaves;
use crate::envs::modarith::ModArith;
use crate::envs::repo_fix::RepoFix;
use crate::envs::sat::Sat;
use crate::envs::sudoku::Sudoku;
use crate::envs::zebra::Zebra;

static ENVS: &[&dyn DynEnv] = &[
    &ModArith,
    &KnightsKnaves,
    &Zebra,
    &Sudoku,
    &Sat,
    &GraphColoring,
    &Countdown,
    &RepoFix,
];

/// Every registered env, in listing order.
pub fn envs() -> &'static [&'static dyn DynEnv] {
    ENVS
}

/// The env with this id, or an error listing the ids there are.
pub fn find(id: &str) -> Result<&'static dyn DynEnv> {
    ENVS.iter()
        .copied()
        .find(|env| env.id() == id)
        .ok_or_else(|| Error::UnknownEnv {
            id: id.to_owned(),
            known: ENVS.iter().map(|e| e.id()).collect::<Vec<_>>().join(", "),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_found() {
        for (i, env) in envs().iter().enumerate() {
            assert!(envs()[..i].iter().all(|other| other.id() != env.id()));
            assert_eq!(find(env.id()).unwrap().id(), env.id());
        }
    }

    #[test]
    fn unknown_env_names_the_known_ones() {
        let err = find("nope").err().unwrap().to_string();
        assert!(err.contains("`nope`") && err.contains("modarith"), "{err}");
    }
}
