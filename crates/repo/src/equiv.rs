//! Differential testing of survivors: random inputs generated from a function's signature, run
//! through the original and the mutant inside the same compiled binary (switching the active
//! mutant in-process), comparing the `Debug` of results and whether each panicked.
//!
//! A survivor for which no input shows a difference is flagged *likely equivalent*: a hint for a
//! human, not a proof. Functions with parameter types outside the supported set are not checked.

use std::fmt::Write as _;

use super::mutate::{Analysis, FnInfo};
use verigym_core::rng::ProblemRng;

const INTS: [&str; 12] = [
    "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
];

const CHARS: [char; 16] = [
    'a', 'b', 'c', 'e', 'x', 'z', 'A', 'B', 'Z', '0', '7', ' ', '!', '-', '.', 'é',
];

/// The environment variable that carries a probe's inputs, one case per line.
pub const INPUT_ENV: &str = "VERIGYM_PROBE_INPUT";

/// A generated probe: one `#[test]` that compares original and mutant on given inputs.
///
/// The inputs are generated here (seeded, with [`ProblemRng`]) and handed to the test at run
/// time through [`INPUT_ENV`], one case per line, fields separated by tabs; the test parses them.
/// Literal input tables in the source would double the build's compile time.
#[derive(Clone, Debug)]
pub struct Probe {
    /// The function it drives, as named in mutants (`name` or `Type::name`).
    pub function: String,
    /// The test's name inside the probe module.
    pub test: String,
    /// The test's source text.
    pub text: String,
    /// The inputs: one line per case, one tab-separated field per parameter.
    pub input: String,
    /// How many entry assertions of the function filter the inputs (see [`NO_VALID_INPUT`]).
    pub preconditions: usize,
    /// Whether inputs on which the original panics are left out (its `# Panics` section).
    pub panics_documented: bool,
}

/// The panic message of a probe none of whose inputs satisfied the function's entry
/// assertions (or, for a function with a `# Panics` section, on which the original did not
/// panic): nothing was compared, so nothing can be said.
pub const NO_VALID_INPUT: &str = "verigym: no input satisfies the function's entry assertions";

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

/// How one parameter is parsed from its field and passed to the function.
struct Param {
    /// The owned type a field parses into.
    owned: String,
    /// The expression turning field `f[k]` into that type.
    parse: String,
    /// How the owned value `a` is passed.
    pass: fn(&str) -> String,
    kind: Kind,
}

enum Kind {
    Int,
    Bool,
    Char,
    Str,
    Slice,
}

fn param(ty: &str, k: usize) -> Option<Param> {
    let int = |t: &str| INTS.iter().find(|i| **i == t).copied();
    let field = format!("f[{k}]");
    let scalar = |t: &str, kind| Param {
        owned: t.to_owned(),
        parse: format!("{field}.parse().unwrap()"),
        pass: |a| a.to_owned(),
        kind,
    };
    if let Some(i) = int(ty) {
        return Some(scalar(i, Kind::Int));
    }
    let text = |pass: fn(&str) -> String| Param {
        owned: "String".into(),
        parse: format!("{field}.to_string()"),
        pass,
        kind: Kind::Str,
    };
    Some(match ty {
        "bool" => scalar("bool", Kind::Bool),
        "char" => Param {
            owned: "char".into(),
            parse: format!("{field}.chars().next().unwrap()"),
            pass: |a| a.to_owned(),
            kind: Kind::Char,
        },
        "&str" | "&String" => text(|a| format!("&{a}")),
        "String" => text(|a| format!("{a}.clone()")),
        _ => {
            let (elem, how) = [("&[", "]", 0), ("Vec<", ">", 1), ("&Vec<", ">", 2)]
                .iter()
                .find_map(|(pre, post, how)| {
                    let inner = ty.strip_prefix(pre)?.strip_suffix(post)?;
                    Some((int(inner)?, *how))
                })?;
            let pass: fn(&str) -> String = match how {
                0 => |a| format!("&{a}[..]"),
                1 => |a| format!("{a}.clone()"),
                _ => |a| format!("&{a}"),
            };
            Param {
                owned: format!("Vec<{elem}>"),
                parse: format!(
                    "{field}.split(',').filter(|x| !x.is_empty()).map(|x| x.parse().unwrap()).collect()"
                ),
                pass,
                kind: Kind::Slice,
            }
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
        .enumerate()
        .map(|(k, t)| param(t, k).ok_or_else(|| format!("parameter type `{t}` is not supported")))
        .collect::<Result<_, _>>()?;
    let types: Vec<&str> = f.params.iter().map(String::as_str).collect();
    let cases = if params.is_empty() { 1 } else { cases.max(1) };
    let mut rng = ProblemRng::from_test_seed(seed ^ (index as u64).wrapping_mul(0x9e37_79b9));
    let mut input = String::new();
    for _ in 0..cases {
        let fields: Vec<String> = params
            .iter()
            .zip(&types)
            .map(|(p, t)| value(&p.kind, t, &mut rng))
            .collect();
        input.push_str(&fields.join("\t"));
        input.push('\n');
    }
    let mut body = String::new();
    for (k, p) in params.iter().enumerate() {
        let _ = writeln!(body, "        let a{k}: {} = {};", p.owned, p.parse);
    }
    let args: Vec<String> = params
        .iter()
        .enumerate()
        .map(|(k, p)| (p.pass)(&format!("a{k}")))
        .collect();
    // Inputs that violate the function's own entry assertions are outside its contract: a
    // mutant may do anything there, so they are dropped before comparing (evaluated with the
    // original code active, under a panic guard).
    if !f.preconditions.is_empty() {
        let names: Vec<&str> = f
            .param_names
            .iter()
            .map(|n| n.as_deref())
            .collect::<Option<_>>()
            .ok_or("has entry assertions over parameters that are patterns, not names")?;
        let binds: String = names
            .iter()
            .zip(&args)
            .map(|(n, a)| format!("#[allow(unused_variables)] let {n} = {a}; "))
            .collect();
        let _ = writeln!(
            body,
            "        if !super::__vg_probe_pre(&|| {{ {binds}{} }}) {{ continue; }}",
            f.preconditions.join(" && ")
        );
    }
    let test = format!("p{index}");
    let text = format!(
        "#[test]\nfn {test}() {{\n    \
         let input = ::std::env::var(\"{INPUT_ENV}\").unwrap_or_default();\n    \
         let target = super::__vg_id();\n    \
         let mut valid = 0usize;\n    \
         for (i, line) in input.lines().enumerate() {{\n        \
         #[allow(unused_variables)]\n        \
         let f: Vec<&str> = line.split('\\t').collect();\n{body}        \
         valid += usize::from(super::__vg_probe_check(target, i, {documented}, &|| format!(\"{{:?}}\", {call}({args}))));\n    }}\n    \
         if valid == 0 {{ panic!(\"{NO_VALID_INPUT}\"); }}\n}}",
        call = f.name,
        args = args.join(", "),
        documented = f.panics_documented,
    );
    Ok(Probe {
        function: f.name.clone(),
        test,
        text,
        input,
        preconditions: f.preconditions.len(),
        panics_documented: f.panics_documented,
    })
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
    v.clamp(min, max).to_string()
}

/// One field's text. `ty` is the parameter type, for integer widths.
fn value(kind: &Kind, ty: &str, rng: &mut ProblemRng) -> String {
    let elem = |t: &str| {
        INTS.iter()
            .find(|i| {
                t.contains(*i)
                    && (t.ends_with(&format!("{i}]")) || t.ends_with(&format!("{i}>")) || t == **i)
            })
            .copied()
            .unwrap_or("i64")
    };
    match kind {
        Kind::Int => small_int(ty, rng),
        Kind::Bool => (rng.below(2) == 1).to_string(),
        Kind::Char => CHARS[rng.below(CHARS.len() as u64) as usize].to_string(),
        Kind::Str => {
            let len = rng.below(9);
            (0..len)
                .map(|_| CHARS[rng.below(CHARS.len() as u64) as usize])
                .collect()
        }
        Kind::Slice => {
            let len = rng.below(9);
            let signed = elem(ty).starts_with('i');
            let items: Vec<String> = (0..len)
                .map(|_| {
                    let v = if signed {
                        rng.in_range(0, 40) as i64 - 20
                    } else {
                        rng.in_range(0, 30) as i64
                    };
                    v.to_string()
                })
                .collect();
            items.join(",")
        }
    }
}

/// The comparison helper the probes call; appended to the schemata under `#[cfg(test)]`.
pub(crate) const RUNTIME: &str = r#"
#[cfg(test)]
#[doc(hidden)]
pub fn __vg_probe_pre(pre: &dyn Fn() -> bool) -> bool {
    __vg_set_active(0);
    __vg_refuel_to(200_000);
    let hook = ::std::panic::take_hook();
    ::std::panic::set_hook(Box::new(|_| {}));
    let ok = ::std::panic::catch_unwind(::std::panic::AssertUnwindSafe(pre)).unwrap_or(false);
    ::std::panic::set_hook(hook);
    ok
}

/// Compares one case; false when it was not compared (the original panicked and the function
/// documents when it panics, so the case is outside its contract).
#[cfg(test)]
#[doc(hidden)]
pub fn __vg_probe_check(target: u32, case: usize, panics_documented: bool, run: &dyn Fn() -> String) -> bool {
    let once = |id: u32| {
        __vg_set_active(id);
        // A smaller tank than a test's: a probe makes hundreds of calls, each on tiny inputs.
        __vg_refuel_to(200_000);
        ::std::panic::catch_unwind(::std::panic::AssertUnwindSafe(run)).map_err(|_| "panicked")
    };
    let hook = ::std::panic::take_hook();
    ::std::panic::set_hook(Box::new(|_| {}));
    let original = once(0);
    if panics_documented && original.is_err() {
        __vg_set_active(target);
        ::std::panic::set_hook(hook);
        return false;
    }
    let mutant = once(target);
    __vg_set_active(target);
    ::std::panic::set_hook(hook);
    if original != mutant {
        panic!("verigym: differs on case {case}: original {original:?}, mutant {mutant:?}");
    }
    true
}
"#;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mutate::analyze;

    #[test]
    fn entry_assertions_filter_the_inputs() {
        let src = "pub fn m(a: u32, b: u32) -> u32 { debug_assert!(a <= b, \"a first\"); \
                   assert_ne!(b, 7); if a <= b { a } else { b } }\n\
                   pub fn n(a: u32, _: u32) -> u32 { assert!(a > 0); a }\n\
                   pub fn o(a: u32) -> u32 { let x = a; assert!(x > 0); x }\n";
        let a = analyze(src, "lib.rs").unwrap();
        assert_eq!(a.functions[0].preconditions, ["(a <= b)", "(b) != (7)"]);
        // Only assertions that open the body are preconditions.
        assert!(a.functions[2].preconditions.is_empty());
        let (probes, unsupported) = probes(&a, 1, 10);
        let m = probes.iter().find(|p| p.function == "m").unwrap();
        assert_eq!(m.preconditions, 2);
        assert!(
            m.text.contains("super::__vg_probe_pre(&|| { #[allow(unused_variables)] let a = a0; #[allow(unused_variables)] let b = a1; (a <= b) && (b) != (7) })"),
            "{}",
            m.text
        );
        assert!(m.text.contains(NO_VALID_INPUT));
        let o = probes.iter().find(|p| p.function == "o").unwrap();
        assert_eq!(o.preconditions, 0);
        assert!(!o.text.contains("__vg_probe_pre"));
        // A pattern parameter cannot be named in the condition: not checked, and said why.
        assert!(
            unsupported
                .iter()
                .any(|(f, why)| f == "n" && why.contains("patterns"))
        );
    }

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
            probes[1].text.contains("b(a0.clone(), a1.clone(), a2, a3)"),
            "{}",
            probes[1].text
        );
        assert_eq!(probes[0].input.lines().count(), 5);
        assert_eq!(
            probes[0].input.lines().next().unwrap().split('\t').count(),
            3
        );
        // Probes are deterministic for a seed.
        assert_eq!(probes[0].input, super::probes(&a, 7, 5).0[0].input);
        assert_ne!(probes[0].input, super::probes(&a, 8, 5).0[0].input);
    }
}
