//! `water_jugs`: measure a target amount with unmarked jugs in the fewest fill, empty and pour
//! moves. The record carries the BFS-proven optimum; the verifier simulates the plan and accepts
//! any working plan of exactly that length.

mod check;
mod feedback;
mod params;
mod probes;
mod prompt;
mod solve;
mod verify;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use self::check::check_data;
pub use self::params::{MAX_CAPACITY, MAX_JUGS, MAX_MIN_MOVES, WaterJugsParams};
pub use self::solve::{Move, Search, all_moves, apply};
use verigym_core::env::{Env, Generated, ProbeAnswers};
use verigym_core::rng::ProblemRng;
use verigym_core::verdict::Verdict;

/// The water-jugs env.
#[derive(Clone, Copy, Debug, Default)]
pub struct WaterJugs;

/// What the `water_jugs` verifier needs: the jugs, the target and the proven optimum.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WaterJugsData {
    /// Capacity of each jug in litres, distinct; jug i is named by the i-th letter (A, B, C).
    /// Every jug starts empty.
    pub capacities: Vec<u32>,
    /// The amount some jug must hold after the last move.
    pub target: u32,
    /// The fewest moves that reach the target, proven by breadth-first search over every jug
    /// state at generation. Only plans of exactly this length are accepted.
    pub optimal: u32,
}

/// Capacity draws tried before settling for the hardest target found.
const TRIES: u32 = 32;

impl Env for WaterJugs {
    const ID: &'static str = "water_jugs";
    const VERSION: u32 = 1;
    const SUMMARY: &'static str =
        "measure an amount with unmarked jugs; any shortest fill/empty/pour plan is accepted";
    type Params = WaterJugsParams;
    type Data = WaterJugsData;

    /// The intrinsic difficulty is the optimal plan length.
    fn generate(&self, params: &WaterJugsParams, rng: &mut ProblemRng) -> Generated<WaterJugsData> {
        let k = params.jugs as usize;
        // (capacities, target, optimum) of the hardest target seen, for the fallback.
        let mut hardest: Option<(Vec<u32>, u32, u32)> = None;
        let mut chosen = None;
        for _ in 0..TRIES {
            // Distinct capacities from 2..=max_capacity: a partial shuffle of the range.
            let mut pool: Vec<u32> = (2..=params.max_capacity).collect();
            for i in 0..k {
                let j = i + rng.index(pool.len() - i);
                pool.swap(i, j);
            }
            let capacities = pool[..k].to_vec();
            let best = Search::new(&capacities).fewest_moves();
            let candidates: Vec<(u32, u32)> = best
                .iter()
                .enumerate()
                .skip(1)
                .filter_map(|(t, d)| d.map(|d| (t as u32, d)))
                .collect();
            if let Some(&(t, d)) = candidates.iter().max_by_key(|&&(t, d)| (d, u32::MAX - t))
                && hardest.as_ref().is_none_or(|h| d > h.2)
            {
                hardest = Some((capacities.clone(), t, d));
            }
            let fit: Vec<(u32, u32)> = candidates
                .into_iter()
                .filter(|&(_, d)| d >= params.min_moves)
                .collect();
            if !fit.is_empty() {
                let (t, d) = *rng.choose(&fit);
                chosen = Some((capacities, t, d));
                break;
            }
        }
        let (capacities, target, optimal) = chosen
            .or(hardest)
            .expect("every capacity set reaches its own capacities");
        let plan = Search::new(&capacities)
            .plan(target)
            .expect("the target was reached by the search");
        let data = WaterJugsData {
            capacities,
            target,
            optimal,
        };
        Generated {
            prompt: prompt::render(&data),
            answer: prompt::plan_text(&plan),
            difficulty: u64::from(optimal),
            data,
        }
    }

    fn check_data(&self, data: &WaterJugsData) -> Result<(), String> {
        check::check_data(data)
    }

    fn verify(&self, data: &WaterJugsData, response: &str) -> Verdict {
        verify::verify(data, response)
    }

    fn feedback(&self, data: &WaterJugsData, response: &str) -> Option<String> {
        feedback::feedback(data, response)
    }

    fn probe_answers(&self, data: &WaterJugsData, _answer: &str, _foreign: &str) -> ProbeAnswers {
        match Search::new(&data.capacities).plan(data.target) {
            Some(plan) => probes::probe_answers(data, &plan),
            None => ProbeAnswers::default(),
        }
    }
}
