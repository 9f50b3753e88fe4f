//! Verifying a group of `repo_fix` answers with one compile: every distinct fixed function body
//! becomes a run-time-selectable arm of the buggy library (mutant schemata), the hidden strong
//! suite runs once per answer in its own sandboxed process, and an answer whose code does not
//! compile is found from the compiler's error spans and scored 0 without sinking the rest of the
//! group.
//!
//! Outcomes come from the sealed harness ([`verigym_repo::seal`]), never from what the answer's
//! code prints. Each answer's run has its own CPU and wall limits and its own process group, so a
//! blocked or endless answer scores 0 (`timeout`) in seconds and costs its siblings nothing. The
//! compiler runs under [`CompileLimits::for_answers`]; when a group's build ends at a limit or
//! with an error no answer can be blamed for, the group is split in four and each part judged
//! on its own, recursively, so one compile-time bomb costs a group a bounded few builds.

use std::collections::BTreeMap;
use std::time::Duration;

use rayon::prelude::*;
use serde_json::json;

use super::RepoFixData;
use super::answer::{self, Fix};
use verigym_core::extract::Rejection;
use verigym_core::verdict::{Reason, Verdict};
use verigym_repo::RepoError;
use verigym_repo::audit::{self, Outcome, SuiteRun};
use verigym_repo::mutate::{self, Analysis};
use verigym_repo::rustc::{self, Build, CompileLimits, Profile};
use verigym_repo::sandbox::Limits;
use verigym_repo::schemata::{FUEL_EXHAUSTED, Fuel};
use verigym_repo::seal::{self, SealedSuite};

/// Sandbox limits for one answer's run. A strong suite runs in milliseconds of CPU; fuel stops
/// loops in the fix's own code, the CPU limit the rest (an endless iterator chain), and the wall
/// limit code that blocks without using CPU (a channel or lock that never completes).
pub const RUN_LIMITS: Limits = Limits {
    cpu_seconds: 2,
    address_space_mib: 2048,
    file_size_kib: 1024,
    open_files: 64,
    wall: Duration::from_secs(3),
    output_cap: 64 * 1024,
};

/// How many failing tests' messages a verdict's detail carries.
const MESSAGE_IN_DETAIL: usize = 5;

/// One answer on its way through a build: rejected before it, or its selected arms.
enum Slot {
    Done(Verdict),
    Pending(Vec<u32>),
}

impl Slot {
    fn unwrap_done(self) -> Verdict {
        match self {
            Slot::Done(v) => v,
            Slot::Pending(_) => Verdict::rejected(Reason::VerifierError, "left unjudged"),
        }
    }
}

/// How many parts a group is split into when its build fails without a culprit.
const SPLIT: usize = 4;

/// Verifies each response to one problem; verdicts in the order of `responses`.
pub fn verify_group(data: &RepoFixData, responses: &[&str]) -> Vec<Verdict> {
    if let Some(k) = &data.krate {
        return super::real_crate::verify_group(data, k, responses);
    }
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
    let sealed = match seal::seal_suite(&data.suite) {
        Ok(s) => s,
        Err(e) => {
            let v = Verdict::rejected(
                Reason::VerifierError,
                format!("the record's suite cannot be sealed: {e}"),
            );
            return vec![v; responses.len()];
        }
    };
    let mut verdicts: Vec<Option<Verdict>> = vec![None; responses.len()];
    let mut pending: Vec<(usize, Vec<Fix>)> = Vec::new();
    let names: Vec<&str> = data.bugs.iter().map(|b| b.function.as_str()).collect();
    for (i, r) in responses.iter().enumerate() {
        match answer::read_spread(
            r,
            &data.library,
            &analysis.functions,
            &names,
            answer::Linked::MINI,
        ) {
            Err(rejection) => verdicts[i] = Some(rejection.into()),
            Ok(fixes) => pending.push((i, fixes)),
        }
    }
    let judged = judge_fixes(data, &analysis, &sealed, &pending);
    for ((i, _), v) in pending.iter().zip(judged) {
        verdicts[*i] = Some(v);
    }
    verdicts
        .into_iter()
        .map(|v| v.unwrap_or_else(|| Verdict::rejected(Reason::VerifierError, "left unjudged")))
        .collect()
}

/// Judges answers given as ready fixes, each a list of (library function, replacement `fn` item),
/// without the answer policy. For tests of the runner's own defences, which must hold even when
/// the policy lets something through; never a way to score model output.
pub fn verify_unscreened(data: &RepoFixData, answers: &[Vec<(String, String)>]) -> Vec<Verdict> {
    let mut analysis = match mutate::analyze(&data.library, "src/lib.rs") {
        Ok(a) => a,
        Err(e) => {
            return vec![Verdict::rejected(Reason::VerifierError, e.to_string()); answers.len()];
        }
    };
    analysis.mutants.clear();
    let sealed = match seal::seal_suite(&data.suite) {
        Ok(s) => s,
        Err(e) => return vec![Verdict::rejected(Reason::VerifierError, e); answers.len()],
    };
    let pending: Vec<(usize, Vec<Fix>)> = answers
        .iter()
        .enumerate()
        .map(|(i, fixes)| {
            let fixes = fixes
                .iter()
                .map(|(function, item)| Fix {
                    function: function.clone(),
                    item: item.clone(),
                })
                .collect();
            (i, fixes)
        })
        .collect();
    judge_fixes(data, &analysis, &sealed, &pending)
}

/// Judges answers that passed the policy, with one build; verdicts in the order of `answers`.
fn judge_fixes(
    data: &RepoFixData,
    base: &Analysis,
    sealed: &SealedSuite,
    answers: &[(usize, Vec<Fix>)],
) -> Vec<Verdict> {
    if answers.is_empty() {
        return Vec::new();
    }
    let mut analysis = base.clone();
    // Identical fixes share one arm: GRPO groups often repeat answers.
    let mut arms: BTreeMap<(String, String), u32> = BTreeMap::new();
    let slots: Vec<Slot> = answers
        .iter()
        .map(
            |(_, fixes)| match add_arms(&mut analysis, &mut arms, fixes) {
                Ok(ordinals) => Slot::Pending(ordinals),
                Err(rejection) => Slot::Done(rejection.into()),
            },
        )
        .collect();
    if slots.iter().all(|s| matches!(s, Slot::Done(_))) {
        return slots.into_iter().map(Slot::unwrap_done).collect();
    }
    let built = rustc::compile_limited(
        &analysis,
        "strong",
        &sealed.text,
        &[],
        Fuel::default(),
        Profile::Quick,
        &CompileLimits::for_answers(answers.len()),
    );
    match built {
        Ok(build) => run_all(data, sealed, &build, slots),
        Err(RepoError::Compile { .. } | RepoError::CompilerLimit(_)) if answers.len() > 1 => {
            // No answer could be blamed (or the compiler hit a limit): judge parts on their own.
            let part = answers.len().div_ceil(SPLIT);
            let parts: Vec<Vec<Verdict>> = answers
                .par_chunks(part)
                .map(|c| judge_fixes(data, base, sealed, c))
                .collect();
            parts.into_iter().flatten().collect()
        }
        Err(RepoError::Compile { message, .. }) => vec![Verdict::with(
            Reason::CompileError,
            format!("the fix does not compile: {message}"),
        )],
        Err(RepoError::CompilerLimit(why)) => vec![Verdict::with(
            Reason::CompileError,
            format!("the fix cannot be compiled within the compiler's limits: {why}"),
        )],
        Err(e) => vec![Verdict::rejected(Reason::VerifierError, e.to_string()); answers.len()],
    }
}

/// Adds one arm per fixed function (reusing identical ones) and returns the answer's ordinals.
pub(super) fn add_arms(
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

/// Scores answers whose arms compiled, running each one's suite in its own sandboxed process
/// (in parallel), and marks the rest.
fn run_all(
    data: &RepoFixData,
    sealed: &SealedSuite,
    build: &Build,
    slots: Vec<Slot>,
) -> Vec<Verdict> {
    let blamed: BTreeMap<u32, &str> = build
        .unviable
        .iter()
        .map(|u| (u.ordinal, u.reason.as_str()))
        .collect();
    slots
        .into_par_iter()
        .map(|slot| {
            let ordinals = match slot {
                Slot::Done(v) => return v,
                Slot::Pending(ordinals) => ordinals,
            };
            if let Some(reason) = ordinals.iter().find_map(|o| blamed.get(o)) {
                return Verdict::with(
                    Reason::CompileError,
                    format!("the fix does not compile: {reason}"),
                );
            }
            let selection: Vec<String> = ordinals.iter().map(u32::to_string).collect();
            match seal::run_sealed(
                &build.binary,
                &sealed.tests,
                &selection.join(","),
                &RUN_LIMITS,
            ) {
                Ok(run) => judge(data, &run, &RUN_LIMITS),
                Err(e) => Verdict::rejected(Reason::VerifierError, e.to_string()),
            }
        })
        .collect()
}

/// Correct when every hidden test ran and passed and the test process exited cleanly; `limits`
/// are the ones the run had, for the messages.
pub(super) fn judge(data: &RepoFixData, run: &SuiteRun, limits: &Limits) -> Verdict {
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
        .take(MESSAGE_IN_DETAIL)
        .collect();
    let detail = json!({
        "tests_passed": passed,
        "tests_total": total,
        "pass_fraction": if total == 0 { 0.0 } else { passed as f64 / total as f64 },
        "failing": failing,
        "timeouts": timeouts,
        "messages": messages,
    });
    if passed == total && run.output.success() && !run.output.wall_killed {
        return Verdict::correct().with_detail(detail);
    }
    let out = &run.output;
    if out.wall_killed {
        return Verdict::with(
            Reason::Timeout,
            format!(
                "the tests did not finish within {} s of wall time (more on a loaded machine): \
                 blocked on a lock or a channel, or sleeping? {passed} of {total} hidden tests \
                 passed",
                limits.wall.as_secs()
            ),
        )
        .with_detail(detail);
    }
    if matches!(out.signal, Some(24 | 9)) {
        return Verdict::with(
            Reason::Timeout,
            format!(
                "the tests used more than {} CPU seconds (an endless loop?); {passed} of {total} \
                 hidden tests passed",
                limits.cpu_seconds
            ),
        )
        .with_detail(detail);
    }
    if let Some(t) = timeouts.first() {
        return Verdict::with(
            Reason::Timeout,
            format!("`{t}` ran out of fuel ({FUEL_EXHAUSTED}: an endless loop or recursion)"),
        )
        .with_detail(detail);
    }
    let message = if let Some(reason) = out.abnormal_reason() {
        format!("the test process died: {reason}; {passed} of {total} hidden tests passed")
    } else if let Some(t) = failing
        .iter()
        .find(|t| outcome(t).is_some())
        .or(failing.first())
    {
        let why = match outcome(t) {
            Some(Outcome::Failed(m) | Outcome::Crashed(m)) => audit::first_line(m).to_owned(),
            _ => "did not run".to_owned(),
        };
        if out.code == Some(verigym_repo::krate::sealing::FAIL_FAST_EXIT) {
            // A crate's run stops at its first failure (`sealing::FAIL_FAST_ENV`).
            format!(
                "`{t}` fails: {why} (the run stopped there; {passed} of {total} tests passed before it)"
            )
        } else {
            format!("{passed} of {total} hidden tests pass; `{t}` fails: {why}")
        }
    } else {
        format!(
            "the test process exited with {:?} after all {total} hidden tests passed",
            run.output.code
        )
    };
    Verdict::wrong(message).with_detail(detail)
}
