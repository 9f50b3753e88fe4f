//! `Record`: a generated record held in Rust, a read-only mapping whose fields become Python
//! objects only when read, and which the verify functions judge without parsing any JSON or
//! generating it again.

use std::sync::OnceLock;

use pyo3::basic::CompareOp;
use pyo3::exceptions::PyKeyError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString, PyTuple};
use serde_json::value::RawValue;
use verigym::{DynGenerator, DynProblem, Problem};

/// A record with its params and data as unparsed JSON.
type RawProblem = Problem<Box<RawValue>, Box<RawValue>>;

use crate::dicts::Builder;

/// A record's keys, in the CLI's order. `meta` is always present.
const KEYS: [&str; 11] = [
    "id",
    "env",
    "env_version",
    "rng",
    "seed",
    "index",
    "params",
    "prompt",
    "answer",
    "data",
    "meta",
];

/// One generated record, the dict ``Dataset[i]`` would give as a read-only mapping.
///
/// ``rec["prompt"]``, ``rec.get``, ``keys``/``values``/``items``, ``len``, ``in`` and iteration
/// work as on the dict, and ``rec == dict`` compares with it; each read builds that field's
/// Python object afresh (``data`` too), so read a field you use often once, or call
/// ``to_dict()``. It holds the record's JSON line, parsed once on the first read, and the typed
/// problem the verifier judges: ``verify``, ``verify_many``, ``scores`` and ``verify_columns``
/// judge a Record without parsing or generating anything. ``jsonl()`` is the CLI's exact line.
#[pyclass(module = "verigym", frozen, mapping)]
pub struct Record {
    index: u64,
    /// The CLI's line without its newline: the cheapest form to generate, so making a Record
    /// costs about what writing JSONL does.
    line: String,
    /// The problem ready to judge, made by the same generation as the line. Generating again
    /// would cost more than judging a typical response (modarith: ~2 µs against ~1 µs); holding
    /// it costs the verifier's data and the answer (the prompt is not kept twice).
    problem: Box<dyn DynProblem>,
    /// The line parsed, on the first read of a field. `params` and `data` stay raw JSON until
    /// read: most readers want the prompt, and the data is most of a record's objects.
    parsed: OnceLock<RawProblem>,
}

impl Record {
    /// Record `index` of `generator`: its line and its problem from one generation.
    pub fn generate(generator: &(dyn DynGenerator + 'static), index: u64) -> Self {
        let mut line = Vec::new();
        let problem = generator.owned_problem_with_jsonl(index, &mut line);
        line.pop();
        Record {
            index,
            line: String::from_utf8(line).expect("serde_json writes UTF-8"),
            problem,
            parsed: OnceLock::new(),
        }
    }

    /// The problem the verifiers judge this record as.
    pub fn problem(&self) -> &dyn DynProblem {
        &*self.problem
    }

    /// The record's JSON line, without its newline.
    pub fn line(&self) -> &str {
        &self.line
    }

    fn parsed(&self) -> &RawProblem {
        self.parsed.get_or_init(|| {
            serde_json::from_str(&self.line).expect("a generated line parses as a record")
        })
    }

    fn field<'py>(
        &self,
        builder: &mut Builder<'py>,
        key: &str,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let py = builder.py();
        let p = self.parsed();
        Ok(Some(match key {
            "id" => PyString::new(py, &p.id).into_any(),
            "env" => PyString::new(py, &p.env).into_any(),
            "env_version" => p.env_version.into_pyobject(py)?.into_any(),
            "rng" => PyString::new(py, &p.rng).into_any(),
            "seed" => p.seed.into_pyobject(py)?.into_any(),
            "index" => p.index.into_pyobject(py)?.into_any(),
            "params" => builder.json(p.params.get())?,
            "prompt" => PyString::new(py, &p.prompt).into_any(),
            "answer" => PyString::new(py, &p.answer).into_any(),
            "data" => builder.json(p.data.get())?,
            "meta" => builder.meta(&p.meta)?.into_any(),
            _ => return Ok(None),
        }))
    }
}

#[pymethods]
impl Record {
    fn __getitem__<'py>(
        &self,
        py: Python<'py>,
        key: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let missing = || PyKeyError::new_err(key.clone().unbind());
        let Some(name) = key_name(key) else {
            return Err(missing());
        };
        self.field(&mut Builder::new(py), &name)?
            .ok_or_else(missing)
    }

    /// ``rec[key]`` if the record has that key, else ``default``.
    #[pyo3(signature = (key, default=None))]
    fn get<'py>(
        &self,
        py: Python<'py>,
        key: &Bound<'py, PyAny>,
        default: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let found = match key_name(key) {
            Some(name) => self.field(&mut Builder::new(py), &name)?,
            None => None,
        };
        Ok(found.unwrap_or_else(|| default.unwrap_or_else(|| py.None().into_bound(py))))
    }

    fn __len__(&self) -> usize {
        KEYS.len()
    }

    fn __contains__(&self, key: &Bound<'_, PyAny>) -> bool {
        key_name(key).is_some_and(|k| KEYS.contains(&&*k))
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(self.keys(py)?.try_iter()?.into_any())
    }

    /// The keys, in the CLI's order.
    fn keys<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, KEYS)
    }

    /// The values, in key order (each built now).
    fn values<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        Ok(self.to_dict(py)?.values())
    }

    /// ``(key, value)`` pairs, in key order (each value built now).
    fn items<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        Ok(self.to_dict(py)?.items())
    }

    /// The record as a new dict, equal to ``json.loads(self.jsonl())``.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        // The line read straight into objects: its keys are in the CLI's order, and no field
        // needs the parsed record.
        let dict = Builder::new(py).json(&self.line)?;
        Ok(dict.cast_into::<PyDict>()?)
    }

    /// The record exactly as ``verigym generate`` writes it: one JSON line, with its ``\n``.
    fn jsonl<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let mut out = Vec::with_capacity(self.line.len() + 1);
        out.extend_from_slice(self.line.as_bytes());
        out.push(b'\n');
        PyBytes::new(py, &out)
    }

    /// The record's JSON line as a str, without its newline (``jsonl()`` minus the ``\n``).
    #[getter(line)]
    fn line_str(&self) -> &str {
        &self.line
    }

    /// The problem id.
    #[getter]
    fn id(&self) -> &str {
        self.problem.id()
    }

    /// The problem's index in its seed's stream.
    #[getter]
    fn index(&self) -> u64 {
        self.index
    }

    /// The text shown to the model.
    #[getter]
    fn prompt(&self) -> &str {
        &self.parsed().prompt
    }

    /// The reference answer.
    #[getter]
    fn answer(&self) -> &str {
        self.problem.answer()
    }

    fn __richcmp__<'py>(
        &self,
        py: Python<'py>,
        other: &Bound<'py, PyAny>,
        op: CompareOp,
    ) -> PyResult<Py<PyAny>> {
        let other = if let Ok(record) = other.cast::<Record>() {
            record.get().to_dict(py)?.into_any()
        } else if other.cast::<PyDict>().is_ok() {
            other.clone()
        } else {
            return Ok(py.NotImplemented());
        };
        let mine = self.to_dict(py)?;
        match op {
            CompareOp::Eq => Ok(mine
                .eq(other)?
                .into_pyobject(py)?
                .to_owned()
                .into_any()
                .unbind()),
            CompareOp::Ne => Ok(mine
                .ne(other)?
                .into_pyobject(py)?
                .to_owned()
                .into_any()
                .unbind()),
            _ => Ok(py.NotImplemented()),
        }
    }

    /// Pickles as the plain dict (for multiprocessing and Ray workers).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let dict_type = py.get_type::<PyDict>();
        PyTuple::new(
            py,
            [
                dict_type.into_any(),
                PyTuple::new(py, [self.to_dict(py)?])?.into_any(),
            ],
        )
    }

    fn __repr__(&self) -> String {
        format!("Record(id={:?})", self.problem.id())
    }
}

/// A key as text, if it is a str (any other key is simply absent, as in a dict).
fn key_name(key: &Bound<'_, PyAny>) -> Option<String> {
    key.cast::<PyString>()
        .ok()?
        .to_cow()
        .ok()
        .map(|k| k.into_owned())
}
