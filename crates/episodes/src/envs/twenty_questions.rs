//! `twenty_questions`: find the hidden object of a shown table by yes/no questions about its
//! attributes.
//!
//! The optimum is the depth of the best decision tree over the questions the table allows,
//! computed exactly by search over candidate sets: `opt(S) = 0` when one object is left, else
//! `1 + min over questions q splitting S of max(opt(S ∩ q), opt(S \ q))`.

use std::collections::HashMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use verigym_core::env::{Env, Generated};
use verigym_core::error::{Error, Result, check_range};
use verigym_core::extract::extract_answer;
use verigym_core::params::EnvParams;
use verigym_core::rng::ProblemRng;
use verigym_core::verdict::{Reason, Verdict};

use crate::interactive::{Agent, Interactive};

/// The twenty-questions episode env.
#[derive(Clone, Copy, Debug, Default)]
pub struct TwentyQuestions;

const ATTRIBUTES: [(&str, [&str; 4]); 5] = [
    ("color", ["red", "green", "blue", "yellow"]),
    ("shape", ["round", "square", "triangular", "oval"]),
    ("size", ["tiny", "small", "large", "huge"]),
    ("material", ["wood", "metal", "glass", "stone"]),
    ("pattern", ["plain", "striped", "dotted", "checked"]),
];

const NAMES: [&str; 16] = [
    "apple", "bell", "clock", "drum", "egg", "flute", "globe", "harp", "ink", "jar", "kite",
    "lamp", "mask", "nest", "oar", "pipe",
];

/// The knobs: the table's size and the spare turns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct QuestionsParams {
    /// Objects in the table, 2 to 16, each with its own combination of values.
    #[schemars(range(min = 2, max = 16))]
    pub objects: u32,
    /// Attributes per object, 2 to 5.
    #[schemars(range(min = 2, max = 5))]
    pub attributes: u32,
    /// Values each attribute may take, 2 to 4; `values^attributes` must reach `objects`.
    #[schemars(range(min = 2, max = 4))]
    pub values: u32,
    /// Questions allowed beyond the optimum, 0 to 3.
    #[schemars(range(min = 0, max = 3))]
    pub slack: u32,
}

impl Default for QuestionsParams {
    fn default() -> Self {
        QuestionsParams {
            objects: 8,
            attributes: 3,
            values: 3,
            slack: 1,
        }
    }
}

impl EnvParams for QuestionsParams {
    fn validate(&self) -> Result<()> {
        check_range("objects", self.objects, 2, 16)?;
        check_range("attributes", self.attributes, 2, 5)?;
        check_range("values", self.values, 2, 4)?;
        check_range("slack", self.slack, 0, 3)?;
        let combinations = self.values.pow(self.attributes);
        if combinations < self.objects {
            return Err(Error::param(
                "objects",
                self.objects,
                format!(
                    "at most values^attributes = {combinations}, so that no two objects look alike"
                ),
            ));
        }
        Ok(())
    }

    /// | level | objects | attributes | values | slack |
    /// |---|---|---|---|---|
    /// | L | 4 + ⌊1.2·L⌋ (4 to 16) | 3 below 5, then 4 | 3 below 5, then 4 | 2 below 4, 1 below 8, then 0 |
    fn at_level(level: f64) -> Self {
        let hard = level >= 5.0;
        QuestionsParams {
            objects: (4 + (1.2 * level).floor() as u32).min(16),
            attributes: if hard { 4 } else { 3 },
            values: if hard { 4 } else { 3 },
            slack: super::slack_at(level),
        }
    }
}

/// What the episode needs: the table, the hidden object and the proven optimum.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct QuestionsData {
    /// The attribute names, in table order.
    pub attributes: Vec<String>,
    /// Each object: its name and its value of each attribute.
    pub objects: Vec<(String, Vec<String>)>,
    /// The hidden object's position in `objects` (0 in blinded data, meaning nothing).
    pub hidden: u32,
    /// The fewest questions that always suffice.
    pub optimum: u32,
    /// Turns allowed, the final answer's included.
    pub budget: u32,
}

/// A question: does the object have this value of this attribute?
type Question = (usize, String);

fn questions(data: &QuestionsData) -> Vec<(Question, u32)> {
    let mut out: Vec<(Question, u32)> = Vec::new();
    for a in 0..data.attributes.len() {
        let mut values: Vec<&String> = data.objects.iter().map(|(_, v)| &v[a]).collect();
        values.sort();
        values.dedup();
        for value in values {
            let mask = data
                .objects
                .iter()
                .enumerate()
                .filter(|(_, (_, v))| &v[a] == value)
                .fold(0u32, |m, (i, _)| m | 1 << i);
            out.push(((a, value.clone()), mask));
        }
    }
    out
}

/// The best decision tree's depth for every candidate set reached, by memoised search.
struct Solver {
    questions: Vec<u32>,
    memo: HashMap<u32, (u32, Option<usize>)>,
}

impl Solver {
    fn new(data: &QuestionsData) -> Self {
        Solver {
            questions: questions(data).into_iter().map(|(_, m)| m).collect(),
            memo: HashMap::new(),
        }
    }

    /// The depth for candidates `set`, and the question that achieves it.
    fn solve(&mut self, set: u32) -> (u32, Option<usize>) {
        if set.count_ones() <= 1 {
            return (0, None);
        }
        if let Some(&known) = self.memo.get(&set) {
            return known;
        }
        let mut best = (u32::MAX, None);
        for q in 0..self.questions.len() {
            let yes = set & self.questions[q];
            if yes == 0 || yes == set {
                continue;
            }
            let depth = 1 + self.solve(yes).0.max(self.solve(set & !yes).0);
            if depth < best.0 {
                best = (depth, Some(q));
            }
        }
        self.memo.insert(set, best);
        best
    }
}

fn render(data: &QuestionsData) -> String {
    let mut table = format!("| object | {} |\n|---|", data.attributes.join(" | "));
    table.push_str(&"---|".repeat(data.attributes.len()));
    for (name, values) in &data.objects {
        table.push_str(&format!("\n| {name} | {} |", values.join(" | ")));
    }
    format!(
        "I am thinking of one of these objects:\n\n{table}\n\n\
         Each turn, either ask whether it has one value of one attribute, written as\n\
         <query>{a} = {v}</query>\n\
         (I answer yes or no), or name it as your final answer: <answer>{o}</answer>\n\
         You have {b} turns in all, the answer included. {q} questions always suffice.",
        a = data.attributes[0],
        v = data.objects[0].1[0],
        o = data.objects[0].0,
        b = data.budget,
        q = data.optimum,
    )
}

impl Env for TwentyQuestions {
    const ID: &'static str = "twenty_questions";
    const VERSION: u32 = 1;
    const SUMMARY: &'static str = "episode: find the hidden object of a table by yes/no attribute questions; optimal tree depth";
    type Params = QuestionsParams;
    type Data = QuestionsData;

    /// The intrinsic difficulty is the optimum number of questions.
    fn generate(&self, params: &QuestionsParams, rng: &mut ProblemRng) -> Generated<Self::Data> {
        let (n, a, v) = (
            params.objects as usize,
            params.attributes as usize,
            params.values as u64,
        );
        // Distinct value combinations: n draws without replacement from all v^a of them.
        let total = v.pow(a as u32);
        let mut codes: Vec<u64> = (0..total).collect();
        for i in 0..n {
            let j = i + rng.below(total - i as u64) as usize;
            codes.swap(i, j);
        }
        let mut names: Vec<&str> = NAMES.to_vec();
        rng.shuffle(&mut names);
        let objects: Vec<(String, Vec<String>)> = (0..n)
            .map(|i| {
                let mut code = codes[i];
                let values = (0..a)
                    .map(|k| {
                        let value = ATTRIBUTES[k].1[(code % v) as usize];
                        code /= v;
                        value.to_string()
                    })
                    .collect();
                (names[i].to_string(), values)
            })
            .collect();
        let hidden = rng.below(n as u64) as u32;
        let mut data = QuestionsData {
            attributes: ATTRIBUTES[..a]
                .iter()
                .map(|(name, _)| name.to_string())
                .collect(),
            objects,
            hidden,
            optimum: 0,
            budget: 0,
        };
        data.optimum = Solver::new(&data).solve(full(n)).0;
        data.budget = data.optimum + params.slack + 1;
        Generated {
            prompt: render(&data),
            answer: data.objects[hidden as usize].0.clone(),
            difficulty: u64::from(data.optimum),
            data,
        }
    }

    fn check_data(&self, data: &QuestionsData) -> std::result::Result<(), String> {
        let n = data.objects.len();
        if !(2..=16).contains(&n) || !(2..=5).contains(&data.attributes.len()) {
            return Err("the table's size is outside what the env makes".into());
        }
        for (a, attribute) in data.attributes.iter().enumerate() {
            if *attribute != ATTRIBUTES[a].0 {
                return Err(format!("attribute {} is not {:?}", a + 1, ATTRIBUTES[a].0));
            }
        }
        let mut names: Vec<&str> = data.objects.iter().map(|(n, _)| n.as_str()).collect();
        names.sort();
        names.dedup();
        if names.len() != n || names.iter().any(|name| !NAMES.contains(name)) {
            return Err("object names are repeated or not the env's".into());
        }
        let known = |(_, v): &(String, Vec<String>)| {
            v.len() == data.attributes.len()
                && v.iter()
                    .enumerate()
                    .all(|(a, x)| ATTRIBUTES[a].1.contains(&x.as_str()))
        };
        if !data.objects.iter().all(known) {
            return Err("an object lacks a value of some attribute, or has one not allowed".into());
        }
        let mut seen: Vec<&Vec<String>> = data.objects.iter().map(|(_, v)| v).collect();
        seen.sort();
        seen.dedup();
        if seen.len() != n || data.hidden as usize >= n {
            return Err("two objects look alike, or the hidden one is not in the table".into());
        }
        if Solver::new(data).solve(full(n)).0 != data.optimum || data.budget <= data.optimum {
            return Err("optimum or budget does not match the table".into());
        }
        Ok(())
    }

    fn verify(&self, data: &QuestionsData, response: &str) -> Verdict {
        let answer = match extract_answer(response) {
            Ok(a) => a,
            Err(r) => return r.into(),
        };
        let named = answer.trim().trim_end_matches('.').to_lowercase();
        match data.objects.iter().position(|(name, _)| *name == named) {
            Some(i) if i == data.hidden as usize => Verdict::correct(),
            Some(_) => Verdict::wrong("not the hidden object"),
            None => Verdict::rejected(Reason::UnparsableAnswer, "the answer must name one object"),
        }
    }
}

fn full(n: usize) -> u32 {
    if n >= 32 { u32::MAX } else { (1u32 << n) - 1 }
}

/// Reads `color = red` (or `color red`, `is it red?`) into a question the table allows.
fn parse_question(data: &QuestionsData, query: &str) -> std::result::Result<Question, String> {
    let lower = query.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let mut found: Option<Question> = None;
    // Values are unique across attributes, so a value names its attribute too.
    for (a, (_, values)) in ATTRIBUTES.iter().enumerate().take(data.attributes.len()) {
        for &value in values {
            if words.contains(&value) {
                if found.is_some() {
                    return Err("ask about one value at a time".into());
                }
                found = Some((a, value.to_string()));
            }
        }
    }
    found.ok_or_else(|| {
        format!(
            "name one value of one attribute ({}), like `{} = {}`",
            data.attributes.join(", "),
            data.attributes[0],
            ATTRIBUTES[0].1[0]
        )
    })
}

impl Interactive for TwentyQuestions {
    type State = ();

    fn query(
        &self,
        data: &QuestionsData,
        _: &mut (),
        query: &str,
    ) -> std::result::Result<String, String> {
        let (a, value) = parse_question(data, query)?;
        let has = data.objects[data.hidden as usize].1[a] == value;
        Ok(if has { "Yes." } else { "No." }.to_string())
    }

    fn turn_budget(&self, data: &QuestionsData) -> u32 {
        data.budget
    }

    fn optimum(&self, data: &QuestionsData) -> u32 {
        data.optimum
    }

    fn blind(&self, data: &QuestionsData) -> QuestionsData {
        QuestionsData {
            hidden: 0,
            ..data.clone()
        }
    }

    fn optimal_agent(&self, blind: &QuestionsData) -> Box<dyn Agent> {
        Box::new(TreeWalker {
            table: blind.clone(),
            questions: questions(blind),
            solver: Solver::new(blind),
            candidates: full(blind.objects.len()),
            pending: None,
        })
    }

    fn random_query(&self, blind: &QuestionsData, rng: &mut ProblemRng) -> String {
        let a = rng.index(blind.attributes.len());
        let value = &blind.objects[rng.index(blind.objects.len())].1[a];
        format!("<query>{} = {value}</query>", blind.attributes[a])
    }

    fn random_answer(&self, blind: &QuestionsData, rng: &mut ProblemRng) -> String {
        format!(
            "<answer>{}</answer>",
            blind.objects[rng.index(blind.objects.len())].0
        )
    }
}

/// The optimal strategy: walk the solver's decision tree.
struct TreeWalker {
    table: QuestionsData,
    questions: Vec<(Question, u32)>,
    solver: Solver,
    candidates: u32,
    pending: Option<u32>,
}

impl Agent for TreeWalker {
    fn act(&mut self, observation: &str) -> String {
        if let Some(mask) = self.pending.take() {
            self.candidates &= if observation.starts_with("Yes") {
                mask
            } else {
                !mask
            };
        }
        match self.solver.solve(self.candidates) {
            (_, Some(q)) => {
                let ((a, value), mask) = &self.questions[q];
                self.pending = Some(*mask);
                format!("<query>{} = {value}</query>", self.table.attributes[*a])
            }
            (_, None) => {
                let i = self.candidates.trailing_zeros() as usize;
                let name = self
                    .table
                    .objects
                    .get(i)
                    .map_or("none", |(n, _)| n.as_str());
                format!("<answer>{name}</answer>")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(objects: &[&[&str]]) -> QuestionsData {
        QuestionsData {
            attributes: vec!["color".into(), "shape".into()],
            objects: objects
                .iter()
                .enumerate()
                .map(|(i, v)| {
                    (
                        NAMES[i].to_string(),
                        v.iter().map(|s| s.to_string()).collect(),
                    )
                })
                .collect(),
            hidden: 0,
            optimum: 0,
            budget: 0,
        }
    }

    #[test]
    fn the_optimum_matches_hand_counted_trees() {
        // Four objects split two ways by two binary attributes: two questions.
        let four = table(&[
            &["red", "round"],
            &["red", "square"],
            &["blue", "round"],
            &["blue", "square"],
        ]);
        assert_eq!(Solver::new(&four).solve(full(4)).0, 2);
        // Three colours told apart only one colour at a time: two questions in the worst case.
        let three = table(&[&["red", "round"], &["green", "round"], &["blue", "round"]]);
        assert_eq!(Solver::new(&three).solve(full(3)).0, 2);
        let two = table(&[&["red", "round"], &["red", "oval"]]);
        assert_eq!(Solver::new(&two).solve(full(2)).0, 1);
    }

    #[test]
    fn questions_name_one_value_of_the_table() {
        let t = table(&[&["red", "round"], &["blue", "square"]]);
        assert_eq!(parse_question(&t, "color = red"), Ok((0, "red".into())));
        assert_eq!(
            parse_question(&t, "Is it SQUARE?"),
            Ok((1, "square".into()))
        );
        for bad in ["", "is it purple", "red or blue", "size = tiny"] {
            assert!(parse_question(&t, bad).is_err(), "{bad:?} was accepted");
        }
    }
}
