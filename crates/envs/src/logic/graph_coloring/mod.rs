//! `graph_coloring`: color a random graph with at most k colors. The graph is built around a
//! planted proper coloring, so one always exists, and the verifier accepts any proper coloring.

mod check;
mod dsatur;
mod feedback;
mod params;
mod probes;
mod prompt;
mod verify;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use self::check::check_data;
pub use self::dsatur::NODE_BUDGET;
pub use self::params::{GraphColoringParams, MAX_COLORS, MAX_VERTICES};
use verigym_core::env::{Env, Generated, ProbeAnswers};
use verigym_core::rng::ProblemRng;
use verigym_core::verdict::Verdict;

/// The graph-coloring env.
#[derive(Clone, Copy, Debug, Default)]
pub struct GraphColoring;

/// What the `graph_coloring` verifier needs: the graph and the number of colors.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GraphColoringData {
    /// Number of vertices n; vertices are numbered 1 to n.
    pub vertices: u32,
    /// Number of colors k; colors are numbered 1 to k.
    pub colors: u32,
    /// The undirected edges, each as [u, v] with 1 ≤ u < v ≤ n, in ascending order.
    pub edges: Vec<[u32; 2]>,
    /// The planted coloring: entry i is the color of vertex i + 1. It is one valid answer; the
    /// verifier does not compare with it.
    pub planted: Vec<u8>,
}

impl Env for GraphColoring {
    const ID: &'static str = "graph_coloring";
    const VERSION: u32 = 2;
    // v2 only widened the accepted answer forms (a superset of v1's) over the same data layout:
    // v1 records are still judged, by the v2 grammar.
    const COMPATIBLE_SINCE: u32 = 1;
    const SUMMARY: &'static str =
        "color a random graph with at most k colors; any proper coloring is accepted";
    type Params = GraphColoringParams;
    type Data = GraphColoringData;

    /// The intrinsic difficulty is the search effort of a DSATUR backtracking colorer: the
    /// guesses it makes before it finds a proper k-coloring, saturating at [`NODE_BUDGET`].
    fn generate(
        &self,
        params: &GraphColoringParams,
        rng: &mut ProblemRng,
    ) -> Generated<GraphColoringData> {
        let n = params.vertices as usize;
        let k = params.colors;
        // The first k vertices take each color once, so every color is used; the shuffle then
        // places those uniformly.
        let mut planted: Vec<u8> = (0..n)
            .map(|v| {
                if v < k as usize {
                    v as u8 + 1
                } else {
                    rng.below(u64::from(k)) as u8 + 1
                }
            })
            .collect();
        rng.shuffle(&mut planted);
        let mut pairs: Vec<[u16; 2]> = Vec::with_capacity(n * n / 2);
        for u in 0..n {
            for v in u + 1..n {
                if planted[u] != planted[v] {
                    pairs.push([u as u16, v as u16]);
                }
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
        let data = GraphColoringData {
            vertices: params.vertices,
            colors: k,
            edges: pairs
                .iter()
                .map(|&[u, v]| [u32::from(u) + 1, u32::from(v) + 1])
                .collect(),
            planted,
        };
        Generated {
            prompt: prompt::render(&data),
            answer: prompt::coloring_text(&data.planted),
            difficulty: dsatur::search_effort(n, k, &pairs),
            data,
        }
    }

    fn check_data(&self, data: &GraphColoringData) -> Result<(), String> {
        check::check_data(data)
    }

    fn verify(&self, data: &GraphColoringData, response: &str) -> Verdict {
        verify::verify(data, response)
    }

    fn feedback(&self, data: &GraphColoringData, response: &str) -> Option<String> {
        feedback::feedback(data, response)
    }

    fn probe_answers(
        &self,
        data: &GraphColoringData,
        answer: &str,
        _foreign: &str,
    ) -> ProbeAnswers {
        probes::probe_answers(data, answer)
    }
}
