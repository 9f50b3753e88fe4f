//! Python objects built straight from records and verdicts: the dict `json.loads` would make of
//! their JSON, with interned keys and without a serializer walk.
//!
//! Object creation is the one part of handing out records that must run under the GIL, on one
//! core, so it is kept to the objects themselves: every key is a shared, interned string (its hash
//! cached), and the record's fixed fields are set directly from the typed struct.

use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyList, PyString};
use serde_json::Value;
use verigym::{Meta, Problem, Reason, StepReport, Verdict};

/// Builds records and verdicts as Python objects, remembering the keys it has made.
pub struct Builder<'py> {
    py: Python<'py>,
    /// Keys of params and data objects seen so far, for reuse. Envs have a handful of distinct
    /// keys, so a scan beats hashing.
    keys: Vec<(String, Bound<'py, PyString>)>,
    /// Reason codes as Python strings, for reuse.
    reasons: Vec<(Reason, Bound<'py, PyString>)>,
}

impl<'py> Builder<'py> {
    pub fn new(py: Python<'py>) -> Self {
        Builder {
            py,
            keys: Vec::new(),
            reasons: Vec::new(),
        }
    }

    pub fn py(&self) -> Python<'py> {
        self.py
    }

    fn key(&mut self, key: &str) -> Bound<'py, PyString> {
        if let Some((_, s)) = self.keys.iter().find(|(k, _)| k == key) {
            return s.clone();
        }
        let s = PyString::intern(self.py, key);
        self.keys.push((key.to_owned(), s.clone()));
        s
    }

    /// A JSON value as `json.loads` makes it: integers as int, other numbers as float.
    pub fn value(&mut self, value: &Value) -> PyResult<Bound<'py, PyAny>> {
        let py = self.py;
        Ok(match value {
            Value::Null => py.None().into_bound(py),
            Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
            Value::Number(n) => {
                if let Some(u) = n.as_u64() {
                    u.into_pyobject(py)?.into_any()
                } else if let Some(i) = n.as_i64() {
                    i.into_pyobject(py)?.into_any()
                } else {
                    let f = n.as_f64().expect("a JSON number is u64, i64 or f64");
                    PyFloat::new(py, f).into_any()
                }
            }
            Value::String(s) => PyString::new(py, s).into_any(),
            Value::Array(items) => {
                let items = items
                    .iter()
                    .map(|v| self.value(v))
                    .collect::<PyResult<Vec<_>>>()?;
                PyList::new(py, items)?.into_any()
            }
            Value::Object(map) => {
                let dict = PyDict::new(py);
                for (k, v) in map {
                    dict.set_item(self.key(k), self.value(v)?)?;
                }
                dict.into_any()
            }
        })
    }

    /// A record's `meta` object.
    pub fn meta(&mut self, meta_in: &Meta) -> PyResult<Bound<'py, PyDict>> {
        let py = self.py;
        let meta = PyDict::new(py);
        meta.set_item(intern!(py, "difficulty"), meta_in.difficulty)?;
        if let Some(level) = meta_in.level {
            meta.set_item(intern!(py, "level"), level)?;
        }
        Ok(meta)
    }

    /// A record as a dict, keys in the CLI's order.
    pub fn record(&mut self, problem: &Problem) -> PyResult<Bound<'py, PyDict>> {
        let py = self.py;
        let dict = PyDict::new(py);
        dict.set_item(intern!(py, "id"), &problem.id)?;
        dict.set_item(intern!(py, "env"), &*problem.env)?;
        dict.set_item(intern!(py, "env_version"), problem.env_version)?;
        dict.set_item(intern!(py, "rng"), &*problem.rng)?;
        dict.set_item(intern!(py, "seed"), problem.seed)?;
        dict.set_item(intern!(py, "index"), problem.index)?;
        dict.set_item(intern!(py, "params"), self.value(&problem.params)?)?;
        dict.set_item(intern!(py, "prompt"), &problem.prompt)?;
        dict.set_item(intern!(py, "answer"), &problem.answer)?;
        dict.set_item(intern!(py, "data"), self.value(&problem.data)?)?;
        dict.set_item(intern!(py, "meta"), self.meta(&problem.meta)?)?;
        Ok(dict)
    }

    /// A reason code as its JSON string.
    pub fn reason(&mut self, reason: Reason) -> Bound<'py, PyString> {
        if let Some((_, s)) = self.reasons.iter().find(|(r, _)| *r == reason) {
            return s.clone();
        }
        let name = match serde_json::to_value(reason) {
            Ok(Value::String(s)) => s,
            _ => unreachable!("reasons serialize as strings"),
        };
        let s = PyString::intern(self.py, &name);
        self.reasons.push((reason, s.clone()));
        s
    }

    fn steps(&mut self, steps: &StepReport) -> PyResult<Bound<'py, PyDict>> {
        let py = self.py;
        let dict = PyDict::new(py);
        dict.set_item(intern!(py, "total"), steps.total)?;
        dict.set_item(intern!(py, "listed"), steps.listed)?;
        dict.set_item(intern!(py, "correct"), steps.correct)?;
        if let Some(first_wrong) = steps.first_wrong {
            dict.set_item(intern!(py, "first_wrong"), first_wrong)?;
        }
        dict.set_item(intern!(py, "cot_correct"), steps.cot_correct)?;
        Ok(dict)
    }

    /// A verdict as the dict `verigym verify` writes.
    pub fn verdict(&mut self, verdict: &Verdict) -> PyResult<Bound<'py, PyDict>> {
        let py = self.py;
        let dict = PyDict::new(py);
        dict.set_item(intern!(py, "score"), verdict.score)?;
        dict.set_item(intern!(py, "correct"), verdict.correct)?;
        dict.set_item(intern!(py, "format_ok"), verdict.format_ok)?;
        dict.set_item(intern!(py, "reason"), self.reason(verdict.reason))?;
        dict.set_item(intern!(py, "message"), &*verdict.message)?;
        if let Some(steps) = &verdict.steps {
            dict.set_item(intern!(py, "steps"), self.steps(steps)?)?;
        }
        if let Some(detail) = &verdict.detail {
            dict.set_item(intern!(py, "detail"), self.value(detail)?)?;
        }
        Ok(dict)
    }

    /// Verdicts as a list of dicts.
    pub fn verdicts(&mut self, verdicts: &[Verdict]) -> PyResult<Bound<'py, PyList>> {
        let items = verdicts
            .iter()
            .map(|v| self.verdict(v))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(self.py, items)
    }
}
