//! The prompt: the whole language (grammar, every builtin, integer semantics, limits), the shown
//! examples and the answer form. Everything the verifier enforces is stated here.

use std::fmt::Write as _;

use super::eval::{FUEL, Value};
use super::parse::{MAX_LITERAL, MAX_NESTING, MAX_PROGRAM_BYTES};
use super::{LANG, ProgramSynthesisData};

/// The language, stated once for every problem.
fn language() -> String {
    format!(
        "The language (a program is one expression):\n\
         - Values are 64-bit integers, truth values and lists of integers. The input is the list \
         `xs`.\n\
         - Integers: literals 0 to {MAX_LITERAL} (write `-5` for a negative one), `+ - * / %` \
         and unary `-`. `/` rounds towards negative infinity and `%` has the sign of the divisor \
         (so `-7 / 2 == -4` and `-7 % 2 == 1`). Division or remainder by zero, and any result \
         outside the 64-bit range, make the program fail.\n\
         - Truth values: `== != < <= > >=` between integers (they do not chain), `and`, `or`, \
         `not`. `and` and `or` evaluate their right side only when needed.\n\
         - Precedence, loosest first: `or`; `and`; `not`; comparisons; `+ -`; `* / %`; unary \
         `-`. Binary operators group to the left; parentheses group as usual.\n\
         - Lambdas appear only as the first argument of `map`, `filter`, `fold` and `zip_with`: \
         `x -> body` or `(a, b) -> body`. Parameters are integers, named by any word that is not \
         a builtin, `xs`, `and`, `or` or `not`; a body may use the parameters of enclosing \
         lambdas and `xs`.\n\
         - Builtins:\n\
         \x20 `map(x -> e, L)`: e for each element of L, in order.\n\
         \x20 `filter(x -> p, L)`: the elements of L for which p is true, in order.\n\
         \x20 `fold((acc, x) -> e, init, L)`: start with acc = init; for each element x of L in \
         order, acc becomes e; the result is the last acc (init for an empty L).\n\
         \x20 `zip_with((a, b) -> e, L1, L2)`: e for each pair of elements at the same position; \
         as long as the shorter list.\n\
         \x20 `sort(L)` (ascending), `reverse(L)`, `len(L)`, `sum(L)` (0 for an empty list).\n\
         \x20 `take(n, L)`: the first n elements; `drop(n, L)`: all but the first n. An n below 0 \
         counts as 0, and above the length as the length.\n\
         \x20 `min(a, b)`, `max(a, b)`, `abs(a)` on integers; `if(c, a, b)`: a when c is true, \
         else b (a and b both integers or both lists; only the chosen one is evaluated).\n\
         - Comments run from `#` to the end of the line. A program is at most \
         {MAX_PROGRAM_BYTES} bytes and nests at most {MAX_NESTING} deep; a run may take at most \
         {FUEL} steps (one per expression evaluated, and one per element a builtin walks).\n"
    )
}

fn render_list(xs: &[i64]) -> String {
    let items: Vec<String> = xs.iter().map(i64::to_string).collect();
    format!("[{}]", items.join(", "))
}

/// How the prompt and messages write a value.
pub fn render_value(v: &Value) -> String {
    match v {
        Value::Int(n) => n.to_string(),
        Value::List(l) => render_list(l),
    }
}

/// The prompt for a problem.
pub fn prompt(data: &ProgramSynthesisData) -> String {
    let kind = if data.output_is_list() {
        "a list"
    } else {
        "an integer"
    };
    let mut p = format!(
        "Write a program in the small list language below that takes a list of integers `xs` \
         and returns {kind}, matching every example. Your program is also run on hidden inputs \
         and must give the intended output on them too, so find the general rule, not a table \
         of the examples.\n\n{}\nExamples:\n",
        language()
    );
    for ex in &data.shown {
        let _ = writeln!(
            p,
            "  xs = {} -> {}",
            render_list(&ex.xs),
            render_value(&ex.output)
        );
    }
    let _ = write!(
        p,
        "\nWrite the program as one expression in a fenced code block tagged `{LANG}`; the last \
         such block in your reply is read. For example:\n```{LANG}\nmap(x -> x * 2, filter(x -> \
         x % 3 != 0, xs))\n```"
    );
    p
}
