//! Choosing bugs and injecting them: which functions may hold bugs together, which catalog bug
//! each gets, the buggy library text, and the failing tests it produces.
//!
//! Bugs are combined only in functions that no strong test reaches together. A test then meets
//! at most one bug, so it fails under the combination exactly when it fails under that bug alone,
//! with the same message: the failures a prompt shows are true without compiling anything.

use super::assets::{self, Repo};
use super::params::RepoFixParams;
use crate::core::rng::ProblemRng;
use crate::repo::catalog::{Bug, Failure};

/// The bugs chosen for one problem and the library they produce.
#[derive(Debug)]
pub struct Injection {
    /// The repo.
    pub repo: &'static Repo,
    /// Catalog indices of the injected bugs, in source order.
    pub bugs: Vec<usize>,
    /// Indices of the functions whose bodies the prompt shows, in source order.
    pub shown: Vec<usize>,
    /// The failing strong tests, in suite order, with their messages.
    pub failing: Vec<Failure>,
}

/// Whether a bug fails an allowed number of tests.
fn eligible(bug: &Bug, p: &RepoFixParams) -> bool {
    let n = bug.failing.len() as u64;
    n >= u64::from(p.min_failing) && n <= u64::from(p.max_failing)
}

/// For each function, the catalog indices of its bugs that `p` allows.
fn eligible_by_function(repo: &Repo, p: &RepoFixParams) -> Vec<Vec<usize>> {
    repo.bugs_by_function
        .iter()
        .map(|bugs| {
            bugs.iter()
                .copied()
                .filter(|&b| eligible(repo.bug(b), p))
                .collect()
        })
        .collect()
}

/// Every set of `p.bugs` functions (ascending indices) that each have an eligible bug and that
/// no test reaches two of.
fn function_sets(repo: &Repo, eligible: &[Vec<usize>], k: usize) -> Vec<Vec<usize>> {
    let candidates: Vec<usize> = (0..eligible.len())
        .filter(|&f| !eligible[f].is_empty())
        .collect();
    let mut out = Vec::new();
    let mut current = Vec::with_capacity(k);
    extend(repo, &candidates, 0, k, &mut current, &mut out);
    out
}

fn extend(
    repo: &Repo,
    candidates: &[usize],
    from: usize,
    k: usize,
    current: &mut Vec<usize>,
    out: &mut Vec<Vec<usize>>,
) {
    if current.len() == k {
        out.push(current.clone());
        return;
    }
    for i in from..candidates.len() {
        let f = candidates[i];
        if current.iter().all(|&g| !repo.conflicts[f][g]) {
            current.push(f);
            extend(repo, candidates, i + 1, k, current, out);
            current.pop();
        }
    }
}

/// The repos that `p` can draw from: the named one, or every shipped one with a valid set.
pub fn feasible_repos(p: &RepoFixParams) -> Vec<&'static Repo> {
    assets::repos()
        .iter()
        .filter(|r| p.repo == "any" || r.name == p.repo)
        .filter(|r| !function_sets(r, &eligible_by_function(r, p), p.bugs as usize).is_empty())
        .collect()
}

/// Draws the repo, the functions, one bug in each, and the distractors. `p` must be valid.
pub fn inject(p: &RepoFixParams, rng: &mut ProblemRng) -> Injection {
    let repos = feasible_repos(p);
    let repo = *rng.choose(&repos);
    let eligible = eligible_by_function(repo, p);
    let sets = function_sets(repo, &eligible, p.bugs as usize);
    let functions = rng.choose(&sets).clone();
    let bugs: Vec<usize> = functions
        .iter()
        .map(|&f| *rng.choose(&eligible[f]))
        .collect();
    let mut others: Vec<usize> = (0..repo.functions.len())
        .filter(|f| !functions.contains(f))
        .collect();
    rng.shuffle(&mut others);
    others.truncate(p.distractors as usize);
    let mut shown = functions.clone();
    shown.extend(others);
    shown.sort_unstable();
    apply(repo, bugs, shown)
}

/// Sorts `bugs` (one per function) into source order and collects their failures.
pub fn apply(repo: &'static Repo, mut bugs: Vec<usize>, shown: Vec<usize>) -> Injection {
    bugs.sort_by_key(|&b| repo.bug(b).span[0]);
    let failing = repo
        .catalog
        .tests
        .iter()
        .filter_map(|t| {
            bugs.iter()
                .flat_map(|&b| &repo.bug(b).failing)
                .find(|f| f.test == t.name)
                .cloned()
        })
        .collect();
    Injection {
        repo,
        bugs,
        shown,
        failing,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(level: f64) -> RepoFixParams {
        <RepoFixParams as crate::core::params::EnvParams>::at_level(level)
    }

    #[test]
    fn combined_bugs_never_share_a_test() {
        let mut rng = ProblemRng::from_test_seed(3);
        for _ in 0..100 {
            let inj = inject(&params(7.0), &mut rng);
            let fns: Vec<&str> = inj
                .bugs
                .iter()
                .map(|&b| inj.repo.bug(b).function.as_str())
                .collect();
            assert_ne!(fns[0], fns[1]);
            for t in &inj.repo.catalog.tests {
                let hit = fns.iter().filter(|f| t.reaches.iter().any(|r| r == *f));
                assert!(hit.count() <= 1, "{} reaches {fns:?}", t.name);
            }
            for &b in &inj.bugs {
                let n = inj.repo.bug(b).failing.len();
                assert!((1..=2).contains(&n));
            }
            let expected: usize = inj
                .bugs
                .iter()
                .map(|&b| inj.repo.bug(b).failing.len())
                .sum();
            assert_eq!(inj.failing.len(), expected);
        }
    }
}
