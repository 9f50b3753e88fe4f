//! What each thread of a crate's tests burns from its fuel tank, as the recording baseline run
//! (the one that records reach) writes it: the runtime writes a [`FUEL_START`] line into the
//! reach file when a thread fills its tank and a [`FUEL_USED`] line when the thread ends.

use std::collections::{BTreeMap, BTreeSet};

/// The reach-file line a thread writes when it fills its tank: `fuel-start<TAB>thread`.
pub(crate) const FUEL_START: &str = "fuel-start";

/// The reach-file line a thread writes as it ends: `fuel-used<TAB>burned<TAB>thread`, `?` for
/// `burned` when its tank ran dry (and was refilled, which hides what it burned).
pub(crate) const FUEL_USED: &str = "fuel-used";

/// One executable's recording run, as fuel: every thread name's account.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct FuelUse {
    threads: BTreeMap<String, Account>,
}

/// The threads of one name (several unnamed helpers share `?`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Account {
    started: usize,
    ended: usize,
    most: u64,
    /// A tank ran dry, or an end line was unreadable.
    unknown: bool,
}

impl FuelUse {
    /// Reads the fuel lines of a reach file (reach's own `site<TAB>test` lines are skipped).
    pub(crate) fn parse(text: &str) -> Self {
        let mut threads: BTreeMap<String, Account> = BTreeMap::new();
        for line in text.lines() {
            let mut fields = line.splitn(3, '\t');
            match (fields.next(), fields.next(), fields.next()) {
                (Some(FUEL_START), Some(name), None) => {
                    threads.entry(name.to_owned()).or_default().started += 1;
                }
                (Some(FUEL_USED), Some(burned), Some(name)) => {
                    let a = threads.entry(name.to_owned()).or_default();
                    a.ended += 1;
                    match burned.parse::<u64>() {
                        Ok(n) => a.most = a.most.max(n),
                        Err(_) => a.unknown = true,
                    }
                }
                _ => {}
            }
        }
        Self { threads }
    }

    /// The most one thread named `name` burned: 0 when none filled a tank (every fill in the
    /// recording run writes its start line first), unknown when one never wrote its end line.
    fn used(&self, name: &str) -> Option<u64> {
        match self.threads.get(name) {
            None => Some(0),
            Some(a) if a.unknown || a.ended != a.started => None,
            Some(a) => Some(a.most),
        }
    }

    /// The most fuel one thread of a run of `run` burned in the baseline, unknown when one
    /// thread's is. With libtest's harness, the threads of a run are its tests' (a test runs on
    /// a thread of its name) and any other thread the executable had (`tests`: every libtest
    /// test name of the executable; a helper thread cannot be told which test spawned it, so it
    /// counts for every run); without it, every thread of the process.
    pub(crate) fn most(
        &self,
        harness: bool,
        run: &[String],
        tests: &BTreeSet<&str>,
    ) -> Option<u64> {
        let others = self
            .threads
            .keys()
            .filter(|name| !harness || !tests.contains(name.as_str()));
        let mut most = 0;
        for name in run.iter().filter(|_| harness).chain(others) {
            most = most.max(self.used(name)?);
        }
        Some(most)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names<'a>(v: &[&'a str]) -> BTreeSet<&'a str> {
        v.iter().copied().collect()
    }

    fn run(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_run_takes_its_tests_and_every_helper_thread() {
        let text = "fuel-start\ta\n3\ta\nfuel-used\t500\ta\n\
                    fuel-start\tb\nfuel-used\t70000\tb\n\
                    fuel-start\t?\nfuel-used\t40\t?\nfuel-start\t?\nfuel-used\t90\t?\n";
        let u = FuelUse::parse(text);
        let tests = names(&["a", "b", "quiet"]);
        assert_eq!(u.most(true, &run(&["a"]), &tests), Some(500));
        assert_eq!(u.most(true, &run(&["a", "b"]), &tests), Some(70_000));
        // A test that never filled a tank burned nothing; the helpers' most still counts.
        assert_eq!(u.most(true, &run(&["quiet"]), &tests), Some(90));
        // Without the harness the process is one test: every thread counts.
        assert_eq!(u.most(false, &[], &BTreeSet::new()), Some(70_000));
        assert_eq!(FuelUse::parse("").most(true, &run(&["a"]), &tests), Some(0));
    }

    #[test]
    fn a_thread_without_its_end_or_run_dry_is_unknown() {
        let tests = names(&["a", "b"]);
        // `b` started but never ended (the process exited under it).
        let u = FuelUse::parse("fuel-start\ta\nfuel-used\t5\ta\nfuel-start\tb\n");
        assert_eq!(u.most(true, &run(&["a"]), &tests), Some(5));
        assert_eq!(u.most(true, &run(&["a", "b"]), &tests), None);
        assert_eq!(u.most(false, &[], &BTreeSet::new()), None);
        // A tank that ran dry; an unnamed helper that never ended counts for every run.
        let dry = FuelUse::parse("fuel-start\ta\nfuel-used\t?\ta\n");
        assert_eq!(dry.most(true, &run(&["a"]), &tests), None);
        let helper = FuelUse::parse("fuel-start\ta\nfuel-used\t5\ta\nfuel-start\t?\n");
        assert_eq!(helper.most(true, &run(&["a"]), &tests), None);
    }
}
