//! Helpers shared by the `knights_knaves` and `sat` tests: golden-file comparison.

use std::fs;
use std::path::Path;

/// Compares `bytes` with `tests/golden/<name>`; `VERIGYM_BLESS=1` rewrites the file instead.
/// The same protocol as `tests/golden.rs`: bless only together with an env version bump.
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
