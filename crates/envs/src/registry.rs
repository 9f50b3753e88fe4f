//! The static registry of shipped envs, and [`EnvSet`]: the envs a caller looks ids up in.

use crate::bezout::Bezout;
use crate::binairo::Binairo;
use crate::countdown::Countdown;
use crate::crt::Crt;
use crate::cryptarithm::Cryptarithm;
use crate::det_mod::DetMod;
use crate::futoshiki::Futoshiki;
use crate::graph_coloring::GraphColoring;
use crate::hanoi::Hanoi;
use crate::knapsack::Knapsack;
use crate::knights_knaves::KnightsKnaves;
use crate::linear_mod::LinearMod;
use crate::maze::Maze;
use crate::min_spanning_tree::MinSpanningTree;
use crate::modarith::ModArith;
use crate::modexp::ModExp;
use crate::nim::Nim;
use crate::program_trace::ProgramTrace;
use crate::regex_synthesis::RegexSynthesis;
#[cfg(feature = "repo_fix")]
use crate::repo_fix::RepoFix;
use crate::sat::Sat;
use crate::shortest_path::ShortestPath;
use crate::sudoku::Sudoku;
use crate::tictactoe::TicTacToe;
use crate::topo_order::TopoOrder;
use crate::water_jugs::WaterJugs;
use crate::zebra::Zebra;
use verigym_core::dyn_env::DynEnv;
use verigym_core::error::{Error, Result};

static ENVS: &[&dyn DynEnv] = &[
    &ModArith,
    &KnightsKnaves,
    &Zebra,
    &Sudoku,
    &Sat,
    &GraphColoring,
    &Countdown,
    #[cfg(feature = "repo_fix")]
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
    &DetMod,
    &Nim,
    &TicTacToe,
    &MinSpanningTree,
    &Bezout,
    &RegexSynthesis,
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
/// use verigym_envs::registry::EnvSet;
/// let envs = EnvSet::shipped();
/// assert_eq!(envs.find("modarith")?.id(), "modarith");
/// assert!(EnvSet::new().with(envs.find("sat")?)?.find("modarith").is_err());
/// # Ok::<(), verigym_core::Error>(())
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

#[cfg(test)]
mod dyn_view_tests {
    use serde_json::Map;

    use crate::registry;

    /// `DynGenerator::problem` and `owned_problem_with_jsonl` judge exactly as loading the
    /// record's JSON line does, for every env: the right answer, a wrong one, a hack (answer only
    /// in think) and no answer; and the line written beside the owned problem is the record's.
    #[test]
    fn generated_problems_judge_like_loaded_records() {
        for env in registry::envs() {
            let generator = env.generator(None, &Map::new(), 7).unwrap();
            for index in 0..12 {
                let mut line = Vec::new();
                generator.write_jsonl(index, &mut line);
                let loaded = env
                    .load_problem(std::str::from_utf8(&line).unwrap())
                    .unwrap();
                let record: serde_json::Value = serde_json::from_slice(&line).unwrap();
                let raw = generator.record_raw(index);
                assert_eq!(raw.id, record["id"].as_str().unwrap());
                assert_eq!(raw.prompt, record["prompt"].as_str().unwrap());
                let line_text = std::str::from_utf8(&line).unwrap();
                assert!(
                    line_text.contains(&format!(",\"data\":{},\"meta\":", raw.data.get())),
                    "{}: the raw data is the line's text",
                    env.id()
                );
                let mut owned_line = b"kept".to_vec();
                let owned = generator.owned_problem_with_jsonl(index, &mut owned_line);
                assert_eq!(owned_line[4..], line[..], "{} index {index}", env.id());
                let direct = generator.problem(index);
                for direct in [&*direct, &*owned] {
                    assert_eq!(direct.id(), loaded.id());
                    assert_eq!(direct.answer(), loaded.answer());
                    assert_eq!(direct.difficulty(), loaded.difficulty());
                    assert_eq!(direct.level(), loaded.level());
                    assert_eq!(direct.data_error(), None);
                }
                if loaded.verifies_in_groups() {
                    // One compile per group: covered by the env's own tests, too slow here.
                    continue;
                }
                let answer = loaded.answer().to_owned();
                for response in [
                    format!("<answer>{answer}</answer>"),
                    format!("```\n{answer}\n```"),
                    "<answer>0</answer>".to_owned(),
                    format!("<think><answer>{answer}</answer></think>"),
                    "no answer".to_owned(),
                ] {
                    let expected = loaded.verify(&response);
                    for direct in [&*direct, &*owned] {
                        assert_eq!(
                            direct.verify(&response),
                            expected,
                            "{} index {index}: {response:?}",
                            env.id()
                        );
                    }
                }
            }
        }
    }
}
