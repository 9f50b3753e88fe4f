//! A crate's hidden catalog (`hidden.json` beside `catalog.json`): which drivers of the hidden
//! differential suite compile against the crate, and how many generated inputs separate each
//! catalogued bug from the pristine crate under each survey seed. `repo_fix` poses only the bugs
//! the suite separates under every seed, so an answer that keeps a bug's behaviour on inputs the
//! crate's tests do not try is caught.
//!
//! A survey builds the crate with every driver, dropping those that do not compile by halving
//! (a driver that does not compile would fail every answer, so this is decided here, once, and
//! never guessed at judging time), then builds every bug as an answer arm and runs the suite
//! with every input counted, once per seed.

use std::collections::BTreeSet;
use std::path::Path;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::super::super::RepoError;
use super::super::catalog::CrateCatalog;
use super::super::fixes::{self, FixRun, FixTarget, Hidden, Replacement};
use super::super::modules;
use super::super::package;
use super::{Context, HIDDEN_VERSION, INPUTS_PER_DRIVER, drivers, read_message, suite_files};
use crate::audit::Outcome;

/// The hidden catalog's file name in a catalog directory.
pub const HIDDEN_JSON: &str = "hidden.json";

/// The format of `hidden.json`.
pub const HIDDEN_FORMAT: u32 = 1;

/// The seeds a survey runs the suite with: a bug is posed only when every one separates it.
pub const SURVEY_SEEDS: [u64; 3] = [1, 2, 3];

/// A crate's hidden catalog.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HiddenCatalog {
    /// [`HIDDEN_FORMAT`].
    pub format: u32,
    /// The suite's version ([`super::HIDDEN_VERSION`]) it was surveyed with.
    pub hidden_version: u32,
    /// SHA-256 of the catalog's source directory: the only source it is valid for.
    pub source_sha256: String,
    /// Inputs per driver in the survey (and when judging).
    pub inputs: u32,
    /// The seeds it was surveyed with.
    pub seeds: Vec<u64>,
    /// The drivers that compile, by id (`src/lib.rs#name`), in module and source order.
    pub drivers: Vec<String>,
    /// Drivers found that did not compile against the crate, left out.
    pub dropped: Vec<String>,
    /// The hidden tests' labels (`[lib] module::__vg_hidden::differential`).
    pub labels: Vec<String>,
    /// Every catalogued bug, in catalog order: how many inputs separated it under each seed.
    pub bugs: Vec<HiddenBug>,
}

/// What the suite made of one bug.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HiddenBug {
    /// The catalog bug's id.
    pub id: String,
    /// Per seed, the inputs whose result differs from the pristine crate's (a crash of the
    /// suite's process counts as one).
    pub differing: Vec<u64>,
    /// Per seed, the inputs compared.
    pub compared: Vec<u64>,
}

impl HiddenCatalog {
    /// Whether the suite separates bug `id` from the pristine crate under every seed.
    pub fn separates(&self, id: &str) -> bool {
        self.bugs
            .iter()
            .any(|b| b.id == id && !b.differing.is_empty() && b.differing.iter().all(|&d| d > 0))
    }

    /// Whether it was made for `source_sha256` by this build's suite.
    pub fn is_current(&self, source_sha256: &str) -> bool {
        self.format == HIDDEN_FORMAT
            && self.hidden_version == HIDDEN_VERSION
            && self.source_sha256 == source_sha256
            && self.inputs == INPUTS_PER_DRIVER
    }
}

/// The hidden catalog as written: pretty JSON with a final newline.
pub fn to_json(h: &HiddenCatalog) -> String {
    let mut text = serde_json::to_string_pretty(h).expect("hidden catalogs serialize");
    text.push('\n');
    text
}

/// Surveys the crate at `source_dir` (a catalog's source) for `catalog`'s bugs.
pub fn survey(source_dir: &Path, catalog: &CrateCatalog) -> Result<HiddenCatalog, RepoError> {
    let pkg = package::read(source_dir, None)?;
    let all = modules::discover_with_tests(&pkg.lib_root, &pkg.dir)?;
    let ctx = Context::of(all.iter().map(|f| f.source.as_str()));
    let found: Vec<String> = all
        .iter()
        .flat_map(|f| drivers(&f.source, &f.rel, &ctx))
        .map(|d| d.id)
        .collect();
    let kept = screen(source_dir, catalog, &found)?;
    let dropped: Vec<String> = found
        .iter()
        .filter(|d| !kept.contains(d))
        .cloned()
        .collect();
    let kept_set: BTreeSet<String> = kept.iter().cloned().collect();
    let labels: Vec<String> = suite_files(&all, Some(&kept_set))
        .into_iter()
        .map(|f| f.label)
        .collect();

    // Every bug as an answer: its function with the bug, in its (otherwise pristine) file.
    let mut files: Vec<(String, String)> = Vec::new();
    let mut functions: Vec<(usize, String)> = Vec::new();
    let mut answers: Vec<Vec<Replacement>> = vec![Vec::new()];
    for bug in &catalog.bugs {
        let k = match files.iter().position(|(f, _)| *f == bug.file) {
            Some(k) => k,
            None => {
                let path = source_dir.join(&bug.file);
                let text = std::fs::read_to_string(&path)
                    .map_err(RepoError::io(format!("cannot read {}", path.display())))?;
                files.push((bug.file.clone(), text));
                files.len() - 1
            }
        };
        if !functions.iter().any(|(f, n)| *f == k && *n == bug.function) {
            functions.push((k, bug.function.clone()));
        }
        answers.push(vec![Replacement {
            file: k,
            function: bug.function.clone(),
            item: buggy_item(&files[k].1, bug)?,
        }]);
    }
    let file_refs: Vec<(&str, &str)> = files
        .iter()
        .map(|(f, t)| (f.as_str(), t.as_str()))
        .collect();
    let mut bugs: Vec<HiddenBug> = catalog
        .bugs
        .iter()
        .map(|b| HiddenBug {
            id: b.id.clone(),
            differing: Vec::new(),
            compared: Vec::new(),
        })
        .collect();
    for seed in SURVEY_SEEDS {
        let target = FixTarget {
            source_dir,
            files: &file_refs,
            cargo_args: &catalog.cargo_args,
            tests: &[],
            hidden: Some(Hidden {
                seed,
                inputs: INPUTS_PER_DRIVER,
                count_all: true,
                drivers: Some(&kept_set),
                functions: &functions,
            }),
            every_test: false,
        };
        let runs = fixes::judge(&target, &answers)?;
        let mut runs = runs.into_iter();
        // The pristine crate against itself: any difference is the suite's fault.
        if let Some(FixRun::Ran(run)) = runs.next() {
            for t in &run.tests {
                if t.outcome != Outcome::Passed {
                    return Err(RepoError::Crate {
                        path: source_dir.display().to_string(),
                        problem: format!(
                            "the unmodified crate fails its hidden suite (`{}`: {:?})",
                            t.name, t.outcome
                        ),
                    });
                }
            }
        }
        for (bug, run) in bugs.iter_mut().zip(runs) {
            let (d, n) = match run {
                FixRun::DoesNotCompile(_) => (0, 0),
                FixRun::Ran(run) => labels.iter().fold((0, 0), |(d, n), label| {
                    match run
                        .tests
                        .iter()
                        .find(|t| t.name == *label)
                        .map(|t| &t.outcome)
                    {
                        Some(Outcome::Passed) => (d, n),
                        Some(Outcome::Failed(m)) => match read_message(m) {
                            Some((dd, nn)) => (d + dd, n + nn),
                            None => (d + 1, n),
                        },
                        // Crashed, timed out, or never reported: the bug brings the suite down.
                        _ => (d + 1, n),
                    }
                }),
            };
            bug.differing.push(d);
            bug.compared.push(n);
        }
    }
    Ok(HiddenCatalog {
        format: HIDDEN_FORMAT,
        hidden_version: HIDDEN_VERSION,
        source_sha256: catalog.source_sha256.clone(),
        inputs: INPUTS_PER_DRIVER,
        seeds: SURVEY_SEEDS.to_vec(),
        drivers: kept,
        dropped,
        labels,
        bugs,
    })
}

/// The drivers of `found` that compile together, by halving the ones that do not.
fn screen(
    source_dir: &Path,
    catalog: &CrateCatalog,
    found: &[String],
) -> Result<Vec<String>, RepoError> {
    if found.is_empty() {
        return Ok(Vec::new());
    }
    let set: BTreeSet<String> = found.iter().cloned().collect();
    let target = FixTarget {
        source_dir,
        files: &[],
        cargo_args: &catalog.cargo_args,
        tests: &[],
        hidden: Some(Hidden {
            seed: 0,
            inputs: 1,
            count_all: false,
            drivers: Some(&set),
            functions: &[],
        }),
        every_test: false,
    };
    match fixes::judge(&target, &[]) {
        Ok(_) => return Ok(found.to_vec()),
        Err(RepoError::Compile { .. } | RepoError::CompilerLimit(_)) => {}
        Err(e) => return Err(e),
    }
    if found.len() == 1 {
        return Ok(Vec::new());
    }
    let (a, b) = found.split_at(found.len() / 2);
    let mut kept = screen(source_dir, catalog, a)?;
    kept.extend(screen(source_dir, catalog, b)?);
    Ok(kept)
}

/// The text of `bug`'s function with the bug in place, from its file's pristine `text`.
fn buggy_item(text: &str, bug: &super::super::catalog::CrateBug) -> Result<String, RepoError> {
    let broken = || RepoError::Crate {
        path: bug.file.clone(),
        problem: format!("the bug `{}` does not apply to its file", bug.id),
    };
    let [s, e] = bug.span;
    let [fs, fe] = bug.item_span;
    if !(fs <= s && s <= e && e <= fe && fe <= text.len())
        || text.get(s..e) != Some(bug.original.as_str())
    {
        return Err(broken());
    }
    Ok(format!(
        "{}{}{}",
        text.get(fs..s).ok_or_else(broken)?,
        bug.replacement,
        text.get(e..fe).ok_or_else(broken)?
    ))
}
