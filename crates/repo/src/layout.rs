//! Reading a mini-repo in the shared layout: `src/lib.rs` plus suites under `tests/`.

use std::path::{Path, PathBuf};

use super::RepoError;

/// A mini-repo's library and one of its suites, read from disk.
#[derive(Clone, Debug)]
pub struct RepoSource {
    /// The repo directory's name (or the path, when it has none).
    pub name: String,
    /// The library source (`src/lib.rs`).
    pub library: String,
    /// The suite's name: `strong`, `weak`, or the file path given.
    pub suite_name: String,
    /// The suite: a module body of `#[test]` fns that call the library by bare name.
    pub suite: String,
}

/// Which suite to read: `strong` and `weak` name `tests/<name>.rs`; anything else is a file path.
pub fn suite_path(repo: &Path, suite: &str) -> PathBuf {
    match suite {
        "strong" | "weak" => repo.join("tests").join(format!("{suite}.rs")),
        other => PathBuf::from(other),
    }
}

/// Reads `repo/src/lib.rs` and the chosen suite.
pub fn read(repo: &Path, suite: &str) -> Result<RepoSource, RepoError> {
    if !repo.is_dir() {
        return Err(RepoError::Layout {
            path: repo.display().to_string(),
            problem: "not a directory".into(),
        });
    }
    let lib = repo.join("src").join("lib.rs");
    let library = read_file(&lib)?;
    let suite_file = suite_path(repo, suite);
    if !matches!(suite, "strong" | "weak") && !suite_file.is_file() {
        // A name that is neither a shipped suite nor a file is a mistaken `--suite`, not a
        // broken repo: say which suites this repo has.
        return Err(RepoError::Crate {
            path: format!("--suite {suite}"),
            problem: format!(
                "not a suite; allowed: strong or weak (tests/<name>.rs), or the path of a suite \
                 file; {} has {}",
                repo.display(),
                suites_in(repo)
            ),
        });
    }
    let suite_text = read_file(&suite_file)?;
    let name = repo
        .canonicalize()
        .ok()
        .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .unwrap_or_else(|| repo.display().to_string());
    Ok(RepoSource {
        name,
        library,
        suite_name: suite.to_owned(),
        suite: suite_text,
    })
}

/// The `tests/*.rs` files of a repo, as a phrase for an error message.
fn suites_in(repo: &Path) -> String {
    let mut names: Vec<String> = std::fs::read_dir(repo.join("tests"))
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            name.strip_suffix(".rs").map(str::to_owned)
        })
        .collect();
    names.sort();
    if names.is_empty() {
        "no tests/*.rs".to_owned()
    } else {
        format!("tests/{{{}}}.rs", names.join(","))
    }
}

fn read_file(path: &Path) -> Result<String, RepoError> {
    std::fs::read_to_string(path).map_err(|e| RepoError::Layout {
        path: path.display().to_string(),
        problem: format!("cannot read: {e}"),
    })
}
