//! Crossing the boundary: serde values to Python objects and back, records in any accepted form
//! to loaded problems, and library errors to `VerigymError`.

use std::fmt::Display;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::pybacked::{PyBackedBytes, PyBackedStr};
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyDict, PyString};
use serde::Serialize;
use serde_json::Value;
use verigym::DynProblem;
use verigym::RecordHeader;
use verigym::registry;

use crate::VerigymError;
use crate::record::Record;

/// A library error as a Python exception.
pub fn error(e: impl Display) -> PyErr {
    VerigymError::new_err(e.to_string())
}

/// Any serializable value as the Python object `json.loads` would make of its JSON: dicts keep
/// the serialized key order.
pub fn to_py<'py, T: Serialize + ?Sized>(
    py: Python<'py>,
    value: &T,
) -> PyResult<Bound<'py, PyAny>> {
    Ok(pythonize::pythonize(py, value)?)
}

/// A Python value (dicts, lists, str, int, float, bool, None) as JSON.
pub fn to_json(value: &Bound<'_, PyAny>) -> PyResult<Value> {
    pythonize::depythonize(value).map_err(|e| {
        PyTypeError::new_err(format!(
            "cannot convert {} to JSON: {e}",
            value
                .get_type()
                .name()
                .map_or_else(|_| "value".into(), |n| n.to_string())
        ))
    })
}

/// A problem record as handed in from Python: JSON text (str or bytes), or a dict.
pub enum RecordText {
    /// A str, borrowed from Python without copying.
    Borrowed(PyBackedStr),
    /// Bytes, borrowed from Python without copying; checked to be UTF-8 when read.
    Bytes(PyBackedBytes),
    /// A dict serialized.
    Owned(String),
}

impl std::ops::Deref for RecordText {
    type Target = str;
    fn deref(&self) -> &str {
        match self {
            RecordText::Borrowed(s) => s,
            RecordText::Bytes(b) => std::str::from_utf8(b).expect("checked in `extract`"),
            RecordText::Owned(s) => s,
        }
    }
}

impl RecordText {
    /// Reads a record argument. `what` names it in errors, such as "records[3]" (formatted only
    /// for an error: this runs once per record of a batch).
    pub fn extract(record: &Bound<'_, PyAny>, what: std::fmt::Arguments<'_>) -> PyResult<Self> {
        if let Ok(held) = record.cast::<Record>() {
            return Ok(RecordText::Owned(held.get().line().to_owned()));
        }
        if let Ok(text) = record.cast::<PyString>() {
            return Ok(RecordText::Borrowed(PyBackedStr::try_from(text.clone())?));
        }
        if let Ok(bytes) = record.cast::<PyBytes>() {
            std::str::from_utf8(bytes.as_bytes())
                .map_err(|e| error(format!("{what}: record bytes are not UTF-8: {e}")))?;
            return Ok(RecordText::Bytes(PyBackedBytes::from(bytes.clone())));
        }
        if record.cast::<PyDict>().is_ok() {
            // Python's C JSON encoder is several times faster than walking the dict through
            // serde here; the text is then parsed (strictly: NaN, extra fields are refused)
            // by the library like any other record.
            let text = json_dumps(record.py())?
                .call((record,), Some(&dumps_kwargs(record.py())?))
                .map_err(|e| PyTypeError::new_err(format!("{what}: not JSON-serializable: {e}")))?;
            return Ok(RecordText::Owned(text.extract()?));
        }
        Err(PyTypeError::new_err(format!(
            "{what}: a record must be a Record, a dict or its JSON text (str or bytes), not {}",
            record.get_type().name()?
        )))
    }
}

static JSON_DUMPS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

fn json_dumps(py: Python<'_>) -> PyResult<&Bound<'_, PyAny>> {
    JSON_DUMPS
        .get_or_try_init(py, || {
            Ok::<_, PyErr>(py.import("json")?.getattr("dumps")?.unbind())
        })
        .map(|f| f.bind(py))
}

fn dumps_kwargs(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let kwargs = PyDict::new(py);
    kwargs.set_item("ensure_ascii", false)?;
    kwargs.set_item("allow_nan", false)?;
    Ok(kwargs)
}

/// Loads a record of any registered env, checking its env version.
pub fn load(record_json: &str) -> verigym::Result<Box<dyn DynProblem>> {
    let header: RecordHeader = serde_json::from_str(record_json)
        .map_err(|e| verigym::Error::malformed("problem record", e))?;
    registry::find(&header.env)?.load_problem(record_json)
}
