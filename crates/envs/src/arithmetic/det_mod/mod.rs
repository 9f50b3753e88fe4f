//! `det_mod`: the determinant of a square integer matrix modulo a prime. The generator computes
//! it by Gaussian elimination modulo p and draws only nonsingular matrices, so the answer is never
//! 0; the verifier recomputes the determinant from the stored matrix.

mod check;
mod matrix;
mod params;
mod probes;
mod prompt;
mod verify;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use self::matrix::{det_integer, det_mod};
pub use self::params::{DetModParams, SIZE_MAX, SIZE_MIN};
use verigym_core::env::{Env, Generated, ProbeAnswers};
use verigym_core::rng::ProblemRng;
use verigym_core::verdict::Verdict;

/// The determinant-modulo-a-prime env.
#[derive(Clone, Copy, Debug, Default)]
pub struct DetMod;

/// What the `det_mod` verifier needs: the matrix, the modulus and the determinant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DetModData {
    /// The prime modulus p.
    pub modulus: u64,
    /// The matrix A, one row per entry; square, every entry from 0 to p − 1, nonsingular modulo p.
    pub matrix: Vec<Vec<u64>>,
    /// det(A) mod p, from 1 to p − 1: the reference answer. The verifier recomputes it from the
    /// matrix, and the record check rejects a record where the two differ.
    pub determinant: u64,
}

impl Env for DetMod {
    const ID: &'static str = "det_mod";
    const VERSION: u32 = 1;
    const SUMMARY: &'static str =
        "the determinant of a square matrix modulo a prime, recomputed from the matrix";
    type Params = DetModParams;
    type Data = DetModData;

    /// The intrinsic difficulty is the number of nonzero entries: the terms elimination has to
    /// clear.
    fn generate(&self, params: &DetModParams, rng: &mut ProblemRng) -> Generated<DetModData> {
        let (n, p) = (params.size as usize, params.modulus);
        let matrix = draw_nonsingular(rng, n, p);
        let determinant = det_mod(&matrix, p);
        let data = DetModData {
            modulus: p,
            matrix,
            determinant,
        };
        let nonzero = data.matrix.iter().flatten().filter(|&&a| a != 0);
        Generated {
            prompt: prompt::render(&data),
            answer: determinant.to_string(),
            difficulty: nonzero.count() as u64,
            data,
        }
    }

    fn check_data(&self, data: &DetModData) -> Result<(), String> {
        check::check_data(data)
    }

    fn verify(&self, data: &DetModData, response: &str) -> Verdict {
        verify::verify(data, response)
    }

    fn probe_answers(&self, data: &DetModData, answer: &str, foreign: &str) -> ProbeAnswers {
        probes::probe_answers(data, answer, foreign)
    }
}

/// A uniformly random n×n matrix modulo p, redrawn until its determinant is nonzero, so the
/// answer is never 0 and no zero row or column gives it away: the result is uniform over the
/// nonsingular matrices. A random matrix is singular with probability below 1/(p − 1) (at most
/// 1/6 for p = 7, the smallest modulus the levels use), so 64 draws essentially always suffice;
/// should they not, the product of a random unit lower triangular matrix and a random upper
/// triangular one with a nonzero diagonal, nonsingular by construction, is used, so generation
/// always ends.
fn draw_nonsingular(rng: &mut ProblemRng, n: usize, p: u64) -> Vec<Vec<u64>> {
    for _ in 0..64 {
        let rows: Vec<Vec<u64>> = (0..n)
            .map(|_| (0..n).map(|_| rng.below(p)).collect())
            .collect();
        if det_mod(&rows, p) != 0 {
            return rows;
        }
    }
    let triangle = |rng: &mut ProblemRng, lower: bool| -> Vec<Vec<u64>> {
        (0..n)
            .map(|i| {
                (0..n)
                    .map(|j| match (j.cmp(&i), lower) {
                        (std::cmp::Ordering::Equal, true) => 1,
                        (std::cmp::Ordering::Equal, false) => rng.in_range(1, p - 1),
                        (std::cmp::Ordering::Less, true) | (std::cmp::Ordering::Greater, false) => {
                            rng.below(p)
                        }
                        _ => 0,
                    })
                    .collect()
            })
            .collect()
    };
    let lower = triangle(rng, true);
    let upper = triangle(rng, false);
    (0..n)
        .map(|i| {
            (0..n)
                .map(|j| {
                    (0..n).fold(0, |acc, k| {
                        matrix::add_mul(acc, lower[i][k], upper[k][j], p)
                    })
                })
                .collect()
        })
        .collect()
}
