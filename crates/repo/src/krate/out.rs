//! cargo-mutants' `mutants.out/` for a crate audit (see [`super::super::mutants_out`]): the
//! selected mutants with package-relative paths, the baseline, then each mutant as its verdict
//! arrives, so an interrupted audit keeps what it finished.

use std::collections::BTreeMap;
use std::path::Path;

use super::super::RepoError;
use super::super::audit::Status;
use super::super::mutants_out::{self, MutantResult, MutantsOut, Summary};
use super::inject::FileMutants;

/// A `mutants.out` being written, indexed by mutant ordinal.
pub(crate) struct Recorder {
    out: MutantsOut,
    index: BTreeMap<u32, usize>,
}

fn io_error(dir: &Path) -> impl FnOnce(std::io::Error) -> RepoError {
    RepoError::io(format!("writing {}", dir.display()))
}

impl Recorder {
    /// Creates `dir` listing every mutant of `files` (the build's: the selected ones), in report
    /// order.
    pub(crate) fn create(
        dir: &Path,
        package: &str,
        files: &[FileMutants],
        build_secs: f64,
    ) -> Result<Self, RepoError> {
        let mut list = Vec::new();
        let mut index = BTreeMap::new();
        for f in files {
            for m in &f.analysis.mutants {
                index.insert(m.ordinal, list.len());
                list.push(mutants_out::from_mutant(
                    m,
                    package,
                    &f.file.rel,
                    &f.analysis,
                ));
            }
        }
        let out = MutantsOut::create(
            dir,
            list,
            build_secs,
            vec!["<test executable>".into(), "--test-threads=1".into()],
        )
        .map_err(io_error(dir))?;
        Ok(Self { out, index })
    }

    /// Records the baseline (the run without reach recording).
    pub(crate) fn baseline(&self, secs: f64, log: &str) -> Result<(), RepoError> {
        self.out
            .baseline(secs, log)
            .map_err(io_error(self.out.dir()))
    }

    /// Records mutant `ordinal`'s verdict.
    pub(crate) fn record(
        &self,
        ordinal: u32,
        status: Status,
        secs: f64,
        log: String,
    ) -> Result<(), RepoError> {
        // A skipped mutant (left out of the build unjudged) is not listed, as cargo-mutants
        // lists none.
        let Some(summary) = Summary::of(status) else {
            return Ok(());
        };
        let Some(&i) = self.index.get(&ordinal) else {
            return Ok(());
        };
        let result = MutantResult {
            summary,
            test_secs: secs,
            log,
        };
        self.out
            .record(i, &result)
            .map_err(io_error(self.out.dir()))
    }

    /// Marks the directory complete (`end_time`).
    pub(crate) fn finish(self) -> Result<(), RepoError> {
        let dir = self.out.dir().to_owned();
        self.out.finish().map_err(io_error(&dir))
    }
}
