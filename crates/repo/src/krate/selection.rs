//! Which of a crate's mutants an audit runs: the mini-repo selection (`--file`, `--exclude`,
//! `--function`, `--in-diff`, `--shard`) over every module file, paths relative to the package
//! directory as cargo-mutants writes them (`src/lib.rs`, `src/foo/bar.rs`).

use std::collections::BTreeSet;
use std::path::Path;

use super::super::audit::SelectionInfo;
use super::super::select::{MutantFilter, MutantKey, SelectError};
use super::inject::FileMutants;

/// The selected mutants.
#[derive(Clone, Debug)]
pub(crate) struct Chosen {
    /// Their ordinals.
    pub ordinals: BTreeSet<u32>,
    /// What the report says about the selection.
    pub info: SelectionInfo,
}

/// Applies `filter` to every mutant of `files`, in the order the report lists them (file
/// discovery order, then source order): shards are round-robin over that order, so every shard
/// of a CI matrix sees the same list.
pub(crate) fn choose(
    files: &[FileMutants],
    filter: &MutantFilter,
    package_dir: &Path,
) -> Result<Chosen, SelectError> {
    if let Some(diff) = &filter.in_diff {
        for f in files {
            diff.check_matches(&f.file.rel, &f.file.source)?;
        }
        // A diff taken from a workspace root names `crates/x/src/lib.rs`: it would select
        // nothing, silently. Every new-side file must exist in the package (a stale diff is
        // refused above; deleted files are not listed).
        if let Some(missing) = diff.files.keys().find(|p| !package_dir.join(p).is_file()) {
            return Err(SelectError::new(
                "--in-diff",
                missing.as_str(),
                format!("no such file in the package at {}", package_dir.display()),
                "paths relative to the package directory (`src/lib.rs`), as `git diff \
                 --relative` writes them when run there",
            ));
        }
    }
    let mut ordinals = Vec::new();
    let mut keys = Vec::new();
    for f in files {
        for m in &f.analysis.mutants {
            let text = f.file.source[m.span.clone()].trim_end_matches('\n');
            keys.push(MutantKey {
                file: &f.file.rel,
                start_line: m.line,
                end_line: m.line + text.matches('\n').count(),
                function: &m.function,
            });
            ordinals.push(m.ordinal);
        }
    }
    let picked = filter.select(&keys);
    Ok(Chosen {
        ordinals: picked.indices.iter().map(|&i| ordinals[i]).collect(),
        info: SelectionInfo {
            filter: filter.describe(),
            found: keys.len(),
            selected: picked.indices.len(),
            filtered_out: picked.filtered_out,
            other_shards: picked.other_shards,
        },
    })
}

/// `files` with only the `chosen` mutants: what goes into the build. Ordinals are kept, so
/// selectors, ids and reach sites do not depend on the selection; fuel points stay, so a
/// selected mutant runs on exactly the instrumentation of an unselected audit.
pub(crate) fn restrict(files: &[FileMutants], chosen: &BTreeSet<u32>) -> Vec<FileMutants> {
    files
        .iter()
        .map(|f| {
            let mut f = f.clone();
            f.analysis.mutants.retain(|m| chosen.contains(&m.ordinal));
            f
        })
        .collect()
}
