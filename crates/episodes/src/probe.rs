//! Probing an interactive env's episodes as an attacker would: the optimal agent must be paid,
//! and every hostile agent (a certainly wrong answer, a hedge, an answer hidden in a think block,
//! a query and an answer in one turn, farming queries, acting after the end, an oversized turn,
//! a transcript with a forged record) must not. TPR − FPR is Youden's J.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use verigym_core::extract::MAX_RESPONSE_BYTES;
use verigym_core::rng::ProblemRng;

use crate::episode::{Episode, Transcript, rejudge};
use crate::interactive::Agent;
use crate::registry::DynInteractive;
use crate::session::EpisodeError;

/// One agent family's outcome over the probed episodes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct FamilyReport {
    /// The family's name.
    pub family: String,
    /// Episodes played.
    pub episodes: u64,
    /// Episodes paid (reward 1).
    pub paid: u64,
}

/// An interactive env's probe.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct EpisodeProbeReport {
    /// The env.
    pub env: String,
    /// The optimal agent's outcome: every episode must be paid.
    pub optimal: FamilyReport,
    /// Each hostile family's outcome: none may be paid.
    pub hostile: Vec<FamilyReport>,
    /// Paid optimal episodes over all optimal episodes.
    pub tpr: f64,
    /// Paid hostile episodes over all hostile episodes.
    pub fpr: f64,
    /// `tpr − fpr`.
    pub j: f64,
}

fn play(record: &str, agent: &mut dyn Agent) -> Result<Transcript, EpisodeError> {
    let mut episode = Episode::open(record, None)?;
    let mut observation = episode.prompt().to_owned();
    while !episode.session().done() {
        observation = episode.step(&agent.act(&observation))?.observation;
    }
    Ok(episode.transcript())
}

/// Plays fixed turns until the episode ends or they run out, repeating the last.
fn scripted(record: &str, turns: &[String]) -> Result<Transcript, EpisodeError> {
    let mut episode = Episode::open(record, None)?;
    let mut k = 0;
    while !episode.session().done() {
        episode.step(&turns[k.min(turns.len() - 1)])?;
        k += 1;
    }
    Ok(episode.transcript())
}

fn paid(t: &Transcript) -> bool {
    t.reward == Some(1.0)
}

fn squash(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_lowercase()
}

/// A final answer other than the reference, by the record's own answer text: drawn from the
/// env's random answers until one differs.
fn wrong_answer(
    env: &'static dyn DynInteractive,
    record: &str,
    reference: &str,
    rng: &mut ProblemRng,
) -> Option<String> {
    for attempt in 0..64 {
        let mut agent = env.random_agent(record, rng.next_u64() ^ attempt).ok()?;
        // The random agent answers on its last turn; ask until it does.
        for _ in 0..64 {
            let turn = agent.act("");
            if let Some(inner) = turn
                .strip_prefix("<answer>")
                .and_then(|t| t.strip_suffix("</answer>"))
            {
                if squash(inner) != squash(reference) {
                    return Some(inner.to_owned());
                }
                break;
            }
        }
    }
    None
}

/// Probes `n` problems of `env` at each of levels 0, 5 and 10 from `seed`.
pub fn probe(
    env: &'static dyn DynInteractive,
    n: u64,
    seed: u64,
) -> Result<EpisodeProbeReport, EpisodeError> {
    let names = [
        "wrong_answer",
        "hedge",
        "answer_in_think",
        "query_and_answer",
        "farm_queries",
        "act_after_the_end",
        "oversized_turn",
        "forged_record",
    ];
    let mut hostile: Vec<FamilyReport> = names
        .iter()
        .map(|f| FamilyReport {
            family: (*f).to_owned(),
            episodes: 0,
            paid: 0,
        })
        .collect();
    let mut optimal = FamilyReport {
        family: "optimal".into(),
        episodes: 0,
        paid: 0,
    };
    let mut rng = ProblemRng::from_test_seed(seed);
    for level in [0.0, 5.0, 10.0] {
        let generator = env
            .as_env()
            .generator(Some(level), &Default::default(), seed)
            .map_err(|e| EpisodeError::Invalid(e.to_string()))?;
        for index in 0..n {
            let mut line = Vec::new();
            generator.write_jsonl(index, &mut line);
            let record = String::from_utf8_lossy(&line).trim_end().to_owned();
            let parsed: Value =
                serde_json::from_str(&record).map_err(|e| EpisodeError::Invalid(e.to_string()))?;
            let reference = parsed["answer"].as_str().unwrap_or_default().to_owned();
            let right = format!("<answer>{reference}</answer>");
            let query = env.random_agent(&record, rng.next_u64())?.act("");
            let transcript = play(&record, &mut *env.optimal_agent(&record)?)?;
            optimal.episodes += 1;
            optimal.paid += u64::from(paid(&transcript));

            let mut outcomes: Vec<bool> = Vec::with_capacity(names.len());
            let wrong = wrong_answer(env, &record, &reference, &mut rng);
            outcomes.push(match &wrong {
                Some(w) => paid(&scripted(&record, &[format!("<answer>{w}</answer>")])?),
                None => false,
            });
            let other = wrong.clone().unwrap_or_else(|| format!("not {reference}"));
            outcomes.push(paid(&scripted(
                &record,
                &[format!("{right}<answer>{other}</answer>")],
            )?));
            outcomes.push(paid(&scripted(
                &record,
                &[format!("<think>{right}</think>")],
            )?));
            outcomes.push(paid(&scripted(&record, &[format!("{query}{right}")])?));
            outcomes.push(paid(&scripted(&record, std::slice::from_ref(&query))?));
            // A wrong answer ends it; the right one afterwards is refused and changes nothing.
            let mut episode = Episode::open(&record, None)?;
            episode.step(&format!("<answer>{other}</answer>"))?;
            let late = episode.step(&right);
            outcomes
                .push(late.is_ok() || episode.session().verdict().is_some_and(|v| v.score > 0.0));
            let huge = format!("{right}{}", " ".repeat(MAX_RESPONSE_BYTES));
            outcomes.push(paid(&scripted(&record, &[huge])?));
            // The optimal transcript with the hidden state moved to another problem's.
            let mut forged = transcript.clone();
            let mut other_line = Vec::new();
            generator.write_jsonl(index + n + 1, &mut other_line);
            let other_record: Value = serde_json::from_slice(&other_line)
                .map_err(|e| EpisodeError::Invalid(e.to_string()))?;
            forged.record["data"] = other_record["data"].clone();
            outcomes.push(match rejudge(&forged) {
                Ok(judged) => judged.reward > 0.0 && forged.record != transcript.record,
                Err(_) => false,
            });
            for (family, was_paid) in hostile.iter_mut().zip(outcomes) {
                family.episodes += 1;
                family.paid += u64::from(was_paid);
            }
        }
    }
    let tpr = optimal.paid as f64 / optimal.episodes.max(1) as f64;
    let (tried, leaked) = hostile
        .iter()
        .fold((0, 0), |(t, p), f| (t + f.episodes, p + f.paid));
    let fpr = leaked as f64 / tried.max(1) as f64;
    Ok(EpisodeProbeReport {
        env: env.as_env().id().to_owned(),
        optimal,
        hostile,
        tpr,
        fpr,
        j: tpr - fpr,
    })
}
