//! Verifying a group of `repo_fix` answers with one compile: every distinct fixed function body
//! becomes a run-time-selectable arm of the buggy library (mutant schemata), the hidden strong
//! suite runs once per answer in the sandbox, and an answer whose code does not compile is found
//! from the compiler's error spans and scored 0 without sinking the rest of the group.

use std::collections::BTreeMap;
use std::time::Duration;

use rayon::prelude::*;
use serde_json::json;

use super::RepoFixData;
use super::answer::{self, Fix};
use crate::core::extract::Rejection;
use crate::core::verdict::{Reason, Verdict};
use crate::repo::RepoError;
use crate::repo::audit::{self, Outcome, SuiteRun};
use crate::repo::mutate::{self, Analysis};
use crate::repo::rustc::{self, Build, Profile};
use crate::repo::sandbox::Limits;
use crate::repo::schemata::{FUEL_EXHAUSTED, Fuel};

/// Sandbox limits for candidate runs. A strong suite runs in milliseconds; fuel stops loops in
/// the fix's own code, and the CPU limit stops the rest (an endless iterator chain) early.
fn limits() -> Limits {
    Limits {
        cpu_seconds: 5,
        wall: Duration::from_secs(30),
        ..Limits::default()
    }
}

/// How many failing tests' messages a verdict's detail carries.
const MESSAGES_IN_DETAIL: usize = 5;

/// One answer on its way through the group: rejected early, or its selected arms.
enum Slot {
    Done(Verdict),
    Pending(Vec<u32>),
}

/// Verifies each response to one problem; verdicts in the order of `responses`.
pub fn verify_group(data: &RepoFixData, responses: &[&str]) -> Vec<Verdict> {
    let mut analysis = match mutate::analyze(&data.library, "src/lib.rs") {
        Ok(a) => a,
        Err(e) => {
            let v = Verdict::rejected(
                Reason::VerifierError,
                format!("the record's library does not parse: {e}"),
            );
            return vec![v; responses.len()];
        }
    };
    analysis.mutants.clear();
    // Identical fixes share one arm: GRPO groups often repeat answers.
    let mut arms: BTreeMap<(String, String), u32> = BTreeMap::new();
    let mut slots: Vec<Slot> = responses
        .iter()
        .map(
            |r| match answer::read(r, &data.library, &analysis.functions) {
                Err(rejection) => Slot::Done(rejection.into()),
                Ok(fixes) => match add_arms(&mut analysis, &mut arms, &fixes) {
                    Ok(ordinals) => Slot::Pending(ordinals),
                    Err(rejection) => Slot::Done(rejection.into()),
                },
            },
        )
        .collect();
    let pending: Vec<usize> = (0..slots.len())
        .filter(|&i| matches!(slots[i], Slot::Pending(_)))
        .collect();
    if pending.is_empty() {
        return finish(slots);
    }
    match rustc::compile(
        &analysis,
        "strong",
        &data.suite,
        &[],
        Fuel::default(),
        Profile::Quick,
    ) {
        Ok(build) => run_pending(data, &build, &mut slots, &pending),
        Err(RepoError::Compile { .. }) if pending.len() > 1 => {
            // The compiler could not pin the error on one arm: isolate each answer.
            for &i in &pending {
                slots[i] = Slot::Done(verify_group(data, &[responses[i]]).remove(0));
            }
        }
        Err(RepoError::Compile { message, .. }) => {
            slots[pending[0]] = Slot::Done(Verdict::with(
                Reason::CompileError,
                format!("the fix does not compile: {message}"),
            ));
        }
        Err(e) => {
            for &i in &pending {
                slots[i] = Slot::Done(Verdict::rejected(Reason::VerifierError, e.to_string()));
            }
        }
    }
    finish(slots)
}

/// Adds one arm per fixed function (reusing identical ones) and returns the answer's ordinals.
fn add_arms(
    analysis: &mut Analysis,
    arms: &mut BTreeMap<(String, String), u32>,
    fixes: &[Fix],
) -> Result<Vec<u32>, Rejection> {
    let mut ordinals = Vec::with_capacity(fixes.len());
    for fix in fixes {
        let key = (fix.function.clone(), fix.item.clone());
        let ordinal = match arms.get(&key) {
            Some(&o) => o,
            None => {
                let o = analysis
                    .add_variant(&fix.function, &fix.item)
                    .map_err(|e| Rejection::new(Reason::UnparsableAnswer, e))?;
                arms.insert(key, o);
                o
            }
        };
        ordinals.push(ordinal);
    }
    Ok(ordinals)
}

/// Scores answers whose arms compiled, runs the suite for each, and marks the rest.
fn run_pending(data: &RepoFixData, build: &Build, slots: &mut [Slot], pending: &[usize]) {
    let blamed: BTreeMap<u32, &str> = build
        .unviable
        .iter()
        .map(|u| (u.ordinal, u.reason.as_str()))
        .collect();
    let mut runnable = Vec::new();
    for &i in pending {
        let Slot::Pending(ordinals) = &slots[i] else {
            continue;
        };
        if let Some(reason) = ordinals.iter().find_map(|o| blamed.get(o)) {
            slots[i] = Slot::Done(Verdict::with(
                Reason::CompileError,
                format!("the fix does not compile: {reason}"),
            ));
        } else {
            let selection: Vec<String> = ordinals.iter().map(u32::to_string).collect();
            runnable.push((i, selection.join(",")));
        }
    }
    if runnable.is_empty() {
        return;
    }
    let limits = limits();
    let chunk = runnable.len().div_ceil(rayon::current_num_threads()).max(1);
    let results: Vec<Result<Vec<SuiteRun>, RepoError>> = runnable
        .par_chunks(chunk)
        .map(|c| {
            let selections: Vec<String> = c.iter().map(|(_, s)| s.clone()).collect();
            audit::run_selections(build, &selections, None, &limits)
        })
        .collect();
    for (c, result) in runnable.chunks(chunk).zip(results) {
        match result {
            Ok(runs) => {
                for ((i, _), run) in c.iter().zip(runs) {
                    slots[*i] = Slot::Done(judge(data, &run));
                }
            }
            Err(e) => {
                for (i, _) in c {
                    slots[*i] = Slot::Done(Verdict::rejected(Reason::VerifierError, e.to_string()));
                }
            }
        }
    }
}

/// Correct when every hidden test ran and passed and the test process exited cleanly.
fn judge(data: &RepoFixData, run: &SuiteRun) -> Verdict {
    let outcome = |name: &str| {
        run.tests
            .iter()
            .find(|t| t.name == name)
            .map(|t| &t.outcome)
    };
    let mut failing = Vec::new();
    let mut timeouts = Vec::new();
    let mut passed = 0usize;
    for name in &data.tests {
        match outcome(name) {
            Some(Outcome::Passed) => passed += 1,
            Some(Outcome::Timeout) => timeouts.push(name.as_str()),
            _ => failing.push(name.as_str()),
        }
    }
    let total = data.tests.len();
    // The first few failure messages: feedback for multi-turn agents and for debugging.
    let messages: Vec<serde_json::Value> = failing
        .iter()
        .filter_map(|t| match outcome(t) {
            Some(Outcome::Failed(m) | Outcome::Crashed(m)) => {
                Some(json!({ "test": t, "message": m }))
            }
            _ => None,
        })
        .take(MESSAGES_IN_DETAIL)
        .collect();
    let detail = json!({
        "tests_passed": passed,
        "tests_total": total,
        "pass_fraction": if total == 0 { 0.0 } else { passed as f64 / total as f64 },
        "failing": failing,
        "timeouts": timeouts,
        "messages": messages,
    });
    if passed == total && run.output.success() {
        return Verdict::correct().with_detail(detail);
    }
    let message = if let Some(reason) = run.output.abnormal_reason() {
        format!("the test process died: {reason}; {passed} of {total} hidden tests passed")
    } else if let Some(t) = timeouts.first() {
        format!("`{t}` ran out of fuel ({FUEL_EXHAUSTED}: an endless loop or recursion)")
    } else if let Some(t) = failing.first() {
        let why = match outcome(t) {
            Some(Outcome::Failed(m) | Outcome::Crashed(m)) => audit::first_line(m).to_owned(),
            _ => "did not run".to_owned(),
        };
        format!("{passed} of {total} hidden tests pass; `{t}` fails: {why}")
    } else {
        format!("the test binary exited with {:?}", run.output.code)
    };
    Verdict::wrong(message).with_detail(detail)
}

fn finish(slots: Vec<Slot>) -> Vec<Verdict> {
    slots
        .into_iter()
        .map(|s| match s {
            Slot::Done(v) => v,
            Slot::Pending(_) => Verdict::rejected(Reason::VerifierError, "left unjudged"),
        })
        .collect()
}
