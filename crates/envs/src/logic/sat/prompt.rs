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
        push_number(&mut s, i as u64 + 1);
        s.push_str(". (");
        for (j, &lit) in clause.iter().enumerate() {
            if j > 0 {
                s.push_str(" ∨ ");
            }
            if lit < 0 {
                s.push('¬');
            }
            s.push('x');
            push_number(&mut s, u64::from(lit.unsigned_abs()));
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

/// Appends a number in decimal: `write!` costs a third of generation at this volume.
fn push_number(s: &mut String, mut v: u64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    // Only ASCII digits were written.
    s.push_str(std::str::from_utf8(&digits[at..]).unwrap_or_default());
}

/// The reference answer: `x1=1, x2=0, …` from a value per variable.
pub fn answer(values: &[bool]) -> String {
    let mut s = String::with_capacity(7 * values.len());
    for (i, &v) in values.iter().enumerate() {
        if i > 0 {
            s.push_str(", ");
        }
        s.push('x');
        push_number(&mut s, i as u64 + 1);
        s.push_str(if v { "=1" } else { "=0" });
    }
    s
}
