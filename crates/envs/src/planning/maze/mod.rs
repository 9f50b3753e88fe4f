//! `maze`: a shortest path through a grid maze. The record carries the BFS-proven optimum; the
//! verifier walks the path (moves or squares) and accepts any path of exactly that length from S
//! to G.

mod carve;
mod check;
mod feedback;
mod params;
mod probes;
mod prompt;
mod verify;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use self::check::check_data;
pub use self::params::{MAX_CELLS, MazeParams};
use verigym_core::env::{Env, Generated, ProbeAnswers};
use verigym_core::rng::ProblemRng;
use verigym_core::verdict::Verdict;

/// The maze env.
#[derive(Clone, Copy, Debug, Default)]
pub struct Maze;

/// What the `maze` verifier needs: the grid, both ends and the proven optimum.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MazeData {
    /// The grid, top row first: `#` wall, `.` floor, `S` start, `G` goal.
    pub grid: Vec<String>,
    /// S as [row, column], both from 1 (row 1 at the top, column 1 at the left).
    pub start: [u32; 2],
    /// G as [row, column].
    pub goal: [u32; 2],
    /// The fewest moves from S to G, proven by breadth-first search at generation. Only paths of
    /// exactly this length are accepted.
    pub optimal: u32,
}

impl Env for Maze {
    const ID: &'static str = "maze";
    const VERSION: u32 = 1;
    const SUMMARY: &'static str = "a shortest path through a grid maze; any shortest path accepted";
    type Params = MazeParams;
    type Data = MazeData;

    /// The intrinsic difficulty is the shortest path's length.
    fn generate(&self, params: &MazeParams, rng: &mut ProblemRng) -> Generated<MazeData> {
        let (w, h) = (params.width as usize, params.height as usize);
        let grid = carve::Grid::carve(w, h, params.loop_percent, rng);
        let cols = grid.cols;
        let cell = |i: usize| (2 * (i / w) + 1) * cols + 2 * (i % w) + 1;
        let start = cell(rng.index(w * h));
        let (dist, via) = grid.bfs(start);
        // G: a cell at least three quarters as far as the farthest one, so paths are long.
        let far = (0..w * h).map(|i| dist[cell(i)]).max().unwrap_or(0);
        let candidates: Vec<usize> = (0..w * h)
            .map(cell)
            .filter(|&at| dist[at] * 4 >= far * 3 && dist[at] > 0)
            .collect();
        let goal = *rng.choose(&candidates);
        let answer = grid.path(&via, &dist, goal);
        let mut rows: Vec<Vec<u8>> = (0..grid.rows)
            .map(|r| {
                (0..cols)
                    .map(|c| if grid.wall[r * cols + c] { b'#' } else { b'.' })
                    .collect()
            })
            .collect();
        rows[start / cols][start % cols] = b'S';
        rows[goal / cols][goal % cols] = b'G';
        let at = |i: usize| [(i / cols) as u32 + 1, (i % cols) as u32 + 1];
        let data = MazeData {
            grid: rows
                .into_iter()
                .map(|r| String::from_utf8(r).expect("ASCII grid"))
                .collect(),
            start: at(start),
            goal: at(goal),
            optimal: dist[goal],
        };
        Generated {
            prompt: prompt::render(&data),
            answer,
            difficulty: u64::from(dist[goal]),
            data,
        }
    }

    fn check_data(&self, data: &MazeData) -> Result<(), String> {
        check::check_data(data)
    }

    fn verify(&self, data: &MazeData, response: &str) -> Verdict {
        verify::verify(data, response)
    }

    fn feedback(&self, data: &MazeData, response: &str) -> Option<String> {
        feedback::feedback(data, response)
    }

    fn probe_answers(&self, data: &MazeData, answer: &str, _foreign: &str) -> ProbeAnswers {
        probes::probe_answers(data, answer)
    }
}
