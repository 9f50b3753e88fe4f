//! `knapsack`: choose items of a random 0/1 knapsack instance with the largest total value that
//! fits the capacity. Any optimal set is accepted; the record carries the optimum found by
//! dynamic programming, and tests re-prove it by brute force and by a second, independent DP.

mod check;
mod dp;
mod feedback;
mod params;
mod probes;
mod prompt;
mod verify;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use self::check::check_data;
pub use self::params::{KnapsackParams, MAX_ITEMS, MAX_VALUE, MAX_WEIGHT};
use verigym_core::env::{Env, Generated, ProbeAnswers};
use verigym_core::rng::ProblemRng;
use verigym_core::verdict::Verdict;

/// The knapsack env.
#[derive(Clone, Copy, Debug, Default)]
pub struct Knapsack;

/// What the `knapsack` verifier needs: the items, the capacity and the proven optimum.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct KnapsackData {
    /// Entry i is the weight of item i + 1.
    pub weights: Vec<u32>,
    /// Entry i is the value of item i + 1.
    pub values: Vec<u32>,
    /// The most total weight a chosen set may have.
    pub capacity: u32,
    /// The largest total value of a set that fits (found by dynamic programming over
    /// capacities); every correct answer reaches it.
    pub optimum: u64,
    /// One optimal set, item numbers ascending: one valid answer; the verifier does not compare
    /// with it.
    pub chosen: Vec<u32>,
}

impl Env for Knapsack {
    const ID: &'static str = "knapsack";
    const VERSION: u32 = 1;
    const SUMMARY: &'static str =
        "choose the most valuable set of items that fits a capacity; any optimal set is accepted";
    type Params = KnapsackParams;
    type Data = KnapsackData;

    /// The intrinsic difficulty is how much value the value-per-weight greedy rule leaves on the
    /// table: the optimum minus the greedy value (0 when greedy is optimal).
    fn generate(&self, params: &KnapsackParams, rng: &mut ProblemRng) -> Generated<KnapsackData> {
        let n = params.items as usize;
        let weights: Vec<u32> = (0..n)
            .map(|_| rng.in_range(1, u64::from(params.max_weight)) as u32)
            .collect();
        let values: Vec<u32> = (0..n)
            .map(|_| rng.in_range(1, u64::from(params.max_value)) as u32)
            .collect();
        let total: u32 = weights.iter().sum();
        let heaviest = weights.iter().copied().max().unwrap_or(1);
        let capacity = (total * params.capacity_percent / 100).max(heaviest);
        let (optimum, chosen) = dp::solve(&weights, &values, capacity);
        let difficulty = optimum - dp::greedy(&weights, &values, capacity);
        let data = KnapsackData {
            chosen: chosen.iter().map(|&i| i as u32 + 1).collect(),
            weights,
            values,
            capacity,
            optimum,
        };
        Generated {
            prompt: prompt::render(&data),
            answer: prompt::answer_text(&data.chosen),
            difficulty,
            data,
        }
    }

    fn check_data(&self, data: &KnapsackData) -> Result<(), String> {
        check::check_data(data)
    }

    fn verify(&self, data: &KnapsackData, response: &str) -> Verdict {
        verify::verify(data, response)
    }

    fn feedback(&self, data: &KnapsackData, response: &str) -> Option<String> {
        feedback::feedback(data, response)
    }

    fn probe_answers(&self, data: &KnapsackData, answer: &str, _foreign: &str) -> ProbeAnswers {
        probes::probe_answers(data, answer)
    }
}
