//! Differential testing of survivors: random inputs generated from a function's signature, run
//! through the original and the mutant inside the same compiled binary (switching the active
//! mutant in-process), comparing the `Debug` of results and whether each panicked.
//!
//! A survivor for which no input shows a difference is flagged *likely equivalent*: a hint for a
//! human, not a proof. Functions with parameter types outside the supported set are not checked.

use std::fmt::Write as _;

use super::mutate::{Analysis, FnInfo};
use crate::core::rng::ProblemRng;

const INTS: [&str; 12] = [
    "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
];

const CHARS: [char; 16] = [
    'a', 'b', 'c', 'e', 'x', 'z', 'A', 'B', 'Z', '0', '7', ' ', '!', '-', '.', 'é',
];

/// A generated probe: one `#[test]` that compares original and mutant on fixed inputs.
#[derive(Clone, Debug)]
pub struct Probe {
    /// The function it drives, as named in mutants (`name` or `Type::name`).
    pub function: String,
    /// The test's name inside the probe module.
    pub test: String,
    /// The test's source text.
    pub text: String,
}

/// Probes for every function whose signature is supported, and (function, reason) for the rest.
pub fn probes(analysis: &Analysis, seed: u64, cases: u32) -> (Vec<Probe>, Vec<(String, String)>) {
    let mut out = Vec::new();
    let mut unsupported = Vec::new();
    for (k, f) in analysis.functions.iter().enumerate() {
        match probe(f, k, seed, cases) {
            Ok(p) => out.push(p),
            Err(reason) => unsupported.push((f.name.clone(), reason)),
        }
    }
    (out, unsupported)
}

/// How one parameter is stored in the case table and passed to the function.
struct Param {
    stored: String,
    pass: fn(&str) -> String,
    kind: Kind,
}

enum Kind {
    Int(&'static str),
    Bool,
    Char,
    Str,
    Slice(&'static str),
}

fn param(ty: &str) -> Option<Param> {
    let int = |t: &str| INTS.iter().find(|i| **i == t).copied();
    let p = |stored: String, pass: fn(&str) -> String, kind| Param { stored, pass, kind };
    if let Some(i) = int(ty) {
        return Some(p(i.to_owned(), |a| a.to_owned(), Kind::Int(i)));
    }
    Some(match ty {
        "bool" => p("bool".into(), |a| a.to_owned(), Kind::Bool),
        "char" => p("char".into(), |a| a.to_owned(), Kind::Char),
        "&str" => p("&'static str".into(), |a| a.to_owned(), Kind::Str),
        "String" => p(
            "&'static str".into(),
            |a| format!("{a}.to_string()"),
            Kind::Str,
        ),
        "&String" => p(
            "&'static str".into(),
            |a| format!("&{a}.to_string()"),
            Kind::Str,
        ),
        _ => {
            let inner = ty
                .strip_prefix("&[")
                .and_then(|t| t.strip_suffix(']'))
                .map(|t| (t, 0))
                .or_else(|| {
                    ty.strip_prefix("Vec<")
                        .and_then(|t| t.strip_suffix('>'))
                        .map(|t| (t, 1))
                })
                .or_else(|| {
                    ty.strip_prefix("&Vec<")
                        .and_then(|t| t.strip_suffix('>'))
                        .map(|t| (t, 2))
                })?;
            let elem = int(inner.0)?;
            let pass: fn(&str) -> String = match inner.1 {
                0 => |a| a.to_owned(),
                1 => |a| format!("{a}.to_vec()"),
                _ => |a| format!("&{a}.to_vec()"),
            };
            p(format!("&'static [{elem}]"), pass, Kind::Slice(elem))
        }
    })
}

fn probe(f: &FnInfo, index: usize, seed: u64, cases: u32) -> Result<Probe, String> {
    if f.has_receiver {
        return Err("takes `self`; differential testing drives free functions only".into());
    }
    if f.generic {
        return Err("generic; differential testing needs concrete types".into());
    }
    if f.ret == "()" {
        return Err("returns `()`; there is no result to compare".into());
    }
    let params: Vec<Param> = f
        .params
        .iter()
        .map(|t| param(t).ok_or_else(|| format!("parameter type `{t}` is not supported")))
        .collect::<Result<_, _>>()?;
    let cases = if params.is_empty() { 1 } else { cases.max(1) };
    let mut rng = ProblemRng::from_test_seed(seed ^ (index as u64).wrapping_mul(0x9e37_79b9));
    let stored: Vec<&str> = params.iter().map(|p| p.stored.as_str()).collect();
    let tuple_ty = tuple(&stored);
    let mut table = String::new();
    for _ in 0..cases {
        let values: Vec<String> = params.iter().map(|p| value(&p.kind, &mut rng)).collect();
        let refs: Vec<&str> = values.iter().map(String::as_str).collect();
        let _ = writeln!(table, "        {},", tuple(&refs));
    }
    let names: Vec<String> = (0..params.len()).map(|i| format!("a{i}")).collect();
    let name_refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let args: Vec<String> = params
        .iter()
        .zip(&names)
        .map(|(p, n)| (p.pass)(n))
        .collect();
    let test = format!("p{index}");
    let text = format!(
        "#[test]\nfn {test}() {{\n    let cases: [{tuple_ty}; {cases}] = [\n{table}    ];\n    \
         let target = super::__vg_id();\n    \
         for (i, case) in cases.iter().enumerate() {{\n        \
         let {pat} = *case;\n        \
         super::__vg_probe_check(target, i, &|| format!(\"{{:?}}\", {call}({args})));\n    }}\n}}",
        pat = tuple(&name_refs),
        call = f.name,
        args = args.join(", "),
    );
    Ok(Probe {
        function: f.name.clone(),
        test,
        text,
    })
}

fn tuple(items: &[&str]) -> String {
    match items {
        [] => "()".into(),
        [one] => format!("({one},)"),
        many => format!("({})", many.join(", ")),
    }
}

fn small_int(ty: &str, rng: &mut ProblemRng) -> String {
    let signed = ty.starts_with('i');
    let (min, max): (i128, i128) = match ty {
        "u8" => (0, u8::MAX.into()),
        "u16" => (0, u16::MAX.into()),
        "u32" => (0, u32::MAX.into()),
        "i8" => (i8::MIN.into(), i8::MAX.into()),
        "i16" => (i16::MIN.into(), i16::MAX.into()),
        "i32" => (i32::MIN.into(), i32::MAX.into()),
        _ if signed => (i64::MIN.into(), i64::MAX.into()),
        _ => (0, u64::MAX.into()),
    };
    // Mostly small values, where off-by-one bugs live; sometimes mid-sized; rarely an extreme.
    let v: i128 = match rng.below(10) {
        0..=6 if signed => rng.in_range(0, 40) as i128 - 20,
        0..=6 => rng.in_range(0, 20) as i128,
        7 | 8 if signed => rng.in_range(0, 2000) as i128 - 1000,
        7 | 8 => rng.in_range(0, 1000) as i128,
        _ => {
            if rng.below(2) == 0 {
                min
            } else {
                max
            }
        }
    };
    format!("{}{ty}", v.clamp(min, max))
}

fn value(kind: &Kind, rng: &mut ProblemRng) -> String {
    match kind {
        Kind::Int(ty) => small_int(ty, rng),
        Kind::Bool => (rng.below(2) == 1).to_string(),
        Kind::Char => format!("{:?}", CHARS[rng.below(CHARS.len() as u64) as usize]),
        Kind::Str => {
            let len = rng.below(9);
            let s: String = (0..len)
                .map(|_| CHARS[rng.below(CHARS.len() as u64) as usize])
                .collect();
            format!("{s:?}")
        }
        Kind::Slice(elem) => {
            let len = rng.below(9);
            let signed = elem.starts_with('i');
            let items: Vec<String> = (0..len)
                .map(|_| {
                    let v = if signed {
                        rng.in_range(0, 40) as i64 - 20
                    } else {
                        rng.in_range(0, 30) as i64
                    };
                    format!("{v}{elem}")
                })
                .collect();
            format!("&[{}]", items.join(", "))
        }
    }
}

/// The comparison helper the probes call; appended to the schemata under `#[cfg(test)]`.
pub(crate) const RUNTIME: &str = r#"
#[cfg(test)]
#[doc(hidden)]
pub fn __vg_probe_check(target: u32, case: usize, run: &dyn Fn() -> String) {
    let once = |id: u32| {
        __vg_set_active(id);
        // A smaller tank than a test's: a probe makes hundreds of calls, each on tiny inputs.
        __vg_refuel_to(200_000);
        ::std::panic::catch_unwind(::std::panic::AssertUnwindSafe(run)).map_err(|_| "panicked")
    };
    let hook = ::std::panic::take_hook();
    ::std::panic::set_hook(Box::new(|_| {}));
    let original = once(0);
    let mutant = once(target);
    __vg_set_active(target);
    ::std::panic::set_hook(hook);
    if original != mutant {
        panic!("verigym: differs on case {case}: original {original:?}, mutant {mutant:?}");
    }
}
"#;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repo::mutate::analyze;

    #[test]
    fn supported_signatures_get_probes() {
        let src = "pub fn a(x: u32, s: &str, v: &[i64]) -> u32 { x }\n\
                   pub fn b(v: Vec<u8>, t: String, c: char, f: bool) -> usize { v.len() }\n\
                   pub fn c(x: f64) -> f64 { x }\n\
                   pub fn d(x: u8) { let _ = x; }\n\
                   pub fn e<T: Copy>(x: T) -> T { x }\n";
        let a = analyze(src, "lib.rs").unwrap();
        let (probes, unsupported) = probes(&a, 7, 5);
        let names: Vec<&str> = probes.iter().map(|p| p.function.as_str()).collect();
        assert_eq!(names, ["a", "b"]);
        let skipped: Vec<&str> = unsupported.iter().map(|(f, _)| f.as_str()).collect();
        assert_eq!(skipped, ["c", "d", "e"]);
        assert!(unsupported[0].1.contains("`f64`"));
        assert!(
            probes[1]
                .text
                .contains("a0.to_vec(), a1.to_string(), a2, a3")
        );
        // Probes are deterministic for a seed.
        assert_eq!(probes[0].text, super::probes(&a, 7, 5).0[0].text);
        assert_ne!(probes[0].text, super::probes(&a, 8, 5).0[0].text);
    }
}
