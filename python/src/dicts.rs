//! Python objects built straight from records and verdicts: the dict `json.loads` would make of
//! their JSON, with interned keys and without a serializer walk.
//!
//! Object creation is the one part of handing out records that must run under the GIL, on one
//! core, so it is kept to the objects themselves: every key is a shared, interned string (its hash
//! cached); a generated record's fixed fields, prompt and answer are set from its typed struct, its
//! params copied from one read per batch and only its data read from JSON (no `serde_json::Value`
//! tree to allocate and free); a verdict's fields are set from the typed struct, its repeated
//! values (reasons, fixed messages, scores of 0 and 1) shared between verdicts; and a batch is
//! built with the cyclic collector paused ([`GcPause`]).

use std::fmt;

use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyDict, PyFloat, PyList, PyString};
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::Value;
use serde_json::value::RawValue;
use std::borrow::Cow;
use verigym::{Meta, Problem, Reason, StepReport, Verdict};

/// Fixed strings remembered by address; more distinct ones than this are built afresh (a scan of
/// the cache costs more than a string beyond that).
const SHARED_STRS: usize = 32;

/// Builds records and verdicts as Python objects, remembering the keys it has made.
pub struct Builder<'py> {
    py: Python<'py>,
    /// Keys of JSON objects seen so far, in first-seen order, for reuse. Envs have a few dozen
    /// distinct keys that come in the same order record after record, so the entry after the
    /// last one found is tried first (usually the one), then the rest are scanned.
    keys: Vec<(Box<str>, Bound<'py, PyString>)>,
    next_key: usize,
    /// Reason codes as Python strings, for reuse.
    reasons: Vec<(Reason, Bound<'py, PyString>)>,
    /// Strings that are `&'static str`s, by address: most verdict messages are fixed text, and
    /// so are a record's env id and rng tag.
    shared: Vec<(&'static str, Bound<'py, PyString>)>,
    /// The scores 0.0 and 1.0, which most verdicts have.
    zero_one: Option<[Bound<'py, PyFloat>; 2]>,
    /// The items of the JSON arrays being read, innermost last.
    stack: Vec<Bound<'py, PyAny>>,
    /// A Python error met while reading JSON, which serde cannot carry.
    error: Option<PyErr>,
}

impl<'py> Builder<'py> {
    pub fn new(py: Python<'py>) -> Self {
        Builder {
            py,
            keys: Vec::new(),
            next_key: 0,
            reasons: Vec::new(),
            shared: Vec::new(),
            zero_one: None,
            stack: Vec::new(),
            error: None,
        }
    }

    pub fn py(&self) -> Python<'py> {
        self.py
    }

    fn key(&mut self, key: &str) -> Bound<'py, PyString> {
        if let Some((k, s)) = self.keys.get(self.next_key)
            && **k == *key
        {
            self.next_key += 1;
            return s.clone();
        }
        if let Some(i) = self.keys.iter().position(|(k, _)| **k == *key) {
            self.next_key = i + 1;
            return self.keys[i].1.clone();
        }
        let s = PyString::intern(self.py, key);
        self.keys.push((key.into(), s.clone()));
        self.next_key = self.keys.len();
        s
    }

    /// JSON text as `json.loads` makes it (integers as int, other numbers as float, objects as
    /// dicts in the text's key order), read in one pass with no tree in between.
    pub fn json(&mut self, text: &str) -> PyResult<Bound<'py, PyAny>> {
        // From a str: its strings need no second UTF-8 check.
        let mut de = serde_json::Deserializer::from_str(text);
        let parsed = ValueSeed(self)
            .deserialize(&mut de)
            .and_then(|value| de.end().map(|()| value));
        match parsed {
            Ok(value) => Ok(value),
            Err(e) => Err(self
                .error
                .take()
                .unwrap_or_else(|| crate::convert::error(format!("malformed JSON: {e}")))),
        }
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

    /// A record as a dict from its typed fields, keys in the CLI's order, with `params` a fresh
    /// copy of `params` (the generator's, the same for every record) and `data` read from the
    /// JSON its line holds.
    pub fn record_raw(
        &mut self,
        problem: &Problem<(), Box<RawValue>>,
        params: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let py = self.py;
        let dict = PyDict::new(py);
        dict.set_item(intern!(py, "id"), &problem.id)?;
        dict.set_item(intern!(py, "env"), self.shared_str(&problem.env))?;
        dict.set_item(intern!(py, "env_version"), problem.env_version)?;
        dict.set_item(intern!(py, "rng"), self.shared_str(&problem.rng))?;
        dict.set_item(intern!(py, "seed"), problem.seed)?;
        dict.set_item(intern!(py, "index"), problem.index)?;
        dict.set_item(intern!(py, "params"), fresh(params)?)?;
        dict.set_item(intern!(py, "prompt"), &problem.prompt)?;
        dict.set_item(intern!(py, "answer"), &problem.answer)?;
        dict.set_item(intern!(py, "data"), self.json(problem.data.get())?)?;
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

    /// A string that is usually fixed text (a verdict message, an env id), shared between the
    /// objects built when it is.
    // The `Cow` (not `&str`) is the point: its variant says whether the text is fixed.
    #[allow(clippy::ptr_arg)]
    fn shared_str(&mut self, text: &Cow<'static, str>) -> Bound<'py, PyString> {
        let Cow::Borrowed(text) = text else {
            return PyString::new(self.py, text);
        };
        // By address and length: the same text from elsewhere is merely built again.
        let same = |(m, _): &&(&'static str, Bound<'py, PyString>)| {
            m.as_ptr() == text.as_ptr() && m.len() == text.len()
        };
        if let Some((_, s)) = self.shared.iter().find(same) {
            return s.clone();
        }
        let s = PyString::new(self.py, text);
        if self.shared.len() < SHARED_STRS {
            self.shared.push((text, s.clone()));
        }
        s
    }

    fn score(&mut self, score: f64) -> Bound<'py, PyFloat> {
        let py = self.py;
        let [zero, one] = self
            .zero_one
            .get_or_insert_with(|| [PyFloat::new(py, 0.0), PyFloat::new(py, 1.0)]);
        // Bit equality: -0.0 must stay its own float.
        match score.to_bits() {
            b if b == 0f64.to_bits() => zero.clone(),
            b if b == 1f64.to_bits() => one.clone(),
            _ => PyFloat::new(py, score),
        }
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
        dict.set_item(intern!(py, "score"), self.score(verdict.score))?;
        dict.set_item(intern!(py, "correct"), verdict.correct)?;
        dict.set_item(intern!(py, "format_ok"), verdict.format_ok)?;
        dict.set_item(intern!(py, "reason"), self.reason(verdict.reason))?;
        dict.set_item(intern!(py, "message"), self.shared_str(&verdict.message))?;
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
        let _pause = GcPause::for_batch(self.py, verdicts.len())?;
        let items = verdicts
            .iter()
            .map(|v| self.verdict(v))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(self.py, items)
    }
}

/// A fresh copy of a JSON-made object: its dicts and lists copied all the way down (so no
/// record's params can change another's), its strings and numbers, which cannot change, shared.
fn fresh<'py>(value: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    if let Ok(dict) = value.cast::<PyDict>() {
        // A copy keeps the key order and is sized for its keys from the start.
        let copy = dict.copy()?;
        for (key, item) in dict.iter() {
            if item.is_exact_instance_of::<PyDict>() || item.is_exact_instance_of::<PyList>() {
                copy.set_item(key, fresh(&item)?)?;
            }
        }
        Ok(copy.into_any())
    } else if let Ok(list) = value.cast::<PyList>() {
        let items = list
            .iter()
            .map(|item| fresh(&item))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(PyList::new(value.py(), items)?.into_any())
    } else {
        Ok(value.clone())
    }
}

/// Reads one JSON value into Python objects through serde's visitor, with the builder's keys.
struct ValueVisitor<'b, 'py>(&'b mut Builder<'py>);

impl ValueVisitor<'_, '_> {
    /// `result`, with a Python error kept in the builder (serde cannot carry it) and a serde
    /// error in its place.
    fn py<T, E: de::Error>(&mut self, result: PyResult<T>) -> Result<T, E> {
        result.map_err(|e| {
            let message = e.to_string();
            self.0.error = Some(e);
            E::custom(message)
        })
    }
}

struct ValueSeed<'b, 'py>(&'b mut Builder<'py>);

impl<'de, 'py> DeserializeSeed<'de> for ValueSeed<'_, 'py> {
    type Value = Bound<'py, PyAny>;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_any(ValueVisitor(self.0))
    }
}

struct KeySeed<'b, 'py>(&'b mut Builder<'py>);

impl<'de, 'py> DeserializeSeed<'de> for KeySeed<'_, 'py> {
    type Value = Bound<'py, PyString>;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl<'de, 'py> Visitor<'de> for KeySeed<'_, 'py> {
    type Value = Bound<'py, PyString>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object key")
    }
    fn visit_str<E: de::Error>(self, key: &str) -> Result<Self::Value, E> {
        Ok(self.0.key(key))
    }
}

impl<'de, 'py> Visitor<'de> for ValueVisitor<'_, 'py> {
    type Value = Bound<'py, PyAny>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        let py = self.0.py;
        Ok(py.None().into_bound(py))
    }

    fn visit_bool<E: de::Error>(self, b: bool) -> Result<Self::Value, E> {
        Ok(PyBool::new(self.0.py, b).to_owned().into_any())
    }

    fn visit_u64<E: de::Error>(mut self, u: u64) -> Result<Self::Value, E> {
        let int = u.into_pyobject(self.0.py).map_err(PyErr::from);
        self.py(int.map(Bound::into_any))
    }

    fn visit_i64<E: de::Error>(mut self, i: i64) -> Result<Self::Value, E> {
        let int = i.into_pyobject(self.0.py).map_err(PyErr::from);
        self.py(int.map(Bound::into_any))
    }

    fn visit_f64<E: de::Error>(self, f: f64) -> Result<Self::Value, E> {
        Ok(PyFloat::new(self.0.py, f).into_any())
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<Self::Value, E> {
        Ok(PyString::new(self.0.py, s).into_any())
    }

    fn visit_seq<A: SeqAccess<'de>>(mut self, mut seq: A) -> Result<Self::Value, A::Error> {
        // Items wait on the builder's stack, which keeps its room from list to list (JSON gives
        // no length up front, and a fresh vector per list would grow as often as it is used).
        let start = self.0.stack.len();
        while let Some(item) = seq.next_element_seed(ValueSeed(self.0))? {
            self.0.stack.push(item);
        }
        let py = self.0.py;
        let list = PyList::new(py, self.0.stack.drain(start..));
        self.py(list.map(Bound::into_any))
    }

    fn visit_map<A: MapAccess<'de>>(mut self, mut map: A) -> Result<Self::Value, A::Error> {
        let dict = PyDict::new(self.0.py);
        while let Some(key) = map.next_key_seed(KeySeed(self.0))? {
            let value = map.next_value_seed(ValueSeed(self.0))?;
            self.py(dict.set_item(key, value))?;
        }
        Ok(dict.into_any())
    }
}

/// Python's cyclic garbage collector held off while a batch of objects is built, and resumed
/// (if it was on) when this is dropped, error or not.
///
/// Every dict and list allocated counts towards a collection, and a collection of the oldest
/// generation walks every tracked object alive: building 100k records (14 containers each) ran
/// dozens of them over the growing result, and they took more time than the building itself.
/// Paused, the batch costs one young collection at the next allocation after it, like any other
/// objects of that age. Nothing built here can form a cycle, and the GIL is held throughout, so no
/// other Python code runs while the collector is off.
pub struct GcPause<'py> {
    py: Python<'py>,
    resume: bool,
}

/// Batches smaller than this are not worth the three calls into the `gc` module.
const GC_PAUSE_MIN: usize = 64;

struct GcModule {
    isenabled: Py<PyAny>,
    disable: Py<PyAny>,
    enable: Py<PyAny>,
}

static GC: PyOnceLock<GcModule> = PyOnceLock::new();

impl<'py> GcPause<'py> {
    /// Pauses the collector if `len` objects' worth of building is ahead (and it is on).
    pub fn for_batch(py: Python<'py>, len: usize) -> PyResult<Self> {
        if len < GC_PAUSE_MIN {
            return Ok(GcPause { py, resume: false });
        }
        let gc = gc(py)?;
        let resume = gc.isenabled.call0(py)?.is_truthy(py)?;
        if resume {
            gc.disable.call0(py)?;
        }
        Ok(GcPause { py, resume })
    }
}

fn gc(py: Python<'_>) -> PyResult<&GcModule> {
    GC.get_or_try_init(py, || {
        let gc = py.import("gc")?;
        Ok(GcModule {
            isenabled: gc.getattr("isenabled")?.unbind(),
            disable: gc.getattr("disable")?.unbind(),
            enable: gc.getattr("enable")?.unbind(),
        })
    })
}

impl Drop for GcPause<'_> {
    fn drop(&mut self) {
        if !self.resume {
            return;
        }
        let resumed = gc(self.py).and_then(|gc| gc.enable.call0(self.py).map(drop));
        if let Err(e) = resumed {
            // Not expected (`gc.enable` cannot fail); say so rather than lose it.
            e.write_unraisable(self.py, None);
        }
    }
}
