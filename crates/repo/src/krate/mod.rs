//! The crate audit: `verigym audit` on a real Cargo package, unchanged. The package (with its
//! workspace) is copied to a private directory, every non-test function of every module file gets
//! the mutant schemata, `cargo test --no-run` builds it ONCE, and the test executables run with
//! the mutant selected at run time.
//!
//! Pipeline: `package` (`cargo metadata`, the copy) → `modules` (module files, test code) →
//! `inject` (schemata per file, the runtime) → `build` (cargo, screening rounds) → `run`
//! (libtest, streaming) → [`audit_crate`] (baseline twice, reach, verdicts, re-runs).
//!
//! Architecture invariants:
//! - The user's files are never written: everything happens in the copy, and every location
//!   reported (mutants, compile errors) is the user's file and line.
//! - Tests run as `cargo test` runs them: the test profile (debug assertions, overflow checks),
//!   the package directory as working directory, `#[ignore]` left out, `#[should_panic]` judged by
//!   libtest, `harness = false` targets run whole.
//! - A test never decides a verdict it cannot be trusted with: tests that disagree with themselves
//!   over the two baseline runs are flaky and left out; a mutant is only run against the tests
//!   that reached its site in the baseline (a test that never runs the site cannot tell the mutant
//!   from the original); a survivor is run a second time before it is reported.
//! - A mutant run's fuel tank comes from the baseline's fuel, never its time (`tank.rs`,
//!   [`TANK_MULT`], [`TANK_FLOOR`]): a looping mutant stops after a small multiple of what its
//!   tests need, and `--fuel` only caps it. Running dry is confirmed with a 20 × larger tank
//!   before it is a timeout, so an equivalent slower path is never "caught".

pub mod catalog;
mod compile;
mod copies;
mod detail;
pub mod fixes;
pub mod hidden;
pub(crate) mod inject;
pub mod links;
mod modules;
mod out;
mod package;
mod run;
mod schedule;
mod screen;
pub mod sealing;
mod selection;
mod tank;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rayon::prelude::*;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use self::detail::{Audited, ExeRecord, MutantRuns};
pub use self::inject::{FUEL_ENV, REACH_ENV};
pub use self::tank::{TANK_FLOOR, TANK_MULT};
use super::RepoError;
use super::audit::{Counts, MutantReport, Outcome, SelectionInfo, Status, TestKills, ms};
use super::schemata::MUTANT_ENV;
use super::select::MutantFilter;
use verigym_core::progress::{Progress, ProgressHandle};

/// Which tests count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TestKind {
    /// The library's unit tests (`#[cfg(test)]` code in `src`).
    Unit,
    /// The integration tests (`tests/*.rs` and `[[test]]` targets).
    Integration,
    /// Both.
    #[default]
    All,
}

/// How to audit a crate.
#[derive(Clone, Debug)]
pub struct CrateOptions {
    /// The workspace member to audit (`-p`); required for a virtual workspace.
    pub package: Option<String>,
    /// Features to enable (`--features`).
    pub features: Vec<String>,
    /// `--all-features`.
    pub all_features: bool,
    /// `--no-default-features`.
    pub no_default_features: bool,
    /// Which tests count.
    pub tests: TestKind,
    /// One integration test target instead (a file path relative to the package, or a target
    /// name); overrides `tests`.
    pub suite: Option<String>,
    /// Only tests whose name contains this, as `cargo test FILTER`.
    pub test_filter: Option<String>,
    /// Run every test against every mutant (the full kill matrix, in cargo's order) instead of
    /// running the tests that reach the mutant cheapest first and stopping at the first failure.
    pub full_matrix: bool,
    /// The most fuel (loop iterations plus calls) a test thread may burn before it counts as a
    /// timeout: the baseline runs with this tank, and each mutant run with a tank sized from the
    /// baseline, [`TANK_MULT`] (20) × the most fuel a thread of that run burned in it, at least
    /// [`TANK_FLOOR`] (2 M), capped by this (and this when a thread's usage is not known). A run
    /// whose tank runs dry runs again with a tank 20 × larger (at most this) before it counts as
    /// a timeout, so a mutant that only takes a slower path is judged on its results.
    pub fuel: u64,
    /// The optimisation level the audited package is built at (0 to 3; its dependencies keep
    /// the user's profile). Default 1: the instrumentation (a fuel step per loop iteration and
    /// call, a mutant selector per mutation site) is small functions that opt-level 0 calls
    /// through several frames each, which made compute-heavy tests 7 × slower than a plain
    /// `cargo test`; at 1 they are inlined and the instrumented tests run faster than a plain
    /// debug `cargo test`. Debug assertions and overflow checks stay on (they are the profile's,
    /// not the level's), and fuel counts steps, not time, so verdicts do not depend on it;
    /// 0 gives exactly the test profile's code, for code whose behaviour does (undefined
    /// behaviour in `unsafe`, tests that measure time or stack depth).
    pub opt_level: u8,
    /// Cargo's target directory (default: a private temporary one).
    pub target_dir: Option<PathBuf>,
    /// Which mutants run (`--file`, `--exclude`, `--function`, `--in-diff`, `--shard`), paths
    /// relative to the package directory. Only the selected mutants are built.
    pub filter: MutantFilter,
    /// Also write cargo-mutants' `mutants.out` layout into this directory, as results arrive
    /// (see [`super::mutants_out`]).
    pub mutants_out: Option<PathBuf>,
    /// Where progress goes.
    pub progress: ProgressHandle,
}

impl Default for CrateOptions {
    fn default() -> Self {
        Self {
            package: None,
            features: Vec::new(),
            all_features: false,
            no_default_features: false,
            tests: TestKind::All,
            suite: None,
            test_filter: None,
            full_matrix: false,
            // Real suites do far more work per test than a mini repo's: 100 M steps is about
            // 1.8 s of a debug build, room for a heavy test's baseline. It is only the ceiling: a
            // mutant run's tank is sized from its tests' baseline fuel (`tank`).
            fuel: 100_000_000,
            opt_level: 1,
            target_dir: None,
            filter: MutantFilter::default(),
            mutants_out: None,
            progress: ProgressHandle::default(),
        }
    }
}

/// Whether `path` is a Cargo package (or workspace) rather than a mini repo: it has a
/// `Cargo.toml`.
pub fn is_crate(path: &Path) -> bool {
    path.join("Cargo.toml").is_file()
}

/// One mutant of a crate and its verdict.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct CrateMutant {
    /// The file, relative to the package directory.
    pub file: String,
    /// The mutant and its verdict (`line` and `column` are in `file`).
    #[serde(flatten)]
    pub report: MutantReport,
    /// How many tests were run against it (the tests that reach it, or all with the full matrix).
    pub tests_run: usize,
    /// The fuel tank per test thread of its runs (the largest, when it ran several test
    /// executables): [`TANK_MULT`] × the most fuel a thread of the run burned in the baseline, at
    /// least [`TANK_FLOOR`], at most [`CrateOptions::fuel`]. Null when no test ran.
    #[serde(default)]
    pub fuel: Option<u64>,
}

/// A test executable of the audit.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct TestTarget {
    /// `lib` (unit tests) or `tests/<name>` (the integration test target `name`).
    pub target: String,
    /// Whether it uses libtest's harness (else it runs whole and counts as one test).
    pub harness: bool,
    /// Tests that count.
    pub tests: usize,
    /// Tests libtest skipped as `#[ignore]`.
    pub ignored: usize,
    /// The second baseline run (the one without reach recording), in milliseconds.
    pub baseline_ms: f64,
    /// The most fuel one thread of it (a test's, or with `harness = false` any) burned in the
    /// baseline; null when not known (a thread the process ended under, or a tank run dry).
    #[serde(default)]
    pub fuel_used: Option<u64>,
}

/// Wall times of a crate audit, in milliseconds.
#[derive(Clone, Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct CrateTiming {
    /// `cargo metadata`, finding modules and mutants, the copy.
    pub prepare_ms: f64,
    /// The cargo build rounds, dependencies included.
    pub build_ms: f64,
    /// Build rounds (each failing round screens out the mutants it blames).
    pub build_rounds: usize,
    /// The two baseline runs.
    pub baseline_ms: f64,
    /// Running the mutants, re-runs of survivors included.
    pub run_ms: f64,
    /// The whole audit.
    pub total_ms: f64,
    /// `total_ms` per viable mutant: the figure to compare with tools that build per mutant.
    pub total_ms_per_mutant: f64,
}

/// The audit of one crate.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct CrateReport {
    /// The package's name.
    pub package: String,
    /// Its version.
    pub version: String,
    /// The cargo arguments of the build (features, targets).
    pub cargo_args: Vec<String>,
    /// The optimisation level the package was built at ([`CrateOptions::opt_level`]).
    #[serde(default)]
    pub opt_level: u8,
    /// Whether cargo ran `--offline` (every dependency was in its cache).
    pub offline: bool,
    /// The module files mutated, relative to the package directory.
    pub files: Vec<String>,
    /// `const fn`s left unmutated (the run-time selector cannot be called in them).
    pub const_fns_skipped: usize,
    /// The test executables.
    pub targets: Vec<TestTarget>,
    /// The tests that count, as `[target] name`.
    pub tests: Vec<String>,
    /// Tests whose two baseline runs disagreed: left out of every kill decision.
    pub flaky_tests: Vec<String>,
    /// Whether every test was run against every mutant.
    pub full_matrix: bool,
    /// Which mutants were selected.
    #[serde(default)]
    pub selection: SelectionInfo,
    /// Mutant counts (`likely_equivalent` stays 0: no differential testing in crate mode).
    pub counts: Counts,
    /// (killed + timeout) / viable; 0 when nothing is viable.
    pub score: f64,
    /// Every selected mutant in file and source order, with its verdict.
    pub mutants: Vec<CrateMutant>,
    /// For each test, the mutants it kills. Without the full matrix a run stops at its first
    /// failing test, so this lists the first killer only.
    pub kill_matrix: Vec<TestKills>,
    /// Phase timings.
    pub timing: CrateTiming,
}

/// Audits the crate at `path`.
pub fn audit_crate(path: &Path, opts: &CrateOptions) -> Result<CrateReport, RepoError> {
    audit(path, opts, false).map(|a| a.report)
}

/// An audit with what a catalog ([`catalog`]) reads beyond the report: every test's reach and
/// every test outcome of every run, and each kill run a second time.
pub(crate) fn audit_detailed(path: &Path, opts: &CrateOptions) -> Result<Audited, RepoError> {
    audit(path, opts, true)
}

fn audit(path: &Path, opts: &CrateOptions, detail: bool) -> Result<Audited, RepoError> {
    let t0 = Instant::now();
    let pkg = package::read(path, opts.package.as_deref())?;
    let files = modules::discover(&pkg.lib_root, &pkg.dir)?;
    let const_fns_skipped = files.iter().map(|f| f.const_fns).sum();
    let files = inject::analyze(files)?;
    let chosen = selection::choose(&files, &opts.filter, &pkg.dir)?;
    // Only the selected mutants go into the build: a shard or a pull request's diff compiles
    // and screens less. Ordinals and fuel points stay, so verdicts do not change.
    let files = selection::restrict(&files, &chosen.ordinals);
    let tmp = super::sandbox::private_dir("crate")?;
    let copy = package::copy(&pkg, &tmp.path().join("src"))?;
    let mut cargo_args = cargo_args(&pkg, opts)?;
    let prepare_ms = ms(t0.elapsed());

    let t_build = Instant::now();
    let build = |args: &[String]| {
        compile::build(
            &pkg,
            &copy,
            &files,
            &compile::BuildArgs {
                args: args.to_vec(),
                target_dir: opts
                    .target_dir
                    .clone()
                    .unwrap_or_else(|| tmp.path().join("target")),
                wall: None,
                // The user's target directory keeps the profile it was built with.
                no_debuginfo: false,
                opt_level: Some(opts.opt_level),
            },
        )
    };
    let built = match build(&cargo_args) {
        // A dependency pulls another version of this very package (itoa's dev-dependencies
        // pull an older itoa), so cargo cannot tell which `-p name` means: name it with its
        // version, as cargo asks. Only then, so every other report's arguments stay as they were.
        Err(e) if names_two_packages(&e, &pkg.name) => {
            cargo_args[1] = format!("{}@{}", pkg.name, pkg.version);
            build(&cargo_args)?
        }
        built => built?,
    };
    let build_ms = ms(t_build.elapsed());
    if built.exes.is_empty() {
        return Err(RepoError::Crate {
            path: pkg.dir.display().to_string(),
            problem: format!(
                "cargo built no test executable for `{}`",
                cargo_args.join(" ")
            ),
        });
    }

    // The baseline, twice; the first run records which test reaches which site.
    let t_base = Instant::now();
    let filter = opts.test_filter.as_deref();
    let mut exes: Vec<Exe> = Vec::new();
    let mut baseline_log = String::new();
    for (k, exe) in built.exes.iter().enumerate() {
        let harness = !pkg.no_harness.contains(&exe.target);
        let reach_file = tmp.path().join(format!("reach-{k}"));
        let spec = |reach: Option<PathBuf>| run::RunSpec {
            exe: &exe.path,
            cwd: &copy.package_dir,
            mutant: 0,
            fuel: opts.fuel,
            tests: &[],
            filter,
            harness,
            fail_fast: false,
            reach,
            wall: Duration::from_secs(1800),
        };
        let first = run::run(&spec(Some(reach_file.clone())))?;
        let second = run::run(&spec(None))?;
        let recorded = std::fs::read_to_string(&reach_file).unwrap_or_default();
        baseline_log += &format!(
            "*** [{}] {}\n{}\n",
            exe.target,
            exe.path.display(),
            second.log
        );
        exes.push(Exe::from_baseline(
            exe,
            harness,
            first,
            second,
            read_reach(&recorded),
            tank::FuelUse::parse(&recorded),
        )?);
    }
    let baseline_ms = ms(t_base.elapsed());
    let flaky_tests: Vec<String> = exes
        .iter()
        .flat_map(|e| e.flaky.iter().map(|t| label(&e.target, t)))
        .collect();
    let tests: Vec<String> = exes
        .iter()
        .flat_map(|e| e.tests.iter().map(|t| label(&e.target, t)))
        .collect();
    if tests.is_empty() {
        let ignored: usize = exes.iter().map(|e| e.ignored).sum();
        return Err(RepoError::EmptySuite {
            package: pkg.name.clone(),
            detail: format!(
                "the tests that count are none ({ignored} ignored, {} flaky{})",
                flaky_tests.len(),
                filter.map_or(String::new(), |f| format!(", filter `{f}`"))
            ),
        });
    }

    // Which site each mutant sits in: the reach data is recorded per site (its first ordinal).
    let mut site_of: BTreeMap<u32, u32> = BTreeMap::new();
    for r in &built.rendered {
        for (_, ords) in &r.sites {
            for &o in ords {
                site_of.entry(o).or_insert(ords[0]);
            }
        }
    }

    // cargo-mutants' layout, written as results arrive: an interrupted audit keeps them.
    let recorder = match &opts.mutants_out {
        Some(dir) => {
            let r = out::Recorder::create(dir, &pkg.name, &files, build_ms / 1000.0)?;
            let secs: f64 = exes.iter().map(|e| e.baseline.as_secs_f64()).sum();
            r.baseline(secs, &baseline_log)?;
            for u in &built.unviable {
                r.record(u.ordinal, Status::Unviable, 0.0, u.reason.clone())?;
            }
            Some(r)
        }
        None => None,
    };

    let reached: BTreeMap<String, BTreeSet<u32>> = if detail {
        exes.iter().flat_map(Exe::reached).collect()
    } else {
        BTreeMap::new()
    };

    let t_run = Instant::now();
    let all = inject::all_mutants(&files);
    let viable: Vec<u32> = all
        .iter()
        .map(|(_, m)| m.ordinal)
        .filter(|o| built.viable.contains(o))
        .collect();
    opts.progress
        .start(viable.len() as u64, &format!("audit {}: mutants", pkg.name));
    // What each trusted test burned in the baseline, looked up for every mutant's order.
    let test_fuel: Vec<BTreeMap<&str, Option<u64>>> = exes
        .iter()
        .map(|e| {
            e.tests
                .iter()
                .map(|t| (t.as_str(), e.fuel_used(std::slice::from_ref(t))))
                .collect()
        })
        .collect();
    let plan = |o: u32| -> Vec<(usize, Vec<String>)> {
        let plan = exes
            .iter()
            .enumerate()
            .filter_map(|(k, e)| {
                let tests = if opts.full_matrix {
                    e.tests.clone()
                } else {
                    e.reaching(site_of.get(&o).copied().unwrap_or(o))
                };
                (!tests.is_empty()).then_some((k, tests))
            })
            .collect();
        if opts.full_matrix {
            return plan;
        }
        schedule::cheapest_first(plan, |k, test| test_fuel[k].get(test).copied().flatten())
    };
    let judge_one = |o: u32| -> Result<Verdict, RepoError> {
        let plan = plan(o);
        let mut v = Verdict {
            tests_run: plan.iter().map(|(_, t)| t.len()).sum(),
            record: detail.then(Vec::new),
            ..Verdict::default()
        };
        if plan.is_empty() {
            v.status = Status::Survived;
            v.reason = Some("no test reaches this code".into());
            return Ok(v);
        }
        run_plan(&exes, &copy.package_dir, o, &plan, opts, &mut v)?;
        if v.status == Status::Survived {
            // A survivor is run once more before it is reported.
            let mut again = Verdict::default();
            run_plan(&exes, &copy.package_dir, o, &plan, opts, &mut again)?;
            if again.status != Status::Survived {
                again.reason = Some(format!(
                    "detected only on the re-run of a survivor (unstable): {}",
                    again.reason.unwrap_or_default()
                ));
                again.tests_run = v.tests_run;
                v = again;
            }
        }
        // A catalog shows a kill's failures to models and the verifier expects them, so it
        // keeps only kills that repeat exactly (a message printing a `HashMap` may not).
        if v.status == Status::Killed && v.record.is_some() {
            let mut again = Verdict {
                record: Some(Vec::new()),
                ..Verdict::default()
            };
            run_plan(&exes, &copy.package_dir, o, &plan, opts, &mut again)?;
            v.again = again.record;
        }
        Ok(v)
    };
    let verdicts: Vec<Result<Verdict, RepoError>> = viable
        .par_iter()
        .map(|&o| {
            let started = Instant::now();
            let mut v = judge_one(o)?;
            if let Some(r) = &recorder {
                let log = format!(
                    "{}{}",
                    v.reason
                        .as_deref()
                        .map_or(String::new(), |r| format!("{r}\n\n")),
                    std::mem::take(&mut v.log)
                );
                r.record(o, v.status, started.elapsed().as_secs_f64(), log)?;
            }
            opts.progress.inc(1);
            Ok(v)
        })
        .collect();
    opts.progress.finish();
    let mut by_ordinal: BTreeMap<u32, Verdict> = BTreeMap::new();
    for (o, v) in viable.iter().zip(verdicts) {
        by_ordinal.insert(*o, v?);
    }
    let run_ms = ms(t_run.elapsed());

    let unviable: BTreeMap<u32, &str> = built
        .unviable
        .iter()
        .map(|u| (u.ordinal, u.reason.as_str()))
        .collect();
    let excluded: BTreeMap<u32, &str> = built
        .excluded
        .iter()
        .map(|u| (u.ordinal, u.reason.as_str()))
        .collect();
    let mut counts = Counts {
        total: all.len(),
        ..Counts::default()
    };
    let mut mutants = Vec::with_capacity(all.len());
    let mut runs = BTreeMap::new();
    for (file, m) in &all {
        let mut v = match by_ordinal.remove(&m.ordinal) {
            Some(v) => v,
            // Left out of the build unjudged (its bisection ran out of rounds): not run, and
            // never shown not to compile.
            None if excluded.contains_key(&m.ordinal) => Verdict {
                status: Status::Skipped,
                reason: excluded.get(&m.ordinal).map(|r| (*r).to_owned()),
                ..Verdict::default()
            },
            None => Verdict {
                status: Status::Unviable,
                reason: Some(
                    unviable
                        .get(&m.ordinal)
                        .map_or("does not compile", |r| *r)
                        .to_owned(),
                ),
                ..Verdict::default()
            },
        };
        if let Some(first) = v.record.take() {
            let again = v.again.take().unwrap_or_default();
            runs.insert(m.ordinal, MutantRuns { first, again });
        }
        match v.status {
            Status::Killed => counts.killed += 1,
            Status::Survived => counts.survived += 1,
            Status::Timeout => counts.timeout += 1,
            Status::Unviable => counts.unviable += 1,
            Status::Skipped => counts.skipped += 1,
        }
        mutants.push(CrateMutant {
            file: (*file).to_owned(),
            report: MutantReport {
                mutant: (*m).clone(),
                status: v.status,
                killed_by: v.killed_by,
                reason: v.reason,
                likely_equivalent: None,
                equivalence_note: None,
            },
            tests_run: v.tests_run,
            fuel: v.fuel,
        });
    }
    counts.viable = counts.total - counts.unviable - counts.skipped;
    let detected = (counts.killed + counts.timeout) as f64;
    let score = if counts.viable == 0 {
        0.0
    } else {
        detected / counts.viable as f64
    };
    let kill_matrix = tests
        .iter()
        .map(|t| TestKills {
            test: t.clone(),
            kills: mutants
                .iter()
                .filter(|m| m.report.killed_by.contains(t))
                .map(|m| m.report.mutant.id.clone())
                .collect(),
        })
        .collect();
    if let Some(r) = recorder {
        r.finish()?;
    }
    let total_ms = ms(t0.elapsed());
    let report = CrateReport {
        package: pkg.name.clone(),
        version: pkg.version.clone(),
        cargo_args,
        opt_level: opts.opt_level,
        offline: built.offline,
        files: files.iter().map(|f| f.file.rel.clone()).collect(),
        const_fns_skipped,
        targets: exes
            .iter()
            .map(|e| TestTarget {
                target: e.target.clone(),
                harness: e.harness,
                tests: e.tests.len(),
                ignored: e.ignored,
                baseline_ms: ms(e.baseline),
                fuel_used: e.fuel_used(&e.tests),
            })
            .collect(),
        tests,
        flaky_tests,
        full_matrix: opts.full_matrix,
        selection: chosen.info,
        score,
        timing: CrateTiming {
            prepare_ms,
            build_ms,
            build_rounds: built.rounds,
            baseline_ms,
            run_ms,
            total_ms,
            total_ms_per_mutant: if counts.viable == 0 {
                0.0
            } else {
                total_ms / counts.viable as f64
            },
        },
        counts,
        mutants,
        kill_matrix,
    };
    Ok(Audited {
        report,
        reached,
        site_of,
        runs,
        run_dir: copy.package_dir.display().to_string(),
    })
}

/// `[target] name`: how a test is named in reports.
fn label(target: &str, test: &str) -> String {
    format!("[{target}] {test}")
}

/// Whether a build failed because `-p name` matches several packages of the resolved graph.
fn names_two_packages(e: &RepoError, name: &str) -> bool {
    matches!(e, RepoError::Compile { message, .. }
        if message.contains(&format!("`{name}` is ambiguous")))
}

/// Cargo's arguments: the package (always first, as `-p NAME`), features, and the test targets
/// that count.
fn cargo_args(pkg: &package::Package, opts: &CrateOptions) -> Result<Vec<String>, RepoError> {
    let mut args = vec!["-p".to_owned(), pkg.name.clone()];
    if !opts.features.is_empty() {
        args.push("--features".into());
        args.push(opts.features.join(","));
    }
    if opts.all_features {
        args.push("--all-features".into());
    }
    if opts.no_default_features {
        args.push("--no-default-features".into());
    }
    if let Some(suite) = &opts.suite {
        // A path resolves from the package, not the current directory.
        let as_path = pkg.dir.join(suite);
        let canonical = as_path.canonicalize().ok();
        let target = pkg.tests.iter().find(|(name, src)| {
            name == suite || (canonical.is_some() && src.canonicalize().ok() == canonical)
        });
        let Some((name, _)) = target else {
            let names: Vec<&str> = pkg.tests.iter().map(|(n, _)| n.as_str()).collect();
            return Err(RepoError::Crate {
                path: as_path.display().to_string(),
                problem: format!(
                    "--suite {suite}: not an integration test of `{}`; its test targets are: {}",
                    pkg.name,
                    if names.is_empty() {
                        "none".to_owned()
                    } else {
                        names.join(", ")
                    }
                ),
            });
        };
        args.extend(["--test".to_owned(), name.clone()]);
        return Ok(args);
    }
    if matches!(opts.tests, TestKind::Unit | TestKind::All) {
        args.push("--lib".into());
    }
    if matches!(opts.tests, TestKind::Integration | TestKind::All) {
        if pkg.tests.is_empty() && opts.tests == TestKind::Integration {
            return Err(RepoError::Crate {
                path: pkg.dir.display().to_string(),
                problem: "--tests integration: the package has no integration tests".into(),
            });
        }
        for (name, _) in &pkg.tests {
            args.extend(["--test".to_owned(), name.clone()]);
        }
    }
    Ok(args)
}

/// A test executable after its baseline.
struct Exe {
    target: String,
    path: PathBuf,
    harness: bool,
    /// Tests that passed in both baseline runs.
    tests: Vec<String>,
    flaky: Vec<String>,
    ignored: usize,
    baseline: Duration,
    /// Site → tests that reached it (`?`: a thread that is not a test's).
    reach: BTreeMap<u32, BTreeSet<String>>,
    /// What each thread of the recording run burned.
    fuel: tank::FuelUse,
}

impl Exe {
    fn from_baseline(
        exe: &compile::TestExe,
        harness: bool,
        first: run::ExeRun,
        second: run::ExeRun,
        reach: BTreeMap<u32, BTreeSet<String>>,
        fuel: tank::FuelUse,
    ) -> Result<Self, RepoError> {
        // The run without reach recording: recording costs time on hot sites.
        let baseline = second.elapsed;
        let whole = |r: &run::ExeRun| {
            let outcome = if r.success {
                Outcome::Passed
            } else {
                Outcome::Failed(r.abnormal.clone().unwrap_or_else(|| "failed".into()))
            };
            vec![(exe.target.clone(), outcome)]
        };
        let (a, b) = if harness {
            (first.tests.clone(), second.tests.clone())
        } else {
            (whole(&first), whole(&second))
        };
        let b: BTreeMap<&String, &Outcome> = b.iter().map(|(n, o)| (n, o)).collect();
        let mut tests = Vec::new();
        let mut flaky = Vec::new();
        let mut failing = Vec::new();
        for (name, outcome) in &a {
            match (outcome, b.get(name)) {
                (Outcome::Passed, Some(Outcome::Passed)) => tests.push(name.clone()),
                (x, Some(y)) if x != *y => flaky.push(name.clone()),
                (Outcome::Passed, None) => flaky.push(name.clone()),
                (x, _) => failing.push(match x {
                    Outcome::Timeout => format!("{name} (ran out of fuel; raise --fuel)"),
                    Outcome::Failed(m) | Outcome::Crashed(m) => {
                        format!("{name} ({})", m.lines().next().unwrap_or("").trim())
                    }
                    Outcome::Passed => name.clone(),
                }),
            }
        }
        if harness && !first.libtest {
            failing.push(format!(
                "{}: the executable printed no libtest output{}",
                exe.target,
                first
                    .abnormal
                    .as_deref()
                    .map_or(String::new(), |a| format!(" ({a})"))
            ));
        } else if harness && !first.success && failing.is_empty() && flaky.is_empty() {
            failing.push(format!(
                "{}: {}",
                exe.target,
                first
                    .abnormal
                    .as_deref()
                    .unwrap_or("the test executable failed")
            ));
        }
        if !failing.is_empty() {
            return Err(RepoError::BaselineFails {
                suite: exe.target.clone(),
                failing: failing.join(", "),
            });
        }
        Ok(Self {
            target: exe.target.clone(),
            path: exe.path.clone(),
            harness,
            tests,
            flaky,
            ignored: first.ignored.len(),
            baseline,
            reach,
            fuel,
        })
    }

    /// The most fuel one thread of a run of `tests` burned in the baseline (unknown: `None`).
    fn fuel_used(&self, tests: &[String]) -> Option<u64> {
        let names: BTreeSet<&str> = self
            .tests
            .iter()
            .chain(&self.flaky)
            .map(String::as_str)
            .collect();
        self.fuel.most(self.harness, tests, &names)
    }

    /// The trusted tests that reached `site` in the baseline (all of them when a thread that is
    /// no test's reached it: its test cannot be told).
    fn reaching(&self, site: u32) -> Vec<String> {
        let Some(names) = self.reach.get(&site) else {
            return Vec::new();
        };
        if !self.harness || names.contains("?") {
            return self.tests.clone();
        }
        self.tests
            .iter()
            .filter(|t| names.contains(*t))
            .cloned()
            .collect()
    }
}

/// Reads a reach file's `site<TAB>test` lines (its fuel lines are [`tank::FuelUse`]'s).
fn read_reach(text: &str) -> BTreeMap<u32, BTreeSet<String>> {
    let mut out: BTreeMap<u32, BTreeSet<String>> = BTreeMap::new();
    for line in text.lines() {
        if let Some((site, name)) = line.split_once('\t')
            && let Ok(site) = site.parse()
        {
            out.entry(site).or_default().insert(name.to_owned());
        }
    }
    out
}

#[derive(Debug)]
struct Verdict {
    status: Status,
    killed_by: Vec<String>,
    reason: Option<String>,
    tests_run: usize,
    /// The largest tank of its runs.
    fuel: Option<u64>,
    /// The runs' output, for `mutants.out` (empty without it).
    log: String,
    /// Every executable run, for a catalog (`None`: not recorded).
    record: Option<Vec<ExeRecord>>,
    /// A killed mutant's runs again, for a catalog.
    again: Option<Vec<ExeRecord>>,
}

impl Default for Verdict {
    fn default() -> Self {
        Self {
            status: Status::Survived,
            killed_by: Vec::new(),
            reason: None,
            tests_run: 0,
            fuel: None,
            log: String::new(),
            record: None,
            again: None,
        }
    }
}

/// Runs mutant `o` against `plan` (one process per entry: executable index, tests, in the order
/// to run them); stops at the first process that detects it unless the full matrix is asked
/// for.
fn run_plan(
    exes: &[Exe],
    cwd: &Path,
    o: u32,
    plan: &[(usize, Vec<String>)],
    opts: &CrateOptions,
    v: &mut Verdict,
) -> Result<(), RepoError> {
    let mut failed = false;
    let mut timed_out = false;
    for (k, tests) in plan {
        let e = &exes[*k];
        // Generous: a mutant is slow only when it loops, and fuel stops that first; the clock
        // catches code that blocks.
        let wall = (e.baseline * 5 + Duration::from_secs(10)).max(Duration::from_secs(20));
        let all = tests.len() == e.tests.len();
        let fuel = tank::size(e.fuel_used(tests), opts.fuel);
        v.fuel = v.fuel.max(Some(fuel));
        let mut run_with = |fuel: u64| -> Result<run::ExeRun, RepoError> {
            let r = run::run(&run::RunSpec {
                exe: &e.path,
                cwd,
                mutant: o,
                fuel,
                tests: if all && opts.test_filter.is_none() && e.flaky.is_empty() {
                    &[]
                } else {
                    tests
                },
                filter: None,
                harness: e.harness,
                fail_fast: !opts.full_matrix,
                reach: None,
                wall,
            })?;
            if opts.mutants_out.is_some() {
                v.log += &format!(
                    "*** [{}] env {MUTANT_ENV}={o} {FUEL_ENV}={fuel} {}\n{}\n",
                    e.target,
                    e.path.display(),
                    r.log
                );
            }
            Ok(r)
        };
        let mut r = run_with(fuel)?;
        // The sized tank is a fast test for "stuck", not a verdict: a mutant that only sends the
        // code down an equivalent slower path (a fast path mutated away, a table fallback taken)
        // may burn more than 20 × the baseline and still finish. Before calling it a timeout,
        // the same tests run once more with a tank 20 × larger (at most `--fuel`), and that
        // run's results stand.
        if tank::ran_dry(&r) {
            let again = tank::confirm(fuel, opts.fuel);
            let mut tanks = format!("a {fuel}-step tank");
            if again > fuel {
                r = run_with(again)?;
                tanks += &format!(", then {again} steps when run again");
            }
            if tank::ran_dry(&r) {
                v.reason
                    .get_or_insert(format!("[{}] ran out of fuel: {tanks}", e.target));
            }
        }
        if let Some(record) = &mut v.record {
            record.push(ExeRecord::of(e, tests, &r));
        }
        if !e.harness {
            if !r.success {
                let name = label(&e.target, &e.target);
                v.killed_by.push(name.clone());
                if r.wall_killed || r.fuel_exhausted {
                    timed_out = true;
                } else {
                    failed = true;
                    v.reason.get_or_insert(format!(
                        "{name}: {}",
                        r.abnormal.unwrap_or("failed".into())
                    ));
                }
            }
        } else {
            let mut any = false;
            for (name, outcome) in &r.tests {
                let name = label(&e.target, name);
                match outcome {
                    Outcome::Passed => {}
                    Outcome::Timeout => {
                        any = true;
                        timed_out = true;
                        v.killed_by.push(name);
                    }
                    Outcome::Failed(m) | Outcome::Crashed(m) => {
                        any = true;
                        failed = true;
                        let m = if m.is_empty() {
                            "failed (the run stopped at this first failure)"
                        } else {
                            m.lines().next().unwrap_or("")
                        };
                        v.reason.get_or_insert(format!("{name}: {m}"));
                        v.killed_by.push(name);
                    }
                }
            }
            if r.wall_killed {
                timed_out = true;
                v.reason.get_or_insert(format!(
                    "[{}] {}",
                    e.target,
                    r.abnormal.clone().unwrap_or_default()
                ));
            } else if !any && !r.success {
                failed = true;
                v.reason.get_or_insert(format!(
                    "[{}] {}",
                    e.target,
                    r.abnormal
                        .unwrap_or_else(|| "the test executable failed".into())
                ));
            }
        }
        if (failed || timed_out) && !opts.full_matrix {
            break;
        }
    }
    // As in cargo-mutants (and the mini-repo audit), any timeout makes the mutant a timeout.
    v.status = if timed_out {
        Status::Timeout
    } else if failed {
        Status::Killed
    } else {
        Status::Survived
    };
    Ok(())
}

/// Renders the report as a readable table: summary, targets, survivors one line each (with its
/// diff under it when `diffs`).
pub fn render(report: &CrateReport, diffs: bool) -> String {
    let c = &report.counts;
    let mut s = format!(
        "verigym audit: crate {} {} ({} files, {} tests in {} targets, opt-level {}{})\n\n",
        report.package,
        report.version,
        report.files.len(),
        report.tests.len(),
        report.targets.len(),
        report.opt_level,
        if report.full_matrix {
            ", full matrix"
        } else {
            ""
        }
    );
    s += &report.selection.render();
    s += &format!(
        "mutants {:>4}   viable {:>4}   killed {:>4}   timeout {:>4}   survived {:>4}   unviable {:>4}\n",
        c.total, c.viable, c.killed, c.timeout, c.survived, c.unviable
    );
    s += &format!(
        "mutation score {:>6.1}%  ({}/{}: killed + timeout over viable)\n",
        100.0 * report.score,
        c.killed + c.timeout,
        c.viable
    );
    let t = &report.timing;
    s += &format!(
        "time  build {:.0} ms ({} rounds), baseline {:.0} ms, run {:.0} ms, total {:.0} ms ({:.1} ms/mutant)\n",
        t.build_ms, t.build_rounds, t.baseline_ms, t.run_ms, t.total_ms, t.total_ms_per_mutant
    );
    if report.const_fns_skipped > 0 {
        s += &format!(
            "note: {} const fn(s) not mutated (the run-time selector cannot run in a const context)\n",
            report.const_fns_skipped
        );
    }
    if !report.flaky_tests.is_empty() {
        s += &format!(
            "warning: {} flaky test(s) disagreed with themselves over two baseline runs and were left out: {}\n",
            report.flaky_tests.len(),
            report.flaky_tests.join(", ")
        );
    }
    s += "\ntargets:\n";
    for t in &report.targets {
        s += &format!(
            "  {:<24} {:>5} tests  {:>4} ignored  {}{}\n",
            t.target,
            t.tests,
            t.ignored,
            t.fuel_used
                .map_or("fuel used unknown".to_owned(), |f| format!(
                    "most fuel used {f}"
                )),
            if t.harness {
                ""
            } else {
                "  (harness = false: run whole)"
            }
        );
    }
    let survivors: Vec<&CrateMutant> = report
        .mutants
        .iter()
        .filter(|m| m.report.status == Status::Survived)
        .collect();
    if !survivors.is_empty() {
        s += &format!("\nsurvivors ({}):\n", survivors.len());
        for m in survivors {
            let mu = &m.report.mutant;
            s += &format!(
                "{}{} {:?} in {} at {}:{}:{}  `{}` -> `{}`{}\n",
                if diffs { "\n" } else { "  " },
                mu.id,
                mu.operator,
                mu.function,
                m.file,
                mu.line,
                mu.column,
                super::audit::one_line(&mu.original),
                super::audit::one_line(&mu.replacement),
                m.report
                    .reason
                    .as_deref()
                    .map_or(String::new(), |r| format!("  [{r}]")),
            );
            if diffs {
                s += &mu.diff;
            }
        }
    }
    s
}
