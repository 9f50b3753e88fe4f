//! The sealed test harness: each hidden test reports its own outcome, after it returns, through a
//! channel the code under test can neither write to nor imitate.
//!
//! [`seal_suite`] wraps every `#[test]` fn of a suite as `__vg_seal::run(i, move || { body })`,
//! where `__vg_seal` is a private module of the suite: the library (and any candidate fix in it)
//! cannot name it, the compiler's privacy check says so. At its first test the harness reads a
//! per-run secret from stdin (128 random bits that verigym makes at run time: in no binary, in no
//! environment variable, and gone from the pipe once read), then appends one line per event to
//! [`SEAL_FILE`] in the run's private directory: `<secret> start <i>` before the body, then
//! `<secret> pass <i>` after it returns, or `fail`/`timeout` when it panics. [`run_sealed`] counts
//! a test as passed only on a `pass` line carrying the secret, and the run only when the process
//! then exits with 0. What the code under test prints, a process that exits early with 0, aborts
//! or is killed, all end as failures: stdout is never read for outcomes.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::Path;

use super::RepoError;
use super::audit::{Outcome, SuiteRun, TestResult};
use super::sandbox::{self, Limits};
use super::schemata::{FUEL_EXHAUSTED, MUTANT_ENV};

/// The file the sealed harness appends its records to, in the run's working directory.
pub const SEAL_FILE: &str = "verigym-seal";

/// The longest failure message a record keeps, in bytes.
const MESSAGE_CAP: usize = super::audit::MESSAGE_CAP;

/// The most of [`SEAL_FILE`] that is read; records of a full suite take a few KiB.
const RECORDS_CAP: u64 = 1 << 20;

/// A suite whose tests report through the sealed channel.
#[derive(Clone, Debug)]
pub struct SealedSuite {
    /// The rewritten module body (tests wrapped, the private harness module appended).
    pub text: String,
    /// The tests, in the order of their indices in the records.
    pub tests: Vec<String>,
}

/// Rewrites `suite` (a module body of `#[test]` fns) so that every test reports through the
/// sealed channel. Tests must return `()` and carry no `#[should_panic]`: an expected panic or an
/// `Err` would need a verdict the harness cannot give from the body returning.
pub fn seal_suite(suite: &str) -> Result<SealedSuite, String> {
    let file = syn::parse_file(suite).map_err(|e| format!("the suite does not parse: {e}"))?;
    let mut edits: Vec<(usize, String)> = Vec::new();
    let mut tests = Vec::new();
    for item in &file.items {
        let syn::Item::Fn(f) = item else { continue };
        if !f.attrs.iter().any(|a| a.path().is_ident("test")) {
            continue;
        }
        let name = f.sig.ident.to_string();
        if f.attrs.iter().any(|a| a.path().is_ident("should_panic")) {
            return Err(format!("test `{name}`: `#[should_panic]` cannot be sealed"));
        }
        if !matches!(f.sig.output, syn::ReturnType::Default) {
            return Err(format!(
                "test `{name}` returns a value; a sealed test returns `()`"
            ));
        }
        let open = f.block.brace_token.span.open().byte_range().end;
        let close = f.block.brace_token.span.close().byte_range().start;
        let i = tests.len();
        edits.push((open, format!(" __vg_seal::run({i}, move || {{")));
        edits.push((close, "}) ".to_owned()));
        tests.push(name);
    }
    if tests.is_empty() {
        return Err("the suite has no `#[test]` fn".into());
    }
    let mut text = String::with_capacity(suite.len() + 64 * tests.len() + 2048);
    let mut pos = 0;
    for (at, insert) in edits {
        text.push_str(&suite[pos..at]);
        text.push_str(&insert);
        pos = at;
    }
    text.push_str(&suite[pos..]);
    text.push_str(&harness());
    Ok(SealedSuite { text, tests })
}

/// The harness module, private to the suite module it is appended to.
pub(crate) fn harness() -> String {
    crate::runtime::render(
        include_str!("../runtimes/seal.rs"),
        &[
            ("SEAL_FILE", &SEAL_FILE),
            ("FUEL_EXHAUSTED", &FUEL_EXHAUSTED),
            ("MESSAGE_CAP", &MESSAGE_CAP),
        ],
    )
}

/// 128 bits from the OS's random source, as 32 hex digits.
fn fresh_secret() -> Result<String, RepoError> {
    let mut bytes = [0u8; 16];
    std::fs::File::open("/dev/urandom")
        .and_then(|mut f| f.read_exact(&mut bytes))
        .map_err(RepoError::io(
            "cannot read /dev/urandom for the run's secret",
        ))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Runs the sealed suite of `binary` once with `selection` active (a value of [`MUTANT_ENV`]),
/// in a private directory under `limits`, and reads each test's outcome from the sealed records.
/// `tests` are the sealed suite's tests, in index order.
pub fn run_sealed(
    binary: &Path,
    tests: &[String],
    selection: &str,
    limits: &Limits,
) -> Result<SuiteRun, RepoError> {
    let dir = sandbox::private_dir("run")?;
    let secret = fresh_secret()?;
    let input = format!("{secret}\n");
    let output = sandbox::run_in(
        dir.path(),
        binary,
        &["--test-threads=1"],
        &[(MUTANT_ENV, selection), ("RUST_MIN_STACK", "33554432")],
        Some(input.as_bytes()),
        limits,
    )?;
    let keys: Vec<String> = (0..tests.len()).map(|i| i.to_string()).collect();
    Ok(judged_run(
        &dir.path().join(SEAL_FILE),
        &secret,
        tests,
        &keys,
        output,
    ))
}

/// Runs `program` (a test executable whose tests were sealed by
/// [`crate::krate::sealing`]) in `cwd` under `limits`, with the secret on stdin and the
/// records going to a file in a private directory, named by `path_env`. `tests` are the sealed
/// tests' libtest names; the result lists those that started. With `side_env`, that variable
/// names one more file in the private directory, whose text (at most [`RECORDS_CAP`] bytes) is
/// returned too (empty when not written).
#[allow(clippy::too_many_arguments)]
pub(crate) fn run_sealed_named(
    program: &Path,
    cwd: &Path,
    args: &[&str],
    env: &[(&str, &str)],
    path_env: &str,
    side_env: Option<&str>,
    tests: &[String],
    limits: &Limits,
) -> Result<(SuiteRun, String), RepoError> {
    let dir = sandbox::private_dir("seal")?;
    let records_path = dir.path().join(SEAL_FILE);
    let records_path = records_path.to_string_lossy().into_owned();
    let side_path = dir.path().join("side").to_string_lossy().into_owned();
    let secret = fresh_secret()?;
    let input = format!("{secret}\n");
    let mut env = env.to_vec();
    env.push((path_env, &records_path));
    if let Some(side) = side_env {
        env.push((side, &side_path));
    }
    let output = sandbox::run_in(cwd, program, args, &env, Some(input.as_bytes()), limits)?;
    let mut side = Vec::new();
    if side_env.is_some()
        && let Ok(f) = std::fs::File::open(&side_path)
    {
        let _ = f.take(RECORDS_CAP).read_to_end(&mut side);
    }
    let side = String::from_utf8_lossy(&side).into_owned();
    let keys: Vec<String> = tests
        .iter()
        .map(|t| verigym_core::record::hex(t.as_bytes()))
        .collect();
    Ok((
        judged_run(Path::new(&records_path), &secret, tests, &keys, output),
        side,
    ))
}

/// A finished run's outcomes, read from the sealed records at `records` (at most
/// [`RECORDS_CAP`] of them).
fn judged_run(
    records: &Path,
    secret: &str,
    tests: &[String],
    keys: &[String],
    output: sandbox::RunOutput,
) -> SuiteRun {
    let mut bytes = Vec::new();
    if let Ok(f) = std::fs::File::open(records) {
        let _ = f.take(RECORDS_CAP).read_to_end(&mut bytes);
    }
    let died = output
        .abnormal_reason()
        .unwrap_or_else(|| "the test process ended inside this test".into());
    let tests = read_records(&String::from_utf8_lossy(&bytes), secret, tests, keys, &died);
    SuiteRun { tests, output }
}

/// Each test's outcome from the records that carry `secret`; a test that started and never
/// ended crashed (`died` says how), a test never started is left out. Lines without the secret
/// are ignored: nothing but the harness knows it. A record names test `i` by `keys[i]` (its
/// index, or its hex-encoded libtest name).
fn read_records(
    text: &str,
    secret: &str,
    tests: &[String],
    keys: &[String],
    died: &str,
) -> Vec<TestResult> {
    let index: BTreeMap<&str, usize> = keys
        .iter()
        .enumerate()
        .map(|(i, k)| (k.as_str(), i))
        .collect();
    let mut outcomes: BTreeMap<usize, Option<Outcome>> = BTreeMap::new();
    for line in text.lines() {
        let Some(event) = line.strip_prefix(secret).and_then(|r| r.strip_prefix(' ')) else {
            continue;
        };
        let mut words = event.splitn(3, ' ');
        let kind = words.next();
        let Some(&i) = words.next().and_then(|k| index.get(k)) else {
            continue;
        };
        let outcome = match kind {
            Some("start") => {
                outcomes.entry(i).or_insert(None);
                continue;
            }
            Some("pass") => Outcome::Passed,
            Some("timeout") => Outcome::Timeout,
            Some("fail") => Outcome::Failed(unhex(words.next().unwrap_or(""))),
            _ => continue,
        };
        // The first end of a test counts; a test that ends twice was never run twice.
        let slot = outcomes.entry(i).or_insert(None);
        if slot.is_none() {
            *slot = Some(outcome);
        }
    }
    outcomes
        .into_iter()
        .map(|(i, outcome)| TestResult {
            name: tests[i].clone(),
            outcome: outcome.unwrap_or_else(|| Outcome::Crashed(died.to_owned())),
        })
        .collect()
}

fn unhex(hex: &str) -> String {
    let bytes: Vec<u8> = hex
        .as_bytes()
        .chunks(2)
        .filter_map(|pair| u8::from_str_radix(std::str::from_utf8(pair).ok()?, 16).ok())
        .collect();
    let message = String::from_utf8_lossy(&bytes).trim_end().to_owned();
    if message.is_empty() {
        "failed".to_owned()
    } else {
        message
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_test_is_wrapped_and_numbered() {
        let suite = "use std::fmt;\n#[test]\nfn a() { assert!(true); }\n\n#[test]\nfn b() {\n    let x = 1;\n    assert_eq!(x, 1);\n}\nfn helper() {}\n";
        let sealed = seal_suite(suite).unwrap();
        assert_eq!(sealed.tests, ["a", "b"]);
        assert!(
            sealed
                .text
                .contains("fn a() { __vg_seal::run(0, move || { assert!(true); }) }")
        );
        assert!(sealed.text.contains("fn b() { __vg_seal::run(1, move || {"));
        assert!(sealed.text.contains("fn helper() {}"));
        syn::parse_file(&sealed.text).unwrap();
    }

    #[test]
    fn tests_the_harness_cannot_judge_are_refused() {
        for (suite, needle) in [
            (
                "#[test]\n#[should_panic]\nfn a() { panic!() }",
                "should_panic",
            ),
            (
                "#[test]\nfn a() -> Result<(), String> { Ok(()) }",
                "returns a value",
            ),
            ("fn a() {}", "no `#[test]`"),
            ("fn a( {}", "does not parse"),
        ] {
            let err = seal_suite(suite).unwrap_err();
            assert!(err.contains(needle), "{suite}: {err}");
        }
    }

    #[test]
    fn only_records_with_the_secret_count() {
        let tests: Vec<String> = ["a", "b", "c", "d"].map(String::from).to_vec();
        let secret = "0123456789abcdef0123456789abcdef";
        let records = format!(
            "test suite::a ... ok\n\
             {secret} start 0\n{secret} pass 0\n\
             ffffffffffffffffffffffffffffffff pass 1\n{secret} start 1\n\
             {secret} start 2\n{secret} fail 2 6f6f7073\n{secret} pass 2\n\
             {secret} start 3\n{secret} timeout 3\n{secret} pass 9\n"
        );
        let keys: Vec<String> = (0..tests.len()).map(|i| i.to_string()).collect();
        let got = read_records(&records, secret, &tests, &keys, "killed");
        let outcomes: Vec<(&str, &Outcome)> =
            got.iter().map(|t| (t.name.as_str(), &t.outcome)).collect();
        assert_eq!(
            outcomes,
            [
                ("a", &Outcome::Passed),
                ("b", &Outcome::Crashed("killed".into())),
                ("c", &Outcome::Failed("oops".into())),
                ("d", &Outcome::Timeout),
            ]
        );
    }
}
