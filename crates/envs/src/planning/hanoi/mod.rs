//! `hanoi`: Tower of Hanoi between two arbitrary legal configurations, with 3 or 4 pegs, the goal
//! at least `min_moves` from the start. The record carries the BFS-proven optimum; the verifier
//! simulates the moves and accepts any legal sequence of exactly that length that ends in the
//! goal configuration.

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
pub use self::params::{FARTHEST_3, FARTHEST_4, HanoiParams, MAX_DISKS_3, MAX_DISKS_4, farthest};
use self::solve::Reach;
pub use self::solve::shortest_plan;
use verigym_core::env::{Env, Generated, ProbeAnswers};
use verigym_core::rng::ProblemRng;
use verigym_core::verdict::Verdict;

/// The Tower of Hanoi env.
#[derive(Clone, Copy, Debug, Default)]
pub struct Hanoi;

/// What the `hanoi` verifier needs: the pegs, both configurations and the proven optimum.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HanoiData {
    /// Number of pegs (3 or 4), numbered from 1.
    pub pegs: u32,
    /// The start configuration: entry i is the peg (from 1) of disk i + 1, disk 1 the smallest.
    /// Each peg's disks are stacked largest at the bottom.
    pub start: Vec<u8>,
    /// The goal configuration, in the same form.
    pub goal: Vec<u8>,
    /// The fewest moves from start to goal, proven by breadth-first search over all
    /// pegs^disks configurations at generation. Only plans of exactly this length are accepted.
    pub optimal: u32,
}

impl Env for Hanoi {
    const ID: &'static str = "hanoi";
    const VERSION: u32 = 2;
    // Version 2 only draws the goal differently; the data and the verifier are version 1's.
    const COMPATIBLE_SINCE: u32 = 1;
    const SUMMARY: &'static str =
        "Tower of Hanoi between arbitrary configurations; any shortest legal move sequence";
    type Params = HanoiParams;
    type Data = HanoiData;

    /// The intrinsic difficulty is the optimal number of moves.
    fn generate(&self, params: &HanoiParams, rng: &mut ProblemRng) -> Generated<HanoiData> {
        let (p, n) = (params.pegs, params.disks as usize);
        let start: Vec<u8> = (0..n).map(|_| rng.below(u64::from(p)) as u8).collect();
        // Drawing the goal among the far enough configurations, rather than redrawing until one
        // is, always ends: validation caps `min_moves` at what every start can meet.
        let reach = Reach::from(p, &start);
        let far: Vec<usize> = (0..reach.distance.len())
            .filter(|&i| u32::from(reach.distance[i]) >= params.min_moves)
            .collect();
        let goal = reach.configuration(*rng.choose(&far), n);
        let plan = reach.plan_to(&goal);
        let data = HanoiData {
            pegs: p,
            start: start.iter().map(|&q| q + 1).collect(),
            goal: goal.iter().map(|&q| q + 1).collect(),
            optimal: plan.len() as u32,
        };
        Generated {
            prompt: prompt::render(&data),
            answer: prompt::plan_text(&plan),
            difficulty: plan.len() as u64,
            data,
        }
    }

    fn check_data(&self, data: &HanoiData) -> Result<(), String> {
        check::check_data(data)
    }

    fn verify(&self, data: &HanoiData, response: &str) -> Verdict {
        verify::verify(data, response)
    }

    fn feedback(&self, data: &HanoiData, response: &str) -> Option<String> {
        feedback::feedback(data, response)
    }

    fn probe_answers(&self, data: &HanoiData, _answer: &str, _foreign: &str) -> ProbeAnswers {
        let zero = |c: &[u8]| c.iter().map(|&q| q.saturating_sub(1)).collect::<Vec<_>>();
        let plan = shortest_plan(data.pegs, &zero(&data.start), &zero(&data.goal));
        probes::probe_answers(data, &plan)
    }
}
