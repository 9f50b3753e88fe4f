//! The prompt text of a `crt` problem.

use std::fmt::Write;

use super::CrtData;

/// Renders the full prompt: the congruences, the range, the step format and the answer format.
pub fn render(data: &CrtData) -> String {
    let n = data.moduli.len();
    let big = data.product();
    let factors: Vec<String> = data.moduli.iter().map(u64::to_string).collect();
    let mut s = String::with_capacity(520 + 24 * n);
    // `write!` to a String cannot fail.
    let _ = writeln!(
        s,
        "Find the integer x with 0 <= x < {big} (where {big} = {}) such that:",
        factors.join(" * ")
    );
    for (m, r) in data.moduli.iter().zip(&data.residues) {
        let _ = writeln!(s, "x ≡ {r} (mod {m})");
    }
    let _ = write!(
        s,
        "The moduli are pairwise coprime, so exactly one such x exists in that range (the \
         Chinese remainder theorem).\n\
         You may show your work by combining the congruences one at a time, in the order given: \
         write `step k: VALUE` on its own line for k = 1 to {n}, where step k is the integer \
         from 0 to (product of the first k moduli) - 1 that satisfies the first k congruences \
         (step 1 is {r1}; step {n} is x); listed steps are checked. Give x, an integer from 0 to \
         {top}, as <answer>VALUE</answer>.",
        r1 = data.residues[0],
        top = big - 1
    );
    s
}
