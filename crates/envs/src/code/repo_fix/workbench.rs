//! The working copy of an agentic `repo_fix` episode: on a mini repo, its visible files, the
//! functions replaced so far (each held to the answer policy), the visible weak suite run on
//! that state through the sealed harness, and the state's verdict from the env's own `verify`;
//! on a real crate, the same through [`super::crate_bench`].
//!
//! The state is only ever a set of policy-checked fixes of the record's library, so every build
//! the agent can cause is one the single-turn verifier could have been asked to make, and the
//! verdict on a state is, by construction, the verdict on the same fixes given in one reply.

use std::fmt::Write as _;

use verigym_core::env::Env;
use verigym_core::extract::Rejection;
use verigym_core::params::EnvParams;
use verigym_core::record::Problem;
use verigym_core::rng::{ProblemRng, derive_key};
use verigym_core::verdict::{Reason, Verdict};
use verigym_repo::RepoError;
use verigym_repo::audit::Outcome;
use verigym_repo::mutate::{self, Analysis};
use verigym_repo::rustc::{self, Build, CompileLimits, Profile};
use verigym_repo::sandbox::Limits;
use verigym_repo::schemata::{FUEL_EXHAUSTED, Fuel};
use verigym_repo::seal::{self, SealedSuite};

use super::answer::{self, Fix, Linked};
use super::crate_bench::CrateBench;
use super::group::{RUN_LIMITS, add_arms};
use super::{RepoFix, RepoFixData, RepoFixParams, real_crate};

/// The files an agent may list and read on a mini repo, in listing order. The hidden suite is
/// not one of them.
pub const FILES: [&str; 2] = ["src/lib.rs", "tests/weak.rs"];

/// One `repo_fix` problem being worked on: a mini repo or a real crate.
pub struct Workbench(Kind);

enum Kind {
    Mini(Box<Mini>),
    Crate(Box<CrateBench>),
}

impl std::fmt::Debug for Workbench {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Workbench")
            .field("repo", &self.data().repo)
            .field("replaced", &self.replaced())
            .finish_non_exhaustive()
    }
}

/// Calls the same method on either kind.
macro_rules! each {
    ($self:expr, $b:ident => $e:expr) => {
        match &$self.0 {
            Kind::Mini($b) => $e,
            Kind::Crate($b) => $e,
        }
    };
    (mut $self:expr, $b:ident => $e:expr) => {
        match &mut $self.0 {
            Kind::Mini($b) => $e,
            Kind::Crate($b) => $e,
        }
    };
}

impl Workbench {
    /// Opens a `repo_fix` record: of the current version on a mini repo (whose visible suite is
    /// drawn again from the record's params, seed and index), or on a real crate whose catalog
    /// loads here with the source the record names.
    pub fn open(record_json: &str) -> Result<Self, String> {
        let record: Problem<RepoFixParams, RepoFixData> = serde_json::from_str(record_json)
            .map_err(|e| format!("record: not a repo_fix record: {e}"))?;
        if record.env != RepoFix::ID {
            return Err(format!(
                "record: env is {:?}; agentic episodes take {:?} records",
                record.env,
                RepoFix::ID
            ));
        }
        let on_crate = real_crate::is_crate_spec(&record.params.repo);
        if on_crate != record.data.krate.is_some() {
            return Err(format!(
                "invalid value for `params.repo`: {}; allowed: a crate catalog (`crate:NAME` or \
                 `path:DIR`) exactly when `data.krate` names the crate",
                record.params.repo
            ));
        }
        if on_crate {
            record
                .params
                .validate()
                .map_err(|e| format!("record: params: {e}"))?;
            RepoFix
                .check_data(&record.data)
                .map_err(|e| format!("record: data: {e}"))?;
            return Ok(Workbench(Kind::Crate(Box::new(CrateBench::open(
                record.data,
            )?))));
        }
        Ok(Workbench(Kind::Mini(Box::new(Mini::open(record)?))))
    }

    /// Whether the problem is on a real crate.
    pub fn is_crate(&self) -> bool {
        matches!(self.0, Kind::Crate(_))
    }

    /// The record's data.
    pub fn data(&self) -> &RepoFixData {
        each!(self, b => b.data())
    }

    /// The files an agent may list and read, in listing order.
    pub fn files(&self) -> Vec<String> {
        match &self.0 {
            Kind::Mini(_) => FILES.map(str::to_owned).to_vec(),
            Kind::Crate(b) => b.files(),
        }
    }

    /// A readable file as it stands, replacements included, or why it is not shown (a path not
    /// listed is never opened, whatever it names).
    pub fn read(&self, path: &str) -> Result<String, String> {
        match &self.0 {
            Kind::Mini(b) => b.read(path).ok_or_else(|| "no such file".to_owned()),
            Kind::Crate(b) => b.read(path),
        }
    }

    /// The names of the replaced functions, sorted.
    pub fn replaced(&self) -> Vec<&str> {
        each!(self, b => b.replaced())
    }

    /// Reads `text`'s last ```rust block as one function replacing a library function (on a
    /// crate, a buggy function), held to the answer policy; returns the function's full name. A
    /// later replacement of the same function takes the place of the earlier one.
    pub fn replace(&mut self, text: &str) -> Result<String, Rejection> {
        each!(mut self, b => b.replace(text))
    }

    /// Reads `response` as a final answer carrying functions (the single-turn answer form) and
    /// puts every one of them into the state, or gives the verdict refusing it.
    pub fn apply_answer(&mut self, response: &str) -> Result<(), Box<Verdict>> {
        match &mut self.0 {
            Kind::Mini(b) => b
                .apply_answer(response)
                .map_err(|r| Box::new(Verdict::from(r))),
            Kind::Crate(b) => b.apply_answer(response),
        }
    }

    /// The state as a single-turn answer (see each kind's).
    pub fn answer(&self) -> String {
        each!(self, b => b.answer())
    }

    /// Each function `response` gives (read through the policy) as a ```rust block of its own:
    /// what one `replace_function` call takes.
    pub fn blocks(&self, response: &str) -> Result<Vec<String>, Rejection> {
        each!(self, b => b.blocks(response))
    }

    /// Puts the state back to the record's code, nothing replaced.
    pub fn reset(&mut self) {
        each!(mut self, b => b.reset())
    }

    /// The hidden suite's verdict on the state: the env's own `verify` of [`Workbench::answer`].
    pub fn verdict(&self) -> Verdict {
        each!(self, b => b.verdict())
    }

    /// Runs the visible tests on the state, sandboxed and sealed under the verifier's limits,
    /// and tells what it did: each test's outcome in order with libtest's failure message, or
    /// why it did not build.
    pub fn run_tests(&mut self) -> String {
        each!(mut self, b => b.run_tests())
    }

    /// What `run_tests` runs, for the prompt.
    pub fn tests_named(&self) -> &'static str {
        match &self.0 {
            Kind::Mini(_) => "its visible tests (tests/weak.rs)",
            Kind::Crate(_) => "the crate's own tests",
        }
    }

    /// What `replace_function` may replace, for the prompt.
    pub fn replaceable(&self) -> String {
        match &self.0 {
            Kind::Mini(_) => "one function of src/lib.rs".to_owned(),
            Kind::Crate(b) => b.replaceable(),
        }
    }
}

/// One mini-repo problem being worked on.
struct Mini {
    data: RepoFixData,
    analysis: Analysis,
    weak: String,
    sealed: SealedSuite,
    /// The replaced functions, sorted by name, one fix each.
    fixes: Vec<Fix>,
    /// The last build, with the fixes it holds and their arms: running the tests again on an
    /// unchanged state only reruns the binary.
    built: Option<(Vec<Fix>, Build, String)>,
}

impl Mini {
    /// Opens a record of the current `repo_fix` version on a mini repo. The visible suite is not
    /// in the record, so it is drawn again from the record's params, seed and index; a record
    /// whose library is not what those make is refused.
    fn open(record: Problem<RepoFixParams, RepoFixData>) -> Result<Self, String> {
        let params = record.params;
        if record.env_version != RepoFix::VERSION {
            return Err(format!(
                "record: env_version is {}; agentic episodes take version {} only, whose \
                 generator makes the visible suite again",
                record.env_version,
                RepoFix::VERSION
            ));
        }
        params
            .validate()
            .map_err(|e| format!("record: params: {e}"))?;
        RepoFix
            .check_data(&record.data)
            .map_err(|e| format!("record: data: {e}"))?;
        let mut rng = ProblemRng::new(
            derive_key(RepoFix::ID, RepoFix::VERSION, record.seed),
            record.index,
        );
        let (_, varied) = super::draw(&params, &mut rng);
        if varied.library != record.data.library {
            return Err(
                "record: data.library is not what the record's params, seed and index make"
                    .to_owned(),
            );
        }
        let mut analysis = mutate::analyze(&record.data.library, "src/lib.rs")
            .map_err(|e| format!("record: data.library: {e}"))?;
        analysis.mutants.clear();
        let sealed = seal::seal_suite(&varied.weak)
            .map_err(|e| format!("the visible suite cannot be sealed: {e}"))?;
        Ok(Mini {
            data: record.data,
            analysis,
            weak: varied.weak,
            sealed,
            fixes: Vec::new(),
            built: None,
        })
    }

    /// The record's data.
    fn data(&self) -> &RepoFixData {
        &self.data
    }

    /// A visible file as it stands: the library with every replacement in it, or the visible
    /// suite. `None` for any other path, whatever it names.
    fn read(&self, path: &str) -> Option<String> {
        match path {
            "src/lib.rs" => Some(self.library()),
            "tests/weak.rs" => Some(self.weak.clone()),
            _ => None,
        }
    }

    /// The library with each replaced function's body spliced in, as the build compiles it
    /// (the library's own signatures and doc comments stay).
    fn library(&self) -> String {
        let mut bodies: Vec<(std::ops::Range<usize>, &str)> = self
            .fixes
            .iter()
            .filter_map(|fix| {
                let f = self
                    .analysis
                    .functions
                    .iter()
                    .find(|f| f.name == fix.function)?;
                let (_, range) = mutate::variant_body(&fix.item).ok()?;
                Some((f.body.clone(), &fix.item[range]))
            })
            .collect();
        bodies.sort_by_key(|(at, _)| std::cmp::Reverse(at.start));
        let mut library = self.data.library.clone();
        for (at, body) in bodies {
            library.replace_range(at, body);
        }
        library
    }

    /// The names of the replaced functions, sorted.
    fn replaced(&self) -> Vec<&str> {
        self.fixes.iter().map(|f| f.function.as_str()).collect()
    }

    /// Reads `text`'s last ```rust block as one function replacing a library function, held to
    /// the answer policy; returns the function's full name. A later replacement of the same
    /// function takes the place of the earlier one.
    fn replace(&mut self, text: &str) -> Result<String, Rejection> {
        let mut fixes = self.read_fixes(text)?;
        if fixes.len() != 1 {
            return Err(Rejection::new(
                Reason::UnparsableAnswer,
                format!(
                    "replace_function takes one `fn` item; the block holds {}: {}",
                    fixes.len(),
                    fixes
                        .iter()
                        .map(|f| format!("`{}`", f.function))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ));
        }
        let fix = fixes.remove(0);
        let name = fix.function.clone();
        self.put(vec![fix]);
        Ok(name)
    }

    /// Reads `response` as a final answer carrying functions (the single-turn answer form) and
    /// puts every one of them into the state.
    fn apply_answer(&mut self, response: &str) -> Result<(), Rejection> {
        let fixes = self.read_fixes(response)?;
        self.put(fixes);
        Ok(())
    }

    fn read_fixes(&self, text: &str) -> Result<Vec<Fix>, Rejection> {
        answer::read(
            text,
            &self.data.library,
            &self.analysis.functions,
            Linked::MINI,
        )
    }

    fn put(&mut self, fixes: Vec<Fix>) {
        put(&mut self.fixes, fixes);
    }

    /// The state as a single-turn answer: every replaced function in one ```rust block, methods
    /// inside their `impl` blocks. With nothing replaced, the buggy functions as they are, so an
    /// unchanged state is judged by running it like any other.
    fn answer(&self) -> String {
        if self.fixes.is_empty() {
            let names: Vec<&str> = self.data.bugs.iter().map(|b| b.function.as_str()).collect();
            return super::answer_block(&self.data.library, &self.analysis.functions, &names);
        }
        block(&self.fixes)
    }

    /// Each function `response` gives (read through the policy) as a ```rust block of its own:
    /// what one `replace_function` call takes.
    fn blocks(&self, response: &str) -> Result<Vec<String>, Rejection> {
        Ok(self
            .read_fixes(response)?
            .into_iter()
            .map(|fix| block(&[fix]))
            .collect())
    }

    /// Puts the state back to the record's library, nothing replaced.
    fn reset(&mut self) {
        self.fixes.clear();
    }

    /// The hidden suite's verdict on the state: the env's own `verify` of [`Workbench::answer`].
    fn verdict(&self) -> Verdict {
        RepoFix.verify(&self.data, &self.answer())
    }

    /// Runs the visible suite on the state, sandboxed and sealed under the verifier's limits,
    /// and tells what it did: each test's outcome in suite order with libtest's failure message,
    /// or why it did not build. The same state gives the same text on every run.
    fn run_tests(&mut self) -> String {
        let cached = self
            .built
            .as_ref()
            .is_some_and(|(fixes, _, _)| *fixes == self.fixes);
        if !cached {
            self.built = None;
            match self.build() {
                Ok(built) => self.built = Some(built),
                Err(said) => return said,
            }
        }
        let Some((_, build, selection)) = &self.built else {
            return "The tests could not be run.".to_owned();
        };
        match seal::run_sealed(&build.binary, &self.sealed.tests, selection, &RUN_LIMITS) {
            Ok(run) => {
                let header = format!(
                    "running {} visible tests (tests/weak.rs)\n",
                    self.sealed.tests.len()
                );
                report(&header, &self.sealed.tests, &run, &RUN_LIMITS)
            }
            Err(e) => format!("The tests could not be run: {e}"),
        }
    }

    fn build(&self) -> Result<(Vec<Fix>, Build, String), String> {
        let mut analysis = self.analysis.clone();
        let ordinals = add_arms(&mut analysis, &mut Default::default(), &self.fixes)
            .map_err(|r| format!("The code does not compile: {}", r.message))?;
        let build = rustc::compile_limited(
            &analysis,
            "weak",
            &self.sealed.text,
            &[],
            Fuel::default(),
            Profile::Quick,
            &CompileLimits::for_answers(1),
        )
        .map_err(|e| match e {
            RepoError::Compile { message, .. } => format!("The code does not compile: {message}"),
            RepoError::CompilerLimit(why) => {
                format!("The code cannot be compiled within the compiler's limits: {why}")
            }
            other => format!("The tests could not be built: {other}"),
        })?;
        if let Some(u) = build
            .unviable
            .iter()
            .find(|u| ordinals.contains(&u.ordinal))
        {
            return Err(format!("The code does not compile: {}", u.reason));
        }
        let selection: Vec<String> = ordinals.iter().map(u32::to_string).collect();
        Ok((self.fixes.clone(), build, selection.join(",")))
    }
}

/// Puts `fixes` into a state's (sorted by name): a later fix of a function takes the place of
/// the earlier one.
pub(super) fn put(state: &mut Vec<Fix>, fixes: Vec<Fix>) {
    for fix in fixes {
        match state.iter_mut().find(|f| f.function == fix.function) {
            Some(old) => *old = fix,
            None => state.push(fix),
        }
    }
    state.sort_by(|a, b| a.function.cmp(&b.function));
}

/// Fixes as one ```rust answer block, methods inside their `impl` blocks.
fn block(fixes: &[Fix]) -> String {
    let code: String = fixes
        .iter()
        .map(|fix| item_code(&fix.function, &fix.item))
        .collect();
    format!("```rust\n{code}```")
}

/// One fix's code as an answer gives it: a method inside its `impl` block.
pub(super) fn item_code(function: &str, item: &str) -> String {
    match function.rsplit_once("::") {
        Some((ty, _)) => format!("impl {ty} {{\n    {item}\n}}\n"),
        None => format!("{item}\n"),
    }
}

/// A run of the visible suite as libtest would tell it: one line per test in suite order, then
/// the failures' messages, then the counts. Nothing in it depends on time but a wall-clock kill,
/// which blocked code always gets.
pub(super) fn report(
    header: &str,
    tests: &[String],
    run: &verigym_repo::audit::SuiteRun,
    limits: &Limits,
) -> String {
    let mut lines = header.to_owned();
    let mut failures = String::new();
    let (mut passed, mut failed) = (0, 0);
    for name in tests {
        let outcome = run
            .tests
            .iter()
            .find(|t| t.name == *name)
            .map(|t| &t.outcome);
        let status = match outcome {
            Some(Outcome::Passed) => {
                passed += 1;
                "ok"
            }
            Some(Outcome::Failed(message)) => {
                let _ = write!(failures, "\n---- {name} ----\n{message}\n");
                "FAILED"
            }
            Some(Outcome::Timeout) => {
                let _ = write!(
                    failures,
                    "\n---- {name} ----\n{FUEL_EXHAUSTED}: an endless loop or recursion\n"
                );
                "TIMEOUT"
            }
            Some(Outcome::Crashed(why)) => {
                let _ = write!(failures, "\n---- {name} ----\nthe process died: {why}\n");
                "CRASHED"
            }
            None => "did not run",
        };
        if status != "ok" {
            failed += 1;
        }
        let _ = writeln!(lines, "test {name} ... {status}");
    }
    if !failures.is_empty() {
        lines.push_str("\nfailures:\n");
        lines.push_str(&failures);
    }
    let out = &run.output;
    if out.wall_killed {
        let _ = write!(
            lines,
            "\nThe run did not finish within {} s of wall time: blocked on a lock or a channel, \
             or sleeping?\n",
            limits.wall.as_secs()
        );
    } else if matches!(out.signal, Some(24 | 9)) {
        let _ = write!(
            lines,
            "\nThe run used more than {} CPU seconds (an endless loop?).\n",
            limits.cpu_seconds
        );
    } else if let Some(why) = out.abnormal_reason() {
        let _ = write!(lines, "\nThe test process died: {why}.\n");
    }
    let verdict = if failed == 0 && out.success() {
        "ok"
    } else {
        "FAILED"
    };
    let _ = write!(
        lines,
        "\ntest result: {verdict}. {passed} passed; {failed} failed"
    );
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use verigym_core::env::Generator;

    fn mini(record_json: &str) -> Mini {
        Mini::open(serde_json::from_str(record_json).unwrap()).unwrap()
    }

    fn record(level: f64, seed: u64) -> String {
        let g = Generator::new(&RepoFix, RepoFixParams::at_level(level), seed).unwrap();
        serde_json::to_string(&g.problem(0)).unwrap()
    }

    /// The visible suite is the variant's weak suite, the one the prompt shows, renamed alike.
    #[test]
    fn the_visible_suite_is_the_prompts_weak_suite_at_every_variation() {
        for level in [0.0, 5.0, 10.0] {
            let mut params = RepoFixParams::at_level(level);
            params.show_weak = true;
            let g = Generator::new(&RepoFix, params, 3).unwrap();
            let problem = g.problem(1);
            let bench = Workbench::open(&serde_json::to_string(&problem).unwrap()).unwrap();
            let weak = bench.read("tests/weak.rs").unwrap();
            assert!(problem.prompt.contains(&weak), "level {level}");
            assert_eq!(bench.read("src/lib.rs").unwrap(), problem.data.library);
        }
    }

    #[test]
    fn only_the_visible_files_are_read() {
        let bench = Workbench::open(&record(0.0, 1)).unwrap();
        assert_eq!(bench.files(), FILES);
        for path in [
            "tests/strong.rs",
            "../tests/strong.rs",
            "/etc/passwd",
            "src/../tests/strong.rs",
            "./src/lib.rs",
            "bugs.json",
            "",
        ] {
            assert!(bench.read(path).is_err(), "{path}");
        }
    }

    /// Replacements go through the answer policy: a test, a function the library lacks, I/O,
    /// processes and several functions at once are refused with the policy's reason.
    #[test]
    fn replacements_are_held_to_the_answer_policy() {
        let mut bench = mini(&record(0.0, 1));
        let data = bench.data().clone();
        let weak_test = bench.sealed.tests[0].clone();
        let bug = &data.bugs[0].function;
        let short = bug.rsplit("::").next().unwrap();
        let f = bench
            .analysis
            .functions
            .iter()
            .find(|f| f.name == *bug)
            .unwrap()
            .clone();
        let sig = &data.library[f.span.start..f.body.start];
        let with = |body: &str| {
            let item = format!("{sig}{body}}}");
            match bug.rsplit_once("::") {
                Some((ty, _)) => format!("```rust\nimpl {ty} {{ {item} }}\n```"),
                None => format!("```rust\n{item}\n```"),
            }
        };
        for (block, needle) in [
            (
                format!("```rust\n#[test]\nfn {weak_test}() {{}}\n```"),
                "attribute",
            ),
            (
                format!("```rust\nfn {weak_test}() {{}}\n```"),
                "no function",
            ),
            (
                with("std::fs::remove_file(\"x\").ok(); todo!() "),
                "std::fs",
            ),
            (with("std::process::exit(0) "), "std::process"),
            (
                with("let _ = std::net::TcpStream::connect(\"1.1.1.1:80\"); todo!() "),
                "std::net",
            ),
            (
                format!("{}\n```rust\nfn extra_one() {{}}\n```", with("todo!() ")),
                "no function",
            ),
            ("no block at all".to_owned(), "```rust"),
        ] {
            let err = bench.replace(&block).unwrap_err();
            assert!(
                err.message.contains(needle),
                "{block}: {} (wanted {needle})",
                err.message
            );
        }
        assert!(bench.replaced().is_empty());
        let name = bench.replace(&with("todo!() ")).unwrap();
        assert_eq!(&name, bug);
        assert!(bench.read("src/lib.rs").unwrap().contains("todo!()"));
        assert!(bench.answer().contains(short));
    }

    #[test]
    fn crate_records_and_forged_libraries_are_refused() {
        let mut value: serde_json::Value = serde_json::from_str(&record(0.0, 1)).unwrap();
        value["data"]["library"] = format!(
            "{}\npub fn extra() {{}}\n",
            value["data"]["library"].as_str().unwrap()
        )
        .into();
        let err = Workbench::open(&value.to_string()).unwrap_err();
        assert!(err.contains("data.library"), "{err}");
        let mut value: serde_json::Value = serde_json::from_str(&record(0.0, 1)).unwrap();
        value["params"]["repo"] = "crate:semver".into();
        let err = Workbench::open(&value.to_string()).unwrap_err();
        assert!(err.contains("`params.repo`"), "{err}");
        let mut value: serde_json::Value = serde_json::from_str(&record(0.0, 1)).unwrap();
        value["env_version"] = 5.into();
        let err = Workbench::open(&value.to_string()).unwrap_err();
        assert!(err.contains("env_version"), "{err}");
    }
}
