//! The `sql` sandbox: one in-memory SQLite connection per database, loaded with the record's
//! rows and then locked, and the one way a query is run on it.
//!
//! **What a query can do.** After the rows are loaded each connection is `query_only`, in
//! defensive mode, with triggers and views off, and an authorizer that allows exactly: a SELECT,
//! reads of the env's three tables in the `main` database, recursive CTEs, and the functions in
//! [`FUNCTIONS`] (aggregates, window functions, deterministic scalar functions). Everything else
//! is denied when the statement is prepared: reads of `sqlite_schema`/`sqlite_master` and of any
//! other table or table-valued function (`pragma_*`, `json_each`), PRAGMA, ATTACH, writes, temp
//! tables, transactions, `load_extension`, non-deterministic functions (`random`, `randomblob`,
//! dates, `changes`), and the value bombs (`zeroblob`, `printf`/`format`). One statement only: a
//! tail after it other than whitespace and comments is refused. A progress handler interrupts a
//! run after [`BUDGET_OPS`] virtual-machine steps (an endless recursive CTE, a huge cross join);
//! strings and rows are capped at [`MAX_VALUE_BYTES`], the query at [`MAX_SQL_BYTES`], the result
//! at [`MAX_ROWS`] rows; and a process-wide heap limit bounds what SQLite can allocate at all.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex, Once};

use rusqlite::config::DbConfig;
use rusqlite::ffi::ErrorCode;
use rusqlite::hooks::{AuthAction, AuthContext, Authorization};
use rusqlite::limits::Limit;
use rusqlite::types::ValueRef;
use rusqlite::{Connection, Error};

use super::db::Database;
use super::schema::{Row, Theme, Value, WIDTHS};
use verigym_core::verdict::Reason;

/// The longest query run, in bytes.
pub const MAX_SQL_BYTES: usize = 8_192;
/// The most rows a result may have; more is a wrong answer, read no further.
pub const MAX_ROWS: usize = 2_000;
/// The longest string or blob (and row) SQLite builds, in bytes.
pub const MAX_VALUE_BYTES: i32 = 8_192;
/// Virtual-machine steps between two progress checks.
const OPS_PER_TICK: i32 = 1_000;
/// The step budget of one run on one database.
pub const BUDGET_OPS: u32 = 2_000_000;
/// SQLite's process-wide hard heap limit, set once: a backstop far above any honest query.
const HEAP_LIMIT_BYTES: u64 = 512 << 20;

/// The functions a query may call (lower case). Deterministic, and none builds a large value
/// from a small argument.
pub const FUNCTIONS: &[&str] = &[
    // Aggregates.
    "count",
    "sum",
    "total",
    "avg",
    "min",
    "max",
    "group_concat",
    "string_agg",
    // Window functions.
    "row_number",
    "rank",
    "dense_rank",
    "percent_rank",
    "cume_dist",
    "ntile",
    "lag",
    "lead",
    "first_value",
    "last_value",
    "nth_value",
    // Scalars.
    "abs",
    "coalesce",
    "ifnull",
    "iif",
    "if",
    "nullif",
    "length",
    "lower",
    "upper",
    "trim",
    "ltrim",
    "rtrim",
    "substr",
    "substring",
    "instr",
    "round",
    "typeof",
    "like",
    "glob",
    "sign",
    "concat",
    "concat_ws",
];

/// Why a query produced no result to compare: the verdict's reason and a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// [`Reason::CompileError`] (SQLite refused the text), [`Reason::Forbidden`] (the sandbox
    /// refused it), [`Reason::Timeout`] (the step budget ran out) or [`Reason::WrongAnswer`]
    /// (it failed while running, or returned what no expected result can equal).
    pub reason: Reason,
    /// What happened.
    pub message: String,
}

impl Failure {
    fn new(reason: Reason, message: impl Into<String>) -> Self {
        Failure {
            reason,
            message: message.into(),
        }
    }
}

/// The connections of one record's databases, locked as the module doc says.
pub struct Sandbox {
    connections: Vec<Connection>,
    ticks: Arc<AtomicU32>,
    /// What the authorizer last denied, for the message.
    denied: Arc<Mutex<String>>,
}

impl std::fmt::Debug for Sandbox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sandbox")
            .field("databases", &self.connections.len())
            .finish()
    }
}

static HEAP_LIMIT: Once = Once::new();

/// Runs a statement we wrote (a PRAGMA that may return a row) to its end.
fn run_own(conn: &Connection, sql: &str) -> rusqlite::Result<()> {
    let mut stmt = conn.prepare(sql)?;
    let mut rows = stmt.query([])?;
    while rows.next()?.is_some() {}
    Ok(())
}

fn to_sql(value: &Value) -> rusqlite::types::Value {
    match value {
        Value::Null => rusqlite::types::Value::Null,
        Value::Int(n) => rusqlite::types::Value::Integer(*n),
        Value::Text(s) => rusqlite::types::Value::Text(s.clone()),
    }
}

impl Sandbox {
    /// Opens and locks one connection per database; an error is a broken record or a broken
    /// SQLite, never the answer's fault.
    pub fn new(theme: Theme, databases: &[Database]) -> Result<Sandbox, String> {
        let ticks = Arc::new(AtomicU32::new(0));
        let denied = Arc::new(Mutex::new(String::new()));
        let connections = databases
            .iter()
            .map(|db| {
                open(theme, db, &ticks, &denied).map_err(|e| format!("building a database: {e}"))
            })
            .collect::<Result<_, _>>()?;
        Ok(Sandbox {
            connections,
            ticks,
            denied,
        })
    }

    /// How many databases there are.
    pub fn len(&self) -> usize {
        self.connections.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.connections.is_empty()
    }

    /// Runs `sql` on database `i`: its column count and rows, or why there are none.
    pub fn run(&self, i: usize, sql: &str) -> Result<(usize, Vec<Row>), Failure> {
        if sql.len() > MAX_SQL_BYTES {
            return Err(Failure::new(
                Reason::Forbidden,
                format!("the query is longer than {MAX_SQL_BYTES} bytes"),
            ));
        }
        // SQLite reads a query as a C string: text after a NUL byte would be silently dropped,
        // hiding whatever it says, so a NUL is refused outright.
        if sql.contains('\0') {
            return Err(Failure::new(
                Reason::CompileError,
                "the query holds a NUL byte",
            ));
        }
        let conn = &self.connections[i];
        self.ticks.store(0, Ordering::Relaxed);
        if let Ok(mut what) = self.denied.lock() {
            what.clear();
        }
        let mut stmt = conn.prepare(sql).map_err(|e| {
            // Some denials (a function) come back as a plain error: the authorizer's record
            // of what it denied decides.
            let mut f = failure(&e, true);
            if let Ok(what) = self.denied.lock()
                && !what.is_empty()
            {
                f = Failure::new(
                    Reason::Forbidden,
                    format!(
                        "the query uses something the sandbox does not allow (only reads of the \
                         problem's tables and the listed functions): {what}"
                    ),
                );
            }
            f
        })?;
        if stmt.is_explain() != 0 || !stmt.readonly() {
            return Err(Failure::new(
                Reason::Forbidden,
                "only a SELECT may run, not EXPLAIN or a statement that writes",
            ));
        }
        let width = stmt.column_count();
        let mut rows = stmt.query([]).map_err(|e| failure(&e, false))?;
        let mut out = Vec::new();
        loop {
            match rows.next() {
                Ok(Some(row)) => {
                    if out.len() == MAX_ROWS {
                        return Err(Failure::new(
                            Reason::WrongAnswer,
                            format!("the query returns more than {MAX_ROWS} rows"),
                        ));
                    }
                    let mut cells = Vec::with_capacity(width);
                    for j in 0..width {
                        let cell = row.get_ref(j).map_err(|e| failure(&e, false))?;
                        cells.push(cell_value(cell)?);
                    }
                    out.push(cells);
                }
                Ok(None) => return Ok((width, out)),
                Err(e) => return Err(failure(&e, false)),
            }
        }
    }
}

/// A result cell as a [`Value`]: an integral real within ±2^53 reads as its integer (the prompt
/// says 3 and 3.0 are equal); another real or a blob can equal no expected value.
fn cell_value(cell: ValueRef<'_>) -> Result<Value, Failure> {
    match cell {
        ValueRef::Null => Ok(Value::Null),
        ValueRef::Integer(n) => Ok(Value::Int(n)),
        ValueRef::Real(r) if r.fract() == 0.0 && r.abs() <= 9_007_199_254_740_992.0 => {
            Ok(Value::Int(r as i64))
        }
        ValueRef::Text(t) => Ok(Value::Text(String::from_utf8_lossy(t).into_owned())),
        ValueRef::Real(_) | ValueRef::Blob(_) => Err(Failure::new(
            Reason::WrongAnswer,
            "the result holds a non-integer number or a blob, which no right answer here holds",
        )),
    }
}

/// The failure an SQLite error means. `preparing`: the error came from preparing the statement.
fn failure(e: &Error, preparing: bool) -> Failure {
    let (code, msg) = match e {
        Error::SqliteFailure(err, msg) => (Some(err.code), msg.clone().unwrap_or_default()),
        Error::SqlInputError { error, msg, .. } => (Some(error.code), msg.clone()),
        Error::MultipleStatement => {
            return Failure::new(
                Reason::Forbidden,
                "the block holds more than one statement; write exactly one SELECT",
            );
        }
        Error::Empty => {
            return Failure::new(Reason::CompileError, "the block holds no statement");
        }
        other => (None, other.to_string()),
    };
    match code {
        Some(ErrorCode::AuthorizationForStatementDenied) => Failure::new(
            Reason::Forbidden,
            "the query uses something the sandbox does not allow (only reads of the problem's \
             tables and the listed functions)",
        ),
        Some(ErrorCode::OperationInterrupted) => Failure::new(
            Reason::Timeout,
            "the query ran out of its step budget (an endless recursion or a huge join?)",
        ),
        Some(ErrorCode::TooBig) | Some(ErrorCode::OutOfMemory) => Failure::new(
            Reason::Forbidden,
            "the query builds a value or a result larger than the sandbox allows",
        ),
        _ if preparing => Failure::new(Reason::CompileError, format!("SQLite refused it: {msg}")),
        _ => Failure::new(
            Reason::WrongAnswer,
            format!("the query failed while running: {msg}"),
        ),
    }
}

/// A denied action in a few words.
fn describe(ctx: &AuthContext<'_>) -> String {
    match ctx.action {
        AuthAction::Read { table_name, .. } => match ctx.database_name {
            Some(db) if db != "main" => format!("reading `{db}.{table_name}`"),
            _ => format!("reading `{table_name}`"),
        },
        AuthAction::Function { function_name } => format!("the function `{function_name}`"),
        AuthAction::Pragma { pragma_name, .. } => format!("PRAGMA {pragma_name}"),
        other => {
            let name = format!("{other:?}");
            name.split([' ', '{', '(']).next().unwrap_or("").to_owned()
        }
    }
}

/// Whether the authorizer allows an action (see the module doc).
fn authorize(tables: &[&'static str; 3], ctx: &AuthContext<'_>) -> Authorization {
    let allowed = match ctx.action {
        AuthAction::Select | AuthAction::Recursive => true,
        AuthAction::Read { table_name, .. } => {
            ctx.database_name.is_none_or(|d| d == "main")
                && tables.iter().any(|t| t.eq_ignore_ascii_case(table_name))
        }
        AuthAction::Function { function_name } => FUNCTIONS
            .iter()
            .any(|f| f.eq_ignore_ascii_case(function_name)),
        _ => false,
    };
    if allowed {
        Authorization::Allow
    } else {
        Authorization::Deny
    }
}

fn open(
    theme: Theme,
    db: &Database,
    ticks: &Arc<AtomicU32>,
    denied: &Arc<Mutex<String>>,
) -> rusqlite::Result<Connection> {
    let mut conn = Connection::open_in_memory()?;
    let mut heap = Ok(());
    HEAP_LIMIT.call_once(|| {
        heap = run_own(
            &conn,
            &format!("PRAGMA hard_heap_limit = {HEAP_LIMIT_BYTES}"),
        );
    });
    heap?;
    run_own(&conn, "PRAGMA temp_store = MEMORY")?;
    let tables = theme.tables();
    for (k, ddl) in theme.ddl().iter().enumerate() {
        conn.execute_batch(ddl)?;
        let holes = (1..=WIDTHS[k])
            .map(|i| format!("?{i}"))
            .collect::<Vec<_>>()
            .join(", ");
        let mut insert = conn.prepare(&format!("INSERT INTO {} VALUES ({holes})", tables[k]))?;
        for row in db.tables()[k] {
            insert.execute(rusqlite::params_from_iter(row.iter().map(to_sql)))?;
        }
    }
    // Lock it: nothing the answer runs may change these rows or reach past them.
    run_own(&conn, "PRAGMA query_only = ON")?;
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_DEFENSIVE, true)?;
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_ENABLE_TRIGGER, false)?;
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_ENABLE_VIEW, false)?;
    for (limit, value) in [
        (Limit::SQLITE_LIMIT_LENGTH, MAX_VALUE_BYTES),
        (Limit::SQLITE_LIMIT_SQL_LENGTH, MAX_SQL_BYTES as i32),
        (Limit::SQLITE_LIMIT_COLUMN, 64),
        (Limit::SQLITE_LIMIT_EXPR_DEPTH, 100),
        (Limit::SQLITE_LIMIT_COMPOUND_SELECT, 50),
        (Limit::SQLITE_LIMIT_VDBE_OP, 25_000),
        (Limit::SQLITE_LIMIT_FUNCTION_ARG, 8),
        (Limit::SQLITE_LIMIT_ATTACHED, 0),
        (Limit::SQLITE_LIMIT_LIKE_PATTERN_LENGTH, 100),
        (Limit::SQLITE_LIMIT_VARIABLE_NUMBER, 1),
        (Limit::SQLITE_LIMIT_TRIGGER_DEPTH, 1),
        (Limit::SQLITE_LIMIT_WORKER_THREADS, 0),
    ] {
        conn.set_limit(limit, value)?;
    }
    let denied = Arc::clone(denied);
    conn.authorizer(Some(move |ctx: AuthContext<'_>| {
        let verdict = authorize(&tables, &ctx);
        if verdict == Authorization::Deny
            && let Ok(mut what) = denied.lock()
        {
            *what = describe(&ctx);
        }
        verdict
    }))?;
    let ticks = Arc::clone(ticks);
    let budget = BUDGET_OPS / OPS_PER_TICK as u32;
    conn.progress_handler(
        OPS_PER_TICK,
        Some(move || ticks.fetch_add(1, Ordering::Relaxed) + 1 > budget),
    )?;
    Ok(conn)
}
