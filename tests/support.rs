//! Helpers shared by the integration tests.

use std::fs;
use std::path::Path;

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

/// Compares `bytes` with `tests/golden/<name>`; with `VERIGYM_BLESS=1` it rewrites the file
/// instead. Bless only together with an env version bump and a CHANGELOG entry.
pub fn check_golden(name: &str, bytes: &[u8]) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name);
    if std::env::var_os("VERIGYM_BLESS").is_some() {
        fs::write(&path, bytes).unwrap();
        return;
    }
    let expected = fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert!(
        expected == bytes,
        "{} differs from what the generator now writes",
        path.display()
    );
}
