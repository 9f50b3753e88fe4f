//! The verdict: what a verifier says about one response. A value, never an error.

use std::borrow::Cow;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The judgement of one response to one problem.
///
/// `score` is the reward to train on. `correct` is raw accuracy and is kept apart from any shaped
/// score, so filters such as DAPO's dynamic sampling can use it directly.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Verdict {
    /// The reward, in [0, 1]. For every shipped env it is 1 when `correct` and 0 otherwise.
    pub score: f64,
    /// Whether the final answer is right.
    pub correct: bool,
    /// Whether a single, well-formed final answer could be read from the response.
    pub format_ok: bool,
    /// A stable machine-readable code for the outcome; aggregate on this.
    pub reason: Reason,
    /// A short human-readable explanation.
    pub message: Cow<'static, str>,
    /// Step-by-step check of the listed intermediate values, for envs whose chains are checkable.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub steps: Option<StepReport>,
    /// Env-specific structured detail, such as per-cell agreement or tests passed. Partial credit
    /// lives here, never in `score`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<serde_json::Value>,
}

/// Why a verdict came out the way it did.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// The final answer is right.
    Correct,
    /// A well-formed final answer that is wrong (including a value outside the answer's domain).
    WrongAnswer,
    /// The response is longer than the verifier reads; nothing was judged.
    ResponseTooLong,
    /// The response could not be decoded as text (invalid UTF-8, a lone surrogate escape, a
    /// stray byte-order mark); nothing was judged and the rest of the batch goes on.
    MalformedResponse,
    /// No `<answer>` tag or `\boxed{}` outside think blocks.
    NoAnswer,
    /// The only final-answer markers are inside a think block.
    AnswerOnlyInThink,
    /// The final-answer marker holds nothing but whitespace.
    EmptyAnswer,
    /// Several final-answer markers that disagree.
    ConflictingAnswers,
    /// A final-answer marker that is broken: nested tags or an unclosed `\boxed{`.
    MalformedAnswer,
    /// The answer is present but is not in the form the prompt asked for.
    UnparsableAnswer,
    /// The answer uses something the env forbids (for code: `unsafe`, `extern`, the OS).
    Forbidden,
    /// The answer is well-formed code that does not compile.
    CompileError,
    /// The answer's code ran out of time: it exhausted its step budget (fuel), blocked (a lock or
    /// channel that never completes), or hit the run's CPU or wall-clock limit. The format was
    /// valid; the code does not finish.
    Timeout,
    /// The verifier could not judge the answer (no compiler, a sandbox failure, a broken
    /// record); the score of 0 says nothing about the response. Alert on this reason.
    VerifierError,
}

impl Reason {
    /// Whether a response with this outcome had a valid answer format.
    pub fn format_ok(self) -> bool {
        matches!(
            self,
            Reason::Correct | Reason::WrongAnswer | Reason::CompileError | Reason::Timeout
        )
    }
}

/// The step-level check behind process rewards and CoT-pass@k.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct StepReport {
    /// How many steps the problem has.
    pub total: u32,
    /// How many distinct steps the response listed.
    pub listed: u32,
    /// How many listed steps hold the right value.
    pub correct: u32,
    /// The lowest-numbered listed step that is wrong, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_wrong: Option<u32>,
    /// True when the final answer is right and every step is listed once and right.
    pub cot_correct: bool,
}

impl Verdict {
    /// A right answer.
    pub fn correct() -> Self {
        Self::with(Reason::Correct, "correct")
    }

    /// A well-formed but wrong answer.
    pub fn wrong(message: impl Into<Cow<'static, str>>) -> Self {
        Self::with(Reason::WrongAnswer, message)
    }

    /// A response rejected before its answer could be judged.
    pub fn rejected(reason: Reason, message: impl Into<Cow<'static, str>>) -> Self {
        debug_assert!(!reason.format_ok());
        Self::with(reason, message)
    }

    /// A verdict with this reason: score 1 only for [`Reason::Correct`].
    pub fn with(reason: Reason, message: impl Into<Cow<'static, str>>) -> Self {
        let correct = reason == Reason::Correct;
        Verdict {
            score: if correct { 1.0 } else { 0.0 },
            correct,
            format_ok: reason.format_ok(),
            reason,
            message: message.into(),
            steps: None,
            detail: None,
        }
    }

    /// Attaches env-specific detail.
    pub fn with_detail(mut self, detail: serde_json::Value) -> Self {
        self.detail = Some(detail);
        self
    }

    /// Attaches a step report.
    pub fn with_steps(mut self, steps: StepReport) -> Self {
        self.steps = Some(steps);
        self
    }
}
