//! Benchmark figures over graded responses: unbiased pass@k, CoT-pass@k, mean score, format rate,
//! overall, per env and per (env, difficulty level).

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::grade::{Graded, ProblemSet, ResponseSet};

/// The full `verigym eval` report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct EvalReport {
    /// The k values of pass@k.
    pub ks: Vec<u32>,
    /// Every problem that has at least one response.
    pub overall: Figures,
    /// Per env, in id order.
    pub by_env: Vec<EnvFigures>,
    /// Per (env, difficulty level), in order; problems without a level form their own group.
    pub by_level: Vec<LevelFigures>,
}

/// The figures of one env.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct EnvFigures {
    /// The env id.
    pub env: String,
    /// Its figures.
    pub figures: Figures,
}

/// The figures of one (env, level).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct LevelFigures {
    /// The env id.
    pub env: String,
    /// The difficulty level, or null for problems generated from explicit params.
    pub level: Option<f64>,
    /// Its figures.
    pub figures: Figures,
}

/// Figures over a group of problems.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Figures {
    /// Problems with at least one response.
    pub problems: u64,
    /// Responses graded.
    pub responses: u64,
    /// Mean verdict score over responses.
    pub mean_score: f64,
    /// Fraction of responses that are correct.
    pub accuracy: f64,
    /// Fraction of responses whose answer format was invalid (no, empty, conflicting, malformed or
    /// unparsable answer, or too long).
    pub invalid_format: f64,
    /// Unbiased pass@k, one entry per k.
    pub pass_at_k: Vec<PassAtK>,
    /// CoT-pass@k, counting a sample only when its answer and every step are right; present when
    /// the group's env checks steps (some response has a step report). A response without one,
    /// such as one with no answer, counts as not CoT-correct.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cot_pass_at_k: Option<Vec<PassAtK>>,
}

/// One pass@k estimate.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct PassAtK {
    /// k.
    pub k: u32,
    /// Mean over problems with at least k samples of 1 − C(n−c, k) / C(n, k); null when none has.
    pub value: Option<f64>,
    /// How many problems had at least k samples and so entered the mean.
    pub problems: u64,
}

/// The unbiased pass@k estimator for one problem with `n` samples of which `c` passed:
/// 1 − C(n−c, k) / C(n, k), computed as a running product so no binomial overflows.
/// `None` when `k` is 0 or exceeds `n`.
pub fn pass_at_k(n: u64, c: u64, k: u64) -> Option<f64> {
    if k == 0 || k > n || c > n {
        return None;
    }
    if n - c < k {
        return Some(1.0);
    }
    let fail_all = (0..k).fold(1.0, |acc, i| acc * (n - c - i) as f64 / (n - i) as f64);
    Some(1.0 - fail_all)
}

/// Per-problem tallies, in problem-file order.
#[derive(Clone, Copy, Default)]
struct ProblemTally {
    n: u64,
    correct: u64,
    cot_correct: u64,
    with_steps: u64,
    invalid: u64,
    score: f64,
}

/// Computes the report. `graded` must be `grade(problems, responses)`, in its order.
pub fn evaluate(
    problems: &ProblemSet,
    responses: &ResponseSet,
    graded: &[Graded],
    ks: &[u32],
) -> EvalReport {
    let mut tallies = vec![ProblemTally::default(); problems.len()];
    for (index, g) in responses.problem_indices().zip(graded) {
        let t = &mut tallies[index];
        t.n += 1;
        t.correct += u64::from(g.verdict.correct);
        t.invalid += u64::from(!g.verdict.format_ok);
        t.score += g.verdict.score;
        if let Some(steps) = &g.verdict.steps {
            t.with_steps += 1;
            t.cot_correct += u64::from(steps.cot_correct);
        }
    }
    // Groups are keyed and visited in a fixed order so float sums are reproducible. Levels are
    // non-negative, so ordering their bit patterns orders them numerically.
    let mut envs: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    let mut levels: BTreeMap<(&str, Option<u64>), Vec<usize>> = BTreeMap::new();
    let mut all = Vec::new();
    for (i, tally) in tallies.iter().enumerate() {
        if tally.n == 0 {
            continue;
        }
        let Some((env, problem)) = problems.get(i) else {
            continue;
        };
        all.push(i);
        envs.entry(env).or_default().push(i);
        levels
            .entry((env, problem.level().map(f64::to_bits)))
            .or_default()
            .push(i);
    }
    let figures = |members: &[usize]| figures(members.iter().map(|&i| tallies[i]), ks);
    EvalReport {
        ks: ks.to_vec(),
        overall: figures(&all),
        by_env: envs
            .iter()
            .map(|(env, members)| EnvFigures {
                env: (*env).to_owned(),
                figures: figures(members),
            })
            .collect(),
        by_level: levels
            .iter()
            .map(|((env, level), members)| LevelFigures {
                env: (*env).to_owned(),
                level: level.map(f64::from_bits),
                figures: figures(members),
            })
            .collect(),
    }
}

fn figures(group: impl Iterator<Item = ProblemTally> + Clone, ks: &[u32]) -> Figures {
    let (mut problems, mut responses, mut correct, mut invalid, mut score) = (0, 0, 0, 0, 0.0);
    let mut some_have_steps = false;
    for t in group.clone() {
        problems += 1;
        responses += t.n;
        correct += t.correct;
        invalid += t.invalid;
        score += t.score;
        some_have_steps |= t.with_steps > 0;
    }
    let per_response = |x: f64| {
        if responses == 0 {
            0.0
        } else {
            x / responses as f64
        }
    };
    let estimate = |pick: fn(&ProblemTally) -> u64| -> Vec<PassAtK> {
        ks.iter()
            .map(|&k| {
                let values: Vec<f64> = group
                    .clone()
                    .filter_map(|t| pass_at_k(t.n, pick(&t), u64::from(k)))
                    .collect();
                PassAtK {
                    k,
                    problems: values.len() as u64,
                    value: (!values.is_empty())
                        .then(|| values.iter().sum::<f64>() / values.len() as f64),
                }
            })
            .collect()
    };
    Figures {
        problems,
        responses,
        mean_score: per_response(score),
        accuracy: per_response(correct as f64),
        invalid_format: per_response(invalid as f64),
        pass_at_k: estimate(|t| t.correct),
        cot_pass_at_k: some_have_steps.then(|| estimate(|t| t.cot_correct)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn binomial(n: u64, k: u64) -> f64 {
        if k > n {
            return 0.0;
        }
        (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
    }

    #[test]
    fn pass_at_k_matches_the_binomial_formula() {
        for n in 1..=20 {
            for c in 0..=n {
                for k in 1..=n {
                    let expected = 1.0 - binomial(n - c, k) / binomial(n, k);
                    let got = pass_at_k(n, c, k).unwrap();
                    assert!((got - expected).abs() < 1e-12, "n={n} c={c} k={k}");
                }
            }
        }
    }

    #[test]
    fn pass_at_k_edges() {
        assert_eq!(pass_at_k(4, 0, 2), Some(0.0));
        assert_eq!(pass_at_k(4, 4, 2), Some(1.0));
        assert_eq!(pass_at_k(4, 1, 1), Some(0.25));
        assert_eq!(pass_at_k(4, 3, 2), Some(1.0));
        assert_eq!(pass_at_k(3, 1, 4), None);
        assert_eq!(pass_at_k(3, 1, 0), None);
    }
}
