//! Record invariants (`check_data`): the reference parses within the limits, returns the stated
//! type, and gives every stored output on every stored input; the inputs are within bounds.

use super::ProgramSynthesisData;
use super::construct::HIDDEN_MAX;
use super::eval::{Value, run};
use super::lang::Type;
use super::parse::parse;

/// Checks a record's data before any answer is judged against it.
pub fn check_data(data: &ProgramSynthesisData) -> Result<(), String> {
    let (program, ty) = parse(&data.program)
        .map_err(|e| format!("the reference does not parse: {}", e.message()))?;
    let list = data.output_is_list();
    if (ty == Type::List) != list {
        return Err(format!(
            "the reference returns {}, not the stated type",
            ty.name()
        ));
    }
    if data.shown.is_empty() || data.shown.len() > 10 {
        return Err(format!("{} shown examples, not 1 to 10", data.shown.len()));
    }
    // Separation stops at HIDDEN_MAX; up to two more give the hidden outputs three values.
    if data.hidden.is_empty() || data.hidden.len() > HIDDEN_MAX + 2 {
        return Err(format!(
            "{} hidden inputs, not 1 to {}",
            data.hidden.len(),
            HIDDEN_MAX + 2
        ));
    }
    for (i, ex) in data.examples().enumerate() {
        if ex.xs.len() > 12 || ex.xs.iter().any(|v| v.abs() > 99) {
            return Err(format!(
                "input {} is outside 12 elements of -99 to 99",
                i + 1
            ));
        }
        if matches!(ex.output, Value::List(_)) != list {
            return Err(format!("the stored output {} has the wrong type", i + 1));
        }
        match run(&program, list, &ex.xs) {
            Ok((v, _)) if v == ex.output => {}
            _ => {
                return Err(format!(
                    "the stored output {} is not the reference's output",
                    i + 1
                ));
            }
        }
    }
    Ok(())
}
