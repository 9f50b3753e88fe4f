//! The prompt text of a `sat` problem.

use std::fmt::Write;

use super::SatData;

/// Renders the full prompt, including the answer-format instructions.
pub fn render(data: &SatData) -> String {
    let n = data.variables;
    let mut s = String::with_capacity(520 + 20 * data.clauses.len());
    // `write!` to a String cannot fail.
    let _ = write!(
        s,
        "Find values for the Boolean variables x1 to x{n} that make every one of the {} clauses \
         below true. A clause is true when at least one of its literals is true; ¬x is true when \
         x is false.\n\n",
        data.clauses.len()
    );
    for (i, clause) in data.clauses.iter().enumerate() {
        let _ = write!(s, "{}. (", i + 1);
        for (j, &lit) in clause.iter().enumerate() {
            if j > 0 {
                s.push_str(" ∨ ");
            }
            if lit < 0 {
                s.push('¬');
            }
            let _ = write!(s, "x{}", lit.unsigned_abs());
        }
        s.push_str(")\n");
    }
    let _ = write!(
        s,
        "\nAny assignment that satisfies every clause is accepted. Give every variable a value, 1 \
         for true and 0 for false, as <answer>x1=VALUE, x2=VALUE, ..., x{n}=VALUE</answer>."
    );
    s
}

/// The reference answer: `x1=1, x2=0, …` from a value per variable.
pub fn answer(values: &[bool]) -> String {
    let mut s = String::with_capacity(7 * values.len());
    for (i, &v) in values.iter().enumerate() {
        if i > 0 {
            s.push_str(", ");
        }
        let _ = write!(s, "x{}={}", i + 1, u8::from(v));
    }
    s
}
