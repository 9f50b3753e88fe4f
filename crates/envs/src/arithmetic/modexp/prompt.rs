//! The prompt text of a `modexp` problem.

use std::fmt::Write;

use super::ModExpData;

/// Renders the full prompt: the task, the method, the step format and the answer format.
pub fn render(data: &ModExpData) -> String {
    let (a, e, p) = (data.base, data.exponent, data.modulus);
    let k = data.squares.len();
    let top = p - 1;
    let set_bits: Vec<String> = (0..64)
        .rev()
        .filter(|i| e >> i & 1 == 1)
        .map(|i| format!("{a}^{}", 1u64 << i))
        .collect();
    let mut s = String::with_capacity(640);
    // `write!` to a String cannot fail.
    let _ = write!(
        s,
        "Compute {a}^{e} mod {p} by repeated squaring. Every value is an integer from 0 to {top}, \
         and you reduce modulo {p} after every multiplication.\n\
         In binary, {e} = {e:b}, so {a}^{e} = {}.\n\
         Square repeatedly: start from s0 = {a}; then s1 = s0^2 mod {p}, s2 = s1^2 mod {p}, and \
         so on up to s{k}, so that si = {a}^(2^i) mod {p}. Then multiply together, modulo {p}, \
         the squares si for the bits i that are set in the exponent.\n\
         You may show your work by writing each square on its own line as `step i: VALUE` for \
         i = 1 to {k} (step i is {a}^(2^i) mod {p}); listed steps are checked. Give the final \
         value {a}^{e} mod {p}, an integer from 0 to {top}, as <answer>VALUE</answer>.",
        set_bits.join(" * ")
    );
    s
}
