//! `envs()` and `Dataset`: random access to an env's problem stream, as dicts or as the CLI's bytes.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, mpsc};

use pyo3::exceptions::{PyIndexError, PyStopIteration, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PySlice, PyTuple};
use rayon::prelude::*;
use serde::Serialize;
use serde_json::Value;
use serde_json::value::RawValue;
use verigym::{AnswerFormat, DynEnv, DynGenerator, Problem, registry, stream};

use crate::convert::{error, to_json, to_py};
use crate::dicts::{Builder, GcPause};
use crate::pipeline::{self, pipelined};
use crate::record::Record;
use crate::verify::{Batch, columns};

/// Problems generated per parallel chunk when iterating.
const ITER_CHUNK: u64 = 1024;

/// A record with its data as the JSON its line holds (the params are the generator's).
type RawRecord = Problem<(), Box<RawValue>>;

/// Records for these indices, generated in parallel, in order (rayon's collect keeps it).
fn raw_records(
    generator: &dyn DynGenerator,
    indices: impl ParallelIterator<Item = u64>,
) -> Vec<RawRecord> {
    indices.map(|i| generator.record_raw(i)).collect()
}

/// Builds `records` as dicts onto `out`, with the cyclic collector paused, and frees a batch of
/// them on rayon's pool (four allocations a record, not worth freeing under the GIL).
fn build_dicts<'py>(
    builder: &mut Builder<'py>,
    generator: &dyn DynGenerator,
    records: Vec<RawRecord>,
    out: &mut Vec<Bound<'py, PyAny>>,
) -> PyResult<()> {
    let _pause = GcPause::for_batch(builder.py(), records.len())?;
    // Every record of a generator has its params: read once, copied for each record.
    let params = builder.value(&generator.params())?;
    for record in &records {
        out.push(builder.record_raw(record, &params)?.into_any());
    }
    if records.len() >= 64 {
        rayon::spawn(move || drop(records));
    }
    Ok(())
}

/// One env, described for `envs()`.
#[derive(Serialize)]
struct EnvInfo {
    id: &'static str,
    version: u32,
    summary: &'static str,
    answer_format: String,
    default_params: Value,
    params: Vec<verigym::ParamInfo>,
}

/// Every registered env: id, version, summary, answer format ("tagged" or "code_block:<lang>"),
/// default params, and each param with its default, allowed values and description.
#[pyfunction]
pub fn envs(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    let infos: Vec<EnvInfo> = registry::envs()
        .iter()
        .map(|env| EnvInfo {
            id: env.id(),
            version: env.version(),
            summary: env.summary(),
            answer_format: match env.answer_format() {
                AnswerFormat::Tagged => "tagged".to_owned(),
                AnswerFormat::CodeBlock(lang) => format!("code_block:{lang}"),
            },
            default_params: env.default_params(),
            params: env.params_info(),
        })
        .collect();
    to_py(py, &infos)
}

/// The problems of one env for one (params, seed), by index: ``ds[i]`` is the record
/// ``verigym generate`` writes as line ``i``, as a dict.
///
/// ``size=None`` makes the dataset endless (no ``len``, iteration never stops); otherwise it
/// holds indices ``0..size``. ``level`` (0 to 10) maps to params; keyword params override them
/// by name, exactly as ``--param`` does.
#[pyclass(module = "verigym", frozen)]
pub struct Dataset {
    env: &'static dyn DynEnv,
    generator: Arc<dyn DynGenerator>,
    size: Option<u64>,
    seed: u64,
    level: Option<f64>,
}

impl Dataset {
    /// Records for these indices, generated in parallel without the GIL, in order.
    fn generate(&self, py: Python<'_>, indices: &[u64]) -> Vec<Problem> {
        let generator = &*self.generator;
        if indices.len() < 16 {
            return indices.iter().map(|&i| generator.record(i)).collect();
        }
        py.detach(|| indices.par_iter().map(|&i| generator.record(i)).collect())
    }

    /// Records for these indices as dicts, in order: generated without the GIL, each with its
    /// data as the JSON its line holds, and built into Python objects under the GIL while the
    /// next chunk is generated (see `pipeline`).
    fn dicts<'py>(&self, py: Python<'py>, indices: &[u64]) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let generator = &*self.generator;
        let mut builder = Builder::new(py);
        let mut out = Vec::with_capacity(indices.len());
        if indices.len() < 16 {
            let records: Vec<RawRecord> =
                indices.iter().map(|&i| generator.record_raw(i)).collect();
            build_dicts(&mut builder, generator, records, &mut out)?;
            return Ok(out);
        }
        let chunks: Vec<&[u64]> = indices.chunks(pipeline::CHUNK).collect();
        pipelined(
            py,
            &chunks,
            |chunk| raw_records(generator, chunk.par_iter().copied()),
            |records| build_dicts(&mut builder, generator, records, &mut out),
        )?;
        Ok(out)
    }

    /// JSON lines (without newline) for these indices, in parallel, in order.
    fn lines(&self, py: Python<'_>, indices: &[u64]) -> Vec<String> {
        let generator = &*self.generator;
        let line = |&i: &u64| {
            let mut out = Vec::new();
            generator.write_jsonl(i, &mut out);
            out.pop();
            String::from_utf8(out).expect("serde_json writes UTF-8")
        };
        py.detach(|| indices.par_iter().map(line).collect())
    }

    /// A Python index as a problem index, counting negative ones from the end.
    fn index(&self, i: i128) -> PyResult<u64> {
        let resolved = if i < 0 {
            let Some(size) = self.size else {
                return Err(PyIndexError::new_err(format!(
                    "index {i}: an endless dataset (size=None) has no end to count from"
                )));
            };
            i + i128::from(size)
        } else {
            i
        };
        match (u64::try_from(resolved), self.size) {
            (Ok(index), Some(size)) if index < size => Ok(index),
            (Ok(index), None) => Ok(index),
            _ => Err(PyIndexError::new_err(format!(
                "index {i} is out of range for a dataset of size {}",
                self.size.map_or("unbounded".to_owned(), |s| s.to_string())
            ))),
        }
    }

    /// The indices a slice selects.
    fn slice_indices(&self, slice: &Bound<'_, PySlice>) -> PyResult<Vec<u64>> {
        if let Some(size) = self.size {
            let len = isize::try_from(size)
                .map_err(|_| PyValueError::new_err("dataset too large to slice"))?;
            let s = slice.indices(len)?;
            let mut out = Vec::with_capacity(s.slicelength);
            let mut i = s.start;
            for _ in 0..s.slicelength {
                out.push(i as u64);
                i += s.step;
            }
            return Ok(out);
        }
        // Endless: only forward slices with explicit, non-negative bounds make sense.
        let get = |name: &str| -> PyResult<Option<i128>> {
            let v = slice.getattr(name)?;
            if v.is_none() {
                Ok(None)
            } else {
                Ok(Some(v.extract()?))
            }
        };
        let (start, stop, step) = (get("start")?, get("stop")?, get("step")?);
        let start = start.unwrap_or(0);
        let step = step.unwrap_or(1);
        let Some(stop) = stop.filter(|&s| s >= 0 && start >= 0 && step > 0) else {
            return Err(PyIndexError::new_err(
                "an endless dataset (size=None) takes only slices [start:stop:step] with \
                 start >= 0, stop >= 0 given, and step > 0",
            ));
        };
        let mut out = Vec::new();
        let mut i = start;
        while i < stop {
            out.push(u64::try_from(i).expect("non-negative"));
            i += step;
        }
        Ok(out)
    }

    /// A batch to judge: record `indices[j]` against `responses[j]`.
    fn batch(&self, indices: Vec<i128>, responses: &Bound<'_, PyAny>) -> PyResult<Batch> {
        let indices = indices
            .into_iter()
            .map(|i| self.index(i))
            .collect::<PyResult<Vec<_>>>()?;
        Batch::by_index(&self.generator, indices, responses)
    }

    /// Indices `start..stop`, with `stop` defaulting to the size.
    fn range(&self, start: u64, stop: Option<u64>) -> PyResult<std::ops::Range<u64>> {
        let stop = match (stop, self.size) {
            (Some(stop), Some(size)) => stop.min(size),
            (Some(stop), None) => stop,
            (None, Some(size)) => size,
            (None, None) => {
                return Err(PyValueError::new_err(
                    "stop: an endless dataset (size=None) needs an explicit stop",
                ));
            }
        };
        Ok(start.min(stop)..stop)
    }
}

#[pymethods]
impl Dataset {
    #[new]
    #[pyo3(
        signature = (env, *args, params=None, **kwargs),
        text_signature = "(env, size=None, seed=0, level=None, *, params=None, **env_params)"
    )]
    fn new(
        env: &str,
        args: &Bound<'_, PyTuple>,
        params: Option<&Bound<'_, PyAny>>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let DatasetArgs {
            size,
            seed,
            level,
            params,
        } = DatasetArgs::parse(args, params, kwargs)?;
        let found = registry::find(env).map_err(error)?;
        let generator = found.generator(level, &params, seed).map_err(error)?;
        Ok(Dataset {
            env: found,
            generator: Arc::from(generator),
            size,
            seed,
            level,
        })
    }

    /// The env id.
    #[getter]
    fn env(&self) -> &'static str {
        self.env.id()
    }

    /// The env's version, as in every record's ``env_version``.
    #[getter]
    fn env_version(&self) -> u32 {
        self.env.version()
    }

    /// The master seed.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// The difficulty level the params came from, if any.
    #[getter]
    fn level(&self) -> Option<f64> {
        self.level
    }

    /// The number of problems, or None for an endless dataset.
    #[getter]
    fn size(&self) -> Option<u64> {
        self.size
    }

    /// The validated params every record carries.
    #[getter]
    fn params<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.generator.params())
    }

    fn __len__(&self) -> PyResult<usize> {
        let size = self.size.ok_or_else(|| {
            PyTypeError::new_err("an endless dataset (size=None) has no len(); pass size=")
        })?;
        usize::try_from(size).map_err(|_| PyValueError::new_err("size does not fit in a len()"))
    }

    fn __getitem__<'py>(
        &self,
        py: Python<'py>,
        key: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if let Ok(slice) = key.cast::<PySlice>() {
            let indices = self.slice_indices(slice)?;
            return Ok(PyList::new(py, self.dicts(py, &indices)?)?.into_any());
        }
        let i: i128 = key.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "dataset indices must be integers or slices, not {}",
                key.get_type()
                    .name()
                    .map_or_else(|_| "?".into(), |n| n.to_string())
            ))
        })?;
        let index = self.index(i)?;
        Ok(self.dicts(py, &[index])?.pop().expect("one record"))
    }

    fn __iter__(slf: Bound<'_, Self>) -> DatasetIter {
        let end = slf.get().size;
        DatasetIter {
            dataset: slf.unbind(),
            next: 0,
            end,
            buffer: VecDeque::new(),
            ahead: None,
        }
    }

    /// Record ``i`` exactly as ``verigym generate`` writes it: one JSON line, with its ``\n``.
    fn jsonl<'py>(&self, py: Python<'py>, i: i128) -> PyResult<Bound<'py, PyBytes>> {
        let mut out = Vec::new();
        self.generator.write_jsonl(self.index(i)?, &mut out);
        Ok(PyBytes::new(py, &out))
    }

    /// Records ``start..stop`` as the JSONL bytes ``verigym generate --start START -n COUNT``
    /// writes, generated in parallel without the GIL.
    #[pyo3(signature = (start=0, stop=None))]
    fn to_jsonl<'py>(
        &self,
        py: Python<'py>,
        start: u64,
        stop: Option<u64>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let range = self.range(start, stop)?;
        let generator = &*self.generator;
        let bytes = py.detach(|| {
            let mut out = Vec::new();
            stream::write_jsonl(generator, range.start, range.end - range.start, &mut out)
                .map(|()| out)
        });
        Ok(PyBytes::new(py, &bytes.map_err(error)?))
    }

    /// Records ``start..stop`` as columns, for building Arrow tables, ``datasets`` and Ray
    /// blocks: ``index``, ``id``, ``env``, ``prompt``, ``answer``, ``difficulty`` (lists) and
    /// ``record``, each record's JSON line without its newline.
    #[pyo3(signature = (start=0, stop=None))]
    fn columns<'py>(
        &self,
        py: Python<'py>,
        start: u64,
        stop: Option<u64>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let indices: Vec<u64> = self.range(start, stop)?.collect();
        let records = self.generate(py, &indices);
        let lines = self.lines(py, &indices);
        let out = PyDict::new(py);
        out.set_item("index", &indices)?;
        out.set_item(
            "id",
            records.iter().map(|r| r.id.as_str()).collect::<Vec<_>>(),
        )?;
        out.set_item("env", vec![self.env.id(); records.len()])?;
        out.set_item(
            "prompt",
            records
                .iter()
                .map(|r| r.prompt.as_str())
                .collect::<Vec<_>>(),
        )?;
        out.set_item(
            "answer",
            records
                .iter()
                .map(|r| r.answer.as_str())
                .collect::<Vec<_>>(),
        )?;
        out.set_item(
            "difficulty",
            records
                .iter()
                .map(|r| r.meta.difficulty)
                .collect::<Vec<_>>(),
        )?;
        out.set_item("record", lines)?;
        Ok(out)
    }

    /// Record ``i`` as a :class:`Record`: held in Rust, its fields built when read.
    fn record(&self, i: i128) -> PyResult<Record> {
        Ok(Record::generate(&*self.generator, self.index(i)?))
    }

    /// Records ``start..stop`` as :class:`Record` objects, generated in parallel without the GIL;
    /// the cheapest way to hold many records in Python.
    #[pyo3(signature = (start=0, stop=None))]
    fn records<'py>(
        &self,
        py: Python<'py>,
        start: u64,
        stop: Option<u64>,
    ) -> PyResult<Bound<'py, PyList>> {
        let range = self.range(start, stop)?;
        let generator = &*self.generator;
        let records: Vec<Record> = py.detach(|| {
            range
                .into_par_iter()
                .map(|i| Record::generate(generator, i))
                .collect()
        });
        let objects = records
            .into_iter()
            .map(|record| Bound::new(py, record))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, objects)
    }

    /// Judges ``responses[j]`` against record ``indices[j]`` of this dataset, in parallel without
    /// the GIL; each distinct index is generated once, typed, never written or parsed. Returns
    /// verdict dicts, as ``verify_many`` does.
    fn verify_many<'py>(
        &self,
        py: Python<'py>,
        indices: Vec<i128>,
        responses: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyList>> {
        self.batch(indices, responses)?.verdict_dicts(py)
    }

    /// The scores of ``verify_many(indices, responses)``, without building verdict dicts.
    fn scores(
        &self,
        py: Python<'_>,
        indices: Vec<i128>,
        responses: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<f64>> {
        let batch = self.batch(indices, responses)?;
        Ok(batch.judge(py)?.verdicts.iter().map(|v| v.score).collect())
    }

    /// ``verify_many(indices, responses)`` as the columns ``verigym.verify_columns`` returns.
    fn verify_columns<'py>(
        &self,
        py: Python<'py>,
        indices: Vec<i128>,
        responses: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyDict>> {
        columns(py, &self.batch(indices, responses)?)
    }

    fn __repr__(&self) -> String {
        let level = self.level.map_or("None".to_owned(), |l| l.to_string());
        let size = self.size.map_or("None".to_owned(), |s| s.to_string());
        format!(
            "Dataset(env={:?}, size={size}, seed={}, level={level}, params={})",
            self.env.id(),
            self.seed,
            self.generator.params()
        )
    }
}

/// `Dataset`'s arguments after `env`: `size`, `seed` and `level` by position or keyword, env
/// params from `params=` and the other keywords.
struct DatasetArgs {
    size: Option<u64>,
    seed: u64,
    level: Option<f64>,
    params: serde_json::Map<String, Value>,
}

/// `Dataset`'s own arguments after `env`, in position order.
const DATASET_ARGS: [&str; 3] = ["size", "seed", "level"];

impl DatasetArgs {
    fn parse<'py>(
        args: &Bound<'py, PyTuple>,
        params: Option<&Bound<'py, PyAny>>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Self> {
        if args.len() > DATASET_ARGS.len() {
            return Err(PyTypeError::new_err(format!(
                "Dataset() takes env and at most {} more positional arguments (size, seed, level), \
                 {} given; env params go in params= or as keywords",
                DATASET_ARGS.len(),
                args.len()
            )));
        }
        let keywords = match kwargs {
            Some(kwargs) => kwargs.copy()?,
            None => PyDict::new(args.py()),
        };
        // Each of size, seed and level: by position, else by keyword; both is the collision of
        // an env param named like it (sudoku's `size`), which belongs in params=.
        let mut own: [Option<Bound<'py, PyAny>>; 3] = [None, None, None];
        for (k, name) in DATASET_ARGS.iter().enumerate() {
            let keyword = keywords.get_item(name)?;
            if let Some(keyword) = &keyword {
                keywords.del_item(name)?;
                if k < args.len() {
                    return Err(collision(name, keyword));
                }
            }
            own[k] = if k < args.len() {
                Some(args.get_item(k)?)
            } else {
                keyword
            };
        }
        let [size, seed, level] = own;
        let given = |value: Option<Bound<'py, PyAny>>| value.filter(|v| !v.is_none());
        let size = given(size)
            .map(|v| extract_arg::<u64>(&v, "size", "a non-negative integer or None"))
            .transpose()?;
        let seed = given(seed)
            .map(|v| extract_arg::<u64>(&v, "seed", "an integer from 0 to 2**64 - 1"))
            .transpose()?
            .unwrap_or(0);
        let level = given(level)
            .map(|v| extract_arg::<f64>(&v, "level", "a number from 0 to 10, or None"))
            .transpose()?;
        Ok(DatasetArgs {
            size,
            seed,
            level,
            params: env_params(params, &keywords)?,
        })
    }
}

/// A `Dataset` argument of type `T`, or a `TypeError` naming it, its value and what is allowed.
fn extract_arg<'py, T: pyo3::conversion::FromPyObjectOwned<'py>>(
    value: &Bound<'py, PyAny>,
    name: &str,
    allowed: &str,
) -> PyResult<T> {
    if value.is_instance_of::<pyo3::types::PyBool>() {
        return Err(bad_arg(value, name, allowed));
    }
    value
        .extract::<T>()
        .map_err(|_| bad_arg(value, name, allowed))
}

fn bad_arg(value: &Bound<'_, PyAny>, name: &str, allowed: &str) -> PyErr {
    let shown = value.repr().map_or_else(|_| "?".into(), |r| r.to_string());
    PyTypeError::new_err(format!("Dataset(): {name}={shown}; allowed: {allowed}"))
}

/// The error for keyword `name` given beside the positional argument of that name.
fn collision(name: &str, keyword: &Bound<'_, PyAny>) -> PyErr {
    let value = keyword
        .repr()
        .map_or_else(|_| "?".into(), |r| r.to_string());
    PyTypeError::new_err(format!(
        "Dataset(): `{name}` is given twice, positionally and as the keyword {name}={value}. If \
         `{name}` is an env param (sudoku, futoshiki and binairo have a `size`), pass it as \
         params={{'{name}': {value}}}: env params named like an argument of Dataset (size, seed, \
         level) go in params="
    ))
}

/// Env params from a `params=` mapping and keyword arguments; a name in both is refused.
pub fn env_params(
    params: Option<&Bound<'_, PyAny>>,
    keywords: &Bound<'_, PyDict>,
) -> PyResult<serde_json::Map<String, Value>> {
    let mut out = match params.filter(|p| !p.is_none()) {
        None => serde_json::Map::new(),
        Some(params) => {
            let mapping = params.cast::<pyo3::types::PyMapping>().map_err(|_| {
                PyTypeError::new_err(format!(
                    "params= takes a mapping of env param names to values, not {}",
                    params
                        .get_type()
                        .name()
                        .map_or_else(|_| "?".into(), |n| n.to_string())
                ))
            })?;
            let mut out = serde_json::Map::new();
            for item in mapping.items()?.iter() {
                let (name, value): (Bound<'_, PyAny>, Bound<'_, PyAny>) = item.extract()?;
                let name: String = name.extract().map_err(|_| {
                    PyTypeError::new_err(format!(
                        "params= keys are env param names (str), not {}",
                        name.repr().map_or_else(|_| "?".into(), |r| r.to_string())
                    ))
                })?;
                out.insert(name, to_json(&value)?);
            }
            out
        }
    };
    for (name, value) in keywords.iter() {
        let name: String = name.extract()?;
        if let Some(given) = out.get(&name) {
            return Err(error(format!(
                "env param `{name}` is given twice, as params={{'{name}': {given}}} and as the \
                 keyword {name}={}; give it once",
                value.repr()?
            )));
        }
        out.insert(name, to_json(&value)?);
    }
    Ok(out)
}

/// Iterates a [`Dataset`] in index order, generating chunks in parallel ahead of the reader:
/// while one chunk's dicts are handed out (and built), the next chunk is generated on rayon's
/// pool.
#[pyclass(module = "verigym")]
pub struct DatasetIter {
    dataset: Py<Dataset>,
    next: u64,
    end: Option<u64>,
    buffer: VecDeque<Py<PyAny>>,
    /// The chunk after the buffered one, being generated: where it stops, and its records (in
    /// a mutex only because a pyclass must be `Sync`; `&mut self` reaches it without locking).
    ahead: Option<(u64, Mutex<mpsc::Receiver<Vec<RawRecord>>>)>,
}

impl DatasetIter {
    /// The end of the chunk starting at `start`, or None when the dataset ends there.
    fn chunk_end(&self, start: u64) -> Option<u64> {
        let stop = start.saturating_add(ITER_CHUNK);
        let stop = self.end.map_or(stop, |end| stop.min(end));
        (start < stop).then_some(stop)
    }

    /// Starts generating `start..stop` on rayon's pool.
    fn generate_ahead(&mut self, start: u64, stop: u64) {
        let generator = Arc::clone(&self.dataset.get().generator);
        let (tx, rx) = mpsc::sync_channel(1);
        rayon::spawn(move || {
            // The iterator may be gone (dropped mid-way); then so are these records.
            let _ = tx.send(raw_records(&*generator, (start..stop).into_par_iter()));
        });
        self.ahead = Some((stop, Mutex::new(rx)));
    }
}

#[pymethods]
impl DatasetIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        if let Some(item) = self.buffer.pop_front() {
            return Ok(item);
        }
        let (stop, records) = match self.ahead.take() {
            Some((stop, rx)) => {
                let rx = rx
                    .into_inner()
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
                let records = py
                    .detach(move || rx.recv())
                    .expect("the generating task sends its chunk (it panicked otherwise)");
                (stop, records)
            }
            None => {
                let Some(stop) = self.chunk_end(self.next) else {
                    return Err(PyStopIteration::new_err(()));
                };
                let dataset = self.dataset.get();
                let generator = &*dataset.generator;
                let start = self.next;
                let records = py.detach(|| raw_records(generator, (start..stop).into_par_iter()));
                (stop, records)
            }
        };
        self.next = stop;
        if let Some(after) = self.chunk_end(stop) {
            self.generate_ahead(stop, after);
        }
        let mut builder = Builder::new(py);
        let mut dicts = Vec::with_capacity(records.len());
        build_dicts(
            &mut builder,
            &*self.dataset.get().generator,
            records,
            &mut dicts,
        )?;
        self.buffer.extend(dicts.into_iter().map(Bound::unbind));
        match self.buffer.pop_front() {
            Some(item) => Ok(item),
            None => Err(PyStopIteration::new_err(())),
        }
    }
}
