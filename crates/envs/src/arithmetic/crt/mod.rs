//! `crt`: the Chinese remainder theorem. Find the x in [0, M) with x ≡ r_i (mod m_i) for pairwise
//! coprime moduli m_i, M their product. The answer is unique; the running combination (the x
//! solving the first k congruences) gives checkable steps.

mod check;
mod params;
mod probes;
mod prompt;
mod solve;
mod verify;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use self::params::{CONGRUENCES_MAX, CONGRUENCES_MIN, CrtParams, MODULUS_LIMIT, PRODUCT_LIMIT};
use crate::modarith::field::is_prime;
use verigym_core::env::{Env, Generated, ProbeAnswers};
use verigym_core::rng::ProblemRng;
use verigym_core::verdict::Verdict;

/// The Chinese-remainder env.
#[derive(Clone, Copy, Debug, Default)]
pub struct Crt;

/// What the `crt` verifier needs: the congruences and the running solutions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CrtData {
    /// The moduli m_1 … m_n, pairwise coprime, each at least 2.
    pub moduli: Vec<u64>,
    /// The residues r_1 … r_n, with 0 ≤ r_i < m_i.
    pub residues: Vec<u64>,
    /// The running solutions: entry k − 1 is the x in [0, m_1⋯m_k) satisfying the first k
    /// congruences. The last is the answer; these are the checkable steps.
    pub partials: Vec<u64>,
}

impl CrtData {
    /// M, the product of the moduli.
    pub fn product(&self) -> u64 {
        self.moduli.iter().product()
    }

    /// The answer: the last running solution.
    pub fn solution(&self) -> u64 {
        self.partials.last().copied().unwrap_or(0)
    }
}

impl Env for Crt {
    const ID: &'static str = "crt";
    const VERSION: u32 = 1;
    const SUMMARY: &'static str = "x from congruences with pairwise coprime moduli (Chinese remainder); \
         the running combination is checked step by step";
    type Params = CrtParams;
    type Data = CrtData;

    /// The intrinsic difficulty is the bit length of M, the size of the search space.
    fn generate(&self, params: &CrtParams, rng: &mut ProblemRng) -> Generated<CrtData> {
        let moduli = draw_moduli(rng, params);
        let residues: Vec<u64> = moduli.iter().map(|&m| rng.below(m)).collect();
        let partials =
            solve::partials(&moduli, &residues).expect("validated: coprime, product below 10^18");
        let data = CrtData {
            moduli,
            residues,
            partials,
        };
        Generated {
            prompt: prompt::render(&data),
            answer: data.solution().to_string(),
            difficulty: u64::from(64 - data.product().leading_zeros()),
            data,
        }
    }

    fn check_data(&self, data: &CrtData) -> Result<(), String> {
        check::check_data(data)
    }

    fn verify(&self, data: &CrtData, response: &str) -> Verdict {
        verify::verify(data, response)
    }

    fn probe_answers(&self, data: &CrtData, answer: &str, foreign: &str) -> ProbeAnswers {
        probes::probe_answers(data, answer, foreign)
    }
}

/// n pairwise coprime moduli from [min, max]: uniform draws, each kept when it is coprime to those
/// kept so far. A run of draws that gets stuck (such as 6 first, then nothing coprime to 30 in
/// 2..=6) starts over; after 16 runs the first n primes of the range, which validation proved
/// exist, are used in a random order, so generation always ends.
fn draw_moduli(rng: &mut ProblemRng, params: &CrtParams) -> Vec<u64> {
    let n = params.congruences as usize;
    let (lo, hi) = (params.modulus_min, params.modulus_max);
    for _ in 0..16 {
        let mut chosen: Vec<u64> = Vec::with_capacity(n);
        for _ in 0..64 * n {
            let m = rng.in_range(lo, hi);
            if chosen.iter().all(|&c| solve::gcd(c, m) == 1) {
                chosen.push(m);
                if chosen.len() == n {
                    return chosen;
                }
            }
        }
    }
    let mut primes: Vec<u64> = (lo..=hi).filter(|&m| is_prime(m)).take(n).collect();
    rng.shuffle(&mut primes);
    primes
}
