//! Each mutant run's fuel tank, sized from the baseline the way cargo-mutants sizes its timeout
//! from the baseline's test time (there: at least 20 s, else 5 × the baseline's wall time).
//!
//! The recording baseline run (the one that records reach) also accounts for every thread's
//! tank: the runtime writes a [`FUEL_START`] line into the reach file when a thread fills its tank
//! and a [`FUEL_USED`] line when the thread ends. A mutant run's tank is then [`TANK_MULT`] × the most
//! any thread of that run burned in the baseline, at least [`TANK_FLOOR`], at most the user's
//! `--fuel` ([`super::CrateOptions::fuel`]), and exactly `--fuel` when some thread's usage is not
//! known. A mutant that loops forever then stops after a small multiple of what the unmutated
//! tests need, instead of after the whole 100 M ceiling (about 1.8 s of debug code per timeout).
//!
//! A dry tank is not yet a verdict: the run is repeated once with [`confirm`]'s tank,
//! [`TANK_MULT`] × the first (at most `--fuel`), and that run's results stand (`run_plan` in
//! `mod.rs`). So a mutant that terminates but burns far more than its baseline (an equivalent
//! slower path, taken when a fast path is mutated away) is judged on its results like any other,
//! and a timeout is a mutant that needs more than 400 × its tests' baseline steps (at least 40 M)
//! or the whole `--fuel`. A looping mutant costs 21 × its first tank (42 M steps at the floor,
//! about half a second at the default opt-level), against cargo-mutants' 20 s floor.

use std::collections::{BTreeMap, BTreeSet};

/// The reach-file line a thread writes when it fills its tank: `fuel-start<TAB>thread`.
pub(crate) const FUEL_START: &str = "fuel-start";

/// The reach-file line a thread writes as it ends: `fuel-used<TAB>burned<TAB>thread`, `?` for
/// `burned` when its tank ran dry (and was refilled, which hides what it burned).
pub(crate) const FUEL_USED: &str = "fuel-used";

/// A run's tank is this many times the most fuel one of its threads burned in the baseline.
///
/// Fuel counts only the crate's own loop iterations and calls, and the same code on the same
/// input burns the same fuel, so unlike cargo-mutants' wall-clock multiple (5 ×) this one need
/// not absorb load or machine noise, only tests whose work varies from run to run (random
/// inputs, proptest's fresh seeds, `HashMap` order, loops until a deadline) and mutants that do
/// more work yet finish (a bound off by one, an early exit removed). 20 × leaves room for both
/// and keeps a timeout at a twentieth of the ceiling's cost for a test that needs 5 M steps.
pub const TANK_MULT: u64 = 20;

/// The smallest tank, in fuel: 2 M steps, about 35 ms of debug code (100 M run about 1.8 s).
///
/// Most tests burn a few thousand steps, where a multiple alone would be too tight for a small
/// legitimate difference to be safe (a test of 100 steps whose mutant needs 2,001 is slow, not
/// looping). 35 ms is still well under a test executable's start-up and libtest's own overhead
/// per run, so a timeout costs about what a kill does.
pub const TANK_FLOOR: u64 = 2_000_000;

/// The tank of one run: [`TANK_MULT`] × `most`, at least [`TANK_FLOOR`], at most `ceiling`; `ceiling`
/// when `most` is unknown, or when the sized tank is over half of it (a dry tank is run again
/// with [`confirm`]'s, so a tank close to the ceiling would cost a looping mutant nearly twice
/// the ceiling instead of once).
pub(crate) fn size(most: Option<u64>, ceiling: u64) -> u64 {
    match most {
        Some(most) => {
            let sized = most.saturating_mul(TANK_MULT).max(TANK_FLOOR).min(ceiling);
            if sized.saturating_mul(2) > ceiling {
                ceiling
            } else {
                sized
            }
        }
        None => ceiling,
    }
}

/// The tank a run gets when its first tank, `first`, ran dry: [`TANK_MULT`] × `first`, at most
/// `ceiling`. Only a run that exhausts this one too is a timeout: a mutant that merely takes a
/// slower equivalent path (a fast path mutated away) has 400 × its tests' baseline steps (at
/// least 40 M, about half a second) to finish, and a looping one costs 21 × its first tank.
pub(crate) fn confirm(first: u64, ceiling: u64) -> u64 {
    first.saturating_mul(TANK_MULT).min(ceiling)
}

/// Whether `run` stopped because some thread's tank ran dry (not because the wall clock did).
pub(crate) fn ran_dry(run: &super::run::ExeRun) -> bool {
    !run.wall_killed
        && (run.fuel_exhausted
            || run
                .tests
                .iter()
                .any(|(_, o)| *o == super::super::audit::Outcome::Timeout))
}

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

    #[test]
    fn the_tank_is_a_multiple_of_the_baseline_between_the_floor_and_the_ceiling() {
        let ceiling = 100_000_000;
        assert_eq!(size(Some(0), ceiling), TANK_FLOOR);
        assert_eq!(size(Some(TANK_FLOOR / TANK_MULT), ceiling), TANK_FLOOR);
        assert_eq!(size(Some(1_000_000), ceiling), 1_000_000 * TANK_MULT);
        assert_eq!(size(Some(2_500_000), ceiling), 2_500_000 * TANK_MULT);
        assert_eq!(
            size(Some(2_500_001), ceiling),
            ceiling,
            "over half: the ceiling"
        );
        assert_eq!(confirm(TANK_FLOOR, ceiling), TANK_FLOOR * TANK_MULT);
        assert_eq!(confirm(40_000_000, ceiling), ceiling);
        assert_eq!(confirm(u64::MAX, ceiling), ceiling, "no overflow");
        assert_eq!(size(Some(ceiling / TANK_MULT + 1), ceiling), ceiling);
        assert_eq!(size(Some(u64::MAX), ceiling), ceiling, "no overflow");
        assert_eq!(size(None, ceiling), ceiling, "unknown: the ceiling");
        // `--fuel` stays the hard ceiling, even below the floor.
        assert_eq!(size(Some(0), 1_000), 1_000);
    }

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
        assert_eq!(size(helper.most(true, &run(&["a"]), &tests), 777), 777);
    }
}
