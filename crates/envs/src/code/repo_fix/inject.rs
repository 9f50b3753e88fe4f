//! Choosing bugs and injecting them: which functions may hold bugs together, which catalog bug
//! each gets, the buggy library text, and the failing tests it produces.
//!
//! Bugs are combined only in functions that no strong test reaches together. A test then meets
//! at most one bug, so it fails under the combination exactly when it fails under that bug alone,
//! with the same message: the failures a prompt shows are true without compiling anything.

use super::assets::{self, FailureFacts, Repo};
use super::params::RepoFixParams;
use verigym_core::rng::ProblemRng;
use verigym_repo::catalog::Failure;

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
    /// The failures a prompt may show (those at least `reach` calls from their bug), in suite
    /// order.
    pub shown_failing: Vec<Failure>,
}

/// The failures of catalog bug `b` that a prompt shows at `reach`: those whose test is at
/// least `reach` calls from the bug.
fn shown_failures(
    repo: &Repo,
    b: usize,
    reach: u32,
) -> impl Iterator<Item = (&Failure, FailureFacts)> {
    repo.bug(b)
        .failing
        .iter()
        .zip(repo.failures[b].iter().copied())
        .filter(move |(_, facts)| facts.depth >= reach)
}

/// The `reach` that shapes what a prompt shows: `p.reach` when failures are shown, else 1 (a
/// prompt that shows no failure has none to hold back).
fn shown_reach(p: &RepoFixParams) -> u32 {
    if p.show_failures { p.reach } else { 1 }
}

/// Whether catalog bug `b` fails an allowed number of tests and, when the prompt shows
/// misleading failures, none it shows names its function.
fn eligible(repo: &Repo, b: usize, p: &RepoFixParams) -> bool {
    let n = repo.bug(b).failing.len() as u64;
    if n < u64::from(p.min_failing) || n > u64::from(p.max_failing) {
        return false;
    }
    !(p.show_failures && p.misleading)
        || shown_failures(repo, b, p.reach).all(|(_, facts)| !facts.names_function)
}

/// Whether the prompt shows some failure of catalog bug `b`: every problem needs one bug that
/// does, so its failure list is never empty.
fn shows_a_failure(repo: &Repo, b: usize, p: &RepoFixParams) -> bool {
    shown_failures(repo, b, shown_reach(p)).next().is_some()
}

/// The bugs `p` allows, by function: all of them, and those whose failures the prompt shows.
struct Pool {
    eligible: Vec<Vec<usize>>,
    showing: Vec<Vec<usize>>,
}

/// For each function, the catalog indices of its bugs that `p` allows.
fn pool(repo: &Repo, p: &RepoFixParams) -> Pool {
    let eligible: Vec<Vec<usize>> = repo
        .bugs_by_function
        .iter()
        .map(|bugs| {
            bugs.iter()
                .copied()
                .filter(|&b| eligible(repo, b, p))
                .collect()
        })
        .collect();
    let showing = eligible
        .iter()
        .map(|bugs| {
            bugs.iter()
                .copied()
                .filter(|&b| shows_a_failure(repo, b, p))
                .collect()
        })
        .collect();
    Pool { eligible, showing }
}

/// Every set of `k` functions (ascending indices) that each have an eligible bug, that no test
/// reaches two of, and one of which has a bug whose failures the prompt shows.
fn function_sets(repo: &Repo, pool: &Pool, k: usize) -> Vec<Vec<usize>> {
    let candidates: Vec<usize> = (0..pool.eligible.len())
        .filter(|&f| !pool.eligible[f].is_empty())
        .collect();
    let mut out = Vec::new();
    let mut current = Vec::with_capacity(k);
    extend(repo, &candidates, 0, k, &mut current, &mut out);
    out.retain(|set| set.iter().any(|&f| !pool.showing[f].is_empty()));
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
        .filter(|r| !function_sets(r, &pool(r, p), p.bugs as usize).is_empty())
        .collect()
}

/// Every (repo, catalog bug id) that a problem under `p` can hold, in repo then catalog order:
/// what the knobs select, for measuring them (`examples/repo_fix_knobs.rs`). Empty when `p`
/// poses nothing.
pub fn posable_bugs(p: &RepoFixParams) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    for repo in assets::repos()
        .iter()
        .filter(|r| p.repo == "any" || r.name == p.repo)
    {
        let pool = pool(repo, p);
        let mut posable = vec![false; repo.catalog.bugs.len()];
        for set in function_sets(repo, &pool, p.bugs as usize) {
            let leads = set.iter().filter(|&&f| !pool.showing[f].is_empty()).count();
            let all_show = set
                .iter()
                .all(|&f| pool.showing[f].len() == pool.eligible[f].len());
            for &f in &set {
                let lead = !pool.showing[f].is_empty();
                // A function draws from all its eligible bugs unless it must be the lead.
                let from = if all_show || !lead || leads > 1 {
                    &pool.eligible[f]
                } else {
                    &pool.showing[f]
                };
                for &b in from {
                    posable[b] = true;
                }
            }
        }
        out.extend(
            (0..posable.len())
                .filter(|&b| posable[b])
                .map(|b| (repo.name, repo.bug(b).id.clone())),
        );
    }
    out
}

/// Draws the repo, the functions, one bug in each, and the distractors. `p` must be valid.
pub fn inject(p: &RepoFixParams, rng: &mut ProblemRng) -> Injection {
    let repos = feasible_repos(p);
    let repo = *rng.choose(&repos);
    let pool = pool(repo, p);
    let sets = function_sets(repo, &pool, p.bugs as usize);
    let functions = rng.choose(&sets).clone();
    // One function, the lead, gets a bug whose failures the prompt shows; the others any
    // eligible bug. When every eligible bug shows failures (`reach = 1`) no lead is drawn.
    let all_show = functions
        .iter()
        .all(|&f| pool.showing[f].len() == pool.eligible[f].len());
    let lead = if all_show {
        None
    } else {
        let leads: Vec<usize> = functions
            .iter()
            .copied()
            .filter(|&f| !pool.showing[f].is_empty())
            .collect();
        Some(*rng.choose(&leads))
    };
    let bugs: Vec<usize> = functions
        .iter()
        .map(|&f| {
            let from = if lead == Some(f) {
                &pool.showing[f]
            } else {
                &pool.eligible[f]
            };
            *rng.choose(from)
        })
        .collect();
    let mut others: Vec<usize> = (0..repo.functions.len())
        .filter(|f| !functions.contains(f))
        .collect();
    rng.shuffle(&mut others);
    others.truncate(p.distractors as usize);
    let mut shown = functions.clone();
    shown.extend(others);
    shown.sort_unstable();
    apply(repo, bugs, shown, shown_reach(p))
}

/// Sorts `bugs` (one per function) into source order and collects their failures, and those a
/// prompt shows at `reach`.
pub fn apply(
    repo: &'static Repo,
    mut bugs: Vec<usize>,
    shown: Vec<usize>,
    reach: u32,
) -> Injection {
    bugs.sort_by_key(|&b| repo.bug(b).span[0]);
    // A test meets at most one bug (see the module doc), so each failure belongs to one.
    let in_suite_order = |failures: Vec<&Failure>| -> Vec<Failure> {
        repo.catalog
            .tests
            .iter()
            .filter_map(|t| {
                failures
                    .iter()
                    .find(|f| f.test == t.name)
                    .map(|f| (*f).clone())
            })
            .collect()
    };
    let failing = in_suite_order(bugs.iter().flat_map(|&b| &repo.bug(b).failing).collect());
    let shown_failing = in_suite_order(
        bugs.iter()
            .flat_map(|&b| shown_failures(repo, b, reach).map(|(f, _)| f))
            .collect(),
    );
    Injection {
        repo,
        bugs,
        shown,
        failing,
        shown_failing,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(level: f64) -> RepoFixParams {
        <RepoFixParams as verigym_core::params::EnvParams>::at_level(level)
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

    /// The text of test `name`'s body in `suite`: from its `fn` to the next `#[test]`.
    fn test_body<'a>(suite: &'a str, name: &str) -> &'a str {
        let start = suite.find(&format!("fn {name}(")).unwrap();
        let rest = &suite[start..];
        &rest[..rest[1..].find("#[test]").map_or(rest.len(), |e| e + 1)]
    }

    fn names_identifier(text: &str, ident: &str) -> bool {
        text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .any(|w| w == ident)
    }

    /// Checked against the texts, not against the reach analysis that picks the bugs: at
    /// `reach` 2 no shown failing test names its bug's function in its body, and with
    /// `misleading` none names it in its name or message; every problem shows a failure, and
    /// those shown are among the recorded ones.
    #[test]
    fn shown_failures_are_far_from_their_bugs_and_point_away() {
        let mut rng = ProblemRng::from_test_seed(5);
        for (level, reach, misleading) in [
            (3.0, 1, true),
            (3.0, 2, false),
            (4.0, 2, true),
            (3.0, 3, true),
        ] {
            let p = RepoFixParams {
                reach,
                misleading,
                ..params(level)
            };
            let mut far = 0;
            for _ in 0..80 {
                let inj = inject(&p, &mut rng);
                assert!(!inj.shown_failing.is_empty());
                for f in &inj.shown_failing {
                    assert!(inj.failing.contains(f));
                    let bug = inj
                        .bugs
                        .iter()
                        .map(|&b| inj.repo.bug(b))
                        .find(|b| b.failing.iter().any(|g| g.test == f.test))
                        .unwrap();
                    let function = verigym_repo::catalog::short_name(&bug.function);
                    let direct = names_identifier(test_body(inj.repo.strong, &f.test), function);
                    assert!(
                        reach == 1 || !direct,
                        "{}: {} calls {function}",
                        inj.repo.name,
                        f.test
                    );
                    far += usize::from(!direct);
                    if misleading {
                        assert!(!f.test.contains(function), "{} names {function}", f.test);
                        assert!(!f.message.contains(function), "{}", f.message);
                    }
                }
            }
            assert!(reach == 1 || far > 0);
        }
    }

    /// Every bug a draw injects is one `posable_bugs` lists, at the knob settings that shape
    /// the pool differently.
    #[test]
    fn injected_bugs_are_posable() {
        let mut rng = ProblemRng::from_test_seed(9);
        for (level, reach, misleading) in [(3.0, 2, true), (4.0, 2, false), (4.0, 1, true)] {
            let p = RepoFixParams {
                reach,
                misleading,
                ..params(level)
            };
            let posable = posable_bugs(&p);
            assert!(!posable.is_empty());
            for _ in 0..60 {
                let inj = inject(&p, &mut rng);
                for &b in &inj.bugs {
                    let key = (inj.repo.name, inj.repo.bug(b).id.clone());
                    assert!(posable.contains(&key), "{key:?}");
                }
            }
        }
        let none = RepoFixParams {
            repo: "toy".into(),
            reach: 2,
            ..params(3.0)
        };
        assert!(posable_bugs(&none).is_empty());
    }
}
