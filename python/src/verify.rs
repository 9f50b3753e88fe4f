//! `verify`, `verify_group`, `verify_many` and `scores`: verdicts for responses, in parallel with
//! the GIL released.
//!
//! A record arrives as a `Record` (judged from its generator: nothing parsed), as its JSON line
//! (str or bytes, parsed once off the GIL), or as a dict (encoded by Python's C JSON encoder,
//! then parsed): the fastest path is the first, the slowest the last.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyDict, PyList};
use rayon::prelude::*;
use verigym::{DynGenerator, DynProblem, Verdict};

use crate::build::Builder;
use crate::convert::{RecordText, error, load};
use crate::record::handle_of;

/// Where a record to judge comes from.
pub enum Source {
    /// Its JSON text.
    Text(RecordText),
    /// A generator and an index: the problem is regenerated, typed, without JSON.
    Generated(Arc<dyn DynGenerator>, u64),
}

impl Source {
    /// Reads a record argument: a `Record`, or a dict or JSON text. `what` names it in errors.
    pub fn extract(record: &Bound<'_, PyAny>, what: &str) -> PyResult<Self> {
        match handle_of(record) {
            Some((generator, index)) => Ok(Source::Generated(generator, index)),
            None => Ok(Source::Text(RecordText::extract(record, what)?)),
        }
    }

    fn problem(&self) -> verigym::Result<Box<dyn DynProblem + '_>> {
        match self {
            Source::Text(text) => Ok(load(text)?),
            Source::Generated(generator, index) => Ok(generator.problem(*index)),
        }
    }
}

/// Records to judge and, for each response, which of them it answers.
pub struct Batch {
    sources: Vec<(usize, Source)>,
    item_source: Vec<usize>,
    answers: Vec<PyBackedStr>,
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
        let item_source = indices
            .iter()
            .enumerate()
            .map(|(i, &index)| {
                *by_index.entry(index).or_insert_with(|| {
                    sources.push((i, Source::Generated(Arc::clone(generator), index)));
                    sources.len() - 1
                })
            })
            .collect();
        Ok(Batch {
            sources,
            item_source,
            answers,
        })
    }

    /// `records[i]` and `responses[i]`; a record object repeated (a GRPO group) is read once.
    fn of(records: &Bound<'_, PyAny>, responses: &Bound<'_, PyAny>) -> PyResult<Self> {
        let (n_records, n_responses) = (records.len()?, responses.len()?);
        if n_records != n_responses {
            return Err(PyValueError::new_err(format!(
                "records and responses differ in length: {n_records} records, {n_responses} \
                 responses"
            )));
        }
        let answers = responses_of(responses, n_responses)?;
        let mut sources: Vec<(usize, Source)> = Vec::new();
        let mut by_object: HashMap<usize, usize> = HashMap::new();
        let mut item_source = Vec::with_capacity(n_records);
        for (i, record) in records.try_iter()?.enumerate() {
            let record = record?;
            let slot = match by_object.get(&(record.as_ptr() as usize)) {
                Some(&slot) => slot,
                None => {
                    sources.push((i, Source::extract(&record, &format!("records[{i}]"))?));
                    by_object.insert(record.as_ptr() as usize, sources.len() - 1);
                    sources.len() - 1
                }
            };
            item_source.push(slot);
        }
        Ok(Batch {
            sources,
            item_source,
            answers,
        })
    }

    /// Each response's problem id and verdict, judged without the GIL.
    pub fn judge(&self, py: Python<'_>) -> PyResult<(Vec<String>, Vec<Verdict>)> {
        py.detach(|| judge(&self.sources, &self.item_source, &self.answers))
            .map_err(error)
    }
}

/// Every response as a borrowed str, naming the first that is not one.
fn responses_of(responses: &Bound<'_, PyAny>, expected: usize) -> PyResult<Vec<PyBackedStr>> {
    let mut answers = Vec::with_capacity(expected);
    for (i, response) in responses.try_iter()?.enumerate() {
        answers.push(
            response?.extract::<PyBackedStr>().map_err(|e| {
                pyo3::exceptions::PyTypeError::new_err(format!("responses[{i}]: {e}"))
            })?,
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
    let source = Source::extract(record, "record")?;
    let verdict = py.detach(|| source.problem().map(|p| p.verify(&response)));
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
    let source = Source::extract(record, "record")?;
    let verdicts = py.detach(|| {
        let problem = source.problem()?;
        Ok::<_, verigym::Error>(group(problem.as_ref(), &responses))
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
    let (_, verdicts) = Batch::of(records, responses)?.judge(py)?;
    Builder::new(py).verdicts(&verdicts)
}

/// ``[v["score"] for v in verify_many(records, responses)]`` without building the verdict dicts:
/// the reward a trainer needs, at the lowest cost per response.
#[pyfunction]
pub fn scores(
    py: Python<'_>,
    records: &Bound<'_, PyAny>,
    responses: &Bound<'_, PyAny>,
) -> PyResult<Vec<f64>> {
    let (_, verdicts) = Batch::of(records, responses)?.judge(py)?;
    Ok(verdicts.iter().map(|v| v.score).collect())
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
    columns(py, Batch::of(records, responses)?)
}

/// A batch's verdicts as the columns `verify_columns` returns.
pub fn columns(py: Python<'_>, batch: Batch) -> PyResult<Bound<'_, PyDict>> {
    let (ids, verdicts) = batch.judge(py)?;
    let out = PyDict::new(py);
    out.set_item("id", ids)?;
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

/// Loads each distinct record once (equal texts share a parse), then judges every response.
fn judge(
    sources: &[(usize, Source)],
    item_text: &[usize],
    answers: &[PyBackedStr],
) -> Result<(Vec<String>, Vec<Verdict>), String> {
    let mut by_content: HashMap<&str, usize> = HashMap::with_capacity(sources.len());
    let mut unique: Vec<(usize, &Source)> = Vec::new();
    let text_problem: Vec<usize> = sources
        .iter()
        .map(|(first, source)| match source {
            Source::Text(text) => *by_content.entry(&**text).or_insert_with(|| {
                unique.push((*first, source));
                unique.len() - 1
            }),
            Source::Generated(..) => {
                unique.push((*first, source));
                unique.len() - 1
            }
        })
        .collect();
    let problems: Vec<Box<dyn DynProblem + '_>> = unique
        .par_iter()
        .map(|(first, source)| {
            source
                .problem()
                .map_err(|e| format!("records[{first}]: {e}"))
        })
        .collect::<Result<_, _>>()?;
    let item_problem = |i: usize| text_problem[item_text[i]];
    let mut groups: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    let mut singles = Vec::new();
    for i in 0..answers.len() {
        if problems[item_problem(i)].verifies_in_groups() {
            groups.entry(item_problem(i)).or_default().push(i);
        } else {
            singles.push(i);
        }
    }
    let mut out: Vec<Option<Verdict>> = vec![None; answers.len()];
    if groups.is_empty() {
        out.par_iter_mut()
            .enumerate()
            .for_each(|(i, slot)| *slot = Some(problems[item_problem(i)].verify(&answers[i])));
    } else {
        let judged: Vec<(usize, Verdict)> = singles
            .par_iter()
            .map(|&i| (i, problems[item_problem(i)].verify(&answers[i])))
            .chain(groups.into_par_iter().flat_map_iter(|(problem, items)| {
                let texts: Vec<&str> = items.iter().map(|&i| &*answers[i]).collect();
                let verdicts = problems[problem].verify_group(&texts);
                items.into_iter().zip(verdicts)
            }))
            .collect();
        for (i, verdict) in judged {
            out[i] = Some(verdict);
        }
    }
    let ids = (0..answers.len())
        .map(|i| problems[item_problem(i)].id().to_owned())
        .collect();
    let verdicts = out
        .into_iter()
        .map(|v| v.expect("every response judged"))
        .collect();
    Ok((ids, verdicts))
}
