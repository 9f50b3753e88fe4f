//! A custom env in an `EnvSet` works with grading, suites, the curriculum and probes, and a set
//! without it refuses its records by name.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use verigym::curriculum::{Curriculum, CurriculumConfig};
use verigym::grade::{self, ProblemSet, ResponseSet};
use verigym::registry::EnvSet;
use verigym::suite::{self, SuiteSpec};
use verigym::{Env, EnvParams, Generated, ProblemRng, Verdict, check_range, extract_answer};

/// Echo a number back.
struct Echo;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
struct EchoParams {
    /// The largest number.
    max: u64,
}

impl Default for EchoParams {
    fn default() -> Self {
        EchoParams { max: 100 }
    }
}

impl EnvParams for EchoParams {
    fn validate(&self) -> verigym::Result<()> {
        check_range("max", self.max, 1, 1_000_000)
    }
    fn at_level(level: f64) -> Self {
        EchoParams {
            max: 10 + (level * 100.0).floor() as u64,
        }
    }
}

impl Env for Echo {
    const ID: &'static str = "echo";
    const VERSION: u32 = 1;
    const SUMMARY: &'static str = "repeat a number";
    type Params = EchoParams;
    type Data = u64;

    fn generate(&self, params: &EchoParams, rng: &mut ProblemRng) -> Generated<u64> {
        let n = rng.in_range(0, params.max);
        Generated {
            prompt: format!("Say {n} as <answer>N</answer>."),
            answer: n.to_string(),
            difficulty: params.max,
            data: n,
        }
    }

    fn verify(&self, n: &u64, response: &str) -> Verdict {
        match extract_answer(response) {
            Ok(a) if a == n.to_string() => Verdict::correct(),
            Ok(_) => Verdict::wrong("wrong number"),
            Err(rejection) => rejection.into(),
        }
    }
}

fn envs() -> EnvSet {
    EnvSet::shipped().with(&Echo).unwrap()
}

#[test]
fn a_custom_env_id_cannot_shadow_a_shipped_one_or_be_added_twice() {
    let err = envs().with(&Echo).err().unwrap().to_string();
    assert!(err.contains("`echo`"), "{err}");
    let modarith = EnvSet::shipped().find("modarith").unwrap();
    assert!(EnvSet::shipped().with(modarith).is_err());
}

#[test]
fn the_curriculum_and_grading_use_a_custom_env() {
    let envs = envs();
    assert!(Curriculum::new(CurriculumConfig::single("echo", 3)).is_err());
    let mut curriculum = Curriculum::with_envs(CurriculumConfig::single("echo", 3), &envs).unwrap();
    let batch = curriculum.next(3).unwrap();
    let mut problems = String::new();
    let mut responses = String::new();
    for (i, record) in batch.iter().enumerate() {
        assert_eq!(record.env, "echo");
        problems += &(serde_json::to_string(record).unwrap() + "\n");
        let answer = if i == 0 { "nope" } else { &record.answer };
        responses += &format!(
            "{{\"id\":\"{}\",\"response\":\"<answer>{answer}</answer>\"}}\n",
            record.id
        );
        curriculum.record(&record.id, &[1.0, 0.0]).unwrap();
    }
    let state = curriculum.state();
    assert!(Curriculum::restore(state.clone()).is_err());
    Curriculum::restore_with_envs(state, &envs).unwrap();

    let err = ProblemSet::from_jsonl(problems.as_bytes(), "p.jsonl", &EnvSet::shipped())
        .err()
        .unwrap()
        .to_string();
    assert!(
        err.contains("p.jsonl line 1") && err.contains("`echo`"),
        "{err}"
    );
    let problems = ProblemSet::from_jsonl(problems.as_bytes(), "p.jsonl", &envs).unwrap();
    let responses = ResponseSet::from_jsonl(responses.as_bytes(), "r.jsonl", &problems).unwrap();
    let graded = grade::grade(&problems, &responses);
    let correct: Vec<bool> = graded.iter().map(|g| g.verdict.correct).collect();
    assert_eq!(correct, [false, true, true]);
}

#[test]
fn suites_build_and_check_a_custom_env() {
    let text = "name = \"mine\"\nversion = 1\n\n[[entries]]\nenv = \"echo\"\nlevel = 3.0\nseed = 5\ncount = 4\n";
    let err = SuiteSpec::from_toml(text, "mine.toml", &EnvSet::shipped())
        .unwrap_err()
        .to_string();
    assert!(err.contains("`echo`"), "{err}");
    let envs = envs();
    let built = SuiteSpec::from_toml(text, "mine.toml", &envs)
        .unwrap()
        .build(&envs)
        .unwrap();
    assert_eq!(built.manifest.env_versions["echo"], 1);
    let dir = tempfile::tempdir().unwrap();
    built.write(dir.path()).unwrap();
    assert_eq!(suite::check(dir.path(), &envs).unwrap(), built.manifest);
    assert!(suite::check(dir.path(), &EnvSet::shipped()).is_err());
}

#[test]
fn probes_judge_a_custom_env() {
    let report = verigym::probe::probe_env(&Echo, 8, 1).unwrap();
    assert_eq!(report.env, "echo");
    assert!(report.positives > 0 && report.negatives > 0);
    assert_eq!(report.j, 1.0, "{:?}", report.misjudged);
}
