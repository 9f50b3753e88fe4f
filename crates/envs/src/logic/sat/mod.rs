//! `sat`: a random k-CNF formula with a planted satisfying assignment; any satisfying
//! assignment is accepted.
//!
//! The intrinsic difficulty is the number of branching decisions a plain DPLL solver (unit
//! propagation, lowest-variable branching, true first) makes before it finds a solution, capped
//! at [`DPLL_NODE_CAP`]. Planted formulas are easier than uniform random ones at the same ratio,
//! and the measure shows it: a few decisions at the defaults, tens to hundreds at level 10.

mod feedback;
mod formula;
mod params;
mod probes;
mod prompt;
mod verify;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use self::formula::{Clause, DPLL_NODE_CAP, dpll};
pub use self::params::{RATIO_MAX, SatParams, VARIABLES_MAX, VARIABLES_MIN};
pub use self::verify::parse_assignment;
use verigym_core::env::{Env, Generated, ProbeAnswers};
use verigym_core::rng::ProblemRng;
use verigym_core::verdict::Verdict;

/// The planted k-SAT env.
#[derive(Clone, Copy, Debug, Default)]
pub struct Sat;

/// What the `sat` verifier needs: the formula. The planted assignment is one solution of
/// possibly many and is not used to judge.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SatData {
    /// Number of variables, named x1 to xN.
    pub variables: u32,
    /// The clauses, ANDed together. Each is a list of DIMACS literals in variable order: `v`
    /// stands for xv and `-v` for ¬xv, and a clause holds when any of its literals does.
    pub clauses: Vec<Vec<i32>>,
    /// The planted assignment the clauses were drawn to satisfy: `planted[i]` is the value of
    /// x(i+1). The reference answer.
    pub planted: Vec<bool>,
}

impl Env for Sat {
    const ID: &'static str = "sat";
    const VERSION: u32 = 2;
    // v2 only widened the accepted answer forms over the same data layout: v1 records are still
    // judged, by the v2 grammar.
    const COMPATIBLE_SINCE: u32 = 1;
    const SUMMARY: &'static str =
        "random k-CNF with a planted solution: give any satisfying assignment";
    type Params = SatParams;
    type Data = SatData;

    /// Difficulty is the number of DPLL decisions needed to find a solution (see [`dpll`]).
    fn generate(&self, params: &SatParams, rng: &mut ProblemRng) -> Generated<SatData> {
        let (plant, clauses) = formula::planted(params, rng);
        let (difficulty, _) = dpll(&clauses);
        let planted: Vec<bool> = (0..params.variables).map(|v| plant >> v & 1 == 1).collect();
        let data = SatData {
            variables: params.variables,
            clauses: clauses.iter().map(|c| c.literals()).collect(),
            planted,
        };
        Generated {
            prompt: prompt::render(&data),
            answer: prompt::answer(&data.planted),
            difficulty,
            data,
        }
    }

    fn check_data(&self, data: &SatData) -> Result<(), String> {
        check_formula(data)
    }

    fn verify(&self, data: &SatData, response: &str) -> Verdict {
        verify::verify(data, response)
    }

    fn feedback(&self, data: &SatData, response: &str) -> Option<String> {
        feedback::feedback(data, response)
    }

    fn probe_answers(&self, data: &SatData, answer: &str, foreign: &str) -> ProbeAnswers {
        probes::probe_answers(data, answer, foreign)
    }
}

/// A record's invariants: a variable count the verifier can hold, clauses over those variables,
/// and a planted assignment that satisfies every clause, so the formula is satisfiable.
fn check_formula(data: &SatData) -> Result<(), String> {
    let n = data.variables;
    if !(VARIABLES_MIN..=VARIABLES_MAX).contains(&n) {
        return Err(format!(
            "{n} variables; a record has {VARIABLES_MIN} to {VARIABLES_MAX}"
        ));
    }
    if data.planted.len() != n as usize {
        return Err(format!(
            "{} planted values for {n} variables",
            data.planted.len()
        ));
    }
    for (i, clause) in (1..).zip(&data.clauses) {
        if clause.is_empty() {
            return Err(format!("clause {i} is empty"));
        }
        if let Some(lit) = clause.iter().find(|l| **l == 0 || l.unsigned_abs() > n) {
            return Err(format!("clause {i} has literal {lit}, outside ±1..={n}"));
        }
        if !clause
            .iter()
            .any(|&l| data.planted[l.unsigned_abs() as usize - 1] == (l > 0))
        {
            return Err(format!("the planted assignment breaks clause {i}"));
        }
    }
    Ok(())
}
