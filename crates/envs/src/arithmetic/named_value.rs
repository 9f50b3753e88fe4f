//! The prefix that names what a modular-algebra answer is the value of (`3^13` in `modexp`,
//! `det(A)` in `det_mod`): after the name, an optional modulus clause and exactly one relation
//! lead to the value, so `3^13 mod 17 = 12` and `\det(A) \equiv 5 \pmod{7}` read as 12 and 5.

/// Why the text after a name could not be read through to a value.
pub(crate) enum AfterName {
    /// The name is stated modulo another number than the problem's.
    OtherModulus,
    /// No single relation and value follow.
    Broken,
}

/// `[mod p] REL rest` (what follows a name) → `rest`, the value's text. `p` is the problem's
/// modulus; a clause naming another is [`AfterName::OtherModulus`].
pub(crate) fn after_name(rest: &str, p: u64) -> Result<&str, AfterName> {
    let mut rest = rest.trim_start();
    if let Some((stated, after)) = mod_clause(rest) {
        if stated != Some(p) {
            return Err(AfterName::OtherModulus);
        }
        rest = after.trim_start();
    }
    let rest = ["=", "≡", "\\equiv"]
        .iter()
        .find_map(|r| rest.strip_prefix(r))
        .ok_or(AfterName::Broken)?
        .trim_start();
    // One relation only: `x ≡ ≡ 12` or `x = y = 12` is not a form anyone means.
    if !rest.starts_with(|c: char| c.is_ascii_digit() || c == '+' || c == '-') {
        return Err(AfterName::Broken);
    }
    Ok(rest)
}

/// `123` or `{123}` (spaces inside the braces allowed) → (the number, `None` if it overflows; the
/// rest). `None` when there are no digits.
pub(crate) fn braced_number(t: &str) -> Option<(Option<u64>, &str)> {
    let (inner, rest) = match t.strip_prefix('{') {
        Some(r) => {
            let close = r.find('}')?;
            (r[..close].trim(), &r[close + 1..])
        }
        None => {
            let n = t.bytes().take_while(u8::is_ascii_digit).count();
            (&t[..n], &t[n..])
        }
    };
    if inner.is_empty() || !inner.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((inner.parse().ok(), rest))
}

/// A modulus clause after the name: `mod p`, `(mod p)`, `\bmod p`, `(\bmod p)`, `\pmod{p}`,
/// `\pmod p` → (p, `None` if it overflows; the rest).
fn mod_clause(t: &str) -> Option<(Option<u64>, &str)> {
    let (paren, t) = match t.strip_prefix('(') {
        Some(r) => (true, r.trim_start()),
        None => (false, t),
    };
    let t = ["\\pmod", "\\bmod", "\\mod", "modulo", "mod"]
        .iter()
        .find_map(|m| t.strip_prefix(m))?
        .trim_start();
    let (stated, mut rest) = braced_number(t)?;
    if paren {
        rest = rest.trim_start().strip_prefix(')')?;
    }
    Some((stated, rest))
}
