//! `topo_order`: order numbered tasks so that every dependency comes first. The dependency graph
//! is built forward along a hidden random order, so it is acyclic by construction; any valid
//! order is accepted, or, in the lexicographic mode, only the smallest one.

mod check;
mod feedback;
mod kahn;
mod params;
mod probes;
mod prompt;
mod verify;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use self::check::check_data;
pub use self::params::{MAX_TASKS, TopoOrderParams};
use verigym_core::env::{Env, Generated, ProbeAnswers};
use verigym_core::rng::ProblemRng;
use verigym_core::verdict::Verdict;

/// The topological-order env.
#[derive(Clone, Copy, Debug, Default)]
pub struct TopoOrder;

/// What the `topo_order` verifier needs: the tasks, the dependencies and the mode.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TopoOrderData {
    /// Number of tasks n; tasks are numbered 1 to n.
    pub tasks: u32,
    /// The dependencies, each [a, b]: task a must come before task b; sorted and distinct.
    pub dependencies: Vec<[u32; 2]>,
    /// Whether only the lexicographically smallest valid order is accepted.
    pub lexicographic: bool,
    /// The lexicographically smallest valid order: the one answer in the lexicographic mode,
    /// one valid answer otherwise (the verifier then checks constraints, not this).
    pub order: Vec<u32>,
}

impl Env for TopoOrder {
    const ID: &'static str = "topo_order";
    const VERSION: u32 = 1;
    const SUMMARY: &'static str = "order tasks so every dependency comes first; any valid order (or the smallest) is accepted";
    type Params = TopoOrderParams;
    type Data = TopoOrderData;

    /// The intrinsic difficulty is the number of dependencies to respect.
    fn generate(&self, params: &TopoOrderParams, rng: &mut ProblemRng) -> Generated<TopoOrderData> {
        let n = params.tasks;
        let mut hidden: Vec<u32> = (1..=n).collect();
        rng.shuffle(&mut hidden);
        let mut pairs: Vec<[u32; 2]> = Vec::with_capacity((n * (n - 1) / 2) as usize);
        for i in 0..n as usize {
            for j in i + 1..n as usize {
                pairs.push([hidden[i], hidden[j]]);
            }
        }
        let m = (pairs.len() * params.edge_percent as usize / 100).max(1);
        // A partial Fisher-Yates shuffle picks m distinct pairs uniformly.
        for i in 0..m {
            let j = i + rng.index(pairs.len() - i);
            pairs.swap(i, j);
        }
        pairs.truncate(m);
        pairs.sort_unstable();
        let order = kahn::order(n, &pairs, false).expect("edges follow the hidden order");
        let data = TopoOrderData {
            tasks: n,
            dependencies: pairs,
            lexicographic: params.lexicographic,
            order,
        };
        Generated {
            prompt: prompt::render(&data),
            answer: prompt::answer_text(&data.order),
            difficulty: m as u64,
            data,
        }
    }

    fn check_data(&self, data: &TopoOrderData) -> Result<(), String> {
        check::check_data(data)
    }

    fn verify(&self, data: &TopoOrderData, response: &str) -> Verdict {
        verify::verify(data, response)
    }

    fn feedback(&self, data: &TopoOrderData, response: &str) -> Option<String> {
        feedback::feedback(data, response)
    }

    fn probe_answers(&self, data: &TopoOrderData, answer: &str, _foreign: &str) -> ProbeAnswers {
        probes::probe_answers(data, answer)
    }
}
