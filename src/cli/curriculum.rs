//! `verigym curriculum`: the language-agnostic training loop. Each round writes a batch of problems
//! as JSON lines on stdout, reads one reward line per problem on stdin, saves the state and writes
//! an acknowledgement line. See docs/curriculum.md for the protocol.

use std::fs::{File, TryLockError};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use serde_json::{Map, Value};
use verigym::curriculum::{Curriculum, CurriculumConfig, CurriculumError, CurriculumState};

use super::OutputError;

#[derive(clap::Args)]
pub struct Args {
    /// The curriculum config (TOML; schema in schemas/curriculum-config.schema.json).
    #[arg(long)]
    config: PathBuf,
    /// Save the state here after every round, and resume from it when it exists. The file is
    /// locked (through `<state>.lock`) so a second process on it fails instead of overwriting.
    #[arg(long)]
    state: Option<PathBuf>,
    /// Stop after this many rounds of this run (default: until stdin ends). The acknowledgement's
    /// `round` counts every round of the state, across resumes.
    #[arg(long)]
    rounds: Option<u64>,
    /// Problems per round, instead of the config's `batch`. A reward line `{"batch": N}` changes
    /// it for the rounds after the current one.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    batch: Option<u32>,
    /// Write a telemetry JSON line to stderr after every round.
    #[arg(long)]
    telemetry: bool,
}

pub fn run(args: Args) -> Result<()> {
    let text = std::fs::read_to_string(&args.config)
        .with_context(|| format!("reading {}", args.config.display()))?;
    let config: CurriculumConfig =
        toml::from_str(&text).with_context(|| format!("parsing {}", args.config.display()))?;
    // Held until the process ends; the OS releases it even after a crash.
    let _lock = match &args.state {
        Some(path) => Some(lock(path)?),
        None => None,
    };
    let mut curriculum = match &args.state {
        Some(path) if path.exists() => resume(path, &config)?,
        _ => Curriculum::new(config.clone())?,
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut line = String::new();
    let mut line_no = 0usize;
    let mut round = 0u64;
    let mut batch_size = args.batch.unwrap_or(config.batch);
    while args.rounds.is_none_or(|max| round < max) {
        let batch = curriculum.next(batch_size as usize)?;
        let mut out = std::io::stdout().lock();
        for problem in &batch {
            serde_json::to_writer(&mut out, problem).context("serializing a problem")?;
            out.write_all(b"\n").map_err(OutputError)?;
        }
        out.flush().map_err(OutputError)?;
        drop(out);
        // A round is atomic: the state is saved only once all its rewards are in, so an
        // interrupted round is re-issued identically on resume.
        let (mut received, mut rejected) = (0usize, 0u64);
        while received < batch.len() {
            line.clear();
            if input.read_line(&mut line).context("reading stdin")? == 0 {
                if received == 0 {
                    // Closing stdin right after a batch arrives is how a client stops.
                    return Ok(());
                }
                bail!(
                    "stdin ended after {received} of the {} reward lines of round {}; that round \
                     was not saved{}",
                    batch.len(),
                    curriculum.rounds() + 1,
                    match &args.state {
                        Some(path) =>
                            format!(", and resuming from {} issues it again", path.display()),
                        None => String::new(),
                    }
                );
            }
            line_no += 1;
            if line.trim().is_empty() {
                continue;
            }
            // A bad line is reported and skipped: the problem it named stays open, so the client
            // can send a corrected line, and one bad reward does not cost the whole run.
            let outcome = match parse_line(&line) {
                Ok(Line::Batch(n)) => {
                    batch_size = n;
                    continue;
                }
                Ok(Line::Rewards { id, rewards }) => {
                    curriculum.record(&id, &rewards).map_err(|e| explain(&e))
                }
                Err(message) => Err(message),
            };
            match outcome {
                Ok(()) => received += 1,
                Err(message) => {
                    rejected += 1;
                    eprintln!("verigym: stdin line {line_no} ignored: {message}");
                }
            }
        }
        round += 1;
        // The ack's round counts every round of this state, across resumes, as `issued` counts
        // every problem; `--rounds` bounds this run's rounds.
        let completed = curriculum.end_round();
        if let Some(path) = &args.state {
            save(path, &curriculum.state())?;
        }
        let ack = serde_json::json!({"ack": {
            "round": completed,
            "recorded": received,
            "rejected": rejected,
            "issued": curriculum.state().issued,
            "outstanding": curriculum.outstanding(),
            "state": args.state.as_ref().map(|p| p.display().to_string()),
        }});
        let mut out = std::io::stdout().lock();
        writeln!(out, "{ack}").map_err(OutputError)?;
        out.flush().map_err(OutputError)?;
        if args.telemetry {
            eprintln!("{}", serde_json::to_string(&curriculum.telemetry())?);
        }
    }
    Ok(())
}

/// A rejected record, said the way the stdin protocol sees it.
fn explain(err: &CurriculumError) -> String {
    match err {
        CurriculumError::InvalidReward { .. } => {
            format!("{err} (or true / false); the problem stays open")
        }
        _ => err.to_string(),
    }
}

/// One line of input.
#[derive(Debug, PartialEq)]
enum Line {
    /// The rewards of every answer to one problem.
    Rewards { id: String, rewards: Vec<f64> },
    /// The size of the rounds after this one.
    Batch(u32),
}

const LINE_FORM: &str = r#"expected {"id": "<problem id>", "rewards": [...]} or {"batch": N}"#;

/// Parses a reward line. Rewards may be numbers or booleans (true = 1, false = 0). `NaN` and
/// `Infinity`, which Python's `json.dumps` writes although JSON has no such tokens, are read so
/// that the message can name the problem and the value. Errors say what was wrong and, when the
/// line names one, which problem.
fn parse_line(text: &str) -> Result<Line, String> {
    let value: Value = serde_json::from_str(&quote_non_finite(text))
        .map_err(|e| format!("not JSON ({e}); {LINE_FORM}"))?;
    let Value::Object(mut fields) = value else {
        return Err(format!("{} is not an object; {LINE_FORM}", text.trim()));
    };
    if let Some(n) = fields.remove("batch") {
        if let Some(key) = fields.keys().next() {
            return Err(format!("unknown field `{key}` beside `batch`; {LINE_FORM}"));
        }
        return match n.as_u64() {
            Some(n @ 1..=1_000_000) => Ok(Line::Batch(n as u32)),
            _ => Err(format!(
                "`batch` = {n}; allowed: an integer from 1 to 1000000"
            )),
        };
    }
    let id = match fields.remove("id") {
        Some(Value::String(id)) => id,
        Some(other) => return Err(format!("`id` = {other}; allowed: a string")),
        None => return Err(format!("no `id`; {LINE_FORM}")),
    };
    let problem = |what: String| format!("problem `{id}`: {what}; the problem stays open");
    let rewards = fields.remove("rewards");
    if let Some(key) = fields.keys().next() {
        return Err(problem(unknown_field(key, &fields)));
    }
    let Some(Value::Array(items)) = rewards else {
        return Err(problem(format!(
            "`rewards` = {}; allowed: a list of numbers from 0 to 1 or booleans",
            rewards.map_or("missing".to_owned(), |v| v.to_string())
        )));
    };
    let mut out = Vec::with_capacity(items.len());
    for (position, item) in items.iter().enumerate() {
        let reward = match item {
            Value::Bool(b) => f64::from(u8::from(*b)),
            Value::Number(n) => n.as_f64().unwrap_or(f64::NAN),
            Value::String(s) if NON_FINITE.contains(&s.as_str()) => s.parse().unwrap_or(f64::NAN),
            other => {
                return Err(problem(format!(
                    "invalid reward {other} at position {position}; allowed: a number from 0 to \
                     1, true or false"
                )));
            }
        };
        out.push(reward);
    }
    Ok(Line::Rewards { id, rewards: out })
}

fn unknown_field(key: &str, fields: &Map<String, Value>) -> String {
    format!(
        "unknown field `{key}` = {}; allowed: `id` and `rewards`",
        fields[key]
    )
}

/// The bare tokens Python writes for non-finite floats.
const NON_FINITE: [&str; 3] = ["NaN", "Infinity", "-Infinity"];

/// Wraps bare `NaN`, `Infinity` and `-Infinity` outside strings in quotes, so the line parses and
/// the value can be reported; strings are left alone.
fn quote_non_finite(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains("NaN") && !text.contains("Infinity") {
        return text.into();
    }
    let mut out = String::with_capacity(text.len() + 8);
    let (mut in_string, mut escaped) = (false, false);
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if in_string {
            in_string = escaped || c != '"';
            escaped = !escaped && c == '\\';
        } else if c == '"' {
            in_string = true;
        } else if let Some(token) = NON_FINITE.iter().rev().find(|t| rest.starts_with(**t)) {
            out.push('"');
            out.push_str(token);
            out.push('"');
            rest = &rest[token.len()..];
            continue;
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out.into()
}

/// Takes an advisory lock on `<state>.lock`, failing at once if another process holds it. The
/// lock is on a file of its own because the state itself is replaced by rename on every save,
/// and a lock on the old file would not cover the new one.
fn lock(state: &Path) -> Result<File> {
    let mut name = state.as_os_str().to_owned();
    name.push(".lock");
    let path = PathBuf::from(name);
    let file = File::options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .with_context(|| format!("opening the lock file {}", path.display()))?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(TryLockError::WouldBlock) => bail!(
            "{} is in use by another process (it holds the lock on {}); run one `verigym \
             curriculum` per state file",
            state.display(),
            path.display()
        ),
        Err(TryLockError::Error(e)) => {
            Err(e).with_context(|| format!("locking {}", path.display()))
        }
    }
}

fn resume(path: &Path, config: &CurriculumConfig) -> Result<Curriculum> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let state: CurriculumState =
        serde_json::from_str(&text).with_context(|| format!("parsing {}", path.display()))?;
    // The batch size is a per-process (and per-request) choice, not part of the curriculum: a
    // state saved with one batch size resumes under another.
    let same = CurriculumConfig {
        batch: config.batch,
        ..state.config.clone()
    } == *config;
    if !same {
        bail!(
            "{} was saved with a different config; remove it to start over",
            path.display()
        );
    }
    Curriculum::restore(state).with_context(|| format!("restoring {}", path.display()))
}

/// Writes the state through the one atomic-write helper, so a crash leaves either the old state
/// or the new one, never half of one, and the acknowledgement follows a synced file.
fn save(path: &Path, state: &CurriculumState) -> Result<()> {
    let json = serde_json::to_vec(state).context("serializing the state")?;
    verigym::atomic::write_atomic(path, &json)
        .map_err(OutputError)
        .with_context(|| format!("saving the state to {}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rewards(text: &str) -> Result<Vec<f64>, String> {
        match parse_line(text)? {
            Line::Rewards { rewards, .. } => Ok(rewards),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn booleans_integers_and_floats_are_rewards() {
        assert_eq!(
            rewards(r#"{"id": "a", "rewards": [true, false, 1, 0, 0.5]}"#).unwrap(),
            [1.0, 0.0, 1.0, 0.0, 0.5]
        );
        assert_eq!(parse_line(r#"{"batch": 24}"#).unwrap(), Line::Batch(24));
    }

    #[test]
    fn python_non_finite_tokens_are_read_and_named() {
        let r = rewards(r#"{"id": "a", "rewards": [1, NaN, -Infinity, Infinity]}"#).unwrap();
        assert_eq!(r[0], 1.0);
        assert!(r[1].is_nan());
        assert_eq!(r[2], f64::NEG_INFINITY);
        assert_eq!(r[3], f64::INFINITY);
        // Inside a string the token is text, not a number.
        let Line::Rewards { id, .. } =
            parse_line(r#"{"id": "NaN \"Infinity", "rewards": [1]}"#).unwrap()
        else {
            panic!()
        };
        assert_eq!(id, "NaN \"Infinity");
    }

    #[test]
    fn bad_lines_name_the_problem_and_the_value() {
        let err = rewards(r#"{"id": "p7", "rewards": [1, "1"]}"#).unwrap_err();
        assert!(
            err.contains("`p7`") && err.contains("\"1\"") && err.contains("position 1"),
            "{err}"
        );
        let err = rewards(r#"{"id": "p7", "rewards": [1], "score": 3}"#).unwrap_err();
        assert!(err.contains("`p7`") && err.contains("`score` = 3"), "{err}");
        let err = rewards(r#"{"id": "p7", "rewards": 1}"#).unwrap_err();
        assert!(err.contains("`rewards` = 1"), "{err}");
        let err = rewards(r#"{"id": 7, "rewards": [1]}"#).unwrap_err();
        assert!(err.contains("`id` = 7"), "{err}");
        assert!(rewards("[1]").unwrap_err().contains("not an object"));
        assert!(rewards("{").unwrap_err().contains("not JSON"));
        assert!(
            parse_line(r#"{"batch": 0}"#)
                .unwrap_err()
                .contains("`batch` = 0")
        );
        assert!(parse_line(r#"{"batch": 2, "id": "x"}"#).is_err());
    }
}
