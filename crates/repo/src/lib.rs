//! Mini Rust repos: the syn-based mutation engine, mutant schemata, the sandboxed rustc runner
//! and the mutation-score audit.
//!
//! The pipeline is [`mutate::analyze`] (find mutants in `src/lib.rs`) → `schemata::build` (one
//! source file with every mutant selectable at run time) → [`rustc::compile`] (screen out mutants
//! that do not type-check, then build one test binary) → [`sandbox::run`] (one child process per
//! mutant) → [`audit::audit`] (verdicts, score, kill matrix, likely-equivalent survivors).
//!
//! Architecture invariants:
//! - A mutant is a text edit at a byte span of the original source: its diff, line and column
//!   are true to the file a human reads. syn finds the spans; nothing is pretty-printed.
//! - The schemata is built from the same spans, textually, not by printing a rewritten AST, so
//!   every mutant's arm has a known byte range in the generated file and the compiler's error
//!   spans map back to mutants exactly. The original arm comes first in each `match`, so a
//!   mutant of the wrong type is the one blamed.
//! - Timeouts are decided by fuel (a per-test step budget injected into every loop and function
//!   entry), never by the clock: a verdict does not change with machine load. The sandbox's CPU
//!   and wall limits are last-resort guards.
//! - The crate has no `unsafe`: limits come from `sh -c 'ulimit ...; exec ...'`, the process
//!   group is killed through rustix. The compiler runs under the same sandbox as the tests.
//! - The random-edit fix agent ([`agent`]) reuses it too: one build per bug-fix task holds the
//!   buggy library, every edit of the broken function, and both suites as submodules.
//! - Candidate fixes reuse the whole pipeline: [`mutate::Analysis::add_variant`] turns a
//!   function body into one more run-time-selectable arm, so a group of candidates is one compile.

pub mod agent;
pub mod audit;
pub mod catalog;
pub(crate) mod equiv;
pub mod krate;
pub mod layout;
mod libtest;
pub mod mutants_out;
pub mod mutate;
// The compiler driver and the sandbox are internals of the audit, catalog and `repo_fix`; they
// stay reachable (hidden, outside semver) only so the integration tests can attack the sandbox
// and compile fixtures directly.
mod runtime;
#[doc(hidden)]
pub mod rustc;
#[doc(hidden)]
pub mod sandbox;
pub mod schemata;
pub mod seal;
pub mod select;
pub mod vary;

pub use self::sandbox::Limits;
pub use self::schemata::Fuel;

/// Everything that can go wrong auditing a repo. Verdicts about mutants are values, not errors.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RepoError {
    /// The repo directory does not have the expected layout.
    #[error("{path}: {problem}; expected a repo dir with src/lib.rs and tests/<suite>.rs")]
    Layout {
        /// The path that is missing or unreadable.
        path: String,
        /// What is wrong with it.
        problem: String,
    },
    /// A Cargo package cannot be audited as it is laid out (no library target, a virtual
    /// workspace without `-p`, an unknown `--suite`, a module without its file).
    #[error("{path}: {problem}")]
    Crate {
        /// The path at fault.
        path: String,
        /// What is wrong, and what is allowed.
        problem: String,
    },
    /// No test is left to judge mutants with: the suite is empty, all ignored, filtered out or
    /// flaky. A score from no tests would be a meaningless 0%.
    #[error("`{package}` has no test to judge mutants with: {detail}")]
    EmptySuite {
        /// The package.
        package: String,
        /// What was found (ignored, flaky, the filter).
        detail: String,
    },
    /// The library source is not valid Rust syntax.
    #[error("{path}:{line}:{column}: cannot parse: {message}")]
    Parse {
        /// The file that failed to parse.
        path: String,
        /// 1-based line of the error.
        line: usize,
        /// 1-based column of the error.
        column: usize,
        /// syn's message.
        message: String,
    },
    /// No rustc was found.
    #[error(
        "rustc not found: {0}; install Rust (https://rustup.rs) or set $RUSTC to a rustc binary"
    )]
    RustcMissing(String),
    /// The unmutated library or the suite itself does not compile.
    #[error("the library with suite `{suite}` does not compile: {message}")]
    Compile {
        /// The suite being compiled.
        suite: String,
        /// The first compiler error, rendered.
        message: String,
    },
    /// A compiler run was ended by one of its limits (CPU, memory, wall clock): something in the
    /// source makes rustc work without bound, such as a giant constant.
    #[error("{0}")]
    CompilerLimit(String),
    /// The unmutated library fails its own suite, so mutants cannot be judged.
    #[error("the unmutated library fails suite `{suite}`: {failing}")]
    BaselineFails {
        /// The suite being run.
        suite: String,
        /// The failing tests, comma-separated, or the reason the run failed.
        failing: String,
    },
    /// A selection flag or its input is wrong (`--shard 3/2`, a stale `--in-diff`).
    #[error(transparent)]
    Selection(#[from] select::SelectError),
    /// An I/O error on a temporary file or a child process.
    #[error("{context}: {source}")]
    Io {
        /// What was being done.
        context: String,
        /// The underlying error.
        source: std::io::Error,
    },
}

impl RepoError {
    pub(crate) fn io(context: impl Into<String>) -> impl FnOnce(std::io::Error) -> Self {
        let context = context.into();
        move |source| Self::Io { context, source }
    }
}
