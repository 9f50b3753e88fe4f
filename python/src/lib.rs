//! `verigym._native`: the Python extension module, a thin PyO3 layer over the verigym library.
//!
//! Every function here converts Python values to the library's types, calls the library, and
//! converts back; no generation or verification logic lives in this crate. Records cross the
//! boundary as dicts whose keys and values are exactly the JSON the CLI writes (serde drives both
//! conversions), or as that JSON text itself.

mod convert;
mod curriculum;
mod dataset;
mod dicts;
mod episodes;
mod pipeline;
mod record;
mod report;
mod verify;

use pyo3::prelude::*;

pyo3::create_exception!(
    verigym,
    VerigymError,
    pyo3::exceptions::PyValueError,
    "Raised for input verigym rejects: an unknown env, params out of range, a malformed record, \
     bad curriculum feedback. The message names the field or id, the value and what is allowed."
);

/// The extension module. The public API is re-exported by the `verigym` package.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("VerigymError", m.py().get_type::<VerigymError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(dataset::envs, m)?)?;
    m.add_class::<dataset::Dataset>()?;
    m.add_class::<dataset::DatasetIter>()?;
    m.add_class::<record::Record>()?;
    m.add_function(wrap_pyfunction!(verify::verify, m)?)?;
    m.add_function(wrap_pyfunction!(verify::verify_many, m)?)?;
    m.add_function(wrap_pyfunction!(verify::verify_group, m)?)?;
    m.add_function(wrap_pyfunction!(verify::scores, m)?)?;
    m.add_function(wrap_pyfunction!(verify::verify_columns, m)?)?;
    m.add_function(wrap_pyfunction!(verify::release_workspaces, m)?)?;
    m.add_function(wrap_pyfunction!(report::eval, m)?)?;
    m.add_function(wrap_pyfunction!(report::pass_at_k, m)?)?;
    m.add_class::<report::Suite>()?;
    m.add_class::<curriculum::Curriculum>()?;
    m.add_class::<episodes::Episode>()?;
    m.add_function(wrap_pyfunction!(episodes::rejudge, m)?)?;
    m.add_function(wrap_pyfunction!(episodes::interactive_envs, m)?)?;
    m.add_function(wrap_pyfunction!(episodes::episode_records, m)?)?;
    Ok(())
}
