//! Verifier quality: every registered env scores J = 1 on every probe family, and a loosened
//! verifier is caught.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use verigym::probe::probe_env;
use verigym::{Env, EnvParams, Generated, ProbeAnswers, ProblemRng, Verdict, registry};

#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn every_env_has_youden_j_of_one() {
    for env in registry::envs() {
        let report = probe_env(*env, 40, 11).unwrap();
        assert!(
            report.misjudged.is_empty(),
            "{}: J = {}; misjudged: {:#?}",
            env.id(),
            report.j,
            &report.misjudged[..report.misjudged.len().min(5)]
        );
        assert_eq!(report.j, 1.0);
        assert_eq!(report.fpr, 0.0);
        // Realistic forms are probed for every env and all accepted.
        assert!(report.realistic > 0, "{}: no realistic forms", env.id());
        assert_eq!(report.realistic_tpr, 1.0, "{}", env.id());
        assert!(
            report.families.len() >= 20,
            "{}: only {} families",
            env.id(),
            report.families.len()
        );
    }
}

/// The README's `verigym probe -n 200` once failed on hanoi at seed 0: where the optimum is one
/// move, the first near miss is the empty plan, and the probe built `<answer>3 -> 2, </answer>`
/// from it and called that wrong, while it is the right plan with a trailing comma.
#[test]
fn hanoi_at_the_readmes_probe_size_is_probed_soundly() {
    let hanoi = registry::find("hanoi").unwrap();
    let report = probe_env(hanoi, 200, 0).unwrap();
    assert!(
        report.misjudged.is_empty(),
        "misjudged: {:#?}",
        &report.misjudged[..report.misjudged.len().min(5)]
    );
}

/// The classic loose checker: "does the response contain the right number anywhere?"
struct Substring;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
struct NoParams {}

impl EnvParams for NoParams {
    fn validate(&self) -> verigym::Result<()> {
        Ok(())
    }
    fn at_level(_: f64) -> Self {
        NoParams {}
    }
}

impl Env for Substring {
    const ID: &'static str = "substring";
    const VERSION: u32 = 1;
    const SUMMARY: &'static str = "a deliberately loose verifier";
    type Params = NoParams;
    type Data = u64;

    fn generate(&self, _: &NoParams, rng: &mut ProblemRng) -> Generated<u64> {
        let n = rng.in_range(10, 99);
        Generated {
            prompt: format!("Say {n}."),
            answer: n.to_string(),
            data: n,
            difficulty: 1,
        }
    }

    fn verify(&self, n: &u64, response: &str) -> Verdict {
        if response.contains(&n.to_string()) {
            Verdict::correct()
        } else {
            Verdict::wrong("missing")
        }
    }

    fn probe_answers(&self, n: &u64, _: &str, _: &str) -> ProbeAnswers {
        ProbeAnswers {
            equivalent: vec![],
            near_miss: vec![("off_by_one", (n + 1).to_string())],
            realistic: vec![],
        }
    }
}

#[test]
fn a_loose_verifier_is_caught() {
    let report = probe_env(&Substring, 20, 1).unwrap();
    assert!(report.j < 0.5, "J = {}", report.j);
    let families: Vec<&str> = report.misjudged.iter().map(|m| m.family.as_str()).collect();
    for hack in [
        "no_marker",
        "only_in_think",
        "duplicated_tags",
        "several_candidates_or",
        "padded",
    ] {
        assert!(families.contains(&hack), "{hack} not caught: {families:?}");
    }
}
