//! The problem record: everything needed to show a problem and to re-check any response to it.

use std::borrow::Cow;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One generated problem, as written to JSONL.
///
/// `P` and `D` are an env's params and verifier data; an env-agnostic reader uses the defaults,
/// raw JSON values. The record alone is enough to verify a response: nothing is regenerated.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Problem<P = Value, D = Value> {
    /// Unique, stable id: `{env}-v{env_version}-{params_tag}-s{seed}-i{index}`, where the params
    /// tag is the first 8 hex digits of the SHA-256 of the params JSON.
    pub id: String,
    /// The env that made this problem.
    pub env: Cow<'static, str>,
    /// The env's version. Any change to what an env generates bumps it.
    pub env_version: u32,
    /// How the random stream was derived from (env, env_version, seed, index).
    pub rng: Cow<'static, str>,
    /// The master seed.
    pub seed: u64,
    /// The position in the seed's stream. Problem `index` is computable on its own.
    pub index: u64,
    /// The validated params the problem was generated with.
    pub params: P,
    /// The text shown to the model.
    pub prompt: String,
    /// The reference answer, exactly as a correct `<answer>` would hold it.
    pub answer: String,
    /// The env's structured data: all its verifier needs.
    pub data: D,
    /// Difficulty information.
    pub meta: Meta,
}

impl<P, D> Problem<P, D> {
    /// The same record with its params and data converted.
    pub fn map<P2, D2>(
        self,
        params: impl FnOnce(P) -> P2,
        data: impl FnOnce(D) -> D2,
    ) -> Problem<P2, D2> {
        Problem {
            id: self.id,
            env: self.env,
            env_version: self.env_version,
            rng: self.rng,
            seed: self.seed,
            index: self.index,
            params: params(self.params),
            prompt: self.prompt,
            answer: self.answer,
            data: data(self.data),
            meta: self.meta,
        }
    }
}

/// Difficulty information about a problem.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Meta {
    /// The env's intrinsic difficulty measure for this problem, defined per env (for `modarith`,
    /// the number of operations in the chain). Larger is harder.
    pub difficulty: u64,
    /// The scalar difficulty level the params were derived from, when they were.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<f64>,
}

/// The first fields of a record, enough to route it to its env.
#[derive(Debug, Deserialize)]
pub struct RecordHeader {
    /// See [`Problem::id`].
    pub id: String,
    /// See [`Problem::env`].
    pub env: String,
    /// See [`Problem::env_version`]. Read so that a line without it is not taken for a record.
    #[allow(dead_code)]
    pub env_version: u32,
}

/// Formats a problem id.
pub fn problem_id(env: &str, version: u32, params_tag: &str, seed: u64, index: u64) -> String {
    // On the generation hot path, so built with `itoa` rather than `format!`.
    let mut id = String::with_capacity(env.len() + params_tag.len() + 48);
    let mut num = itoa::Buffer::new();
    id.push_str(env);
    id.push_str("-v");
    id.push_str(num.format(version));
    id.push('-');
    id.push_str(params_tag);
    id.push_str("-s");
    id.push_str(num.format(seed));
    id.push_str("-i");
    id.push_str(num.format(index));
    id
}

/// SHA-256 of some bytes, as lowercase hex.
pub fn sha256_hex(bytes: impl AsRef<[u8]>) -> String {
    use sha2::{Digest, Sha256};
    hex(&Sha256::digest(bytes.as_ref()))
}

/// Lower-case hex of a byte string.
pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for &b in bytes {
        out.push(DIGITS[usize::from(b >> 4)] as char);
        out.push(DIGITS[usize::from(b & 15)] as char);
    }
    out
}
