//! `min_spanning_tree`: a connected weighted graph; the answer is the total weight of a minimum
//! spanning tree, which every minimum spanning tree shares, so the answer is one number. The
//! generator and the verifier compute it by Kruskal's algorithm from the record's edges.

mod check;
mod kruskal;
mod params;
mod probes;
mod prompt;
mod verify;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use self::kruskal::mst_weight;
pub use self::params::{MAX_EDGES, MAX_VERTICES, MAX_WEIGHT, MIN_VERTICES, MinSpanningTreeParams};
use verigym_core::env::{Env, Generated, ProbeAnswers};
use verigym_core::rng::ProblemRng;
use verigym_core::verdict::Verdict;

/// The minimum-spanning-tree env.
#[derive(Clone, Copy, Debug, Default)]
pub struct MinSpanningTree;

/// What the `min_spanning_tree` verifier needs: the graph and the tree's weight.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MinSpanningTreeData {
    /// Number of vertices, numbered 1 to n.
    pub vertices: u32,
    /// The undirected edges `[u, v, weight]` with u < v, in the prompt's order (by u, then v).
    pub edges: Vec<[u32; 3]>,
    /// The total weight of a minimum spanning tree: the reference answer, recomputed by the
    /// verifier.
    pub weight: u64,
}

impl Env for MinSpanningTree {
    const ID: &'static str = "min_spanning_tree";
    const VERSION: u32 = 1;
    const SUMMARY: &'static str = "the total weight of a minimum spanning tree of a random connected weighted graph, recomputed by Kruskal's algorithm";
    type Params = MinSpanningTreeParams;
    type Data = MinSpanningTreeData;

    /// The intrinsic difficulty is the number of edges beyond a tree: the choices the tree makes.
    fn generate(
        &self,
        params: &MinSpanningTreeParams,
        rng: &mut ProblemRng,
    ) -> Generated<MinSpanningTreeData> {
        let n = params.vertices;
        let edges = draw_graph(rng, params);
        let weight = mst_weight(n, &edges).expect("a spanning tree is drawn first");
        let data = MinSpanningTreeData {
            vertices: n,
            edges,
            weight,
        };
        Generated {
            prompt: prompt::render(&data),
            answer: weight.to_string(),
            difficulty: u64::from(params.edges - (n - 1)),
            data,
        }
    }

    fn check_data(&self, data: &MinSpanningTreeData) -> Result<(), String> {
        check::check_data(data)
    }

    fn verify(&self, data: &MinSpanningTreeData, response: &str) -> Verdict {
        verify::verify(data, response)
    }

    fn probe_answers(
        &self,
        data: &MinSpanningTreeData,
        answer: &str,
        foreign: &str,
    ) -> ProbeAnswers {
        probes::probe_answers(data, answer, foreign)
    }
}

/// A random connected graph: a random tree first (each vertex, in a shuffled order, joined to one
/// placed before it), then distinct extra pairs until the edge count, every weight uniform from 1
/// to `max_weight`; sorted by (u, v) for the prompt. Extra pairs are drawn from the pairs not yet
/// used, listed, so the loop always ends.
fn draw_graph(rng: &mut ProblemRng, params: &MinSpanningTreeParams) -> Vec<[u32; 3]> {
    let n = params.vertices;
    let mut order: Vec<u32> = (1..=n).collect();
    rng.shuffle(&mut order);
    let mut pairs: Vec<[u32; 2]> = Vec::with_capacity(params.edges as usize);
    for i in 1..order.len() {
        let (a, b) = (order[i], order[rng.index(i)]);
        pairs.push([a.min(b), a.max(b)]);
    }
    let mut free: Vec<[u32; 2]> = (1..=n)
        .flat_map(|u| (u + 1..=n).map(move |v| [u, v]))
        .filter(|p| !pairs.contains(p))
        .collect();
    while pairs.len() < params.edges as usize {
        let k = rng.index(free.len());
        pairs.push(free.swap_remove(k));
    }
    pairs.sort_unstable();
    pairs
        .into_iter()
        .map(|[u, v]| [u, v, rng.in_range(1, u64::from(params.max_weight)) as u32])
        .collect()
}
