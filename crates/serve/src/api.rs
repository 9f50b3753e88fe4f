//! The request and response bodies of every `verigym serve` endpoint, with their JSON Schemas.
//!
//! Doc comments here become the descriptions in `schemas/serve-*.schema.json`, so they are written
//! for client authors.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use verigym::episodes::FeedbackOptions;
use verigym_core::record::Problem;
use verigym_core::verdict::Verdict;

/// `POST /verify`: one problem and one or more responses to it.
///
/// Name the problem by `id` (a record this server issued through `/generate` or
/// `/curriculum/next`, kept in its bounded record store) or send the full `record`. Give exactly
/// one of `id` and `record`, and exactly one of `response` and `responses`. All responses to a
/// `repo_fix` problem are verified as one group (one compile).
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VerifyRequest {
    /// The id of a record this server issued. An id the store does not hold (never issued, or
    /// evicted) is answered 404 with the id in the message, never with a verdict.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// A full problem record, as `verigym generate` writes it. It is checked before use: its env
    /// must be registered, its `env_version` current, and its params and data must deserialize
    /// as that env's types.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<Problem>")]
    pub record: Option<Box<RawValue>>,
    /// One response.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub response: Option<String>,
    /// Several responses, such as a GRPO group.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub responses: Option<Vec<String>>,
}

/// The verdicts for one [`VerifyRequest`], in the order of its responses.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct VerifyResponse {
    /// The problem id.
    pub id: String,
    /// The problem's env.
    pub env: String,
    /// One verdict per response, in request order.
    pub verdicts: Vec<Verdict>,
}

/// `POST /verify/batch`: many [`VerifyRequest`]s graded in parallel.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BatchRequest {
    /// The items; each is graded exactly as `/verify` would grade it.
    pub items: Vec<VerifyRequest>,
}

/// The answer to a [`BatchRequest`]: one result per item, in item order.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct BatchResponse {
    /// One entry per request item.
    pub results: Vec<BatchResult>,
}

/// One item's outcome: its verdicts, or why it could not be graded. A failed item never carries
/// verdicts, and the other items are graded regardless.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct BatchResult {
    /// The problem id, when the item named a problem the server could read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// The problem's env, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub env: Option<String>,
    /// One verdict per response, when the item was graded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verdicts: Option<Vec<Verdict>>,
    /// Why the item was not graded, when it was not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<ItemError>,
}

/// Why one batch item was not graded.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct ItemError {
    /// The HTTP status `/verify` would have answered for this item alone (404 unknown id, 422
    /// invalid item, 503 compile queue full).
    pub status: u16,
    /// What is wrong, naming the field and value.
    pub error: String,
}

/// `POST /get_reward`: OpenRLHF's remote reward contract.
///
/// OpenRLHF posts `query` (prompt and response decoded together), `prompts` and `labels`, one
/// entry per sample. Each label carries the problem: the id of a record this server issued, or a
/// full record as a JSON string (the dataset's label column). The response is what follows the
/// prompt in the query; when the query does not start with `prompts[i]`, what follows the last
/// occurrence of the record's own prompt text is used, and a query holding neither is refused
/// (422) rather than graded with the prompt's text in it. Other fields are ignored.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct GetRewardRequest {
    /// Prompt and response, as the trainer decoded them.
    pub query: Vec<String>,
    /// The prompts as the trainer sent them to the model (after any chat template).
    #[serde(default)]
    pub prompts: Vec<String>,
    /// Per sample: a record id, or a full record as JSON text.
    pub labels: Vec<String>,
}

/// The answer to a [`GetRewardRequest`], in OpenRLHF's shape.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct GetRewardResponse {
    /// The reward per sample: the verdict's score (1 right, 0 otherwise).
    pub rewards: Vec<f64>,
    /// The same scores; OpenRLHF uses them for dynamic filtering.
    pub scores: Vec<f64>,
    /// Per-sample values logged by the trainer: `correct` and `format_ok` as 0 or 1.
    pub extra_logs: BTreeMap<String, Vec<f64>>,
}

/// `POST /generate`: problems as JSON lines, byte-identical to `verigym generate` with the same
/// env, level, params, seed, start and count. The body streams, so any `n` up to the cap is fine.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GenerateRequest {
    /// The env id (`GET /health` lists them).
    pub env: String,
    /// A difficulty level from 0 (easiest) to 10, mapped to params by the env.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<f64>,
    /// Param overrides by name, applied after `level` (like `--param NAME=VALUE`).
    #[serde(default)]
    pub params: Map<String, Value>,
    /// The master seed.
    #[serde(default)]
    pub seed: u64,
    /// The index of the first problem.
    #[serde(default)]
    pub start: u64,
    /// How many problems, at most 10,000,000 per request.
    #[serde(default = "default_n")]
    pub n: u64,
    /// Keep the generated records in the record store so `/verify` accepts their ids. Only the
    /// last `store-size` of a larger range can stay there.
    #[serde(default = "yes")]
    pub store: bool,
}

fn default_n() -> u64 {
    10
}

fn yes() -> bool {
    true
}

/// `POST /curriculum/next`: the next problems of the server's one shared curriculum.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CurriculumNextRequest {
    /// How many problems, 1 to 4096.
    pub n: u32,
}

/// The problems issued, each also kept in the record store.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct CurriculumNextResponse {
    /// Records ready to show a model, byte-identical to `verigym generate` at their level.
    pub problems: Vec<Problem>,
    /// One entry per problem, in the same order: the feedback-episode options it must be played
    /// with (its env's `episode` schedule at the level it was issued at; send them as `feedback`
    /// to `/openenv/reset` with the record), or null for an env without a schedule (play it
    /// single-turn). Record the episode's final reward with `/curriculum/record`.
    pub episodes: Vec<Option<FeedbackOptions>>,
}

/// `POST /curriculum/record`: the rewards of one problem's group, late or out of order.
///
/// A 200 answer means the feedback is on disk (journaled and synced) and survives a crash.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CurriculumRecordRequest {
    /// The id of a problem `/curriculum/next` issued.
    pub id: String,
    /// One reward per answer: a number in [0, 1] or a boolean (true is 1); empty means "no
    /// feedback, forget the problem".
    pub rewards: Vec<Reward>,
}

/// One answer's reward as a client sends it: a number, or a boolean as many reward functions
/// return one. The same contract as `verigym curriculum`'s stdin protocol.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Reward {
    /// A reward in [0, 1].
    Number(f64),
    /// `true` is 1, `false` is 0.
    Bool(bool),
}

// By hand rather than `untagged`, whose error ("did not match any variant") names neither the
// value nor what is allowed.
impl<'de> Deserialize<'de> for Reward {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Reward;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a reward: a number from 0 to 1, true or false")
            }
            fn visit_bool<E>(self, b: bool) -> Result<Reward, E> {
                Ok(Reward::Bool(b))
            }
            fn visit_f64<E>(self, x: f64) -> Result<Reward, E> {
                Ok(Reward::Number(x))
            }
            fn visit_u64<E>(self, x: u64) -> Result<Reward, E> {
                Ok(Reward::Number(x as f64))
            }
            fn visit_i64<E>(self, x: i64) -> Result<Reward, E> {
                Ok(Reward::Number(x as f64))
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

impl Reward {
    /// The reward as the curriculum takes it.
    pub fn value(self) -> f64 {
        match self {
            Reward::Number(x) => x,
            Reward::Bool(b) => f64::from(u8::from(b)),
        }
    }
}

/// The acknowledgement of a [`CurriculumRecordRequest`].
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct CurriculumRecordResponse {
    /// `recorded`, or `duplicate` when this id's feedback was already recorded (a client retry
    /// after a lost answer); a duplicate is not counted twice.
    pub status: RecordStatus,
    /// Problems still awaiting feedback.
    pub outstanding: u64,
}

/// Whether feedback was taken now or had been taken before.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RecordStatus {
    /// Recorded now.
    Recorded,
    /// Recorded by an earlier request; ignored.
    Duplicate,
}

/// `GET /health`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct HealthResponse {
    /// Always `ok` while the server answers.
    pub status: String,
    /// The verigym version.
    pub version: String,
    /// Registered envs as `id@version`.
    pub envs: Vec<String>,
    /// Whether `/curriculum/*` is enabled.
    pub curriculum: bool,
    /// Records in the store now.
    pub stored_records: u64,
    /// The store's capacity.
    pub store_capacity: u64,
}

/// The body of every error answer.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct ErrorBody {
    /// What is wrong, naming the field, the value and what is allowed.
    pub error: String,
}

/// The server's schemas, as (file name, schema), for `verigym schema`.
pub fn schemas() -> Vec<(String, schemars::Schema)> {
    fn named<T: JsonSchema>(stem: &str) -> (String, schemars::Schema) {
        (
            format!("serve-{stem}.schema.json"),
            schemars::schema_for!(T),
        )
    }
    vec![
        named::<VerifyRequest>("verify-request"),
        named::<VerifyResponse>("verify-response"),
        named::<BatchRequest>("batch-request"),
        named::<BatchResponse>("batch-response"),
        named::<GetRewardRequest>("get-reward-request"),
        named::<GetRewardResponse>("get-reward-response"),
        named::<GenerateRequest>("generate-request"),
        named::<CurriculumNextRequest>("curriculum-next-request"),
        named::<CurriculumNextResponse>("curriculum-next-response"),
        named::<CurriculumRecordRequest>("curriculum-record-request"),
        named::<CurriculumRecordResponse>("curriculum-record-response"),
        named::<HealthResponse>("health-response"),
        named::<ErrorBody>("error"),
        named::<super::durable::ServeState>("state"),
    ]
}
