//! `verify`, `verify_group`, `verify_many` and `scores`: verdicts for responses, in parallel with
//! the GIL released.

use std::collections::{BTreeMap, HashMap};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyDict, PyList};
use rayon::prelude::*;
use verigym::{DynProblem, Verdict};

use crate::convert::{RecordText, error, load, to_py};

/// Judges one response to one record (a dict, or its JSON text). Returns the verdict as a dict:
/// ``score``, ``correct``, ``format_ok``, ``reason``, ``message`` and, where the env has them,
/// ``steps`` and ``detail``; the same JSON ``verigym verify`` writes.
#[pyfunction]
pub fn verify<'py>(
    py: Python<'py>,
    record: &Bound<'py, PyAny>,
    response: PyBackedStr,
) -> PyResult<Bound<'py, PyAny>> {
    let text = RecordText::extract(record, "record")?;
    let verdict = py.detach(|| load(&text).map(|p| p.verify(&response)));
    to_py(py, &verdict.map_err(error)?)
}

/// Judges several responses to one record in one go, in order. For ``repo_fix`` this is one
/// compile for the whole group; other envs judge each response alone, in parallel.
#[pyfunction]
pub fn verify_group<'py>(
    py: Python<'py>,
    record: &Bound<'py, PyAny>,
    responses: Vec<PyBackedStr>,
) -> PyResult<Bound<'py, PyList>> {
    let text = RecordText::extract(record, "record")?;
    let verdicts = py.detach(|| {
        let problem = load(&text)?;
        Ok::<_, verigym::Error>(group(problem.as_ref(), &responses))
    });
    verdict_list(py, &verdicts.map_err(error)?)
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
    let verdicts = grade(py, records, responses)?;
    verdict_list(py, &verdicts)
}

/// ``[v["score"] for v in verify_many(records, responses)]`` without building the verdict dicts:
/// the reward a trainer needs, at the lowest cost per response.
#[pyfunction]
pub fn scores(
    py: Python<'_>,
    records: &Bound<'_, PyAny>,
    responses: &Bound<'_, PyAny>,
) -> PyResult<Vec<f64>> {
    Ok(grade(py, records, responses)?
        .iter()
        .map(|v| v.score)
        .collect())
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
    let (ids, verdicts) = grade_with_ids(py, records, responses)?;
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
    let reasons: Vec<String> = verdicts
        .iter()
        .map(|v| match serde_json::to_value(v.reason) {
            Ok(serde_json::Value::String(s)) => s,
            _ => unreachable!("reasons serialize as strings"),
        })
        .collect();
    out.set_item("reason", reasons)?;
    Ok(out)
}

fn verdict_list<'py>(py: Python<'py>, verdicts: &[Verdict]) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for verdict in verdicts {
        list.append(to_py(py, verdict)?)?;
    }
    Ok(list)
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

/// The verdicts of `responses[i]` against `records[i]`.
fn grade(
    py: Python<'_>,
    records: &Bound<'_, PyAny>,
    responses: &Bound<'_, PyAny>,
) -> PyResult<Vec<Verdict>> {
    Ok(grade_with_ids(py, records, responses)?.1)
}

/// Each response's problem id and verdict.
fn grade_with_ids(
    py: Python<'_>,
    records: &Bound<'_, PyAny>,
    responses: &Bound<'_, PyAny>,
) -> PyResult<(Vec<String>, Vec<Verdict>)> {
    let (n_records, n_responses) = (records.len()?, responses.len()?);
    if n_records != n_responses {
        return Err(PyValueError::new_err(format!(
            "records and responses differ in length: {n_records} records, {n_responses} responses"
        )));
    }
    // Under the GIL: read each distinct record object once, borrow every response.
    let mut texts: Vec<(usize, RecordText)> = Vec::new();
    let mut by_object: HashMap<usize, usize> = HashMap::new();
    let mut item_text = Vec::with_capacity(n_records);
    let mut answers = Vec::with_capacity(n_records);
    for (i, (record, response)) in records.try_iter()?.zip(responses.try_iter()?).enumerate() {
        let record = record?;
        let slot = match by_object.get(&(record.as_ptr() as usize)) {
            Some(&slot) => slot,
            None => {
                let text = RecordText::extract(&record, &format!("records[{i}]"))?;
                texts.push((i, text));
                by_object.insert(record.as_ptr() as usize, texts.len() - 1);
                texts.len() - 1
            }
        };
        item_text.push(slot);
        answers.push(
            response?.extract::<PyBackedStr>().map_err(|e| {
                pyo3::exceptions::PyTypeError::new_err(format!("responses[{i}]: {e}"))
            })?,
        );
    }
    let verdicts = py.detach(|| judge(&texts, &item_text, &answers));
    verdicts.map_err(error)
}

/// Parses each distinct record once (equal texts share a parse), then judges every response.
fn judge(
    texts: &[(usize, RecordText)],
    item_text: &[usize],
    answers: &[PyBackedStr],
) -> Result<(Vec<String>, Vec<Verdict>), String> {
    let mut by_content: HashMap<&str, usize> = HashMap::with_capacity(texts.len());
    let mut unique: Vec<(usize, &str)> = Vec::new();
    let text_problem: Vec<usize> = texts
        .iter()
        .map(|(first, text)| {
            *by_content.entry(&**text).or_insert_with(|| {
                unique.push((*first, &**text));
                unique.len() - 1
            })
        })
        .collect();
    let problems: Vec<Box<dyn DynProblem>> = unique
        .par_iter()
        .map(|(first, text)| load(text).map_err(|e| format!("records[{first}]: {e}")))
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
