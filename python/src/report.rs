//! `eval` (pass@k and CoT-pass@k over graded responses) and `Suite` (fixed-seed suites).

use std::io::Cursor;
use std::path::PathBuf;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyString};
use verigym::RecordHeader;
use verigym::grade::{ProblemSet, ResponseLine, ResponseSet, grade};
use verigym::registry::EnvSet;
use verigym::suite::{self, SuiteSpec};

use crate::convert::{RecordText, error, to_json, to_py};

/// Benchmark figures for ``responses[i]`` (a str or a list of str) answering ``records[i]``:
/// the ``verigym eval`` report as a dict, with unbiased pass@k for each k in ``k`` and
/// CoT-pass@k for envs that check steps, overall, per env and per (env, level).
#[pyfunction]
#[pyo3(signature = (records, responses, k=vec![1]))]
pub fn eval<'py>(
    py: Python<'py>,
    records: &Bound<'py, PyAny>,
    responses: &Bound<'py, PyAny>,
    k: Vec<u32>,
) -> PyResult<Bound<'py, PyAny>> {
    let (n_records, n_responses) = (records.len()?, responses.len()?);
    if n_records != n_responses {
        return Err(pyo3::exceptions::PyValueError::new_err(format!(
            "records and responses differ in length: {n_records} records, {n_responses} entries \
             of responses"
        )));
    }
    // The library's eval reads the files `verigym eval` reads; build them in memory.
    let mut problems = String::new();
    let mut lines = String::new();
    for (i, (record, answers)) in records.try_iter()?.zip(responses.try_iter()?).enumerate() {
        let text = RecordText::extract(&record?, format_args!("records[{i}]"))?;
        let answers = answers?;
        let answers: Vec<String> = if answers.cast::<PyString>().is_ok() {
            vec![answers.extract()?]
        } else {
            answers.extract().map_err(|_| {
                PyTypeError::new_err(format!(
                    "responses[{i}]: a response (str) or a list of responses (list of str)"
                ))
            })?
        };
        let header: RecordHeader = serde_json::from_str(&text)
            .map_err(|e| error(format!("records[{i}]: malformed problem record: {e}")))?;
        // One line per record: the text may be pretty-printed JSON.
        let value: serde_json::Value = serde_json::from_str(&text).map_err(error)?;
        problems.push_str(&serde_json::to_string(&value).expect("JSON serializes"));
        problems.push('\n');
        let line = ResponseLine {
            id: header.id,
            response: None,
            responses: Some(answers),
        };
        lines.push_str(&serde_json::to_string(&line).expect("JSON serializes"));
        lines.push('\n');
    }
    let report = py.detach(|| {
        let problems =
            ProblemSet::from_jsonl(Cursor::new(problems), "records", &EnvSet::shipped())?;
        let responses = ResponseSet::from_jsonl(Cursor::new(lines), "responses", &problems)?;
        let graded = grade(&problems, &responses);
        Ok::<_, verigym::Error>(verigym::eval::evaluate(&problems, &responses, &graded, &k))
    });
    to_py(py, &report.map_err(error)?)
}

/// The unbiased pass@k estimate for ``n`` samples of which ``c`` passed:
/// 1 − C(n−c, k) / C(n, k); None when k is 0 or larger than n.
#[pyfunction]
pub fn pass_at_k(n: u64, c: u64, k: u64) -> Option<f64> {
    verigym::eval::pass_at_k(n, c, k)
}

/// A fixed-seed benchmark suite: a shipped one by name (``"standard-v10"``) or a ``.toml`` file.
///
/// ``build()`` generates every entry with a manifest of SHA-256 hashes (and writes them to a
/// directory if given, as ``verigym suite build`` does); ``Suite.check(dir)`` re-derives a built
/// suite and compares every byte.
#[pyclass(module = "verigym", frozen)]
pub struct Suite {
    spec: SuiteSpec,
}

#[pymethods]
impl Suite {
    #[new]
    fn new(name_or_path: &Bound<'_, PyAny>) -> PyResult<Self> {
        let name: PathBuf = name_or_path.extract()?;
        let name = name.to_string_lossy();
        Ok(Suite {
            spec: SuiteSpec::load(&name, &EnvSet::shipped()).map_err(error)?,
        })
    }

    /// A suite from the text of a suite TOML file.
    #[staticmethod]
    fn from_toml(text: &str) -> PyResult<Self> {
        Ok(Suite {
            spec: SuiteSpec::from_toml(text, "<toml>", &EnvSet::shipped()).map_err(error)?,
        })
    }

    /// A suite from a definition dict: ``name``, ``version``, ``description``, ``entries``.
    #[staticmethod]
    fn from_dict(spec: &Bound<'_, PyAny>) -> PyResult<Self> {
        let spec: SuiteSpec = serde_json::from_value(to_json(spec)?)
            .map_err(|e| error(format!("malformed suite definition: {e}")))?;
        spec.validate(&EnvSet::shipped()).map_err(error)?;
        Ok(Suite { spec })
    }

    /// The suite's name.
    #[getter]
    fn name(&self) -> &str {
        &self.spec.name
    }

    /// The suite's version.
    #[getter]
    fn version(&self) -> u32 {
        self.spec.version
    }

    /// The definition as a dict.
    #[getter]
    fn spec<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.spec)
    }

    /// Generates every entry and returns the manifest dict; with ``dir``, also writes the files
    /// and ``manifest.json`` there, byte-identical to ``verigym suite build``.
    #[pyo3(signature = (dir=None))]
    fn build<'py>(&self, py: Python<'py>, dir: Option<PathBuf>) -> PyResult<Bound<'py, PyAny>> {
        let built = py
            .detach(|| self.spec.build(&EnvSet::shipped()))
            .map_err(error)?;
        if let Some(dir) = dir {
            py.detach(|| built.write(&dir))
                .map_err(|e| error(format!("writing the suite to {}: {e}", dir.display())))?;
        }
        to_py(py, &built.manifest)
    }

    /// Every problems file of a build, in suite order: ``(path, env, jsonl_bytes)``.
    fn files<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let built = py
            .detach(|| self.spec.build(&EnvSet::shipped()))
            .map_err(error)?;
        let list = PyList::empty(py);
        for (file, bytes) in built.manifest.files.iter().zip(&built.files) {
            list.append((
                file.path.as_str(),
                file.env.as_str(),
                PyBytes::new(py, bytes),
            ))?;
        }
        Ok(list)
    }

    /// Re-derives the suite built in ``dir`` from its manifest and compares every byte; returns
    /// the manifest, or raises ``VerigymError`` naming each file that differs.
    #[staticmethod]
    fn check<'py>(py: Python<'py>, dir: PathBuf) -> PyResult<Bound<'py, PyAny>> {
        let manifest = py
            .detach(|| suite::check(&dir, &EnvSet::shipped()))
            .map_err(error)?;
        to_py(py, &manifest)
    }

    fn __repr__(&self) -> String {
        format!(
            "Suite(name={:?}, version={}, entries={})",
            self.spec.name,
            self.spec.version,
            self.spec.entries.len()
        )
    }
}
