//! `Curriculum`: the library's curriculum in-process, with feedback late, out of order or never.

use std::collections::hash_map::Entry;
use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyFloat, PyInt, PyList, PyString};
use verigym::curriculum::{Curriculum as Inner, CurriculumConfig, CurriculumState};
use verigym::{DynGenerator, registry};

use crate::convert::{error, to_json, to_py};
use crate::dicts::Builder;
use crate::record::Record;

/// A curriculum that holds a target solve rate by steering each env's difficulty level.
///
/// ``config`` is a dict with the keys of the curriculum TOML file (``seed``, ``envs``,
/// ``target``, ``controller``, ...; schema in ``schemas/curriculum-config.schema.json``), or a
/// path to such a ``.toml`` or ``.json`` file. ``next(n)`` issues ``n`` records (``n`` may change
/// from call to call); ``record(id, rewards)`` takes a problem's rewards back whenever they
/// arrive, in any order, or never.
#[pyclass(module = "verigym")]
pub struct Curriculum {
    inner: Inner,
    /// The ids awaiting feedback, mirrored so `id in curriculum` costs one lookup (the library
    /// keeps its own set private): id to issue serial, and serial to id, oldest first, so that
    /// the library's expiry (oldest first, past `max_outstanding`) is followed exactly.
    pending: HashMap<String, u64>,
    by_serial: BTreeMap<u64, String>,
    /// The serial of the next problem issued.
    issued: u64,
    /// Generators by (env, level bits) for `next_records`, made as the library makes its own.
    generators: HashMap<(usize, u64), Box<dyn DynGenerator>>,
}

impl Curriculum {
    fn with_pending(
        inner: Inner,
        pending: impl IntoIterator<Item = (String, u64)>,
        issued: u64,
    ) -> Self {
        let mut out = Curriculum {
            inner,
            pending: HashMap::new(),
            by_serial: BTreeMap::new(),
            issued,
            generators: HashMap::new(),
        };
        for (id, serial) in pending {
            out.by_serial.insert(serial, id.clone());
            out.pending.insert(id, serial);
        }
        out
    }

    /// Drops the mirrored ids the library has expired (always the oldest).
    fn expire(&mut self) {
        while self.by_serial.len() > self.inner.outstanding() {
            if let Some((_, id)) = self.by_serial.pop_first() {
                self.pending.remove(&id);
            }
        }
    }
}

#[pymethods]
impl Curriculum {
    #[new]
    fn new(config: &Bound<'_, PyAny>) -> PyResult<Self> {
        let config = read_config(config)?;
        let inner = Inner::new(config).map_err(error)?;
        Ok(Curriculum::with_pending(inner, [], 0))
    }

    /// A curriculum continuing exactly where ``state()`` was taken.
    #[staticmethod]
    fn restore(state: &Bound<'_, PyAny>) -> PyResult<Self> {
        let state: CurriculumState = serde_json::from_value(to_json(state)?)
            .map_err(|e| error(format!("malformed curriculum state: {e}")))?;
        let issued = state.issued;
        let pending: Vec<(String, u64)> = state
            .outstanding
            .iter()
            .map(|p| (p.id.clone(), p.serial))
            .collect();
        let inner = Inner::restore(state).map_err(error)?;
        Ok(Curriculum::with_pending(inner, pending, issued))
    }

    /// The next ``n`` problems as record dicts, each byte-identical to ``verigym generate`` at
    /// its env, level, seed and index. Each stays outstanding until ``record`` names its id.
    fn next<'py>(&mut self, py: Python<'py>, n: usize) -> PyResult<Bound<'py, PyList>> {
        let inner = &mut self.inner;
        let batch = py.detach(|| inner.next(n)).map_err(error)?;
        for record in &batch {
            self.by_serial.insert(self.issued, record.id.clone());
            self.pending.insert(record.id.clone(), self.issued);
            self.issued += 1;
        }
        self.expire();
        let mut builder = Builder::new(py);
        let dicts = batch
            .iter()
            .map(|r| builder.record(r))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, dicts)
    }

    /// The next ``n`` problems as :class:`Record` objects (the same problems ``next`` would
    /// issue): each holds the CLI's exact line (``jsonl()``) and its typed problem, so the verify
    /// functions judge it without parsing, and ``to_dict()`` is the dict ``next`` gives.
    fn next_records<'py>(&mut self, py: Python<'py>, n: usize) -> PyResult<Bound<'py, PyList>> {
        let Curriculum {
            inner, generators, ..
        } = self;
        let records = py
            .detach(|| {
                let plan = inner.plan(n);
                let mut out = Vec::with_capacity(n);
                for p in plan {
                    // The library's `generator` lends its cached generator for as long as the
                    // curriculum is borrowed, and a Record must own its problem: so the same
                    // generator, made the same way, is kept here.
                    let generator = match generators.entry((p.env, p.level.to_bits())) {
                        Entry::Occupied(found) => found.into_mut(),
                        Entry::Vacant(slot) => {
                            let config = inner.config();
                            let spec = &config.envs[p.env];
                            slot.insert(
                                registry::find(&spec.id)
                                    .and_then(|env| {
                                        env.generator(Some(p.level), &spec.params, config.seed)
                                    })
                                    .map_err(|e| e.to_string())?,
                            )
                        }
                    };
                    let record = Record::generate(&**generator, p.index);
                    inner
                        .track(record.problem().id(), p)
                        .map_err(|e| e.to_string())?;
                    out.push(record);
                }
                Ok::<_, String>(out)
            })
            .map_err(error)?;
        for record in &records {
            self.by_serial
                .insert(self.issued, record.problem().id().to_owned());
            self.pending
                .insert(record.problem().id().to_owned(), self.issued);
            self.issued += 1;
        }
        self.expire();
        let objects = records
            .into_iter()
            .map(|record| Bound::new(py, record))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, objects)
    }

    /// Feeds back the rewards of every answer to problem ``id``: a sequence of numbers from 0 to
    /// 1 (``bool``, ``int`` and ``float`` all count); an empty sequence forgets the problem.
    /// Raises ``VerigymError`` (naming the id and the value) for an id not outstanding or a
    /// reward outside [0, 1] or NaN, and ``TypeError`` for a reward that is not a number; the
    /// curriculum is unchanged when it raises.
    fn record(&mut self, id: &str, rewards: &Bound<'_, PyAny>) -> PyResult<()> {
        if rewards.cast::<PyString>().is_ok() {
            return Err(PyTypeError::new_err(format!(
                "rewards for problem `{id}`: a sequence of numbers, not the string {}",
                rewards.repr()?
            )));
        }
        let mut values = Vec::new();
        for (position, reward) in rewards
            .try_iter()
            .map_err(|_| {
                PyTypeError::new_err(format!(
                    "rewards for problem `{id}`: a sequence of numbers, not {}",
                    rewards
                        .repr()
                        .map_or_else(|_| "?".into(), |r| r.to_string())
                ))
            })?
            .enumerate()
        {
            values.push(reward_value(id, position, &reward?)?);
        }
        self.inner.record(id, &values).map_err(error)?;
        if let Some(serial) = self.pending.remove(id) {
            self.by_serial.remove(&serial);
        }
        Ok(())
    }

    /// The feedback-episode options (``{"max_turns": ..., "reward": ...}``) that outstanding
    /// problem ``id`` must be played with: its env's ``episode`` schedule at the level the problem
    /// was issued at, so the turn budget is part of the difficulty the curriculum steers. ``None``
    /// for a problem whose env has no schedule (play it single-turn) or an id not outstanding.
    /// Pass it as ``Episode(record, feedback=...)`` and record the episode's final reward.
    fn episode_options<'py>(&self, py: Python<'py>, id: &str) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.inner.episode_options(id))
    }

    /// ``id in curriculum``: whether problem ``id`` was issued and still awaits its rewards
    /// (not yet recorded, nor expired past ``max_outstanding``).
    fn __contains__(&self, id: &str) -> bool {
        self.pending.contains_key(id)
    }

    /// Problems issued and still waiting for feedback.
    #[getter]
    fn outstanding(&self) -> usize {
        self.inner.outstanding()
    }

    /// The config as a dict.
    #[getter]
    fn config<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, self.inner.config())
    }

    /// The whole state as a JSON-ready dict, for a trainer's checkpoint; ``restore`` takes it.
    fn state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.inner.state())
    }

    /// A snapshot: solve rate, zero-variance share, effective samples, and per env its level,
    /// uncertainty, outstanding count and running stats.
    fn telemetry<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.inner.telemetry())
    }

    fn __repr__(&self) -> String {
        let envs: Vec<&str> = self
            .inner
            .config()
            .envs
            .iter()
            .map(|e| e.id.as_str())
            .collect();
        format!(
            "Curriculum(envs={envs:?}, outstanding={})",
            self.inner.outstanding()
        )
    }
}

/// A config dict, or a `.toml` / `.json` file.
fn read_config(config: &Bound<'_, PyAny>) -> PyResult<CurriculumConfig> {
    if config.cast::<pyo3::types::PyDict>().is_ok() {
        return serde_json::from_value(to_json(config)?)
            .map_err(|e| error(format!("invalid curriculum config: {e}")));
    }
    let path: PathBuf = config.extract().map_err(|_| {
        PyTypeError::new_err("config: a dict, or the path of a .toml or .json config file")
    })?;
    let text = std::fs::read_to_string(&path)
        .map_err(|e| error(format!("reading {}: {e}", path.display())))?;
    let parsed = if path.extension().is_some_and(|e| e == "json") {
        serde_json::from_str(&text).map_err(|e| e.to_string())
    } else {
        toml::from_str(&text).map_err(|e| e.to_string())
    };
    parsed.map_err(|e| error(format!("invalid curriculum config {}: {e}", path.display())))
}

/// One reward as a float: bools are 0 or 1, ints and floats as they are; anything else (a
/// string, None) is a `TypeError` naming the problem, the position and the value. Range and NaN
/// are checked by the library, which names them too.
fn reward_value(id: &str, position: usize, reward: &Bound<'_, PyAny>) -> PyResult<f64> {
    if let Ok(b) = reward.cast::<PyBool>() {
        return Ok(if b.is_true() { 1.0 } else { 0.0 });
    }
    let numeric = reward.cast::<PyFloat>().is_ok()
        || reward.cast::<PyInt>().is_ok()
        || (reward.cast::<PyString>().is_err() && reward.hasattr("__float__")?);
    if numeric && let Ok(value) = reward.extract::<f64>() {
        return Ok(value);
    }
    Err(PyTypeError::new_err(format!(
        "invalid reward {} at position {position} for problem `{id}`; allowed: a number from 0 \
         to 1 (bool, int or float)",
        reward.repr()?
    )))
}
