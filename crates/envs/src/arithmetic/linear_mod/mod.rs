//! `linear_mod`: a square linear system modulo a prime with exactly one solution. The generator
//! proves the matrix invertible modulo p (Gaussian elimination), and the verifier checks the
//! answer against the equations, never against a stored string.

mod check;
mod matrix;
mod params;
mod probes;
mod prompt;
mod verify;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use self::params::{LinearModParams, NAMES, UNKNOWNS_MAX, UNKNOWNS_MIN};
use verigym_core::env::{Env, Generated, ProbeAnswers};
use verigym_core::rng::ProblemRng;
use verigym_core::verdict::Verdict;

/// The linear-system-modulo-a-prime env.
#[derive(Clone, Copy, Debug, Default)]
pub struct LinearMod;

/// What the `linear_mod` verifier needs: the system and its solution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LinearModData {
    /// The prime modulus p.
    pub modulus: u64,
    /// The coefficient matrix, one row per equation; entry j of a row multiplies unknown j
    /// (x, y, z, w, u, v in order). Square and invertible modulo p.
    pub coefficients: Vec<Vec<u64>>,
    /// The right-hand side of each equation.
    pub rhs: Vec<u64>,
    /// The unique solution, in unknown order. It is the reference answer; the verifier checks the
    /// equations instead.
    pub solution: Vec<u64>,
}

impl Env for LinearMod {
    const ID: &'static str = "linear_mod";
    const VERSION: u32 = 1;
    const SUMMARY: &'static str = "a square linear system modulo a prime with a unique solution, checked against the equations";
    type Params = LinearModParams;
    type Data = LinearModData;

    /// The intrinsic difficulty is the number of nonzero coefficients: the terms a solver has to
    /// eliminate.
    fn generate(&self, params: &LinearModParams, rng: &mut ProblemRng) -> Generated<LinearModData> {
        let (n, p) = (params.unknowns as usize, params.modulus);
        let solution: Vec<u64> = (0..n).map(|_| rng.below(p)).collect();
        let coefficients = draw_invertible(rng, n, p);
        let rhs = coefficients
            .iter()
            .map(|row| matrix::dot(row, &solution, p))
            .collect();
        let data = LinearModData {
            modulus: p,
            coefficients,
            rhs,
            solution,
        };
        let nonzero = data.coefficients.iter().flatten().filter(|&&a| a != 0);
        Generated {
            prompt: prompt::render(&data),
            answer: verify::render_answer(&data.solution),
            difficulty: nonzero.count() as u64,
            data,
        }
    }

    fn check_data(&self, data: &LinearModData) -> Result<(), String> {
        check::check_data(data)
    }

    fn verify(&self, data: &LinearModData, response: &str) -> Verdict {
        verify::verify(data, response)
    }

    fn probe_answers(&self, data: &LinearModData, answer: &str, foreign: &str) -> ProbeAnswers {
        probes::probe_answers(data, answer, foreign)
    }
}

/// A uniformly random n×n matrix modulo p, redrawn until it is invertible (the rank test is the
/// proof of a unique solution). A random matrix is singular with probability below 1/(p − 1)
/// (at most 1/2 for p = 3), so 64 draws essentially always suffice; should they not, the product
/// of a random unit lower and a random unit upper triangular matrix, invertible by construction,
/// is used, so generation always ends.
fn draw_invertible(rng: &mut ProblemRng, n: usize, p: u64) -> Vec<Vec<u64>> {
    for _ in 0..64 {
        let rows: Vec<Vec<u64>> = (0..n)
            .map(|_| (0..n).map(|_| rng.below(p)).collect())
            .collect();
        if matrix::is_invertible(&rows, p) {
            return rows;
        }
    }
    let lower: Vec<Vec<u64>> = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| match j.cmp(&i) {
                    std::cmp::Ordering::Less => rng.below(p),
                    std::cmp::Ordering::Equal => 1,
                    std::cmp::Ordering::Greater => 0,
                })
                .collect()
        })
        .collect();
    let upper: Vec<Vec<u64>> = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| match j.cmp(&i) {
                    std::cmp::Ordering::Less => 0,
                    std::cmp::Ordering::Equal => 1,
                    std::cmp::Ordering::Greater => rng.below(p),
                })
                .collect()
        })
        .collect();
    (0..n)
        .map(|i| {
            (0..n)
                .map(|j| {
                    let column: Vec<u64> = upper.iter().map(|row| row[j]).collect();
                    matrix::dot(&lower[i], &column, p)
                })
                .collect()
        })
        .collect()
}
