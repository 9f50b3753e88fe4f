//! Verifier quality probes: for generated problems, responses that must be accepted (the right
//! answer in every form the protocol allows) and responses that must be rejected (near misses and
//! known hacks), scored as TPR, FPR and Youden's J = TPR − FPR, with every misjudged probe listed.
//!
//! The *realistic forms* family (`realistic:*`) holds correct answers written the way models and
//! people write them (Markdown, tag case, lists, LaTeX, phrasing): the protocol-level forms below
//! for every tagged env plus each env's [`verigym_core::env::ProbeAnswers::realistic`]. They count
//! as positives, and their TPR is also reported on its own: a verifier that only accepts the forms
//! it chose measures formatting, not the task.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Map;

use crate::progress::{NoProgress, Progress};
use crate::registry::EnvSet;
use rayon::prelude::*;
use verigym_core::dyn_env::{DynEnv, DynProblem};
use verigym_core::env::{AnswerFormat, ProbeAnswers};
use verigym_core::error::Result;
use verigym_core::extract::MAX_RESPONSE_BYTES;

/// One probe response and the judgement it must get.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Probe {
    /// The family, such as `boxed` or `duplicated_tags`.
    pub family: String,
    /// Whether a correct verifier accepts it.
    pub should_accept: bool,
    /// Whether it is a realistic form (family `realistic:*`), reported with its own TPR.
    pub realistic: bool,
    /// The response text.
    pub response: String,
}

/// Builds every probe for one problem: the protocol-level families for any env, plus the env's own
/// equivalent forms and near misses. `foreign` is another problem's reference answer.
pub fn probes_for(problem: &dyn DynProblem, foreign: &str) -> Vec<Probe> {
    match problem.answer_format() {
        AnswerFormat::Tagged => tagged_probes(problem, foreign),
        AnswerFormat::CodeBlock(lang) => code_block_probes(problem, foreign, lang),
    }
}

/// Probes for envs whose answer is the last fenced code block; the reference answer and the
/// env's own forms are whole responses.
fn code_block_probes(problem: &dyn DynProblem, foreign: &str, lang: &str) -> Vec<Probe> {
    let a = problem.answer();
    let env = problem.probe_answers(foreign);
    let code = a
        .strip_prefix(&format!("```{lang}\n"))
        .and_then(|c| c.strip_suffix("```"))
        .unwrap_or(a);
    let mut out = Vec::new();
    let mut add = |family: &str, should_accept: bool, response: String| {
        out.push(Probe {
            family: family.to_owned(),
            should_accept,
            realistic: family.starts_with("realistic:"),
            response,
        })
    };
    add("block", true, a.to_owned());
    add(
        "prose_around",
        true,
        format!("Here is the fix.\n\n{a}\n\nDone."),
    );
    add(
        "think_then_block",
        true,
        format!("<think>Reading the docs first.</think>\n{a}"),
    );
    add(
        "template_opened_think",
        true,
        format!("Reading the docs.\n</think>\n{a}"),
    );
    add("in_answer_tag", true, format!("<answer>\n{a}\n</answer>"));
    add(
        "truncated_tail",
        true,
        format!("{a}\nOr maybe:\n```{lang}\nfn"),
    );
    for (family, form) in &env.equivalent {
        add(&format!("equivalent:{family}"), true, form.clone());
    }
    for (family, form) in &env.realistic {
        add(&format!("realistic:{family}"), true, form.clone());
    }
    // Realistic fences and tags the core reads for every code env.
    let fenced = |info: &str| format!("```{info}\n{code}```");
    if lang.eq_ignore_ascii_case("rust") {
        add("realistic:fence_rs", true, fenced("rs"));
    }
    add(
        "realistic:fence_title_case",
        true,
        fenced(&title_case(lang)),
    );
    add(
        "realistic:fence_upper_case",
        true,
        fenced(&lang.to_uppercase()),
    );
    add(
        "realistic:upper_think_then_block",
        true,
        format!("<THINK>Reading the docs.</THINK>\n{a}"),
    );
    if let Some((_, wrong)) = env.near_miss.first() {
        add(
            "draft_in_think",
            true,
            format!("<think>First try:\n{wrong}\n</think>\n{a}"),
        );
        add(
            "draft_then_final",
            true,
            format!("First try:\n{wrong}\nFinal:\n{a}"),
        );
        add(
            "final_is_wrong",
            false,
            format!("{a}\nOn second thought:\n{wrong}"),
        );
    }
    add("no_block", false, format!("The fix is:\n{code}"));
    add("other_language", false, format!("```text\n{code}```"));
    add("only_in_think", false, format!("<think>{a}</think>"));
    add("only_in_upper_think", false, format!("<Think>{a}</Think>"));
    add("unclosed_think", false, format!("<think>so\n{a}"));
    add("empty_block", false, format!("```{lang}\n\n```"));
    add(
        "padded",
        false,
        format!("{}\n{a}", " ".repeat(MAX_RESPONSE_BYTES)),
    );
    for (family, wrong) in &env.near_miss {
        add(&format!("near_miss:{family}"), false, wrong.clone());
    }
    out
}

/// Probes for envs on the shared `<answer>` / `\boxed{}` protocol.
fn tagged_probes(problem: &dyn DynProblem, foreign: &str) -> Vec<Probe> {
    let a = problem.answer();
    let env = problem.probe_answers(foreign);
    let mut out = Vec::new();
    let mut accept = |family: &str, response: String| {
        out.push(Probe {
            family: family.to_owned(),
            should_accept: true,
            realistic: family.starts_with("realistic:"),
            response,
        })
    };
    accept("tag", format!("<answer>{a}</answer>"));
    accept("tag_spaced", format!("<answer>\n  {a}  \n</answer>"));
    accept("boxed", format!("The result is \\boxed{{{a}}}."));
    accept("tag_boxed", format!("<answer>\\boxed{{{a}}}</answer>"));
    accept(
        "think_then_tag",
        format!("<think>Working it out carefully.</think>\n<answer>{a}</answer>"),
    );
    accept(
        "template_opened_think",
        format!("Working it out.\n</think>\n<answer>{a}</answer>"),
    );
    accept(
        "repeated_same",
        format!("<answer>{a}</answer> so again: <answer>{a}</answer>"),
    );
    accept(
        "truncated_tail",
        format!("<answer>{a}</answer> and <answer>"),
    );
    for (family, form) in &env.equivalent {
        accept(
            &format!("equivalent:{family}"),
            format!("<answer>{form}</answer>"),
        );
    }
    // Realistic forms the core's normalisation reads for every env.
    accept("realistic:upper_tag", format!("<ANSWER>{a}</ANSWER>"));
    accept(
        "realistic:title_case_tags",
        format!("<Think>Checking.</Think>\n<Answer>\n{a}\n</Answer>"),
    );
    accept("realistic:bold", format!("<answer>**{a}**</answer>"));
    accept(
        "realistic:trailing_period",
        format!("<answer>{a}.</answer>"),
    );
    accept(
        "realistic:fenced",
        format!("<answer>\n```\n{a}\n```\n</answer>"),
    );
    accept(
        "realistic:fenced_with_language",
        format!("<answer>```text\n{a}\n```</answer>"),
    );
    accept("realistic:boxed_bold", format!("\\boxed{{**{a}**}}"));
    accept(
        "realistic:the_answer_is",
        format!("<answer>The answer is {a}.</answer>"),
    );
    accept(
        "realistic:bold_answer_label",
        format!("<answer>**Final answer:** {a}</answer>"),
    );
    accept(
        "realistic:bold_in_tag_and_box",
        format!("<answer>**{a}**</answer> so \\boxed{{{a}}}"),
    );
    for (family, form) in &env.realistic {
        accept(
            &format!("realistic:{family}"),
            format!("<answer>{form}</answer>"),
        );
    }
    // The same answer written two ways, boxed in the reasoning and tagged at the end.
    if let Some((_, form)) = env
        .realistic
        .iter()
        .chain(&env.equivalent)
        .find(|(_, f)| *f != a)
    {
        accept(
            "realistic:boxed_and_tagged_differently",
            format!("So the answer is $\\boxed{{{form}}}$.\n\n<answer>{a}</answer>"),
        );
    }
    if let Some((_, wrong)) = env.near_miss.first() {
        accept(
            "draft_in_think",
            format!("<think>maybe <answer>{wrong}</answer></think><answer>{a}</answer>"),
        );
    }

    let mut reject = |family: &str, response: String| {
        out.push(Probe {
            family: family.to_owned(),
            should_accept: false,
            realistic: false,
            response,
        })
    };
    reject("no_marker", format!("The answer is {a}."));
    reject(
        "only_in_think",
        format!("<think><answer>{a}</answer></think>"),
    );
    reject("unclosed_think", format!("<think>so <answer>{a}</answer>"));
    reject("empty", "<answer></answer>".to_owned());
    reject("whitespace_only", "<answer> \n\t </answer>".to_owned());
    reject(
        "format_only",
        "<think></think><answer>...</answer>".to_owned(),
    );
    reject("unclosed_tag", format!("<answer>{a}"));
    reject(
        "padded",
        format!("{}<answer>{a}</answer>", " ".repeat(MAX_RESPONSE_BYTES)),
    );
    let lookalike: String = a
        .chars()
        .map(|c| match c {
            '0'..='9' => char::from_u32(u32::from(c) - u32::from('0') + 0xFF10).unwrap_or(c),
            other => other,
        })
        .collect();
    if lookalike != a {
        reject("lookalike_digits", format!("<answer>{lookalike}</answer>"));
    }
    for (family, wrong) in &env.near_miss {
        reject(
            &format!("near_miss:{family}"),
            format!("<answer>{wrong}</answer>"),
        );
    }
    if let Some(w) = composable_near_miss(&env) {
        reject(
            "duplicated_tags",
            format!("<answer>{a}</answer><answer>{w}</answer>"),
        );
        reject(
            "duplicated_tags_reversed",
            format!("<answer>{w}</answer><answer>{a}</answer>"),
        );
        reject(
            "several_candidates_or",
            format!("<answer>{a} or {w}</answer>"),
        );
        reject(
            "several_candidates_list",
            format!("<answer>{a}, {w}</answer>"),
        );
        reject(
            "boxed_disagrees_with_tag",
            format!("\\boxed{{{w}}} <answer>{a}</answer>"),
        );
        // Two right forms do agree; a wrong third beside them must still sink the response.
        if let Some((_, form)) = env
            .equivalent
            .iter()
            .chain(&env.realistic)
            .find(|(_, f)| *f != a)
        {
            reject(
                "right_forms_beside_a_wrong_one",
                format!("\\boxed{{{form}}} <answer>{w}</answer> <answer>{a}</answer>"),
            );
        }
        // The realistic spellings must not hide a second, different answer.
        reject(
            "case_hides_second_answer",
            format!("<answer>{a}</answer><ANSWER>{w}</ANSWER>"),
        );
        reject("bold_wrong_answer", format!("<answer>**{w}**.</answer>"));
        reject(
            "upper_think_hides_answer",
            format!("<THINK><Answer>{a}</Answer></THINK>"),
        );
    }
    out
}

/// The probe results of one env.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct EnvProbeReport {
    /// The env id.
    pub env: String,
    /// Problems probed.
    pub problems: u64,
    /// Probes that should be accepted.
    pub positives: u64,
    /// Probes that should be rejected.
    pub negatives: u64,
    /// True-positive rate: accepted positives / positives.
    pub tpr: f64,
    /// False-positive rate: accepted negatives / negatives.
    pub fpr: f64,
    /// Youden's J = TPR − FPR; 1.0 is a perfect verifier on these probes.
    pub j: f64,
    /// Realistic-form probes run (family `realistic:*`; also counted in `positives`).
    pub realistic: u64,
    /// TPR on the realistic forms alone: the share of the answers models actually write that the
    /// verifier accepts.
    pub realistic_tpr: f64,
    /// Probe families, with how many probes of each were run.
    pub families: BTreeMap<String, u64>,
    /// Every probe the verifier got wrong.
    pub misjudged: Vec<Misjudged>,
}

/// A probe the verifier judged wrongly.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Misjudged {
    /// The problem id.
    pub id: String,
    /// The probe family.
    pub family: String,
    /// Whether it should have been accepted.
    pub should_accept: bool,
    /// The verdict's reason code and message.
    pub verdict: String,
    /// The response, cut to 200 bytes.
    pub response: String,
}

/// Probes every env of `envs`, in parallel, as [`probe_env`] does; `progress` counts problems.
pub fn probe_envs(
    envs: &EnvSet,
    n: u64,
    seed: u64,
    progress: &dyn Progress,
) -> Result<Vec<EnvProbeReport>> {
    let envs: Vec<&dyn DynEnv> = envs.iter().collect();
    progress.start(n * envs.len() as u64, "probe: problems");
    let reports = envs
        .par_iter()
        .map(|env| probe_env_with_progress(*env, n, seed, progress))
        .collect();
    progress.finish();
    reports
}

/// Probes `n` problems of an env (default params and levels 0, 5 and 10 in turn) from `seed`.
pub fn probe_env(env: &dyn DynEnv, n: u64, seed: u64) -> Result<EnvProbeReport> {
    probe_env_with_progress(env, n, seed, &NoProgress)
}

/// [`probe_env`], counting each problem probed on `progress` (no phase of its own).
pub fn probe_env_with_progress(
    env: &dyn DynEnv,
    n: u64,
    seed: u64,
    progress: &dyn Progress,
) -> Result<EnvProbeReport> {
    probe_env_with_params(env, n, seed, &Map::new(), progress)
}

/// [`probe_env_with_progress`] with param overrides applied after each level (such as
/// `repo = "crate:heck"`, to probe `repo_fix` on a crate).
pub fn probe_env_with_params(
    env: &dyn DynEnv,
    n: u64,
    seed: u64,
    overrides: &Map<String, serde_json::Value>,
    progress: &dyn Progress,
) -> Result<EnvProbeReport> {
    let generators = [None, Some(0.0), Some(5.0), Some(10.0)]
        .into_iter()
        .map(|level| env.generator(level, overrides, seed))
        .collect::<Result<Vec<_>>>()?;
    let mut report = EnvProbeReport {
        env: env.id().to_owned(),
        ..Default::default()
    };
    let (mut true_pos, mut false_pos, mut realistic_pos) = (0u64, 0u64, 0u64);
    let mut previous_answer = String::new();
    for i in 0..n {
        let generator = &generators[(i % generators.len() as u64) as usize];
        let record = serde_json::to_string(&generator.record(i)).expect("records serialize");
        let problem = env.load_problem(&record)?;
        let foreign = std::mem::replace(&mut previous_answer, problem.answer().to_owned());
        report.problems += 1;
        let probes = probes_for(problem.as_ref(), &foreign);
        // One group per problem: envs that compile answers pay the compile once.
        let responses: Vec<&str> = probes.iter().map(|p| p.response.as_str()).collect();
        let verdicts = problem.verify_group(&responses);
        for (probe, verdict) in probes.into_iter().zip(verdicts) {
            *report.families.entry(probe.family.clone()).or_default() += 1;
            if probe.realistic {
                report.realistic += 1;
                realistic_pos += u64::from(verdict.correct);
            }
            if probe.should_accept {
                report.positives += 1;
                true_pos += u64::from(verdict.correct);
            } else {
                report.negatives += 1;
                false_pos += u64::from(verdict.correct);
            }
            if verdict.correct != probe.should_accept {
                report.misjudged.push(Misjudged {
                    id: problem.id().to_owned(),
                    family: probe.family,
                    should_accept: probe.should_accept,
                    verdict: format!("{:?}: {}", verdict.reason, verdict.message),
                    response: cut(&probe.response, 200),
                });
            }
        }
        progress.inc(1);
    }
    let rate = |k: u64, n: u64| if n == 0 { 0.0 } else { k as f64 / n as f64 };
    report.tpr = rate(true_pos, report.positives);
    report.fpr = rate(false_pos, report.negatives);
    report.j = report.tpr - report.fpr;
    report.realistic_tpr = rate(realistic_pos, report.realistic);
    Ok(report)
}

/// `rust` → `Rust`.
/// The near miss the composite probes (two tags, `a or w`, `a, w`, …) set beside the right
/// answer: the first with any text in it. An empty near miss is a sound probe alone (the empty
/// answer is wrong), but beside the right answer it vanishes: `<answer>a, </answer>` is the right
/// answer with a trailing comma, and a probe that calls it wrong misjudges the verifier.
fn composable_near_miss(env: &ProbeAnswers) -> Option<&str> {
    env.near_miss
        .iter()
        .map(|(_, wrong)| wrong.as_str())
        .find(|wrong| !wrong.trim().is_empty())
}

fn title_case(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

fn cut(s: &str, max: usize) -> String {
    let mut end = s.len().min(max);
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    s[..end].to_owned()
}
