//! Turning a crate's module files into schemata: every file's mutants numbered crate-wide, test
//! code and `const fn` bodies left alone, sites and fuel calls naming the runtime by a
//! `crate::` path (inline modules need not `use super::*`), and the runtime appended to the
//! library root as a module that brings its own `extern crate std` (so it works in `no_std`
//! crates on host targets).

use std::collections::BTreeSet;

use super::super::RepoError;
use super::super::mutate::{self, Analysis, Mutant};
use super::super::schemata::{self, FUEL_EXHAUSTED, MUTANT_ENV, Rendered};
use super::modules::ModuleFile;
use super::tank::{FUEL_START, FUEL_USED};

/// The path every injected call takes to the runtime.
pub(crate) const RT: &str = "crate::__vg_rt::";

/// The environment variable naming the file where a run records which test reached which site.
pub const REACH_ENV: &str = "VERIGYM_REACH";

/// The environment variable that sets the fuel (loop iterations plus calls) per test thread.
pub const FUEL_ENV: &str = "VERIGYM_FUEL";

/// One analysed module file.
#[derive(Clone, Debug)]
pub(crate) struct FileMutants {
    /// The file.
    pub file: ModuleFile,
    /// Its analysis, ordinals crate-wide, test code and const fns filtered out.
    pub analysis: Analysis,
}

/// Analyses every file; ordinals run on from one file to the next in discovery order.
pub(crate) fn analyze(files: Vec<ModuleFile>) -> Result<Vec<FileMutants>, RepoError> {
    let mut next = 1u32;
    let mut out = Vec::with_capacity(files.len());
    for file in files {
        let mut a = mutate::analyze(&file.source, &file.rel)?;
        let inside = |p: usize| file.excluded.iter().any(|r| r.contains(&p));
        a.mutants.retain(|m| !inside(m.site.start));
        a.loop_points.retain(|&p| !inside(p));
        a.fn_points.retain(|&p| !inside(p));
        for m in &mut a.mutants {
            m.ordinal = next;
            let hash = m.id.split('-').next().unwrap_or_default().to_owned();
            m.id = format!("{hash}-{next}");
            next += 1;
        }
        out.push(FileMutants { file, analysis: a });
    }
    Ok(out)
}

/// The rewritten text of `f` with the `enabled` mutants placed; `root` appends the runtime.
pub(crate) fn render(f: &FileMutants, enabled: &BTreeSet<u32>, root: bool) -> Rendered {
    let mut r = schemata::render(&f.analysis, enabled, RT);
    // `enabled` is crate-wide; only this file's mutants can be unplaced here.
    let own: BTreeSet<u32> = f.analysis.mutants.iter().map(|m| m.ordinal).collect();
    r.unplaced.retain(|o| own.contains(o));
    if root {
        r.source.push_str(&runtime());
    }
    r
}

/// Every mutant of every file, with its file's relative path.
pub(crate) fn all_mutants(files: &[FileMutants]) -> Vec<(&str, &Mutant)> {
    files
        .iter()
        .flat_map(|f| {
            f.analysis
                .mutants
                .iter()
                .map(move |m| (f.file.rel.as_str(), m))
        })
        .collect()
}

/// The runtime module appended to the library root. The selector reads `VERIGYM_MUTANT` once;
/// with `VERIGYM_REACH` set it also records, once per (test, site), which test (the libtest
/// thread's name) reached which site, and how much fuel each thread burned (see
/// [`super::tank`] for the lines); fuel comes from `VERIGYM_FUEL`, and an exhausted tank
/// writes a marker straight to stderr (not through libtest's capture) before it panics, so a
/// runner that stops at the first failure still tells a timeout from a failure.
///
/// This code is built in the test profile, unoptimized, and runs on every loop iteration, call
/// and mutation site of the crate: at opt-level 0 nothing is inlined, so each atomic load and
/// each thread-local access is several real calls, and a hot loop in the crate's code spent
/// most of its time here (semver's `test_new`, 5 M characters parsed, ran 7× slower than
/// uninstrumented). So the hot paths make as few calls as they can: the selector's state is
/// one atomic word (one load decides the baseline's case), fuel and depth share one
/// const-initialized thread-local (one access per fuel point or call, no lazy-init check), the
/// site lookup is a plain loop, and reach recording's per-thread "seen" set is a bitset.
/// Fuel recording adds nothing to the fuel check: it hooks the tank's first fill, the branch
/// every thread takes once, and reads the mode there.
pub(crate) fn runtime() -> String {
    crate::runtime::render(
        include_str!("../../runtimes/crate_schemata.rs"),
        &[
            ("MUTANT_ENV", &MUTANT_ENV),
            ("REACH_ENV", &REACH_ENV),
            ("FUEL_ENV", &FUEL_ENV),
            ("FUEL_USED", &FUEL_USED),
            ("FUEL_START", &FUEL_START),
            ("FUEL_EXHAUSTED", &FUEL_EXHAUSTED),
        ],
    )
}
