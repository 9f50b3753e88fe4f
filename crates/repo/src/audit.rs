//! The mutation-score audit of one repo and suite: one compile, one sandboxed child process per
//! viable mutant, per-test verdicts parsed from libtest's output, the kill matrix, and
//! differential testing of the survivors.
//!
//! Reading libtest's stdout is sound here because every mutant is verigym's own edit. Model-written
//! code (`repo_fix` answers) is judged through the sealed harness of `super::seal` instead, which
//! reads nothing the code under test can print.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rayon::prelude::*;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::layout::{self, RepoSource};
use super::libtest::{self, LineResult};
use super::mutants_out::{self, MutantResult, MutantsOut, Summary};
use super::mutate::{self, Mutant, Operator, ReturnValues};
use super::rustc::{self, Build, Profile};
use super::sandbox::{self, Limits, RunOutput};
use super::schemata::{FUEL_EXHAUSTED, Fuel, MUTANT_ENV, PROBE_MODULE, SUITE_MODULE};
use super::select::{MutantFilter, MutantKey};
use super::{RepoError, equiv};
use verigym_core::progress::{Progress, ProgressHandle};

/// How to run an audit.
#[derive(Clone, Debug)]
pub struct AuditOptions {
    /// Fuel per test thread; deterministic timeouts.
    pub fuel: Fuel,
    /// Sandbox limits for each child process.
    pub limits: Limits,
    /// Random inputs per function for differential testing of survivors (0 turns it off).
    pub equivalence_inputs: u32,
    /// Seed of those inputs.
    pub seed: u64,
    /// Where progress goes: one phase, the mutant runs.
    pub progress: ProgressHandle,
    /// Which replacement values function-body mutants get.
    pub return_values: ReturnValues,
    /// Which mutants to run (`--file`, `--function`, `--exclude`, `--in-diff`, `--shard`).
    pub filter: MutantFilter,
    /// Also write cargo-mutants' `mutants.out` layout into this directory, mutant by mutant as
    /// results arrive (see [`super::mutants_out`]).
    pub mutants_out: Option<PathBuf>,
}

impl Default for AuditOptions {
    fn default() -> Self {
        Self {
            fuel: Fuel::default(),
            limits: Limits::default(),
            equivalence_inputs: 200,
            seed: 0,
            progress: ProgressHandle::default(),
            return_values: ReturnValues::default(),
            filter: MutantFilter::default(),
            mutants_out: None,
        }
    }
}

/// What happened to one mutant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// At least one test failed (or the test process crashed).
    Killed,
    /// Every test passed.
    Survived,
    /// Some test ran out of fuel (a deterministic step budget), whatever the other tests did.
    Timeout,
    /// The mutant does not compile; screened out before the build.
    Unviable,
    /// Not built: the mutant sits in a const context (a `const fn` body, a const-generic
    /// argument) that verigym's run-time selection cannot reach; `reason` says which. Not
    /// counted in the score.
    Skipped,
}

/// One mutant and its verdict.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct MutantReport {
    /// The mutant.
    #[serde(flatten)]
    pub mutant: Mutant,
    /// Its verdict.
    pub status: Status,
    /// Tests that failed (or ran out of fuel) with this mutant active.
    pub killed_by: Vec<String>,
    /// Why: the first failing test and its message, the crash, or the compiler error.
    pub reason: Option<String>,
    /// For survivors: whether differential testing found no difference (likely equivalent).
    /// `None` when not checked (see `equivalence.unsupported`).
    pub likely_equivalent: Option<bool>,
    /// What differential testing found, or why it did not run.
    pub equivalence_note: Option<String>,
}

/// The mutant counts.
#[derive(Clone, Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct Counts {
    /// All mutants selected (all found, unless filters or a shard narrow the audit).
    pub total: usize,
    /// Mutants that compile.
    pub viable: usize,
    /// Killed by at least one test.
    pub killed: usize,
    /// Survived every test.
    pub survived: usize,
    /// Ran out of fuel (counted as detected in the score).
    pub timeout: usize,
    /// Did not compile.
    pub unviable: usize,
    /// In const contexts, not built (not counted as viable).
    #[serde(default)]
    pub skipped: usize,
    /// Survivors flagged likely equivalent by differential testing.
    pub likely_equivalent: usize,
}

/// Which mutants one test kills.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct TestKills {
    /// The test's name.
    pub test: String,
    /// Ids of the mutants it kills (or times out on).
    pub kills: Vec<String>,
}

/// A function differential testing could not drive.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct Unsupported {
    /// The function.
    pub function: String,
    /// Why not.
    pub reason: String,
}

/// How survivors were checked for equivalence.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct EquivalenceInfo {
    /// Random inputs per function.
    pub inputs_per_function: u32,
    /// Their seed.
    pub seed: u64,
    /// Functions not checked, with reasons.
    pub unsupported: Vec<Unsupported>,
}

/// Wall times of the audit's phases, in milliseconds.
#[derive(Clone, Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct Timing {
    /// Parsing and finding mutants.
    pub analyze_ms: f64,
    /// All compiler runs, wall time: screening rounds, the last of which is the build, overlapped
    /// with the stand-alone type check of statement removals.
    pub compile_ms: f64,
    /// Compiler runs: each failing one screens out the mutants it blames; the last one builds.
    pub compile_rounds: usize,
    /// Running every viable mutant.
    pub run_ms: f64,
    /// Differential testing of survivors.
    pub equivalence_ms: f64,
    /// The whole audit.
    pub total_ms: f64,
    /// `run_ms` per viable mutant.
    pub run_ms_per_mutant: f64,
    /// `total_ms` per viable mutant: the figure to compare with tools that rebuild per mutant.
    pub total_ms_per_mutant: f64,
}

/// Which mutants the audit ran, out of all it found.
#[derive(Clone, Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct SelectionInfo {
    /// The selection flags in effect, or `all mutants`.
    pub filter: String,
    /// Mutants found in the source.
    pub found: usize,
    /// Mutants selected: the ones in this report.
    pub selected: usize,
    /// Mutants the filters (`--file`, `--exclude`, `--function`, `--in-diff`) dropped.
    pub filtered_out: usize,
    /// Mutants that passed the filters but belong to other shards (`--shard k/n`).
    pub other_shards: usize,
}

impl SelectionInfo {
    /// The report lines about the selection: none when every mutant ran.
    pub(crate) fn render(&self) -> String {
        let mut s = String::new();
        if self.selected != self.found {
            s += &format!(
                "selected {} of {} mutants ({}): {} filtered out, {} in other shards\n",
                self.selected, self.found, self.filter, self.filtered_out, self.other_shards
            );
        }
        if self.selected == 0 {
            s += "warning: no mutant selected; the score below means nothing\n";
        }
        s
    }
}

/// The audit of one repo with one suite.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct AuditReport {
    /// The repo's name.
    pub repo: String,
    /// The suite: `strong`, `weak`, or a file path.
    pub suite: String,
    /// The suite's tests, in libtest order.
    pub tests: Vec<String>,
    /// Which mutants were selected.
    #[serde(default)]
    pub selection: SelectionInfo,
    /// Mutant counts.
    pub counts: Counts,
    /// Raw mutation score: (killed + timeout) / viable; 0 when nothing is viable.
    pub score: f64,
    /// Adjusted score: (killed + timeout) / (viable − likely equivalent).
    pub adjusted_score: f64,
    /// Every selected mutant in source order, with its verdict.
    pub mutants: Vec<MutantReport>,
    /// For each test, the mutants it kills.
    pub kill_matrix: Vec<TestKills>,
    /// Tests that kill nothing the other tests do not already kill.
    pub redundant_tests: Vec<String>,
    /// How survivors were checked for equivalence.
    pub equivalence: EquivalenceInfo,
    /// Whether the test processes ran without network access.
    pub network_isolated: bool,
    /// Phase timings.
    pub timing: Timing,
}

impl AuditReport {
    /// The surviving mutants.
    pub fn survivors(&self) -> impl Iterator<Item = &MutantReport> {
        self.mutants.iter().filter(|m| m.status == Status::Survived)
    }
}

/// Audits `repo` (the shared layout) with `suite` (`strong`, `weak`, or a file path).
pub fn audit(repo: &Path, suite: &str, opts: &AuditOptions) -> Result<AuditReport, RepoError> {
    let source = layout::read(repo, suite)?;
    audit_source(&source, opts)
}

/// Audits an already-read library and suite.
pub fn audit_source(src: &RepoSource, opts: &AuditOptions) -> Result<AuditReport, RepoError> {
    let t0 = Instant::now();
    let analysis = mutate::analyze_with(&src.library, LIB_PATH, opts.return_values)?;
    if let Some(diff) = &opts.filter.in_diff {
        diff.check_matches(LIB_PATH, &src.library)?;
    }
    // The canonical order selection and sharding see: source order, const-context mutants
    // included (they are reported as skipped in their shard).
    let mut all: Vec<&Mutant> = analysis.mutants.iter().chain(&analysis.skipped).collect();
    all.sort_by_key(|m| (m.span.start, m.span.end, m.ordinal));
    let end_lines: Vec<usize> = all
        .iter()
        .map(|m| {
            let text = src.library[m.span.clone()].trim_end_matches('\n');
            m.line + text.matches('\n').count()
        })
        .collect();
    let keys: Vec<MutantKey<'_>> = all
        .iter()
        .zip(&end_lines)
        .map(|(m, &end_line)| MutantKey {
            file: LIB_PATH,
            start_line: m.line,
            end_line,
            function: &m.function,
        })
        .collect();
    let chosen = opts.filter.select(&keys);
    let selection = SelectionInfo {
        filter: opts.filter.describe(),
        found: all.len(),
        selected: chosen.indices.len(),
        filtered_out: chosen.filtered_out,
        other_shards: chosen.other_shards,
    };
    let all: Vec<&Mutant> = chosen.indices.iter().map(|&i| all[i]).collect();
    let selected: BTreeSet<u32> = all.iter().map(|m| m.ordinal).collect();
    // Only the selected mutants go into the build: a narrow selection (`--in-diff`, a shard)
    // compiles and screens less. Ordinals are kept, so selectors and ids do not change.
    let mut build_set = analysis.clone();
    build_set.mutants.retain(|m| selected.contains(&m.ordinal));
    build_set.skipped.clear();
    let (probes, unsupported) = if opts.equivalence_inputs > 0 {
        equiv::probes(&analysis, opts.seed, opts.equivalence_inputs)
    } else {
        (Vec::new(), Vec::new())
    };
    let analyze_ms = ms(t0.elapsed());
    let texts: Vec<String> = probes.iter().map(|p| p.text.clone()).collect();
    // A removed statement may be the only use that pins a type: the schemata's original arm
    // still pins it, the real mutant file does not. Those mutants are type-checked on their own,
    // in one compiler run that overlaps the build.
    let removals: Vec<&Mutant> = build_set
        .mutants
        .iter()
        .filter(|m| m.operator == Operator::StatementRemoval)
        .collect();
    let sources: Vec<String> = removals
        .iter()
        .map(|m| mutate::apply(&src.library, m))
        .collect();
    let t_compile = Instant::now();
    let (build, alone) = rayon::join(
        || {
            rustc::compile(
                &build_set,
                &src.suite_name,
                &src.suite,
                &texts,
                opts.fuel,
                Profile::Optimized,
            )
        },
        || rustc::check_alone_batch(&sources),
    );
    let (build, alone) = (build?, alone?);
    let compile_ms = ms(t_compile.elapsed());
    let unviable_alone: BTreeMap<u32, String> = removals
        .iter()
        .zip(alone)
        .filter(|(m, _)| build.viable.contains(&m.ordinal))
        .filter_map(|(m, error)| {
            error.map(|e| (m.ordinal, format!("does not compile on its own: {e}")))
        })
        .collect();

    let baseline = run_suite(&build, 0, opts)?;
    let failing: Vec<String> = baseline
        .tests
        .iter()
        .filter(|t| t.outcome != Outcome::Passed)
        .map(|t| match &t.outcome {
            Outcome::Timeout => format!(
                "{} (ran out of fuel after {} steps; raise the fuel)",
                t.name, opts.fuel.steps
            ),
            Outcome::Failed(msg) | Outcome::Crashed(msg) => {
                format!("{} ({})", t.name, first_line(msg))
            }
            Outcome::Passed => t.name.clone(),
        })
        .collect();
    if !failing.is_empty() || !baseline.output.success() {
        let detail = if failing.is_empty() {
            baseline
                .output
                .abnormal_reason()
                .unwrap_or_else(|| "the test binary failed".into())
        } else {
            failing.join(", ")
        };
        return Err(RepoError::BaselineFails {
            suite: src.suite_name.clone(),
            failing: detail,
        });
    }
    let tests: Vec<String> = baseline.tests.iter().map(|t| t.name.clone()).collect();

    // cargo-mutants' layout, written as results arrive: an interrupted audit keeps them.
    let out = match &opts.mutants_out {
        Some(dir) => {
            let built: Vec<&Mutant> = all.iter().copied().filter(|m| m.skip.is_none()).collect();
            let out_mutants = built
                .iter()
                .map(|m| mutants_out::from_mutant(m, &src.name, LIB_PATH, &analysis))
                .collect();
            let out = MutantsOut::create(
                dir,
                out_mutants,
                compile_ms / 1000.0,
                vec![
                    "<test binary>".into(),
                    "--test-threads=1".into(),
                    "--skip".into(),
                    PROBE_MODULE.into(),
                ],
            )
            .map_err(RepoError::io(format!("writing {}", dir.display())))?;
            out.baseline(
                baseline.output.elapsed.as_secs_f64(),
                &baseline.output.stdout,
            )
            .map_err(RepoError::io(format!("writing {}", dir.display())))?;
            let index: BTreeMap<u32, usize> = built
                .iter()
                .enumerate()
                .map(|(i, m)| (m.ordinal, i))
                .collect();
            Some((out, index))
        }
        None => None,
    };
    let record = |ordinal: u32, status: Status, secs: f64, log: String| -> Result<(), RepoError> {
        let Some((out, index)) = &out else {
            return Ok(());
        };
        let Some(summary) = Summary::of(status) else {
            return Ok(());
        };
        let result = MutantResult {
            summary,
            test_secs: secs,
            log,
        };
        out.record(index[&ordinal], &result)
            .map_err(RepoError::io(format!("writing {}", out.dir().display())))
    };
    for (ordinal, reason) in unviable_alone.iter() {
        if selected.contains(ordinal) {
            record(*ordinal, Status::Unviable, 0.0, reason.clone())?;
        }
    }
    for u in &build.unviable {
        if selected.contains(&u.ordinal) {
            record(u.ordinal, Status::Unviable, 0.0, u.reason.clone())?;
        }
    }

    let t_run = Instant::now();
    let viable: Vec<&Mutant> = build_set
        .mutants
        .iter()
        .filter(|m| {
            selected.contains(&m.ordinal)
                && build.viable.contains(&m.ordinal)
                && !unviable_alone.contains_key(&m.ordinal)
        })
        .collect();
    // Mutants run in batches, one sandbox shell per batch (see `sandbox::run_batch`), batches
    // in parallel.
    opts.progress.start(
        viable.len() as u64,
        &format!("audit {}: mutants", src.suite_name),
    );
    let chunk = viable
        .len()
        .div_ceil(4 * rayon::current_num_threads())
        .clamp(1, 24);
    type Verdict = (Status, Vec<String>, Option<String>);
    let runs: Vec<Result<(u32, Verdict), RepoError>> = viable
        .par_chunks(chunk)
        .flat_map_iter(|ms| {
            let ordinals: Vec<u32> = ms.iter().map(|m| m.ordinal).collect();
            let runs = run_suite_batch(&build, &ordinals, opts);
            opts.progress.inc(ms.len() as u64);
            match runs {
                Ok(runs) => ms
                    .iter()
                    .zip(runs)
                    .map(|(m, run)| {
                        let verdict = judge(&run);
                        record(
                            m.ordinal,
                            verdict.0,
                            run.output.elapsed.as_secs_f64(),
                            mutant_log(&verdict, &run),
                        )?;
                        Ok((m.ordinal, verdict))
                    })
                    .collect::<Vec<_>>(),
                Err(e) => vec![Err(e)],
            }
        })
        .collect();
    opts.progress.finish();
    let run_ms = ms(t_run.elapsed());

    let mut verdicts: BTreeMap<u32, Verdict> = runs.into_iter().collect::<Result<_, _>>()?;
    for (ordinal, reason) in unviable_alone {
        verdicts.insert(ordinal, (Status::Unviable, Vec::new(), Some(reason)));
    }
    for u in &build.unviable {
        verdicts.insert(
            u.ordinal,
            (Status::Unviable, Vec::new(), Some(u.reason.clone())),
        );
    }
    for m in &analysis.skipped {
        verdicts.insert(m.ordinal, (Status::Skipped, Vec::new(), m.skip.clone()));
    }

    // Differential testing of survivors whose function has a probe that compiled.
    let t_eq = Instant::now();
    let live: BTreeMap<&str, &equiv::Probe> = probes
        .iter()
        .enumerate()
        .filter(|(i, _)| !build.dropped_probes.contains(i))
        .map(|(_, p)| (p.function.as_str(), p))
        .collect();
    let mut unsupported: Vec<Unsupported> = unsupported
        .into_iter()
        .map(|(function, reason)| Unsupported { function, reason })
        .collect();
    for i in &build.dropped_probes {
        unsupported.push(Unsupported {
            function: probes[*i].function.clone(),
            reason: "its generated probe did not compile".into(),
        });
    }
    let survivors: Vec<&Mutant> = all
        .iter()
        .copied()
        .filter(|m| verdicts[&m.ordinal].0 == Status::Survived)
        .collect();
    let mut equivalence: Vec<(u32, Option<bool>, String)> = Vec::new();
    let mut checks: Vec<(u32, &equiv::Probe)> = Vec::new();
    for m in &survivors {
        match live.get(m.function.as_str()) {
            Some(p) => checks.push((m.ordinal, p)),
            None if opts.equivalence_inputs == 0 => {
                equivalence.push((m.ordinal, None, "differential testing is off".to_owned()));
            }
            None => equivalence.push((
                m.ordinal,
                None,
                format!("`{}` is not supported by differential testing", m.function),
            )),
        }
    }
    let chunk = checks
        .len()
        .div_ceil(2 * rayon::current_num_threads())
        .clamp(1, 16);
    let checked: Vec<Vec<(u32, Option<bool>, String)>> = checks
        .par_chunks(chunk)
        .map(|c| check_equivalence(&build, c, opts))
        .collect::<Result<_, RepoError>>()?;
    equivalence.extend(checked.into_iter().flatten());
    let equivalence: BTreeMap<u32, (Option<bool>, String)> = equivalence
        .into_iter()
        .map(|(o, e, note)| (o, (e, note)))
        .collect();
    let equivalence_ms = ms(t_eq.elapsed());

    let mut counts = Counts {
        total: all.len(),
        ..Counts::default()
    };
    let mut mutants = Vec::with_capacity(all.len());
    for m in all.iter().copied() {
        let (status, killed_by, reason) = verdicts.remove(&m.ordinal).expect("every mutant judged");
        match status {
            Status::Killed => counts.killed += 1,
            Status::Survived => counts.survived += 1,
            Status::Timeout => counts.timeout += 1,
            Status::Unviable => counts.unviable += 1,
            Status::Skipped => counts.skipped += 1,
        }
        let (likely_equivalent, equivalence_note) = match equivalence.get(&m.ordinal) {
            Some((e, note)) => (*e, Some(note.clone())),
            None => (None, None),
        };
        if likely_equivalent == Some(true) {
            counts.likely_equivalent += 1;
        }
        mutants.push(MutantReport {
            mutant: m.clone(),
            status,
            killed_by,
            reason,
            likely_equivalent,
            equivalence_note,
        });
    }
    counts.viable = counts.total - counts.unviable - counts.skipped;
    let detected = (counts.killed + counts.timeout) as f64;
    let ratio = |d: usize| if d == 0 { 0.0 } else { detected / d as f64 };
    let kill_matrix = kill_matrix(&tests, &mutants);
    let redundant_tests = redundant(&kill_matrix);
    if let Some((out, _)) = out {
        let dir = out.dir().to_owned();
        out.finish()
            .map_err(RepoError::io(format!("writing {}", dir.display())))?;
    }
    let total_ms = ms(t0.elapsed());
    let n_viable = counts.viable;
    let per = |x: f64| {
        if n_viable == 0 {
            0.0
        } else {
            x / n_viable as f64
        }
    };
    Ok(AuditReport {
        repo: src.name.clone(),
        suite: src.suite_name.clone(),
        tests,
        selection,
        score: ratio(counts.viable),
        adjusted_score: ratio(counts.viable - counts.likely_equivalent),
        counts,
        mutants,
        kill_matrix,
        redundant_tests,
        equivalence: EquivalenceInfo {
            inputs_per_function: opts.equivalence_inputs,
            seed: opts.seed,
            unsupported,
        },
        network_isolated: sandbox::network_isolated(),
        timing: Timing {
            analyze_ms,
            compile_ms,
            compile_rounds: build.rounds,
            run_ms,
            equivalence_ms,
            total_ms,
            run_ms_per_mutant: per(run_ms),
            total_ms_per_mutant: per(total_ms),
        },
    })
}

/// The library's path in reports, diffs and `mutants.out`.
const LIB_PATH: &str = "src/lib.rs";

/// A mutant's log in `mutants.out`: its verdict's reason, the tests that caught it, the output.
fn mutant_log(verdict: &(Status, Vec<String>, Option<String>), run: &SuiteRun) -> String {
    let mut log = String::new();
    if let Some(reason) = &verdict.2 {
        log += &format!("reason: {reason}\n");
    }
    if !verdict.1.is_empty() {
        log += &format!("caught by: {}\n", verdict.1.join(", "));
    }
    log += "\n*** test output\n";
    log += &run.output.stdout;
    log
}

/// A duration in milliseconds, rounded to 0.01 ms: the unit of every timing in the reports.
pub(crate) fn ms(d: Duration) -> f64 {
    (d.as_secs_f64() * 1e5).round() / 100.0
}

/// One test's result in one run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// It passed.
    Passed,
    /// It failed (a panic or assertion); its message, capped at [`MESSAGE_CAP`] bytes.
    Failed(String),
    /// It ran out of fuel.
    Timeout,
    /// The process died while it ran; the reason.
    Crashed(String),
}

/// One test in one run.
#[derive(Clone, Debug)]
pub struct TestResult {
    /// Name without the suite module prefix.
    pub name: String,
    /// Its outcome.
    pub outcome: Outcome,
}

/// A run of the whole suite with one mutant active.
#[derive(Clone, Debug)]
pub struct SuiteRun {
    /// Per-test results, in the order libtest ran them.
    pub tests: Vec<TestResult>,
    /// The raw process output.
    pub output: RunOutput,
}

/// Runs the suite of `build` with mutant `ordinal` active (0: the original), sandboxed.
pub fn run_suite(build: &Build, ordinal: u32, opts: &AuditOptions) -> Result<SuiteRun, RepoError> {
    let id = ordinal.to_string();
    let output = sandbox::run(
        &build.binary,
        &["--test-threads=1", "--skip", PROBE_MODULE],
        &[(MUTANT_ENV, &id), ("RUST_MIN_STACK", "33554432")],
        &opts.limits,
    )?;
    let tests = parse_libtest(&output);
    Ok(SuiteRun { tests, output })
}

/// Runs the suite once per mutant in `ordinals`, in one sandbox batch.
pub(crate) fn run_suite_batch(
    build: &Build,
    ordinals: &[u32],
    opts: &AuditOptions,
) -> Result<Vec<SuiteRun>, RepoError> {
    run_suite_batch_filtered(build, ordinals, None, opts)
}

/// As [`run_suite_batch`], but only the tests whose full name (`suite::...`) contains `filter`,
/// when given: a rerun of one part of the suite after another part crashed the process.
pub(crate) fn run_suite_batch_filtered(
    build: &Build,
    ordinals: &[u32],
    filter: Option<&str>,
    opts: &AuditOptions,
) -> Result<Vec<SuiteRun>, RepoError> {
    let selections: Vec<String> = ordinals.iter().map(u32::to_string).collect();
    run_selections(build, &selections, filter, &opts.limits)
}

/// Runs the suite (or the tests matching `filter`) once per selection, in one sandbox batch. A
/// selection is a value of `MUTANT_ENV`: one ordinal, or several joined by commas to activate
/// them together.
pub(crate) fn run_selections(
    build: &Build,
    selections: &[String],
    filter: Option<&str>,
    limits: &Limits,
) -> Result<Vec<SuiteRun>, RepoError> {
    let jobs: Vec<sandbox::Job> = selections
        .iter()
        .map(|selection| sandbox::Job {
            args: ["--test-threads=1", "--skip", PROBE_MODULE]
                .into_iter()
                .chain(filter)
                .map(String::from)
                .collect(),
            env: vec![
                (MUTANT_ENV.to_owned(), selection.clone()),
                ("RUST_MIN_STACK".to_owned(), "33554432".to_owned()),
            ],
        })
        .collect();
    let outputs = sandbox::run_batch(&build.binary, &jobs, limits)?;
    Ok(outputs
        .into_iter()
        .map(|output| SuiteRun {
            tests: parse_libtest(&output),
            output,
        })
        .collect())
}

/// Parses libtest's pretty output (one test thread): `test suite::x ... ok` lines, failure
/// sections, and a dangling `test suite::x ... ` when the process died inside that test.
pub(crate) fn parse_libtest(output: &RunOutput) -> Vec<TestResult> {
    let prefix = format!("{SUITE_MODULE}::");
    let read = libtest::read(output.stdout.lines());
    let mut tests = Vec::new();
    for (name, result) in read.tests {
        let short = name.strip_prefix(&prefix).unwrap_or(&name);
        let outcome = match result {
            LineResult::Passed => Outcome::Passed,
            LineResult::Failed => {
                let key = format!("{prefix}{short}");
                let text = read.sections.get(&key).map_or("", String::as_str);
                if text.contains(FUEL_EXHAUSTED) {
                    Outcome::Timeout
                } else {
                    Outcome::Failed(libtest::panic_message(text))
                }
            }
            LineResult::Dangling => Outcome::Crashed(
                output
                    .abnormal_reason()
                    .unwrap_or_else(|| "the test process ended inside this test".into()),
            ),
            LineResult::Ignored | LineResult::Other => continue,
        };
        tests.push(TestResult {
            name: short.to_owned(),
            outcome,
        });
    }
    tests
}

/// The longest failure message kept per test.
pub const MESSAGE_CAP: usize = 1024;

/// The first line of a failure message, for one-line reasons.
pub fn first_line(message: &str) -> &str {
    message.lines().next().unwrap_or("").trim()
}

pub(crate) fn judge(run: &SuiteRun) -> (Status, Vec<String>, Option<String>) {
    let mut killed_by = Vec::new();
    let mut reason = None;
    let mut failed = false;
    let mut timed_out = false;
    for t in &run.tests {
        match &t.outcome {
            Outcome::Passed => {}
            Outcome::Failed(msg) | Outcome::Crashed(msg) => {
                failed = true;
                killed_by.push(t.name.clone());
                reason.get_or_insert_with(|| format!("{}: {}", t.name, first_line(msg)));
            }
            Outcome::Timeout => {
                timed_out = true;
                killed_by.push(t.name.clone());
            }
        }
    }
    let abnormal = run.output.abnormal_reason();
    if run.output.wall_killed || run.output.signal == Some(24) {
        // Fuel should have stopped it first; the guard is a last resort, said so in the reason.
        return (Status::Timeout, killed_by, abnormal);
    }
    // As in cargo-mutants, a mutant that hangs any test is a timeout even when other tests
    // fail: both count as detected, and the verdicts stay comparable.
    if timed_out {
        return (Status::Timeout, killed_by, Some(FUEL_EXHAUSTED.into()));
    }
    if failed {
        return (Status::Killed, killed_by, reason);
    }
    if !run.output.success() {
        // Died before any test started, or outside tests: the mutant is still detected.
        let why =
            abnormal.unwrap_or_else(|| format!("test binary exited with {:?}", run.output.code));
        return (Status::Killed, killed_by, Some(why));
    }
    (Status::Survived, killed_by, None)
}

/// Runs each survivor's probe (in one sandbox batch) and reads its verdict.
fn check_equivalence(
    build: &Build,
    checks: &[(u32, &equiv::Probe)],
    opts: &AuditOptions,
) -> Result<Vec<(u32, Option<bool>, String)>, RepoError> {
    let filter = |p: &equiv::Probe| format!("{PROBE_MODULE}::{}", p.test);
    let jobs: Vec<sandbox::Job> = checks
        .iter()
        .map(|(ordinal, p)| sandbox::Job {
            args: vec!["--test-threads=1".into(), "--exact".into(), filter(p)],
            env: vec![
                (MUTANT_ENV.to_owned(), ordinal.to_string()),
                ("RUST_MIN_STACK".to_owned(), "33554432".to_owned()),
                (equiv::INPUT_ENV.to_owned(), p.input.clone()),
            ],
        })
        .collect();
    let outputs = sandbox::run_batch(&build.binary, &jobs, &opts.limits)?;
    Ok(checks
        .iter()
        .zip(outputs)
        .map(|((ordinal, p), out)| {
            let filter = filter(p);
            let ran = out.stdout.contains(&format!("test {filter} ..."));
            if out.success() && ran {
                let skipped = match (p.preconditions > 0, p.panics_documented) {
                    (true, true) => {
                        " (inputs that violate its entry assertions, and those its `# Panics` \
                         section rules out, left out)"
                    }
                    (true, false) => " (inputs that violate its entry assertions left out)",
                    (false, true) => {
                        " (inputs on which it panics, as its `# Panics` section allows, left out)"
                    }
                    (false, false) => "",
                };
                return (
                    *ordinal,
                    Some(true),
                    format!(
                        "no difference on {} random inputs{skipped}",
                        opts.equivalence_inputs
                    ),
                );
            }
            let section = out
                .stdout
                .split(&format!("---- {filter} stdout ----"))
                .nth(1)
                .unwrap_or("");
            let msg = libtest::panic_message(section);
            if msg.contains(equiv::NO_VALID_INPUT) {
                let within = if p.panics_documented {
                    "the function's entry assertions and runs it without a documented panic"
                } else {
                    "the function's entry assertions"
                };
                return (
                    *ordinal,
                    None,
                    format!(
                        "none of {} random inputs satisfies {within}",
                        opts.equivalence_inputs
                    ),
                );
            }
            let note = if msg == "failed" {
                out.abnormal_reason()
                    .unwrap_or_else(|| "the probe failed".into())
            } else {
                msg.trim_start_matches("verigym: ").to_owned()
            };
            (*ordinal, Some(false), note)
        })
        .collect())
}

fn kill_matrix(tests: &[String], mutants: &[MutantReport]) -> Vec<TestKills> {
    tests
        .iter()
        .map(|t| TestKills {
            test: t.clone(),
            kills: mutants
                .iter()
                .filter(|m| m.killed_by.contains(t))
                .map(|m| m.mutant.id.clone())
                .collect(),
        })
        .collect()
}

fn redundant(matrix: &[TestKills]) -> Vec<String> {
    matrix
        .iter()
        .enumerate()
        .filter(|(i, row)| {
            let others: BTreeSet<&String> = matrix
                .iter()
                .enumerate()
                .filter(|(j, _)| j != i)
                .flat_map(|(_, r)| &r.kills)
                .collect();
            row.kills.iter().all(|k| others.contains(k))
        })
        .map(|(_, row)| row.test.clone())
        .collect()
}

/// Renders the report as a readable table: summary, survivors one line each (with its diff
/// under it when `diffs`), kill matrix.
pub fn render(report: &AuditReport, diffs: bool) -> String {
    let c = &report.counts;
    let mut s = format!(
        "verigym audit: {} with suite `{}` ({} tests)\n\n",
        report.repo,
        report.suite,
        report.tests.len()
    );
    s += &report.selection.render();
    s += &format!(
        "mutants {:>4}   viable {:>4}   killed {:>4}   timeout {:>4}   survived {:>4}   unviable {:>4}",
        c.total, c.viable, c.killed, c.timeout, c.survived, c.unviable
    );
    if c.skipped > 0 {
        s += &format!("   skipped {:>4} (const contexts)", c.skipped);
    }
    s += "\n";
    s += &format!(
        "mutation score   raw {:>6.1}%  ({}/{}: killed + timeout over viable)\n",
        100.0 * report.score,
        c.killed + c.timeout,
        c.viable
    );
    s += &format!(
        "                 adjusted {:>6.1}%  ({}/{}: excluding {} likely-equivalent survivors)\n",
        100.0 * report.adjusted_score,
        c.killed + c.timeout,
        c.viable - c.likely_equivalent,
        c.likely_equivalent
    );
    let t = &report.timing;
    s += &format!(
        "time  compile {:.0} ms ({} rounds), run {:.0} ms ({:.2} ms/mutant), total {:.0} ms ({:.2} ms/mutant)\n",
        t.compile_ms,
        t.compile_rounds,
        t.run_ms,
        t.run_ms_per_mutant,
        t.total_ms,
        t.total_ms_per_mutant
    );
    if !report.network_isolated {
        s += "warning: tests ran with network access (unshare -n unavailable)\n";
    }
    let survivors: Vec<&MutantReport> = report.survivors().collect();
    if !survivors.is_empty() {
        s += &format!("\nsurvivors ({}):\n", survivors.len());
        for m in survivors {
            let flag = match m.likely_equivalent {
                Some(true) => "LIKELY EQUIVALENT",
                Some(false) => "not equivalent",
                None => "equivalence unchecked",
            };
            s += &format!(
                "{}{} {:?} in {} at {}:{}  `{}` -> `{}`  [{}: {}]\n",
                if diffs { "\n" } else { "  " },
                m.mutant.id,
                m.mutant.operator,
                m.mutant.function,
                m.mutant.line,
                m.mutant.column,
                one_line(&m.mutant.original),
                one_line(&m.mutant.replacement),
                flag,
                m.equivalence_note.as_deref().unwrap_or(""),
            );
            if diffs {
                s += &m.mutant.diff;
            }
        }
    }
    s += "\nkill matrix (test: mutants killed, of viable):\n";
    let width = report.tests.iter().map(String::len).max().unwrap_or(4);
    for row in &report.kill_matrix {
        let redundant = if report.redundant_tests.contains(&row.test) {
            "  (redundant)"
        } else {
            ""
        };
        s += &format!("  {:<width$} {:>4}{redundant}\n", row.test, row.kills.len());
    }
    if !report.redundant_tests.is_empty() {
        s += &format!(
            "tests that kill nothing the others do not: {}\n",
            report.redundant_tests.join(", ")
        );
    }
    s
}

pub(crate) fn one_line(text: &str) -> String {
    let flat: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if flat.chars().count() > 40 {
        format!("{}…", flat.chars().take(40).collect::<String>())
    } else {
        flat
    }
}
