//! `sudoku`: 4×4, 6×6 and 9×9 Sudoku with a unique solution proven by an exact solver, graded by
//! the techniques a logical solver needs, and verified against the givens and the rules.

mod check;
mod feedback;
mod generate;
mod logic;
mod params;
mod probes;
mod prompt;
mod search;
mod shape;
mod verify;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use self::check::check_data;
pub use self::params::{SudokuParams, TECHNIQUE_TRIES, Technique, min_givens};
pub use self::verify::{ParseError, parse_grid};
use verigym_core::env::{Env, Generated, ProbeAnswers};
use verigym_core::rng::ProblemRng;
use verigym_core::verdict::Verdict;

/// The Sudoku env.
#[derive(Clone, Copy, Debug, Default)]
pub struct Sudoku;

/// What the `sudoku` verifier needs: the puzzle and its solution, in rows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SudokuData {
    /// Side length n (4, 6 or 9); digits are 1 to n.
    pub size: u8,
    /// Rows per box (2, 2 or 3).
    pub box_rows: u8,
    /// Columns per box (2, 3 or 3).
    pub box_cols: u8,
    /// The puzzle, top row first, each row left to right; 0 marks a blank cell.
    pub givens: Vec<Vec<u8>>,
    /// The unique solution, in the same layout.
    pub solution: Vec<Vec<u8>>,
    /// How many cells are given: the target from the params, or more when no further given
    /// could be removed without losing uniqueness or exceeding the technique cap.
    pub given_count: u32,
    /// The easiest technique cap under which the logical solver completes the puzzle.
    pub technique: Technique,
}

impl Env for Sudoku {
    const ID: &'static str = "sudoku";
    const VERSION: u32 = 2;
    // v2 only widened the accepted answer forms (a superset of v1's) over the same data layout:
    // v1 records are still judged, by the v2 grammar.
    const COMPATIBLE_SINCE: u32 = 1;
    const SUMMARY: &'static str =
        "4×4, 6×6 and 9×9 Sudoku with a proven-unique solution, graded by solving technique";
    type Params = SudokuParams;
    type Data = SudokuData;

    /// The intrinsic difficulty is the exact solver's search effort: guesses (placements at a
    /// cell with two or more candidates, most constrained cell first) made to find the solution
    /// and prove there is no second one. 0 means propagation of forced cells alone suffices.
    fn generate(&self, params: &SudokuParams, rng: &mut ProblemRng) -> Generated<SudokuData> {
        let shape = shape::Shape::of(usize::from(params.size)).expect("size is validated");
        let tries = if params.require_technique {
            TECHNIQUE_TRIES
        } else {
            1
        };
        let mut p = generate::puzzle(shape, params.givens, params.technique, rng);
        for _ in 1..tries {
            if p.technique == params.technique {
                break;
            }
            let next = generate::puzzle(shape, params.givens, params.technique, rng);
            if next.technique > p.technique {
                p = next;
            }
        }
        let n = shape.n;
        let rows = |grid: &[u8]| grid[..n * n].chunks(n).map(<[u8]>::to_vec).collect();
        let mut answer = String::with_capacity(n * (n + 1));
        for (r, row) in p.solution[..n * n].chunks(n).enumerate() {
            if r > 0 {
                answer.push('\n');
            }
            answer.extend(row.iter().map(|&d| char::from(b'0' + d)));
        }
        Generated {
            prompt: prompt::render(shape, &p.givens[..n * n]),
            answer,
            difficulty: p.search_nodes,
            data: SudokuData {
                size: params.size,
                box_rows: shape.box_rows as u8,
                box_cols: shape.box_cols as u8,
                givens: rows(&p.givens),
                solution: rows(&p.solution),
                given_count: p.given_count,
                technique: p.technique,
            },
        }
    }

    fn check_data(&self, data: &SudokuData) -> Result<(), String> {
        check::check_data(data)
    }

    fn verify(&self, data: &SudokuData, response: &str) -> Verdict {
        verify::verify(data, response)
    }

    fn feedback(&self, data: &SudokuData, response: &str) -> Option<String> {
        feedback::feedback(data, response)
    }

    fn probe_answers(&self, data: &SudokuData, answer: &str, foreign: &str) -> ProbeAnswers {
        probes::probe_answers(data, answer, foreign)
    }
}
