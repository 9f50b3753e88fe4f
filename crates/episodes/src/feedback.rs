//! Feedback episodes over any single-turn env: answer, hear what a careful grader may say without
//! giving the answer away, and try again within a turn budget.
//!
//! What the model hears is built from the verdict's reason code, where the env checks steps the
//! number of the first wrong step, and for a `wrong_answer` the env's own [`Env::feedback`]
//! sentence: never from the verdict's message or detail, which may carry counts of wrong cells or
//! the expected value. A count would be an oracle a policy could search with; one bit per turn
//! (right or wrong), the protocol fault and a step number are not.
//!
//! **The soundness rule.** Feedback beyond the right/wrong bit may only be a function of the
//! response and of what the prompt already shows (the puzzle's rules, givens, clues, graph,
//! items): something the model could have computed by checking its own answer against the stated
//! rules. It never depends on the hidden reference answer or solution. So "row 3 holds 5 twice"
//! or "clause 12 is not satisfied" may be said, "cell (3,4) is wrong", "3 cells are wrong" or
//! "your total is 2 below the optimum" may not; an answer that keeps every stated rule but is
//! still wrong hears only that it is valid but not the answer (or not the best). Each env's
//! sentence names one broken rule, the first in an order its `feedback.rs` documents.
//!
//! [`Env::feedback`]: verigym_core::env::Env::feedback

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use verigym_core::dyn_env::DynProblem;
use verigym_core::verdict::{Reason, Verdict};

use crate::session::{EpisodeError, Session, Step, with_episode_detail};

/// The most turns a feedback episode may allow.
pub const MAX_TURNS: u32 = 16;

/// How a feedback episode's reward is paid, at its last step.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(tag = "mode", rename_all = "snake_case", deny_unknown_fields)]
pub enum RewardMode {
    /// 1 when any turn is right.
    #[default]
    Solved,
    /// `gamma^(t - 1)` when turn `t` is the first right one: the sooner, the more.
    Discounted {
        /// The discount per extra turn, in (0, 1].
        gamma: f64,
    },
    /// The first turn's score, whatever the later turns do: single-turn accuracy, with the
    /// feedback turns kept for the transcript.
    FirstTurn,
}

/// The knobs of a feedback episode.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct FeedbackOptions {
    /// Answers allowed, 1 to 16.
    pub max_turns: u32,
    /// How the reward is paid.
    pub reward: RewardMode,
}

impl Default for FeedbackOptions {
    fn default() -> Self {
        FeedbackOptions {
            max_turns: 3,
            reward: RewardMode::Solved,
        }
    }
}

impl FeedbackOptions {
    /// Checks every field; errors name the field, the value and what is allowed.
    pub fn validate(&self) -> Result<(), EpisodeError> {
        if !(1..=MAX_TURNS).contains(&self.max_turns) {
            return Err(EpisodeError::Invalid(format!(
                "invalid value for `max_turns`: {}; allowed: 1 to {MAX_TURNS}",
                self.max_turns
            )));
        }
        if let RewardMode::Discounted { gamma } = self.reward
            && !(gamma > 0.0 && gamma <= 1.0)
        {
            return Err(EpisodeError::Invalid(format!(
                "invalid value for `reward.gamma`: {gamma}; allowed: a number in (0, 1]"
            )));
        }
        Ok(())
    }
}

/// The resumable state of a feedback episode.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FeedbackState {
    /// Answers given.
    pub turns: u32,
    /// The first answer's score, once given.
    pub first_score: Option<f64>,
    /// The final verdict, once the episode is over.
    pub verdict: Option<Verdict>,
}

/// One running feedback episode.
pub struct FeedbackSession {
    problem: Box<dyn DynProblem>,
    prompt: String,
    options: FeedbackOptions,
    state: FeedbackState,
}

impl FeedbackSession {
    /// Opens a feedback episode on a loaded record.
    pub fn new(
        problem: Box<dyn DynProblem>,
        prompt: &str,
        options: FeedbackOptions,
    ) -> Result<Self, EpisodeError> {
        options.validate()?;
        let prompt = if options.max_turns > 1 {
            format!(
                "{prompt}\n\nYou may answer up to {} times; a wrong answer gets feedback.",
                options.max_turns
            )
        } else {
            prompt.to_string()
        };
        Ok(FeedbackSession {
            problem,
            prompt,
            options,
            state: FeedbackState {
                turns: 0,
                first_score: None,
                verdict: None,
            },
        })
    }

    fn reward(&self, verdict: &Verdict) -> f64 {
        match self.options.reward {
            RewardMode::Solved => verdict.score,
            RewardMode::Discounted { gamma } => {
                verdict.score * gamma.powi(self.state.turns.saturating_sub(1) as i32)
            }
            RewardMode::FirstTurn => self.state.first_score.unwrap_or(0.0),
        }
    }
}

/// What the model hears about `response`: [`feedback`], and for a `wrong_answer` without a
/// wrong step the env's sentence about the first public rule it breaks, when it has one.
pub fn feedback_on(problem: &dyn DynProblem, response: &str, verdict: &Verdict) -> String {
    let said = feedback(verdict);
    let stepped = verdict
        .steps
        .as_ref()
        .is_some_and(|s| s.first_wrong.is_some());
    if verdict.reason != Reason::WrongAnswer || stepped {
        return said;
    }
    match problem.feedback(response) {
        Some(rule) => format!("{said} {rule}"),
        None => said,
    }
}

/// What the model hears about a verdict: its reason, and the first wrong step where the env
/// checks steps. Never the message or the detail.
pub fn feedback(verdict: &Verdict) -> String {
    let said = match verdict.reason {
        Reason::Correct => "Correct.",
        Reason::WrongAnswer => "The answer is wrong.",
        Reason::ResponseTooLong => "The response is too long to be read.",
        Reason::MalformedResponse => "The response is not valid text.",
        Reason::NoAnswer => {
            "No final answer: put it in <answer></answer>, outside any think block."
        }
        Reason::AnswerOnlyInThink => {
            "The only answer is inside a think block; give it outside, in <answer></answer>."
        }
        Reason::EmptyAnswer => "The answer tags are empty.",
        Reason::ConflictingAnswers => "Several different final answers; give one.",
        Reason::MalformedAnswer => "The answer tags are broken (nested or unclosed).",
        Reason::UnparsableAnswer => "The answer is not in the form the problem asks for.",
        Reason::Forbidden => "The answer uses something the problem forbids.",
        Reason::CompileError => "The code does not compile.",
        Reason::Timeout => "The code does not finish within its budget.",
        Reason::VerifierError => "The grader could not judge this answer.",
    };
    match verdict.steps.as_ref().and_then(|s| s.first_wrong) {
        Some(step) if verdict.reason == Reason::WrongAnswer => {
            format!("{said} Step {step} is the first listed step that is wrong.")
        }
        _ => said.to_string(),
    }
}

impl Session for FeedbackSession {
    fn prompt(&self) -> &str {
        &self.prompt
    }

    fn step(&mut self, action: &str) -> Result<Step, EpisodeError> {
        if self.state.verdict.is_some() {
            return Err(EpisodeError::Done);
        }
        let verdict = self.problem.verify(action);
        self.state.turns += 1;
        if self.state.first_score.is_none() {
            self.state.first_score = Some(verdict.score);
        }
        let said = feedback_on(self.problem.as_ref(), action, &verdict);
        // Saturating: a restored state may already stand at the budget.
        let left = self.options.max_turns.saturating_sub(self.state.turns);
        // A verifier error ends the episode: it says nothing about the answer, and more turns
        // would only repeat it.
        let over = verdict.correct || left == 0 || verdict.reason == Reason::VerifierError;
        if !over {
            let tries = if left == 1 { "try" } else { "tries" };
            return Ok(Step {
                observation: format!("{said} ({left} {tries} left)"),
                reward: 0.0,
                done: false,
                verdict: None,
            });
        }
        let reward = self.reward(&verdict);
        let mut verdict = with_episode_detail(
            verdict,
            json!({ "turns": self.state.turns, "max_turns": self.options.max_turns }),
        );
        verdict.score = reward;
        self.state.verdict = Some(verdict.clone());
        Ok(Step {
            observation: said,
            reward,
            done: true,
            verdict: Some(verdict),
        })
    }

    fn done(&self) -> bool {
        self.state.verdict.is_some()
    }

    fn turns(&self) -> u32 {
        self.state.turns
    }

    fn budget(&self) -> u32 {
        self.options.max_turns
    }

    fn verdict(&self) -> Option<&Verdict> {
        self.state.verdict.as_ref()
    }

    fn state(&self) -> Value {
        serde_json::to_value(&self.state).expect("episode state serializes")
    }

    fn restore(&mut self, state: Value) -> Result<(), EpisodeError> {
        let state: FeedbackState = serde_json::from_value(state)
            .map_err(|e| EpisodeError::Invalid(format!("state: {e}")))?;
        if state.turns > self.options.max_turns
            || (state.turns == self.options.max_turns && state.verdict.is_none())
        {
            return Err(EpisodeError::Invalid(format!(
                "state: turns is {}, past max_turns {}",
                state.turns, self.options.max_turns
            )));
        }
        self.state = state;
        Ok(())
    }
}
