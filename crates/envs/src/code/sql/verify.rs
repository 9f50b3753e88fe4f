//! The `sql` verifier: the last ```sql block of the response, run in the sandbox on the shown
//! database and then on every hidden one, each result compared with the stored one.
//!
//! **Answer form.** The last complete ```` ```sql ```` block outside think blocks (the core's
//! code-block protocol, as `repo_fix` reads ```` ```rust ````; the fence word in any case). An
//! `<answer>` tag is not needed and not read: a block inside one counts as any block does.
//!
//! **Comparison.** Same number of columns (names ignored); then the rows as a multiset, or as a
//! list when the question fixes the order. Values compare as the prompt says: integers exactly,
//! an integral real equal to its integer (`3.0` = `3`), text byte for byte, NULL only with NULL;
//! a non-integral real or a blob equals nothing stored.

use std::cell::RefCell;
use std::rc::Rc;

use serde_json::json;

use super::SqlData;
use super::db::Database;
use super::sandbox::Sandbox;
use super::schema::{Row, Theme};
use verigym_core::extract::extract_code_block;
use verigym_core::verdict::{Reason, Verdict};

/// The reference answer as a whole response: the query in a ```sql block.
pub fn render_answer(query: &str) -> String {
    format!("```sql\n{query}\n```")
}

/// A record's databases (by theme and rows) and their locked connections.
type Cached = Option<(Theme, Vec<Database>, Rc<Sandbox>)>;

thread_local! {
    /// The sandbox of the record this thread judged last: a GRPO group judges one record many
    /// times, and no query can change a locked database, so it is reused while the databases
    /// are the same.
    static LAST: RefCell<Cached> = const { RefCell::new(None) };
}

/// The sandbox for `data`'s databases, from this thread's cache or built.
pub(super) fn sandbox(data: &SqlData) -> Result<Rc<Sandbox>, String> {
    LAST.with(|last| {
        let mut last = last.borrow_mut();
        if let Some((theme, dbs, sandbox)) = last.as_ref()
            && *theme == data.theme
            && *dbs == data.databases
        {
            return Ok(Rc::clone(sandbox));
        }
        let sandbox = Rc::new(Sandbox::new(data.theme, &data.databases)?);
        *last = Some((data.theme, data.databases.clone(), Rc::clone(&sandbox)));
        Ok(sandbox)
    })
}

/// Whether `got` (with `width` columns) is `expected` under the comparison rules.
pub fn same_result(
    expected: &[Row],
    width: usize,
    got: &[Row],
    columns: usize,
    ordered: bool,
) -> bool {
    if width != columns || got.len() != expected.len() {
        return false;
    }
    if ordered {
        return got == expected;
    }
    let mut a = got.to_vec();
    let mut b = expected.to_vec();
    a.sort_unstable();
    b.sort_unstable();
    a == b
}

/// Judges a response.
pub fn verify(data: &SqlData, response: &str) -> Verdict {
    match extract_code_block(response, "sql") {
        Ok(query) => judge(data, &query),
        Err(rejection) => rejection.into(),
    }
}

/// Judges one query on every database, the shown one first; the first difference decides.
pub fn judge(data: &SqlData, query: &str) -> Verdict {
    let sandbox = match sandbox(data) {
        Ok(s) => s,
        Err(why) => return Verdict::with(Reason::VerifierError, why),
    };
    let total = data.databases.len();
    let detail = |passed: usize| json!({ "databases": total, "passed": passed });
    for (i, expected) in data.expected.iter().enumerate() {
        let place = if i == 0 {
            "on the shown database".to_owned()
        } else {
            format!("on hidden database {i}")
        };
        match sandbox.run(i, query) {
            Err(failure) => {
                return Verdict::with(failure.reason, format!("{place}: {}", failure.message))
                    .with_detail(detail(i));
            }
            Ok((width, rows)) => {
                if !same_result(expected, width, &rows, data.columns.len(), data.ordered) {
                    let why = if width != data.columns.len() {
                        format!(
                            "the query returns {width} columns; the question asks for {}",
                            data.columns.len()
                        )
                    } else {
                        format!("{place} the result differs from the right one")
                    };
                    return Verdict::wrong(why).with_detail(detail(i));
                }
            }
        }
    }
    Verdict::correct().with_detail(detail(total))
}
