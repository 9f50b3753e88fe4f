//! The `Env` trait every generator family implements, and `Generator`, its seeded problem source.

use std::borrow::Cow;
use std::fmt::Debug;

use schemars::JsonSchema;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::value::RawValue;
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

use super::error::Result;
use super::params::{EnvParams, resolve};
use super::record::{Meta, Problem, hex, problem_id};
use super::rng::{ProblemRng, RNG_TAG, derive_key};
use super::verdict::Verdict;

/// A problem family: a pure generator and an exact verifier.
///
/// `generate` is a pure function of (params, rng); `verify` reads only the data `generate` put in
/// the record. Neither may panic, and `verify` must finish in bounded time on any input.
pub trait Env: Send + Sync + 'static {
    /// Stable id, used in records and on the command line.
    const ID: &'static str;
    /// Bumped whenever the bytes generated for some (params, seed, index) change, or the answers
    /// the verifier accepts change.
    const VERSION: u32;
    /// The oldest version whose records this verifier still judges. An env may keep judging
    /// older records when their data layout is unchanged and only the accepted answer forms grew
    /// (the new grammar is a superset, so no answer that was right turns wrong); see
    /// ARCHITECTURE.md. Records older than this are refused with a version mismatch.
    const COMPATIBLE_SINCE: u32 = Self::VERSION;
    /// One line for `verigym list`.
    const SUMMARY: &'static str;
    /// What a user can set.
    type Params: EnvParams;
    /// What the verifier needs, stored in the record.
    type Data: Serialize
        + DeserializeOwned
        + JsonSchema
        + Clone
        + Debug
        + PartialEq
        + Send
        + Sync
        + 'static;

    /// Makes one problem. Params are already validated, so this cannot fail.
    fn generate(&self, params: &Self::Params, rng: &mut ProblemRng) -> Generated<Self::Data>;

    /// Where a response holds its final answer: `<answer>` tags (the default) or a code block.
    const ANSWER_FORMAT: AnswerFormat = AnswerFormat::Tagged;

    /// Checks that a record's data satisfies this env's invariants before any answer is judged;
    /// an error becomes a `verifier_error` verdict, never the model's fault. The default accepts.
    fn check_data(&self, data: &Self::Data) -> Result<(), String> {
        let _ = data;
        Ok(())
    }

    /// Judges one response against a problem's data.
    fn verify(&self, data: &Self::Data, response: &str) -> Verdict;

    /// Whether [`Env::verify_group`] shares work across a group, so that callers should hand it
    /// every response to a problem at once rather than spread them over threads one by one.
    const VERIFIES_IN_GROUPS: bool = false;

    /// Judges several responses to one problem (a GRPO group), in order. Envs with a fixed cost
    /// per problem (such as a compile) override this to pay it once per group; the default
    /// judges each response alone.
    fn verify_group(&self, data: &Self::Data, responses: &[&str]) -> Vec<Verdict> {
        responses.iter().map(|r| self.verify(data, r)).collect()
    }

    /// What a careful grader says about a wrong answer beyond "wrong": one sentence naming the
    /// first public rule the answer breaks (a repeated digit, a clause left false, an illegal
    /// move), or that it keeps every stated rule yet is not the answer (or not the best). It may
    /// assume the answer is wrong: [`crate::dyn_env::DynProblem::feedback`] passes it on only
    /// when [`Env::verify`] judges the response `wrong_answer`. `None` says nothing more.
    ///
    /// **Soundness rule.** The sentence may depend only on the response and on what the prompt
    /// already shows (the rules, givens, clues, graph, items): something the model could have
    /// computed by checking its own answer. Never on the reference answer or any hidden solution
    /// in `data`, and never a count of wrong cells or a distance to the optimum, which a policy
    /// could search with. The default says nothing.
    fn feedback(&self, data: &Self::Data, response: &str) -> Option<String> {
        let _ = (data, response);
        None
    }

    /// Env-specific probe answers for measuring this verifier (`verigym probe`): other ways of
    /// writing the right `answer` that must be accepted, and near misses that must be rejected.
    /// `foreign` is the reference answer of a different problem; include it as a near miss only if
    /// it is certainly wrong here. The default adds nothing; the protocol-level probes still run.
    fn probe_answers(&self, data: &Self::Data, answer: &str, foreign: &str) -> ProbeAnswers {
        let _ = (data, answer, foreign);
        ProbeAnswers::default()
    }
}

/// Where a response holds its final answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnswerFormat {
    /// The shared protocol of [`crate::extract::extract_answer`]: `<answer>` tags or
    /// `\boxed{}`; the reference answer is the tag's content.
    Tagged,
    /// The last complete fenced code block of this language
    /// ([`crate::extract::extract_code_block`]); the reference answer is the whole block,
    /// fences included, and env probe answers are whole responses.
    CodeBlock(&'static str),
}

/// Answers an env supplies for verifier probes: each with its probe family's name.
#[derive(Clone, Debug, Default)]
pub struct ProbeAnswers {
    /// Equivalent forms of the right answer; the verifier must accept each.
    pub equivalent: Vec<(&'static str, String)>,
    /// Wrong answers close to the right one; the verifier must reject each.
    pub near_miss: Vec<(&'static str, String)>,
    /// Realistic correct forms a careful grader accepts (lists, tables, Markdown, phrasing);
    /// the verifier must accept each. `verigym probe` reports their TPR on its own line.
    pub realistic: Vec<(&'static str, String)>,
}

/// What [`Env::generate`] returns; [`Generator`] wraps it into a [`Problem`].
#[derive(Clone, Debug)]
pub struct Generated<D> {
    /// The text shown to the model.
    pub prompt: String,
    /// The reference answer, as it would appear inside `<answer>`.
    pub answer: String,
    /// The verifier's data.
    pub data: D,
    /// The env's intrinsic difficulty measure.
    pub difficulty: u64,
}

/// The problems of one env for one (params, seed): problem `i` is a pure function of `i`.
#[derive(Clone, Debug)]
pub struct Generator<'e, E: Env> {
    env: &'e E,
    params: E::Params,
    seed: u64,
    level: Option<f64>,
    key: [u8; 32],
    params_tag: String,
    /// The params as compact JSON, serialized once: every record repeats them verbatim.
    params_json: Box<RawValue>,
}

impl<'e, E: Env> Generator<'e, E> {
    /// A generator with explicit params, validated here.
    pub fn new(env: &'e E, params: E::Params, seed: u64) -> Result<Self> {
        params.validate()?;
        Ok(Self::from_valid(env, params, seed, None))
    }

    /// A generator at a difficulty level, with optional overrides by field name.
    pub fn at_level(
        env: &'e E,
        level: f64,
        overrides: &Map<String, Value>,
        seed: u64,
    ) -> Result<Self> {
        let params = resolve::<E::Params>(Some(level), overrides)?;
        Ok(Self::from_valid(env, params, seed, Some(level)))
    }

    /// A generator from optional level and overrides: the general constructor the CLI uses.
    pub fn from_spec(
        env: &'e E,
        level: Option<f64>,
        overrides: &Map<String, Value>,
        seed: u64,
    ) -> Result<Self> {
        let params = resolve::<E::Params>(level, overrides)?;
        Ok(Self::from_valid(env, params, seed, level))
    }

    fn from_valid(env: &'e E, params: E::Params, seed: u64, level: Option<f64>) -> Self {
        let params_json = serde_json::to_string(&params).expect("params serialize to JSON");
        let params_tag = hex(&Sha256::digest(params_json.as_bytes())[..4]);
        Generator {
            env,
            key: derive_key(E::ID, E::VERSION, seed),
            params,
            seed,
            level,
            params_tag,
            params_json: RawValue::from_string(params_json).expect("serde_json wrote valid JSON"),
        }
    }

    /// The validated params.
    pub fn params(&self) -> &E::Params {
        &self.params
    }

    /// The master seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The env.
    pub fn env(&self) -> &'e E {
        self.env
    }

    /// Problem `index`, borrowing the params (the cheap path for serialization).
    pub fn problem_ref(&self, index: u64) -> Problem<&E::Params, E::Data> {
        let mut rng = ProblemRng::new(self.key, index);
        let generated = self.env.generate(&self.params, &mut rng);
        Problem {
            id: problem_id(E::ID, E::VERSION, &self.params_tag, self.seed, index),
            env: Cow::Borrowed(E::ID),
            env_version: E::VERSION,
            rng: Cow::Borrowed(RNG_TAG),
            seed: self.seed,
            index,
            params: &self.params,
            prompt: generated.prompt,
            answer: generated.answer,
            data: generated.data,
            meta: Meta {
                difficulty: generated.difficulty,
                level: self.level,
            },
        }
    }

    /// Problem `index`, owning its params.
    pub fn problem(&self, index: u64) -> Problem<E::Params, E::Data> {
        self.problem_ref(index).map(Clone::clone, |d| d)
    }

    /// Appends problem `index` as one JSON line (with its `\n`) to `out`.
    pub fn write_jsonl(&self, index: u64, out: &mut Vec<u8>) {
        self.problem_with_jsonl(index, out);
    }

    /// Problem `index`, borrowing the params, with its JSON line (and `\n`) appended to `out`:
    /// one generation for both, for callers that keep the typed problem beside its line.
    pub fn problem_with_jsonl(
        &self,
        index: u64,
        out: &mut Vec<u8>,
    ) -> Problem<&E::Params, E::Data> {
        // The same bytes as serializing `problem_ref`, with the params copied in pre-serialized.
        let record = self.problem_ref(index).map(|_| &*self.params_json, |d| d);
        serde_json::to_writer(&mut *out, &record).expect("records serialize");
        out.push(b'\n');
        record.map(|_| &self.params, |d| d)
    }
}
