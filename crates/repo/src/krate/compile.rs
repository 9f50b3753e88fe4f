//! The one build of an audit: `cargo test --no-run --message-format=json` on the rewritten copy.
//! A round that fails is read for the errors' spans; a type error inside a mutant's arm (a borrow
//! checker's error only when all its spans are in that arm) screens that mutant out as unviable,
//! and the next round builds without it. Any other error (the borrow checker's after a removed
//! `return` or `break` in a loop, which points at code outside every arm) sends the mutants of the
//! function it is in to a bisection, which makes a mutant unviable only once the function built
//! without it and failed with it. An error nobody's mutant caused is the crate's own, told
//! at the user's file and line from a build of the unmodified copy.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::{Path, PathBuf};

use super::super::RepoError;
use super::super::rustc::Unviable;
use super::super::schemata::Rendered;
use super::copies::{self, Holds};
use super::inject::{self, FileMutants};
use super::package::{self, Copy, Package};

/// At most this many build rounds. Screening by arms takes one round per wave of errors;
/// bisecting a function of n mutants, one of which fails, about log2(n) more, and every erring
/// function is bisected in the same rounds. When the last round comes, what is still being
/// bisected is left out, unjudged, so the build ends.
const MAX_ROUNDS: usize = 60;

/// What to build: cargo's feature flags and target selection.
#[derive(Clone, Debug, Default)]
pub(crate) struct BuildArgs {
    /// `--features`, `--all-features`, `--no-default-features`, `-p`, `--lib`, `--test …`.
    pub args: Vec<String>,
    /// Cargo's target directory.
    pub target_dir: PathBuf,
    /// Stop a build round that takes longer (its process group killed): for builds of code
    /// nobody vetted, such as candidate fixes. `None` waits.
    pub wall: Option<std::time::Duration>,
    /// Build without debug info: a judgement needs outcomes, not backtraces, and a fix's huge
    /// types cost the compiler twice as long with their debug info.
    pub no_debuginfo: bool,
    /// The optimisation level of the audited package alone (its dependencies keep the user's
    /// profile); `None` keeps the test profile's own. See [`super::CrateOptions::opt_level`].
    pub opt_level: Option<u8>,
}

/// A test executable cargo built.
#[derive(Clone, Debug)]
pub(crate) struct TestExe {
    /// `lib` for the unit tests, else `tests/<name>` for the integration test target `name`.
    pub target: String,
    /// The executable.
    pub path: PathBuf,
}

/// The result of the build.
#[derive(Debug)]
pub(crate) struct Built {
    /// The test executables, unit tests first.
    pub exes: Vec<TestExe>,
    /// Each file's rendering in the build that passed.
    pub rendered: Vec<Rendered>,
    /// The mutants in the build.
    pub viable: BTreeSet<u32>,
    /// The mutants screened out: each shown not to compile (its arm held an error, or the build
    /// failed with it and passed without it), with the compiler's message.
    pub unviable: Vec<Unviable>,
    /// The mutants left out unjudged: the build rounds ran out while they were bisected. They
    /// were never shown not to compile, so they are neither unviable nor run.
    pub excluded: Vec<Unviable>,
    /// Build rounds.
    pub rounds: usize,
    /// Whether cargo ran `--offline`.
    pub offline: bool,
}

struct Error {
    file: PathBuf,
    primary: std::ops::Range<usize>,
    offsets: Vec<(PathBuf, usize)>,
    /// Every span's byte range, primary first.
    ranges: Vec<(PathBuf, std::ops::Range<usize>)>,
    /// The byte ranges of the message's own spans (its notes' and help's left out).
    own: Vec<(PathBuf, std::ops::Range<usize>)>,
    message: String,
    rendered: String,
    /// The error code (`E0382`), when the error has one.
    code: Option<String>,
}

/// The codes of the errors the borrow checker reports. It checks each body once the crate's
/// type checking is through, so a round whose only errors are these checked every body.
const BORROWCK_CODES: &[&str] = &[
    "E0373", "E0381", "E0382", "E0384", "E0499", "E0500", "E0501", "E0502", "E0503", "E0505",
    "E0506", "E0507", "E0508", "E0509", "E0510", "E0515", "E0521", "E0524", "E0594", "E0596",
    "E0597", "E0626", "E0712", "E0713", "E0716",
];

impl Error {
    fn borrowck(&self) -> bool {
        self.code
            .as_deref()
            .is_some_and(|c| BORROWCK_CODES.contains(&c))
    }
}

/// Writes `text` to `path` unless the file already holds it: cargo judges freshness by mtime, so
/// an unchanged file left alone lets a build of the same arms again (an agent's `run_tests` on
/// an unchanged state) reuse the last one instead of recompiling every target.
fn write_changed(path: &Path, text: &str) -> Result<(), RepoError> {
    if std::fs::read(path).is_ok_and(|held| held == text.as_bytes()) {
        return Ok(());
    }
    std::fs::write(path, text).map_err(RepoError::io(format!("cannot write {}", path.display())))
}

/// Builds the copy with every mutant of `files`, screening out the ones that do not compile.
///
/// A round's errors held by a mutant's arm screen that mutant out. A round whose errors no arm
/// holds (a removed `return` or `break` inside a loop lets the borrow checker complain about
/// code outside every site) bisects the mutants of the function each error is in: their groups
/// are built in turn, with the rest of that function's mutants left out, until each mutant is
/// either accepted (the function built with it) or shown to break the build (the function built
/// without it and failed with it), which makes it unviable with the compiler's message. Every
/// erring function is bisected in the same rounds, and the first group tested is the mutants
/// no heuristic suspects (see [`blame`]), so one guess costs one round, as screening did.
pub(crate) fn build(
    pkg: &Package,
    copy: &Copy,
    files: &[FileMutants],
    args: &BuildArgs,
) -> Result<Built, RepoError> {
    let offline = fetch_offline(copy);
    let mut enabled: BTreeSet<u32> = files
        .iter()
        .flat_map(|f| f.analysis.mutants.iter().map(|m| m.ordinal))
        .collect();
    let mut unviable = Vec::new();
    let mut excluded = Vec::new();
    let paths: Vec<PathBuf> = files.iter().map(|f| copy.map(pkg, &f.file.path)).collect();
    let canonical: Vec<PathBuf> = paths.iter().map(|p| canonical(p)).collect();
    let owners = owners(files);
    let mut bisect: BTreeMap<FnKey, Bisect> = BTreeMap::new();
    let mut rounds = 0;
    loop {
        rounds += 1;
        if rounds == MAX_ROUNDS && bisect.values().any(Bisect::active) {
            // The last round: what is still being bisected is left out, unjudged.
            for (&(k, i), b) in &mut bisect {
                let name = &files[k].analysis.functions[i].name;
                for o in b.take_all() {
                    enabled.remove(&o);
                    excluded.push(Unviable {
                        ordinal: o,
                        reason: format!(
                            "not built: left out while bisecting a build error in `{name}` that \
                             no mutant's code held, and the build's {MAX_ROUNDS} rounds ran out \
                             before it was built alone; never shown not to compile"
                        ),
                    });
                }
            }
        }
        let parked: BTreeSet<u32> = bisect.values().flat_map(Bisect::parked).collect();
        let built_set: BTreeSet<u32> = enabled.difference(&parked).copied().collect();
        let mut rendered = Vec::with_capacity(files.len());
        let mut copies: Vec<Placed> = Vec::new();
        for (k, f) in files.iter().enumerate() {
            let mut r = inject::render(f, &built_set, k == 0);
            for &o in &r.unplaced {
                enabled.remove(&o);
                for b in bisect.values_mut() {
                    b.forget(o);
                }
                unviable.push(Unviable {
                    ordinal: o,
                    reason: "its site overlaps another site; cannot be placed in the schemata"
                        .into(),
                });
            }
            place_copies(k, f, &owners, &mut bisect, &mut r, &mut copies);
            write_changed(&paths[k], &r.source)?;
            rendered.push(r);
        }
        let built_set: BTreeSet<u32> = built_set.intersection(&enabled).copied().collect();
        let (exes, mut errors) = cargo_test_no_run(pkg, copy, args, offline)?;
        // A function's silence counts only when the compiler checked it: when every error (the
        // copies' too) came from the borrow checker, which runs on every body once type
        // checking is through.
        let checked = errors.iter().all(|e| e.borrowck());
        if !copies.is_empty() {
            let before = unviable.len();
            errors = judge_copies(
                errors,
                &copies,
                files,
                &canonical,
                &mut bisect,
                &mut unviable,
            );
            for u in &unviable[before..] {
                enabled.remove(&u.ordinal);
            }
        }
        let unexplained = if errors.is_empty() {
            Vec::new()
        } else {
            let mut armed: BTreeMap<u32, String> = BTreeMap::new();
            let mut unexplained = Vec::new();
            for e in &errors {
                let k = canonical.iter().position(|c| *c == canonical_of(&e.file));
                let blamed = k.map(|k| {
                    let diverging = |o: u32| {
                        owners
                            .get(&o)
                            .is_some_and(|all| all.iter().any(|(_, m)| removes_a_diverging_tail(m)))
                    };
                    blame(&rendered[k], e, &canonical, k, &diverging)
                });
                match blamed {
                    Some(Blame::Arm(o)) => {
                        armed.entry(o).or_insert_with(|| e.message.clone());
                    }
                    Some(Blame::Suspects(hint)) => unexplained.push((e, k, hint)),
                    None => unexplained.push((e, None, Vec::new())),
                }
            }
            if !armed.is_empty() && rounds < MAX_ROUNDS {
                // The errors no arm holds may well follow from these: rebuild without them first.
                for (o, reason) in armed {
                    if enabled.remove(&o) {
                        for b in bisect.values_mut() {
                            b.forget(o);
                        }
                        unviable.push(Unviable { ordinal: o, reason });
                    }
                }
                continue;
            }
            unexplained
        };
        if errors.is_empty() && !bisect.values().any(Bisect::active) {
            return Ok(finished(
                exes, rendered, enabled, unviable, excluded, rounds, offline,
            ));
        }
        // Every error is one no arm holds: a bisection step in each function with one.
        let mut erring: BTreeMap<FnKey, (String, BTreeSet<u32>, BTreeSet<String>)> =
            BTreeMap::new();
        // An error outside every function of the crate's files is nobody's mutant's, it seems:
        // the other errors' functions still move on; without any, the round ends the build.
        for (e, k, hint) in &unexplained {
            let key = k.and_then(|k| function_of(&rendered[k], e, &canonical, k).map(|i| (k, i)));
            if let Some(key) = key {
                let entry = erring
                    .entry(key)
                    .or_insert_with(|| (e.message.clone(), BTreeSet::new(), BTreeSet::new()));
                entry.1.extend(hint.iter().copied());
                entry.2.extend(named(&e.message).map(str::to_owned));
            }
        }
        let judged = unviable.len();
        // Copies always move their bisections on: each mutant is copied once.
        let mut progress = !copies.is_empty();
        let mut stuck = false;
        for (key, b) in bisect.iter_mut().filter(|(_, b)| b.testing.is_some()) {
            let step = match erring.remove(key) {
                Some((message, _, _)) => b.failed(message, &mut unviable),
                None if checked => b.passed(&mut unviable),
                None => Step::Waiting,
            };
            match step {
                Step::Moved => progress = true,
                Step::Waiting => {}
                Step::Stuck => stuck = true,
            }
        }
        for (key, (message, hint, names)) in erring {
            let members: Vec<u32> = built_set
                .iter()
                .copied()
                .filter(|o| {
                    owners
                        .get(o)
                        .is_some_and(|all| all.iter().any(|(f, _)| *f == key))
                })
                .collect();
            if members.is_empty() {
                // Not one of this function's mutants was built: the error is not theirs.
                continue;
            }
            // Removing a statement (a `return`, a `break`, an assignment) is what changes the
            // paths the borrow checker follows: those mutants are suspected too, the ones that
            // could matter to the variables the errors name when they name some.
            let mut hint = hint;
            hint.extend(members.iter().copied().filter(|o| {
                owners.get(o).is_some_and(|all| {
                    all.iter().any(|(_, m)| {
                        m.operator == super::super::mutate::Operator::StatementRemoval
                            && may_break_flow_of(&m.original, &names)
                    })
                })
            }));
            let mut b = Bisect::new(hint);
            match b.fails(members, message, &mut unviable) {
                Step::Stuck => stuck = true,
                _ => progress = true,
            }
            bisect.insert(key, b);
        }
        for u in &unviable[judged..] {
            enabled.remove(&u.ordinal);
        }
        if errors.is_empty() && !bisect.values().any(Bisect::active) && enabled == built_set {
            // This round built exactly what stays: the mutants it left out were judged without
            // another build (each known to fail once its sibling group was accepted).
            return Ok(finished(
                exes, rendered, enabled, unviable, excluded, rounds, offline,
            ));
        }
        if stuck || !progress || rounds >= MAX_ROUNDS {
            // Nobody's mutant: the crate itself, or the instrumentation. A build of the
            // unmodified copy tells which, at the user's own file and line.
            for (k, f) in files.iter().enumerate() {
                std::fs::write(&paths[k], &f.file.source).map_err(RepoError::io(format!(
                    "cannot write {}",
                    paths[k].display()
                )))?;
            }
            let (_, plain) = cargo_test_no_run(pkg, copy, args, offline)?;
            let (e, whose) = match plain.first() {
                Some(e) => (e, "the crate does not compile"),
                None => (
                    errors.first().ok_or_else(|| RepoError::Compile {
                        suite: pkg.name.clone(),
                        message: format!(
                            "the instrumented crate did not converge in {MAX_ROUNDS} build \
                             rounds (a verigym bug; please report it)"
                        ),
                    })?,
                    "the instrumented crate does not compile (a verigym bug; please report it)",
                ),
            };
            return Err(RepoError::Compile {
                suite: pkg.name.clone(),
                message: format!("{whose}: {}", user_facing(e, pkg, copy)),
            });
        }
    }
}

/// Places beside each function whose bisection judges mutants alone this round a control copy
/// and one copy per such mutant (see `super::copies`), recording where they went. A function
/// whose copies cannot be made is bisected without them from now on.
fn place_copies(
    k: usize,
    f: &FileMutants,
    owners: &BTreeMap<u32, Vec<(FnKey, &super::super::mutate::Mutant)>>,
    bisect: &mut BTreeMap<FnKey, Bisect>,
    r: &mut Rendered,
    copies: &mut Vec<Placed>,
) {
    // (where the function ends, the function, each copy's item text)
    type Copies = Vec<(Holds, String)>;
    let mut placed: Vec<(usize, FnKey, Copies)> = Vec::new();
    for (&key, b) in bisect
        .iter_mut()
        .filter(|(key, b)| key.0 == k && !b.alone.is_empty())
    {
        let info = &f.analysis.functions[key.1];
        let mutant = |o: u32| {
            owners
                .get(&o)
                .and_then(|all| all.iter().find(|(g, _)| *g == key).map(|(_, m)| *m))
        };
        let texts: Option<Copies> = std::iter::once(Holds::Control)
            .chain(b.alone.iter().map(|&o| Holds::Mutant(o)))
            .map(|h| {
                let m = match h {
                    Holds::Control => None,
                    Holds::Mutant(o) => Some(mutant(o)?),
                };
                let text = copies::text(&f.analysis.source, info, &h.name(key.1), m)?;
                Some((h, copies::item(&text)))
            })
            .collect();
        match (r.functions[key.1].as_ref(), texts) {
            (Some(span), Some(texts)) => placed.push((span.end, key, texts)),
            _ => {
                b.copies = Some(false);
                b.alone.clear();
            }
        }
    }
    // From the end of the file back, each function's copies in reverse, so every copy lands
    // in order after its function and the ranges recorded so far move with what follows.
    placed.sort_by_key(|(at, key, _)| std::cmp::Reverse((*at, *key)));
    let first = copies.len();
    for (at, function, texts) in placed {
        for (holds, text) in texts.into_iter().rev() {
            let mut moved: Vec<std::ops::Range<usize>> =
                copies[first..].iter().map(|c| c.range.clone()).collect();
            let range = copies::insert(r, at, &text, &mut moved);
            for (c, m) in copies[first..].iter_mut().zip(moved) {
                c.range = m;
            }
            copies.push(Placed {
                file: k,
                range,
                function,
                holds,
            });
        }
    }
}

/// A copy in this round's build.
struct Placed {
    /// Its file's index in the build.
    file: usize,
    /// Its byte range in that file's rendered source.
    range: std::ops::Range<usize>,
    /// The function it copies.
    function: FnKey,
    holds: Holds,
}

/// Takes the errors in this round's copies out of `errors`, and tells each bisection what its
/// copies showed; the other errors are returned.
fn judge_copies(
    errors: Vec<Error>,
    copies: &[Placed],
    files: &[FileMutants],
    canonical: &[PathBuf],
    bisect: &mut BTreeMap<FnKey, Bisect>,
    unviable: &mut Vec<Unviable>,
) -> Vec<Error> {
    let mut failed: BTreeMap<FnKey, (bool, BTreeMap<u32, String>)> = BTreeMap::new();
    let mut rest = Vec::new();
    for e in errors {
        let k = canonical.iter().position(|c| *c == canonical_of(&e.file));
        let hit = copies
            .iter()
            .find(|c| Some(c.file) == k && c.range.contains(&e.primary.start));
        let Some(c) = hit else {
            rest.push(e);
            continue;
        };
        let seen = failed.entry(c.function).or_default();
        match c.holds {
            Holds::Control => seen.0 = true,
            Holds::Mutant(o) => {
                // The message names the function by its own name where it names it at all.
                let name = &files[c.function.0].analysis.functions[c.function.1].name;
                let own = name.rsplit("::").next().unwrap_or(name);
                let message = e.message.replace(&c.holds.name(c.function.1), own);
                seen.1.entry(o).or_insert(message);
            }
        }
    }
    let keys: BTreeSet<FnKey> = copies.iter().map(|c| c.function).collect();
    for key in keys {
        if let Some(b) = bisect.get_mut(&key) {
            let (control_failed, failed) = failed.remove(&key).unwrap_or_default();
            b.copies_built(control_failed, &failed, unviable);
        }
    }
    rest
}

/// The build's outcome, its screened-out mutants in ordinal order.
fn finished(
    exes: Vec<TestExe>,
    rendered: Vec<Rendered>,
    viable: BTreeSet<u32>,
    mut unviable: Vec<Unviable>,
    mut excluded: Vec<Unviable>,
    rounds: usize,
    offline: bool,
) -> Built {
    unviable.sort_by_key(|u| u.ordinal);
    excluded.sort_by_key(|u| u.ordinal);
    Built {
        exes: order(exes),
        rendered,
        viable,
        unviable,
        excluded,
        rounds,
        offline,
    }
}

/// A function: its file's index in the build and its index in that file's functions.
type FnKey = (usize, usize);

/// Each ordinal's functions (the innermost whose item holds its site) and mutants: one, but for
/// an answer to a crate problem that replaces functions in several files under one ordinal.
fn owners(files: &[FileMutants]) -> BTreeMap<u32, Vec<(FnKey, &super::super::mutate::Mutant)>> {
    let mut out: BTreeMap<u32, Vec<_>> = BTreeMap::new();
    for (k, f) in files.iter().enumerate() {
        for m in &f.analysis.mutants {
            let owner = f
                .analysis
                .functions
                .iter()
                .enumerate()
                .filter(|(_, g)| g.span.start <= m.site.start && m.site.end <= g.span.end)
                .min_by_key(|(_, g)| g.span.len())
                .map(|(i, _)| i);
            if let Some(i) = owner {
                out.entry(m.ordinal).or_default().push(((k, i), m));
            }
        }
    }
    out
}

/// The error's offsets in file `k`: its primary span's start first, then its other spans'.
fn offsets_in<'e>(
    e: &'e Error,
    canonical: &'e [PathBuf],
    k: usize,
) -> impl Iterator<Item = usize> + 'e {
    std::iter::once((&e.file, e.primary.start))
        .chain(e.offsets.iter().map(|(file, off)| (file, *off)))
        .filter(move |(file, _)| canonical_of(file) == canonical[k])
        .map(|(_, off)| off)
}

/// The innermost function of file `k` whose item holds the error: its primary span, else the
/// first of its other spans that one holds.
fn function_of(r: &Rendered, e: &Error, canonical: &[PathBuf], k: usize) -> Option<usize> {
    offsets_in(e, canonical, k).find_map(|off| {
        r.functions
            .iter()
            .enumerate()
            .filter_map(|(i, span)| Some((i, span.clone()?)))
            .filter(|(_, span)| span.contains(&off))
            .min_by_key(|(_, span)| span.len())
            .map(|(i, _)| i)
    })
}

/// The variables an error's message names in backticks: "used binding `x` isn't initialized",
/// "cannot assign twice to immutable variable `x`", "borrow of moved value: `x`".
fn named(message: &str) -> impl Iterator<Item = &str> {
    message.split('`').skip(1).step_by(2).filter(|s| {
        let mut chars = s.chars();
        chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
            && chars.all(|c| c.is_alphanumeric() || c == '_')
    })
}

/// Whether removing `removed` could change what the borrow checker says about `names`: it
/// leaves a loop or the function early (`break`, `continue`, `return`, `?`), or assigns one of
/// them; with no names known, any removal could. Only the order of a bisection's tries rests on
/// this, never a verdict: a mutant is unviable only once a build has shown it.
fn may_break_flow_of(removed: &str, names: &BTreeSet<String>) -> bool {
    use super::super::vary::lex::{Kind, lex};
    if names.is_empty() {
        return true;
    }
    // Identifiers and punctuation only: a `break` in a comment or a string is not one.
    let code: Vec<&str> = lex(removed)
        .into_iter()
        .filter(|t| !matches!(t.kind, Kind::Comment | Kind::Str))
        .map(|t| &removed[t.range])
        .filter(|t| !t.trim().is_empty())
        .collect();
    code.iter().enumerate().any(|(i, &t)| match t {
        "break" | "continue" | "return" | "?" => true,
        _ if names.contains(t) => {
            // An assignment: `=` (not `==` or `=>`), or a compound one (`+=`, `<<=`).
            let op: String = code[i + 1..]
                .iter()
                .take(3)
                .take_while(|p| p.len() == 1 && !p.as_bytes()[0].is_ascii_alphanumeric())
                .copied()
                .collect();
            let compound = ["+=", "-=", "*=", "/=", "%=", "^=", "&=", "|=", "<<=", ">>="];
            (op.starts_with('=') && !op.starts_with("==") && !op.starts_with("=>"))
                || compound.iter().any(|c| op.starts_with(c))
        }
        _ => false,
    })
}

/// One bisection step's outcome for a function.
#[derive(Debug, PartialEq, Eq)]
enum Step {
    /// Its state moved on: a group accepted, split, or a mutant judged.
    Moved,
    /// Nothing learnt this round: built again as it was.
    Waiting,
    /// It fails with none of its mutants being tried: the error is not theirs.
    Stuck,
}

/// Suspect groups at most this large are tried one mutant at a time.
const ONE_BY_ONE: usize = 4;

/// A group of a function's mutants waiting to be built.
#[derive(Debug)]
struct Group {
    members: Vec<u32>,
    /// Set when the function is known to fail with this group once the groups built before it
    /// (its sibling in a split) are accepted: the error's message.
    fails: Option<String>,
}

/// The bisection of one function's mutants, after a round failed with an error in it that no
/// arm held. Its accepted mutants are built every round; one group is tried at a time; the
/// waiting groups are left out.
///
/// The proof it keeps: a mutant is made unviable only when the function has been seen to build
/// with the mutants accepted so far (`clean`), and to fail with the same ones and this mutant.
/// Failures are monotone here: adding an arm to a body that fails never makes it build.
#[derive(Debug)]
struct Bisect {
    /// The mutants tried first (the heuristics' suspects) go into the second half of a split.
    hint: BTreeSet<u32>,
    /// Whether the function built with its accepted mutants, and no others, in some round.
    clean: bool,
    /// The group tried in this round's build, if any (possibly empty: the accepted alone).
    testing: Option<Vec<u32>>,
    /// The groups waiting, next first.
    pending: VecDeque<Group>,
    /// Waiting mutants to judge this round each alone, in copies of the function beside it
    /// (see `super::copies`), while `testing` is built in the function itself.
    alone: Vec<u32>,
    /// Whether copies stand where the function is: unknown until a control copy was built.
    copies: Option<bool>,
    /// The mutants whose copies built or went unjudged: copied once, never again.
    copied: BTreeSet<u32>,
}

impl Bisect {
    fn new(hint: BTreeSet<u32>) -> Bisect {
        Bisect {
            hint,
            clean: false,
            testing: None,
            pending: VecDeque::new(),
            alone: Vec::new(),
            copies: None,
            copied: BTreeSet::new(),
        }
    }

    fn active(&self) -> bool {
        self.testing.is_some() || !self.pending.is_empty()
    }

    /// The mutants left out of this round's build.
    fn parked(&self) -> impl Iterator<Item = u32> + '_ {
        self.pending.iter().flat_map(|g| g.members.iter().copied())
    }

    /// Drops a mutant judged elsewhere.
    fn forget(&mut self, o: u32) {
        self.alone.retain(|&m| m != o);
        if let Some(t) = &mut self.testing
            && t.contains(&o)
        {
            t.retain(|&m| m != o);
            // The next group was known to fail once the whole group tried was accepted.
            if let Some(next) = self.pending.front_mut() {
                next.fails = None;
            }
        }
        for g in &mut self.pending {
            if g.members.contains(&o) {
                g.members.retain(|&m| m != o);
                // The function's failure with the group no longer says anything about the rest.
                g.fails = None;
            }
        }
    }

    /// This round's copies: the control's failure says copies cannot stand where the function
    /// is; otherwise each mutant whose copy failed (`failed`, with its message) breaks the
    /// function alone, which the control built without it. The others stay in their groups,
    /// since a mutant that builds alone may still fail beside the accepted ones.
    fn copies_built(
        &mut self,
        control_failed: bool,
        failed: &BTreeMap<u32, String>,
        unviable: &mut Vec<Unviable>,
    ) {
        let alone = std::mem::take(&mut self.alone);
        if control_failed {
            self.copies = Some(false);
            return;
        }
        self.copies = Some(true);
        for o in alone {
            match failed.get(&o) {
                Some(message) => {
                    unviable.push(Unviable {
                        ordinal: o,
                        reason: message.clone(),
                    });
                    self.forget(o);
                }
                None => {
                    self.copied.insert(o);
                }
            }
        }
    }

    /// Ends the bisection: the mutants still tried or waiting.
    fn take_all(&mut self) -> Vec<u32> {
        self.alone.clear();
        let mut out: Vec<u32> = self.testing.take().unwrap_or_default();
        out.extend(self.pending.drain(..).flat_map(|g| g.members));
        out
    }

    /// The function built with the group tried: it is accepted.
    fn passed(&mut self, unviable: &mut Vec<Unviable>) -> Step {
        self.testing = None;
        self.clean = true;
        self.next(unviable)
    }

    /// The function failed with the group tried (and the accepted ones).
    fn failed(&mut self, message: String, unviable: &mut Vec<Unviable>) -> Step {
        let group = self.testing.take().unwrap_or_default();
        // Its sibling was not accepted: what was known of the next group no longer holds.
        if let Some(next) = self.pending.front_mut() {
            next.fails = None;
        }
        self.fails(group, message, unviable)
    }

    /// The function is known to fail with `group` added to the accepted mutants.
    fn fails(&mut self, group: Vec<u32>, message: String, unviable: &mut Vec<Unviable>) -> Step {
        match group.as_slice() {
            [] => Step::Stuck,
            &[o] if self.clean => {
                unviable.push(Unviable {
                    ordinal: o,
                    reason: message,
                });
                self.next(unviable)
            }
            _ => {
                // Try the part nobody suspects, or the first half: if that builds, the rest is
                // known to fail. A lone mutant before the function was ever seen to build:
                // the accepted mutants alone are tried first.
                let (first, second) = if group.len() > 1 {
                    self.split(group)
                } else {
                    (Vec::new(), group)
                };
                if self.copies != Some(false) {
                    // The likely culprits, each judged alone beside the function this round.
                    self.alone = second
                        .iter()
                        .copied()
                        .filter(|o| !self.copied.contains(o))
                        .collect();
                }
                self.testing = Some(first);
                self.pending.push_front(Group {
                    members: second,
                    fails: Some(message),
                });
                Step::Moved
            }
        }
    }

    /// The next group to try, judging without a build the groups known to fail.
    fn next(&mut self, unviable: &mut Vec<Unviable>) -> Step {
        while let Some(g) = self.pending.pop_front() {
            match g.fails {
                Some(message) => return self.fails(g.members, message, unviable),
                None if g.members.is_empty() => {}
                None => {
                    self.testing = Some(g.members);
                    return Step::Moved;
                }
            }
        }
        Step::Moved
    }

    /// Splits a group in two, the unsuspected first (when both parts are non-empty). A few
    /// suspects are tried one by one: they are likely to fail, and halving a group whose
    /// members mostly fail costs more rounds than trying each.
    fn split(&self, group: Vec<u32>) -> (Vec<u32>, Vec<u32>) {
        let (suspects, rest): (Vec<u32>, Vec<u32>) =
            group.iter().partition(|o| self.hint.contains(o));
        if !suspects.is_empty() && !rest.is_empty() {
            return (rest, suspects);
        }
        let mut first = group;
        let at = if rest.is_empty() && first.len() <= ONE_BY_ONE {
            1
        } else {
            first.len() / 2
        };
        let second = first.split_off(at);
        (first, second)
    }
}

/// Unit tests first, then integration tests by name.
fn order(mut exes: Vec<TestExe>) -> Vec<TestExe> {
    exes.sort_by(|a, b| (a.target != "lib", &a.target).cmp(&(b.target != "lib", &b.target)));
    exes.dedup_by(|a, b| a.path == b.path);
    exes
}

fn canonical(p: &Path) -> PathBuf {
    p.canonicalize().unwrap_or_else(|_| p.to_path_buf())
}

fn canonical_of(p: &Path) -> PathBuf {
    canonical(p)
}

/// An error told at the user's path: the copy's directory replaced by the original's.
fn user_facing(e: &Error, pkg: &Package, copy: &Copy) -> String {
    let copy_root = copy.workspace_root.to_string_lossy().into_owned();
    let user_root = pkg.workspace_root.to_string_lossy().into_owned();
    let text = if e.rendered.is_empty() {
        e.message.clone()
    } else {
        e.rendered.clone()
    };
    let text = text.replace(&copy_root, &user_root);
    text.trim_end().to_owned()
}

/// Whom an error blames.
#[derive(Debug, PartialEq, Eq)]
enum Blame {
    /// The mutant whose arm holds one of its spans: code only that mutant has.
    Arm(u32),
    /// No arm holds it; these mutants are suspected (possibly none), to be tried first.
    Suspects(Vec<u32>),
}

/// Whom an error blames: the mutant whose arm holds a span (primary first), else, as suspects,
/// the arms the primary span covers, else every mutant of the innermost site holding it, else
/// the removals of a diverging tail between its outermost spans.
fn blame(
    r: &Rendered,
    e: &Error,
    canonical: &[PathBuf],
    k: usize,
    diverging: &dyn Fn(u32) -> bool,
) -> Blame {
    let arm_of = |off: &usize| {
        r.arms
            .iter()
            .find(|(_, a)| a.contains(off))
            .map(|(o, _)| *o)
    };
    let holders: Vec<u32> = e
        .offsets
        .iter()
        .filter(|(file, _)| canonical_of(file) == canonical[k])
        .filter_map(|(_, off)| arm_of(off))
        .collect();
    if let Some(&o) = holders.first() {
        // A type error in an arm is that arm's. The borrow checker's errors follow paths, and a
        // path through the schemata may run one mutant's arm and then another's (a removed
        // `break` loops back into an arm that assigns again): only an error whose own spans
        // all lie in one arm is surely that arm's.
        let own = e
            .own
            .iter()
            .filter(|(file, _)| canonical_of(file) == canonical[k]);
        let alone = own.clone().all(|(_, span)| {
            r.arms
                .iter()
                .any(|(m, a)| *m == o && a.start <= span.start && span.end <= a.end)
        });
        if !e.borrowck() || (alone && own.count() > 0) {
            return Blame::Arm(o);
        }
    }
    let mut out: BTreeSet<u32> = holders.into_iter().collect();
    if !e.borrowck() {
        // The sites that hold its spans are for type errors; the borrow checker's point at
        // uses and moves, far from the change (the function's statement removals are
        // suspected instead, see `build`).
        out.extend(suspects(r, e, canonical, k, diverging));
    }
    Blame::Suspects(out.into_iter().collect())
}

/// The suspects of an error no arm holds.
fn suspects(
    r: &Rendered,
    e: &Error,
    canonical: &[PathBuf],
    k: usize,
    diverging: &dyn Fn(u32) -> bool,
) -> Vec<u32> {
    let covered: Vec<u32> = r
        .arms
        .iter()
        .filter(|(_, a)| e.primary.start <= a.start && a.end <= e.primary.end)
        .map(|(o, _)| *o)
        .collect();
    if !covered.is_empty() {
        return covered;
    }
    // The primary span first, then the others: a type mismatch is often reported at the code
    // that expected the type (outside every site), with a secondary span on the site that
    // changed it.
    offsets_in(e, canonical, k)
        .find_map(|off| {
            r.sites
                .iter()
                .filter(|(s, _)| s.contains(&off))
                .min_by_key(|(s, _)| s.len())
                .map(|(_, ords)| ords.clone())
        })
        .unwrap_or_else(|| {
            // Removing the `return`/`break` that ends a block changes the block's type from `!`
            // to `()`, and the schemata's `match` keeps that type even in the original arm: the
            // error then lands on the code that used the block's value, with a secondary span
            // over the block.
            // Likewise a removed `return` lets a moved value reach a later use: the spans then
            // surround the removal. So: the removals between the error's outermost spans.
            let spans: Vec<&std::ops::Range<usize>> = e
                .ranges
                .iter()
                .filter(|(file, _)| canonical_of(file) == canonical[k])
                .map(|(_, span)| span)
                .collect();
            let (Some(lo), Some(hi)) = (
                spans.iter().map(|s| s.start).min(),
                spans.iter().map(|s| s.end).max(),
            ) else {
                return Vec::new();
            };
            r.sites
                .iter()
                .filter(|(s, _)| lo <= s.start && s.end <= hi)
                .flat_map(|(_, ords)| ords.iter().copied())
                .filter(|&o| diverging(o))
                .collect::<BTreeSet<u32>>()
                .into_iter()
                .collect()
        })
}

/// Whether a mutant removes a diverging statement (`return`, `break`, `continue`, a panicking
/// macro) that ends its block.
fn removes_a_diverging_tail(m: &super::super::mutate::Mutant) -> bool {
    use super::super::mutate::Operator;
    let text = m.original.trim_start();
    m.operator == Operator::StatementRemoval
        && [
            "return",
            "break",
            "continue",
            "panic!",
            "unreachable!",
            "todo!",
            "unimplemented!",
        ]
        .iter()
        .any(|k| text.starts_with(k))
}

/// Whether every dependency is already in cargo's cache: then the builds run `--offline`.
fn fetch_offline(copy: &Copy) -> bool {
    package::cargo()
        .args(["fetch", "--offline", "--manifest-path"])
        .arg(copy.workspace_root.join("Cargo.toml"))
        // cargo reads nothing of ours.
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// One `cargo test --no-run`: the package's test executables, or its errors.
fn cargo_test_no_run(
    pkg: &Package,
    copy: &Copy,
    args: &BuildArgs,
    offline: bool,
) -> Result<(Vec<TestExe>, Vec<Error>), RepoError> {
    let mut cmd = package::cargo();
    cmd.args([
        "test",
        "--no-run",
        "--message-format=json",
        "--manifest-path",
    ])
    .arg(copy.package_dir.join("Cargo.toml"))
    .args(&args.args)
    .env("CARGO_TARGET_DIR", &args.target_dir)
    // Colour codes would end up in the rendered messages.
    .env("CARGO_TERM_COLOR", "never");
    if args.no_debuginfo {
        cmd.env("CARGO_PROFILE_DEV_DEBUG", "0")
            .env("CARGO_PROFILE_TEST_DEBUG", "0");
    }
    if let Some(level) = args.opt_level {
        // A package override: debug assertions and overflow checks stay the profile's.
        for profile in ["dev", "test"] {
            cmd.arg("--config").arg(format!(
                "profile.{profile}.package.\"{}\".opt-level={level}",
                pkg.name
            ));
        }
    }
    // The schemata's wrappers trip lints the crate may deny (`#![deny(warnings)]` and
    // `unused_parens` around a wrapped `if` condition): lints warn, never fail a round.
    let mut flags = std::env::var("RUSTFLAGS").unwrap_or_default();
    if std::env::var_os("CARGO_ENCODED_RUSTFLAGS").is_none() {
        flags.push_str(" --cap-lints=warn");
        cmd.env("RUSTFLAGS", flags.trim_start());
    }
    if offline {
        cmd.arg("--offline");
    }
    let out = match args.wall {
        None => cmd
            .output()
            .map_err(RepoError::io("cannot run `cargo test --no-run`"))?,
        Some(wall) => output_within(cmd, wall)?,
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    let mut exes = Vec::new();
    let mut errors = Vec::new();
    for line in stdout.lines() {
        let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        match v["reason"].as_str() {
            Some("compiler-artifact")
                if v["target"]["src_path"]
                    .as_str()
                    .is_some_and(|p| Path::new(p).starts_with(&copy.package_dir)) =>
            {
                let Some(exe) = v["executable"].as_str() else {
                    continue;
                };
                if v["profile"]["test"] != true {
                    continue;
                }
                let kinds = v["target"]["kind"].as_array().cloned().unwrap_or_default();
                let target = if kinds.iter().any(|k| k == "test") {
                    // Its own namespace: an integration test may be named `lib`.
                    format!("tests/{}", v["target"]["name"].as_str().unwrap_or("test"))
                } else if kinds
                    .iter()
                    .any(|k| k == "bin" || k == "example" || k == "bench")
                {
                    continue; // Only the library's unit tests and the integration tests count.
                } else {
                    "lib".to_owned()
                };
                exes.push(TestExe {
                    target,
                    path: PathBuf::from(exe),
                });
            }
            Some("compiler-message") if v["message"]["level"] == "error" => {
                let m = &v["message"];
                let spans = m["spans"].as_array().cloned().unwrap_or_default();
                let resolve = |f: &str| {
                    let p = PathBuf::from(f);
                    if p.is_absolute() {
                        p
                    } else {
                        copy.workspace_root.join(p)
                    }
                };
                let primary = spans.iter().find(|s| s["is_primary"] == true);
                let mut offsets = Vec::new();
                let mut ranges = Vec::new();
                collect(m, &resolve, &mut offsets, &mut ranges);
                let own = spans
                    .iter()
                    .filter_map(|s| {
                        let start = s["byte_start"].as_u64()? as usize;
                        let end = s["byte_end"].as_u64()? as usize;
                        Some((resolve(s["file_name"].as_str()?), start..end))
                    })
                    .collect();
                errors.push(Error {
                    file: primary
                        .and_then(|s| s["file_name"].as_str())
                        .map(resolve)
                        .unwrap_or_default(),
                    primary: primary
                        .and_then(|s| {
                            Some(
                                s["byte_start"].as_u64()? as usize
                                    ..s["byte_end"].as_u64()? as usize,
                            )
                        })
                        .unwrap_or(0..0),
                    offsets,
                    ranges,
                    own,
                    message: m["message"].as_str().unwrap_or("").to_owned(),
                    rendered: m["rendered"].as_str().unwrap_or("").to_owned(),
                    code: m["code"]["code"].as_str().map(str::to_owned),
                });
            }
            _ => {}
        }
    }
    if !out.status.success() && errors.is_empty() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        return Err(RepoError::Compile {
            suite: pkg.name.clone(),
            message: format!("`cargo test --no-run` failed: {}", stderr.trim()),
        });
    }
    Ok((exes, errors))
}

fn collect(
    m: &serde_json::Value,
    resolve: &dyn Fn(&str) -> PathBuf,
    out: &mut Vec<(PathBuf, usize)>,
    ranges: &mut Vec<(PathBuf, std::ops::Range<usize>)>,
) {
    let spans = m["spans"].as_array().cloned().unwrap_or_default();
    for primary in [true, false] {
        for s in &spans {
            if s["is_primary"].as_bool() == Some(primary)
                && let (Some(f), Some(b)) = (s["file_name"].as_str(), s["byte_start"].as_u64())
            {
                out.push((resolve(f), b as usize));
                let end = s["byte_end"].as_u64().map_or(b as usize, |e| e as usize);
                ranges.push((resolve(f), b as usize..end));
            }
        }
    }
    for child in m["children"].as_array().into_iter().flatten() {
        collect(child, resolve, out, ranges);
    }
}

/// Runs `cmd` in its own process group, its output collected, and kills the group at `wall`.
pub(crate) fn output_within(
    mut cmd: std::process::Command,
    wall: std::time::Duration,
) -> Result<std::process::Output, RepoError> {
    use std::io::Read;
    use std::os::unix::process::CommandExt;
    use std::process::Stdio;
    cmd.process_group(0)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd
        .spawn()
        .map_err(RepoError::io("cannot run `cargo test --no-run`"))?;
    let pid = child.id();
    // Readers on their own threads: a full pipe must not stall the build we wait for.
    let mut out_pipe = child.stdout.take().expect("piped");
    let mut err_pipe = child.stderr.take().expect("piped");
    let out_reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = out_pipe.read_to_end(&mut v);
        v
    });
    let err_reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = err_pipe.read_to_end(&mut v);
        v
    });
    let deadline = std::time::Instant::now() + wall;
    let status = loop {
        if let Some(status) = child
            .try_wait()
            .map_err(RepoError::io("cannot wait for cargo"))?
        {
            break status;
        }
        if std::time::Instant::now() >= deadline {
            if let Some(group) = rustix::process::Pid::from_raw(pid as i32) {
                let _ = rustix::process::kill_process_group(group, rustix::process::Signal::KILL);
            }
            let _ = child.wait();
            return Err(RepoError::CompilerLimit(format!(
                "the build took longer than {} s",
                wall.as_secs()
            )));
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    Ok(std::process::Output {
        status,
        stdout: out_reader.join().unwrap_or_default(),
        stderr: err_reader.join().unwrap_or_default(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_removal_is_suspected_when_it_exits_early_or_assigns_a_named_variable() {
        let names = |m: &str| -> BTreeSet<String> { named(m).map(str::to_owned).collect() };
        let value = names("used binding `value` is possibly-uninitialized");
        assert_eq!(value, ["value".to_owned()].into());
        assert!(names("expected `Result<(), Error>`, found `()`").is_empty());
        for removed in [
            "value = Indexed(start, i);",
            "value += 1;",
            "break 'value;",
            "continue;",
            "return Ok(x);",
            "let n = parse(s)?;",
            "'v: loop { if done { value = 2; } }",
        ] {
            assert!(may_break_flow_of(removed, &value), "{removed}");
        }
        for removed in [
            "start = i + 1;",
            "values = 3;",
            "vec.push((name, value));",
            "if value == 3 { f(); }",
            "if value <= 3 { f(); }",
            "match value { 1 => f(), _ => g() }",
        ] {
            assert!(!may_break_flow_of(removed, &value), "{removed}");
        }
        // Nothing named: any removal may be the one.
        assert!(may_break_flow_of("start = i + 1;", &Default::default()));
    }

    /// Bisects mutants `1..=n` of one function against a compiler that fails whenever one of
    /// `culprits` is built (or always, with `always`), without copies of the function: the
    /// mutants judged unviable, the ones accepted, the rounds (the first failing one included)
    /// and the last step.
    fn bisect(
        n: u32,
        culprits: &[u32],
        hint: &[u32],
        always: bool,
    ) -> (Vec<u32>, BTreeSet<u32>, usize, Step) {
        bisect_with(n, culprits, &[], hint, always, false)
    }

    /// [`bisect`] where `copies` says whether copies of the function stand beside it; a
    /// culprit fails in its copy too, unless it is in `together`, the culprits that fail only
    /// beside other mutants.
    fn bisect_with(
        n: u32,
        culprits: &[u32],
        together: &[u32],
        hint: &[u32],
        always: bool,
        copies: bool,
    ) -> (Vec<u32>, BTreeSet<u32>, usize, Step) {
        let mut b = Bisect::new(hint.iter().copied().collect());
        let mut unviable = Vec::new();
        let mut accepted = BTreeSet::new();
        let mut step = b.fails((1..=n).collect(), "E0382".into(), &mut unviable);
        let mut rounds = 1;
        while b.active() && step != Step::Stuck {
            rounds += 1;
            assert!(rounds < 100, "no end: {b:?}");
            let testing = b.testing.clone().expect("a group is tried while active");
            let parked: BTreeSet<u32> = b.parked().collect();
            assert!(testing.iter().all(|o| !parked.contains(o)));
            assert!(
                b.alone.iter().all(|o| parked.contains(o)),
                "copies are of waiting ones"
            );
            if !b.alone.is_empty() {
                let failed: BTreeMap<u32, String> = b
                    .alone
                    .iter()
                    .filter(|o| culprits.contains(o) && !together.contains(o))
                    .map(|&o| (o, format!("E0384 in {o}")))
                    .collect();
                b.copies_built(!copies, &failed, &mut unviable);
            }
            let fails = always
                || accepted
                    .iter()
                    .chain(&testing)
                    .any(|o| culprits.contains(o));
            step = if fails {
                b.failed("E0382".into(), &mut unviable)
            } else {
                accepted.extend(testing);
                b.passed(&mut unviable)
            };
        }
        let mut judged: Vec<u32> = unviable.iter().map(|u| u.ordinal).collect();
        judged.sort_unstable();
        (judged, accepted, rounds, step)
    }

    /// The culprit sets the bisection tests try among mutants `1..=n`: the first, the last,
    /// both, and every third.
    fn culprit_sets(n: u32) -> Vec<Vec<u32>> {
        let mut sets = vec![vec![1], vec![n], vec![1, n], (1..=n).step_by(3).collect()];
        for set in &mut sets {
            set.dedup();
        }
        sets
    }

    #[test]
    fn bisection_finds_exactly_the_mutants_that_break_the_build() {
        for n in 1..=12 {
            for culprits in culprit_sets(n) {
                let (unviable, accepted, _, step) = bisect(n, &culprits, &[], false);
                assert_eq!(step, Step::Moved);
                assert_eq!(unviable, culprits, "n {n}");
                let rest: BTreeSet<u32> = (1..=n).filter(|o| !culprits.contains(o)).collect();
                assert_eq!(accepted, rest, "n {n}: viable mutants are all accepted");
            }
        }
    }

    #[test]
    fn a_right_guess_costs_one_round_and_a_wrong_one_a_few() {
        // The suspect is tried last: the rest build, so it is known to fail without a build.
        let (unviable, _, rounds, _) = bisect(40, &[17], &[17], false);
        assert_eq!((unviable, rounds), (vec![17], 2));
        // A wrong guess: the 39 others fail and are halved down to the culprit (at most
        // 2 log2(64) rounds, see below), then the suspect is built and accepted.
        let (unviable, accepted, rounds, _) = bisect(40, &[3], &[17], false);
        assert_eq!(unviable, [3]);
        assert!(accepted.contains(&17));
        assert!(rounds <= 3 + 2 * 6, "{rounds}");
        // No guess: one culprit is found in log2(n) halvings; the halves left beside the
        // failing ones are then built once each, so at most 2 log2(n) rounds.
        let (unviable, _, rounds, _) = bisect(64, &[40], &[], false);
        assert_eq!(unviable, [40]);
        assert!(rounds <= 1 + 2 * 6, "{rounds}");
    }

    #[test]
    fn copies_judge_every_suspect_in_the_round_after_the_first_failure() {
        // Three suspects of forty break the build: the round after the first failure finds all
        // three by their copies while the other 37 build in the function, and one more builds
        // the innocent suspect beside them.
        let (unviable, accepted, rounds, _) =
            bisect_with(40, &[5, 17, 30], &[], &[5, 6, 17, 30], false, true);
        assert_eq!((unviable, rounds), (vec![5, 17, 30], 3));
        assert_eq!(accepted.len(), 37);
        // A culprit that fails only beside others builds in its copy, and is bisected as
        // before: still unviable, never a mutant that built alone.
        let (unviable, accepted, _, _) = bisect_with(40, &[5, 17], &[17], &[5, 17], false, true);
        assert_eq!(unviable, [5, 17]);
        assert!(!accepted.contains(&17));
        // Copies that cannot stand (a trait impl): the bisection goes on as without them.
        let without = bisect(40, &[5, 17, 30], &[5, 6, 17, 30], false);
        let failed = bisect_with(40, &[5, 17, 30], &[], &[5, 6, 17, 30], false, false);
        assert_eq!(failed, without);
    }

    #[test]
    fn copies_find_every_culprit_whatever_the_guess() {
        for n in 1..=12 {
            for culprits in culprit_sets(n) {
                for hint in [vec![], culprits.clone(), vec![n / 2 + 1]] {
                    let (unviable, accepted, _, step) =
                        bisect_with(n, &culprits, &[], &hint, false, true);
                    assert_eq!(step, Step::Moved);
                    assert_eq!(unviable, culprits, "n {n} hint {hint:?}");
                    let rest: BTreeSet<u32> = (1..=n).filter(|o| !culprits.contains(o)).collect();
                    assert_eq!(accepted, rest, "n {n}");
                }
            }
        }
    }

    #[test]
    fn a_lone_mutant_is_unviable_only_once_the_function_built_without_it() {
        let (unviable, _, rounds, _) = bisect(1, &[1], &[], false);
        assert_eq!((unviable, rounds), (vec![1], 2), "one build without it");
    }

    #[test]
    fn a_function_that_fails_without_any_mutant_is_nobodys_fault() {
        let (unviable, accepted, _, step) = bisect(5, &[], &[], true);
        assert_eq!(step, Step::Stuck);
        assert!(unviable.is_empty() && accepted.is_empty());
    }

    #[test]
    fn a_mutant_judged_elsewhere_voids_what_was_known_of_its_group() {
        let mut b = Bisect::new(BTreeSet::from([3, 4]));
        let mut unviable = Vec::new();
        assert_eq!(
            b.fails(vec![1, 2, 3, 4], "e".into(), &mut unviable),
            Step::Moved
        );
        assert_eq!(b.testing, Some(vec![1, 2]));
        assert!(b.pending[0].fails.is_some());
        b.forget(1);
        assert_eq!(b.testing, Some(vec![2]));
        assert!(b.pending[0].fails.is_none(), "[3, 4] failed alongside 1");
        b.forget(4);
        assert_eq!(b.pending[0].members, [3]);
        assert_eq!(b.take_all(), [2, 3]);
        assert!(!b.active());
    }

    #[test]
    fn an_error_is_in_the_innermost_function_holding_it() {
        use super::super::super::mutate::analyze;
        let src = "pub fn f(v: &[u8]) -> usize {\n    fn inner(x: u8) -> bool { x > 1 }\n    v.iter().filter(|&&x| inner(x)).count()\n}\n\npub fn g(n: u32) -> u32 {\n    n + 1\n}\n";
        let a = analyze(src, "src/lib.rs").unwrap();
        let all: BTreeSet<u32> = a.mutants.iter().map(|m| m.ordinal).collect();
        let r = super::super::super::schemata::render(&a, &all, "");
        let file = PathBuf::from("/nonexistent/src/lib.rs");
        let at = |needle: &str| {
            let off = r.source.find(needle).unwrap();
            Error {
                file: file.clone(),
                primary: off..off + needle.len(),
                offsets: vec![(file.clone(), off)],
                ranges: vec![(file.clone(), off..off + needle.len())],
                own: vec![(file.clone(), off..off + needle.len())],
                message: String::new(),
                rendered: String::new(),
                code: Some("E0382".into()),
            }
        };
        let canonical = [canonical(&file)];
        let name =
            |e: &Error| function_of(&r, e, &canonical, 0).map(|i| a.functions[i].name.clone());
        assert_eq!(name(&at(".count()")).as_deref(), Some("f"));
        assert_eq!(name(&at("x: u8")).as_deref(), Some("inner"));
        assert_eq!(name(&at("n: u32")).as_deref(), Some("g"));
        assert_eq!(name(&at("pub fn f")).as_deref(), Some("f"));
        // Outside every function: nobody's.
        let mut outside = at("pub fn g");
        outside.primary = outside.primary.start - 1..outside.primary.start;
        outside.offsets = vec![(file.clone(), outside.primary.start)];
        assert_eq!(name(&outside), None);
        // A mutant's owner is the innermost function holding its site.
        let files = [FileMutants {
            file: super::super::modules::ModuleFile {
                path: file.clone(),
                rel: "src/lib.rs".into(),
                source: src.into(),
                excluded: Vec::new(),
                const_fns: 0,
                module: Vec::new(),
            },
            analysis: a.clone(),
        }];
        let owners = owners(&files);
        let of = |original: &str| {
            let m = a.mutants.iter().find(|m| m.original == original).unwrap();
            a.functions[owners[&m.ordinal][0].0.1].name.clone()
        };
        assert_eq!(of(">"), "inner");
        assert_eq!(of("+"), "g");
    }
}
