//! The golden-file check of `golden.rs`, shared by the env test files that keep their own goldens.
//!
//! Regenerate with `VERIGYM_BLESS=1 cargo test` only together with an env version bump.

use std::fs;
use std::path::Path;

/// Compares `bytes` with `tests/golden/<name>`, or writes them there under `VERIGYM_BLESS`.
pub fn check(name: &str, bytes: &[u8]) {
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
