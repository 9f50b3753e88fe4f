//! The prompt text of a `det_mod` problem.

use std::fmt::Write;

use super::DetModData;

/// Renders the full prompt: the matrix, what the determinant is, the reduction rule and the exact
/// answer format.
pub fn render(data: &DetModData) -> String {
    let p = data.modulus;
    let n = data.matrix.len();
    let top = p - 1;
    let mut s = String::with_capacity(640 + 8 * n * n);
    // `write!` to a String cannot fail.
    let _ = writeln!(
        s,
        "Compute the determinant of this {n}×{n} matrix A modulo the prime {p}. Row by row:"
    );
    for row in &data.matrix {
        let entries: Vec<String> = row.iter().map(u64::to_string).collect();
        let _ = writeln!(s, "[{}]", entries.join(", "));
    }
    let _ = write!(
        s,
        "The determinant det(A) is the sum, over every permutation σ of the columns 1..{n}, of \
         sign(σ) · a(1,σ(1)) · a(2,σ(2)) · … · a({n},σ({n})), where a(i,j) is the entry in row i \
         and column j and sign(σ) is +1 for an even permutation and −1 for an odd one (row \
         reduction modulo {p} gives the same value). Reduce it modulo {p}: give the one integer \
         from 0 to {top} that is congruent to det(A) modulo {p}. A negative number or a number \
         above {top} is wrong, even if it is congruent (for example, write {top}, not −1). Give \
         the value as <answer>VALUE</answer>."
    );
    s
}
