//! The order of one mutant's test runs when the audit stops at its first failure: the tests that
//! reach the mutant are grouped into processes and run cheapest first, by the fuel each burned
//! in the baseline, so a mutant that a quick test kills never waits for a slow one.
//!
//! Only the order and the grouping change, never which tests run, so whether a mutant is
//! detected does not depend on them. What can: which test is named as the killer, and, when one
//! test fails and another loops, whether the mutant is reported killed or a timeout (both count
//! as detected). The full matrix keeps cargo's order, one process per executable.

/// A test that burned more fuel than this in the baseline runs in a process of its own, after
/// the cheaper ones: about what starting a test process costs (see [`START`]), so a test that
/// costs more than a start is worth keeping out of the runs before it.
pub(crate) const OWN_PROCESS: u64 = 200_000;

/// Starting a test executable, in fuel: a few milliseconds of process start-up and libtest's
/// own work, about what 200 000 steps of debug code take ([`super::TANK_FLOOR`] is 2 M steps, about
/// 35 ms).
const START: u64 = 200_000;

/// `plan`: per executable (its index), the tests of it that reach the mutant, in cargo's order.
/// `fuel(exe, test)`: what that test burned in the baseline (`None`: not known, taken as the
/// dearest). Returns the runs (executable, tests), cheapest first; equal costs keep `plan`'s
/// order.
pub(crate) fn cheapest_first(
    plan: Vec<(usize, Vec<String>)>,
    fuel: impl Fn(usize, &str) -> Option<u64>,
) -> Vec<(usize, Vec<String>)> {
    let mut runs: Vec<(u64, (usize, Vec<String>))> = Vec::new();
    for (exe, tests) in plan {
        let mut cheap = Vec::new();
        let mut cheap_cost = START;
        for test in tests {
            match fuel(exe, &test) {
                Some(f) if f <= OWN_PROCESS => {
                    cheap_cost += f;
                    cheap.push(test);
                }
                known => runs.push((
                    known.map_or(u64::MAX, |f| f.saturating_add(START)),
                    (exe, vec![test]),
                )),
            }
        }
        if !cheap.is_empty() {
            runs.push((cheap_cost, (exe, cheap)));
        }
    }
    // A stable sort: equal costs keep cargo's order of executables and libtest's of tests.
    runs.sort_by_key(|(cost, (exe, _))| (*cost, *exe));
    runs.into_iter().map(|(_, run)| run).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(v: &[(usize, &[&str])]) -> Vec<(usize, Vec<String>)> {
        v.iter()
            .map(|(k, t)| (*k, t.iter().map(|s| s.to_string()).collect()))
            .collect()
    }

    #[test]
    fn a_slow_test_runs_alone_after_the_quick_ones_of_every_executable() {
        // Executable 0 holds a slow test among quick ones (semver's `test_identifier` holds
        // `test_new`, 5.7 M fuel, 335 ms); executable 1's tests are all quick.
        let fuel = |k: usize, t: &str| match (k, t) {
            (0, "slow") => Some(5_660_000),
            (0, "unknown") => None,
            (_, t) => Some(t.len() as u64 * 100),
        };
        let runs = cheapest_first(
            plan(&[(0, &["a", "slow", "b", "unknown"]), (1, &["c", "dd"])]),
            fuel,
        );
        assert_eq!(
            runs,
            plan(&[
                (0, &["a", "b"]),
                (1, &["c", "dd"]),
                (0, &["slow"]),
                (0, &["unknown"]),
            ])
        );
    }

    #[test]
    fn every_test_runs_once_whatever_the_costs() {
        let tests: Vec<String> = (0..40).map(|i| format!("t{i}")).collect();
        let fuel = |k: usize, t: &str| {
            let i: u64 = t[1..].parse().unwrap();
            (i % 7 != 3).then_some((i * 7919 + k as u64 * 104_729) % 700_000)
        };
        let runs = cheapest_first(vec![(0, tests.clone()), (2, tests.clone())], fuel);
        for k in [0, 2] {
            let mut seen: Vec<&String> = runs
                .iter()
                .filter(|(e, _)| *e == k)
                .flat_map(|(_, t)| t)
                .collect();
            seen.sort();
            let mut want: Vec<&String> = tests.iter().collect();
            want.sort();
            assert_eq!(seen, want, "executable {k}");
        }
        // Cheapest first; a run of several tests holds only quick ones.
        let cost = |k: usize, t: &[String]| {
            t.iter()
                .map(|t| fuel(k, t).unwrap_or(u64::MAX))
                .fold(START, u64::saturating_add)
        };
        assert!(
            runs.windows(2)
                .all(|w| cost(w[0].0, &w[0].1) <= cost(w[1].0, &w[1].1))
        );
        for (k, t) in &runs {
            assert!(
                t.len() == 1
                    || t.iter()
                        .all(|t| fuel(*k, t).is_some_and(|f| f <= OWN_PROCESS))
            );
        }
    }
}
