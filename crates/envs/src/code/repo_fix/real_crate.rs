//! `repo_fix` on a real crate: problems drawn from a crate's bug catalog
//! (`verigym catalog PATH --out DIR`, [`verigym_repo::krate::catalog`]) named by
//! `repo = path:DIR`, or by `repo = crate:NAME` for a catalog shipped in the binary
//! ([`super::shipped`]), verified by building the catalog's copy of the crate with the answer and
//! running the crate's own tests, sealed ([`verigym_repo::krate::fixes`]).
//!
//! A record carries each bug as an edit of one file, the buggy functions and the prompt, and
//! names the crate by the content hash of its source: the verifier rebuilds the buggy files from
//! the source it finds and refuses to judge (`verifier_error`) when that source is missing or
//! has another hash. With `bugs = n` a problem has n bugs, each in a different file, in
//! functions no test of the crate runs two of (on the unmutated crate), so each bug alone fails
//! exactly the tests its catalog entry records. `variation`, `reach` and `misleading` are
//! mini-repo knobs.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, LazyLock, Mutex};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::answer::{self, Fix};
use super::shipped::{self, CRATE_PREFIX};
use super::{InjectedBug, RepoFixData, RepoFixParams};
use verigym_core::env::Generated;
use verigym_core::rng::ProblemRng;
use verigym_core::verdict::{Reason, Verdict};
use verigym_repo::krate::catalog::{self as crate_catalog, CrateBug, CrateCatalog, SOURCE_DIR};
use verigym_repo::krate::fixes::{self, FixRun, FixTarget, Hidden, Replacement};
use verigym_repo::krate::hidden::survey::{self, HIDDEN_JSON, HiddenCatalog};
use verigym_repo::mutate::{FnInfo, line_col, unified_diff};

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
    /// The problem's other bugs when it has several (`bugs` > 1), each in another file, in the
    /// order of the record's `bugs` after the first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub more: Vec<CrateEdit>,
    /// The seed of the hidden differential suite's inputs: drawn per problem, so no two problems
    /// of one bug are judged on the same inputs, and never shown in the prompt.
    #[serde(default)]
    pub hidden_seed: u64,
}

/// One more bug of a crate record: an edit of one file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CrateEdit {
    /// The buggy file, relative to the package directory.
    pub file: String,
    /// The bug's byte range in the original `file`.
    pub span: [usize; 2],
    /// The original text there.
    pub original: String,
    /// The buggy text that replaces it.
    pub replacement: String,
}

impl CrateRef {
    /// Every bug's edit, the first one's fields first.
    fn edits(&self) -> Vec<CrateEdit> {
        let first = CrateEdit {
            file: self.file.clone(),
            span: self.span,
            original: self.original.clone(),
            replacement: self.replacement.clone(),
        };
        std::iter::once(first)
            .chain(self.more.iter().cloned())
            .collect()
    }
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
    /// The usable bugs by function, in file order: what a problem with several bugs draws from.
    groups: Vec<Group>,
    /// The crate's hidden catalog: which drivers the hidden differential suite builds, which bugs
    /// it separates, and its tests' labels.
    hidden: HiddenCatalog,
    /// Its drivers, as a set.
    hidden_drivers: BTreeSet<String>,
    /// What the library links (`std`, `alloc`, whose prelude), which the prompt states and the
    /// answer policy holds paths to.
    links: verigym_repo::krate::links::Links,
    /// Whether two groups' bugs may be posed together (`apart[a][b]`): other files, no test of
    /// the crate reaching both functions, and neither function's name (without its type) found
    /// in the other's file, so an answer's fixes are matched to their files by name alone.
    apart: Vec<Vec<bool>>,
}

/// The usable bugs of one function.
#[derive(Debug)]
struct Group {
    file: String,
    bugs: Vec<usize>,
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
        let hidden = match s.hidden {
            Some(text) => Some(
                serde_json::from_str::<HiddenCatalog>(text)
                    .map_err(|e| fail(format!("the shipped hidden catalog of `{name}`: {e}")))?,
            ),
            None => None,
        };
        return load_from(spec, catalog, source_dir, hidden).map_err(fail);
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
    let hidden = match std::fs::read_to_string(dir.join(HIDDEN_JSON)) {
        Ok(text) => Some(
            serde_json::from_str::<HiddenCatalog>(&text)
                .map_err(|e| fail(format!("{}: {e}", dir.join(HIDDEN_JSON).display())))?,
        ),
        Err(_) => None,
    };
    load_from(spec, catalog, dir.join(SOURCE_DIR), hidden).map_err(fail)
}

/// [`load`] of `catalog` with its source at `source_dir`.
/// A hidden catalog that is missing, or was made for other bytes or another suite, is surveyed
/// anew (one build and a run per bug), in memory: `verigym catalog` writes it beside the catalog.
fn load_from(
    spec: &str,
    catalog: CrateCatalog,
    source_dir: PathBuf,
    hidden: Option<HiddenCatalog>,
) -> Result<Arc<Loaded>, String> {
    let hidden = match hidden {
        Some(h) if h.is_current(&catalog.source_sha256) => h,
        _ => survey::survey(&source_dir, &catalog).map_err(|e| {
            format!(
                "cannot survey the hidden differential suite of `{}`: {e}",
                catalog.package
            )
        })?,
    };
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
    let links = verigym_repo::krate::links::of(&source_dir, &catalog.cargo_args)
        .map_err(|e| format!("cannot tell what `{}` links: {e}", catalog.package))?;
    let linked = linked(&links);
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
        // The hidden suite must catch it too, or an answer overfitting the crate's own tests
        // would pass.
        if !hidden.separates(&bug.id) {
            continue;
        }
        let reference = super::answer_block(text, std::slice::from_ref(f), &[f.name.as_str()]);
        if answer::read(&reference, text, &functions[bug.file.as_str()], linked).is_ok() {
            usable.push(i);
        }
    }
    let (groups, apart) = groups(&catalog, &usable, &functions);
    if usable.is_empty() {
        return Err(format!(
            "the catalog of `{}` has no bug whose function a fix may be written for (the \
             answer policy refuses every one: `unsafe`, macros or paths it does not allow) and \
             that its hidden differential suite separates from the pristine crate",
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
        hidden_drivers: hidden.drivers.iter().cloned().collect(),
        hidden,
        links,
        groups,
        apart,
    });
    LOADED
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(spec.to_owned(), Arc::clone(&loaded));
    Ok(loaded)
}

/// The usable bugs grouped by function, groups in file order (then catalog order), and which
/// groups may be posed together.
fn groups(
    catalog: &CrateCatalog,
    usable: &[usize],
    functions: &BTreeMap<&str, Vec<FnInfo>>,
) -> (Vec<Group>, Vec<Vec<bool>>) {
    let mut keyed: BTreeMap<(&str, usize), Vec<usize>> = BTreeMap::new();
    let mut first: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    for &i in usable {
        let bug = &catalog.bugs[i];
        let at = *first.entry((&bug.file, &bug.function)).or_insert(i);
        keyed.entry((&bug.file, at)).or_default().push(i);
    }
    let groups: Vec<Group> = keyed
        .into_iter()
        .map(|((file, _), bugs)| Group {
            file: file.to_owned(),
            bugs,
        })
        .collect();
    // The tests that reach each group's function, as `file#function` in the catalog.
    let reached: Vec<BTreeSet<usize>> = groups
        .iter()
        .map(|g| {
            let bug = &catalog.bugs[g.bugs[0]];
            let site = format!("{}#{}", bug.file, bug.function);
            (0..catalog.tests.len())
                .filter(|&t| catalog.tests[t].reaches.contains(&site))
                .collect()
        })
        .collect();
    // By the name without its type: a method given without its `impl` block is matched by
    // that, and must not become ambiguous because another file joined the problem.
    let short = |name: &str| name.rsplit("::").next().unwrap_or(name).to_owned();
    let named_in = |g: &Group, file: &str| {
        let name = short(&catalog.bugs[g.bugs[0]].function);
        functions
            .get(file)
            .is_some_and(|f| f.iter().any(|f| short(&f.name) == name))
    };
    let apart = (0..groups.len())
        .map(|a| {
            (0..groups.len())
                .map(|b| {
                    let (ga, gb) = (&groups[a], &groups[b]);
                    ga.file != gb.file
                        && reached[a].is_disjoint(&reached[b])
                        && !named_in(ga, &gb.file)
                        && !named_in(gb, &ga.file)
                })
                .collect()
        })
        .collect();
    (groups, apart)
}

/// The function of `functions` that holds `bug`.
fn find<'a>(functions: &'a [FnInfo], bug: &CrateBug) -> Option<&'a FnInfo> {
    functions.iter().find(|f| {
        f.name == bug.function && f.span.start == bug.item_span[0] && f.span.end == bug.item_span[1]
    })
}

impl Loaded {
    /// What the crate links, as the answer policy holds paths to.
    pub(super) fn linked(&self) -> answer::Linked {
        linked(&self.links)
    }

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

    /// The `bugs`-tuples of groups, ascending, that may be posed together and each have a bug
    /// failing `min_failing..=max_failing` tests: what a problem with several bugs draws from.
    /// At most [`super::params::BUGS_MAX`] bugs, so the enumeration stays small.
    fn posable(&self, bugs: u32, min_failing: u32, max_failing: u32) -> Vec<Vec<usize>> {
        self.tuples(bugs, min_failing, max_failing, usize::MAX)
    }

    /// The first `limit` of [`Loaded::posable`].
    fn tuples(
        &self,
        bugs: u32,
        min_failing: u32,
        max_failing: u32,
        limit: usize,
    ) -> Vec<Vec<usize>> {
        let fits = |g: &Group| {
            g.bugs.iter().any(|&i| {
                let n = self.catalog.bugs[i].failing.len() as u32;
                (min_failing..=max_failing).contains(&n)
            })
        };
        let open: Vec<usize> = (0..self.groups.len())
            .filter(|&g| fits(&self.groups[g]))
            .collect();
        let mut out = Vec::new();
        let mut tuple = Vec::new();
        self.extend(&open, bugs as usize, &mut tuple, &mut out, limit);
        out
    }

    fn extend(
        &self,
        open: &[usize],
        want: usize,
        tuple: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
        limit: usize,
    ) {
        if tuple.len() == want {
            out.push(tuple.clone());
            return;
        }
        for (k, &g) in open.iter().enumerate() {
            if out.len() >= limit {
                return;
            }
            if tuple.iter().all(|&t| self.apart[t][g]) {
                tuple.push(g);
                self.extend(&open[k + 1..], want, tuple, out, limit);
                tuple.pop();
            }
        }
    }

    /// Whether `p.bugs` bugs can be posed together under `p`'s failing-test range.
    pub fn can_pose(&self, p: &RepoFixParams) -> bool {
        if p.bugs <= 1 {
            return !self.eligible(p).is_empty();
        }
        !self
            .tuples(p.bugs, p.min_failing, p.max_failing, 1)
            .is_empty()
    }

    /// The most bugs (up to `most`) the crate can pose together, whatever the failing range.
    pub fn most_bugs(&self, most: u32) -> u32 {
        (2..=most)
            .take_while(|&n| !self.tuples(n, 1, u32::MAX, 1).is_empty())
            .last()
            .unwrap_or(1)
    }

    /// The smallest `max_failing` at or above `at_least` under which `p.bugs` bugs can be posed
    /// together (from `p.min_failing`), if any.
    pub fn fewest_max_failing(&self, p: &RepoFixParams, at_least: u32) -> Option<u32> {
        let mut counts: Vec<u32> = self
            .usable
            .iter()
            .map(|&i| self.catalog.bugs[i].failing.len() as u32)
            .filter(|&n| n >= at_least)
            .collect();
        counts.push(at_least);
        counts.sort_unstable();
        counts.dedup();
        counts.into_iter().find(|&m| {
            self.can_pose(&RepoFixParams {
                max_failing: m,
                ..p.clone()
            })
        })
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

/// One bug of a problem being made: its catalog entry, its file's original text, the buggy text,
/// the buggy file's functions and which of them holds the bug.
struct Posed<'a> {
    bug: &'a CrateBug,
    original: &'a str,
    buggy: String,
    functions: Vec<FnInfo>,
    target: usize,
}

/// The catalog bugs a problem poses: one eligible bug, or for `bugs` > 1 a tuple of groups
/// that may be posed together, then one fitting bug of each.
fn choose(l: &Loaded, p: &RepoFixParams, rng: &mut ProblemRng) -> Vec<usize> {
    if p.bugs <= 1 {
        return vec![*rng.choose(&l.eligible(p))];
    }
    let tuples = l.posable(p.bugs, p.min_failing, p.max_failing);
    let tuple = rng.choose(&tuples).clone();
    tuple
        .into_iter()
        .map(|g| {
            let fits: Vec<usize> = l.groups[g]
                .bugs
                .iter()
                .copied()
                .filter(|&i| {
                    let n = l.catalog.bugs[i].failing.len() as u32;
                    (p.min_failing..=p.max_failing).contains(&n)
                })
                .collect();
            *rng.choose(&fits)
        })
        .collect()
}

/// A ```rust block's code.
fn unfenced(block: &str) -> &str {
    block
        .trim_start_matches("```rust\n")
        .trim_end_matches("```")
}

/// A problem from a loaded catalog. `p` must be valid (so some bug, or tuple of bugs, is
/// eligible).
pub fn generate(l: &Loaded, p: &RepoFixParams, rng: &mut ProblemRng) -> Generated<RepoFixData> {
    let posed: Vec<Posed<'_>> = choose(l, p, rng)
        .into_iter()
        .map(|i| {
            let bug = &l.catalog.bugs[i];
            let original = l.files[&bug.file].as_str();
            let (buggy, functions, target) = buggy_function(original, bug)
                .expect("load keeps only bugs whose buggy file reads back");
            Posed {
                bug,
                original,
                buggy,
                functions,
                target,
            }
        })
        .collect();
    // Distractors from every buggy file, drawn together.
    let mut others: Vec<(usize, usize)> = posed
        .iter()
        .enumerate()
        .flat_map(|(k, b)| {
            (0..b.functions.len())
                .filter(move |&i| i != b.target)
                .map(move |i| (k, i))
        })
        .collect();
    rng.shuffle(&mut others);
    others.truncate(p.distractors as usize);
    let mut shown: Vec<Vec<usize>> = posed.iter().map(|b| vec![b.target]).collect();
    for (k, i) in others {
        shown[k].push(i);
    }
    for s in &mut shown {
        s.sort_unstable();
    }
    let shown_names: Vec<String> = posed
        .iter()
        .zip(&shown)
        .flat_map(|(b, s)| s.iter().map(|&i| b.functions[i].name.clone()))
        .collect();

    let injected: Vec<InjectedBug> = posed
        .iter()
        .map(|b| {
            let span = b.bug.span[0]..b.bug.span[1];
            let fixed_span = span.start..span.start + b.bug.replacement.len();
            InjectedBug {
                id: b.bug.id.clone(),
                function: b.bug.function.clone(),
                line: line_col(&b.buggy, span.start).0,
                buggy: b.bug.replacement.clone(),
                original: b.bug.original.clone(),
                fix_diff: unified_diff(&b.bug.file, &b.buggy, b.original, &fixed_span),
            }
        })
        .collect();
    let several = posed.len() > 1;
    let library = posed
        .iter()
        .map(|b| {
            let f = &b.functions[b.target];
            let block = super::answer_block(&b.buggy, std::slice::from_ref(f), &[f.name.as_str()]);
            let code = unfenced(&block);
            if several {
                format!("// `{}`:\n{code}", b.bug.file)
            } else {
                code.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let answer = posed
        .iter()
        .map(|b| {
            let functions =
                fixes::functions(b.original, &b.bug.file).expect("a catalogued file parses");
            unfenced(&super::answer_block(
                b.original,
                &functions,
                &[b.bug.function.as_str()],
            ))
            .to_owned()
        })
        .collect::<String>();
    let mut failing: Vec<_> = posed
        .iter()
        .flat_map(|b| &b.bug.failing)
        .filter(|f| l.tests.contains(&f.test))
        .cloned()
        .collect();
    if several {
        // Listed by name, not by bug: the order must not tell which failure is whose.
        failing.sort_by(|a, b| a.test.cmp(&b.test));
    }
    let first = posed[0].bug;
    let data = RepoFixData {
        repo: l.catalog.package.clone(),
        library,
        suite: String::new(),
        tests: l.tests.clone(),
        bugs: injected,
        failing,
        shown: shown_names,
        krate: Some(CrateRef {
            catalog: l.spec.clone(),
            package: l.catalog.package.clone(),
            version: l.catalog.version.clone(),
            source_sha256: l.catalog.source_sha256.clone(),
            file: first.file.clone(),
            cargo_args: l.catalog.cargo_args.clone(),
            span: first.span,
            original: first.original.clone(),
            replacement: first.replacement.clone(),
            more: posed[1..]
                .iter()
                .map(|b| CrateEdit {
                    file: b.bug.file.clone(),
                    span: b.bug.span,
                    original: b.bug.original.clone(),
                    replacement: b.bug.replacement.clone(),
                })
                .collect(),
            // Drawn last, so every other choice is what it was before the suite existed.
            hidden_seed: rng.next_u64(),
        }),
    };
    let prompt = render(l, &posed, &shown, &data, p);
    let shown_count: usize = shown.iter().map(Vec::len).sum();
    let fewest = posed
        .iter()
        .map(|b| b.bug.failing.len())
        .min()
        .unwrap_or(1)
        .max(1);
    let difficulty =
        (shown_count * posed.len() * 10 / fewest) as u64 + if p.show_failures { 0 } else { 50 };
    Generated {
        prompt,
        answer: format!("```rust\n{answer}```"),
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
    posed: &[Posed<'_>],
    shown: &[Vec<usize>],
    data: &RepoFixData,
    p: &RepoFixParams,
) -> String {
    let elided = posed
        .iter()
        .zip(shown)
        .any(|(b, s)| s.len() < b.functions.len());
    let files: Vec<String> = posed.iter().map(|b| format!("`{}`", b.bug.file)).collect();
    let (bugs, failing, fix) = if posed.len() == 1 {
        (
            format!("one bug, in {}", files[0]),
            "These tests of the crate fail:",
            "Fix the bug. Reply with the corrected function in a ```rust code block: one \
             complete `fn` item with its signature unchanged, a method either alone or inside \
             its `impl Type { … }` block, after any `use` lines it needs.",
        )
    } else {
        (
            format!(
                "{} bugs, each in a different file: {}",
                posed.len(),
                files.join(", ")
            ),
            "Each of these tests of the crate fails with one of the bugs in place:",
            "Fix the bugs. Reply with the corrected functions in one ```rust code block: a \
             complete `fn` item for each buggy function with its signature unchanged, a method \
             either alone or inside its `impl Type { … }` block, after any `use` lines they \
             need.",
        )
    };
    let mut prompt = format!(
        "The Rust crate `{}` {} has {bugs}: the crate's own tests fail.{}\n",
        l.catalog.package,
        l.catalog.version,
        if elided {
            " Bodies shown as `/* … */` belong to functions that are correct."
        } else {
            ""
        },
    );
    for (b, s) in posed.iter().zip(shown) {
        prompt.push_str(&format!(
            "\n`{}`:\n```rust\n{}```\n",
            b.bug.file,
            visible_file(&b.buggy, &b.functions, s),
        ));
    }
    if p.show_failures {
        prompt.push_str(&format!("\n{failing}\n"));
        for f in &data.failing {
            prompt.push_str(&format!("- `{}`:\n```text\n{}\n```\n", f.test, f.message));
        }
    } else {
        prompt.push_str("\nWhich of the crate's tests fail is not shown.\n");
    }
    prompt.push_str(&super::answer_rules_linked(
        fix,
        linked(&l.links),
        l.links.alloc_macros_by_name,
    ));
    prompt
}

/// A crate record made ready to judge: its catalog, the buggy files rebuilt from the source the
/// record names, and their functions laid end to end as answers are read against.
pub(super) struct Prepared {
    /// The record's catalog.
    pub loaded: Arc<Loaded>,
    /// Each buggy file as (path in the package, buggy text), in the record's bug order.
    pub buggy_files: Vec<(String, String)>,
    /// The buggy files laid end to end, each followed by a newline.
    pub library: String,
    /// Their functions outside test code, spans moved to where their file lands in `library`.
    pub functions: Vec<FnInfo>,
}

impl Prepared {
    /// The buggy files as the judge takes them.
    pub fn files(&self) -> Vec<(&str, &str)> {
        self.buggy_files
            .iter()
            .map(|(f, b)| (f.as_str(), b.as_str()))
            .collect()
    }
}

/// Loads the catalog `k` names, checks its source is the one the record was made from, and
/// rebuilds the buggy files; the error is a verifier error's message.
pub(super) fn prepare(data: &RepoFixData, k: &CrateRef) -> Result<Prepared, String> {
    let loaded = load(&k.catalog).map_err(|e| {
        format!(
            "the crate catalog `{}` this record was made from cannot be loaded here: {e}",
            k.catalog
        )
    })?;
    match source_hash(&loaded.source_dir) {
        Ok(h) if h == k.source_sha256 => {}
        Ok(h) => {
            return Err(format!(
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
        Err(e) => return Err(format!("cannot hash the crate's source: {e}")),
    }
    let edits = k.edits();
    if edits.len() != data.bugs.len() {
        return Err(format!(
            "the record has {} bugs but {} edits of the crate",
            data.bugs.len(),
            edits.len()
        ));
    }
    let mut buggy_files: Vec<(String, String)> = Vec::with_capacity(edits.len());
    for e in &edits {
        let Some(original) = loaded.files.get(&e.file) else {
            return Err(format!("the catalog has no bug in `{}`", e.file));
        };
        if buggy_files.iter().any(|(f, _)| *f == e.file) {
            return Err(format!("the record edits `{}` twice", e.file));
        }
        if original.get(e.span[0]..e.span[1]) != Some(e.original.as_str()) {
            return Err(format!(
                "the record's bug does not match `{}` at bytes {}..{}",
                e.file, e.span[0], e.span[1]
            ));
        }
        buggy_files.push((e.file.clone(), apply(original, e.span, &e.replacement)));
    }
    // Answers are read against the buggy files laid end to end, each function's spans moved to
    // where its file lands, so a fix of any buggy file resolves by name in one pass.
    let mut library = String::new();
    let mut functions: Vec<FnInfo> = Vec::new();
    for (file, buggy) in &buggy_files {
        let at = library.len();
        match fixes::functions(buggy, file) {
            Ok(f) => functions.extend(f.into_iter().map(|f| shifted(f, at))),
            Err(e) => return Err(format!("the buggy file `{file}` does not parse: {e}")),
        }
        library.push_str(buggy);
        library.push('\n');
    }
    Ok(Prepared {
        loaded,
        buggy_files,
        library,
        functions,
    })
}

/// Verifies each response to a crate problem; verdicts in the order of `responses`.
pub fn verify_group(data: &RepoFixData, k: &CrateRef, responses: &[&str]) -> Vec<Verdict> {
    let prepared = match prepare(data, k) {
        Ok(p) => p,
        Err(m) => return vec![Verdict::rejected(Reason::VerifierError, m); responses.len()],
    };
    let Prepared {
        loaded,
        library,
        functions,
        ..
    } = &prepared;
    let names: Vec<&str> = data.bugs.iter().map(|b| b.function.as_str()).collect();
    let mut verdicts: Vec<Option<Verdict>> = vec![None; responses.len()];
    let mut pending: Vec<(usize, Vec<Replacement>)> = Vec::new();
    for (i, r) in responses.iter().enumerate() {
        match answer::read_spread(r, library, functions, &names, linked(&loaded.links)) {
            Err(rejection) => verdicts[i] = Some(rejection.into()),
            Ok(fixes) => match only_the_buggy_functions(fixes, &names, library, functions) {
                Ok(f) => pending.push((i, f)),
                Err(why) => verdicts[i] = Some(Verdict::wrong(why)),
            },
        }
    }
    let files = prepared.files();
    let compared: Vec<(usize, String)> = data
        .bugs
        .iter()
        .enumerate()
        .map(|(k, b)| (k, b.function.clone()))
        .collect();
    let target = FixTarget {
        source_dir: &loaded.source_dir,
        files: &files,
        cargo_args: &k.cargo_args,
        tests: &data.tests,
        hidden: Some(Hidden {
            seed: k.hidden_seed,
            inputs: loaded.hidden.inputs,
            count_all: false,
            drivers: Some(&loaded.hidden_drivers),
            functions: &compared,
        }),
        every_test: false,
    };
    // The verdict counts the hidden tests beside the crate's own.
    let mut counted = data.clone();
    counted.tests.extend(loaded.hidden.labels.iter().cloned());
    let answers: Vec<Vec<Replacement>> = pending.iter().map(|(_, f)| f.clone()).collect();
    for ((i, _), v) in pending.iter().zip(judge(&counted, &target, &answers)) {
        verdicts[*i] = Some(v);
    }
    verdicts
        .into_iter()
        .map(|v| v.unwrap_or_else(|| Verdict::rejected(Reason::VerifierError, "left unjudged")))
        .collect()
}

/// What the crate of a crate record links, as the answer policy sees it (`None` for a mini repo,
/// or a catalog that cannot be loaded here).
pub(super) fn linked_for(data: &RepoFixData) -> Option<answer::Linked> {
    let k = data.krate.as_ref()?;
    load(&k.catalog).ok().map(|l| linked(&l.links))
}

/// The answer policy's view of what a crate links: paths held to the roots it links.
fn linked(l: &verigym_repo::krate::links::Links) -> answer::Linked {
    answer::Linked {
        std: l.std,
        alloc: l.alloc,
        std_prelude: l.std_prelude,
        exact: true,
    }
}

/// `f` as found `by` bytes further on.
fn shifted(mut f: FnInfo, by: usize) -> FnInfo {
    f.span = f.span.start + by..f.span.end + by;
    f.body = f.body.start + by..f.body.end + by;
    f
}

/// One build for the group; a build that fails with no answer to blame is split in two, each
/// half judged alone.
fn judge(data: &RepoFixData, target: &FixTarget<'_>, answers: &[Vec<Replacement>]) -> Vec<Verdict> {
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
                FixRun::Ran(run) => super::group::judge(data, &run, &fixes::CRATE_RUN_LIMITS),
            })
            .collect(),
        Err(
            verigym_repo::RepoError::Compile { message, .. }
            | verigym_repo::RepoError::CompilerLimit(message),
        ) if answers.len() > 1 => {
            let _ = message;
            let (a, b) = answers.split_at(answers.len() / 2);
            let mut out = judge(data, target, a);
            out.extend(judge(data, target, b));
            out
        }
        Err(verigym_repo::RepoError::Compile { message, .. }) => vec![Verdict::with(
            Reason::CompileError,
            format!("the fix does not compile: {}", audit_line(&message)),
        )],
        Err(verigym_repo::RepoError::CompilerLimit(why)) => vec![Verdict::with(
            Reason::CompileError,
            format!("the fix cannot be compiled within the limits: {why}"),
        )],
        Err(e) => vec![Verdict::rejected(Reason::VerifierError, e.to_string()); answers.len()],
    }
}

/// A compiler message cut to its first lines: verdicts stay small.
pub(super) fn audit_line(message: &str) -> String {
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

/// An answer's fixes reduced to the buggy functions', each with its file: other functions
/// given unchanged (token for token) are dropped; a changed one is refused, since a crate
/// problem's bugs are in its buggy functions (`names`, in the record's bug order) and the judge
/// builds arms of those alone. Every buggy function must be given.
fn only_the_buggy_functions(
    fixes: Vec<Fix>,
    names: &[&str],
    library: &str,
    functions: &[FnInfo],
) -> Result<Vec<Replacement>, String> {
    let listed = listed(names);
    let mut kept = Vec::new();
    for fix in fixes {
        if let Some(k) = buggy_file_of(&fix, names, library, functions)? {
            kept.push(Replacement {
                file: k,
                function: fix.function,
                item: fix.item,
            });
        }
    }
    for n in names {
        if !kept.iter().any(|r| r.function == *n) {
            return Err(if names.len() == 1 {
                format!("the answer does not give `{n}`, the function with the bug")
            } else {
                format!(
                    "the answer does not give `{n}`; this problem's bugs are in {listed}, and \
                     each needs its fix"
                )
            });
        }
    }
    kept.sort();
    Ok(kept)
}

/// The names, quoted and joined with "and".
pub(super) fn listed(names: &[&str]) -> String {
    names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(" and ")
}

/// The rule a crate answer holds each fix to: a buggy function's fix is kept, with its file (the
/// record's edits are in the order of its bugs, `names`); another function given unchanged
/// (token for token) is dropped (`None`); a changed one is refused with the reason.
pub(super) fn buggy_file_of(
    fix: &Fix,
    names: &[&str],
    library: &str,
    functions: &[FnInfo],
) -> Result<Option<usize>, String> {
    if let Some(k) = names.iter().position(|n| *n == fix.function) {
        return Ok(Some(k));
    }
    let same = functions
        .iter()
        .filter(|f| f.name == fix.function)
        .any(|f| same_tokens(&library[f.span.clone()], &fix.item));
    if same {
        return Ok(None);
    }
    Err(if names.len() == 1 {
        format!(
            "the answer changes `{}`, which has no bug; this problem's bug is in `{}`, and only \
             that function may be replaced",
            fix.function, names[0]
        )
    } else {
        format!(
            "the answer changes `{}`, which has no bug; this problem's bugs are in {}, and only \
             those functions may be replaced",
            fix.function,
            listed(names)
        )
    })
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
