//! The prompt text of a `program_trace` problem: the language's rules, the program, the formats.

use std::fmt::Write;

use super::ProgramTraceData;
use super::ast::{self, VARS};

/// Renders the full prompt.
pub fn render(data: &ProgramTraceData) -> String {
    let m = data.modulus;
    let vars = VARS[..data.variables as usize].join(", ");
    let mut s = String::with_capacity(900);
    // `write!` to a String cannot fail.
    let _ = write!(
        s,
        "Trace the program below, written in a tiny language, and give what it prints.\n\
         Rules: the variables {vars} all start at 0. Every arithmetic result is reduced modulo \
         {m}, so every value is an integer from 0 to {top}: `a - b` is (a - b) mod {m}, never \
         negative, and `a * b` is (a * b) mod {m}. `for i in 0..3 {{ … }}` runs its body with i = \
         0, 1, 2 (nested loops use j and k). `if x < y {{ … }} else {{ … }}` runs the first block \
         when the comparison holds (`<`, `==`, `>` compare the values) and the `else` block, if \
         any, otherwise. `print a` prints the value of a on its own line.\n\
         ```\n{}```\n\
         You may show your work by writing each printed value on its own line as `step N: VALUE` \
         (N = 1 for the first printed line, and so on); listed steps are checked. Give every \
         printed value, in order, separated by commas, as <answer>VALUE, VALUE, …</answer>.",
        ast::render(&data.program),
        top = m - 1
    );
    s
}
