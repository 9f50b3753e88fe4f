//! The `sql` prompt: the schema as `CREATE TABLE` statements, the shown rows as `INSERT`s, the
//! question, the columns, the comparison rules, the hidden databases and the answer form.

use super::SqlData;
use super::schema::Row;

/// The rows of one table as one multi-row `INSERT`, or a comment when it is empty.
fn inserts(table: &str, rows: &[Row]) -> String {
    if rows.is_empty() {
        return format!("-- {table}: no rows");
    }
    let tuples: Vec<String> = rows
        .iter()
        .map(|row| {
            let cells: Vec<String> = row.iter().map(|v| v.literal()).collect();
            format!("  ({})", cells.join(", "))
        })
        .collect();
    format!("INSERT INTO {table} VALUES\n{};", tuples.join(",\n"))
}

/// The prompt for a problem.
pub fn render(data: &SqlData) -> String {
    let theme = data.theme;
    let ddl = theme.ddl().join("\n");
    let shown = &data.databases[0];
    let rows: Vec<String> = theme
        .tables()
        .iter()
        .zip(shown.tables())
        .map(|(t, r)| inserts(t, r))
        .collect();
    let (question, _) = data.question.words(theme);
    let columns: Vec<String> = data
        .columns
        .iter()
        .enumerate()
        .map(|(i, c)| format!("{}. {c}", i + 1))
        .collect();
    let order = if data.ordered {
        "Row order matters: the rows must come in exactly the order the question states."
    } else {
        "Row order does not matter: the result is compared as a multiset of rows (a repeated row \
         must appear as often as in the right result)."
    };
    format!(
        "An SQLite database has these tables:\n\n```sql\n{ddl}\n```\n\nIt holds these rows:\n\n\
         ```sql\n{rows}\n```\n\nQuestion: {question}\n\nReturn exactly {n} column{s}, in this \
         order (column names do not matter):\n{columns}\n\n{order} Numbers compare by value (3 \
         and 3.0 are equal), text compares exactly (and orders by its bytes, as SQLite's default \
         BINARY collation does), and NULL equals only NULL.\n\nYour query will also be run on \
         hidden databases with the same tables and different rows, chosen to expose queries \
         that only fit the rows shown here: it is right only if it answers the question on \
         every one of them. Write one SQLite SELECT statement (WITH … SELECT is fine) and give \
         it in a final ```sql code block; the last such block is your answer. The query may \
         read only these three tables and call only aggregate, window and deterministic scalar \
         functions; writes, PRAGMA, ATTACH, the schema tables, random() and a second statement \
         are refused.",
        rows = rows.join("\n\n"),
        n = data.columns.len(),
        s = if data.columns.len() == 1 { "" } else { "s" },
        columns = columns.join("\n"),
    )
}
