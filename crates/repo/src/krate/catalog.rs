//! The bug catalog of a real Cargo crate, for `repo_fix` on your own code: every mutant the
//! crate's own tests kill cleanly, with the failing tests and their messages and which functions
//! each test reaches, stored beside a copy of the source it was built from and that source's
//! content hash.
//!
//! A catalog directory holds [`CATALOG_JSON`] and [`SOURCE_DIR`] (the package as audited). A
//! `repo_fix` record names the crate by [`CrateCatalog::source_sha256`]; the verifier checks the
//! source it finds against that hash and refuses to judge on any other (a `verifier_error`, never
//! a verdict on different code).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::super::RepoError;
use super::super::audit::{Outcome, Status};
use super::super::catalog::Failure;
use super::super::mutate::{self, FnInfo, Operator};
use super::detail::{Audited, ExeRecord};
use super::hidden::survey::{self, HIDDEN_JSON, HiddenCatalog};
use super::{CrateOptions, package};
use verigym_core::progress::Progress;

mod alone;
mod source;

/// The catalog's file in a catalog directory.
pub const CATALOG_JSON: &str = "catalog.json";
/// The directory, beside [`CATALOG_JSON`], holding the package's source as audited.
pub const SOURCE_DIR: &str = "source";
/// The catalog format this build reads and writes.
pub const CATALOG_FORMAT: u32 = 1;

/// The bugs of one crate that its own tests kill cleanly, ready to inject.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CrateCatalog {
    /// [`CATALOG_FORMAT`] when written.
    pub format: u32,
    /// The package's name.
    pub package: String,
    /// Its version.
    pub version: String,
    /// SHA-256 of the source directory (see [`source_sha256`]), hex.
    pub source_sha256: String,
    /// The cargo arguments the tests were built and run with (features, targets).
    pub cargo_args: Vec<String>,
    /// The tests that count, as `[target] name` (`[lib] tests::t`, `[tests/api] parses`), in
    /// run order, with the functions each reaches.
    pub tests: Vec<CrateTest>,
    /// Every mutant that compiles, finishes, and fails at least one test by an assertion or a
    /// panic, in file and source order.
    pub bugs: Vec<CrateBug>,
}

/// One test of the crate and the functions it reaches.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CrateTest {
    /// `[target] name`.
    pub name: String,
    /// The functions whose code the unmutated test ran, as `file#function` (`src/lib.rs#parse`,
    /// `src/version.rs#Version::new`), from the baseline's reach recording: exact, not an
    /// over-approximation.
    pub reaches: Vec<String>,
}

/// One injectable bug: a mutant of one function of one file and what it breaks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CrateBug {
    /// The mutant's stable id (as the audit reports it).
    pub id: String,
    /// Its operator.
    pub operator: Operator,
    /// The file, relative to the package directory (`src/lib.rs`).
    pub file: String,
    /// The function it lives in, as `name` or `Type::name`.
    pub function: String,
    /// Byte range in `file` of the whole function item, from its visibility (or `fn`) to its
    /// closing brace, doc comments and attributes excluded.
    pub item_span: [usize; 2],
    /// Byte range in `file` that the replacement overwrites.
    pub span: [usize; 2],
    /// The original text at that range.
    pub original: String,
    /// The text that replaces it.
    pub replacement: String,
    /// The tests that fail with only this bug present, with their messages, in run order.
    pub failing: Vec<Failure>,
}

/// SHA-256 (hex) of a source directory: every regular file under `dir`, in the byte order of
/// their `/`-separated relative paths, each hashed as its path, a NUL, its length as 8
/// little-endian bytes, then its bytes. Symbolic links and other special files are an error, so
/// a hash never depends on what a link points to.
pub fn source_sha256(dir: &Path) -> Result<String, RepoError> {
    let mut files = Vec::new();
    list_files(dir, "", &mut files)?;
    let mut read = Vec::with_capacity(files.len());
    for rel in files {
        let bytes = std::fs::read(dir.join(&rel)).map_err(RepoError::io(format!(
            "cannot read {}",
            dir.join(&rel).display()
        )))?;
        read.push((rel, bytes));
    }
    Ok(files_sha256(
        read.iter().map(|(rel, b)| (rel.as_str(), b.as_slice())),
    ))
}

/// [`source_sha256`] of files held in memory, as (`/`-separated relative path, bytes) in any
/// order: the hash a directory holding exactly these files has.
pub fn files_sha256<'a>(files: impl IntoIterator<Item = (&'a str, &'a [u8])>) -> String {
    use sha2::{Digest, Sha256};
    let mut files: Vec<(&str, &[u8])> = files.into_iter().collect();
    files.sort_unstable_by(|a, b| a.0.cmp(b.0));
    let mut hasher = Sha256::new();
    for (rel, bytes) in files {
        hasher.update(rel.as_bytes());
        hasher.update([0]);
        hasher.update((bytes.len() as u64).to_le_bytes());
        hasher.update(bytes);
    }
    verigym_core::record::hex(&hasher.finalize())
}

/// Every regular file under `dir/prefix`, as `/`-separated paths relative to `dir`.
fn list_files(dir: &Path, prefix: &str, out: &mut Vec<String>) -> Result<(), RepoError> {
    let here = dir.join(prefix);
    let entries = std::fs::read_dir(&here)
        .map_err(RepoError::io(format!("cannot list {}", here.display())))?;
    for entry in entries {
        let entry = entry.map_err(RepoError::io(format!("cannot list {}", here.display())))?;
        let name = entry
            .file_name()
            .into_string()
            .map_err(|n| RepoError::Crate {
                path: here.display().to_string(),
                problem: format!("the file name {n:?} is not UTF-8"),
            })?;
        let rel = if prefix.is_empty() {
            name
        } else {
            format!("{prefix}/{name}")
        };
        let kind = entry.file_type().map_err(RepoError::io(format!(
            "cannot stat {}",
            entry.path().display()
        )))?;
        if kind.is_dir() {
            list_files(dir, &rel, out)?;
        } else if kind.is_file() {
            out.push(rel);
        } else {
            return Err(RepoError::Crate {
                path: entry.path().display().to_string(),
                problem: "a catalog's source holds only regular files and directories".into(),
            });
        }
    }
    Ok(())
}

/// The catalog as written: pretty JSON with a final newline.
pub fn to_json(catalog: &CrateCatalog) -> String {
    let mut text = serde_json::to_string_pretty(catalog).expect("catalogs serialize");
    text.push('\n');
    text
}

/// A catalog just built, and what became of the audit's kills.
#[derive(Clone, Debug)]
pub struct Built {
    /// The catalog, as written to `catalog.json`.
    pub catalog: CrateCatalog,
    /// Mutants the audit ran.
    pub viable: usize,
    /// Mutants the tests killed.
    pub killed: usize,
    /// Killed mutants left out of the catalog, by reason.
    pub left_out: BTreeMap<String, usize>,
    /// The hidden differential suite's survey, as written to `hidden.json`.
    pub hidden: HiddenCatalog,
}

/// Builds the catalog of the crate at `path` into the directory `out`: first a copy of the
/// package with only what building and testing needs ([`SOURCE_DIR`]), then a full-matrix audit
/// of that copy, so the catalog is exactly valid for the bytes it ships with.
///
/// `opts` are the audit's (`-p` picks the package in a workspace; the copy is then a package of
/// its own), with the full matrix always on: a bug's failing tests are all the tests it fails. A
/// killed mutant becomes a bug only when its kill is clean: no run timed out or ended abnormally,
/// every test ran, each failing test failed by a panic with a message, a second run failed the
/// same tests with the same messages, no message names the build directory, its function holds
/// no `unsafe` and is the only one of its name in its file, and the crate with that bug alone
/// passes `cargo check` in the test profile. (Test code and `const fn`s hold no mutants, and
/// macro bodies none either: the mutation walker does not enter them.)
///
/// `out` must be new, empty, or a previous catalog (which is replaced), and not inside the
/// package. The directory appears complete or not at all: everything is built beside it under a
/// temporary name and renamed into place.
pub fn build(path: &Path, out: &Path, opts: &CrateOptions) -> Result<Built, RepoError> {
    let pkg = package::read(path, opts.package.as_deref())?;
    let manifest = source::manifest(&pkg.dir)?;
    source::check_standalone(&manifest)?;
    let out = absolute(out)?;
    check_out(&out, &pkg.dir)?;
    let parent = out.parent().unwrap_or(Path::new("/")).to_path_buf();
    std::fs::create_dir_all(&parent)
        .map_err(RepoError::io(format!("cannot create {}", parent.display())))?;
    let name = out.file_name().unwrap_or_default().to_string_lossy();
    let stage = tempfile::Builder::new()
        .prefix(&format!(".{name}.partial-"))
        .tempdir_in(&parent)
        .map_err(RepoError::io(format!(
            "cannot create a directory in {}",
            parent.display()
        )))?;
    let src = stage.path().join(SOURCE_DIR);
    source::copy(&pkg.dir, &manifest, &src)?;
    let audit_opts = CrateOptions {
        // The copy is a workspace of its own, holding only the package.
        package: None,
        full_matrix: true,
        ..opts.clone()
    };
    let audited = super::audit_detailed(&src, &audit_opts)?;
    let mut built = assemble(&audited, &src, &opts.progress)?;
    // The hash covers the source as shipped; the catalog beside it is not part of it.
    built.catalog.source_sha256 = source_sha256(&src)?;
    verigym_core::atomic::write_atomic(
        &stage.path().join(CATALOG_JSON),
        to_json(&built.catalog).as_bytes(),
    )
    .map_err(RepoError::io(format!(
        "cannot write the catalog in {}",
        parent.display()
    )))?;
    built.hidden = survey::survey(&src, &built.catalog)?;
    write_hidden(stage.path(), &built.hidden)?;
    commit(stage, &out)?;
    Ok(built)
}

/// Writes `hidden` as `dir`'s [`HIDDEN_JSON`], atomically.
fn write_hidden(dir: &Path, hidden: &HiddenCatalog) -> Result<(), RepoError> {
    verigym_core::atomic::write_atomic(&dir.join(HIDDEN_JSON), survey::to_json(hidden).as_bytes())
        .map_err(RepoError::io(format!(
            "cannot write the hidden catalog in {}",
            dir.display()
        )))
}

/// Surveys the hidden differential suite of the catalog directory `dir` again and writes its
/// [`HIDDEN_JSON`]: for a catalog made before the suite existed, or by another suite version.
pub fn resurvey(dir: &Path) -> Result<HiddenCatalog, RepoError> {
    let catalog = load(dir)?;
    let hidden = survey::survey(&dir.join(SOURCE_DIR), &catalog)?;
    write_hidden(dir, &hidden)?;
    Ok(hidden)
}

/// `path` made absolute against the current directory, `.` and `..` resolved textually.
fn absolute(path: &Path) -> Result<PathBuf, RepoError> {
    let abs = std::path::absolute(path)
        .map_err(RepoError::io(format!("cannot resolve {}", path.display())))?;
    let mut out = PathBuf::new();
    for c in abs.components() {
        match c {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            c => out.push(c),
        }
    }
    Ok(out)
}

/// `path` with its longest existing prefix canonicalized (links resolved), so two spellings of
/// one place compare equal even when the tail does not exist yet.
fn resolved(path: &Path) -> PathBuf {
    let mut head = path.to_path_buf();
    let mut tail = Vec::new();
    loop {
        if let Ok(c) = head.canonicalize() {
            return tail.iter().rev().fold(c, |p, t| p.join(t));
        }
        match (head.file_name().map(|n| n.to_owned()), head.parent()) {
            (Some(n), Some(p)) => {
                tail.push(n);
                head = p.to_path_buf();
            }
            _ => return path.to_path_buf(),
        }
    }
}

/// Whether `dir` is a catalog directory: exactly [`CATALOG_JSON`] and [`SOURCE_DIR`].
fn is_catalog_dir(dir: &Path) -> bool {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return false;
    };
    let names: BTreeSet<String> = entries
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    let mut names = names;
    names.remove(HIDDEN_JSON);
    names == BTreeSet::from([CATALOG_JSON.to_owned(), SOURCE_DIR.to_owned()])
        && dir.join(CATALOG_JSON).is_file()
        && dir.join(SOURCE_DIR).is_dir()
}

/// Refuses an `out` inside the package, or one that holds anything but a previous catalog.
fn check_out(out: &Path, package_dir: &Path) -> Result<(), RepoError> {
    let refuse = |problem: String| RepoError::Crate {
        path: out.display().to_string(),
        problem,
    };
    let (o, p) = (resolved(out), resolved(package_dir));
    if o.starts_with(&p) {
        return Err(refuse(format!(
            "the catalog directory is inside the package {}; choose one outside it",
            package_dir.display()
        )));
    }
    if out.exists() {
        if !out.is_dir() {
            return Err(refuse(
                "not a directory; the catalog directory must be new, empty or a previous catalog"
                    .into(),
            ));
        }
        let empty = std::fs::read_dir(out)
            .map_err(RepoError::io(format!("cannot read {}", out.display())))?
            .next()
            .is_none();
        if !empty && !is_catalog_dir(out) {
            return Err(refuse(format!(
                "not empty and not a catalog (`{CATALOG_JSON}` and `{SOURCE_DIR}/` only); the \
                 catalog directory must be new, empty or a previous catalog, which is replaced"
            )));
        }
    } else if p.starts_with(&o) {
        return Err(refuse(
            "the package is inside the catalog directory, which does not exist".into(),
        ));
    }
    Ok(())
}

/// Moves the finished `stage` to `out`: a previous catalog there is moved aside first and
/// removed after, so `out` is always the old catalog, absent for an instant, or the new one.
fn commit(stage: tempfile::TempDir, out: &Path) -> Result<(), RepoError> {
    let staged = stage.keep();
    let undo = |e: std::io::Error, what: &str| {
        let _ = std::fs::remove_dir_all(&staged);
        RepoError::Io {
            context: format!("cannot {what} {}", out.display()),
            source: e,
        }
    };
    if out.exists() {
        let name = out.file_name().unwrap_or_default().to_string_lossy();
        let aside = out.with_file_name(format!(".{name}.old-{}", std::process::id()));
        std::fs::rename(out, &aside).map_err(|e| undo(e, "move aside"))?;
        if let Err(e) = std::fs::rename(&staged, out) {
            let _ = std::fs::rename(&aside, out);
            return Err(undo(e, "replace"));
        }
        std::fs::remove_dir_all(&aside)
            .map_err(RepoError::io(format!("cannot remove {}", aside.display())))?;
    } else {
        std::fs::rename(&staged, out).map_err(|e| undo(e, "create"))?;
    }
    Ok(())
}

/// Why a killed mutant is not a bug, when it is not: its runs are not a clean kill.
fn unclean(runs: &[ExeRecord], run_dir: &str) -> Result<Vec<Failure>, &'static str> {
    let mut failing = Vec::new();
    for r in runs {
        if r.wall_killed || r.fuel_exhausted {
            return Err("a run timed out");
        }
        if r.abnormal.is_some() {
            return Err("a test process ended abnormally");
        }
        if !r.harness {
            // A `harness = false` target tells pass or fail, never which check or message.
            if !r.success {
                return Err("a harness = false target failed");
            }
            continue;
        }
        let reported: BTreeSet<&str> = r.tests.iter().map(|(n, _)| n.as_str()).collect();
        let planned: BTreeSet<&str> = r.planned.iter().map(String::as_str).collect();
        if reported != planned || reported.len() != r.tests.len() {
            return Err("not every test reported a result");
        }
        let before = failing.len();
        for (name, outcome) in &r.tests {
            match outcome {
                Outcome::Passed => {}
                // `failed` is what the runner records when a failure section has no panic
                // message (a test returning `Err`, a panic with an empty message).
                Outcome::Failed(m) if m.is_empty() || m == "failed" => {
                    return Err("a test failed without a panic message");
                }
                Outcome::Failed(m) if m.contains(run_dir) => {
                    return Err("a message names the build directory");
                }
                Outcome::Failed(m) => failing.push(Failure {
                    test: super::label(&r.target, name),
                    message: m.clone(),
                }),
                Outcome::Timeout => return Err("a run timed out"),
                Outcome::Crashed(_) => return Err("a test process ended abnormally"),
            }
        }
        if !r.success && failing.len() == before {
            return Err("a test process failed outside its tests");
        }
    }
    if failing.is_empty() {
        return Err("no test failed");
    }
    Ok(failing)
}

/// The catalog of an audit of the copy at `src`, before the source hash.
fn assemble(a: &Audited, src: &Path, progress: &dyn Progress) -> Result<Built, RepoError> {
    let report = &a.report;
    let mut analyses: BTreeMap<&str, mutate::Analysis> = BTreeMap::new();
    for rel in &report.files {
        let path = src.join(rel);
        let text = std::fs::read_to_string(&path)
            .map_err(RepoError::io(format!("cannot read {}", path.display())))?;
        analyses.insert(rel, mutate::analyze(&text, rel)?);
    }
    // Each site's functions, from the mutants built there.
    let by_ordinal: BTreeMap<u32, String> = report
        .mutants
        .iter()
        .map(|m| {
            let key = format!("{}#{}", m.file, m.report.mutant.function);
            (m.report.mutant.ordinal, key)
        })
        .collect();
    let mut site_fns: BTreeMap<u32, BTreeSet<&str>> = BTreeMap::new();
    for (o, site) in &a.site_of {
        if let Some(f) = by_ordinal.get(o) {
            site_fns.entry(*site).or_default().insert(f);
        }
    }
    let tests: Vec<CrateTest> = report
        .tests
        .iter()
        .map(|name| CrateTest {
            name: name.clone(),
            reaches: a
                .reached
                .get(name)
                .into_iter()
                .flatten()
                .flat_map(|site| site_fns.get(site).into_iter().flatten())
                .map(|f| (*f).to_owned())
                .collect::<BTreeSet<String>>()
                .into_iter()
                .collect(),
        })
        .collect();

    let mut left_out: BTreeMap<String, usize> = BTreeMap::new();
    let mut leave = |why: &str| *left_out.entry(why.to_owned()).or_default() += 1;
    let mut bugs = Vec::new();
    let mut killed = 0;
    for m in &report.mutants {
        if m.report.status != Status::Killed {
            continue;
        }
        killed += 1;
        let mu = &m.report.mutant;
        let Some(runs) = a.runs.get(&mu.ordinal) else {
            leave("detected only on a re-run");
            continue;
        };
        let failing = match unclean(&runs.first, &a.run_dir) {
            Ok(f) => f,
            Err(why) => {
                leave(why);
                continue;
            }
        };
        if runs.again != runs.first {
            leave("a second run failed differently");
            continue;
        }
        let analysis = &analyses[m.file.as_str()];
        let Some(f) = enclosing(analysis, &mu.function, &mu.span) else {
            leave("its function was not found");
            continue;
        };
        let item = &analysis.source[f.span.clone()];
        let (is_const, is_unsafe) = qualifiers(item);
        if is_const {
            leave("a const fn");
            continue;
        }
        if is_unsafe {
            leave("unsafe code in its function");
            continue;
        }
        if analysis
            .functions
            .iter()
            .filter(|g| g.name == f.name)
            .count()
            > 1
        {
            leave("its function's name is not unique in its file");
            continue;
        }
        bugs.push(CrateBug {
            id: mu.id.clone(),
            operator: mu.operator,
            file: m.file.clone(),
            function: mu.function.clone(),
            item_span: [f.span.start, f.span.end],
            span: [mu.span.start, mu.span.end],
            original: mu.original.clone(),
            replacement: mu.replacement.clone(),
            failing,
        });
    }
    let edits: Vec<alone::Edit> = bugs
        .iter()
        .map(|b| alone::Edit {
            file: b.file.clone(),
            item: b.item_span,
            span: b.span,
            replacement: b.replacement.clone(),
        })
        .collect();
    let (compiles, _) = alone::check(src, &report.cargo_args, report.offline, &edits, progress)?;
    let mut compiles = compiles.into_iter();
    bugs.retain(|_| {
        let ok = compiles.next().unwrap_or(false);
        if !ok {
            leave("does not compile alone");
        }
        ok
    });
    Ok(Built {
        catalog: CrateCatalog {
            format: CATALOG_FORMAT,
            package: report.package.clone(),
            version: report.version.clone(),
            source_sha256: String::new(),
            cargo_args: report.cargo_args.clone(),
            tests,
            bugs,
        },
        viable: report.counts.viable,
        killed,
        left_out,
        // Surveyed once the catalog's source hash is known.
        hidden: HiddenCatalog::default(),
    })
}

/// The innermost function named `name` whose item holds `span`.
fn enclosing<'a>(
    analysis: &'a mutate::Analysis,
    name: &str,
    span: &std::ops::Range<usize>,
) -> Option<&'a FnInfo> {
    analysis
        .functions
        .iter()
        .filter(|f| f.name == name && f.span.start <= span.start && span.end <= f.span.end)
        .min_by_key(|f| f.span.len())
}

/// Whether a function item (its text) is a `const fn`, and whether it holds `unsafe` anywhere
/// (an `unsafe fn`, block or impl; `repo_fix` answers may not write it, so a bug there could
/// not be fixed by rewriting the function).
fn qualifiers(item: &str) -> (bool, bool) {
    use proc_macro2::{TokenStream, TokenTree};
    fn any_unsafe(tokens: TokenStream) -> bool {
        tokens.into_iter().any(|t| match t {
            TokenTree::Ident(i) => i == "unsafe",
            TokenTree::Group(g) => any_unsafe(g.stream()),
            _ => false,
        })
    }
    let Ok(tokens) = item.parse::<TokenStream>() else {
        // Not reached for syn's own spans; refuse rather than guess.
        return (false, true);
    };
    let head: Vec<String> = tokens
        .clone()
        .into_iter()
        .map_while(|t| match t {
            TokenTree::Ident(i) if i != "fn" => Some(i.to_string()),
            _ => None,
        })
        .collect();
    (head.iter().any(|w| w == "const"), any_unsafe(tokens))
}

/// Reads and checks the catalog in `dir`: [`CATALOG_JSON`] is of [`CATALOG_FORMAT`], and every
/// bug's spans lie in its file under [`SOURCE_DIR`] with `original` at `span`, so an edited
/// catalog or source is caught before any bug is injected. The source's hash is not checked here
/// (the verifier checks it against the record's).
pub fn load(dir: &Path) -> Result<CrateCatalog, RepoError> {
    let path = dir.join(CATALOG_JSON);
    let text = std::fs::read_to_string(&path)
        .map_err(RepoError::io(format!("cannot read {}", path.display())))?;
    from_json(&text, &path.display().to_string(), &dir.join(SOURCE_DIR))
}

/// [`load`] of a catalog's text (`origin` names it in errors), checked against the source
/// directory `source`.
pub fn from_json(text: &str, origin: &str, source: &Path) -> Result<CrateCatalog, RepoError> {
    let at = |problem: String| RepoError::Crate {
        path: origin.to_owned(),
        problem,
    };
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| at(format!("not JSON: {e}")))?;
    // The format first, so a newer catalog is told as such rather than by an unknown field.
    match value.get("format").and_then(serde_json::Value::as_u64) {
        Some(f) if f == u64::from(CATALOG_FORMAT) => {}
        other => {
            return Err(at(format!(
                "format {}: this build reads catalog format {CATALOG_FORMAT} only; rebuild the \
                 catalog with `verigym catalog`",
                other.map_or("missing".to_owned(), |f| f.to_string())
            )));
        }
    }
    let catalog: CrateCatalog =
        serde_json::from_value(value).map_err(|e| at(format!("not a crate catalog: {e}")))?;
    check(&catalog, source).map_err(at)?;
    Ok(catalog)
}

/// Every bug against the source: spans in range and on character boundaries, the item holding
/// the span, `original` at `span`, failing tests among the catalog's tests.
fn check(catalog: &CrateCatalog, source: &Path) -> Result<(), String> {
    let tests: BTreeSet<&str> = catalog.tests.iter().map(|t| t.name.as_str()).collect();
    let mut files: BTreeMap<&str, String> = BTreeMap::new();
    for b in &catalog.bugs {
        let bug = |problem: String| format!("bug {}: {problem}", b.id);
        if !files.contains_key(b.file.as_str()) {
            let plain = !b.file.is_empty()
                && b.file
                    .split('/')
                    .all(|p| !p.is_empty() && p != "." && p != ".." && !p.contains('\\'));
            if !plain {
                return Err(bug(format!(
                    "file `{}` is not a relative path inside `{SOURCE_DIR}/`",
                    b.file
                )));
            }
            let path = source.join(&b.file);
            let text = std::fs::read_to_string(&path)
                .map_err(|e| bug(format!("cannot read {}: {e}", path.display())))?;
            files.insert(&b.file, text);
        }
        let text = &files[b.file.as_str()];
        let range = |name: &str, [start, end]: [usize; 2]| {
            if start <= end
                && end <= text.len()
                && text.is_char_boundary(start)
                && text.is_char_boundary(end)
            {
                Ok(())
            } else {
                Err(bug(format!(
                    "{name} [{start}, {end}] is not a character range of {} ({} bytes)",
                    b.file,
                    text.len()
                )))
            }
        };
        range("span", b.span)?;
        range("item_span", b.item_span)?;
        if !(b.item_span[0] <= b.span[0] && b.span[1] <= b.item_span[1]) {
            return Err(bug(format!(
                "span {:?} lies outside item_span {:?}",
                b.span, b.item_span
            )));
        }
        let at_span = &text[b.span[0]..b.span[1]];
        if at_span != b.original {
            return Err(bug(format!(
                "original {:?} is not the text at span {:?} of {}, which is {at_span:?}",
                b.original, b.span, b.file
            )));
        }
        if b.failing.is_empty() {
            return Err(bug("fails no test; a bug fails at least one".into()));
        }
        if let Some(f) = b.failing.iter().find(|f| !tests.contains(f.test.as_str())) {
            return Err(bug(format!(
                "fails `{}`, which is not one of the catalog's tests",
                f.test
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_source_hash_covers_names_and_contents_and_ignores_listing_order() {
        let a = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(a.path().join("src")).unwrap();
        std::fs::write(a.path().join("Cargo.toml"), "[package]\n").unwrap();
        std::fs::write(a.path().join("src/lib.rs"), "pub fn f() {}\n").unwrap();
        let h = source_sha256(a.path()).unwrap();
        assert_eq!(h.len(), 64);
        assert_eq!(h, source_sha256(a.path()).unwrap());
        std::fs::write(a.path().join("src/lib.rs"), "pub fn g() {}\n").unwrap();
        let changed = source_sha256(a.path()).unwrap();
        assert_ne!(h, changed);
        std::fs::rename(a.path().join("src/lib.rs"), a.path().join("src/main.rs")).unwrap();
        assert_ne!(changed, source_sha256(a.path()).unwrap());
        // The path and the contents are framed: moving bytes between them changes the hash.
        let b = tempfile::tempdir().unwrap();
        std::fs::write(b.path().join("ab"), "c").unwrap();
        let c = tempfile::tempdir().unwrap();
        std::fs::write(c.path().join("a"), "bc").unwrap();
        assert_ne!(
            source_sha256(b.path()).unwrap(),
            source_sha256(c.path()).unwrap()
        );
    }

    #[cfg(unix)]
    #[test]
    fn links_in_a_source_are_refused() {
        let a = tempfile::tempdir().unwrap();
        std::fs::write(a.path().join("real"), "x").unwrap();
        std::os::unix::fs::symlink(a.path().join("real"), a.path().join("link")).unwrap();
        let e = source_sha256(a.path()).unwrap_err().to_string();
        assert!(e.contains("only regular files"), "{e}");
    }

    fn record(tests: &[(&str, Outcome)]) -> ExeRecord {
        ExeRecord {
            target: "lib".into(),
            harness: true,
            planned: tests.iter().map(|(n, _)| (*n).to_owned()).collect(),
            tests: tests
                .iter()
                .map(|(n, o)| ((*n).to_owned(), o.clone()))
                .collect(),
            success: tests.iter().all(|(_, o)| *o == Outcome::Passed),
            wall_killed: false,
            fuel_exhausted: false,
            abnormal: None,
        }
    }

    #[test]
    fn only_kills_by_panics_with_messages_of_every_test_are_clean() {
        let boom = || Outcome::Failed("assertion failed: x".into());
        let clean = record(&[("a", Outcome::Passed), ("b", boom())]);
        assert_eq!(
            unclean(std::slice::from_ref(&clean), "/tmp/run").unwrap(),
            [Failure {
                test: "[lib] b".into(),
                message: "assertion failed: x".into()
            }]
        );
        let cases: Vec<(ExeRecord, &str)> = vec![
            (record(&[("a", Outcome::Passed)]), "no test failed"),
            (
                record(&[("a", Outcome::Timeout), ("b", boom())]),
                "a run timed out",
            ),
            (
                record(&[("a", Outcome::Crashed("died".into())), ("b", boom())]),
                "a test process ended abnormally",
            ),
            (
                record(&[("a", Outcome::Failed("failed".into()))]),
                "a test failed without a panic message",
            ),
            (
                record(&[("a", Outcome::Failed("cannot open /tmp/run/data".into()))]),
                "a message names the build directory",
            ),
            (
                ExeRecord {
                    planned: vec!["a".into(), "b".into(), "c".into()],
                    ..clean.clone()
                },
                "not every test reported a result",
            ),
            (
                ExeRecord {
                    fuel_exhausted: true,
                    ..clean.clone()
                },
                "a run timed out",
            ),
            (
                ExeRecord {
                    abnormal: Some("killed by signal 9".into()),
                    ..clean.clone()
                },
                "a test process ended abnormally",
            ),
            (
                ExeRecord {
                    harness: false,
                    ..clean.clone()
                },
                "a harness = false target failed",
            ),
            (
                ExeRecord {
                    tests: vec![("a".into(), Outcome::Passed), ("b".into(), Outcome::Passed)],
                    ..clean.clone()
                },
                "a test process failed outside its tests",
            ),
        ];
        for (r, why) in cases {
            assert_eq!(unclean(std::slice::from_ref(&r), "/tmp/run"), Err(why));
            // One unclean executable spoils the kill, whatever the others did.
            if why != "no test failed" {
                assert_eq!(unclean(&[clean.clone(), r], "/tmp/run"), Err(why));
            }
        }
    }

    #[test]
    fn const_and_unsafe_functions_are_told_from_their_text() {
        assert_eq!(qualifiers("pub fn f() -> u8 { 1 }"), (false, false));
        assert_eq!(qualifiers("pub const fn f() -> u8 { 1 }"), (true, false));
        assert_eq!(qualifiers("pub(crate) unsafe fn f() {}"), (false, true));
        assert_eq!(
            qualifiers(
                "fn f(v: &[u8]) -> u8 { if v.is_empty() { 0 } else { unsafe { *v.as_ptr() } } }"
            ),
            (false, true)
        );
        // A word in a string or a comment is not the keyword.
        assert_eq!(
            qualifiers("fn f() -> &'static str { \"unsafe const\" }"),
            (false, false)
        );
    }

    #[test]
    fn a_mutant_belongs_to_the_innermost_function_of_its_name() {
        let src = "pub fn outer(x: u32) -> u32 {\n    fn inner(y: u32) -> u32 { y + 1 }\n    inner(x) * 2\n}\n";
        let a = mutate::analyze(src, "src/lib.rs").unwrap();
        let plus = src.find("+ 1").unwrap();
        let times = src.find("* 2").unwrap();
        let inner = enclosing(&a, "inner", &(plus..plus + 1)).unwrap();
        assert_eq!(
            &src[inner.span.clone()],
            "fn inner(y: u32) -> u32 { y + 1 }"
        );
        let outer = enclosing(&a, "outer", &(times..times + 1)).unwrap();
        assert!(src[outer.span.clone()].starts_with("pub fn outer"));
        assert!(enclosing(&a, "inner", &(times..times + 1)).is_none());
    }

    /// A catalog directory with one bug in `src/lib.rs`.
    fn catalog_dir() -> (tempfile::TempDir, CrateCatalog) {
        let dir = tempfile::tempdir().unwrap();
        let src = "pub fn add(a: u32, b: u32) -> u32 {\n    a + b\n}\n";
        std::fs::create_dir_all(dir.path().join("source/src")).unwrap();
        std::fs::write(dir.path().join("source/src/lib.rs"), src).unwrap();
        let plus = src.find('+').unwrap();
        let catalog = CrateCatalog {
            format: CATALOG_FORMAT,
            package: "p".into(),
            version: "0.1.0".into(),
            source_sha256: source_sha256(&dir.path().join("source")).unwrap(),
            cargo_args: vec!["-p".into(), "p".into(), "--lib".into()],
            tests: vec![CrateTest {
                name: "[lib] t".into(),
                reaches: vec!["src/lib.rs#add".into()],
            }],
            bugs: vec![CrateBug {
                id: "abc-1".into(),
                operator: Operator::ArithmeticSwap,
                file: "src/lib.rs".into(),
                function: "add".into(),
                item_span: [0, src.len() - 1],
                span: [plus, plus + 1],
                original: "+".into(),
                replacement: "-".into(),
                failing: vec![Failure {
                    test: "[lib] t".into(),
                    message: "assertion failed".into(),
                }],
            }],
        };
        std::fs::write(dir.path().join(CATALOG_JSON), to_json(&catalog)).unwrap();
        (dir, catalog)
    }

    #[test]
    fn load_reads_a_catalog_and_refuses_one_that_does_not_match_its_source() {
        let (dir, catalog) = catalog_dir();
        assert_eq!(load(dir.path()).unwrap(), catalog);
        let refused = |edit: &dyn Fn(&mut CrateCatalog)| {
            let mut c = catalog.clone();
            edit(&mut c);
            std::fs::write(dir.path().join(CATALOG_JSON), to_json(&c)).unwrap();
            load(dir.path()).unwrap_err().to_string()
        };
        for (edit, expected) in [
            (
                Box::new(|c: &mut CrateCatalog| c.format = 2) as Box<dyn Fn(&mut CrateCatalog)>,
                "format 2: this build reads catalog format 1 only",
            ),
            (
                Box::new(|c: &mut CrateCatalog| c.bugs[0].original = "*".into()),
                "original \"*\" is not the text at span",
            ),
            (
                Box::new(|c: &mut CrateCatalog| c.bugs[0].span = [40, 4000]),
                "span [40, 4000] is not a character range of src/lib.rs",
            ),
            (
                Box::new(|c: &mut CrateCatalog| c.bugs[0].item_span = [30, 40]),
                "lies outside item_span",
            ),
            (
                Box::new(|c: &mut CrateCatalog| c.bugs[0].file = "../lib.rs".into()),
                "is not a relative path inside `source/`",
            ),
            (
                Box::new(|c: &mut CrateCatalog| c.bugs[0].file = "src/gone.rs".into()),
                "cannot read",
            ),
            (
                Box::new(|c: &mut CrateCatalog| c.bugs[0].failing.clear()),
                "fails no test",
            ),
            (
                Box::new(|c: &mut CrateCatalog| c.bugs[0].failing[0].test = "[lib] u".into()),
                "fails `[lib] u`, which is not one of the catalog's tests",
            ),
        ] {
            let e = refused(&*edit);
            assert!(e.contains(expected), "{expected}: {e}");
            assert!(e.contains(CATALOG_JSON), "the error names the file: {e}");
        }
        std::fs::write(dir.path().join(CATALOG_JSON), "{\"format\": 1}").unwrap();
        let e = load(dir.path()).unwrap_err().to_string();
        assert!(e.contains("not a crate catalog"), "{e}");
    }

    #[test]
    fn the_catalog_directory_must_be_new_empty_or_a_previous_catalog_outside_the_package() {
        let root = tempfile::tempdir().unwrap();
        let pkg = root.path().join("pkg");
        std::fs::create_dir_all(pkg.join("src")).unwrap();
        assert!(check_out(&root.path().join("new/cat"), &pkg).is_ok());
        let e = check_out(&pkg.join("cat"), &pkg).unwrap_err().to_string();
        assert!(e.contains("inside the package"), "{e}");
        // Another spelling of the same place is the same place.
        let e = check_out(&root.path().join("pkg/../pkg/src/x"), &pkg)
            .unwrap_err()
            .to_string();
        assert!(e.contains("inside the package"), "{e}");
        let other = root.path().join("other");
        std::fs::create_dir_all(&other).unwrap();
        assert!(check_out(&other, &pkg).is_ok(), "empty");
        std::fs::write(other.join("notes.txt"), "x").unwrap();
        let e = check_out(&other, &pkg).unwrap_err().to_string();
        assert!(e.contains("not empty and not a catalog"), "{e}");
        let (previous, _) = catalog_dir();
        assert!(
            check_out(previous.path(), &pkg).is_ok(),
            "a previous catalog"
        );
        // Rebuilding a catalog from its own source: the package is inside the catalog.
        assert!(check_out(previous.path(), &previous.path().join(SOURCE_DIR)).is_ok());
        let file = root.path().join("file");
        std::fs::write(&file, "x").unwrap();
        let e = check_out(&file, &pkg).unwrap_err().to_string();
        assert!(e.contains("not a directory"), "{e}");
    }
}
