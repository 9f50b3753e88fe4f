//! `shortest_path`: find a least-cost path between two vertices of a random weighted graph. Any
//! shortest path is accepted; the record carries the optimum with a certificate (every vertex's
//! distance) that proves it in one pass over the edges.

mod check;
mod dijkstra;
mod feedback;
mod params;
mod probes;
mod prompt;
mod verify;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use self::check::check_data;
pub use self::params::{MAX_EDGES, MAX_VERTICES, MAX_WEIGHT, ShortestPathParams};
use verigym_core::env::{Env, Generated, ProbeAnswers};
use verigym_core::rng::ProblemRng;
use verigym_core::verdict::Verdict;

/// The shortest-path env.
#[derive(Clone, Copy, Debug, Default)]
pub struct ShortestPath;

/// What the `shortest_path` verifier needs: the graph, the endpoints, and the proven optimum.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ShortestPathData {
    /// Number of vertices n; vertices are numbered 1 to n.
    pub vertices: u32,
    /// Whether an edge [u, v, w] runs only from u to v; otherwise both ways.
    pub directed: bool,
    /// The edges as [u, v, cost], sorted by (u, v), without repeats or loops; when undirected,
    /// u < v. Costs are positive.
    pub edges: Vec<[u32; 3]>,
    /// Where the path starts.
    pub source: u32,
    /// Where the path ends.
    pub target: u32,
    /// The least total cost of a path from source to target (the optimum every correct answer
    /// must reach).
    pub cost: u64,
    /// The certificate of optimality: entry i is the least cost from the source to vertex i + 1.
    /// It is 0 at the source and no edge `[u, v, w]` has `distances[v] > distances[u] + w`, so no
    /// path to the target costs less than its entry, which equals `cost`.
    pub distances: Vec<u64>,
    /// One shortest path, source first: one valid answer; the verifier does not compare with it.
    pub path: Vec<u32>,
}

impl Env for ShortestPath {
    const ID: &'static str = "shortest_path";
    const VERSION: u32 = 1;
    const SUMMARY: &'static str =
        "find a least-cost path in a weighted graph and its cost; any shortest path is accepted";
    type Params = ShortestPathParams;
    type Data = ShortestPathData;

    /// The intrinsic difficulty is the number of edges on the reference shortest path.
    fn generate(
        &self,
        params: &ShortestPathParams,
        rng: &mut ProblemRng,
    ) -> Generated<ShortestPathData> {
        let n = params.vertices as usize;
        let directed = params.directed;
        let mut order: Vec<u32> = (0..params.vertices).collect();
        rng.shuffle(&mut order);
        let mut present = vec![false; n * n];
        let mut pairs: Vec<[u32; 2]> = Vec::with_capacity(params.edges as usize);
        let mut add = |u: u32, v: u32, pairs: &mut Vec<[u32; 2]>| {
            let (u, v) = if directed {
                (u, v)
            } else {
                (u.min(v), u.max(v))
            };
            let slot = u as usize * n + v as usize;
            if u == v || present[slot] {
                return false;
            }
            present[slot] = true;
            pairs.push([u, v]);
            true
        };
        // A random tree grown out of the source reaches every vertex.
        for i in 1..n {
            let parent = order[rng.index(i)];
            add(parent, order[i], &mut pairs);
        }
        // Validation keeps `edges` at most the number of pairs, so rejection sampling ends.
        while pairs.len() < params.edges as usize {
            let u = rng.index(n) as u32;
            let v = rng.index(n) as u32;
            add(u, v, &mut pairs);
        }
        pairs.sort_unstable();
        let edges: Vec<[u32; 3]> = pairs
            .iter()
            .map(|&[u, v]| {
                [
                    u + 1,
                    v + 1,
                    rng.in_range(1, u64::from(params.max_weight)) as u32,
                ]
            })
            .collect();
        let source = order[0] + 1;
        let tree = dijkstra::solve(params.vertices, directed, &edges, source);
        // The target is the vertex whose shortest path has the most edges (ties: the farther,
        // then the lower-numbered), so the answer is as long as the graph allows.
        let target = (1..=params.vertices)
            .filter(|&v| v != source)
            .max_by_key(|&v| {
                let i = v as usize - 1;
                (tree.hops[i], tree.distances[i], std::cmp::Reverse(v))
            })
            .expect("at least three vertices");
        let path = tree.path_to(target);
        let data = ShortestPathData {
            vertices: params.vertices,
            directed,
            cost: tree.distances[target as usize - 1],
            distances: tree.distances,
            edges,
            source,
            target,
            path,
        };
        Generated {
            prompt: prompt::render(&data),
            answer: prompt::answer_text(&data.path, data.cost),
            difficulty: data.path.len() as u64 - 1,
            data,
        }
    }

    fn check_data(&self, data: &ShortestPathData) -> Result<(), String> {
        check::check_data(data)
    }

    fn verify(&self, data: &ShortestPathData, response: &str) -> Verdict {
        verify::verify(data, response)
    }

    fn feedback(&self, data: &ShortestPathData, response: &str) -> Option<String> {
        feedback::feedback(data, response)
    }

    fn probe_answers(&self, data: &ShortestPathData, answer: &str, _foreign: &str) -> ProbeAnswers {
        probes::probe_answers(data, answer)
    }
}
