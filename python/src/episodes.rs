//! Episodes from Python: `Episode` (open on a record, step, read the verdict and transcript),
//! `rejudge` and the interactive envs' records. The state machine is the library's.

use std::sync::Mutex;

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use serde_json::{Map, Value};
use verigym::episodes::agentic::AgenticOptions;
use verigym::episodes::{self, EpisodeOptions, FeedbackOptions, Transcript};

use crate::convert::{error, to_json, to_py};

/// One episode: a pure state machine over a record. `feedback` (a dict: `max_turns`, `reward`)
/// applies to a single-turn env's record; an interactive env's record carries its own budget;
/// `agentic` (a dict: `max_turns`) makes a `repo_fix` record's episode agentic: tools on the
/// mini repo, paid the hidden suite's verdict on the submitted state.
#[pyclass(module = "verigym._native")]
pub struct Episode {
    inner: Mutex<episodes::Episode>,
}

/// A record handed in as JSON text (str or bytes) or as a dict.
fn record_text(record: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(text) = record.extract::<String>() {
        return Ok(text.trim_end().to_owned());
    }
    if let Ok(bytes) = record.cast::<PyBytes>() {
        let text = std::str::from_utf8(bytes.as_bytes())
            .map_err(|e| error(format!("invalid value for `record`: not UTF-8: {e}")))?;
        return Ok(text.trim_end().to_owned());
    }
    Ok(to_json(record)?.to_string())
}

impl Episode {
    fn lock(&self) -> std::sync::MutexGuard<'_, episodes::Episode> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[pymethods]
impl Episode {
    #[new]
    #[pyo3(signature = (record, feedback = None, agentic = None))]
    fn new(
        record: &Bound<'_, PyAny>,
        feedback: Option<&Bound<'_, PyAny>>,
        agentic: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let feedback = match feedback {
            None => None,
            Some(f) => Some(
                serde_json::from_value::<FeedbackOptions>(to_json(f)?)
                    .map_err(|e| error(format!("invalid value for `feedback`: {e}")))?,
            ),
        };
        let agentic = match agentic {
            None => None,
            Some(a) => Some(
                serde_json::from_value::<AgenticOptions>(to_json(a)?)
                    .map_err(|e| error(format!("invalid value for `agentic`: {e}")))?,
            ),
        };
        let record = record_text(record)?;
        let options = EpisodeOptions { feedback, agentic };
        let episode = episodes::Episode::open_with(&record, &options).map_err(error)?;
        Ok(Episode {
            inner: Mutex::new(episode),
        })
    }

    /// The first observation: the record's prompt (with the feedback note, if any).
    #[getter]
    fn prompt(&self) -> String {
        self.lock().prompt().to_owned()
    }

    /// Takes one action: a dict with `observation`, `reward` (0 until the last step), `done` and,
    /// on the last step, `verdict`. Raises `VerigymError` after the episode is over.
    fn step<'py>(&self, py: Python<'py>, action: &str) -> PyResult<Bound<'py, PyAny>> {
        let step = self.lock().step(action).map_err(error)?;
        to_py(py, &step)
    }

    /// Whether the episode is over.
    #[getter]
    fn done(&self) -> bool {
        self.lock().session().done()
    }

    /// Turns taken.
    #[getter]
    fn turns(&self) -> u32 {
        self.lock().session().turns()
    }

    /// The most turns allowed.
    #[getter]
    fn budget(&self) -> u32 {
        self.lock().session().budget()
    }

    /// The episode's reward once over, else `None`.
    #[getter]
    fn reward(&self) -> Option<f64> {
        self.lock().session().verdict().map(|v| v.score)
    }

    /// The final verdict as a dict once over, else `None`.
    #[getter]
    fn verdict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.lock().session().verdict())
    }

    /// The transcript so far, as the dict `verigym episode verify` reads (one per JSON line).
    fn transcript<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.lock().transcript())
    }
}

/// Re-judges a transcript (a dict or its JSON text): regenerates its record, replays its actions
/// and returns the judgement (`reward`, `correct`, `consistent`, `mismatch`).
#[pyfunction]
pub fn rejudge<'py>(
    py: Python<'py>,
    transcript: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let value = match transcript.extract::<String>() {
        Ok(text) => serde_json::from_str(&text).map_err(|e| error(format!("transcript: {e}")))?,
        Err(_) => to_json(transcript)?,
    };
    let transcript: Transcript =
        serde_json::from_value(value).map_err(|e| error(format!("transcript: {e}")))?;
    to_py(py, &episodes::rejudge(&transcript).map_err(error)?)
}

/// The interactive envs' ids.
#[pyfunction]
pub fn interactive_envs() -> Vec<&'static str> {
    episodes::interactive()
        .iter()
        .map(|e| e.as_env().id())
        .collect()
}

/// Records of any env (interactive ones included) as JSON lines: problems `start` to
/// `start + n - 1` of (env, level, params, seed). Params go in `params`, a dict.
#[pyfunction]
#[pyo3(signature = (env, n, *, seed = 0, start = 0, level = None, params = None))]
pub fn episode_records(
    env: &str,
    n: u64,
    seed: u64,
    start: u64,
    level: Option<f64>,
    params: Option<&Bound<'_, PyDict>>,
) -> PyResult<Vec<String>> {
    let overrides = match params {
        None => Map::new(),
        Some(p) => match to_json(p.as_any())? {
            Value::Object(map) => map,
            _ => Map::new(),
        },
    };
    let generator = episodes::find_env(env)
        .map_err(error)?
        .generator(level, &overrides, seed)
        .map_err(error)?;
    let end = start
        .checked_add(n)
        .ok_or_else(|| error(format!("invalid value for `start`: {start} with n {n}")))?;
    Ok((start..end)
        .map(|i| {
            let mut line = Vec::new();
            generator.write_jsonl(i, &mut line);
            String::from_utf8(line)
                .expect("records are UTF-8")
                .trim_end()
                .to_owned()
        })
        .collect())
}
