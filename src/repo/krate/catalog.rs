//! The bug catalog of a real Cargo crate, for `repo_fix` on your own code: every mutant the
//! crate's own tests kill cleanly, with the failing tests and their messages and which functions
//! each test reaches, stored beside a copy of the source it was built from and that source's
//! content hash.
//!
//! A catalog directory holds [`CATALOG_JSON`] and [`SOURCE_DIR`] (the package as audited). A
//! `repo_fix` record names the crate by [`CrateCatalog::source_sha256`]; the verifier checks the
//! source it finds against that hash and refuses to judge on any other (a `verifier_error`, never
//! a verdict on different code).

use std::path::Path;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::super::RepoError;
use super::super::catalog::Failure;
use super::super::mutate::Operator;

/// The catalog's file in a catalog directory.
pub const CATALOG_JSON: &str = "catalog.json";
/// The directory, beside [`CATALOG_JSON`], holding the package's source as audited.
pub const SOURCE_DIR: &str = "source";
/// The catalog format this build reads and writes.
pub const CATALOG_FORMAT: u32 = 1;

/// The bugs of one crate that its own tests kill cleanly, ready to inject.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CrateCatalog {
    /// [`CATALOG_FORMAT`] when written.
    pub format: u32,
    /// The package's name.
    pub package: String,
    /// Its version.
    pub version: String,
    /// SHA-256 of the source directory (see [`source_sha256`]), hex.
    pub source_sha256: String,
    /// The cargo arguments the tests were built and run with (features, targets).
    pub cargo_args: Vec<String>,
    /// The tests that count, as `[target] name` (`[lib] tests::t`, `[tests/api] parses`), in
    /// run order, with the functions each reaches.
    pub tests: Vec<CrateTest>,
    /// Every mutant that compiles, finishes, and fails at least one test by an assertion or a
    /// panic, in file and source order.
    pub bugs: Vec<CrateBug>,
}

/// One test of the crate and the functions it reaches.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CrateTest {
    /// `[target] name`.
    pub name: String,
    /// The functions whose code the unmutated test ran, as `file#function` (`src/lib.rs#parse`,
    /// `src/version.rs#Version::new`), from the baseline's reach recording: exact, not an
    /// over-approximation.
    pub reaches: Vec<String>,
}

/// One injectable bug: a mutant of one function of one file and what it breaks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CrateBug {
    /// The mutant's stable id (as the audit reports it).
    pub id: String,
    /// Its operator.
    pub operator: Operator,
    /// The file, relative to the package directory (`src/lib.rs`).
    pub file: String,
    /// The function it lives in, as `name` or `Type::name`.
    pub function: String,
    /// Byte range in `file` of the whole function item, from its visibility (or `fn`) to its
    /// closing brace, doc comments and attributes excluded.
    pub item_span: [usize; 2],
    /// Byte range in `file` that the replacement overwrites.
    pub span: [usize; 2],
    /// The original text at that range.
    pub original: String,
    /// The text that replaces it.
    pub replacement: String,
    /// The tests that fail with only this bug present, with their messages, in run order.
    pub failing: Vec<Failure>,
}

/// SHA-256 (hex) of a source directory: every regular file under `dir`, in the byte order of
/// their `/`-separated relative paths, each hashed as its path, a NUL, its length as 8
/// little-endian bytes, then its bytes. Symbolic links and other special files are an error, so
/// a hash never depends on what a link points to.
pub fn source_sha256(dir: &Path) -> Result<String, RepoError> {
    use sha2::{Digest, Sha256};
    let mut files = Vec::new();
    list_files(dir, "", &mut files)?;
    files.sort();
    let mut hasher = Sha256::new();
    for rel in &files {
        let bytes = std::fs::read(dir.join(rel)).map_err(RepoError::io(format!(
            "cannot read {}",
            dir.join(rel).display()
        )))?;
        hasher.update(rel.as_bytes());
        hasher.update([0]);
        hasher.update((bytes.len() as u64).to_le_bytes());
        hasher.update(&bytes);
    }
    Ok(crate::core::record::hex(&hasher.finalize()))
}

/// Every regular file under `dir/prefix`, as `/`-separated paths relative to `dir`.
fn list_files(dir: &Path, prefix: &str, out: &mut Vec<String>) -> Result<(), RepoError> {
    let here = dir.join(prefix);
    let entries = std::fs::read_dir(&here)
        .map_err(RepoError::io(format!("cannot list {}", here.display())))?;
    for entry in entries {
        let entry = entry.map_err(RepoError::io(format!("cannot list {}", here.display())))?;
        let name = entry
            .file_name()
            .into_string()
            .map_err(|n| RepoError::Crate {
                path: here.display().to_string(),
                problem: format!("the file name {n:?} is not UTF-8"),
            })?;
        let rel = if prefix.is_empty() {
            name
        } else {
            format!("{prefix}/{name}")
        };
        let kind = entry.file_type().map_err(RepoError::io(format!(
            "cannot stat {}",
            entry.path().display()
        )))?;
        if kind.is_dir() {
            list_files(dir, &rel, out)?;
        } else if kind.is_file() {
            out.push(rel);
        } else {
            return Err(RepoError::Crate {
                path: entry.path().display().to_string(),
                problem: "a catalog's source holds only regular files and directories".into(),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_source_hash_covers_names_and_contents_and_ignores_listing_order() {
        let a = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(a.path().join("src")).unwrap();
        std::fs::write(a.path().join("Cargo.toml"), "[package]\n").unwrap();
        std::fs::write(a.path().join("src/lib.rs"), "pub fn f() {}\n").unwrap();
        let h = source_sha256(a.path()).unwrap();
        assert_eq!(h.len(), 64);
        assert_eq!(h, source_sha256(a.path()).unwrap());
        std::fs::write(a.path().join("src/lib.rs"), "pub fn g() {}\n").unwrap();
        let changed = source_sha256(a.path()).unwrap();
        assert_ne!(h, changed);
        std::fs::rename(a.path().join("src/lib.rs"), a.path().join("src/main.rs")).unwrap();
        assert_ne!(changed, source_sha256(a.path()).unwrap());
        // The path and the contents are framed: moving bytes between them changes the hash.
        let b = tempfile::tempdir().unwrap();
        std::fs::write(b.path().join("ab"), "c").unwrap();
        let c = tempfile::tempdir().unwrap();
        std::fs::write(c.path().join("a"), "bc").unwrap();
        assert_ne!(
            source_sha256(b.path()).unwrap(),
            source_sha256(c.path()).unwrap()
        );
    }

    #[cfg(unix)]
    #[test]
    fn links_in_a_source_are_refused() {
        let a = tempfile::tempdir().unwrap();
        std::fs::write(a.path().join("real"), "x").unwrap();
        std::os::unix::fs::symlink(a.path().join("real"), a.path().join("link")).unwrap();
        let e = source_sha256(a.path()).unwrap_err().to_string();
        assert!(e.contains("only regular files"), "{e}");
    }
}
