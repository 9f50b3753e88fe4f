//! The static registry of shipped envs, and [`EnvSet`]: the envs a caller looks ids up in.

use super::dyn_env::DynEnv;
use super::error::{Error, Result};
use crate::envs::binairo::Binairo;
use crate::envs::countdown::Countdown;
use crate::envs::crt::Crt;
use crate::envs::cryptarithm::Cryptarithm;
use crate::envs::futoshiki::Futoshiki;
use crate::envs::graph_coloring::GraphColoring;
use crate::envs::hanoi::Hanoi;
use crate::envs::knapsack::Knapsack;
use crate::envs::knights_knaves::KnightsKnaves;
use crate::envs::linear_mod::LinearMod;
use crate::envs::maze::Maze;
use crate::envs::modarith::ModArith;
use crate::envs::modexp::ModExp;
use crate::envs::program_trace::ProgramTrace;
#[cfg(feature = "repo")]
use crate::envs::repo_fix::RepoFix;
use crate::envs::sat::Sat;
use crate::envs::shortest_path::ShortestPath;
use crate::envs::sudoku::Sudoku;
use crate::envs::topo_order::TopoOrder;
use crate::envs::water_jugs::WaterJugs;
use crate::envs::zebra::Zebra;

static ENVS: &[&dyn DynEnv] = &[
    &ModArith,
    &KnightsKnaves,
    &Zebra,
    &Sudoku,
    &Sat,
    &GraphColoring,
    &Countdown,
    #[cfg(feature = "repo")]
    &RepoFix,
    &Futoshiki,
    &Binairo,
    &Cryptarithm,
    &WaterJugs,
    &Hanoi,
    &Maze,
    &ShortestPath,
    &Knapsack,
    &TopoOrder,
    &ModExp,
    &Crt,
    &LinearMod,
    &ProgramTrace,
];

/// Every registered env, in listing order.
pub fn envs() -> &'static [&'static dyn DynEnv] {
    ENVS
}

/// The shipped env with this id, or an error listing the ids there are. To look up your own envs
/// too, use an [`EnvSet`].
pub fn find(id: &str) -> Result<&'static dyn DynEnv> {
    lookup(ENVS.iter().copied(), id)
}

fn lookup(
    envs: impl Iterator<Item = &'static dyn DynEnv> + Clone,
    id: &str,
) -> Result<&'static dyn DynEnv> {
    envs.clone()
        .find(|env| env.id() == id)
        .ok_or_else(|| Error::UnknownEnv {
            id: id.to_owned(),
            known: envs.map(|e| e.id()).collect::<Vec<_>>().join(", "),
        })
}

/// A set of envs to look ids up in: the shipped ones, your own, or both.
///
/// Everything that resolves an env id (grading, suites, the curriculum) takes an `EnvSet`, so a
/// custom env works with them as a shipped one does. Envs are `&'static`: a custom env is a
/// `static` or a [`Box::leak`]ed value.
///
/// ```
/// use verigym::registry::EnvSet;
/// let envs = EnvSet::shipped();
/// assert_eq!(envs.find("modarith")?.id(), "modarith");
/// assert!(EnvSet::new().with(envs.find("sat")?)?.find("modarith").is_err());
/// # Ok::<(), verigym::Error>(())
/// ```
#[derive(Clone, Default)]
pub struct EnvSet {
    envs: Vec<&'static dyn DynEnv>,
}

impl EnvSet {
    /// Every shipped env (what [`envs()`] lists).
    pub fn shipped() -> Self {
        EnvSet {
            envs: ENVS.to_vec(),
        }
    }

    /// An empty set.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds an env; an error if its id is already in the set.
    pub fn with(mut self, env: &'static dyn DynEnv) -> Result<Self> {
        if self.envs.iter().any(|e| e.id() == env.id()) {
            return Err(Error::DuplicateEnv {
                id: env.id().to_owned(),
            });
        }
        self.envs.push(env);
        Ok(self)
    }

    /// The env with this id, or an error naming the id and the ids available.
    pub fn find(&self, id: &str) -> Result<&'static dyn DynEnv> {
        lookup(self.envs.iter().copied(), id)
    }

    /// The envs in insertion order.
    pub fn iter(&self) -> impl Iterator<Item = &'static dyn DynEnv> + '_ {
        self.envs.iter().copied()
    }
}

impl std::fmt::Debug for EnvSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.envs.iter().map(|e| e.id()))
            .finish()
    }
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

    #[test]
    fn env_sets_find_only_their_envs_and_refuse_duplicates() {
        let shipped = EnvSet::shipped();
        assert_eq!(
            shipped.iter().map(|e| e.id()).collect::<Vec<_>>(),
            envs().iter().map(|e| e.id()).collect::<Vec<_>>()
        );
        let sat = shipped.find("sat").unwrap();
        let one = EnvSet::new().with(sat).unwrap();
        assert_eq!(one.find("sat").unwrap().id(), "sat");
        let err = one.find("modarith").err().unwrap().to_string();
        assert!(
            err.contains("`modarith`") && err.contains("registered envs: sat"),
            "{err}"
        );
        let err = one.with(sat).err().unwrap().to_string();
        assert!(err.contains("`sat`"), "{err}");
        assert!(EnvSet::new().find("sat").is_err());
    }
}
