//! `find_max`: find the largest of n hidden distinct numbers by comparing two at a time.
//!
//! Certainty needs n − 1 comparisons, whatever the answers: until an item has lost a comparison
//! there is an assignment consistent with every answer in which it is the largest (raise it),
//! and each comparison makes one item lose. A knockout (keep the winner, compare it with the next)
//! uses exactly n − 1, so the optimum is n − 1.

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

/// The find-the-maximum episode env.
#[derive(Clone, Copy, Debug, Default)]
pub struct FindMax;

/// The most items.
pub const MAX_ITEMS: u32 = 64;

/// The knobs: how many items and the spare turns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct FindMaxParams {
    /// Items, numbered from 1, each holding a hidden distinct number; 2 to 64.
    #[schemars(range(min = 2, max = 64))]
    pub items: u32,
    /// Comparisons allowed beyond the optimum, 0 to 3.
    #[schemars(range(min = 0, max = 3))]
    pub slack: u32,
}

impl Default for FindMaxParams {
    fn default() -> Self {
        FindMaxParams { items: 6, slack: 1 }
    }
}

impl EnvParams for FindMaxParams {
    fn validate(&self) -> Result<()> {
        check_range("items", self.items, 2, MAX_ITEMS)?;
        check_range("slack", self.slack, 0, 3)
    }

    /// | level | items | slack |
    /// |---|---|---|
    /// | L | 3 + ⌊1.3·L⌋ (3 to 16) | 2 below 4, 1 below 8, then 0 |
    fn at_level(level: f64) -> Self {
        FindMaxParams {
            items: 3 + (1.3 * level).floor() as u32,
            slack: super::slack_at(level),
        }
    }
}

/// What the episode needs: the hidden values (a permutation of 1 to n) and the budget.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FindMaxData {
    /// Items.
    pub items: u32,
    /// Item i's hidden value is `values[i - 1]`, a permutation of 1 to n (empty in blinded data).
    pub values: Vec<u32>,
    /// Turns allowed, the final answer's included.
    pub budget: u32,
}

impl FindMaxData {
    fn largest(&self) -> u32 {
        self.values
            .iter()
            .position(|&v| v == self.items)
            .map_or(0, |i| i as u32 + 1)
    }
}

impl Env for FindMax {
    const ID: &'static str = "find_max";
    const VERSION: u32 = 1;
    const SUMMARY: &'static str =
        "episode: find the largest of n hidden numbers by pairwise comparisons; optimum n − 1";
    type Params = FindMaxParams;
    type Data = FindMaxData;

    /// The intrinsic difficulty is the optimum, n − 1 comparisons.
    fn generate(&self, params: &FindMaxParams, rng: &mut ProblemRng) -> Generated<Self::Data> {
        let mut values: Vec<u32> = (1..=params.items).collect();
        rng.shuffle(&mut values);
        let data = FindMaxData {
            items: params.items,
            values,
            budget: params.items - 1 + params.slack + 1,
        };
        Generated {
            prompt: format!(
                "Items 1 to {n} each hold a different hidden number. Find the item with the \
                 largest.\nEach turn, either compare two items, written as \
                 <query>3 vs 5</query> (I say which holds the larger number), or give your final \
                 answer, the item's number, as <answer>3</answer>.\nYou have {b} turns in all, \
                 the answer included. {o} comparisons always suffice, and no fewer do.",
                n = data.items,
                b = data.budget,
                o = data.items - 1,
            ),
            answer: data.largest().to_string(),
            difficulty: u64::from(params.items - 1),
            data,
        }
    }

    fn check_data(&self, data: &FindMaxData) -> std::result::Result<(), String> {
        let mut sorted = data.values.clone();
        sorted.sort_unstable();
        if !(2..=MAX_ITEMS).contains(&data.items) || sorted != (1..=data.items).collect::<Vec<_>>()
        {
            return Err("values are not a permutation of 1 to items".into());
        }
        if data.budget < data.items {
            return Err("the budget leaves no room for the optimum and an answer".into());
        }
        Ok(())
    }

    fn verify(&self, data: &FindMaxData, response: &str) -> Verdict {
        let answer = match extract_answer(response) {
            Ok(a) => a,
            Err(r) => return r.into(),
        };
        match numbers::single(&answer) {
            Some(i) if i == u64::from(data.largest()) => Verdict::correct(),
            Some(i) if (1..=u64::from(data.items)).contains(&i) => {
                Verdict::wrong("not the largest")
            }
            Some(i) => Verdict::wrong(format!("there is no item {i}")),
            None => Verdict::rejected(
                Reason::UnparsableAnswer,
                "the answer must be one item number",
            ),
        }
    }
}

/// Reads `3 vs 5` (or `compare 3 and 5`) into two different items.
fn parse_pair(query: &str, items: u32) -> std::result::Result<(u32, u32), String> {
    let form = format!("name two different items from 1 to {items}, like `1 vs 2`");
    match numbers::integers(query).as_slice() {
        [Some(a), Some(b)]
            if a != b
                && (1..=u64::from(items)).contains(a)
                && (1..=u64::from(items)).contains(b) =>
        {
            Ok((*a as u32, *b as u32))
        }
        _ => Err(form),
    }
}

impl Interactive for FindMax {
    type State = ();

    fn query(
        &self,
        data: &FindMaxData,
        _: &mut (),
        query: &str,
    ) -> std::result::Result<String, String> {
        let (a, b) = parse_pair(query, data.items)?;
        let (va, vb) = (data.values[a as usize - 1], data.values[b as usize - 1]);
        let winner = if va > vb { a } else { b };
        Ok(format!("Item {winner} holds the larger number."))
    }

    fn turn_budget(&self, data: &FindMaxData) -> u32 {
        data.budget
    }

    fn optimum(&self, data: &FindMaxData) -> u32 {
        data.items - 1
    }

    fn blind(&self, data: &FindMaxData) -> FindMaxData {
        FindMaxData {
            values: Vec::new(),
            ..data.clone()
        }
    }

    fn optimal_agent(&self, blind: &FindMaxData) -> Box<dyn Agent> {
        Box::new(Knockout {
            items: blind.items,
            champion: 1,
            next: 2,
        })
    }

    fn random_query(&self, blind: &FindMaxData, rng: &mut ProblemRng) -> String {
        let a = rng.in_range(1, u64::from(blind.items));
        let b = (a % u64::from(blind.items)) + 1;
        format!("<query>{a} vs {b}</query>")
    }

    fn random_answer(&self, blind: &FindMaxData, rng: &mut ProblemRng) -> String {
        format!(
            "<answer>{}</answer>",
            rng.in_range(1, u64::from(blind.items))
        )
    }
}

/// The optimal strategy: the current champion meets each item in turn.
struct Knockout {
    items: u32,
    champion: u32,
    next: u32,
}

impl Agent for Knockout {
    fn act(&mut self, observation: &str) -> String {
        if let Some(winner) = observation
            .strip_prefix("Item ")
            .and_then(|rest| rest.split(' ').next())
            .and_then(|w| w.parse().ok())
        {
            self.champion = winner;
        }
        if self.next > self.items {
            return format!("<answer>{}</answer>", self.champion);
        }
        let query = format!("<query>{} vs {}</query>", self.champion, self.next);
        self.next += 1;
        query
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The adversary argument, checked exhaustively for n = 4: after any two comparisons on any
    /// assignment, some item besides the largest never lost, and raising it above all gives an
    /// assignment with the same answers and another largest item.
    #[test]
    fn fewer_than_n_minus_one_comparisons_never_settle_it() {
        let pairs = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];
        let mut perms = vec![];
        for a in 1..=4u32 {
            for b in 1..=4 {
                for c in 1..=4 {
                    for d in 1..=4 {
                        let v = [a, b, c, d];
                        if (1..=4).all(|x| v.contains(&x)) {
                            perms.push(v);
                        }
                    }
                }
            }
        }
        let winner = |v: &[u32; 4], (x, y): (usize, usize)| if v[x] > v[y] { x } else { y };
        for v in &perms {
            for &p in &pairs {
                for &q in &pairs {
                    let lost: Vec<usize> = [p, q]
                        .iter()
                        .map(|&(x, y)| if winner(v, (x, y)) == x { y } else { x })
                        .collect();
                    let largest = (0..4).position(|i| v[i] == 4).unwrap();
                    let other = (0..4).find(|i| *i != largest && !lost.contains(i)).unwrap();
                    let mut raised = *v;
                    raised[other] = 5;
                    for &pair in &[p, q] {
                        assert_eq!(winner(v, pair), winner(&raised, pair));
                    }
                }
            }
        }
    }

    #[test]
    fn pairs_are_two_different_items() {
        assert_eq!(parse_pair("3 vs 5", 6), Ok((3, 5)));
        assert_eq!(parse_pair("compare 3 and 5", 6), Ok((3, 5)));
        for bad in ["3 vs 3", "3", "3 vs 7", "1 vs 2 vs 3", ""] {
            assert!(parse_pair(bad, 6).is_err(), "{bad:?}");
        }
    }
}
