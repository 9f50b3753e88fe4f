//! The shipped mini-repos, compiled into the binary: library, suites and bug catalog of each,
//! parsed once, with the facts bug selection needs (functions, which tests reach which).

use std::sync::LazyLock;

use verigym_repo::catalog::{Bug, BugCatalog, call_depths, sha256_hex, short_name};
use verigym_repo::mutate::{self, FnInfo, Operator};
use verigym_repo::vary::Surface;

/// One shipped repo, ready for bug injection.
#[derive(Debug)]
pub struct Repo {
    /// Its name (the directory under `envs/repos/`).
    pub name: &'static str,
    /// `src/lib.rs`.
    pub library: &'static str,
    /// `tests/strong.rs`: the hidden suite the verifier runs.
    pub strong: &'static str,
    /// `tests/weak.rs`: the suite a prompt may show.
    pub weak: &'static str,
    /// `bugs.json`.
    pub catalog: BugCatalog,
    /// The library's functions in source order.
    pub functions: Vec<FnInfo>,
    /// `conflicts[i][j]`: some strong test reaches both function `i` and function `j`, so bugs in
    /// both could mask or change each other's failures.
    pub conflicts: Vec<Vec<bool>>,
    /// For each function, the catalog indices of its injectable bugs: not whole-body defaults,
    /// and every failing test reaches the function (the reach analysis explains the failure, so
    /// combining the bug with bugs elsewhere is safe).
    pub bugs_by_function: Vec<Vec<usize>>,
    /// For each catalog bug, what the knobs need of each of its failures, in `failing` order.
    pub failures: Vec<Vec<FailureFacts>>,
    /// What variation may rename and rewrite.
    pub surface: Surface,
}

/// What the `reach` and `misleading` knobs need to know of one failure of one bug.
#[derive(Clone, Copy, Debug)]
pub struct FailureFacts {
    /// The fewest calls from the failing test to the buggy function (1: the test calls it), or 0
    /// when the reach analysis does not see the test reach it.
    pub depth: u32,
    /// Whether the test's name or its message contains the buggy function's name.
    pub names_function: bool,
}

impl Repo {
    /// The catalog's bug `i`.
    pub fn bug(&self, i: usize) -> &Bug {
        &self.catalog.bugs[i]
    }
}

macro_rules! repo {
    ($name:literal) => {
        (
            $name,
            include_str!(concat!("../../../../../envs/repos/", $name, "/src/lib.rs")),
            include_str!(concat!(
                "../../../../../envs/repos/",
                $name,
                "/tests/strong.rs"
            )),
            include_str!(concat!(
                "../../../../../envs/repos/",
                $name,
                "/tests/weak.rs"
            )),
            include_str!(concat!("../../../../../envs/repos/", $name, "/bugs.json")),
        )
    };
}

type Sources = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
);

/// The shipped repos, in the order `repo = "any"` draws from.
const SOURCES: [Sources; 9] = [
    repo!("toy"),
    repo!("strings"),
    repo!("intervals"),
    repo!("calc"),
    repo!("ledger"),
    repo!("calendar"),
    repo!("grid"),
    repo!("search"),
    repo!("bits"),
];

/// The names of the shipped repos.
pub fn names() -> impl Iterator<Item = &'static str> {
    SOURCES.iter().map(|s| s.0)
}

static REPOS: LazyLock<Vec<Repo>> = LazyLock::new(|| SOURCES.iter().map(load).collect());

/// Every shipped repo, parsed.
pub fn repos() -> &'static [Repo] {
    &REPOS
}

/// The shipped repo with this name.
pub fn find(name: &str) -> Option<&'static Repo> {
    repos().iter().find(|r| r.name == name)
}

/// Parses one repo. The assets are part of the build, and `tests/repo_fix.rs` keeps every
/// catalog in step with its library, so a failure here is a packaging bug, not bad input.
fn load(&(name, library, strong, weak, catalog): &Sources) -> Repo {
    let catalog: BugCatalog = serde_json::from_str(catalog)
        .unwrap_or_else(|e| panic!("envs/repos/{name}/bugs.json is not a bug catalog: {e}"));
    assert_eq!(
        catalog.library_sha256,
        sha256_hex(library),
        "envs/repos/{name}/bugs.json is stale; rebuild it with `verigym catalog envs/repos/{name}`"
    );
    let analysis = mutate::analyze(library, "src/lib.rs")
        .unwrap_or_else(|e| panic!("envs/repos/{name}/src/lib.rs: {e}"));
    let depths = call_depths(&analysis, strong)
        .unwrap_or_else(|e| panic!("envs/repos/{name}/tests/strong.rs: {e}"));
    let functions = analysis.functions;
    let index = |f: &str| functions.iter().position(|g| g.name == f);
    let n = functions.len();
    let mut conflicts = vec![vec![false; n]; n];
    for t in &catalog.tests {
        let reached: Vec<usize> = t.reaches.iter().filter_map(|f| index(f)).collect();
        for &a in &reached {
            for &b in &reached {
                conflicts[a][b] = true;
            }
        }
    }
    let mut bugs_by_function = vec![Vec::new(); n];
    for (i, bug) in catalog.bugs.iter().enumerate() {
        let Some(f) = index(&bug.function) else {
            continue;
        };
        // A whole body replaced by a default value asks for a rewrite from the docs, not for
        // finding a bug; such mutants stay in the catalog but are not injected.
        if bug.operator == Operator::ReturnDefault {
            continue;
        }
        let explained = bug.failing.iter().all(|fail| {
            catalog
                .tests
                .iter()
                .any(|t| t.name == fail.test && t.reaches.contains(&bug.function))
        });
        if explained {
            bugs_by_function[f].push(i);
        }
    }
    let failures = catalog
        .bugs
        .iter()
        .map(|bug| {
            let function = short_name(&bug.function);
            bug.failing
                .iter()
                .map(|f| FailureFacts {
                    depth: depths
                        .get(&f.test)
                        .and_then(|d| d.get(&bug.function))
                        .copied()
                        .unwrap_or(0),
                    // Plain substrings: `weekdays` and `is_weekday(d)` both point at `weekday`.
                    names_function: f.test.contains(function) || f.message.contains(function),
                })
                .collect()
        })
        .collect();
    let replacements: Vec<&str> = catalog
        .bugs
        .iter()
        .map(|b| b.replacement.as_str())
        .collect();
    let surface = Surface::new(library, strong, weak, &replacements)
        .unwrap_or_else(|e| panic!("envs/repos/{name}: {e}"));
    Repo {
        surface,
        name,
        library,
        strong,
        weak,
        catalog,
        functions,
        conflicts,
        bugs_by_function,
        failures,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_repo_loads_with_bugs_in_most_functions() {
        for repo in repos() {
            let with_bugs = repo.bugs_by_function.iter().filter(|b| !b.is_empty());
            assert!(
                with_bugs.count() * 2 >= repo.functions.len(),
                "{}: too few functions with injectable bugs",
                repo.name
            );
        }
        assert_eq!(names().count(), repos().len());
        assert!(find("toy").is_some() && find("nope").is_none());
    }
}
