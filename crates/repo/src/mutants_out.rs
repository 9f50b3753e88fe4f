//! cargo-mutants' `mutants.out/` directory, written by `verigym audit --mutants-out DIR` so CI
//! scripts and dashboards built for cargo-mutants read verigym's results unchanged.
//!
//! The layout and every field follow cargo-mutants 27.1.0 (commit `0a46fd3` of
//! github.com/sourcefrog/cargo-mutants): `book/src/mutants-out.md` for the files, `src/output.rs`
//! for their names and the list files' line format, `src/outcome.rs` (`LabOutcome`,
//! `ScenarioOutcome`, `PhaseResult`, `SummaryOutcome`), `src/scenario.rs`, `src/process.rs`
//! (`Exit`), `src/mutant.rs` (`Mutant`'s serialization, `name`, `log_file_name_base`) and
//! `src/span.rs` for the JSON. What is written:
//!
//! - `mutants.json`: every selected mutant, written before testing starts: `name`, `package`,
//!   `file`, `function` (`function_name`, `return_type`, `span`) or null, `span` (`start`/`end`
//!   `line`/`column`, 1-based, end exclusive), `replacement`, `genre`, `diff`.
//! - `outcomes.json`: `outcomes` (the baseline first, then one entry per mutant as it finishes:
//!   `scenario` (`"Baseline"` or `{"Mutant": {…}}`), `summary` (`CaughtMutant`, `MissedMutant`,
//!   `Timeout`, `Unviable`, `Success`), `log_path`, `diff_path`, `phase_results` (`phase`,
//!   `duration` in seconds, `process_status`, `argv`)), the counts `total_mutants`, `missed`,
//!   `caught`, `timeout`, `unviable`, `success`, `start_time`, `end_time` and
//!   `cargo_mutants_version`. It is rewritten atomically after every mutant; `end_time` stays
//!   `null` until the audit finishes, which is the completeness marker: an interrupted audit
//!   leaves every finished mutant recorded and `end_time: null`.
//! - `caught.txt`, `missed.txt`, `timeout.txt`, `unviable.txt`: one mutant name per line
//!   (`src/lib.rs:12:5: replace < with <= in clamp`), in the order mutants finish; each is
//!   rewritten atomically, so no line is ever half-written.
//! - `diff/<file>_line_<l>_col_<c>.diff` and `log/<same>.log` per mutant (`_001`, `_002`, … when
//!   names repeat, as cargo-mutants does), and `log/baseline.log`.
//!
//! Differences, by design: verigym builds once and runs each mutant in a sandboxed child, so the
//! phase results are a `Build` phase (`argv` `["verigym", "audit"]`: the audit's one build, whose
//! duration every mutant shares; failed for unviable mutants) and a `Test` phase whose `argv` is
//! `env VERIGYM_MUTANT=<n> <test binary> …`, the run-time selection, not a cargo command; diffs are verigym's (3 lines of context, not
//! 8); there is no `lock.json` or `debug.log`; `cargo_mutants_version` names the layout version
//! followed, and `verigym_version` is added. Genres with no cargo-mutants equivalent use
//! verigym's operator name (`IntLiteral`, `StatementRemoval`, …). Mutants skipped by the audit
//! (const contexts) appear in neither file: they were not tested, and cargo-mutants does not
//! generate them either.

use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::SystemTime;

use serde::Serialize;
use serde_json::{Value, json};

use super::mutate::{self, Analysis, Mutant, Operator};
use verigym_core::atomic::write_atomic;

/// The cargo-mutants release whose `mutants.out` layout this module writes.
pub const CARGO_MUTANTS_LAYOUT_VERSION: &str = "27.1.0";

/// A 1-based line and column (in characters), as cargo-mutants' `LineColumn`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LineColumn {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
}

/// A span: `start` inclusive, `end` exclusive, as cargo-mutants' `Span`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Span {
    /// Where the edit starts.
    pub start: LineColumn,
    /// Just past where it ends.
    pub end: LineColumn,
}

/// The function a mutant is in, as cargo-mutants' `Function`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Function {
    /// `name` or `Type::method`.
    pub function_name: String,
    /// `-> T`, or empty for unit.
    pub return_type: String,
    /// The whole function.
    pub span: Span,
}

/// One mutant as cargo-mutants describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutMutant {
    /// The package (crate) name.
    pub package: String,
    /// The file, relative to the package, `/`-separated.
    pub file: String,
    /// The enclosing function, when there is one.
    pub function: Option<Function>,
    /// The edited span.
    pub span: Span,
    /// The original text at the span (for the name).
    pub original: String,
    /// The replacement text.
    pub replacement: String,
    /// cargo-mutants' genre (`FnValue`, `BinaryOperator`, `UnaryOperator`, `MatchArm`, …), or
    /// verigym's operator name where cargo-mutants has none.
    pub genre: String,
    /// A unified diff of the file, original to mutant.
    pub diff: String,
}

impl OutMutant {
    /// The name cargo-mutants prints and lists: `file:line:col: description`.
    pub fn name(&self) -> String {
        format!(
            "{}:{}:{}: {}",
            self.file,
            self.span.start.line,
            self.span.start.column,
            self.describe()
        )
    }

    fn describe(&self) -> String {
        let fname = self.function.as_ref().map(|f| f.function_name.as_str());
        let mut s = match self.genre.as_str() {
            "FnValue" => {
                let f = self.function.as_ref();
                let mut s = format!("replace {}", f.map_or("", |f| &f.function_name));
                if let Some(f) = f.filter(|f| !f.return_type.is_empty()) {
                    s += " ";
                    s += &f.return_type;
                }
                s + " with " + &squash(&self.replacement)
            }
            "MatchArm" => {
                let pattern = self.original.split("=>").next().unwrap_or("").trim();
                format!("delete match arm {}", squash(pattern))
            }
            _ if self.replacement.trim().is_empty() => format!("delete {}", squash(&self.original)),
            _ => format!(
                "replace {} with {}",
                squash(&self.original),
                squash(&self.replacement)
            ),
        };
        if self.genre != "FnValue"
            && let Some(f) = fname
        {
            s += " in ";
            s += f;
        }
        s
    }

    /// `src/lib.rs` line 3 column 5 → `src__lib.rs_line_3_col_5`, cargo-mutants'
    /// `log_file_name_base`.
    pub fn file_name_base(&self) -> String {
        let clean: String = self
            .file
            .replace('/', "__")
            .chars()
            .map(|c| match c {
                '\\' | ' ' | ':' | '<' | '>' | '?' | '*' | '|' | '"' => '_',
                c => c,
            })
            .collect();
        format!(
            "{clean}_line_{}_col_{}",
            self.span.start.line, self.span.start.column
        )
    }

    fn json(&self) -> Value {
        json!({
            "name": self.name(),
            "package": self.package,
            "file": self.file,
            "function": self.function,
            "span": self.span,
            "replacement": self.replacement,
            "genre": self.genre,
        })
    }
}

/// cargo-mutants' genre for a verigym operator, or the operator's own name where cargo-mutants
/// has no such mutation.
pub fn genre(op: Operator) -> &'static str {
    match op {
        Operator::ReturnDefault => "FnValue",
        Operator::RelationalBoundary
        | Operator::RelationalNegation
        | Operator::RelationalSwap
        | Operator::ArithmeticSwap
        | Operator::LogicalSwap => "BinaryOperator",
        Operator::UnaryRemoval => "UnaryOperator",
        Operator::MatchArmRemoval => "MatchArm",
        Operator::IntLiteral => "IntLiteral",
        Operator::BoolLiteral => "BoolLiteral",
        Operator::RangeLimits => "RangeLimits",
        Operator::StatementRemoval => "StatementRemoval",
        Operator::IfElseSwap => "IfElseSwap",
        Operator::ConditionConstant => "ConditionConstant",
        Operator::MethodSwap => "MethodSwap",
        Operator::Variant => "Variant",
    }
}

/// Describes mutant `m` of `analysis` (the file `file` of package `package`) as cargo-mutants
/// would.
pub fn from_mutant(m: &Mutant, package: &str, file: &str, analysis: &Analysis) -> OutMutant {
    let src = &analysis.source;
    let at = |offset: usize| {
        let (line, column) = mutate::line_col(src, offset);
        LineColumn { line, column }
    };
    let function = analysis.function(&m.function).map(|f| Function {
        function_name: f.name.clone(),
        return_type: if f.ret == "()" {
            String::new()
        } else {
            format!("-> {}", f.ret)
        },
        span: Span {
            start: at(f.span.start),
            end: at(f.span.end),
        },
    });
    OutMutant {
        package: package.to_owned(),
        file: file.to_owned(),
        function,
        span: Span {
            start: at(m.span.start),
            end: at(m.span.end),
        },
        original: m.original.clone(),
        replacement: m.replacement.clone(),
        genre: genre(m.operator).to_owned(),
        diff: m.diff.clone(),
    }
}

/// Joins a multi-line text into one line, as cargo-mutants' `squash_lines`, so a name is one
/// line of a list file.
fn squash(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// How a mutant ended, as cargo-mutants' `SummaryOutcome`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Summary {
    /// A test failed.
    CaughtMutant,
    /// Every test passed.
    MissedMutant,
    /// A test ran out of time (for verigym, fuel).
    Timeout,
    /// It does not compile.
    Unviable,
}

impl Summary {
    /// The outcome cargo-mutants gives a verdict; `None` for a skipped mutant, which it never
    /// lists.
    pub(crate) fn of(status: super::audit::Status) -> Option<Summary> {
        use super::audit::Status;
        match status {
            Status::Killed => Some(Summary::CaughtMutant),
            Status::Survived => Some(Summary::MissedMutant),
            Status::Timeout => Some(Summary::Timeout),
            Status::Unviable => Some(Summary::Unviable),
            Status::Skipped => None,
        }
    }

    fn list_file(self) -> &'static str {
        match self {
            Summary::CaughtMutant => "caught.txt",
            Summary::MissedMutant => "missed.txt",
            Summary::Timeout => "timeout.txt",
            Summary::Unviable => "unviable.txt",
        }
    }
}

/// The result of one mutant, to record.
#[derive(Clone, Debug)]
pub struct MutantResult {
    /// The verdict.
    pub summary: Summary,
    /// Seconds spent running its tests (0 for unviable mutants).
    pub test_secs: f64,
    /// What to put in its log after the diff: failing tests, the compiler error, ….
    pub log: String,
}

const LISTS: [&str; 4] = ["caught.txt", "missed.txt", "timeout.txt", "unviable.txt"];

struct State {
    outcomes: Vec<Value>,
    counts: BTreeMap<&'static str, usize>,
    lists: BTreeMap<&'static str, String>,
    /// Per mutant index: its file name base, unique within the directory.
    bases: Vec<String>,
    start_time: String,
}

/// A `mutants.out` directory being written. Recording is `&self` and thread-safe, so parallel
/// runs record each mutant as it finishes.
pub struct MutantsOut {
    dir: PathBuf,
    mutants: Vec<OutMutant>,
    build_secs: f64,
    test_argv: Vec<String>,
    state: Mutex<State>,
}

impl MutantsOut {
    /// Creates `dir` with `mutants.json`, empty list files and an `outcomes.json` with no
    /// outcomes. An existing `dir` that holds a previous `outcomes.json` moves to `<dir>.old`
    /// (replacing any older one), as cargo-mutants rotates `mutants.out`; an existing non-empty
    /// directory that is not a `mutants.out` is refused rather than overwritten.
    ///
    /// `build_secs` is the audit's one build, reported as every mutant's build phase;
    /// `test_argv` the command that runs the tests (the mutant selector is appended).
    pub fn create(
        dir: &Path,
        mutants: Vec<OutMutant>,
        build_secs: f64,
        test_argv: Vec<String>,
    ) -> io::Result<Self> {
        prepare_dir(dir)?;
        for sub in ["diff", "log"] {
            fs::create_dir_all(dir.join(sub))?;
        }
        let mut used: BTreeMap<String, usize> = BTreeMap::new();
        used.insert("baseline".into(), 0);
        let bases = mutants
            .iter()
            .map(|m| {
                let base = m.file_name_base();
                match used.get_mut(&base) {
                    Some(n) => {
                        *n += 1;
                        format!("{base}_{n:03}")
                    }
                    None => {
                        used.insert(base.clone(), 0);
                        base
                    }
                }
            })
            .collect();
        let list: Vec<Value> = mutants
            .iter()
            .map(|m| {
                let mut v = m.json();
                v["diff"] = Value::String(m.diff.clone());
                v
            })
            .collect();
        write_atomic(&dir.join("mutants.json"), &pretty(&Value::Array(list)))?;
        for name in LISTS {
            write_atomic(&dir.join(name), b"")?;
        }
        let out = MutantsOut {
            dir: dir.to_owned(),
            mutants,
            build_secs,
            test_argv,
            state: Mutex::new(State {
                outcomes: Vec::new(),
                counts: BTreeMap::new(),
                lists: LISTS.iter().map(|&l| (l, String::new())).collect(),
                bases,
                start_time: rfc3339(SystemTime::now()),
            }),
        };
        out.write_outcomes(&out.lock(), None)?;
        Ok(out)
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        // A panic while holding the lock leaves consistent data (every write is whole).
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Records the unmutated baseline: its build passed, and its tests took `test_secs`.
    pub fn baseline(&self, test_secs: f64, log: &str) -> io::Result<()> {
        write_atomic(&self.dir.join("log/baseline.log"), log.as_bytes())?;
        let mut st = self.lock();
        st.outcomes.push(json!({
            "scenario": "Baseline",
            "summary": "Success",
            "log_path": "log/baseline.log",
            "diff_path": null,
            "phase_results": [
                phase("Build", self.build_secs, json!("Success"), &["verigym", "audit"]),
                phase("Test", test_secs, json!("Success"), &self.argv_for("0")),
            ],
        }));
        self.write_outcomes(&st, None)
    }

    /// Records mutant `index` (into the list given to [`create`](Self::create)): its diff and
    /// log, its list file line, and `outcomes.json`, each written atomically.
    pub fn record(&self, index: usize, result: &MutantResult) -> io::Result<()> {
        let m = self.mutants.get(index).ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("mutants.out: no mutant {index} of {}", self.mutants.len()),
            )
        })?;
        let mut st = self.lock();
        let base = st.bases[index].clone();
        let diff_path = format!("diff/{base}.diff");
        let log_path = format!("log/{base}.log");
        write_atomic(&self.dir.join(&diff_path), m.diff.as_bytes())?;
        let log = format!(
            "\n*** {}\n\n*** mutation diff:\n{}\n*** {:?}\n{}\n",
            m.name(),
            m.diff,
            result.summary,
            result.log
        );
        write_atomic(&self.dir.join(&log_path), log.as_bytes())?;
        let build_ok = result.summary != Summary::Unviable;
        let mut phases = vec![phase(
            "Build",
            if build_ok { self.build_secs } else { 0.0 },
            if build_ok {
                json!("Success")
            } else {
                json!({"Failure": 101})
            },
            &["verigym", "audit"],
        )];
        if build_ok {
            let status = match result.summary {
                Summary::CaughtMutant => json!({"Failure": 101}),
                Summary::MissedMutant => json!("Success"),
                _ => json!("Timeout"),
            };
            phases.push(phase(
                "Test",
                result.test_secs,
                status,
                &self.argv_for(&(index + 1).to_string()),
            ));
        }
        st.outcomes.push(json!({
            "scenario": {"Mutant": m.json()},
            "summary": result.summary,
            "log_path": log_path,
            "diff_path": diff_path,
            "phase_results": phases,
        }));
        *st.counts.entry(result.summary.list_file()).or_default() += 1;
        let list = result.summary.list_file();
        let text = st.lists.get_mut(list).expect("every list is present");
        text.push_str(&m.name());
        text.push('\n');
        write_atomic(&self.dir.join(list), st.lists[list].as_bytes())?;
        self.write_outcomes(&st, None)
    }

    /// Marks the directory complete: `outcomes.json` gets its `end_time`.
    pub fn finish(self) -> io::Result<()> {
        let st = self.lock();
        self.write_outcomes(&st, Some(rfc3339(SystemTime::now())))
    }

    fn argv_for(&self, selector: &str) -> Vec<String> {
        ["env".to_owned(), format!("VERIGYM_MUTANT={selector}")]
            .into_iter()
            .chain(self.test_argv.iter().cloned())
            .collect()
    }

    fn write_outcomes(&self, st: &State, end_time: Option<String>) -> io::Result<()> {
        let count = |k: &str| st.counts.get(k).copied().unwrap_or(0);
        let total: usize = st.counts.values().sum();
        let doc = json!({
            "outcomes": st.outcomes,
            "total_mutants": total,
            "missed": count("missed.txt"),
            "caught": count("caught.txt"),
            "timeout": count("timeout.txt"),
            "unviable": count("unviable.txt"),
            "success": 0,
            "start_time": st.start_time,
            "end_time": end_time,
            "cargo_mutants_version": CARGO_MUTANTS_LAYOUT_VERSION,
            "verigym_version": env!("CARGO_PKG_VERSION"),
        });
        write_atomic(&self.dir.join("outcomes.json"), &pretty(&doc))
    }
}

fn phase(name: &str, secs: f64, status: Value, argv: &[impl AsRef<str>]) -> Value {
    json!({
        "phase": name,
        "duration": secs,
        "process_status": status,
        "argv": argv.iter().map(AsRef::as_ref).collect::<Vec<&str>>(),
    })
}

fn pretty(v: &Value) -> Vec<u8> {
    let mut bytes = serde_json::to_vec_pretty(v).expect("a Value always serializes");
    bytes.push(b'\n');
    bytes
}

/// Makes `dir` ready: absent → created; a previous `mutants.out` → moved to `<dir>.old`; empty →
/// reused; anything else → refused.
fn prepare_dir(dir: &Path) -> io::Result<()> {
    let named = |e: io::Error| io::Error::new(e.kind(), format!("{}: {e}", dir.display()));
    match fs::read_dir(dir) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return fs::create_dir_all(dir).map_err(named);
        }
        Err(e) => return Err(named(e)),
        Ok(mut entries) => {
            if entries.next().is_none() {
                return Ok(());
            }
        }
    }
    if !dir.join("outcomes.json").is_file() && !dir.join("mutants.json").is_file() {
        return Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            format!(
                "{}: exists, is not empty and is not a mutants.out directory (no outcomes.json); \
                 expected a new or empty directory, or a previous mutants.out",
                dir.display()
            ),
        ));
    }
    let mut old = dir.as_os_str().to_owned();
    old.push(".old");
    let old = PathBuf::from(old);
    if old.exists() {
        fs::remove_dir_all(&old).map_err(named)?;
    }
    fs::rename(dir, &old).map_err(named)?;
    fs::create_dir_all(dir).map_err(named)
}

/// `SystemTime` → `2026-12-01T07:30:00.123456Z` (UTC), the form cargo-mutants' timestamps take.
pub(crate) fn rfc3339(t: SystemTime) -> String {
    let d = t.duration_since(SystemTime::UNIX_EPOCH).unwrap_or_default();
    let secs = d.as_secs();
    let (days, rem) = (secs / 86_400, secs % 86_400);
    // Howard Hinnant's days-from-civil inverse.
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:06}Z",
        rem / 3600,
        rem / 60 % 60,
        rem % 60,
        d.subsec_micros()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn lc(line: usize, column: usize) -> LineColumn {
        LineColumn { line, column }
    }

    fn mutant(genre: &str, original: &str, replacement: &str) -> OutMutant {
        OutMutant {
            package: "demo".into(),
            file: "src/lib.rs".into(),
            function: Some(Function {
                function_name: "clamp".into(),
                return_type: "-> i64".into(),
                span: Span {
                    start: lc(1, 1),
                    end: lc(9, 2),
                },
            }),
            span: Span {
                start: lc(3, 10),
                end: lc(3, 11),
            },
            original: original.into(),
            replacement: replacement.into(),
            genre: genre.into(),
            diff: "--- a\n+++ b\n".into(),
        }
    }

    #[test]
    fn names_follow_cargo_mutants() {
        assert_eq!(
            mutant("BinaryOperator", "<", "<=").name(),
            "src/lib.rs:3:10: replace < with <= in clamp"
        );
        assert_eq!(
            mutant("FnValue", "{ x }", "0").name(),
            "src/lib.rs:3:10: replace clamp -> i64 with 0"
        );
        assert_eq!(
            mutant("UnaryOperator", "!", "").name(),
            "src/lib.rs:3:10: delete ! in clamp"
        );
        assert_eq!(
            mutant("MatchArm", "Some(x) =>\n    x + 1,", "").name(),
            "src/lib.rs:3:10: delete match arm Some(x) in clamp"
        );
        assert_eq!(
            mutant("StatementRemoval", "v.push(1);\n", "").name(),
            "src/lib.rs:3:10: delete v.push(1); in clamp"
        );
        assert_eq!(
            mutant("BinaryOperator", "<", "<=").file_name_base(),
            "src__lib.rs_line_3_col_10"
        );
    }

    #[test]
    fn timestamps_are_utc_rfc3339() {
        let t = SystemTime::UNIX_EPOCH + Duration::from_micros(1_764_574_200_123_456);
        assert_eq!(rfc3339(t), "2025-12-01T07:30:00.123456Z");
        assert_eq!(
            rfc3339(SystemTime::UNIX_EPOCH),
            "1970-01-01T00:00:00.000000Z"
        );
        let leap = SystemTime::UNIX_EPOCH + Duration::from_secs(951_782_400); // 2000-02-29
        assert!(rfc3339(leap).starts_with("2000-02-29T00:00:00"));
    }

    #[test]
    fn a_foreign_directory_is_never_overwritten() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("out");
        fs::create_dir(&dir).unwrap();
        fs::write(dir.join("precious.txt"), "keep").unwrap();
        let e = MutantsOut::create(&dir, vec![], 0.0, vec![]).err().unwrap();
        assert!(e.to_string().contains("not a mutants.out directory"), "{e}");
        assert_eq!(
            fs::read_to_string(dir.join("precious.txt")).unwrap(),
            "keep"
        );
    }

    #[test]
    fn a_previous_run_rotates_to_old() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("mutants.out");
        let first =
            MutantsOut::create(&dir, vec![mutant("BinaryOperator", "<", "<=")], 1.0, vec![])
                .unwrap();
        first
            .record(
                0,
                &MutantResult {
                    summary: Summary::MissedMutant,
                    test_secs: 0.1,
                    log: String::new(),
                },
            )
            .unwrap();
        first.finish().unwrap();
        let second = MutantsOut::create(&dir, vec![], 1.0, vec![]).unwrap();
        drop(second);
        let old = tmp.path().join("mutants.out.old");
        assert_eq!(
            fs::read_to_string(old.join("missed.txt")).unwrap(),
            "src/lib.rs:3:10: replace < with <= in clamp\n"
        );
        assert_eq!(fs::read_to_string(dir.join("missed.txt")).unwrap(), "");
    }

    #[test]
    fn repeated_positions_get_numbered_names() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("m");
        let ms = vec![
            mutant("BinaryOperator", "<", "<="),
            mutant("BinaryOperator", "<", ">"),
            mutant("BinaryOperator", "<", "=="),
        ];
        let out = MutantsOut::create(&dir, ms, 1.0, vec![]).unwrap();
        for i in 0..3 {
            out.record(
                i,
                &MutantResult {
                    summary: Summary::CaughtMutant,
                    test_secs: 0.0,
                    log: String::new(),
                },
            )
            .unwrap();
        }
        for name in ["", "_001", "_002"] {
            assert!(
                dir.join(format!("diff/src__lib.rs_line_3_col_10{name}.diff"))
                    .is_file()
            );
        }
        assert!(
            out.record(
                3,
                &MutantResult {
                    summary: Summary::CaughtMutant,
                    test_secs: 0.0,
                    log: String::new(),
                }
            )
            .is_err()
        );
    }
}
