//! Judging candidate fixes of a real crate's buggy files with one cargo build: the crate's
//! source is copied, every test of the library and of its integration test targets is sealed
//! (`super::sealing`), each distinct answer becomes run-time-selectable arms of the buggy files,
//! one per function it replaces, all under the answer's one ordinal (the audit's schemata, so a
//! fix that does not compile is screened out by its error spans without sinking the rest), and
//! each answer's ordinal runs every test executable in its own limited process, outcomes read
//! from the sealed records only.
//!
//! Each crate source gets one working copy and one target directory per process, kept between
//! groups: dependencies build once, a file is rewritten only when its text changes, and cargo's
//! incremental compilation reuses what the last group built. Groups of one crate are judged one
//! at a time, since the next build would replace the executables a group runs. The copy is a
//! `sandbox::KeptDir`, so it does not outlive the process: [`release_workspaces`] removes it at
//! a clean exit, and the next process sweeps it after a kill.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use rayon::prelude::*;

use super::super::RepoError;
use super::super::audit::{Outcome, SuiteRun, TestResult};
use super::super::mutate::{self, FnInfo};
use super::super::sandbox::{Limits, RunOutput};
use super::super::schemata::MUTANT_ENV;
use super::super::seal;
use super::compile::{self, BuildArgs};
use super::hidden;
use super::inject::{self, FUEL_ENV, FileMutants};
use super::modules::{self, ModuleFile};
use super::package::{self, Package};
use super::screen;
use super::sealing::{self, Root, SEAL_PATH_ENV};

/// Limits of one answer's run of one test executable. A crate's own suite does more than a mini
/// repo's, so the CPU limit is larger; the wall limit stops code that blocks.
pub const CRATE_RUN_LIMITS: Limits = Limits {
    cpu_seconds: 10,
    address_space_mib: 4096,
    file_size_kib: 16 * 1024,
    open_files: 256,
    wall: Duration::from_secs(20),
    output_cap: 256 * 1024,
};

/// Fuel per test thread for an answer's run: far above what a catalogued crate's tests use
/// (the audit built its catalog with this much or less), so only a fix that loops runs out.
const FIX_FUEL: u64 = 200_000_000;

/// The longest one group's cargo build may take before it is stopped, on an idle machine
/// (stretched by the load factor): a crate whose dependencies are built compiles in seconds, and
/// a fix that makes the compiler run away costs its group no more than this.
const BUILD_WALL: Duration = Duration::from_secs(60);

/// What to judge fixes of.
#[derive(Clone, Debug)]
pub struct FixTarget<'a> {
    /// The crate's source directory (the package alone, as a catalog stores it).
    pub source_dir: &'a Path,
    /// The buggy files: each as (path relative to the package directory, buggy text), no path
    /// twice.
    pub files: &'a [(&'a str, &'a str)],
    /// Cargo's feature and target arguments.
    pub cargo_args: &'a [String],
    /// The tests that count, as `[target] name`.
    pub tests: &'a [String],
    /// The hidden differential suite to build beside the crate's tests, if any.
    pub hidden: Option<Hidden<'a>>,
    /// Run every counted test past the first failure, as a tool showing the failures needs; a
    /// verdict stops at the first (it is 0 whatever follows), a survey never stops.
    pub every_test: bool,
}

/// The hidden differential suite of a judgement ([`super::hidden`]): which drivers, which
/// buggy functions get the pristine arm the answers are compared with, and the run's inputs.
#[derive(Clone, Debug)]
pub struct Hidden<'a> {
    /// The inputs' seed (from the problem).
    pub seed: u64,
    /// Inputs per driver.
    pub inputs: u32,
    /// Compare and count every input instead of stopping at the first difference (a survey).
    pub count_all: bool,
    /// The drivers to build, by id; `None` builds every driver found (a survey's screening).
    pub drivers: Option<&'a BTreeSet<String>>,
    /// The functions that get the pristine arm: (index into [`FixTarget::files`], full name),
    /// their bodies taken from the unmodified source.
    pub functions: &'a [(usize, String)],
}

/// A crate's working copy, kept for the process's life.
struct Workspace {
    /// Holds the copy and the target directory; a later process removes it once this one ends.
    dir: super::super::sandbox::KeptDir,
    copy: package::Copy,
    /// What each file of the copy holds now, as this process last wrote it (absent: unknown).
    written: BTreeMap<PathBuf, String>,
}

impl Workspace {
    /// Writes `text` to `path` unless it already holds it, so cargo sees only real changes.
    fn put(&mut self, path: PathBuf, text: &str) -> Result<(), RepoError> {
        if self.written.get(&path).is_some_and(|w| w == text) {
            return Ok(());
        }
        write(&path, text)?;
        self.written.insert(path, text.to_owned());
        Ok(())
    }
}

/// Every crate source's working copy in this process, by source directory.
static WORKSPACES: OnceLock<Mutex<BTreeMap<PathBuf, Arc<Mutex<Workspace>>>>> = OnceLock::new();

/// The working copy of the crate at `source_dir`, made on first use.
fn workspace(pkg: &Package, source_dir: &Path) -> Result<Arc<Mutex<Workspace>>, RepoError> {
    let mut all = WORKSPACES
        .get_or_init(Mutex::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    if let Some(w) = all.get(source_dir) {
        return Ok(Arc::clone(w));
    }
    let dir = super::super::sandbox::kept_dir("fix")?;
    let copy = package::copy(pkg, &dir.path().join("src"))?;
    let w = Arc::new(Mutex::new(Workspace {
        dir,
        copy,
        written: BTreeMap::new(),
    }));
    all.insert(source_dir.to_path_buf(), Arc::clone(&w));
    Ok(w)
}

/// Removes this process's working copies (each with its target directory) once no judgement
/// uses them, for a process about to end: a static is never dropped, and a later process would
/// otherwise be the one to sweep them. A judgement after this makes a fresh copy.
pub fn release_workspaces() {
    if let Some(all) = WORKSPACES.get() {
        std::mem::take(&mut *all.lock().unwrap_or_else(|e| e.into_inner()));
    }
    super::screen::release();
}

/// One answer's outcome.
#[derive(Debug)]
pub enum FixRun {
    /// Its fixed function does not compile (the compiler's message).
    DoesNotCompile(String),
    /// The counted tests' outcomes over every test executable, as `[target] name`, and the
    /// first abnormal or failing process's output (else the last one's).
    Ran(SuiteRun),
}

/// The buggy file's functions outside test code, as answers are matched against.
pub fn functions(buggy: &str, file: &str) -> Result<Vec<FnInfo>, RepoError> {
    let analysis = mutate::analyze(buggy, file)?;
    let tests = modules::test_code_ranges(buggy, file)?;
    Ok(analysis
        .functions
        .into_iter()
        .filter(|f| !tests.iter().any(|r| r.contains(&f.span.start)))
        .collect())
}

/// The tests of the crate at `source_dir` that the sealed harness can judge, as `[target] name`:
/// `#[test]` fns of the library's module files and of the integration test targets' root files
/// (in inline modules too) that return `()` or `Result<(), E>`, in targets that use libtest's
/// harness, plus `[target] module::*` for the tests a sealed macro writes (see
/// [`is_sealable`]). Only these can count for a fix.
pub fn sealable_tests(source_dir: &Path) -> Result<BTreeSet<String>, RepoError> {
    let pkg = package_of(source_dir)?;
    let mut out = BTreeSet::new();
    if !pkg.no_harness.contains("lib") {
        for f in modules::discover_with_tests(&pkg.lib_root, &pkg.dir)? {
            let sealed = sealing::seal_file(&f.source, &f.module, None).map_err(|problem| {
                RepoError::Crate {
                    path: f.path.display().to_string(),
                    problem,
                }
            })?;
            out.extend(sealed.labels("lib"));
        }
    }
    for (name, path) in &pkg.tests {
        if pkg.no_harness.contains(&format!("tests/{name}")) {
            continue;
        }
        let text = std::fs::read_to_string(path)
            .map_err(RepoError::io(format!("cannot read {}", path.display())))?;
        let sealed = sealing::seal_file(&text, &[], None).map_err(|problem| RepoError::Crate {
            path: path.display().to_string(),
            problem,
        })?;
        out.extend(sealed.labels(&format!("tests/{name}")));
    }
    Ok(out)
}

/// Whether the test `name` (`[target] path`) is among `sealable` ([`sealable_tests`]).
pub fn is_sealable(sealable: &BTreeSet<String>, name: &str) -> bool {
    sealing::is_sealed(sealable, name)
}

/// One function an answer replaces: its file (an index into [`FixTarget::files`]), its full
/// name, and the `fn` item that replaces it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Replacement {
    /// Which buggy file the function is in.
    pub file: usize,
    /// `name` or `Type::method`.
    pub function: String,
    /// The replacing `fn` item.
    pub item: String,
}

/// Judges each answer (the functions it replaces, each in one of the buggy files) with one
/// build; results in the order of `answers`.
pub fn judge(
    target: &FixTarget<'_>,
    answers: &[Vec<Replacement>],
) -> Result<Vec<FixRun>, RepoError> {
    let pkg = package_of(target.source_dir)?;
    let shared = workspace(&pkg, target.source_dir)?;
    let mut ws = shared.lock().unwrap_or_else(|e| e.into_inner());
    let copy = ws.copy.clone();
    let all = modules::discover_with_tests(&pkg.lib_root, &pkg.dir)?;
    let buggy_paths: Vec<PathBuf> = target.files.iter().map(|(f, _)| pkg.dir.join(f)).collect();
    for path in &buggy_paths {
        if !all.iter().any(|f| f.path == *path) {
            return Err(RepoError::Crate {
                path: path.display().to_string(),
                problem: "not a module file of the library".into(),
            });
        }
    }

    // The hidden suite's modules, by file, and the runtime on the root: appended before sealing,
    // so its test is sealed like the crate's own.
    let (suite, hidden_labels) = match &target.hidden {
        Some(h) => hidden_modules(&pkg, &all, h)?,
        None => (BTreeMap::new(), Vec::new()),
    };

    // Seal every test: library files that the build renders (the root and the buggy files) are
    // sealed before rendering, every other file is written sealed now.
    let mut sealed_tests: BTreeSet<String> = BTreeSet::new();
    let mut rendered_files: Vec<FileMutants> = Vec::new();
    // Each buggy file's index among the rendered files.
    let mut rendered_of: Vec<usize> = vec![0; target.files.len()];
    for (k, f) in all.iter().enumerate() {
        let buggy = buggy_paths.iter().position(|p| *p == f.path);
        let mut source = buggy
            .map_or(f.source.as_str(), |b| target.files[b].1)
            .to_owned();
        if let Some(extra) = suite.get(&k) {
            source.push_str(extra);
        }
        let sealed = sealing::seal_file(&source, &f.module, (k == 0).then_some(Root::Lib))
            .map_err(|problem| RepoError::Crate {
                path: f.path.display().to_string(),
                problem,
            })?;
        sealed_tests.extend(sealed.labels("lib"));
        if k == 0 || buggy.is_some() {
            if let Some(b) = buggy {
                rendered_of[b] = rendered_files.len();
            }
            rendered_files.push(file_mutants(f, sealed.text)?);
        } else {
            ws.put(copy.map(&pkg, &f.path), &sealed.text)?;
        }
    }
    for (name, path) in &pkg.tests {
        let text = std::fs::read_to_string(path)
            .map_err(RepoError::io(format!("cannot read {}", path.display())))?;
        let sealed = sealing::seal_file(&text, &[], Some(Root::Test)).map_err(|problem| {
            RepoError::Crate {
                path: path.display().to_string(),
                problem,
            }
        })?;
        sealed_tests.extend(sealed.labels(&format!("tests/{name}")));
        ws.put(copy.map(&pkg, path), &sealed.text)?;
    }

    // Each distinct answer's compile cost, alone, before any of them enters the shared build.
    let mut distinct: Vec<&[Replacement]> = Vec::new();
    for fixes in answers {
        if !fixes.is_empty() && !distinct.contains(&fixes.as_slice()) {
            distinct.push(fixes);
        }
    }
    let costly: BTreeMap<&[Replacement], String> = distinct
        .iter()
        .copied()
        .zip(screen::screen(
            &pkg,
            target.source_dir,
            target.cargo_args,
            target.files,
            &distinct,
        )?)
        .filter_map(|(a, why)| Some((a, why?)))
        .collect();

    // One ordinal per distinct answer, shared by its arms in every file it changes.
    let mut arms: BTreeMap<&[Replacement], u32> = BTreeMap::new();
    let mut chosen: Vec<Result<Option<u32>, String>> = Vec::with_capacity(answers.len());
    for fixes in answers {
        if fixes.is_empty() {
            chosen.push(Ok(None));
            continue;
        }
        if let Some(&o) = arms.get(fixes.as_slice()) {
            chosen.push(Ok(Some(o)));
            continue;
        }
        if let Some(why) = costly.get(fixes.as_slice()) {
            chosen.push(Err(why.clone()));
            continue;
        }
        let o = arms.len() as u32 + 1;
        match add_arms(&mut rendered_files, &rendered_of, fixes, o) {
            Ok(()) => {
                arms.insert(fixes.as_slice(), o);
                chosen.push(Ok(Some(o)));
            }
            Err(e) => chosen.push(Err(e)),
        }
    }
    if let Some(h) = &target.hidden {
        add_pristine_arms(&pkg, target, h, &mut rendered_files, &rendered_of)?;
    }
    // The build writes the rendered files itself: what they hold afterwards is not ours to know.
    for f in &rendered_files {
        ws.written.remove(&copy.map(&pkg, &f.file.path));
    }
    let built = compile::build(
        &pkg,
        &copy,
        &rendered_files,
        &BuildArgs {
            args: target.cargo_args.to_vec(),
            target_dir: ws.dir.path().join("target"),
            wall: Some(BUILD_WALL.mul_f64(super::super::sandbox::load_factor())),
            no_debuginfo: true,
            opt_level: None,
        },
    )?;
    // A fix left out unjudged (the build's bisection ran out of rounds) cannot be run either:
    // it is told as not built, with the reason that says it was never shown not to compile.
    let blamed: BTreeMap<u32, &str> = built
        .unviable
        .iter()
        .chain(&built.excluded)
        .map(|u| (u.ordinal, u.reason.as_str()))
        .collect();

    // The counted tests of each executable, by target.
    let mut wanted: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for t in target.tests.iter().chain(&hidden_labels) {
        if let Some((tgt, name)) = t.strip_prefix('[').and_then(|r| r.split_once("] ")) {
            wanted.entry(tgt).or_default().push(name.to_owned());
        }
    }
    let exes: Vec<(&compile::TestExe, Vec<String>)> = built
        .exes
        .iter()
        .filter_map(|e| {
            let names: Vec<String> = wanted
                .get(e.target.as_str())?
                .iter()
                .filter(|n| sealing::is_sealed(&sealed_tests, &format!("[{}] {n}", e.target)))
                .cloned()
                .collect();
            (!names.is_empty()).then_some((e, names))
        })
        .collect();
    let counted: usize = exes.iter().map(|(_, n)| n.len()).sum();
    if counted == 0 {
        return Err(RepoError::EmptySuite {
            package: pkg.name.clone(),
            detail: "none of the catalog's tests is a sealed test of this build".into(),
        });
    }

    let hidden_env: Vec<(&str, String)> = match &target.hidden {
        Some(h) => {
            let mut env = vec![
                (hidden::SEED_ENV, h.seed.to_string()),
                (hidden::INPUTS_ENV, h.inputs.to_string()),
            ];
            if h.count_all {
                env.push((hidden::COUNT_ALL_ENV, "1".to_owned()));
            }
            env
        }
        None => Vec::new(),
    };
    // A survey counts every bug's hidden differences, past the crate tests it fails.
    let fail_fast = !target.every_test && target.hidden.as_ref().is_none_or(|h| !h.count_all);
    Ok(chosen
        .into_par_iter()
        .map(|arm| match arm {
            Err(e) => FixRun::DoesNotCompile(e),
            Ok(arm) => {
                if let Some(reason) = arm.and_then(|o| blamed.get(&o)) {
                    return FixRun::DoesNotCompile((*reason).to_owned());
                }
                run_arm(
                    &copy.package_dir,
                    &exes,
                    arm.unwrap_or(0),
                    &hidden_env,
                    fail_fast,
                )
            }
        })
        .collect())
}

/// The hidden suite's text for each module file that has drivers (by index into `all`; the
/// root also gets the runtime), and the labels of their tests.
fn hidden_modules(
    pkg: &Package,
    all: &[ModuleFile],
    h: &Hidden<'_>,
) -> Result<(BTreeMap<usize, String>, Vec<String>), RepoError> {
    let files = hidden::suite_files(all, h.drivers);
    if files.is_empty() {
        return Ok((BTreeMap::new(), Vec::new()));
    }
    let labels = files.iter().map(|f| f.label.clone()).collect();
    let mut out: BTreeMap<usize, String> = files.into_iter().map(|f| (f.index, f.module)).collect();
    let mut texts: Vec<String> = all.iter().map(|f| f.source.clone()).collect();
    for (_, path) in &pkg.tests {
        texts.push(
            std::fs::read_to_string(path)
                .map_err(RepoError::io(format!("cannot read {}", path.display())))?,
        );
    }
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    let rt = hidden::runtime::text(&hidden::Literals::of(&refs));
    out.entry(0).or_default().push_str(&rt);
    Ok((out, labels))
}

/// Adds, to every function the hidden suite compares, its body from the unmodified source as
/// the arm [`hidden::PRISTINE`] selects.
fn add_pristine_arms(
    pkg: &Package,
    target: &FixTarget<'_>,
    h: &Hidden<'_>,
    rendered: &mut [FileMutants],
    rendered_of: &[usize],
) -> Result<(), RepoError> {
    for (file, name) in h.functions {
        let Some((rel, _)) = target.files.get(*file) else {
            return Err(RepoError::Crate {
                path: format!("buggy file {file}"),
                problem: "no such buggy file".into(),
            });
        };
        let path = pkg.dir.join(rel);
        let original = std::fs::read_to_string(&path)
            .map_err(RepoError::io(format!("cannot read {}", path.display())))?;
        let functions = functions(&original, rel)?;
        let Some(f) = functions.iter().find(|f| f.name == *name) else {
            return Err(RepoError::Crate {
                path: path.display().to_string(),
                problem: format!("no function `{name}` in the unmodified file"),
            });
        };
        out_of_line(&original[f.span.clone()])
            .and_then(|item| {
                rendered[rendered_of[*file]].analysis.add_variant_at(
                    name,
                    &item,
                    inject::RT,
                    hidden::PRISTINE,
                )
            })
            .map_err(|problem| RepoError::Crate {
                path: path.display().to_string(),
                problem,
            })?;
    }
    Ok(())
}

/// `item` (a `fn` item) with its body moved into a closure called through the runtime's
/// out-of-line `__vg_call`, so the arm's locals get a stack frame of their own, as if the arm
/// were judged alone. A `move` closure: it takes the arguments as the body did (a `&mut`
/// argument reborrowed into the result still lives long enough). `async` and `const` bodies
/// cannot move into a closure and stay as they are.
fn out_of_line(item: &str) -> Result<String, String> {
    let (parsed, inner) = mutate::variant_body(item)?;
    if parsed.sig.asyncness.is_some() || parsed.sig.constness.is_some() {
        return Ok(item.to_owned());
    }
    Ok(format!(
        "{}{}__vg_call(move || {{{}}}){}",
        &item[..inner.start],
        inject::RT,
        &item[inner.clone()],
        &item[inner.end..]
    ))
}

/// Adds `fixes` as arms of their files under `ordinal`; none of them when one cannot be added
/// (its function is not in the file, or its signature differs), so an answer is built whole or
/// not at all.
fn add_arms(
    rendered: &mut [FileMutants],
    rendered_of: &[usize],
    fixes: &[Replacement],
    ordinal: u32,
) -> Result<(), String> {
    for (i, r) in fixes.iter().enumerate() {
        if fixes[..i]
            .iter()
            .any(|s| s.file == r.file && s.function == r.function)
        {
            return Err(format!("the answer replaces `{}` twice", r.function));
        }
        if r.file >= rendered_of.len() {
            return Err(format!("no buggy file {} for `{}`", r.file, r.function));
        }
    }
    for (i, r) in fixes.iter().enumerate() {
        let added = out_of_line(&r.item).and_then(|item| {
            rendered[rendered_of[r.file]].analysis.add_variant_at(
                &r.function,
                &item,
                inject::RT,
                ordinal,
            )
        });
        if let Err(e) = added {
            for s in &fixes[..i] {
                rendered[rendered_of[s.file]]
                    .analysis
                    .mutants
                    .retain(|m| m.ordinal != ordinal);
            }
            return Err(e);
        }
    }
    Ok(())
}

/// Runs every executable with `arm` selected; the tests' outcomes labelled `[target] name`.
/// The hidden suite's tests run in a process of their own, after the crate's: an input on which
/// the *reference* crashes the process (an allocation over the limit, a stack overflow) is the
/// suite's fault, not the answer's, so it is skipped and the suite run again (see
/// [`hidden::PROGRESS_ENV`]); a crash while the answer's arm runs stays the answer's. With
/// `fail_fast`, each run stops at its first failing test and no later run starts
/// ([`sealing::FAIL_FAST_ENV`]).
fn run_arm(
    cwd: &Path,
    exes: &[(&compile::TestExe, Vec<String>)],
    arm: u32,
    hidden_env: &[(&str, String)],
    fail_fast: bool,
) -> FixRun {
    let selected = arm.to_string();
    let fuel = FIX_FUEL.to_string();
    let mut env: Vec<(&str, &str)> = vec![(MUTANT_ENV, &selected), (FUEL_ENV, &fuel)];
    if fail_fast {
        env.push((sealing::FAIL_FAST_ENV, "1"));
    }
    env.extend(hidden_env.iter().map(|(k, v)| (*k, v.as_str())));
    let mut tests: Vec<TestResult> = Vec::new();
    let mut shown: Option<RunOutput> = None;
    // (executable, its tests, whether they are the hidden suite's)
    let mut runs: Vec<(&compile::TestExe, Vec<String>, bool)> = Vec::new();
    for (exe, names) in exes {
        let (hidden, own): (Vec<String>, Vec<String>) = names
            .iter()
            .cloned()
            .partition(|n| n.ends_with(hidden::TEST_PATH));
        if !own.is_empty() {
            runs.push((exe, own, false));
        }
        if !hidden.is_empty() {
            runs.push((exe, hidden, true));
        }
    }
    // The crate's own tests first: the hidden suite judges only what they let through.
    runs.sort_by_key(|(_, _, hidden)| *hidden);
    for (exe, names, is_hidden) in runs {
        let mut args = vec!["--test-threads=1", "--exact"];
        args.extend(names.iter().map(String::as_str));
        let mut skipped: Vec<String> = Vec::new();
        let run = loop {
            let skip = skipped.join("\n");
            let mut env = env.clone();
            if is_hidden {
                env.push((hidden::SKIP_ENV, &skip));
            }
            let run = seal::run_sealed_named(
                &exe.path,
                cwd,
                &args,
                &env,
                SEAL_PATH_ENV,
                is_hidden.then_some(hidden::PROGRESS_ENV),
                &names,
                &CRATE_RUN_LIMITS,
            );
            let (run, progress) = match run {
                Ok(r) => r,
                Err(e) => return FixRun::DoesNotCompile(format!("cannot run the tests: {e}")),
            };
            let crashed = run
                .tests
                .iter()
                .any(|t| matches!(t.outcome, Outcome::Crashed(_)));
            match hidden::reference_crash(&progress) {
                Some(input) if crashed && skipped.len() < hidden::MAX_SKIPS => skipped.push(input),
                _ => break run,
            }
        };
        let bad = !run.output.success() || run.output.wall_killed;
        // A fix that runs out of time in one executable would in the next too: stop there, so an
        // endless fix costs one run's limit, not one per test executable.
        let stuck = run.output.wall_killed
            || matches!(run.output.signal, Some(9 | 24))
            || run.tests.iter().any(|t| t.outcome == Outcome::Timeout);
        tests.extend(run.tests.into_iter().map(|t| TestResult {
            name: format!("[{}] {}", exe.target, t.name),
            outcome: t.outcome,
        }));
        // Stopped at a failure: the verdict is 0, and no later run could change that.
        let stopped = run.output.code == Some(sealing::FAIL_FAST_EXIT);
        if bad && shown.as_ref().is_none_or(|o| o.success()) || shown.is_none() {
            shown = Some(run.output);
        }
        if stuck || stopped {
            break;
        }
    }
    let output = shown.expect("at least one executable runs");
    FixRun::Ran(SuiteRun { tests, output })
}

/// A rendered file: its sealed text, analysed, with no mutants and no fuel points of its own
/// (only a fix's own loops get fuel).
fn file_mutants(f: &ModuleFile, sealed: String) -> Result<FileMutants, RepoError> {
    let mut analysis = mutate::analyze(&sealed, &f.rel)?;
    analysis.mutants.clear();
    analysis.skipped.clear();
    analysis.loop_points.clear();
    analysis.fn_points.clear();
    let tests = modules::test_code_ranges(&sealed, &f.rel)?;
    analysis
        .functions
        .retain(|g| !tests.iter().any(|r| r.contains(&g.span.start)));
    let mut file = f.clone();
    file.source = sealed;
    file.excluded = tests;
    Ok(FileMutants { file, analysis })
}

fn write(path: &Path, text: &str) -> Result<(), RepoError> {
    std::fs::write(path, text).map_err(RepoError::io(format!("cannot write {}", path.display())))
}

/// `cargo metadata` of a source directory, once per process: it does not change under a hash.
pub(crate) fn package_of(dir: &Path) -> Result<Package, RepoError> {
    static CACHE: OnceLock<Mutex<BTreeMap<PathBuf, Arc<Package>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Mutex::default);
    if let Some(p) = cache.lock().unwrap_or_else(|e| e.into_inner()).get(dir) {
        return Ok((**p).clone());
    }
    let pkg = package::read(dir, None)?;
    cache
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(dir.to_path_buf(), Arc::new(pkg.clone()));
    Ok(pkg)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rendered(rel: &str, source: &str) -> FileMutants {
        let f = ModuleFile {
            path: PathBuf::from("/x").join(rel),
            rel: rel.into(),
            source: source.into(),
            excluded: Vec::new(),
            const_fns: 0,
            module: Vec::new(),
        };
        file_mutants(&f, source.into()).unwrap()
    }

    fn replacement(file: usize, function: &str, item: &str) -> Replacement {
        Replacement {
            file,
            function: function.into(),
            item: item.into(),
        }
    }

    /// An answer's arms in two files share its ordinal; one that cannot be added leaves no arm
    /// of its answer behind, in either file, so the next answer may take the ordinal.
    #[test]
    fn an_answer_is_armed_in_every_file_under_one_ordinal_or_not_at_all() {
        let mut files = vec![
            rendered("src/lib.rs", "pub fn a(x: u8) -> u8 { x }\n"),
            rendered("src/b.rs", "pub fn b(x: u8) -> u8 { x }\n"),
        ];
        let both = [
            replacement(0, "a", "pub fn a(x: u8) -> u8 { x + 1 }"),
            replacement(1, "b", "pub fn b(x: u8) -> u8 { x + 2 }"),
        ];
        add_arms(&mut files, &[0, 1], &both, 1).unwrap();
        let ordinals = |f: &FileMutants| {
            f.analysis
                .mutants
                .iter()
                .map(|m| m.ordinal)
                .collect::<Vec<_>>()
        };
        assert_eq!(
            (ordinals(&files[0]), ordinals(&files[1])),
            (vec![1], vec![1])
        );
        let bad = [
            replacement(0, "a", "pub fn a(x: u8) -> u8 { 0 }"),
            replacement(1, "b", "pub fn b(x: u16) -> u8 { 0 }"),
        ];
        let e = add_arms(&mut files, &[0, 1], &bad, 2).unwrap_err();
        assert!(e.contains("signature"), "{e}");
        assert_eq!(
            (ordinals(&files[0]), ordinals(&files[1])),
            (vec![1], vec![1])
        );
        let twice = [
            replacement(0, "a", "pub fn a(x: u8) -> u8 { 0 }"),
            replacement(0, "a", "pub fn a(x: u8) -> u8 { 1 }"),
        ];
        assert!(
            add_arms(&mut files, &[0, 1], &twice, 2)
                .unwrap_err()
                .contains("twice")
        );
        assert_eq!(ordinals(&files[0]), vec![1]);
    }

    #[test]
    fn functions_of_test_code_are_not_candidates_for_a_fix() {
        let src = "pub fn parse() -> u8 { 1 }\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn parse() { assert_eq!(super::parse(), 1); }\n}\n";
        let fns = functions(src, "src/lib.rs").unwrap();
        assert_eq!(fns.len(), 1);
        assert_eq!(fns[0].span.start, 0);
    }
}
