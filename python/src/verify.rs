//! `verify`, `verify_group`, `verify_many` and `scores`: verdicts for responses, in parallel with
//! the GIL released.
//!
//! A record arrives as a `Record` (its problem already typed: nothing parsed or generated), as an
//! index into a `Dataset` (generated typed, once per distinct index), as its JSON line (str or
//! bytes, parsed once off the GIL), or as a dict (encoded by Python's C JSON encoder, then
//! parsed): the fastest path is the first, the slowest the last.

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::ops::Range;
use std::sync::Arc;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyDict, PyList, PyString};
use rayon::prelude::*;
use verigym::{DynGenerator, DynProblem, Verdict};

use crate::convert::{RecordText, error, load};
use crate::dicts::{Builder, GcPause};
use crate::pipeline::{self, pipelined};
use crate::record::Record;

/// Where a record to judge comes from.
pub enum Source {
    /// Its JSON text.
    Text(RecordText),
    /// A `Record`, which holds its problem typed.
    Held(Py<Record>),
    /// An index into the batch's generator: the problem is generated typed, without JSON.
    Index(u64),
}

impl Source {
    /// Reads a record argument: a `Record`, or a dict or JSON text. `what` names it in errors.
    pub fn extract(record: &Bound<'_, PyAny>, what: fmt::Arguments<'_>) -> PyResult<Self> {
        match record.cast::<Record>() {
            Ok(held) => Ok(Source::Held(held.clone().unbind())),
            Err(_) => Ok(Source::Text(RecordText::extract(record, what)?)),
        }
    }
}

/// A problem to judge: loaded or generated for this batch, or held by a `Record`.
enum Problem<'a> {
    Owned(Box<dyn DynProblem + 'a>),
    Held(&'a dyn DynProblem),
}

impl<'a> Problem<'a> {
    /// The problem `source` names; `generator` is the batch's, for indices.
    fn of(source: &'a Source, generator: Option<&'a dyn DynGenerator>) -> verigym::Result<Self> {
        Ok(match source {
            Source::Text(text) => Problem::Owned(load(text)?),
            Source::Held(record) => Problem::Held(record.get().problem()),
            Source::Index(index) => Problem::Owned(
                generator
                    .expect("index sources come with their generator")
                    .problem(*index),
            ),
        })
    }

    fn get(&self) -> &dyn DynProblem {
        match self {
            Problem::Owned(problem) => &**problem,
            Problem::Held(problem) => *problem,
        }
    }
}

/// Records to judge and, for each response, which of them it answers.
pub struct Batch {
    /// The generator `Source::Index` sources index into.
    generator: Option<Arc<dyn DynGenerator>>,
    /// Each distinct record, with the first response to it (which names it in errors).
    sources: Vec<(usize, Source)>,
    item_source: Vec<usize>,
    answers: Vec<PyBackedStr>,
}

/// A batch judged: the verdicts in input order, and each response's problem (for ids).
pub struct Judged<'a> {
    problems: Vec<Problem<'a>>,
    item_problem: Vec<usize>,
    pub verdicts: Vec<Verdict>,
}

impl Judged<'_> {
    /// Each response's problem id as a Python str; a run of responses to one problem (a GRPO
    /// group) shares one str object.
    pub fn ids<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let mut last: Option<(usize, Bound<'py, PyString>)> = None;
        let ids = self.item_problem.iter().map(|&p| match &last {
            Some((q, id)) if *q == p => id.clone(),
            _ => {
                let id = PyString::new(py, self.problems[p].get().id());
                last = Some((p, id.clone()));
                id
            }
        });
        PyList::new(py, ids)
    }
}

impl Batch {
    /// Records by index in one generator, each distinct index generated once.
    pub fn by_index(
        generator: &Arc<dyn DynGenerator>,
        indices: Vec<u64>,
        responses: &Bound<'_, PyAny>,
    ) -> PyResult<Self> {
        let answers = responses_of(responses, indices.len())?;
        let mut sources = Vec::new();
        let mut by_index: HashMap<u64, usize> = HashMap::new();
        let mut item_source: Vec<usize> = Vec::with_capacity(indices.len());
        for (i, &index) in indices.iter().enumerate() {
            // A run of one index (a GRPO group) needs no lookup.
            let slot = match item_source.last() {
                Some(&slot) if indices[i - 1] == index => slot,
                _ => *by_index.entry(index).or_insert_with(|| {
                    sources.push((i, Source::Index(index)));
                    sources.len() - 1
                }),
            };
            item_source.push(slot);
        }
        Ok(Batch {
            generator: Some(Arc::clone(generator)),
            sources,
            item_source,
            answers,
        })
    }

    /// `records[i]` and `responses[i]`. A record object repeated (a GRPO group) is read once;
    /// a `Record` needs no reading at all, so among them only a repeat in a row is looked for.
    fn of(records: &Bound<'_, PyAny>, responses: &Bound<'_, PyAny>) -> PyResult<Self> {
        let (n_records, n_responses) = (records.len()?, responses.len()?);
        if n_records != n_responses {
            return Err(PyValueError::new_err(format!(
                "records and responses differ in length: {n_records} records, {n_responses} \
                 responses"
            )));
        }
        let answers = responses_of(responses, n_responses)?;
        let mut sources: Vec<(usize, Source)> = Vec::with_capacity(n_records);
        let mut text_by_object: HashMap<usize, usize> = HashMap::new();
        let mut item_source = Vec::with_capacity(n_records);
        let mut previous: Option<(usize, usize)> = None;
        for (i, record) in records.try_iter()?.enumerate() {
            let record = record?;
            let ptr = record.as_ptr() as usize;
            let slot = match previous {
                Some((p, slot)) if p == ptr => slot,
                _ => match record.cast::<Record>() {
                    Ok(held) => {
                        sources.push((i, Source::Held(held.clone().unbind())));
                        sources.len() - 1
                    }
                    Err(_) => match text_by_object.get(&ptr) {
                        Some(&slot) => slot,
                        None => {
                            let text = RecordText::extract(&record, format_args!("records[{i}]"))?;
                            sources.push((i, Source::Text(text)));
                            text_by_object.insert(ptr, sources.len() - 1);
                            sources.len() - 1
                        }
                    },
                },
            };
            previous = Some((ptr, slot));
            item_source.push(slot);
        }
        Ok(Batch {
            generator: None,
            sources,
            item_source,
            answers,
        })
    }

    /// Every response's verdict, judged without the GIL.
    pub fn judge(&self, py: Python<'_>) -> PyResult<Judged<'_>> {
        py.detach(|| prepare(self).map(|prepared| prepared.judge(&self.answers)))
            .map_err(error)
    }

    /// Every response's verdict as a dict, in order. The dicts of one chunk of responses are
    /// built while the next chunk is judged (see `pipeline`); a group env's batch is judged
    /// whole first, as its groups may span chunks.
    pub fn verdict_dicts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let prepared = py.detach(|| prepare(self)).map_err(error)?;
        let mut builder = Builder::new(py);
        if prepared.grouped {
            return builder.verdicts(&prepared.judge(&self.answers).verdicts);
        }
        let mut out = Vec::with_capacity(self.answers.len());
        pipelined(
            py,
            &pipeline::chunks(self.answers.len()),
            |range| prepared.verify_each(range.clone(), &self.answers),
            |verdicts| {
                let _pause = GcPause::for_batch(py, verdicts.len())?;
                for verdict in &verdicts {
                    out.push(builder.verdict(verdict)?);
                }
                Ok(())
            },
        )?;
        PyList::new(py, out)
    }
}

/// Every response as a borrowed str, naming the first that is not one.
fn responses_of(responses: &Bound<'_, PyAny>, expected: usize) -> PyResult<Vec<PyBackedStr>> {
    let mut answers = Vec::with_capacity(expected);
    for (i, response) in responses.try_iter()?.enumerate() {
        answers.push(
            response?
                .extract::<PyBackedStr>()
                .map_err(|e| PyTypeError::new_err(format!("responses[{i}]: {e}")))?,
        );
    }
    if answers.len() != expected {
        return Err(PyValueError::new_err(format!(
            "records and responses differ in length: {expected} records, {} responses",
            answers.len()
        )));
    }
    Ok(answers)
}

/// Judges one response to one record (a dict, or its JSON text). Returns the verdict as a dict:
/// ``score``, ``correct``, ``format_ok``, ``reason``, ``message`` and, where the env has them,
/// ``steps`` and ``detail``; the same JSON ``verigym verify`` writes.
#[pyfunction]
pub fn verify<'py>(
    py: Python<'py>,
    record: &Bound<'py, PyAny>,
    response: PyBackedStr,
) -> PyResult<Bound<'py, PyAny>> {
    let source = Source::extract(record, format_args!("record"))?;
    let verdict = py.detach(|| Problem::of(&source, None).map(|p| p.get().verify(&response)));
    Ok(Builder::new(py)
        .verdict(&verdict.map_err(error)?)?
        .into_any())
}

/// Judges several responses to one record in one go, in order. For ``repo_fix`` this is one
/// compile for the whole group; other envs judge each response alone, in parallel.
#[pyfunction]
pub fn verify_group<'py>(
    py: Python<'py>,
    record: &Bound<'py, PyAny>,
    responses: Vec<PyBackedStr>,
) -> PyResult<Bound<'py, PyList>> {
    let source = Source::extract(record, format_args!("record"))?;
    let verdicts = py.detach(|| {
        let problem = Problem::of(&source, None)?;
        Ok::<_, verigym::Error>(group(problem.get(), &responses))
    });
    Builder::new(py).verdicts(&verdicts.map_err(error)?)
}

/// Judges ``responses[i]`` against ``records[i]`` for every i, in parallel without the GIL, and
/// returns the verdicts in order. Records may repeat (a GRPO group): each distinct record is
/// parsed once, and ``repo_fix`` responses to one record are judged as one group (one compile).
#[pyfunction]
pub fn verify_many<'py>(
    py: Python<'py>,
    records: &Bound<'py, PyAny>,
    responses: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyList>> {
    Batch::of(records, responses)?.verdict_dicts(py)
}

/// ``[v["score"] for v in verify_many(records, responses)]`` without building the verdict dicts:
/// the reward a trainer needs, at the lowest cost per response.
#[pyfunction]
pub fn scores(
    py: Python<'_>,
    records: &Bound<'_, PyAny>,
    responses: &Bound<'_, PyAny>,
) -> PyResult<Vec<f64>> {
    let batch = Batch::of(records, responses)?;
    Ok(batch.judge(py)?.verdicts.iter().map(|v| v.score).collect())
}

/// The verdicts of ``verify_many`` as columns, the cheap form for trainers and Arrow batches:
/// ``id`` (each record's problem id), ``score``, ``correct``, ``format_ok`` and ``reason``, each a
/// list in input order.
#[pyfunction]
pub fn verify_columns<'py>(
    py: Python<'py>,
    records: &Bound<'py, PyAny>,
    responses: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyDict>> {
    columns(py, &Batch::of(records, responses)?)
}

/// A batch's verdicts as the columns `verify_columns` returns.
pub fn columns<'py>(py: Python<'py>, batch: &Batch) -> PyResult<Bound<'py, PyDict>> {
    let judged = batch.judge(py)?;
    let verdicts = &judged.verdicts;
    let out = PyDict::new(py);
    out.set_item("id", judged.ids(py)?)?;
    out.set_item(
        "score",
        verdicts.iter().map(|v| v.score).collect::<Vec<_>>(),
    )?;
    out.set_item(
        "correct",
        verdicts.iter().map(|v| v.correct).collect::<Vec<_>>(),
    )?;
    out.set_item(
        "format_ok",
        verdicts.iter().map(|v| v.format_ok).collect::<Vec<_>>(),
    )?;
    let mut builder = Builder::new(py);
    let reasons = verdicts.iter().map(|v| builder.reason(v.reason));
    out.set_item("reason", PyList::new(py, reasons)?)?;
    Ok(out)
}

/// A group's verdicts: the env's own group verification when it shares work, else in parallel.
fn group(problem: &dyn DynProblem, responses: &[PyBackedStr]) -> Vec<Verdict> {
    if problem.verifies_in_groups() {
        let texts: Vec<&str> = responses.iter().map(|r| &**r).collect();
        problem.verify_group(&texts)
    } else {
        responses.par_iter().map(|r| problem.verify(r)).collect()
    }
}

/// A batch's problems, each distinct record loaded or generated once, ready to judge.
struct Prepared<'a> {
    problems: Vec<Problem<'a>>,
    item_problem: Vec<usize>,
    /// Whether any response is to a problem of a group env (judged with its group).
    grouped: bool,
}

impl<'a> Prepared<'a> {
    fn problem(&self, i: usize) -> &dyn DynProblem {
        self.problems[self.item_problem[i]].get()
    }

    /// The verdicts of responses `range`, each judged alone, in parallel.
    fn verify_each(&self, range: Range<usize>, answers: &[PyBackedStr]) -> Vec<Verdict> {
        range
            .into_par_iter()
            .map(|i| self.problem(i).verify(&answers[i]))
            .collect()
    }

    /// Every response's verdict; a group env's responses to one problem are judged together
    /// (one compile for repo_fix).
    fn judge(self, answers: &[PyBackedStr]) -> Judged<'a> {
        let verdicts = if self.grouped {
            self.verify_grouped(answers)
        } else {
            self.verify_each(0..answers.len(), answers)
        };
        Judged {
            problems: self.problems,
            item_problem: self.item_problem,
            verdicts,
        }
    }

    fn verify_grouped(&self, answers: &[PyBackedStr]) -> Vec<Verdict> {
        // A `Record` repeated apart from its first run has a slot of its own, so groups are
        // keyed by the problem's address, which every slot of that Record shares.
        let mut groups: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
        for i in 0..answers.len() {
            let p = self.problem(i);
            if p.verifies_in_groups() {
                let address = (p as *const dyn DynProblem).cast::<()>() as usize;
                groups.entry(address).or_default().push(i);
            }
        }
        let judged: Vec<(usize, Verdict)> = (0..answers.len())
            .into_par_iter()
            .filter(|&i| !self.problem(i).verifies_in_groups())
            .map(|i| (i, self.problem(i).verify(&answers[i])))
            .chain(groups.into_par_iter().flat_map_iter(|(_, items)| {
                let texts: Vec<&str> = items.iter().map(|&i| &*answers[i]).collect();
                let verdicts = self.problem(items[0]).verify_group(&texts);
                items.into_iter().zip(verdicts)
            }))
            .collect();
        let mut out: Vec<Option<Verdict>> = vec![None; answers.len()];
        for (i, verdict) in judged {
            out[i] = Some(verdict);
        }
        out.into_iter()
            .map(|v| v.expect("every response judged"))
            .collect()
    }
}

/// Loads or generates each distinct record of a batch once (equal texts share a parse).
fn prepare(batch: &Batch) -> Result<Prepared<'_>, String> {
    let Batch {
        generator,
        sources,
        item_source,
        answers: _,
    } = batch;
    let generator = generator.as_deref();
    // Sized up front: growing would hash every text again.
    let texts = sources
        .iter()
        .filter(|(_, s)| matches!(s, Source::Text(_)))
        .count();
    let mut by_content: HashMap<&str, usize> = HashMap::with_capacity(texts);
    let mut unique: Vec<(usize, &Source)> = Vec::with_capacity(sources.len());
    let source_problem: Vec<usize> = sources
        .iter()
        .map(|(first, source)| match source {
            Source::Text(text) => *by_content.entry(&**text).or_insert_with(|| {
                unique.push((*first, source));
                unique.len() - 1
            }),
            Source::Held(_) | Source::Index(_) => {
                unique.push((*first, source));
                unique.len() - 1
            }
        })
        .collect();
    // A held record costs nothing here: the minimum length keeps rayon from making a task of
    // each one.
    let problems: Vec<Problem<'_>> = unique
        .par_iter()
        .with_min_len(64)
        .map(|(first, source)| {
            Problem::of(source, generator).map_err(|e| format!("records[{first}]: {e}"))
        })
        .collect::<Result<_, _>>()?;
    let grouped = problems.iter().any(|p| p.get().verifies_in_groups());
    let item_problem: Vec<usize> = item_source.iter().map(|&s| source_problem[s]).collect();
    Ok(Prepared {
        problems,
        item_problem,
        grouped,
    })
}

/// Removes the working copies that `repo_fix` verdicts on real crates keep for the process's
/// life; the package registers it with `atexit`, since a process that ends without it leaves
/// them for the next one to sweep.
#[pyfunction(name = "_release_workspaces")]
pub fn release_workspaces(py: Python<'_>) {
    py.detach(verigym::repo::krate::fixes::release_workspaces);
}
