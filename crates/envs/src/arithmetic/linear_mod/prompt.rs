//! The prompt text of a `linear_mod` problem.

use std::fmt::Write;

use super::LinearModData;
use super::params::NAMES;

/// Renders the full prompt: the equations, the rules and the exact answer format.
pub fn render(data: &LinearModData) -> String {
    let p = data.modulus;
    let n = data.coefficients.len();
    let names = &NAMES[..n];
    let mut s = String::with_capacity(360 + 40 * n * n);
    // `write!` to a String cannot fail.
    let _ = writeln!(
        s,
        "Solve this system of {n} linear congruences modulo the prime {p}, in the unknowns {}:",
        names.join(", ")
    );
    for (row, b) in data.coefficients.iter().zip(&data.rhs) {
        s.push_str(&equation(row, names));
        let _ = writeln!(s, " ≡ {b} (mod {p})");
    }
    let format: Vec<String> = names.iter().map(|v| format!("{v} = VALUE")).collect();
    let _ = write!(
        s,
        "Here `3x` means 3 times x, and every unknown is an integer from 0 to {top}. The system \
         has exactly one solution modulo {p}. Give the value of every unknown, each an integer \
         from 0 to {top}, as <answer>{}</answer>.",
        format.join(", "),
        top = p - 1
    );
    s
}

/// `3x + y + 5z`: zero terms left out, a coefficient of 1 not written.
fn equation(row: &[u64], names: &[&str]) -> String {
    let mut terms = Vec::with_capacity(row.len());
    for (&a, name) in row.iter().zip(names) {
        match a {
            0 => {}
            1 => terms.push((*name).to_owned()),
            _ => terms.push(format!("{a}{name}")),
        }
    }
    terms.join(" + ")
}
