//! `repo_fix` on a real crate: problems drawn from a crate's bug catalog
//! (`verigym catalog PATH --out DIR`, [`crate::repo::krate::catalog`]) named by
//! `repo = path:DIR`, or by `repo = crate:NAME` for a catalog shipped in the binary
//! ([`super::shipped`]), verified by building the catalog's copy of the crate with the answer and
//! running the crate's own tests, sealed ([`crate::repo::krate::fixes`]).
//!
//! A record carries the bug as an edit of one file, the buggy function and the prompt, and names
//! the crate by the content hash of its source: the verifier rebuilds the buggy file from the
//! source it finds and refuses to judge (`verifier_error`) when that source is missing or has
//! another hash. One bug per problem, in the crate's own surface: `bugs`, `variation`, `reach`
//! and `misleading` are mini-repo knobs.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, LazyLock, Mutex};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::answer::{self, Fix};
use super::shipped::{self, CRATE_PREFIX};
use super::{InjectedBug, RepoFixData, RepoFixParams};
use crate::core::env::Generated;
use crate::core::rng::ProblemRng;
use crate::core::verdict::{Reason, Verdict};
use crate::repo::krate::catalog::{self as crate_catalog, CrateBug, CrateCatalog, SOURCE_DIR};
use crate::repo::krate::fixes::{self, FixRun, FixTarget};
use crate::repo::mutate::{FnInfo, line_col, unified_diff};

/// The prefix of a `repo` value that names a catalog directory.
pub const PATH_PREFIX: &str = "path:";

/// The most of a buggy file a prompt shows, in bytes, after elision: beyond it only the buggy
/// function and the shown ones are printed.
const PROMPT_FILE_BUDGET: usize = 24 * 1024;

/// Where a crate record's bug lives: enough to rebuild the buggy file from the crate's source.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CrateRef {
    /// The catalog, as the params named it: `crate:NAME` (shipped in the binary) or `path:DIR`.
    pub catalog: String,
    /// The package's name.
    pub package: String,
    /// Its version.
    pub version: String,
    /// SHA-256 of the catalog's source directory: the only source this record is judged on.
    pub source_sha256: String,
    /// The buggy file, relative to the package directory.
    pub file: String,
    /// The cargo arguments the crate's tests build with.
    pub cargo_args: Vec<String>,
    /// The bug's byte range in the original `file`.
    pub span: [usize; 2],
    /// The original text there.
    pub original: String,
    /// The buggy text that replaces it.
    pub replacement: String,
}

/// A loaded catalog, with what generation and verification need.
#[derive(Debug)]
pub struct Loaded {
    /// The `repo` value it was loaded from.
    pub spec: String,
    /// The catalog.
    pub catalog: CrateCatalog,
    /// Its source directory.
    pub source_dir: PathBuf,
    /// The text of every file a bug lives in.
    files: BTreeMap<String, String>,
    /// The catalog's tests that the sealed harness can judge: the tests a fix must pass.
    tests: Vec<String>,
    /// The bugs that can be posed: the original function passes the answer policy (so the
    /// reference answer is accepted), and the buggy function is found in the buggy file.
    usable: Vec<usize>,
}

static LOADED: LazyLock<Mutex<BTreeMap<String, Arc<Loaded>>>> = LazyLock::new(Mutex::default);

/// Whether `repo` names a crate catalog (`path:DIR` or `crate:NAME`).
pub fn is_crate_spec(repo: &str) -> bool {
    repo.starts_with(PATH_PREFIX) || repo.starts_with(CRATE_PREFIX)
}

/// Why a crate catalog cannot be loaded.
#[derive(Debug)]
pub struct LoadError {
    /// What the `repo` value may be, for a param error.
    pub allowed: String,
    /// What is wrong.
    pub problem: String,
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.problem)
    }
}

/// Loads the catalog `spec` names (once per process). A shipped one (`crate:NAME`) is read from
/// the binary, its source from the cache directory ([`shipped::source_dir`]), and then treated
/// exactly as the same catalog named by its directory, so the two pose the same problems.
pub fn load(spec: &str) -> Result<Arc<Loaded>, LoadError> {
    if let Some(l) = LOADED.lock().unwrap_or_else(|e| e.into_inner()).get(spec) {
        return Ok(Arc::clone(l));
    }
    if let Some(name) = spec.strip_prefix(CRATE_PREFIX) {
        let names: Vec<&str> = shipped::names().collect();
        let known = format!("`{CRATE_PREFIX}NAME` with NAME one of {}", names.join(", "));
        let Some(s) = shipped::find(name) else {
            return Err(LoadError {
                allowed: known,
                problem: format!("no crate catalog named `{name}` is shipped in this build"),
            });
        };
        let fail = |problem: String| LoadError {
            allowed: format!(
                "{known}, whose source can be written to the cache directory (`{}`) and read \
                 by cargo",
                shipped::CACHE_DIR_ENV
            ),
            problem,
        };
        let source_dir = shipped::source_dir(s).map_err(fail)?;
        let catalog = crate_catalog::from_json(
            s.catalog,
            &format!("{spec} (the catalog compiled into this build)"),
            &source_dir,
        )
        .map_err(|e| fail(e.to_string()))?;
        return load_from(spec, catalog, source_dir).map_err(fail);
    }
    let fail = |problem: String| LoadError {
        allowed: "a crate catalog directory made by `verigym catalog`".to_owned(),
        problem,
    };
    let dir = spec
        .strip_prefix(PATH_PREFIX)
        .filter(|d| !d.is_empty())
        .ok_or_else(|| fail(format!("a crate catalog is named `{PATH_PREFIX}DIR`")))?;
    let dir = Path::new(dir);
    let catalog = crate_catalog::load(dir).map_err(|e| fail(e.to_string()))?;
    load_from(spec, catalog, dir.join(SOURCE_DIR)).map_err(fail)
}

/// [`load`] of `catalog` with its source at `source_dir`.
fn load_from(
    spec: &str,
    catalog: CrateCatalog,
    source_dir: PathBuf,
) -> Result<Arc<Loaded>, String> {
    let mut files = BTreeMap::new();
    for bug in &catalog.bugs {
        if !files.contains_key(&bug.file) {
            let path = source_dir.join(&bug.file);
            let text = std::fs::read_to_string(&path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            files.insert(bug.file.clone(), text);
        }
    }
    let sealable = fixes::sealable_tests(&source_dir).map_err(|e| e.to_string())?;
    let tests: Vec<String> = catalog
        .tests
        .iter()
        .map(|t| t.name.clone())
        .filter(|t| fixes::is_sealable(&sealable, t))
        .collect();
    let mut usable = Vec::new();
    let mut functions: BTreeMap<&str, Vec<FnInfo>> = BTreeMap::new();
    for (i, bug) in catalog.bugs.iter().enumerate() {
        let text = &files[&bug.file];
        if !functions.contains_key(bug.file.as_str()) {
            let f = fixes::functions(text, &bug.file).map_err(|e| e.to_string())?;
            functions.insert(&bug.file, f);
        }
        let Some(f) = find(&functions[bug.file.as_str()], bug) else {
            continue;
        };
        // Answers are matched to functions by name: two functions of one name in the file (the
        // `fmt` of two trait impls) would leave a fix's target to chance.
        if functions[bug.file.as_str()]
            .iter()
            .filter(|g| g.name == f.name)
            .count()
            > 1
        {
            continue;
        }
        // Generation rebuilds the buggy file and finds the function again: a hand-edited catalog
        // whose edit breaks either must not reach it.
        if buggy_function(text, bug).is_none() {
            continue;
        }
        // Its failures must be among the tests that count, or the unfixed bug would pass.
        if !bug.failing.iter().any(|t| tests.contains(&t.test)) {
            continue;
        }
        let reference = super::answer_block(text, std::slice::from_ref(f), &[f.name.as_str()]);
        if answer::read(&reference, text, &functions[bug.file.as_str()]).is_ok() {
            usable.push(i);
        }
    }
    if usable.is_empty() {
        return Err(format!(
            "the catalog of `{}` has no bug whose function a fix may be written for (the \
             answer policy refuses every one: `unsafe`, macros or paths it does not allow)",
            catalog.package
        ));
    }
    let loaded = Arc::new(Loaded {
        spec: spec.to_owned(),
        catalog,
        source_dir,
        files,
        tests,
        usable,
    });
    LOADED
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(spec.to_owned(), Arc::clone(&loaded));
    Ok(loaded)
}

/// The function of `functions` that holds `bug`.
fn find<'a>(functions: &'a [FnInfo], bug: &CrateBug) -> Option<&'a FnInfo> {
    functions.iter().find(|f| {
        f.name == bug.function && f.span.start == bug.item_span[0] && f.span.end == bug.item_span[1]
    })
}

impl Loaded {
    /// The usable bugs that fail `min..=max` tests.
    pub fn eligible(&self, p: &RepoFixParams) -> Vec<usize> {
        self.usable
            .iter()
            .copied()
            .filter(|&i| {
                let n = self.catalog.bugs[i].failing.len() as u32;
                (p.min_failing..=p.max_failing).contains(&n)
            })
            .collect()
    }

    /// The fewest and the most tests any usable bug fails.
    pub fn failing_range(&self) -> Option<(u32, u32)> {
        let counts = self
            .usable
            .iter()
            .map(|&i| self.catalog.bugs[i].failing.len() as u32);
        Some((counts.clone().min()?, counts.max()?))
    }
}

/// The buggy file of `bug` (in `original`), its functions, and which of them holds the bug;
/// `None` when the edited file does not parse or the function is not found where it should be.
fn buggy_function(original: &str, bug: &CrateBug) -> Option<(String, Vec<FnInfo>, usize)> {
    let buggy = apply(original, bug.span, &bug.replacement);
    let functions = fixes::functions(&buggy, &bug.file).ok()?;
    let shift = bug.replacement.len() as isize - (bug.span[1] - bug.span[0]) as isize;
    let buggy_end = (bug.item_span[1] as isize + shift) as usize;
    let target = functions.iter().position(|f| {
        f.name == bug.function && f.span.start == bug.item_span[0] && f.span.end == buggy_end
    })?;
    Some((buggy, functions, target))
}

/// The buggy text of `file` (`original` with the bug's edit).
fn apply(original: &str, span: [usize; 2], replacement: &str) -> String {
    format!(
        "{}{}{}",
        &original[..span[0]],
        replacement,
        &original[span[1]..]
    )
}

/// A problem from a loaded catalog. `p` must be valid (so some bug is eligible).
pub fn generate(l: &Loaded, p: &RepoFixParams, rng: &mut ProblemRng) -> Generated<RepoFixData> {
    let eligible = l.eligible(p);
    let bug = &l.catalog.bugs[*rng.choose(&eligible)];
    let original = &l.files[&bug.file];
    let (buggy, functions, target) =
        buggy_function(original, bug).expect("load keeps only bugs whose buggy file reads back");
    let mut others: Vec<usize> = (0..functions.len()).filter(|&i| i != target).collect();
    rng.shuffle(&mut others);
    others.truncate(p.distractors as usize);
    let mut shown = vec![target];
    shown.extend(others);
    shown.sort_unstable();
    let shown_names: Vec<String> = shown.iter().map(|&i| functions[i].name.clone()).collect();

    let span = bug.span[0]..bug.span[1];
    let fixed_span = span.start..span.start + bug.replacement.len();
    let line = line_col(&buggy, span.start).0;
    let injected = InjectedBug {
        id: bug.id.clone(),
        function: bug.function.clone(),
        line,
        buggy: bug.replacement.clone(),
        original: bug.original.clone(),
        fix_diff: unified_diff(&bug.file, &buggy, original, &fixed_span),
    };
    let buggy_fn = &functions[target];
    let library = super::answer_block(
        &buggy,
        std::slice::from_ref(buggy_fn),
        &[buggy_fn.name.as_str()],
    );
    let library = library
        .trim_start_matches("```rust\n")
        .trim_end_matches("```")
        .to_owned();
    let original_functions =
        fixes::functions(original, &bug.file).expect("a catalogued file parses");
    let answer = super::answer_block(original, &original_functions, &[bug.function.as_str()]);
    let data = RepoFixData {
        repo: l.catalog.package.clone(),
        library,
        suite: String::new(),
        tests: l.tests.clone(),
        bugs: vec![injected],
        failing: bug
            .failing
            .iter()
            .filter(|f| l.tests.contains(&f.test))
            .cloned()
            .collect(),
        shown: shown_names,
        krate: Some(CrateRef {
            catalog: l.spec.clone(),
            package: l.catalog.package.clone(),
            version: l.catalog.version.clone(),
            source_sha256: l.catalog.source_sha256.clone(),
            file: bug.file.clone(),
            cargo_args: l.catalog.cargo_args.clone(),
            span: bug.span,
            original: bug.original.clone(),
            replacement: bug.replacement.clone(),
        }),
    };
    let prompt = render(l, bug, &buggy, &functions, &shown, &data, p);
    let difficulty =
        (shown.len() * 10 / bug.failing.len().max(1)) as u64 + if p.show_failures { 0 } else { 50 };
    Generated {
        prompt,
        answer,
        difficulty,
        data,
    }
}

/// The buggy file with the bodies of functions not shown elided; past the budget, only the shown
/// functions.
fn visible_file(buggy: &str, functions: &[FnInfo], shown: &[usize]) -> String {
    let mut out = String::with_capacity(buggy.len());
    let mut at = 0;
    for (i, f) in functions.iter().enumerate() {
        if shown.contains(&i) || f.body.start < at {
            continue;
        }
        out.push_str(&buggy[at..f.body.start]);
        out.push_str(" /* … */ ");
        at = f.body.end;
    }
    out.push_str(&buggy[at..]);
    if out.len() <= PROMPT_FILE_BUDGET {
        return out;
    }
    let mut only = String::from("// … (the rest of the file is not shown)\n");
    for &i in shown {
        let f = &functions[i];
        let text = &buggy[f.span.clone()];
        match f.name.rsplit_once("::") {
            Some((ty, _)) => only.push_str(&format!(
                "impl {ty} {{\n    // …\n    {text}\n    // …\n}}\n"
            )),
            None => only.push_str(&format!("{text}\n")),
        }
    }
    only
}

fn render(
    l: &Loaded,
    bug: &CrateBug,
    buggy: &str,
    functions: &[FnInfo],
    shown: &[usize],
    data: &RepoFixData,
    p: &RepoFixParams,
) -> String {
    let elided = shown.len() < functions.len();
    let mut prompt = format!(
        "The Rust crate `{}` {} has one bug, in `{}`: the crate's own tests fail.{}\n\n`{}`:\n```rust\n{}```\n",
        l.catalog.package,
        l.catalog.version,
        bug.file,
        if elided {
            " Bodies shown as `/* … */` belong to functions that are correct."
        } else {
            ""
        },
        bug.file,
        visible_file(buggy, functions, shown),
    );
    if p.show_failures {
        prompt.push_str("\nThese tests of the crate fail:\n");
        for f in &data.failing {
            prompt.push_str(&format!("- `{}`:\n```text\n{}\n```\n", f.test, f.message));
        }
    } else {
        prompt.push_str("\nWhich of the crate's tests fail is not shown.\n");
    }
    prompt.push_str(&super::answer_rules(
        "Fix the bug. Reply with the corrected function in a ```rust code block: one complete \
         `fn` item with its signature unchanged, a method either alone or inside its \
         `impl Type { … }` block, after any `use` lines it needs.",
    ));
    prompt
}

/// Verifies each response to a crate problem; verdicts in the order of `responses`.
pub fn verify_group(data: &RepoFixData, k: &CrateRef, responses: &[&str]) -> Vec<Verdict> {
    let refuse = |m: String| vec![Verdict::rejected(Reason::VerifierError, m); responses.len()];
    let loaded = match load(&k.catalog) {
        Ok(l) => l,
        Err(e) => {
            return refuse(format!(
                "the crate catalog `{}` this record was made from cannot be loaded here: {e}",
                k.catalog
            ));
        }
    };
    match source_hash(&loaded.source_dir) {
        Ok(h) if h == k.source_sha256 => {}
        Ok(h) => {
            return refuse(format!(
                "the source of `{}` at {} has SHA-256 {h}, but this record was made from {}: \
                 verify with the {} the record came from",
                k.package,
                loaded.source_dir.display(),
                k.source_sha256,
                if k.catalog.starts_with(CRATE_PREFIX) {
                    "verigym build"
                } else {
                    "catalog"
                }
            ));
        }
        Err(e) => return refuse(format!("cannot hash the crate's source: {e}")),
    }
    let Some(original) = loaded.files.get(&k.file) else {
        return refuse(format!("the catalog has no bug in `{}`", k.file));
    };
    if original.get(k.span[0]..k.span[1]) != Some(k.original.as_str()) {
        return refuse(format!(
            "the record's bug does not match `{}` at bytes {}..{}",
            k.file, k.span[0], k.span[1]
        ));
    }
    let buggy = apply(original, k.span, &k.replacement);
    let functions = match fixes::functions(&buggy, &k.file) {
        Ok(f) => f,
        Err(e) => return refuse(format!("the buggy file does not parse: {e}")),
    };
    let Some(bug) = data.bugs.first() else {
        return refuse("the record has no bug".into());
    };
    let mut verdicts: Vec<Option<Verdict>> = vec![None; responses.len()];
    let mut pending: Vec<(usize, Vec<(String, String)>)> = Vec::new();
    for (i, r) in responses.iter().enumerate() {
        match answer::read(r, &buggy, &functions) {
            Err(rejection) => verdicts[i] = Some(rejection.into()),
            Ok(fixes) => match only_the_buggy_function(fixes, &bug.function, &buggy, &functions) {
                Ok(f) => pending.push((i, f)),
                Err(why) => verdicts[i] = Some(Verdict::wrong(why)),
            },
        }
    }
    let target = FixTarget {
        source_dir: &loaded.source_dir,
        file: &k.file,
        buggy: &buggy,
        cargo_args: &k.cargo_args,
        tests: &data.tests,
    };
    let answers: Vec<Vec<(String, String)>> = pending.iter().map(|(_, f)| f.clone()).collect();
    for ((i, _), v) in pending.iter().zip(judge(data, &target, &answers)) {
        verdicts[*i] = Some(v);
    }
    verdicts
        .into_iter()
        .map(|v| v.unwrap_or_else(|| Verdict::rejected(Reason::VerifierError, "left unjudged")))
        .collect()
}

/// One build for the group; a build that fails with no answer to blame is split in two, each
/// half judged alone.
fn judge(
    data: &RepoFixData,
    target: &FixTarget<'_>,
    answers: &[Vec<(String, String)>],
) -> Vec<Verdict> {
    if answers.is_empty() {
        return Vec::new();
    }
    match fixes::judge(target, answers) {
        Ok(runs) => runs
            .into_iter()
            .map(|run| match run {
                FixRun::DoesNotCompile(why) => Verdict::with(
                    Reason::CompileError,
                    format!("the fix does not compile: {}", audit_line(&why)),
                ),
                FixRun::Ran(run) => super::check::judge(data, &run, &fixes::CRATE_RUN_LIMITS),
            })
            .collect(),
        Err(
            crate::repo::RepoError::Compile { message, .. }
            | crate::repo::RepoError::CompilerLimit(message),
        ) if answers.len() > 1 => {
            let _ = message;
            let (a, b) = answers.split_at(answers.len() / 2);
            let mut out = judge(data, target, a);
            out.extend(judge(data, target, b));
            out
        }
        Err(crate::repo::RepoError::Compile { message, .. }) => vec![Verdict::with(
            Reason::CompileError,
            format!("the fix does not compile: {}", audit_line(&message)),
        )],
        Err(crate::repo::RepoError::CompilerLimit(why)) => vec![Verdict::with(
            Reason::CompileError,
            format!("the fix cannot be compiled within the limits: {why}"),
        )],
        Err(e) => vec![Verdict::rejected(Reason::VerifierError, e.to_string()); answers.len()],
    }
}

/// A compiler message cut to its first lines: verdicts stay small.
fn audit_line(message: &str) -> String {
    let mut out: String = message.lines().take(6).collect::<Vec<_>>().join("\n");
    if out.len() > 600 {
        let mut cut = 600;
        while !out.is_char_boundary(cut) {
            cut -= 1;
        }
        out.truncate(cut);
        out.push('…');
    }
    out
}

/// An answer's fixes reduced to the buggy function's: other functions given unchanged (token
/// for token) are dropped; a changed one is refused, since a crate problem's bug is in one
/// function and the judge builds one arm per answer.
fn only_the_buggy_function(
    fixes: Vec<Fix>,
    buggy_function: &str,
    buggy: &str,
    functions: &[FnInfo],
) -> Result<Vec<(String, String)>, String> {
    let mut kept = Vec::new();
    for fix in fixes {
        if fix.function == buggy_function {
            kept.push((fix.function, fix.item));
            continue;
        }
        let same = functions
            .iter()
            .find(|f| f.name == fix.function)
            .is_some_and(|f| same_tokens(&buggy[f.span.clone()], &fix.item));
        if !same {
            return Err(format!(
                "the answer changes `{}`, which has no bug; this problem's bug is in `{}`, and \
                 only that function may be replaced",
                fix.function, buggy_function
            ));
        }
    }
    if kept.is_empty() {
        return Err(format!(
            "the answer does not give `{buggy_function}`, the function with the bug"
        ));
    }
    Ok(kept)
}

fn same_tokens(a: &str, b: &str) -> bool {
    match (
        a.parse::<proc_macro2::TokenStream>(),
        b.parse::<proc_macro2::TokenStream>(),
    ) {
        (Ok(a), Ok(b)) => a.to_string() == b.to_string(),
        _ => false,
    }
}

/// The content hash of a source directory, once per process and directory.
fn source_hash(dir: &Path) -> Result<String, String> {
    static HASHES: LazyLock<Mutex<BTreeMap<PathBuf, String>>> = LazyLock::new(Mutex::default);
    if let Some(h) = HASHES.lock().unwrap_or_else(|e| e.into_inner()).get(dir) {
        return Ok(h.clone());
    }
    let h = crate_catalog::source_sha256(dir).map_err(|e| e.to_string())?;
    HASHES
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(dir.to_path_buf(), h.clone());
    Ok(h)
}
