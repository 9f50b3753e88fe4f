//! What a catalog reads of a crate audit beyond its report: which sites each test reached in the
//! baseline, and every test outcome of every mutant run (a kill's runs twice), so
//! [`super::catalog`] can keep only the kills that are clean and repeat exactly.

use std::collections::{BTreeMap, BTreeSet};

use super::super::audit::Outcome;
use super::{CrateReport, Exe, label, run};

/// A crate audit and, with detail, its details for a catalog.
pub(crate) struct Audited {
    /// The report, as [`super::audit_crate`] returns it.
    pub report: CrateReport,
    /// Each trusted test (`[target] name`) and the sites (by first ordinal) it reached in the
    /// baseline; empty without detail.
    pub reached: BTreeMap<String, BTreeSet<u32>>,
    /// Each built mutant's site (its first ordinal).
    pub site_of: BTreeMap<u32, u32>,
    /// Each run mutant's executable runs; empty without detail.
    pub runs: BTreeMap<u32, MutantRuns>,
    /// The copied package directory the tests ran in: a failure message that names it cannot be
    /// reproduced anywhere else.
    pub run_dir: String,
}

/// The runs of one mutant, with detail.
#[derive(Debug, Default)]
pub(crate) struct MutantRuns {
    /// Its executable runs, in plan order.
    pub first: Vec<ExeRecord>,
    /// The same runs again for a killed mutant (else empty): a catalog keeps a kill only when
    /// its failures repeat exactly.
    pub again: Vec<ExeRecord>,
}

/// One run of one test executable against one mutant, as a catalog judges it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct ExeRecord {
    /// `lib` or `tests/<name>`.
    pub target: String,
    /// Whether it has libtest's harness.
    pub harness: bool,
    /// The tests asked for, as libtest names them.
    pub planned: Vec<String>,
    /// What libtest reported, in order.
    pub tests: Vec<(String, Outcome)>,
    /// Whether the process exited with 0.
    pub success: bool,
    /// Whether the wall-clock guard killed it.
    pub wall_killed: bool,
    /// Whether a test ran out of fuel.
    pub fuel_exhausted: bool,
    /// Why the process ended abnormally (a signal, the guard), if it did.
    pub abnormal: Option<String>,
}

impl ExeRecord {
    /// The record of run `r` of `tests` of `e`.
    pub(super) fn of(e: &Exe, tests: &[String], r: &run::ExeRun) -> Self {
        Self {
            target: e.target.clone(),
            harness: e.harness,
            planned: tests.to_vec(),
            tests: r.tests.clone(),
            success: r.success,
            wall_killed: r.wall_killed,
            fuel_exhausted: r.fuel_exhausted,
            abnormal: r.abnormal.clone(),
        }
    }
}

impl Exe {
    /// Each trusted test (`[target] name`) and the sites it reached, as [`Exe::reaching`] tells
    /// them: a site a thread that is no test's reached counts for every test, whose reach is
    /// then over-approximated rather than missed.
    pub(super) fn reached(&self) -> BTreeMap<String, BTreeSet<u32>> {
        let mut out: BTreeMap<String, BTreeSet<u32>> = self
            .tests
            .iter()
            .map(|t| (label(&self.target, t), BTreeSet::new()))
            .collect();
        for &site in self.reach.keys() {
            for t in self.reaching(site) {
                out.entry(label(&self.target, &t)).or_default().insert(site);
            }
        }
        out
    }
}
