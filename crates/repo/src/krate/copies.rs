//! Copies of one function placed beside it in a build: the original once (the control) and once
//! per mutant with only that mutant applied, so one round judges each of a bisection's suspects
//! alone, as cargo-mutants builds every mutant, instead of halving groups round after round.
//!
//! A copy is the function's item text with its name changed, nothing else: same scope, same
//! `impl` block, same generics, never called. Where a copy cannot stand (a trait impl takes no
//! extra methods), the control fails too, and the bisection goes on without copies.

use std::ops::Range;

use super::super::mutate::{FnInfo, Mutant};
use super::super::schemata::Rendered;
use super::super::vary::lex::{Kind, lex};

/// The prefix of every copy's name.
const COPY_PREFIX: &str = "__vg_alone_";

/// What a copy holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Holds {
    /// The function as written: if this fails, copies cannot stand where the function is.
    Control,
    /// The function with this mutant alone.
    Mutant(u32),
}

impl Holds {
    /// The copy's name, unique in its scope: it carries its function's index in the file, since
    /// one answer to a crate problem may be the same ordinal in two functions of one module.
    pub(crate) fn name(self, function: usize) -> String {
        match self {
            Holds::Control => format!("{COPY_PREFIX}f{function}"),
            Holds::Mutant(o) => format!("{COPY_PREFIX}f{function}_{o}"),
        }
    }
}

/// The item text of `f` (in `source`) named `name`, with `mutant`'s edit applied: `None` when
/// the name cannot be found in the signature or the edit is not inside the item after it.
pub(crate) fn text(
    source: &str,
    f: &FnInfo,
    name: &str,
    mutant: Option<&Mutant>,
) -> Option<String> {
    let item = source.get(f.span.clone())?;
    let head = f.body.start.checked_sub(f.span.start)?;
    let tokens = lex(item.get(..head)?);
    let mut code = tokens
        .iter()
        .filter(|t| !matches!(t.kind, Kind::Comment) && !item[t.range.clone()].trim().is_empty());
    code.find(|t| t.kind == Kind::Ident && &item[t.range.clone()] == "fn")?;
    let ident = code.next().filter(|t| t.kind == Kind::Ident)?.range.clone();
    let mut out = String::with_capacity(item.len() + 64);
    out.push_str(&item[..ident.start]);
    out.push_str(name);
    match mutant {
        None => out.push_str(&item[ident.end..]),
        Some(m) => {
            let span =
                m.span.start.checked_sub(f.span.start)?..m.span.end.checked_sub(f.span.start)?;
            if span.start < ident.end || span.end > item.len() || span.start > span.end {
                return None;
            }
            out.push_str(item.get(ident.end..span.start)?);
            out.push_str(&m.replacement);
            out.push_str(item.get(span.end..)?);
        }
    }
    Some(out)
}

/// Inserts `text` into `r.source` at `at`, moving every recorded range after it (and the ranges
/// of `also`, earlier insertions); a range that holds `at` grows around the text. The inserted
/// text's range is returned.
pub(crate) fn insert(
    r: &mut Rendered,
    at: usize,
    text: &str,
    also: &mut [Range<usize>],
) -> Range<usize> {
    let len = text.len();
    let shift = |range: &mut Range<usize>| {
        if range.start >= at {
            range.start += len;
        }
        if range.end > at || (range.end == at && range.start > at) {
            range.end += len;
        }
    };
    r.source.insert_str(at, text);
    for (_, range) in &mut r.arms {
        shift(range);
    }
    for (range, _) in &mut r.sites {
        shift(range);
    }
    for range in r.functions.iter_mut().flatten() {
        shift(range);
    }
    for range in also {
        shift(range);
    }
    at..at + len
}

/// A copy's item as it goes into the build: on lines of its own, with the lints a dead copy
/// trips allowed.
pub(crate) fn item(text: &str) -> String {
    format!("\n#[allow(dead_code, unused, clippy::all)]\n{text}\n")
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::mutate::analyze;
    use crate::schemata;

    const SRC: &str = "pub struct S;\n\nimpl S {\n    /// Doc.\n    pub fn first(&self, v: &[u32]) -> u32 {\n        let mut n = 0;\n        for x in v {\n            n += x;\n        }\n        n\n    }\n}\n\npub fn second(a: u32) -> u32 {\n    a * 2\n}\n";

    #[test]
    fn a_copy_renames_the_function_and_applies_one_mutant() {
        let a = analyze(SRC, "src/lib.rs").unwrap();
        let f = &a.functions[0];
        let control = text(SRC, f, "__vg_alone_f0", None).unwrap();
        assert!(control.starts_with("pub fn __vg_alone_f0(&self, v: &[u32]) -> u32 {"));
        assert_eq!(
            control.len(),
            f.span.len() + "__vg_alone_f0".len() - "first".len()
        );
        let m = a
            .mutants
            .iter()
            .find(|m| m.function == "S::first" && m.original == "+=")
            .unwrap();
        let copy = text(SRC, f, "__vg_alone_f0_9", Some(m)).unwrap();
        assert!(copy.contains(&format!("n {} x;", m.replacement)), "{copy}");
        assert!(!copy.contains("n += x;"));
        // A mutant outside the function is not its to copy.
        let other = a.mutants.iter().find(|m| m.function == "second").unwrap();
        assert_eq!(text(SRC, f, "x", Some(other)), None);
    }

    #[test]
    fn copies_of_one_ordinal_in_two_functions_have_two_names() {
        let names = [
            Holds::Control.name(0),
            Holds::Control.name(1),
            Holds::Mutant(3).name(0),
            Holds::Mutant(3).name(1),
            Holds::Mutant(1).name(3),
        ];
        let distinct: BTreeSet<&String> = names.iter().collect();
        assert_eq!(distinct.len(), names.len(), "{names:?}");
    }

    #[test]
    fn an_insertion_moves_what_follows_and_grows_what_holds_it() {
        let a = analyze(SRC, "src/lib.rs").unwrap();
        let all: BTreeSet<u32> = a.mutants.iter().map(|m| m.ordinal).collect();
        let mut r = schemata::render(&a, &all, "");
        let before = r.clone();
        let at = r.functions[0].clone().unwrap().end;
        let mut earlier = [at..at + 3, 0..at];
        let added = insert(&mut r, at, "XYZ", &mut earlier);
        assert_eq!(&r.source[added], "XYZ");
        assert_eq!(earlier, [at + 3..at + 6, 0..at]);
        assert_eq!(
            r.functions[0], before.functions[0],
            "ends where the copy begins"
        );
        let second = before.functions[1].clone().unwrap();
        assert_eq!(r.functions[1], Some(second.start + 3..second.end + 3));
        for ((o, was), (p, now)) in before.arms.iter().zip(&r.arms) {
            assert_eq!(o, p);
            assert_eq!(&before.source[was.clone()], &r.source[now.clone()]);
        }
    }
}
