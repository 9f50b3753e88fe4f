//! The bug catalog of a mini-repo: every mutant its strong suite kills cleanly, with each failing
//! test and its message, and which library functions each test can reach. Built once with rustc
//! and committed as `envs/repos/<name>/bugs.json`, so `repo_fix` generates without a compiler.

use std::collections::{BTreeMap, BTreeSet};

use proc_macro2::{TokenStream, TokenTree};
use rayon::prelude::*;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::RepoError;
use super::audit::{self, AuditOptions, Outcome, Status, SuiteRun};
use super::layout::RepoSource;
use super::mutate::{self, Analysis, Operator};
use super::rustc::{self, Profile};
use verigym_core::progress::Progress;

/// The file name of a repo's catalog, next to its `src/` and `tests/`.
pub const CATALOG_FILE: &str = "bugs.json";

/// Every bug the strong suite of one repo kills, ready to inject.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BugCatalog {
    /// The repo's name.
    pub repo: String,
    /// SHA-256 of `src/lib.rs`, hex: a catalog is only valid for the library it was built from.
    pub library_sha256: String,
    /// SHA-256 of `tests/strong.rs`, hex.
    pub suite_sha256: String,
    /// The strong suite's tests in libtest order, with the functions each can reach.
    pub tests: Vec<TestReach>,
    /// Every mutant that compiles, finishes, and fails at least one strong test, in source order.
    pub bugs: Vec<Bug>,
}

/// One strong test and the library functions it can reach.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TestReach {
    /// The test's name.
    pub name: String,
    /// Library functions (`name` or `Type::name`) the test can call, directly or through other
    /// library functions. An over-approximation: any matching identifier counts as a call.
    pub reaches: Vec<String>,
}

/// One injectable bug: a mutant of the original library and what it breaks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Bug {
    /// The mutant's stable id.
    pub id: String,
    /// Its operator.
    pub operator: Operator,
    /// The function it lives in.
    pub function: String,
    /// Byte range in `src/lib.rs` that the replacement overwrites.
    pub span: [usize; 2],
    /// The original text at that range.
    pub original: String,
    /// The text that replaces it.
    pub replacement: String,
    /// The strong tests that fail with only this bug present, with their messages.
    pub failing: Vec<Failure>,
}

/// A failing test and its panic message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Failure {
    /// The test's name.
    pub test: String,
    /// Its panic message (capped at [`audit::MESSAGE_CAP`] bytes).
    pub message: String,
}

pub use verigym_core::record::sha256_hex;

/// The catalog as committed: pretty JSON with a final newline.
pub fn to_json(catalog: &BugCatalog) -> String {
    let mut text = serde_json::to_string_pretty(catalog).expect("catalogs serialize");
    text.push('\n');
    text
}

/// Builds the catalog of a repo from its library and strong suite (needs rustc).
///
/// It builds optimised (hundreds of runs), while `repo_fix` verifies with a quick build (one run
/// per answer); both profiles keep overflow checks on and debug assertions off, so a bug fails
/// the same tests with the same messages in either, which `tests/repo_fix.rs` checks.
///
/// A mutant becomes a bug only when it compiles on its own, every test ran to a verdict, and at
/// least one failed by a plain assertion or panic: mutants that time out or crash the test
/// process would make the failing-test list shown in prompts depend on test order.
pub fn build(src: &RepoSource, opts: &AuditOptions) -> Result<BugCatalog, RepoError> {
    let analysis = mutate::analyze(&src.library, "src/lib.rs")?;
    let build = rustc::compile(
        &analysis,
        &src.suite_name,
        &src.suite,
        &[],
        opts.fuel,
        Profile::Optimized,
    )?;
    let viable: Vec<&mutate::Mutant> = analysis
        .mutants
        .iter()
        .filter(|m| build.viable.contains(&m.ordinal))
        .collect();
    let mut ordinals = vec![0];
    ordinals.extend(viable.iter().map(|m| m.ordinal));
    // Batches in parallel, as the audit runs them.
    let chunk = ordinals
        .len()
        .div_ceil(4 * rayon::current_num_threads())
        .clamp(1, 24);
    opts.progress.start(
        ordinals.len() as u64,
        &format!("catalog {}: mutants", src.suite_name),
    );
    let runs: Vec<SuiteRun> = ordinals
        .par_chunks(chunk)
        .map(|c| {
            let run = audit::run_suite_batch(&build, c, opts);
            opts.progress.inc(c.len() as u64);
            run
        })
        .collect::<Result<Vec<_>, _>>()?
        .into_iter()
        .flatten()
        .collect();
    let (baseline, runs) = runs.split_first().expect("the baseline run is first");
    let tests: Vec<String> = baseline.tests.iter().map(|t| t.name.clone()).collect();
    if tests.is_empty() || baseline.tests.iter().any(|t| t.outcome != Outcome::Passed) {
        return Err(RepoError::BaselineFails {
            suite: src.suite_name.clone(),
            failing: "the unmutated library does not pass every test".into(),
        });
    }
    let mut bugs = Vec::new();
    for (m, run) in viable.iter().zip(runs) {
        let (status, _, _) = audit::judge(run);
        let complete = run.tests.len() == tests.len()
            && run
                .tests
                .iter()
                .all(|t| matches!(t.outcome, Outcome::Passed | Outcome::Failed(_)));
        if status != Status::Killed || !complete {
            continue;
        }
        let failing = run
            .tests
            .iter()
            .filter_map(|t| match &t.outcome {
                Outcome::Failed(message) => Some(Failure {
                    test: t.name.clone(),
                    message: message.clone(),
                }),
                _ => None,
            })
            .collect();
        bugs.push(Bug {
            id: m.id.clone(),
            operator: m.operator,
            function: m.function.clone(),
            span: [m.span.start, m.span.end],
            original: m.original.clone(),
            replacement: m.replacement.clone(),
            failing,
        });
    }
    // The schemata can accept a mutant that does not compile on its own (another arm pins a
    // type it leaves open); such a bug would hand `repo_fix` a library that cannot build.
    let sources: Vec<String> = bugs
        .iter()
        .map(|b| {
            let mut text = src.library.clone();
            text.replace_range(b.span[0]..b.span[1], &b.replacement);
            text
        })
        .collect();
    let alone = rustc::check_alone_batch(&sources)?;
    let mut alone = alone.iter();
    bugs.retain(|_| alone.next().is_some_and(Option::is_none));
    let reach = reaches(&analysis, &src.suite)?;
    Ok(BugCatalog {
        repo: src.name.clone(),
        library_sha256: sha256_hex(&src.library),
        suite_sha256: sha256_hex(&src.suite),
        tests: tests
            .into_iter()
            .map(|name| TestReach {
                reaches: reach.get(&name).cloned().unwrap_or_default(),
                name,
            })
            .collect(),
        bugs,
    })
}

/// For each `#[test]` fn of `suite`, the library functions it can reach.
fn reaches(analysis: &Analysis, suite: &str) -> Result<BTreeMap<String, Vec<String>>, RepoError> {
    Ok(call_depths(analysis, suite)?
        .into_iter()
        .map(|(test, depths)| (test, depths.into_keys().collect()))
        .collect())
}

/// For each `#[test]` fn of `suite`, every library function it can reach, with the fewest calls
/// that takes (1: the test names the function itself; 2: through one other library function).
///
/// The call graph over-approximates (any matching identifier is a call), so a depth is never
/// more than the true one: a bug picked for being at least `d` calls from its failing tests is
/// at least that far.
pub fn call_depths(
    analysis: &Analysis,
    suite: &str,
) -> Result<BTreeMap<String, BTreeMap<String, u32>>, RepoError> {
    let library =
        syn::parse_file(&analysis.source).map_err(|e| mutate::parse_error("src/lib.rs", &e))?;
    let suite_file = syn::parse_file(suite).map_err(|e| mutate::parse_error("suite", &e))?;
    let by_short: BTreeMap<&str, Vec<&str>> =
        analysis
            .functions
            .iter()
            .fold(BTreeMap::new(), |mut map, f| {
                map.entry(short_name(&f.name))
                    .or_default()
                    .push(f.name.as_str());
                map
            });
    let calls = |tokens: TokenStream| -> BTreeSet<String> {
        let mut idents = BTreeSet::new();
        collect_idents(tokens, &mut idents);
        idents
            .iter()
            .filter_map(|i| by_short.get(i.as_str()))
            .flatten()
            .map(|s| (*s).to_owned())
            .collect()
    };
    // The library's call graph, from each function body's identifiers.
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (name, body) in fn_bodies(&library.items) {
        graph.insert(name, calls(body));
    }
    let mut out = BTreeMap::new();
    for (name, body) in fn_bodies(&suite_file.items) {
        // Breadth first, so each function is first met at its fewest calls.
        let mut depths: BTreeMap<String, u32> = BTreeMap::new();
        let mut frontier: Vec<String> = calls(body).into_iter().collect();
        let mut depth = 1;
        while !frontier.is_empty() {
            let mut next = BTreeSet::new();
            for f in frontier {
                if depths.contains_key(&f) {
                    continue;
                }
                if let Some(callees) = graph.get(&f) {
                    next.extend(callees.iter().cloned());
                }
                depths.insert(f, depth);
            }
            frontier = next
                .into_iter()
                .filter(|f| !depths.contains_key(f))
                .collect();
            depth += 1;
        }
        out.insert(name, depths);
    }
    Ok(out)
}

/// `Type::name` → `name`.
pub fn short_name(name: &str) -> &str {
    name.rsplit("::").next().unwrap_or(name)
}

/// Every fn item (free or in an inherent impl) with its body's tokens, named as the mutation
/// engine names functions.
fn fn_bodies(items: &[syn::Item]) -> Vec<(String, TokenStream)> {
    use quote::ToTokens;
    let mut out = Vec::new();
    for item in items {
        match item {
            syn::Item::Fn(f) => out.push((f.sig.ident.to_string(), f.block.to_token_stream())),
            syn::Item::Impl(i) => {
                let ty = mutate::compact(&i.self_ty);
                for it in &i.items {
                    if let syn::ImplItem::Fn(f) = it {
                        out.push((format!("{ty}::{}", f.sig.ident), f.block.to_token_stream()));
                    }
                }
            }
            syn::Item::Mod(m) => {
                if let Some((_, inner)) = &m.content {
                    out.extend(fn_bodies(inner));
                }
            }
            _ => {}
        }
    }
    out
}

/// Every identifier in a token stream, macro arguments included.
fn collect_idents(tokens: TokenStream, out: &mut BTreeSet<String>) {
    for tree in tokens {
        match tree {
            TokenTree::Ident(i) => {
                out.insert(i.to_string());
            }
            TokenTree::Group(g) => collect_idents(g.stream(), out),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reach_follows_the_library_call_graph_and_macro_arguments() {
        let lib = "pub fn a(x: i32) -> i32 { b(x) + 1 }\nfn b(x: i32) -> i32 { x * 2 }\npub fn c() -> i32 { 3 }\npub struct S;\nimpl S { pub fn new() -> S { S } pub fn get(&self) -> i32 { c() } }\n";
        let analysis = mutate::analyze(lib, "src/lib.rs").unwrap();
        let suite = "#[test]\nfn t_a() { assert_eq!(a(1), 3); }\n#[test]\nfn t_s() { let s = S::new(); assert_eq!(s.get(), 3); }\n#[test]\nfn t_none() { assert!(true); }\n";
        let r = reaches(&analysis, suite).unwrap();
        assert_eq!(r["t_a"], ["a", "b"]);
        assert_eq!(r["t_s"], ["S::get", "S::new", "c"]);
        assert!(r["t_none"].is_empty());
        let d = call_depths(&analysis, suite).unwrap();
        assert_eq!(d["t_a"], BTreeMap::from([("a".into(), 1), ("b".into(), 2)]));
        assert_eq!(
            d["t_s"],
            BTreeMap::from([("S::get".into(), 1), ("S::new".into(), 1), ("c".into(), 2)])
        );
    }

    #[test]
    fn a_depth_is_the_shortest_call_chain() {
        // `deep` is reached both as `a → b → deep` and directly from `a`: depth 2, not 3.
        let lib = "pub fn a() -> i32 { b() + deep() }\nfn b() -> i32 { deep() }\nfn deep() -> i32 { 1 }\n";
        let analysis = mutate::analyze(lib, "src/lib.rs").unwrap();
        let suite = "#[test]\nfn t() { assert_eq!(a(), 2); }\n";
        let d = call_depths(&analysis, suite).unwrap();
        assert_eq!(
            d["t"],
            BTreeMap::from([("a".into(), 1), ("b".into(), 2), ("deep".into(), 2)])
        );
    }

    #[test]
    fn short_names_drop_the_type() {
        assert_eq!(short_name("Account::deposit"), "deposit");
        assert_eq!(short_name("gcd"), "gcd");
    }
}
