//! `bezout`: two positive integers A and B; the answer is a pair of Bézout coefficients, integers
//! x and y with A·x + B·y = gcd(A, B), within |x| ≤ B/gcd and |y| ≤ A/gcd. Every such pair is
//! accepted (there are one to three); the verifier checks the equation and the bounds.

mod params;
mod probes;
mod verify;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use self::params::{BezoutParams, DIGITS_MAX, DIGITS_MIN};
use verigym_core::env::{Env, Generated, ProbeAnswers};
use verigym_core::rng::ProblemRng;
use verigym_core::verdict::Verdict;

/// The Bézout-coefficients env.
#[derive(Clone, Copy, Debug, Default)]
pub struct Bezout;

/// What the `bezout` verifier needs: the two numbers (and the reference pair).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BezoutData {
    /// A.
    pub a: u64,
    /// B.
    pub b: u64,
    /// gcd(A, B).
    pub gcd: u64,
    /// The pair the extended Euclidean algorithm gives: the reference answer. Any pair meeting
    /// the equation and the bounds is accepted.
    pub x: i64,
    /// See `x`.
    pub y: i64,
}

impl Env for Bezout {
    const ID: &'static str = "bezout";
    const VERSION: u32 = 1;
    const SUMMARY: &'static str =
        "Bézout coefficients of two integers within the standard bounds, any valid pair accepted";
    type Params = BezoutParams;
    type Data = BezoutData;

    /// The intrinsic difficulty is the number of division steps of the Euclidean algorithm.
    fn generate(&self, params: &BezoutParams, rng: &mut ProblemRng) -> Generated<BezoutData> {
        let lo = 10u64.pow(params.digits - 1);
        let hi = 10u64.pow(params.digits) - 1;
        // Neither a multiple of the other (then x = 1, y = 0 would do) nor equal.
        let (a, b) = loop {
            let (a, b) = (rng.in_range(lo, hi), rng.in_range(lo, hi));
            if a % b != 0 && b % a != 0 {
                break (a, b);
            }
        };
        let (gcd, x, y, steps) = extended_gcd(a, b);
        let data = BezoutData { a, b, gcd, x, y };
        Generated {
            prompt: prompt(&data),
            answer: verify::render_answer(x, y),
            difficulty: steps,
            data,
        }
    }

    fn check_data(&self, data: &BezoutData) -> Result<(), String> {
        let max = 10u64.pow(DIGITS_MAX);
        if !(1..max).contains(&data.a) || !(1..max).contains(&data.b) {
            return Err(format!(
                "A = {} or B = {} is not from 1 to {}",
                data.a,
                data.b,
                max - 1
            ));
        }
        let (gcd, ..) = extended_gcd(data.a, data.b);
        if gcd != data.gcd {
            return Err(format!(
                "the stored gcd {} is not gcd(A, B) = {gcd}",
                data.gcd
            ));
        }
        verify::judge(data, i128::from(data.x), i128::from(data.y))
            .map_err(|why| format!("the stored pair fails: {why}"))
    }

    fn verify(&self, data: &BezoutData, response: &str) -> Verdict {
        verify::verify(data, response)
    }

    fn probe_answers(&self, data: &BezoutData, answer: &str, foreign: &str) -> ProbeAnswers {
        probes::probe_answers(data, answer, foreign)
    }
}

/// (gcd, x, y, steps) with a·x + b·y = gcd, by the extended Euclidean algorithm; |x| ≤ b/gcd and
/// |y| ≤ a/gcd for positive a and b.
pub fn extended_gcd(a: u64, b: u64) -> (u64, i64, i64, u64) {
    let (mut r0, mut r1) = (i128::from(a), i128::from(b));
    let (mut x0, mut x1) = (1i128, 0i128);
    let (mut y0, mut y1) = (0i128, 1i128);
    let mut steps = 0;
    while r1 != 0 {
        let q = r0 / r1;
        (r0, r1) = (r1, r0 - q * r1);
        (x0, x1) = (x1, x0 - q * x1);
        (y0, y1) = (y1, y0 - q * y1);
        steps += 1;
    }
    (r0 as u64, x0 as i64, y0 as i64, steps)
}

/// The prompt: the numbers, the equation, the bounds and the answer form.
fn prompt(data: &BezoutData) -> String {
    let (a, b) = (data.a, data.b);
    format!(
        "Let A = {a} and B = {b}, and let d = gcd(A, B) be their greatest common divisor. Find \
         integers x and y (either may be negative) with A·x + B·y = d, that is, {a}·x + {b}·y = d, \
         and with |x| ≤ B/d and |y| ≤ A/d. Any pair meeting both conditions is accepted. Answer \
         as <answer>x = 3, y = -2</answer>."
    )
}
