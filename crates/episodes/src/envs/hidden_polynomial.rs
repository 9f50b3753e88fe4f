//! `hidden_polynomial`: identify a polynomial of degree at most `d` over the integers mod a prime
//! by asking for its values.
//!
//! `d + 1` values fix it (Lagrange interpolation), and no `d` values do: for any `d` points and
//! any value at one more point there is exactly one polynomial through them, so after `d`
//! queries all `p` candidates for the next value remain. The optimum is `d + 1` queries.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use verigym_core::env::{Env, Generated};
use verigym_core::error::{Error, Result, check_range};
use verigym_core::extract::extract_answer;
use verigym_core::params::EnvParams;
use verigym_core::rng::ProblemRng;
use verigym_core::verdict::{Reason, Verdict};

use super::numbers;
use crate::interactive::{Agent, Interactive};

/// The hidden-polynomial episode env.
#[derive(Clone, Copy, Debug, Default)]
pub struct HiddenPolynomial;

/// The primes a modulus may be.
pub const PRIMES: [u64; 8] = [7, 11, 13, 17, 31, 61, 101, 257];

/// The knobs: the degree bound, the modulus and the spare turns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct PolynomialParams {
    /// The degree bound d, 1 to 6: the polynomial has d + 1 coefficients.
    #[schemars(range(min = 1, max = 6))]
    pub degree: u32,
    /// The prime modulus: 7, 11, 13, 17, 31, 61, 101 or 257.
    #[schemars(range(min = 7, max = 257))]
    pub prime: u64,
    /// Queries allowed beyond the optimum, 0 to 3.
    #[schemars(range(min = 0, max = 3))]
    pub slack: u32,
}

impl Default for PolynomialParams {
    fn default() -> Self {
        PolynomialParams {
            degree: 2,
            prime: 13,
            slack: 1,
        }
    }
}

impl EnvParams for PolynomialParams {
    fn validate(&self) -> Result<()> {
        check_range("degree", self.degree, 1, 6)?;
        if !PRIMES.contains(&self.prime) {
            return Err(Error::param(
                "prime",
                self.prime,
                "one of 7, 11, 13, 17, 31, 61, 101, 257",
            ));
        }
        check_range("slack", self.slack, 0, 3)
    }

    /// | level | degree | prime | slack |
    /// |---|---|---|---|
    /// | L | 1 + ⌊L/2⌋ capped at 6 | 7 below 2, 13 below 5, 31 below 8, then 101 | 2 below 3, 1 below 7, then 0 |
    fn at_level(level: f64) -> Self {
        let step = level.floor() as u32;
        PolynomialParams {
            degree: (1 + step / 2).min(6),
            prime: match step {
                0..=1 => 7,
                2..=4 => 13,
                5..=7 => 31,
                _ => 101,
            },
            slack: match step {
                0..=2 => 2,
                3..=6 => 1,
                _ => 0,
            },
        }
    }
}

/// What the episode needs: the field, the degree bound and the hidden coefficients.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PolynomialData {
    /// The prime modulus.
    pub prime: u64,
    /// The degree bound.
    pub degree: u32,
    /// The hidden coefficients, constant term first (empty in blinded data).
    pub coefficients: Vec<u64>,
    /// Turns allowed, the final answer's included.
    pub budget: u32,
}

/// `f(x) mod p` by Horner's rule.
pub fn evaluate(coefficients: &[u64], x: u64, p: u64) -> u64 {
    coefficients
        .iter()
        .rev()
        .fold(0, |acc, &c| (acc * x + c) % p)
}

fn render(data: &PolynomialData) -> String {
    let d = data.degree;
    format!(
        "A hidden polynomial f(x) = c0 + c1·x + … + c{d}·x^{d} has coefficients in 0 to {pm}, \
         and all arithmetic is modulo {p}.\n\
         Each turn, either ask for one value, written as\n<query>f(3)</query>\n\
         (x from 0 to {pm}), or give your final answer, the coefficients c0 to c{d} in order, as\n\
         <answer>{example}</answer>\n\
         You have {b} turns in all, the answer included. {q} values always suffice.",
        p = data.prime,
        pm = data.prime - 1,
        example = (0..=d)
            .map(|i| (i % 3 + 1).to_string())
            .collect::<Vec<_>>()
            .join(" "),
        b = data.budget,
        q = d + 1,
    )
}

impl Env for HiddenPolynomial {
    const ID: &'static str = "hidden_polynomial";
    const VERSION: u32 = 1;
    const SUMMARY: &'static str =
        "episode: identify a polynomial mod p from values you ask for; optimum d + 1 queries";
    type Params = PolynomialParams;
    type Data = PolynomialData;

    /// The intrinsic difficulty is the number of coefficients.
    fn generate(&self, params: &PolynomialParams, rng: &mut ProblemRng) -> Generated<Self::Data> {
        let coefficients: Vec<u64> = (0..=params.degree)
            .map(|_| rng.below(params.prime))
            .collect();
        let data = PolynomialData {
            prime: params.prime,
            degree: params.degree,
            budget: params.degree + 1 + params.slack + 1,
            coefficients,
        };
        Generated {
            prompt: render(&data),
            answer: join(&data.coefficients),
            difficulty: u64::from(params.degree) + 1,
            data,
        }
    }

    fn check_data(&self, data: &PolynomialData) -> std::result::Result<(), String> {
        if !PRIMES.contains(&data.prime) || !(1..=6).contains(&data.degree) {
            return Err("prime or degree outside the allowed set".into());
        }
        if data.coefficients.len() != data.degree as usize + 1
            || data.coefficients.iter().any(|&c| c >= data.prime)
        {
            return Err("coefficients do not match the degree and prime".into());
        }
        if data.budget <= data.degree + 1 {
            return Err("the budget leaves no room to answer".into());
        }
        Ok(())
    }

    fn verify(&self, data: &PolynomialData, response: &str) -> Verdict {
        let answer = match extract_answer(response) {
            Ok(a) => a,
            Err(r) => return r.into(),
        };
        let words: Vec<&str> = answer
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .collect();
        if words.len() != data.coefficients.len() {
            return Verdict::rejected(
                Reason::UnparsableAnswer,
                format!(
                    "the answer must list {} coefficients",
                    data.coefficients.len()
                ),
            );
        }
        let mut values = Vec::with_capacity(words.len());
        for word in words {
            match word.parse::<u64>() {
                Ok(v) if v < data.prime => values.push(v),
                _ => {
                    return Verdict::rejected(
                        Reason::UnparsableAnswer,
                        format!("{word:?} is not a coefficient from 0 to {}", data.prime - 1),
                    );
                }
            }
        }
        if values == data.coefficients {
            Verdict::correct()
        } else {
            Verdict::wrong("not the hidden polynomial")
        }
    }
}

fn join(values: &[u64]) -> String {
    values
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads `f(3)` (or a bare `3`) into an x in the field.
fn parse_point(query: &str, p: u64) -> std::result::Result<u64, String> {
    // "f(3)", "3", "What is f(3)?", "x = 3": exactly one number.
    match numbers::single(query) {
        Some(x) if x < p => Ok(x),
        _ => Err(format!(
            "write one point as `f(x)` with x from 0 to {}",
            p - 1
        )),
    }
}

impl Interactive for HiddenPolynomial {
    type State = ();

    fn query(
        &self,
        data: &PolynomialData,
        _: &mut (),
        query: &str,
    ) -> std::result::Result<String, String> {
        let x = parse_point(query, data.prime)?;
        Ok(format!(
            "f({x}) = {}",
            evaluate(&data.coefficients, x, data.prime)
        ))
    }

    fn turn_budget(&self, data: &PolynomialData) -> u32 {
        data.budget
    }

    fn optimum(&self, data: &PolynomialData) -> u32 {
        data.degree + 1
    }

    fn blind(&self, data: &PolynomialData) -> PolynomialData {
        PolynomialData {
            coefficients: Vec::new(),
            ..data.clone()
        }
    }

    fn optimal_agent(&self, blind: &PolynomialData) -> Box<dyn Agent> {
        Box::new(Interpolator {
            prime: blind.prime,
            points: blind.degree as u64 + 1,
            values: Vec::new(),
        })
    }

    fn random_query(&self, blind: &PolynomialData, rng: &mut ProblemRng) -> String {
        format!("<query>f({})</query>", rng.below(blind.prime))
    }

    fn random_answer(&self, blind: &PolynomialData, rng: &mut ProblemRng) -> String {
        let guess: Vec<u64> = (0..=blind.degree).map(|_| rng.below(blind.prime)).collect();
        format!("<answer>{}</answer>", join(&guess))
    }
}

/// The optimal strategy: ask for f(0) to f(d), then interpolate.
struct Interpolator {
    prime: u64,
    points: u64,
    values: Vec<u64>,
}

impl Agent for Interpolator {
    fn act(&mut self, observation: &str) -> String {
        if let Some(value) = observation
            .lines()
            .next()
            .and_then(|l| l.split_once(" = "))
            .and_then(|(_, v)| v.trim().parse().ok())
        {
            self.values.push(value);
        }
        let asked = self.values.len() as u64;
        if asked < self.points {
            return format!("<query>f({asked})</query>");
        }
        let coefficients = interpolate(&self.values, self.prime);
        format!("<answer>{}</answer>", join(&coefficients))
    }
}

fn power(mut base: u64, mut exp: u64, p: u64) -> u64 {
    let mut out = 1;
    base %= p;
    while exp > 0 {
        if exp & 1 == 1 {
            out = out * base % p;
        }
        base = base * base % p;
        exp >>= 1;
    }
    out
}

/// The coefficients of the polynomial through (0, v0), …, (n-1, v(n-1)) mod p, by Gaussian
/// elimination on the Vandermonde system (invertible: the points are distinct mod a prime).
pub fn interpolate(values: &[u64], p: u64) -> Vec<u64> {
    let n = values.len();
    let mut rows: Vec<Vec<u64>> = (0..n)
        .map(|x| {
            let mut row: Vec<u64> = (0..n).map(|j| power(x as u64, j as u64, p)).collect();
            row.push(values[x] % p);
            row
        })
        .collect();
    for col in 0..n {
        let Some(pivot) = (col..n).find(|&r| rows[r][col] != 0) else {
            continue;
        };
        rows.swap(col, pivot);
        let inv = power(rows[col][col], p - 2, p);
        for v in rows[col].iter_mut() {
            *v = *v * inv % p;
        }
        let pivot_row = rows[col].clone();
        for (r, row) in rows.iter_mut().enumerate() {
            let factor = row[col];
            if r != col && factor != 0 {
                for (v, &q) in row.iter_mut().zip(&pivot_row) {
                    *v = (*v + p * p - factor * q % p) % p;
                }
            }
        }
    }
    rows.iter().map(|row| row[n]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interpolation_inverts_evaluation() {
        for p in PRIMES {
            let coefficients = vec![3 % p, 0, p - 1, 5 % p];
            let values: Vec<u64> = (0..4).map(|x| evaluate(&coefficients, x, p)).collect();
            assert_eq!(interpolate(&values, p), coefficients, "mod {p}");
        }
    }

    /// No d values determine the polynomial: for d points, every value at one more point is
    /// reached by some polynomial of degree ≤ d (checked exhaustively mod 7, d = 2).
    #[test]
    fn d_values_leave_every_next_value_open() {
        let p = 7;
        let mut reached = std::collections::BTreeSet::new();
        for c0 in 0..p {
            for c1 in 0..p {
                for c2 in 0..p {
                    let c = [c0, c1, c2];
                    if evaluate(&c, 0, p) == 4 && evaluate(&c, 1, p) == 2 {
                        reached.insert(evaluate(&c, 5, p));
                    }
                }
            }
        }
        assert_eq!(reached.len(), p as usize);
    }

    #[test]
    fn points_are_parsed_in_the_field_only() {
        assert_eq!(parse_point("f(3)", 7), Ok(3));
        assert_eq!(parse_point(" 6 ", 7), Ok(6));
        assert_eq!(parse_point("What is f(2)?", 7), Ok(2));
        for bad in ["f(7)", "f(x)", "", "f(1)(2)", "f(1) and f(2)"] {
            assert!(parse_point(bad, 7).is_err(), "{bad:?} was accepted");
        }
    }
}
