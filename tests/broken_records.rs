//! A record whose data does not fit its env, or breaks the env's invariants, is judged a
//! `verifier_error` in every env: never the model's fault, and never a crash of the run.

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
    let cases: [(&str, fn(&mut Value)); 5] = [
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
