//! `modexp`: a^e mod p by repeated squaring. The record stores every square a^(2^i) mod p, so the
//! chain of squares a response lists is checked step by step (process rewards), while the final
//! value alone decides `correct`.

mod check;
mod params;
mod probes;
mod prompt;
mod verify;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use self::params::{BITS_MAX, BITS_MIN, MODULUS_LIMIT, ModExpParams};
use crate::modarith::field;
use verigym_core::env::{Env, Generated, ProbeAnswers};
use verigym_core::rng::ProblemRng;
use verigym_core::verdict::Verdict;

/// The modular-exponentiation env.
#[derive(Clone, Copy, Debug, Default)]
pub struct ModExp;

/// What the `modexp` verifier needs: the problem, its squares and its value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ModExpData {
    /// The prime modulus p.
    pub modulus: u64,
    /// The base a, from 2 to p − 2.
    pub base: u64,
    /// The exponent e, at least 2.
    pub exponent: u64,
    /// The chain of squares: entry i − 1 is a^(2^i) mod p, for i = 1 up to the exponent's bit
    /// length − 1. These are the checkable steps.
    pub squares: Vec<u64>,
    /// a^e mod p, the answer.
    pub value: u64,
}

impl Env for ModExp {
    const ID: &'static str = "modexp";
    const VERSION: u32 = 1;
    const SUMMARY: &'static str =
        "a^e mod p by repeated squaring; each listed square is checked (process rewards)";
    type Params = ModExpParams;
    type Data = ModExpData;

    /// The intrinsic difficulty is the number of modular multiplications square-and-multiply
    /// needs: one per squaring plus one per further set bit of e.
    fn generate(&self, params: &ModExpParams, rng: &mut ProblemRng) -> Generated<ModExpData> {
        let p = draw_prime(rng, params.modulus_min, params.modulus_max);
        let base = rng.in_range(2, p - 2);
        let b = params.exponent_bits;
        let low = 1u64 << (b - 1);
        let exponent = rng.in_range(low, low | (low - 1));
        let squares = squares(base, exponent, p);
        let value = field::pow(base, exponent, p);
        let data = ModExpData {
            modulus: p,
            base,
            exponent,
            squares,
            value,
        };
        Generated {
            prompt: prompt::render(&data),
            answer: value.to_string(),
            difficulty: u64::from(b - 1) + u64::from(exponent.count_ones() - 1),
            data,
        }
    }

    fn check_data(&self, data: &ModExpData) -> Result<(), String> {
        check::check_data(data)
    }

    fn verify(&self, data: &ModExpData, response: &str) -> Verdict {
        verify::verify(data, response)
    }

    fn probe_answers(&self, data: &ModExpData, answer: &str, foreign: &str) -> ProbeAnswers {
        probes::probe_answers(data, answer, foreign)
    }
}

/// A prime drawn uniformly from those in [lo, hi] (validation proved there is one): uniform
/// draws until one is prime. Expected draws are about ln(hi) for a wide range; a narrow range is
/// scanned instead, so the loop always ends.
fn draw_prime(rng: &mut ProblemRng, lo: u64, hi: u64) -> u64 {
    for _ in 0..256 {
        let n = rng.in_range(lo, hi);
        if field::is_prime(n) {
            return n;
        }
    }
    params::first_prime_from(lo, hi).expect("validated: the range holds a prime")
}

/// a^(2^i) mod p for i = 1 up to bit_length(e) − 1.
pub fn squares(base: u64, exponent: u64, p: u64) -> Vec<u64> {
    let count = 63 - exponent.leading_zeros();
    let mut s = base % p;
    (0..count)
        .map(|_| {
            s = field::mul(s, s, p);
            s
        })
        .collect()
}
