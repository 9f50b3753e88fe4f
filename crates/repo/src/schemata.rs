//! Mutant schemata: one source file holding the library with every mutant selectable at run time,
//! plus fuel counters that make non-terminating mutants fail deterministically.
//!
//! Each mutation site (an expression or statement around an edit) becomes
//! `match __vg_sel(&[17, 18]) { 0 => { <original> } 1 => { <mutant 17> } _ => { <mutant 18> } }`.
//! The original arm comes first so that, when a mutant does not type-check, the compiler blames
//! the mutant's arm and not the original's: the compiler's error spans then name the mutant.
//! The rewrite is textual, driven by the byte spans the syn walker found, so the generated file
//! keeps the library's own formatting and every arm's byte range is known exactly.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

use super::mutate::{Analysis, Operator, Piece};

/// The environment variable that selects the active mutant (0 or unset: the original). A
/// comma-separated list activates several mutants at once, each in its own site.
pub const MUTANT_ENV: &str = "VERIGYM_MUTANT";

/// The panic message of an exhausted fuel counter; a test failing with it is a timeout.
pub const FUEL_EXHAUSTED: &str = "verigym: fuel exhausted";

/// The name of the module holding the suite inside the schemata file.
pub const SUITE_MODULE: &str = "suite";

/// The name of the module holding differential-testing probes.
pub const PROBE_MODULE: &str = "__vg_probe";

/// How much work a test may do before it is declared a timeout.
#[derive(Clone, Copy, Debug)]
pub struct Fuel {
    /// Loop iterations plus function entries allowed per test thread.
    pub steps: u64,
    /// Maximum call depth of the library's own functions (guards against stack overflow).
    pub max_depth: u32,
}

impl Default for Fuel {
    fn default() -> Self {
        // Far above what a mini-repo test needs (each runs in < 10 ms, a few thousand steps),
        // and small enough that a timed-out test costs milliseconds, not seconds.
        Self {
            steps: 1_000_000,
            max_depth: 4_000,
        }
    }
}

/// A generated schemata file and where each part of it lies.
#[derive(Clone, Debug)]
pub struct Schemata {
    /// The full source: library with sites, helpers, suite module, probe module.
    pub source: String,
    /// Each placed mutant's arm: (ordinal, byte range of the arm in `source`).
    pub arms: Vec<(u32, Range<usize>)>,
    /// Each wrapped site: (byte range of the whole `match` in `source`, ordinals in it).
    pub sites: Vec<(Range<usize>, Vec<u32>)>,
    /// Each probe: (index into the probes given, byte range in `source`).
    pub probes: Vec<(usize, Range<usize>)>,
    /// Byte range of the suite module in `source`.
    pub suite: Range<usize>,
    /// Enabled mutants that could not be placed (their site overlaps another site partially).
    pub unplaced: Vec<u32>,
}

/// Builds the schemata file for the `enabled` mutants, with `suite` (a module body) appended
/// as `mod suite` and each `probes` text (test fns) inside `mod __vg_probe`.
pub fn build(
    analysis: &Analysis,
    enabled: &BTreeSet<u32>,
    suite: &str,
    probes: &[String],
    fuel: Fuel,
) -> Schemata {
    let Rendered {
        mut source,
        arms,
        sites,
        unplaced,
        ..
    } = render(analysis, enabled, "");
    let mut out = std::mem::take(&mut source);
    out.push_str(&helpers(fuel));
    out.push_str(super::equiv::RUNTIME);
    let suite_start = out.len();
    out.push_str(&format!(
        "\n#[cfg(test)]\nmod {SUITE_MODULE} {{\nuse super::*;\n{suite}\n}}\n"
    ));
    let suite_range = suite_start..out.len();
    let mut probe_ranges = Vec::new();
    if !probes.is_empty() {
        out.push_str(&format!(
            "\n#[cfg(test)]\nmod {PROBE_MODULE} {{\n#[allow(unused_imports)]\nuse super::*;\n"
        ));
        for (i, p) in probes.iter().enumerate() {
            let start = out.len();
            out.push_str(p);
            out.push('\n');
            probe_ranges.push((i, start..out.len()));
        }
        out.push_str("}\n");
    }
    Schemata {
        source: out,
        arms,
        sites,
        probes: probe_ranges,
        suite: suite_range,
        unplaced,
    }
}

/// One source file with its mutation sites wrapped and fuel calls injected, before any runtime
/// or suite is appended.
#[derive(Clone, Debug)]
pub(crate) struct Rendered {
    /// The rewritten source.
    pub source: String,
    /// Each placed mutant's arm: (ordinal, byte range of the arm in `source`).
    pub arms: Vec<(u32, Range<usize>)>,
    /// Each wrapped site: (byte range of the whole `match` in `source`, ordinals in it).
    pub sites: Vec<(Range<usize>, Vec<u32>)>,
    /// Enabled mutants that could not be placed (their site overlaps another site partially).
    pub unplaced: Vec<u32>,
    /// Each of `analysis.functions`' item spans in `source`, in the same order: where its first
    /// byte and its closing brace were copied (the first copy, when a site repeats them), `None`
    /// when either was not.
    pub functions: Vec<Option<Range<usize>>>,
}

/// Rewrites `analysis.source` with every `enabled` mutant's site wrapped in a selector `match`
/// and fuel calls at loop and fn entries. `rt` prefixes the runtime's names (`__vg_sel`,
/// `__vg_fuel`, `__vg_enter`): empty in a mini repo, whose runtime sits in the same file, and a
/// path such as `crate::__vg_rt::` in a crate, whose modules do not all `use super::*`.
pub(crate) fn render(analysis: &Analysis, enabled: &BTreeSet<u32>, rt: &str) -> Rendered {
    // Group enabled mutants by site; sort outer sites before the sites they contain.
    let mut groups: BTreeMap<(usize, std::cmp::Reverse<usize>), Vec<usize>> = BTreeMap::new();
    for (i, m) in analysis.mutants.iter().enumerate() {
        if enabled.contains(&m.ordinal) {
            groups
                .entry((m.site.start, std::cmp::Reverse(m.site.end)))
                .or_default()
                .push(i);
        }
    }
    let sites: Vec<(Range<usize>, Vec<usize>)> = groups
        .into_iter()
        .map(|((s, e), ms)| (s..e.0, ms))
        .collect();
    let mut w = Writer {
        analysis,
        sites: &sites,
        out: String::with_capacity(analysis.source.len() * 4),
        arms: Vec::new(),
        site_ranges: Vec::new(),
        placed: BTreeSet::new(),
        marks: analysis
            .functions
            .iter()
            .flat_map(|f| [f.span.start, f.span.end.saturating_sub(1)])
            .map(|p| (p, None))
            .collect(),
        fuel_call: format!(" {rt}__vg_fuel();"),
        enter_call: format!(" let __vg_guard = {rt}__vg_enter();"),
        sel_call: format!("{rt}__vg_sel"),
    };
    w.render(0..analysis.source.len(), None);
    let Writer {
        out,
        arms,
        site_ranges,
        placed,
        marks,
        ..
    } = w;
    let functions = analysis
        .functions
        .iter()
        .map(|f| {
            let start = marks.get(&f.span.start).copied().flatten()?;
            let last = marks
                .get(&f.span.end.saturating_sub(1))
                .copied()
                .flatten()?;
            Some(start..last + 1)
        })
        .collect();
    let unplaced = enabled
        .iter()
        .copied()
        .filter(|o| !placed.contains(o))
        .collect();
    Rendered {
        source: out,
        arms,
        sites: site_ranges,
        unplaced,
        functions,
    }
}

struct Writer<'a> {
    analysis: &'a Analysis,
    sites: &'a [(Range<usize>, Vec<usize>)],
    out: String,
    arms: Vec<(u32, Range<usize>)>,
    site_ranges: Vec<(Range<usize>, Vec<u32>)>,
    placed: BTreeSet<u32>,
    /// Original offsets (each function's first and last byte) and where they were first copied.
    marks: BTreeMap<usize, Option<usize>>,
    fuel_call: String,
    enter_call: String,
    sel_call: String,
}

impl Writer<'_> {
    /// Writes `range` of the original with every site inside it wrapped, except `skip` (the site
    /// whose original arm this is).
    fn render(&mut self, range: Range<usize>, skip: Option<usize>) {
        let mut pos = range.start;
        for (k, (site, _)) in self.sites.iter().enumerate() {
            if Some(k) == skip || site.start < pos || site.end > range.end {
                continue;
            }
            self.copy(pos..site.start);
            self.wrap(k);
            pos = site.end;
        }
        self.copy(pos..range.end);
    }

    /// Writes `range` of the original verbatim except for fuel calls at loop and fn entries.
    fn copy(&mut self, range: Range<usize>) {
        let src = &self.analysis.source;
        let mut pos = range.start;
        let loops = &self.analysis.loop_points;
        let fns = &self.analysis.fn_points;
        let mut points: Vec<(usize, &str)> = loops
            .iter()
            .filter(|p| range.contains(p))
            .map(|&p| (p, self.fuel_call.as_str()))
            .chain(
                fns.iter()
                    .filter(|p| range.contains(p))
                    .map(|&p| (p, self.enter_call.as_str())),
            )
            .collect();
        points.sort_unstable();
        for (p, text) in points {
            verbatim(&mut self.out, &mut self.marks, src, pos..p);
            self.out.push_str(text);
            pos = p;
        }
        verbatim(&mut self.out, &mut self.marks, src, pos..range.end);
    }

    fn wrap(&mut self, k: usize) {
        let (site, members) = &self.sites[k];
        let a = self.analysis;
        let statement_like = a.stmt_positions.contains(&(site.start, site.end))
            || members.iter().any(|&i| {
                matches!(
                    a.mutants[i].operator,
                    Operator::StatementRemoval | Operator::ReturnDefault | Operator::Variant
                )
            });
        // After `else` only a block or an `if` may follow, so an `else if` site gets braces.
        let (open, close) = if statement_like {
            ("", "")
        } else if a.else_positions.contains(&(site.start, site.end)) {
            ("{ ", " }")
        } else {
            ("(", ")")
        };
        let ordinals: Vec<u32> = members.iter().map(|&i| a.mutants[i].ordinal).collect();
        let start = self.out.len();
        self.out.push_str(open);
        let list: Vec<String> = ordinals.iter().map(u32::to_string).collect();
        self.out.push_str(&format!(
            "match {}(&[{}]) {{ 0 => {{ ",
            self.sel_call,
            list.join(", ")
        ));
        self.render(site.clone(), Some(k));
        for (n, &i) in members.iter().enumerate() {
            let m = &a.mutants[i];
            let pattern = if n + 1 == members.len() {
                "_".to_owned()
            } else {
                (n + 1).to_string()
            };
            self.out.push_str(&format!(" }} {pattern} => {{ "));
            let arm_start = self.out.len();
            self.copy(site.start..m.span.start);
            for piece in &m.pieces {
                match piece {
                    Piece::Text(t) => self.out.push_str(t),
                    Piece::Orig(r) => self.copy(r.clone()),
                }
            }
            self.copy(m.span.end..site.end);
            self.arms.push((m.ordinal, arm_start..self.out.len()));
            self.placed.insert(m.ordinal);
        }
        self.out.push_str(" } }");
        self.out.push_str(close);
        self.site_ranges.push((start..self.out.len(), ordinals));
    }
}

/// Appends `range` of `src` as it is to `out`, noting where the marks inside it land.
fn verbatim(
    out: &mut String,
    marks: &mut BTreeMap<usize, Option<usize>>,
    src: &str,
    range: Range<usize>,
) {
    let at = out.len();
    for (&p, to) in marks.range_mut(range.clone()) {
        to.get_or_insert(at + p - range.start);
    }
    out.push_str(&src[range]);
}

/// The run-time selector and fuel counters appended after the library.
pub(crate) fn helpers(fuel: Fuel) -> String {
    let Fuel { steps, max_depth } = fuel;
    crate::runtime::render(
        include_str!("../runtimes/schemata.rs"),
        &[
            ("MUTANT_ENV", &MUTANT_ENV),
            ("steps", &steps),
            ("FUEL_EXHAUSTED", &FUEL_EXHAUSTED),
            ("max_depth", &max_depth),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mutate::analyze;

    fn all(a: &Analysis) -> BTreeSet<u32> {
        a.mutants.iter().map(|m| m.ordinal).collect()
    }

    #[test]
    fn every_mutant_is_placed_and_the_file_parses() {
        let src = "pub fn f(v: &[i64], n: usize) -> i64 {\n    let mut s = 0;\n    for i in 0..n.min(v.len()) {\n        if v[i] > 0 && i % 2 == 0 { s += v[i]; } else { s -= 1; }\n    }\n    while s > 100 { s /= 2; }\n    s\n}\n";
        let a = analyze(src, "lib.rs").unwrap();
        let s = build(&a, &all(&a), "#[test] fn t() {}", &[], Fuel::default());
        assert!(s.unplaced.is_empty(), "{:?}", s.unplaced);
        assert_eq!(s.arms.len(), a.mutants.len());
        syn::parse_file(&s.source).unwrap_or_else(|e| panic!("{e}\n{}", s.source));
        assert_eq!(s.source.matches("__vg_fuel();").count() - 2, 2, "two loops");
        assert!(s.source.contains("let __vg_guard = __vg_enter();"));
    }

    #[test]
    fn arms_hold_the_mutated_text() {
        let src = "fn f(a: u8) -> bool { a < 3 }";
        let a = analyze(src, "lib.rs").unwrap();
        let s = build(&a, &all(&a), "", &[], Fuel::default());
        for (ordinal, range) in &s.arms {
            let m = &a.mutants[*ordinal as usize - 1];
            let arm = &s.source[range.clone()];
            assert!(arm.contains(&m.replacement), "{arm:?} vs {m:?}");
        }
    }

    #[test]
    fn disabled_mutants_are_left_out() {
        let src = "fn f(a: u8) -> u8 { a + 1 }";
        let a = analyze(src, "lib.rs").unwrap();
        let none = build(&a, &BTreeSet::new(), "", &[], Fuel::default());
        assert!(none.arms.is_empty());
        assert!(
            none.source
                .starts_with("fn f(a: u8) -> u8 { let __vg_guard = __vg_enter(); a + 1 }")
        );
    }

    #[test]
    fn each_functions_item_span_is_found_in_the_rendering() {
        let src = "pub fn f(a: u8) -> u8 {\n    a + 1\n}\n\nstruct S;\nimpl S {\n    fn g(&self, n: u32) -> u32 {\n        let mut s = 0;\n        for i in 0..n { s += i; }\n        s\n    }\n}\n";
        let a = analyze(src, "lib.rs").unwrap();
        let r = render(&a, &all(&a), "");
        assert_eq!(r.functions.len(), 2);
        let spans: Vec<&str> = r
            .functions
            .iter()
            .map(|f| &r.source[f.clone().unwrap()])
            .collect();
        assert!(
            spans[0].starts_with("pub fn f(a: u8) -> u8 {"),
            "{}",
            spans[0]
        );
        assert!(spans[1].starts_with("fn g(&self, n: u32)"), "{}", spans[1]);
        for (span, (_, arm)) in r.functions.iter().zip([&r.arms[0], r.arms.last().unwrap()]) {
            let span = span.clone().unwrap();
            assert!(span.start <= arm.start && arm.end <= span.end);
            assert!(r.source[span].ends_with('}'));
        }
    }
}
