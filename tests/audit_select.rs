//! The audit's selection flags (`--file`, `--exclude`, `--function`, `--in-diff`, `--shard`),
//! const contexts reported as skipped (never unviable), type-aware return values that compile,
//! and differential testing that respects a function's entry assertions.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use verigym::repo::audit::{self, AuditOptions, AuditReport, Status};
use verigym::repo::layout::{self, RepoSource};
use verigym::repo::mutate::Operator;
use verigym::repo::select::{ChangedLines, FileGlob, MutantFilter, Shard};

fn mini() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/repos/mini")
}

fn quick(filter: MutantFilter) -> AuditOptions {
    AuditOptions {
        filter,
        equivalence_inputs: 0,
        ..AuditOptions::default()
    }
}

fn ids(r: &AuditReport) -> BTreeSet<String> {
    r.mutants.iter().map(|m| m.mutant.id.clone()).collect()
}

#[test]
fn shards_partition_the_filtered_mutants() {
    let src = layout::read(&mini(), "strong").unwrap();
    let function = || Some(MutantFilter::function_regex("^(clamp|gcd)$").unwrap());
    let whole = audit::audit_source(
        &src,
        &quick(MutantFilter {
            function: function(),
            ..MutantFilter::default()
        }),
    )
    .unwrap();
    assert!(whole.mutants.len() >= 6);
    assert!(
        whole
            .mutants
            .iter()
            .all(|m| m.mutant.function == "clamp" || m.mutant.function == "gcd")
    );
    assert_eq!(whole.selection.selected, whole.mutants.len());
    assert_eq!(
        whole.selection.found,
        whole.selection.selected + whole.selection.filtered_out
    );
    let mut union = BTreeSet::new();
    for k in 0..2 {
        let part = audit::audit_source(
            &src,
            &quick(MutantFilter {
                function: function(),
                shard: Some(Shard { k, n: 2 }),
                ..MutantFilter::default()
            }),
        )
        .unwrap();
        assert_eq!(
            part.selection.other_shards,
            whole.mutants.len() - part.mutants.len()
        );
        assert!(part.mutants.len().abs_diff(whole.mutants.len() / 2) <= 1);
        for m in &part.mutants {
            assert!(
                union.insert(m.mutant.id.clone()),
                "{} in two shards",
                m.mutant.id
            );
            // A shard's verdicts are the whole audit's.
            let same = whole
                .mutants
                .iter()
                .find(|w| w.mutant.id == m.mutant.id)
                .unwrap();
            assert_eq!(same.status, m.status, "{}", m.mutant.id);
        }
    }
    assert_eq!(union, ids(&whole));
}

#[test]
fn in_diff_keeps_the_mutants_on_changed_lines() {
    let src = layout::read(&mini(), "strong").unwrap();
    // A diff that adds line 18 of the library as it is now (inside `gcd`).
    let line18 = src.library.lines().nth(17).unwrap();
    let diff = format!("--- a/src/lib.rs\n+++ b/src/lib.rs\n@@ -17,0 +18 @@\n+{line18}\n");
    let changed = ChangedLines::parse("pr.diff", &diff).unwrap();
    let r = audit::audit_source(
        &src,
        &quick(MutantFilter {
            in_diff: Some(changed),
            ..MutantFilter::default()
        }),
    )
    .unwrap();
    assert!(!r.mutants.is_empty());
    for m in &r.mutants {
        let span_lines = m
            .mutant
            .original
            .trim_end_matches('\n')
            .matches('\n')
            .count();
        assert!(
            m.mutant.line <= 18 && 18 <= m.mutant.line + span_lines,
            "{} at line {}",
            m.mutant.id,
            m.mutant.line
        );
    }
    // A diff that does not match the source is refused, naming the flag and the line.
    let stale = "--- a/src/lib.rs\n+++ b/src/lib.rs\n@@ -17,0 +18 @@\n+not this line\n";
    let e = audit::audit_source(
        &src,
        &quick(MutantFilter {
            in_diff: Some(ChangedLines::parse("pr.diff", stale).unwrap()),
            ..MutantFilter::default()
        }),
    )
    .unwrap_err()
    .to_string();
    assert!(e.starts_with("--in-diff \"src/lib.rs:18\""), "{e}");
}

#[test]
fn file_filters_select_by_path() {
    let src = layout::read(&mini(), "strong").unwrap();
    let none = audit::audit_source(
        &src,
        &quick(MutantFilter {
            exclude: vec![FileGlob::parse("--exclude", "lib.rs").unwrap()],
            ..MutantFilter::default()
        }),
    )
    .unwrap();
    assert!(none.mutants.is_empty());
    assert_eq!(none.selection.selected, 0);
    assert!(audit::render(&none, false).contains("warning: no mutant selected"));
    let all = MutantFilter {
        files: vec![FileGlob::parse("--file", "src/*.rs").unwrap()],
        ..MutantFilter::default()
    };
    assert!(all.matches(&verigym::repo::select::MutantKey {
        file: "src/lib.rs",
        start_line: 1,
        end_line: 1,
        function: "f",
    }));
}

fn verigym(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_verigym"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn bad_selection_flags_exit_2_naming_the_flag_and_what_is_allowed() {
    let repo = mini();
    let repo = repo.to_str().unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let bad_diff = tmp.path().join("bad.diff");
    std::fs::write(
        &bad_diff,
        "--- a/src/lib.rs\n+++ b/src/lib.rs\n@@ -1,3 +1,3 @@\n x\n",
    )
    .unwrap();
    let cases: [(&[&str], &str); 5] = [
        (
            &["--shard", "3/2"],
            "--shard \"3/2\": k (3) must be less than n (2); expected k/n",
        ),
        (&["--shard", "1"], "--shard \"1\": no `/`"),
        (
            &["--function", "(unclosed"],
            "--function \"(unclosed\": not a valid regex",
        ),
        (
            &["--file", "src/[ab].rs"],
            "--file \"src/[ab].rs\": character classes",
        ),
        (
            &["--in-diff", bad_diff.to_str().unwrap()],
            "the diff ends inside a hunk",
        ),
    ];
    for (flags, want) in cases {
        let mut args = vec!["audit", repo];
        args.extend_from_slice(flags);
        let out = verigym(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{flags:?}: {err}");
        assert!(err.contains(want), "{flags:?}: {err}");
        assert!(err.contains("--"), "{err}");
    }
}

/// A library with const contexts, a `Result`, a unit function and a precondition.
const LIB: &str = r#"
pub const fn double(x: u32) -> u32 {
    x * 2
}

pub fn pad<const N: usize>() -> usize {
    N
}

pub fn two() -> usize {
    pad::<{ 1 + 1 }>()
}

pub fn parse_pos(s: &str) -> Result<u32, String> {
    match s.parse::<u32>() {
        Ok(v) if v > 0 => Ok(v),
        _ => Err(format!("bad {s}")),
    }
}

pub fn touch(v: &mut Vec<u32>) {
    v.push(1);
}

/// The smaller of `a` and `b`; callers pass them in order.
pub fn min_of(a: u32, b: u32) -> u32 {
    debug_assert!(a <= b, "callers pass a <= b");
    if a <= b { a } else { b }
}
"#;

const SUITE: &str = r#"
#[test]
fn doubles() {
    assert_eq!(double(2), 4);
    assert_eq!(two(), 2);
}

#[test]
fn parses() {
    assert_eq!(parse_pos("3"), Ok(3));
    assert!(parse_pos("x").is_err());
}

#[test]
fn touches() {
    let mut v = vec![];
    touch(&mut v);
    assert_eq!(v, [1]);
}

#[test]
fn smaller() {
    assert_eq!(min_of(1, 2), 1);
}
"#;

#[test]
fn const_contexts_types_and_preconditions() {
    let src = RepoSource {
        name: "consts".into(),
        library: LIB.into(),
        suite_name: "strong".into(),
        suite: SUITE.into(),
    };
    let r = audit::audit_source(
        &src,
        &AuditOptions {
            equivalence_inputs: 200,
            ..AuditOptions::default()
        },
    )
    .unwrap();

    // Const contexts: skipped with a reason, never unviable; the build itself is fine.
    let in_const_fn: Vec<_> = r
        .mutants
        .iter()
        .filter(|m| m.mutant.function == "double")
        .collect();
    assert!(!in_const_fn.is_empty());
    for m in &in_const_fn {
        assert_eq!(m.status, Status::Skipped, "{:?}", m.mutant);
        assert!(
            m.reason.as_deref().unwrap().contains("`const fn` body"),
            "{:?}",
            m.reason
        );
    }
    let generic: Vec<_> = r
        .mutants
        .iter()
        .filter(|m| m.mutant.function == "two" && m.mutant.operator != Operator::ReturnDefault)
        .collect();
    assert!(!generic.is_empty());
    for m in &generic {
        assert_eq!(m.status, Status::Skipped, "{:?}", m.mutant);
        assert!(
            m.reason
                .as_deref()
                .unwrap()
                .contains("const-generic argument")
        );
    }
    assert_eq!(r.counts.skipped, in_const_fn.len() + generic.len());
    assert_eq!(
        r.counts.viable,
        r.counts.total - r.counts.unviable - r.counts.skipped
    );
    assert!(
        r.mutants
            .iter()
            .filter(|m| m.status == Status::Unviable)
            .all(|m| { !m.reason.as_deref().unwrap_or("").contains("__vg_sel") })
    );

    // Type-aware values compile: `Result` gets `Ok(..)`, unit gets `()`, both are caught.
    let values = |f: &str| -> Vec<(String, Status)> {
        r.mutants
            .iter()
            .filter(|m| m.mutant.function == f && m.mutant.operator == Operator::ReturnDefault)
            .map(|m| (m.mutant.replacement.clone(), m.status))
            .collect()
    };
    assert_eq!(
        values("parse_pos"),
        [
            ("Ok(0)".to_owned(), Status::Killed),
            ("Ok(1)".to_owned(), Status::Killed)
        ]
    );
    assert_eq!(values("touch"), [("()".to_owned(), Status::Killed)]);

    // `if a <= b` → `if true` is equivalent for every input the entry assertion admits; inputs
    // with a > b (where it differs) are left out instead of calling it not equivalent.
    let always = r
        .mutants
        .iter()
        .find(|m| {
            m.mutant.function == "min_of"
                && m.mutant.operator == Operator::ConditionConstant
                && m.mutant.replacement == "true"
        })
        .unwrap();
    assert_eq!(always.status, Status::Survived);
    assert_eq!(
        always.likely_equivalent,
        Some(true),
        "{:?}",
        always.equivalence_note
    );
    assert!(
        always
            .equivalence_note
            .as_deref()
            .unwrap()
            .contains("entry assertions left out")
    );
}

const PANICS_LIB: &str = r#"
/// `a` divided by `b`, rounded down.
///
/// # Panics
///
/// If `b` is zero.
pub fn div_down(a: u32, b: u32) -> u32 {
    if b == 0 {
        panic!("division by zero");
    }
    a.checked_div(b).unwrap_or(0)
}

/// The same, undocumented: its panic is part of what it does.
pub fn div_plain(a: u32, b: u32) -> u32 {
    if b == 0 {
        panic!("division by zero");
    }
    a.checked_div(b).unwrap_or(0)
}
"#;

const PANICS_SUITE: &str = r#"
#[test]
fn divides() {
    assert_eq!(div_down(7, 2), 3);
    assert_eq!(div_plain(7, 2), 3);
}
"#;

/// Removing the zero check changes only the inputs a `# Panics` section rules out (b = 0: the
/// original panics, the mutant returns 0), so that survivor is likely equivalent; the same
/// removal in the undocumented twin is a real difference.
#[test]
fn a_documented_panic_is_outside_the_contract() {
    let src = RepoSource {
        name: "panics".into(),
        library: PANICS_LIB.into(),
        suite_name: "strong".into(),
        suite: PANICS_SUITE.into(),
    };
    let r = audit::audit_source(
        &src,
        &AuditOptions {
            equivalence_inputs: 200,
            ..AuditOptions::default()
        },
    )
    .unwrap();
    let removal = |f: &str| {
        r.mutants
            .iter()
            .find(|m| {
                m.mutant.function == f
                    && m.mutant.operator == Operator::StatementRemoval
                    && m.mutant.original.starts_with("if b == 0")
            })
            .unwrap_or_else(|| panic!("no removal of {f}'s zero check"))
    };
    let documented = removal("div_down");
    assert_eq!(documented.status, Status::Survived);
    assert_eq!(
        documented.likely_equivalent,
        Some(true),
        "{:?}",
        documented.equivalence_note
    );
    assert!(
        documented
            .equivalence_note
            .as_deref()
            .unwrap()
            .contains("`# Panics` section"),
        "{:?}",
        documented.equivalence_note
    );
    let plain = removal("div_plain");
    assert_eq!(plain.status, Status::Survived);
    assert_eq!(
        plain.likely_equivalent,
        Some(false),
        "{:?}",
        plain.equivalence_note
    );
}
