//! A custom env in about 60 lines: implement `Env` and the library gives it seeding, records,
//! extraction, verification and JSONL streaming like any shipped env.
//! Run: `cargo run --example custom_env`

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use verigym::core::error::check_range;
use verigym::{Env, EnvParams, Generated, Generator, ProblemRng, Reason, Verdict, extract_answer};

/// Add up a list of numbers.
struct Sum;

/// Params of `Sum`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
struct SumParams {
    /// How many numbers to add.
    terms: u32,
}

impl Default for SumParams {
    fn default() -> Self {
        SumParams { terms: 3 }
    }
}

impl EnvParams for SumParams {
    fn validate(&self) -> verigym::Result<()> {
        check_range("terms", self.terms, 2, 50)
    }
    fn at_level(level: f64) -> Self {
        SumParams {
            terms: 2 + (4.8 * level).floor() as u32,
        }
    }
}

impl Env for Sum {
    const ID: &'static str = "sum";
    const VERSION: u32 = 1;
    const SUMMARY: &'static str = "add a list of numbers";
    type Params = SumParams;
    type Data = Vec<u64>;

    fn generate(&self, params: &SumParams, rng: &mut ProblemRng) -> Generated<Vec<u64>> {
        let terms: Vec<u64> = (0..params.terms).map(|_| rng.in_range(1, 999)).collect();
        let list: Vec<String> = terms.iter().map(u64::to_string).collect();
        Generated {
            prompt: format!("Add {}. Answer as <answer>N</answer>.", list.join(" + ")),
            answer: terms.iter().sum::<u64>().to_string(),
            difficulty: u64::from(params.terms),
            data: terms,
        }
    }

    fn verify(&self, terms: &Vec<u64>, response: &str) -> Verdict {
        let answer = match extract_answer(response) {
            Ok(answer) => answer,
            Err(rejection) => return rejection.into(),
        };
        match answer.parse::<u64>() {
            Ok(n) if n == terms.iter().sum::<u64>() => Verdict::correct(),
            Ok(_) => Verdict::wrong("wrong sum"),
            Err(_) => Verdict::rejected(Reason::UnparsableAnswer, "not a whole number"),
        }
    }
}

fn main() -> verigym::Result<()> {
    let generator = Generator::new(&Sum, SumParams { terms: 4 }, 7)?;
    let mut jsonl = Vec::new();
    generator.write_jsonl(0, &mut jsonl);
    print!("{}", String::from_utf8_lossy(&jsonl));
    let problem = generator.problem(0);
    let verdict = Sum.verify(
        &problem.data,
        &format!("<answer>{}</answer>", problem.answer),
    );
    println!("reference answer verifies: {}", verdict.correct);
    Ok(())
}
