//! `guess_number`: find a hidden integer in 1 to n; each guess is answered higher, lower or equal.
//!
//! With `k` guesses left one can be certain among at most `2^(k+1) − 1` numbers (guess the middle:
//! equal ends it, and each side must be settled with `k − 1`), so the optimum is the least `k`
//! with `2^(k+1) − 1 ≥ n`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use verigym_core::env::{Env, Generated};
use verigym_core::error::{Result, check_range};
use verigym_core::extract::extract_answer;
use verigym_core::params::EnvParams;
use verigym_core::rng::ProblemRng;
use verigym_core::verdict::{Reason, Verdict};

use super::numbers;
use crate::interactive::{Agent, Interactive};

/// The guess-the-number episode env.
#[derive(Clone, Copy, Debug, Default)]
pub struct GuessNumber;

/// The largest range.
pub const MAX_RANGE: u64 = 1_000_000;

/// The knobs: the range and the spare turns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct GuessParams {
    /// The number is in 1 to `max`; 2 to 1,000,000.
    #[schemars(range(min = 2, max = 1_000_000))]
    pub max: u64,
    /// Guesses allowed beyond the optimum, 0 to 3.
    #[schemars(range(min = 0, max = 3))]
    pub slack: u32,
}

impl Default for GuessParams {
    fn default() -> Self {
        GuessParams { max: 100, slack: 1 }
    }
}

impl EnvParams for GuessParams {
    fn validate(&self) -> Result<()> {
        check_range("max", self.max, 2, MAX_RANGE)?;
        check_range("slack", self.slack, 0, 3)
    }

    /// | level | max | slack |
    /// |---|---|---|
    /// | L | ⌊10^(1 + L/2)⌋ capped at 1,000,000 | 2 below 4, 1 below 8, then 0 |
    fn at_level(level: f64) -> Self {
        GuessParams {
            max: (10f64.powf(1.0 + level / 2.0).floor() as u64).min(MAX_RANGE),
            slack: super::slack_at(level),
        }
    }
}

/// What the episode needs: the range, the hidden number and the proven optimum.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GuessData {
    /// The range's top.
    pub max: u64,
    /// The hidden number (0 in blinded data).
    pub secret: u64,
    /// The fewest guesses that always suffice.
    pub optimum: u32,
    /// Turns allowed, the final answer's included.
    pub budget: u32,
}

/// The least `k` with `2^(k+1) − 1 ≥ n`.
pub fn optimum(n: u64) -> u32 {
    let mut k = 0;
    while (1u64 << (k + 1)) - 1 < n {
        k += 1;
    }
    k
}

impl Env for GuessNumber {
    const ID: &'static str = "guess_number";
    const VERSION: u32 = 1;
    const SUMMARY: &'static str =
        "episode: find a hidden number by higher/lower guesses; optimum ⌈log2(n + 1)⌉ − 1";
    type Params = GuessParams;
    type Data = GuessData;

    /// The intrinsic difficulty is the optimum number of guesses.
    fn generate(&self, params: &GuessParams, rng: &mut ProblemRng) -> Generated<Self::Data> {
        let secret = rng.in_range(1, params.max);
        let optimum = optimum(params.max);
        let data = GuessData {
            max: params.max,
            secret,
            optimum,
            budget: optimum + params.slack + 1,
        };
        Generated {
            prompt: format!(
                "I am thinking of a whole number from 1 to {max}.\n\
                 Each turn, either guess, written as <query>{mid}</query> (I say whether my number \
                 is higher, lower or equal), or give your final answer as <answer>{mid}</answer>.\n\
                 You have {b} turns in all, the answer included. {o} guesses always suffice.",
                max = data.max,
                mid = data.max / 2,
                b = data.budget,
                o = data.optimum,
            ),
            answer: secret.to_string(),
            difficulty: u64::from(optimum),
            data,
        }
    }

    fn check_data(&self, data: &GuessData) -> std::result::Result<(), String> {
        if !(2..=MAX_RANGE).contains(&data.max) || !(1..=data.max).contains(&data.secret) {
            return Err("max or secret outside the range".into());
        }
        if data.optimum != optimum(data.max) || data.budget <= data.optimum {
            return Err("optimum or budget does not match the range".into());
        }
        Ok(())
    }

    fn verify(&self, data: &GuessData, response: &str) -> Verdict {
        let answer = match extract_answer(response) {
            Ok(a) => a,
            Err(r) => return r.into(),
        };
        match numbers::single(&answer) {
            Some(n) if n == data.secret => Verdict::correct(),
            Some(_) => Verdict::wrong("not the number"),
            None => Verdict::rejected(
                Reason::UnparsableAnswer,
                "the answer must be one whole number",
            ),
        }
    }
}

impl Interactive for GuessNumber {
    type State = ();

    fn query(
        &self,
        data: &GuessData,
        _: &mut (),
        query: &str,
    ) -> std::result::Result<String, String> {
        // "50", "Is it 50?", "guess 50": exactly one number.
        let guess: u64 = numbers::single(query)
            .filter(|g| (1..=data.max).contains(g))
            .ok_or_else(|| format!("guess one whole number from 1 to {}", data.max))?;
        Ok(match data.secret.cmp(&guess) {
            std::cmp::Ordering::Greater => format!("Higher than {guess}."),
            std::cmp::Ordering::Less => format!("Lower than {guess}."),
            std::cmp::Ordering::Equal => format!("Equal: it is {guess}."),
        })
    }

    fn turn_budget(&self, data: &GuessData) -> u32 {
        data.budget
    }

    fn optimum(&self, data: &GuessData) -> u32 {
        data.optimum
    }

    fn blind(&self, data: &GuessData) -> GuessData {
        GuessData {
            secret: 0,
            ..data.clone()
        }
    }

    fn optimal_agent(&self, blind: &GuessData) -> Box<dyn Agent> {
        Box::new(Bisect {
            lo: 1,
            hi: blind.max,
            last: None,
        })
    }

    fn random_query(&self, blind: &GuessData, rng: &mut ProblemRng) -> String {
        format!("<query>{}</query>", rng.in_range(1, blind.max))
    }

    fn random_answer(&self, blind: &GuessData, rng: &mut ProblemRng) -> String {
        format!("<answer>{}</answer>", rng.in_range(1, blind.max))
    }
}

/// The optimal strategy: guess the middle of what is left.
struct Bisect {
    lo: u64,
    hi: u64,
    last: Option<u64>,
}

impl Agent for Bisect {
    fn act(&mut self, observation: &str) -> String {
        if let Some(guess) = self.last.take() {
            if observation.starts_with("Higher") {
                self.lo = guess + 1;
            } else if observation.starts_with("Lower") {
                self.hi = guess.saturating_sub(1);
            } else if observation.starts_with("Equal") {
                (self.lo, self.hi) = (guess, guess);
            }
        }
        if self.lo >= self.hi {
            return format!("<answer>{}</answer>", self.lo);
        }
        let mid = self.lo + (self.hi - self.lo) / 2;
        self.last = Some(mid);
        format!("<query>{mid}</query>")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_optimum_counts_three_way_answers() {
        for (n, k) in [
            (2, 1),
            (3, 1),
            (4, 2),
            (7, 2),
            (8, 3),
            (100, 6),
            (1_000_000, 19),
        ] {
            assert_eq!(optimum(n), k, "n = {n}");
        }
    }
}
