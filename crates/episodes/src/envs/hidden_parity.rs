//! `hidden_parity`: identify a hidden bit string s of length n from the parities it shows: a
//! query x (a bit string) is answered with s·x mod 2.
//!
//! Each answer is one bit, and there are 2^n candidates, so fewer than n queries leave two
//! candidates consistent with every answer; the n unit vectors read s bit by bit. The optimum
//! is n.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use verigym_core::env::{Env, Generated};
use verigym_core::error::{Result, check_range};
use verigym_core::extract::extract_answer;
use verigym_core::params::EnvParams;
use verigym_core::rng::ProblemRng;
use verigym_core::verdict::{Reason, Verdict};

use crate::interactive::{Agent, Interactive};

/// The hidden-parity episode env.
#[derive(Clone, Copy, Debug, Default)]
pub struct HiddenParity;

/// The longest hidden string.
pub const MAX_BITS: u32 = 32;

/// The knobs: the string's length and the spare turns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct ParityParams {
    /// Bits in the hidden string, 2 to 32.
    #[schemars(range(min = 2, max = 32))]
    pub bits: u32,
    /// Queries allowed beyond the optimum, 0 to 3.
    #[schemars(range(min = 0, max = 3))]
    pub slack: u32,
}

impl Default for ParityParams {
    fn default() -> Self {
        ParityParams { bits: 6, slack: 1 }
    }
}

impl EnvParams for ParityParams {
    fn validate(&self) -> Result<()> {
        check_range("bits", self.bits, 2, MAX_BITS)?;
        check_range("slack", self.slack, 0, 3)
    }

    /// | level | bits | slack |
    /// |---|---|---|
    /// | L | 3 + ⌊L⌋ (3 to 13) | 2 below 4, 1 below 8, then 0 |
    fn at_level(level: f64) -> Self {
        ParityParams {
            bits: 3 + level.floor() as u32,
            slack: super::slack_at(level),
        }
    }
}

/// What the episode needs: the hidden string and the budget.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ParityData {
    /// The string's length.
    pub bits: u32,
    /// The hidden string, as 0s and 1s (empty in blinded data).
    pub secret: String,
    /// Turns allowed, the final answer's included.
    pub budget: u32,
}

/// A bit string of exactly `n` 0s and 1s, spaces and commas between them allowed.
fn parse_bits(text: &str, n: u32) -> Option<Vec<bool>> {
    let bits: Vec<char> = text
        .chars()
        .filter(|c| !c.is_whitespace() && *c != ',')
        .collect();
    if bits.len() != n as usize || !bits.iter().all(|c| *c == '0' || *c == '1') {
        return None;
    }
    Some(bits.into_iter().map(|c| c == '1').collect())
}

impl Env for HiddenParity {
    const ID: &'static str = "hidden_parity";
    const VERSION: u32 = 1;
    const SUMMARY: &'static str =
        "episode: identify a hidden bit string from parities you ask for; optimum n queries";
    type Params = ParityParams;
    type Data = ParityData;

    /// The intrinsic difficulty is the optimum, n queries.
    fn generate(&self, params: &ParityParams, rng: &mut ProblemRng) -> Generated<Self::Data> {
        let secret: String = (0..params.bits)
            .map(|_| if rng.chance(1, 2) { '1' } else { '0' })
            .collect();
        let data = ParityData {
            bits: params.bits,
            budget: params.bits + params.slack + 1,
            secret,
        };
        let example: String = (0..data.bits)
            .map(|i| if i % 3 == 0 { '1' } else { '0' })
            .collect();
        Generated {
            prompt: format!(
                "I hold a hidden string s of {n} bits. For a query x, also {n} bits, I answer the \
                 parity of s AND x: 1 if s and x share an odd number of 1s, else 0.\nEach turn, \
                 either ask, written as <query>{example}</query>, or give your final answer, s \
                 itself, as <answer>{example}</answer>.\nYou have {b} turns in all, the answer \
                 included. {n} queries always suffice, and no fewer do.",
                n = data.bits,
                b = data.budget,
            ),
            answer: data.secret.clone(),
            difficulty: u64::from(data.bits),
            data,
        }
    }

    fn check_data(&self, data: &ParityData) -> std::result::Result<(), String> {
        if !(2..=MAX_BITS).contains(&data.bits) || parse_bits(&data.secret, data.bits).is_none() {
            return Err("the secret is not a string of `bits` 0s and 1s".into());
        }
        if data.budget <= data.bits {
            return Err("the budget leaves no room for the optimum and an answer".into());
        }
        Ok(())
    }

    fn verify(&self, data: &ParityData, response: &str) -> Verdict {
        let answer = match extract_answer(response) {
            Ok(a) => a,
            Err(r) => return r.into(),
        };
        match parse_bits(&answer, data.bits) {
            Some(bits) if parse_bits(&data.secret, data.bits).as_ref() == Some(&bits) => {
                Verdict::correct()
            }
            Some(_) => Verdict::wrong("not the hidden string"),
            None => Verdict::rejected(
                Reason::UnparsableAnswer,
                format!("the answer must be {} bits, 0s and 1s", data.bits),
            ),
        }
    }
}

impl Interactive for HiddenParity {
    type State = ();

    fn query(
        &self,
        data: &ParityData,
        _: &mut (),
        query: &str,
    ) -> std::result::Result<String, String> {
        let x = parse_bits(query, data.bits)
            .ok_or_else(|| format!("a query is {} bits, 0s and 1s", data.bits))?;
        let s = parse_bits(&data.secret, data.bits).unwrap_or_default();
        let parity = s.iter().zip(&x).filter(|(a, b)| **a && **b).count() % 2;
        let x: String = x.iter().map(|&b| if b { '1' } else { '0' }).collect();
        Ok(format!("parity(s AND {x}) = {parity}"))
    }

    fn turn_budget(&self, data: &ParityData) -> u32 {
        data.budget
    }

    fn optimum(&self, data: &ParityData) -> u32 {
        data.bits
    }

    fn blind(&self, data: &ParityData) -> ParityData {
        ParityData {
            secret: String::new(),
            ..data.clone()
        }
    }

    fn optimal_agent(&self, blind: &ParityData) -> Box<dyn Agent> {
        Box::new(UnitVectors {
            bits: blind.bits,
            read: String::new(),
        })
    }

    fn random_query(&self, blind: &ParityData, rng: &mut ProblemRng) -> String {
        let x: String = (0..blind.bits)
            .map(|_| if rng.chance(1, 2) { '1' } else { '0' })
            .collect();
        format!("<query>{x}</query>")
    }

    fn random_answer(&self, blind: &ParityData, rng: &mut ProblemRng) -> String {
        let s: String = (0..blind.bits)
            .map(|_| if rng.chance(1, 2) { '1' } else { '0' })
            .collect();
        format!("<answer>{s}</answer>")
    }
}

/// The optimal strategy: ask each unit vector, read s bit by bit.
struct UnitVectors {
    bits: u32,
    read: String,
}

impl Agent for UnitVectors {
    fn act(&mut self, observation: &str) -> String {
        let answered = observation
            .lines()
            .next()
            .filter(|l| l.starts_with("parity"));
        if let Some(bit) = answered.and_then(|l| l.chars().last()) {
            self.read.push(bit);
        }
        let i = self.read.len() as u32;
        if i == self.bits {
            return format!("<answer>{}</answer>", self.read);
        }
        let x: String = (0..self.bits)
            .map(|k| if k == i { '1' } else { '0' })
            .collect();
        format!("<query>{x}</query>")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_read_strictly() {
        assert_eq!(parse_bits("1 0, 1", 3), Some(vec![true, false, true]));
        for bad in ["10", "1012", "102", "abc", ""] {
            assert_eq!(parse_bits(bad, 3), None, "{bad:?}");
        }
    }

    /// n − 1 parities never fix s: the queries span at most n − 1 dimensions, so some nonzero z
    /// is orthogonal to all of them, and s and s XOR z give the same answers (checked for every
    /// pair of queries with n = 3).
    #[test]
    fn fewer_than_n_parities_leave_two_strings() {
        let dot = |a: u32, b: u32| (a & b).count_ones() % 2;
        for q1 in 0..8u32 {
            for q2 in 0..8u32 {
                let z = (1..8u32)
                    .find(|&z| dot(z, q1) == 0 && dot(z, q2) == 0)
                    .unwrap();
                for s in 0..8u32 {
                    assert_eq!(dot(s, q1), dot(s ^ z, q1));
                    assert_eq!(dot(s, q2), dot(s ^ z, q2));
                }
            }
        }
    }
}
