//! Records as a verifier reads them. A record whose data does not fit its env, or breaks the env's
//! invariants, is judged a `verifier_error` in every env: never the model's fault, and never a
//! crash of the run. Records of an older env version are judged only where the env declares its
//! data layout unchanged (`Env::COMPATIBLE_SINCE`).

use serde_json::{Map, Value, json};
use verigym::{Reason, registry};

fn record(env: &str, seed: u64) -> Value {
    let generator = registry::find(env)
        .unwrap()
        .generator(Some(3.0), &Map::new(), seed)
        .unwrap();
    serde_json::to_value(generator.record(0)).unwrap()
}

fn verdict_for(env: &str, record: &Value) -> Reason {
    let problem = registry::find(env)
        .unwrap()
        .load_problem(&record.to_string())
        .unwrap();
    let response = format!("<answer>{}</answer>", problem.answer());
    let one = problem.verify(&response).reason;
    let group = problem.verify_group(&[&response, "x"]);
    assert!(
        group
            .iter()
            .all(|v| v.reason == one && v.score == 0.0 || one == Reason::Correct)
    );
    one
}

#[test]
fn data_that_does_not_deserialize_is_a_verifier_error_in_every_env() {
    for env in registry::envs() {
        let mut r = record(env.id(), 1);
        assert_ne!(
            verdict_for(env.id(), &r),
            Reason::VerifierError,
            "{}",
            env.id()
        );
        r["data"] = json!({"not": "this env's data"});
        assert_eq!(
            verdict_for(env.id(), &r),
            Reason::VerifierError,
            "{}",
            env.id()
        );
    }
}

#[test]
fn data_that_breaks_an_invariant_is_a_verifier_error() {
    type Corrupt = fn(&mut Value);
    let cases: [(&str, Corrupt); 5] = [
        ("modarith", |d| {
            let v = d["steps"][0]["value"].as_u64().unwrap();
            d["steps"][0]["value"] = json!(v ^ 1);
        }),
        ("modarith", |d| d["modulus"] = json!(100)),
        ("sat", |d| {
            let planted: Vec<bool> = serde_json::from_value(d["planted"].clone()).unwrap();
            let n = planted.len() as i64;
            // A clause the planted assignment falsifies.
            let clause: Vec<i64> = (1..=n.min(3))
                .map(|v| if planted[v as usize - 1] { -v } else { v })
                .collect();
            d["clauses"].as_array_mut().unwrap().push(json!(clause));
        }),
        ("countdown", |d| {
            let t = d["target"].as_u64().unwrap();
            d["target"] = json!(t + 1);
        }),
        ("countdown", |d| d["numbers"] = json!([7])),
    ];
    for (env, corrupt) in cases {
        let mut r = record(env, 2);
        corrupt(&mut r["data"]);
        assert_eq!(
            verdict_for(env, &r),
            Reason::VerifierError,
            "{env}: {}",
            r["data"]
        );
    }
}

/// Real v1 records (copied from the v1 golden files before the v2 bump) of the envs whose v2 only
/// widened the accepted forms: still loaded, and judged by the v2 grammar.
#[test]
fn v1_records_of_widened_envs_are_judged_by_the_new_grammar() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/v1-records.jsonl");
    let text = std::fs::read_to_string(path).unwrap();
    let mut seen = Vec::new();
    for line in text.lines() {
        let record: Value = serde_json::from_str(line).unwrap();
        let env_id = record["env"].as_str().unwrap();
        assert_eq!(record["env_version"], 1);
        let env = registry::find(env_id).unwrap();
        assert_eq!(env.version(), 2, "{env_id}");
        let problem = env.load_problem(line).unwrap();
        let answer = problem.answer().to_owned();
        assert!(
            problem
                .verify(&format!("<answer>{answer}</answer>"))
                .correct
        );
        // A v2-only form on a v1 record.
        assert!(
            problem
                .verify(&format!("<ANSWER>**{answer}**.</ANSWER>"))
                .correct,
            "{env_id}"
        );
        assert!(!problem.verify("<answer>0</answer>").correct || env_id == "modarith");
        seen.push(env_id.to_owned());
        // A version this build never made is refused, not judged.
        for bad in [0, 3] {
            let mut r = record.clone();
            r["env_version"] = json!(bad);
            let e = env.load_problem(&r.to_string()).err().unwrap().to_string();
            assert!(e.contains(&format!("{env_id} v{bad}")), "{e}");
        }
    }
    assert_eq!(
        seen,
        [
            "modarith",
            "sat",
            "countdown",
            "knights_knaves",
            "zebra",
            "sudoku",
            "graph_coloring"
        ]
    );
}
