//! `sql` record invariants: the shapes of the stored rows, the question's own texts, and every
//! stored result re-derived by running the reference query in the sandbox.

use std::collections::BTreeSet;

use super::SqlData;
use super::params::ROWS_MAX;
use super::schema::{Value, WIDTHS};
use super::verify::{same_result, sandbox};

/// The most databases a record may hold.
pub const DATABASES_MAX: usize = 16;

/// Checks a record's data (see the module doc).
pub fn check(data: &SqlData) -> Result<(), String> {
    let n = data.databases.len();
    if !(2..=DATABASES_MAX).contains(&n) {
        return Err(format!(
            "the record holds {n} databases; allowed: 2 to {DATABASES_MAX}"
        ));
    }
    if data.expected.len() != n {
        return Err(format!(
            "{} stored results for {n} databases",
            data.expected.len()
        ));
    }
    let theme = data.theme;
    if data.reference != data.question.reference(theme) {
        return Err("the reference query is not the question's".to_owned());
    }
    if data.columns != data.question.words(theme).1 || data.ordered != data.question.ordered() {
        return Err("the columns or the order rule are not the question's".to_owned());
    }
    for (d, db) in data.databases.iter().enumerate() {
        for (k, rows) in db.tables().iter().enumerate() {
            if rows.len() > 4 * ROWS_MAX as usize {
                return Err(format!("database {d} table {k} has {} rows", rows.len()));
            }
            let mut ids = BTreeSet::new();
            for row in rows.iter() {
                let int = |v: &Value| matches!(v, Value::Int(_));
                let text = |v: &Value| matches!(v, Value::Text(s) if s.len() <= 64);
                let ok = row.len() == WIDTHS[k]
                    && int(&row[0])
                    && ids.insert(row[0].clone())
                    && match k {
                        0 => text(&row[1]) && text(&row[2]),
                        1 => {
                            text(&row[1]) && (row[2] == Value::Null || int(&row[2])) && int(&row[3])
                        }
                        _ => int(&row[1]) && int(&row[2]),
                    };
                if !ok {
                    return Err(format!(
                        "database {d} table {k} has a malformed row {row:?}"
                    ));
                }
            }
        }
    }
    let sandbox = sandbox(data)?;
    for (i, expected) in data.expected.iter().enumerate() {
        let (width, rows) = sandbox
            .run(i, &data.reference)
            .map_err(|f| format!("the reference query fails on database {i}: {}", f.message))?;
        if !same_result(expected, width, &rows, data.columns.len(), data.ordered) {
            return Err(format!(
                "the stored result of database {i} is not the reference query's"
            ));
        }
    }
    Ok(())
}
