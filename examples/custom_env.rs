//! Your own env: implement `Env` (the 50 lines down to `main`), add it to an `EnvSet`, and the
//! curriculum, grading, suites and probes use it as they use a shipped env.
//! Run: `cargo run --example custom_env`

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use verigym::curriculum::{Curriculum, CurriculumConfig};
use verigym::grade::{self, ProblemSet, ResponseSet};
use verigym::registry::EnvSet;
use verigym::{
    Env, EnvParams, Generated, ProblemRng, Reason, Verdict, check_range, extract_answer,
};

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
        match extract_answer(response).map(|a| a.parse::<u64>()) {
            Err(rejection) => rejection.into(),
            Ok(Ok(n)) if n == terms.iter().sum::<u64>() => Verdict::correct(),
            Ok(Ok(_)) => Verdict::wrong("wrong sum"),
            Ok(Err(_)) => Verdict::rejected(Reason::UnparsableAnswer, "not a whole number"),
        }
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // The shipped envs plus ours; `Sum` is a unit struct, so `&Sum` is `'static`.
    let envs = EnvSet::shipped().with(&Sum)?;
    let mut curriculum = Curriculum::with_envs(CurriculumConfig::single("sum", 7), &envs)?;
    let batch = curriculum.next(4)?;
    let (mut problems, mut responses) = (String::new(), String::new());
    for record in &batch {
        problems += &(serde_json::to_string(record)? + "\n");
        let response = format!("<answer>{}</answer>", record.answer);
        responses += &(serde_json::json!({ "id": record.id, "response": response }).to_string());
        responses += "\n";
        curriculum.record(&record.id, &[1.0])?;
    }
    // Grading resolves env ids through the same set.
    let problems = ProblemSet::from_jsonl(problems.as_bytes(), "problems", &envs)?;
    let responses = ResponseSet::from_jsonl(responses.as_bytes(), "responses", &problems)?;
    let graded = grade::grade(&problems, &responses);
    let right = graded.iter().filter(|g| g.verdict.correct).count();
    println!("{right} of {} reference answers verify", graded.len());
    let level = curriculum.telemetry().envs[0].level;
    println!("the curriculum's level for `sum` after one round: {level:.2}");
    Ok(())
}
