//! `sql` probe answers, as whole responses: the reference rewritten in equivalent ways, the
//! realistic shapes of a reply around it, and near misses: the question's plausible wrong
//! queries and the shown result as a literal table (each only where some stored database
//! refutes it), queries that special-case the shown ids, and the sandbox attacks (schema
//! tables, `pragma_*`, a second statement, endless recursion, value bombs, `random()`, a huge
//! cross join, writes, ATTACH, temp tables, `load_extension`, EXPLAIN).

use super::SqlData;
use super::cover::refutations;
use super::schema::Value;
use super::verify::{render_answer, same_result, sandbox};
use verigym_core::env::ProbeAnswers;

/// The query with everything outside string literals in lower case.
fn lower_outside_quotes(query: &str) -> String {
    let mut out = String::with_capacity(query.len());
    let mut quoted = false;
    for c in query.chars() {
        if c == '\'' {
            quoted = !quoted;
        }
        if quoted {
            out.push(c);
        } else {
            out.extend(c.to_lowercase());
        }
    }
    out
}

/// Probe answers for one problem (see [`verigym_core::env::Env::probe_answers`]).
pub fn probe_answers(data: &SqlData, answer: &str, foreign: &str) -> ProbeAnswers {
    let reference = &data.reference;
    let block = |q: &str| render_answer(q);
    let mut equivalent = vec![
        ("lower_case", block(&lower_outside_quotes(reference))),
        ("one_line", block(&reference.replace('\n', " "))),
        ("semicolon", block(&format!("{reference};"))),
        (
            "comments",
            block(&format!("-- the query\n{reference} -- done\n/* end */")),
        ),
    ];
    if !data.ordered {
        equivalent.push((
            "ordered_anyway",
            block(&format!(
                "SELECT * FROM (\n{reference}\n) AS t\nORDER BY 1 DESC"
            )),
        ));
    }
    let realistic = vec![
        (
            "explained",
            format!(
                "We need exactly the rows the question describes, so the query reads the tables \
                 directly instead of relying on the sample rows.\n\n{answer}\n\nIt returns the \
                 columns in the order asked."
            ),
        ),
        (
            "draft_then_final",
            format!(
                "A first try:\n\n```sql\nSELECT *\n```\n\nThat returns every column, so here is \
                 the final query:\n\n{}",
                block(&format!("{reference};"))
            ),
        ),
        (
            "heading",
            format!("### Solution\n\n{}\n", block(&format!("{reference};"))),
        ),
        (
            "think_then_answer",
            format!("<think>Check the join keys and NULLs first.</think>\n\nThe query:\n{answer}"),
        ),
    ];

    let mut near_miss: Vec<(&'static str, String)> = Vec::new();
    let names = data.theme.names();
    if let Ok(sandbox) = sandbox(data) {
        let differs = |q: &str| {
            (0..sandbox.len()).any(|i| match sandbox.run(i, q) {
                Ok((w, rows)) => !same_result(
                    &data.expected[i],
                    w,
                    &rows,
                    data.columns.len(),
                    data.ordered,
                ),
                Err(_) => true,
            })
        };
        for r in refutations(
            data.theme,
            &data.question,
            &sandbox,
            &data.expected,
            data.columns.len(),
            data.ordered,
        ) {
            if !r.refuted_on.is_empty() {
                near_miss.push((r.name, block(&r.query)));
            }
        }
        // The shown ids, hard-coded: right on the shown rows only.
        if data.columns.first().is_some_and(|c| c.ends_with("'s id")) {
            let ids: Vec<String> = data.expected[0]
                .iter()
                .filter_map(|r| r.first().map(Value::literal))
                .collect();
            if !ids.is_empty() {
                let q = format!(
                    "SELECT * FROM (\n{reference}\n)\nWHERE id IN ({})",
                    ids.join(", ")
                );
                if differs(&q) {
                    near_miss.push(("shown_ids", block(&q)));
                }
            }
        }
        if !foreign.is_empty() && foreign != answer {
            let code = foreign
                .trim()
                .strip_prefix("```sql")
                .and_then(|c| c.strip_suffix("```"))
                .unwrap_or(foreign);
            if differs(code) {
                near_miss.push(("other_problem", foreign.to_owned()));
            }
        }
    }
    let (m, g) = (names.member, names.group);
    for (family, q) in [
        ("reads_schema", "SELECT name FROM sqlite_master".to_owned()),
        ("reads_sqlite_schema", "SELECT sql FROM sqlite_schema".to_owned()),
        (
            "pragma_function",
            format!("SELECT name FROM pragma_table_info('{m}')"),
        ),
        ("second_statement", format!("{reference};\nDROP TABLE {m};")),
        (
            "comment_hides_statement",
            format!("{reference} /* the answer */; DELETE FROM {m} -- nothing here"),
        ),
        (
            "endless_recursion",
            "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r)\nSELECT n FROM r WHERE n < 0"
                .to_owned(),
        ),
        ("zeroblob_bomb", "SELECT zeroblob(1000000000)".to_owned()),
        (
            "printf_bomb",
            "SELECT printf('%.*c', 1000000000, 'x')".to_owned(),
        ),
        (
            "random_order",
            format!("SELECT * FROM (\n{reference}\n)\nORDER BY random()"),
        ),
        (
            "cross_join_bomb",
            format!("SELECT COUNT(*) FROM {m} a, {m} b, {m} c, {m} d, {m} e, {m} f, {g} h"),
        ),
        ("write", format!("DELETE FROM {m}")),
        ("attach", "ATTACH DATABASE ':memory:' AS other".to_owned()),
        ("temp_table", "CREATE TEMP TABLE t AS SELECT 1".to_owned()),
        (
            "load_extension",
            "SELECT load_extension('/tmp/evil')".to_owned(),
        ),
        ("pragma", format!("PRAGMA table_info({m})")),
        ("explain", format!("EXPLAIN {reference}")),
        ("clock", "SELECT datetime('now')".to_owned()),
    ] {
        near_miss.push((family, block(&q)));
    }
    near_miss.push(("no_block", format!("The query is:\n{reference}")));
    near_miss.push((
        "only_in_think",
        format!("<think>\n{answer}\n</think>\nSee above."),
    ));
    ProbeAnswers {
        equivalent,
        near_miss,
        realistic,
    }
}
