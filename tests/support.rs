//! Helpers shared by the integration tests.

use sha2::{Digest, Sha256};
use verigym::{DynGenerator, registry, stream};

/// The JSONL bytes of problems `start..start + n` of an env at a level (or defaults), with the
/// given overrides as `name=JSON` pairs.
pub fn jsonl(
    env: &str,
    level: Option<f64>,
    overrides: &[(&str, &str)],
    seed: u64,
    start: u64,
    n: u64,
) -> Vec<u8> {
    let generator = generator(env, level, overrides, seed);
    let mut out = Vec::new();
    stream::write_jsonl(generator.as_ref(), start, n, &mut out).unwrap();
    out
}

/// A generator by env id.
pub fn generator(
    env: &str,
    level: Option<f64>,
    overrides: &[(&str, &str)],
    seed: u64,
) -> Box<dyn DynGenerator> {
    let map = overrides
        .iter()
        .map(|(k, v)| ((*k).to_owned(), serde_json::from_str(v).unwrap()))
        .collect();
    registry::find(env)
        .unwrap()
        .generator(level, &map, seed)
        .unwrap()
}

/// Lower-case hex SHA-256.
pub fn sha256(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}
