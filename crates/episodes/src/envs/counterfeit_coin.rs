//! `counterfeit_coin`: find the one heavier coin with a balance scale, in as few weighings as the
//! solver proves necessary.
//!
//! A weighing has three outcomes, so `k` weighings tell at most `3^k` coins apart, and splitting
//! the candidates into thirds achieves that: the optimum is the least `k` with `3^k ≥ coins`.

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

/// The counterfeit-coin episode env.
#[derive(Clone, Copy, Debug, Default)]
pub struct CounterfeitCoin;

/// Most coins: five weighings.
pub const MAX_COINS: u32 = 243;

/// The knobs: how many coins, and how many spare turns beyond the optimum.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct CounterfeitParams {
    /// Coins, numbered from 1; exactly one is heavier. 2 to 243.
    #[schemars(range(min = 2, max = 243))]
    pub coins: u32,
    /// Weighings allowed beyond the optimum, 0 to 3.
    #[schemars(range(min = 0, max = 3))]
    pub slack: u32,
}

impl Default for CounterfeitParams {
    fn default() -> Self {
        CounterfeitParams { coins: 9, slack: 1 }
    }
}

impl EnvParams for CounterfeitParams {
    fn validate(&self) -> Result<()> {
        check_range("coins", self.coins, 2, MAX_COINS)?;
        check_range("slack", self.slack, 0, 3)
    }

    /// | level | coins | slack |
    /// |---|---|---|
    /// | L | 3 + ⌊240·(L/10)²⌋ (3 to 243) | 2 below 4, 1 below 8, then 0 |
    fn at_level(level: f64) -> Self {
        let frac = level / 10.0;
        CounterfeitParams {
            coins: 3 + (240.0 * frac * frac).floor() as u32,
            slack: super::slack_at(level),
        }
    }
}

/// What the episode needs: the coins, the hidden heavy one, and the proven optimum.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CounterfeitData {
    /// Coins, numbered 1 to `coins`.
    pub coins: u32,
    /// The heavy coin: the hidden state (0 in blinded data).
    pub heavy: u32,
    /// The fewest weighings that always suffice.
    pub optimum: u32,
    /// Turns allowed, the final answer's included.
    pub budget: u32,
}

/// The least `k` with `3^k ≥ n`.
pub fn optimum(coins: u32) -> u32 {
    let (mut k, mut reach) = (0, 1u64);
    while reach < u64::from(coins) {
        reach *= 3;
        k += 1;
    }
    k
}

fn render(data: &CounterfeitData) -> String {
    format!(
        "There are {n} coins, numbered 1 to {n}. All weigh the same except one, which is heavier. \
         You have a balance scale.\n\
         Each turn, either weigh two groups of coins, written as\n<query>1 2 3 vs 4 5 6</query>\n\
         (the scale tells you which side is heavier, or that they balance; a coin may be on one \
         side only), or give your final answer, the number of the heavy coin, as\n\
         <answer>5</answer>\n\
         You have {b} turns in all, the answer included. {o} weighings always suffice.",
        n = data.coins,
        b = data.budget,
        o = data.optimum,
    )
}

impl Env for CounterfeitCoin {
    const ID: &'static str = "counterfeit_coin";
    const VERSION: u32 = 1;
    const SUMMARY: &'static str =
        "episode: find the heavy coin with a balance scale; optimum ⌈log3 n⌉ weighings";
    type Params = CounterfeitParams;
    type Data = CounterfeitData;

    /// The intrinsic difficulty is the optimum number of weighings.
    fn generate(&self, params: &CounterfeitParams, rng: &mut ProblemRng) -> Generated<Self::Data> {
        let heavy = rng.in_range(1, u64::from(params.coins)) as u32;
        let optimum = optimum(params.coins);
        let data = CounterfeitData {
            coins: params.coins,
            heavy,
            optimum,
            budget: optimum + params.slack + 1,
        };
        Generated {
            prompt: render(&data),
            answer: heavy.to_string(),
            difficulty: u64::from(optimum),
            data,
        }
    }

    fn check_data(&self, data: &CounterfeitData) -> std::result::Result<(), String> {
        if !(2..=MAX_COINS).contains(&data.coins) {
            return Err(format!("coins {} is outside 2 to {MAX_COINS}", data.coins));
        }
        if !(1..=data.coins).contains(&data.heavy) {
            return Err(format!("heavy coin {} is not a coin", data.heavy));
        }
        if data.optimum != optimum(data.coins) || data.budget <= data.optimum {
            return Err("optimum or budget does not match the coins".into());
        }
        Ok(())
    }

    fn verify(&self, data: &CounterfeitData, response: &str) -> Verdict {
        let answer = match extract_answer(response) {
            Ok(a) => a,
            Err(r) => return r.into(),
        };
        // "7", "coin 7", "#7", "Coin 7 is heavier.": exactly one number.
        match numbers::single(&answer) {
            Some(c) if c == u64::from(data.heavy) => Verdict::correct(),
            Some(c) if (1..=u64::from(data.coins)).contains(&c) => {
                Verdict::wrong("not the heavy coin")
            }
            Some(c) => Verdict::wrong(format!("there is no coin {c}")),
            None => Verdict::rejected(
                Reason::UnparsableAnswer,
                "the answer must be one coin number",
            ),
        }
    }
}

/// Reads `1 2 3 vs 4 5 6` into two disjoint groups of coins.
fn parse_weighing(query: &str, coins: u32) -> std::result::Result<(Vec<u32>, Vec<u32>), String> {
    const FORM: &str = "write two groups of coin numbers separated by `vs`, like `1 2 vs 3 4`";
    let lower = query.to_ascii_lowercase();
    let mut sides = lower.split("vs");
    let (Some(left), Some(right), None) = (sides.next(), sides.next(), sides.next()) else {
        return Err(FORM.into());
    };
    let mut seen = vec![false; coins as usize + 1];
    let mut group = |text: &str| -> std::result::Result<Vec<u32>, String> {
        let mut out = Vec::new();
        // Coin numbers, with the words and brackets models put around them: `weigh 1, 2, 3`,
        // `{1,2,3}`, `coins 1 and 2`. Anything else is refused, so a typo is never a weighing.
        let text = text.trim().trim_start_matches("weigh").trim_start();
        let text = text.trim_start_matches("coins");
        for word in text.split(|c: char| c.is_whitespace() || ",{}[]()".contains(c)) {
            if word.is_empty() || word == "and" {
                continue;
            }
            let coin: u32 = word
                .parse()
                .map_err(|_| format!("{word:?} is not a coin number; {FORM}"))?;
            if !(1..=coins).contains(&coin) {
                return Err(format!("there is no coin {coin}; coins are 1 to {coins}"));
            }
            if std::mem::replace(&mut seen[coin as usize], true) {
                return Err(format!("coin {coin} is used twice"));
            }
            out.push(coin);
        }
        if out.is_empty() {
            return Err(format!("a side is empty; {FORM}"));
        }
        Ok(out)
    };
    let left = group(left)?;
    let right = group(right)?;
    Ok((left, right))
}

/// The scale's verdict: one normal coin weighs 100, the heavy one 101, so a side with more coins
/// is always heavier.
fn weigh(left: &[u32], right: &[u32], heavy: u32) -> &'static str {
    let mass = |side: &[u32]| side.len() as u64 * 100 + u64::from(side.contains(&heavy));
    match mass(left).cmp(&mass(right)) {
        std::cmp::Ordering::Greater => "The left side is heavier.",
        std::cmp::Ordering::Less => "The right side is heavier.",
        std::cmp::Ordering::Equal => "The scale balances.",
    }
}

impl Interactive for CounterfeitCoin {
    type State = ();

    fn query(
        &self,
        data: &CounterfeitData,
        _: &mut (),
        query: &str,
    ) -> std::result::Result<String, String> {
        let (left, right) = parse_weighing(query, data.coins)?;
        Ok(weigh(&left, &right, data.heavy).to_string())
    }

    fn turn_budget(&self, data: &CounterfeitData) -> u32 {
        data.budget
    }

    fn optimum(&self, data: &CounterfeitData) -> u32 {
        data.optimum
    }

    fn blind(&self, data: &CounterfeitData) -> CounterfeitData {
        CounterfeitData {
            heavy: 0,
            ..data.clone()
        }
    }

    fn optimal_agent(&self, blind: &CounterfeitData) -> Box<dyn Agent> {
        Box::new(Thirds {
            candidates: (1..=blind.coins).collect(),
            pending: None,
        })
    }

    fn random_query(&self, blind: &CounterfeitData, rng: &mut ProblemRng) -> String {
        let mut coins: Vec<u32> = (1..=blind.coins).collect();
        rng.shuffle(&mut coins);
        let per_side = rng.in_range(1, u64::from(blind.coins / 2)) as usize;
        format!(
            "<query>{} vs {}</query>",
            join(&coins[..per_side]),
            join(&coins[per_side..2 * per_side])
        )
    }

    fn random_answer(&self, blind: &CounterfeitData, rng: &mut ProblemRng) -> String {
        format!(
            "<answer>{}</answer>",
            rng.in_range(1, u64::from(blind.coins))
        )
    }
}

fn join(coins: &[u32]) -> String {
    coins
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The optimal strategy: weigh a third of the candidates against another third.
struct Thirds {
    candidates: Vec<u32>,
    /// The two groups on the scale, awaiting its verdict.
    pending: Option<(Vec<u32>, Vec<u32>)>,
}

impl Agent for Thirds {
    fn act(&mut self, observation: &str) -> String {
        if let Some((left, right)) = self.pending.take() {
            let rest: Vec<u32> = self
                .candidates
                .iter()
                .copied()
                .filter(|c| !left.contains(c) && !right.contains(c))
                .collect();
            self.candidates = if observation.starts_with("The left") {
                left
            } else if observation.starts_with("The right") {
                right
            } else {
                rest
            };
        }
        if self.candidates.len() <= 1 {
            return format!(
                "<answer>{}</answer>",
                self.candidates.first().copied().unwrap_or(1)
            );
        }
        let third = self.candidates.len().div_ceil(3);
        let left = self.candidates[..third].to_vec();
        let right = self.candidates[third..2 * third].to_vec();
        let query = format!("<query>{} vs {}</query>", join(&left), join(&right));
        self.pending = Some((left, right));
        query
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_optimum_is_the_least_power_of_three_covering_the_coins() {
        let cases = [
            (2, 1),
            (3, 1),
            (4, 2),
            (9, 2),
            (10, 3),
            (27, 3),
            (28, 4),
            (243, 5),
        ];
        for (coins, k) in cases {
            assert_eq!(optimum(coins), k, "{coins} coins");
        }
    }

    #[test]
    fn weighings_are_parsed_strictly() {
        assert_eq!(
            parse_weighing("1 2 vs 3,4", 9),
            Ok((vec![1, 2], vec![3, 4]))
        );
        assert_eq!(
            parse_weighing("Weigh {1, 2} vs [3, 4]", 9),
            Ok((vec![1, 2], vec![3, 4]))
        );
        assert_eq!(
            parse_weighing("coins 1 and 2 vs coins 3 and 4", 9),
            Ok((vec![1, 2], vec![3, 4]))
        );
        for bad in [
            "1 2 3",
            "1 vs 1",
            "1 vs 10",
            "vs 2",
            "1 vs",
            "1 vs 2 vs 3",
            "x vs 2",
            "-1 vs 2",
        ] {
            assert!(parse_weighing(bad, 9).is_err(), "{bad:?} was accepted");
        }
    }

    #[test]
    fn the_scale_favours_the_heavy_side_and_more_coins() {
        assert_eq!(weigh(&[1], &[2], 1), "The left side is heavier.");
        assert_eq!(weigh(&[1], &[2], 2), "The right side is heavier.");
        assert_eq!(weigh(&[1], &[2], 3), "The scale balances.");
        assert_eq!(weigh(&[1, 3], &[2], 2), "The left side is heavier.");
    }
}
