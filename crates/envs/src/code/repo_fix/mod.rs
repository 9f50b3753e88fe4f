//! `repo_fix`: find and fix bugs injected into a mini Rust repo; verified by compiling the
//! answer into the library and running the hidden strong suite in the sandbox (needs rustc).
//!
//! Bugs come from each repo's committed catalog (`envs/repos/<name>/bugs.json`: mutants the strong
//! suite kills), so generation is pure and needs no compiler. The record holds the buggy library,
//! the hidden suite and its test names: anyone with rustc can re-check a verdict.
//!
//! `meta.difficulty` is the search effort: functions whose bodies the prompt shows × bugs × 10,
//! divided by the fewest tests any injected bug fails, plus 50 when the failures are not shown,
//! or else 25 for each call of `reach` beyond 1 and 25 when they are `misleading`.

mod answer;
mod assets;
mod crate_bench;
mod group;
mod inject;
mod params;
mod probes;
mod real_crate;
mod shipped;
mod variant;
mod workbench;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use self::assets::names as repo_names;
#[doc(hidden)]
pub use self::group::verify_unscreened;
use self::inject::Injection;
#[doc(hidden)]
pub use self::inject::posable_bugs;
pub use self::params::{BUGS_MAX, RepoFixParams};
pub use self::real_crate::CrateRef;
pub use self::shipped::names as shipped_crates;
use self::variant::Varied;
#[doc(hidden)]
pub use self::variant::{VariantBug, VariantCatalog, variant_catalog};
pub use self::workbench::{FILES as WORKBENCH_FILES, Workbench};
use verigym_core::env::{AnswerFormat, Env, Generated, ProbeAnswers};
use verigym_core::rng::ProblemRng;
use verigym_core::verdict::Verdict;
use verigym_repo::catalog::Failure;
use verigym_repo::mutate::FnInfo;

/// The bug-fix env.
#[derive(Clone, Copy, Debug, Default)]
pub struct RepoFix;

/// What the `repo_fix` verifier needs: the buggy library and the hidden suite.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RepoFixData {
    /// The repo the bugs were injected into.
    pub repo: String,
    /// The buggy `src/lib.rs`, whole.
    pub library: String,
    /// The hidden strong suite: a module body of `#[test]` fns calling the library by bare name.
    pub suite: String,
    /// The strong suite's test names; every one must pass.
    pub tests: Vec<String>,
    /// The injected bugs, in source order.
    pub bugs: Vec<InjectedBug>,
    /// The strong tests the buggy library fails, with their messages.
    pub failing: Vec<Failure>,
    /// The functions whose bodies the prompt shows; every other body is elided.
    pub shown: Vec<String>,
    /// For a problem from a real crate's catalog (`repo = path:DIR`): where its bug is. Then
    /// `library` holds only the buggy function, `suite` is empty (the crate's own tests are
    /// the suite) and `tests` are the crate's tests as `[target] name`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub krate: Option<CrateRef>,
}

/// One injected bug.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct InjectedBug {
    /// The catalog mutant's id.
    pub id: String,
    /// The function it is in.
    pub function: String,
    /// 1-based line of the bug in the buggy library.
    pub line: usize,
    /// The buggy text.
    pub buggy: String,
    /// The original text.
    pub original: String,
    /// The unified diff that undoes the bug.
    pub fix_diff: String,
}

impl Env for RepoFix {
    const ID: &'static str = "repo_fix";
    const VERSION: u32 = 6;
    // Version 3 added the `variation` knob and moved the level map; version 4 the `reach` and
    // `misleading` knobs, with the level map from L = 3.5 and `meta.difficulty`; version 5 lets
    // `bugs` apply on a crate (each bug in its own file; `CrateRef::more`), which also changes a
    // crate's problems from L = 4. The data layout only gains that optional field and the
    // answers accepted are unchanged, so version-2 records are judged exactly as before.
    const COMPATIBLE_SINCE: u32 = 2;
    const SUMMARY: &'static str = "fix bugs injected into a mini Rust repo (hidden strong suite run in a sandbox; needs rustc)";
    type Params = RepoFixParams;
    type Data = RepoFixData;
    const ANSWER_FORMAT: AnswerFormat = AnswerFormat::CodeBlock("rust");
    const VERIFIES_IN_GROUPS: bool = true;

    fn generate(&self, params: &RepoFixParams, rng: &mut ProblemRng) -> Generated<RepoFixData> {
        if real_crate::is_crate_spec(&params.repo) {
            let loaded =
                real_crate::load(&params.repo).expect("validated params load their catalog");
            return real_crate::generate(&loaded, params, rng);
        }
        let (inj, varied) = draw(params, rng);
        let data = data(&inj, &varied);
        let fewest = inj
            .bugs
            .iter()
            .map(|&b| inj.repo.bug(b).failing.len())
            .min()
            .unwrap_or(1)
            .max(1);
        let difficulty = (inj.shown.len() * data.bugs.len() * 10 / fewest) as u64
            + if params.show_failures {
                // Failures shown further from the bugs, or pointing away, send the search wider.
                25 * u64::from(params.reach - 1) + if params.misleading { 25 } else { 0 }
            } else {
                50
            };
        Generated {
            prompt: render(&varied, &data, params),
            answer: reference(&varied),
            difficulty,
            data,
        }
    }

    fn verify(&self, data: &RepoFixData, response: &str) -> Verdict {
        group::verify_group(data, &[response]).remove(0)
    }

    fn verify_group(&self, data: &RepoFixData, responses: &[&str]) -> Vec<Verdict> {
        group::verify_group(data, responses)
    }

    fn probe_answers(&self, data: &RepoFixData, answer: &str, foreign: &str) -> ProbeAnswers {
        probes::probe_answers(data, answer, foreign)
    }
}

/// A mini repo's problem before it becomes a record: the bugs drawn, then the variant's texts.
/// The agentic workbench draws again through here to find the variant's visible suite, so both
/// take the same draws in the same order.
fn draw(params: &RepoFixParams, rng: &mut ProblemRng) -> (Injection, Varied) {
    let inj = inject::inject(params, rng);
    let varied = variant::vary(&inj, params.variation, rng);
    (inj, varied)
}

fn data(inj: &Injection, varied: &Varied) -> RepoFixData {
    RepoFixData {
        repo: inj.repo.name.to_owned(),
        library: varied.library.clone(),
        suite: varied.strong.clone(),
        tests: varied.tests.clone(),
        bugs: varied.bugs.clone(),
        failing: varied.failing.clone(),
        shown: varied.shown.clone(),
        krate: None,
    }
}

/// The library as the prompt shows it: bodies of functions not in `shown` are elided.
fn visible_library(varied: &Varied) -> String {
    let library = &varied.library;
    let mut out = String::with_capacity(library.len());
    let mut at = 0;
    for f in &varied.functions {
        if varied.shown.contains(&f.name) {
            continue;
        }
        out.push_str(&library[at..f.body.start]);
        out.push_str(" /* … */ ");
        at = f.body.end;
    }
    out.push_str(&library[at..]);
    out
}

fn render(varied: &Varied, data: &RepoFixData, params: &RepoFixParams) -> String {
    let bugs = data.bugs.len();
    let (count, each) = if bugs == 1 {
        ("one bug".to_owned(), "")
    } else {
        (format!("{bugs} bugs"), ", each in a different function")
    };
    let elided = varied.shown.len() < varied.functions.len();
    let mut p = format!(
        "The Rust crate `{}` has {count}{each}. Its doc comments state the intended behaviour; \
         the code does not meet it.{}\n\n`src/lib.rs`:\n```rust\n{}```\n",
        data.repo,
        if elided {
            " Bodies shown as `/* … */` belong to functions that are correct."
        } else {
            ""
        },
        visible_library(varied)
    );
    if params.show_failures {
        if varied.shown_failing.len() == data.failing.len() {
            p.push_str("\nThese tests of the hidden test suite fail:\n");
        } else {
            p.push_str(&format!(
                "\n{} tests of the hidden test suite fail, among them these:\n",
                data.failing.len()
            ));
        }
        for f in &varied.shown_failing {
            p.push_str(&format!("- `{}`:\n```text\n{}\n```\n", f.test, f.message));
        }
    } else {
        p.push_str("\nThe crate's hidden test suite fails; which tests fail is not shown.\n");
    }
    if params.show_weak {
        p.push_str(&format!(
            "\nSome of the crate's visible tests (the hidden suite is stronger; these may not \
             catch the bug):\n```rust\n{}```\n",
            varied.weak
        ));
    }
    p.push_str(&answer_rules(
        "Fix the bug(s). Reply with the corrected functions in a ```rust code block: complete \
         `fn` items with unchanged signatures, a method either alone or inside its \
         `impl Type { … }` block, after any `use` lines they need. Give only the functions you \
         change; the rest stay as they are.",
    ));
    p
}

/// How to reply, after `intro` (what to give): the answer's form and the policy it is held to.
fn answer_rules(intro: &str) -> String {
    answer_rules_with(
        intro,
        "`std` modules other than `collections`, `cmp`, `fmt`, `ops`, `iter`, `convert`, \
         `default`, `num`, `str`, `string`, `vec`, `option`, `result`, `char`, `slice`, \
         `borrow`, `boxed`, `rc`, `cell`, `hash`, `marker`, `ascii`, the numeric-type modules \
         and `mem::{swap, replace, take}`",
        "",
    )
}

/// The answer policy for a library that links `linked`, as a prompt states it: the modules
/// each linked root allows, and what its prelude leaves out (a `no_std` crate's).
fn answer_rules_linked(intro: &str, linked: answer::Linked, macros_by_name: bool) -> String {
    let numeric = |m: &str| {
        matches!(
            m,
            "f32"
                | "f64"
                | "i8"
                | "i16"
                | "i32"
                | "i64"
                | "i128"
                | "isize"
                | "u8"
                | "u16"
                | "u32"
                | "u64"
                | "u128"
                | "usize"
        )
    };
    let paths: Vec<String> = linked
        .roots()
        .into_iter()
        .map(|root| {
            let modules = linked.modules(root);
            let mut named: Vec<String> = modules
                .iter()
                .filter(|m| !numeric(m) && **m != "mem")
                .map(|m| format!("`{m}`"))
                .collect();
            if modules.iter().any(|m| numeric(m)) {
                named.push("the numeric-type modules".to_owned());
            }
            if modules.contains(&"mem") {
                named.push("`mem::{swap, replace, take}`".to_owned());
            }
            let last = named.pop().unwrap_or_default();
            if named.is_empty() {
                format!("`{root}` modules other than {last}")
            } else {
                format!(
                    "`{root}` modules other than {} and {last}",
                    named.join(", ")
                )
            }
        })
        .collect();
    let mut after = String::new();
    if !linked.std_prelude {
        let home = if linked.alloc { "alloc" } else { "std" };
        after.push_str(&format!(
            " This crate is `#![no_std]`{}: its prelude is `core`'s, so `Vec`, `String`, \
             `ToString`, `ToOwned` and `Box` need a `use {home}::…` line unless the file \
             imports them",
            if linked.std {
                " and links `std` by `extern crate std`"
            } else {
                ", and `std` is not linked"
            }
        ));
        if macros_by_name {
            after.push('.');
        } else {
            after.push_str(&format!(
                ", and `vec!` and `format!` are written `{home}::vec!` and `{home}::format!`."
            ));
        }
    }
    answer_rules_with(intro, &paths.join(", "), &after)
}

/// The answer policy as a prompt states it: `paths` says which library paths are not allowed,
/// `after` follows the list (what a crate's build links).
fn answer_rules_with(intro: &str, paths: &str, after: &str) -> String {
    format!(
        "\n{intro} The last ```rust block in your reply is the answer. Inside a function you may \
         declare helper `fn`s (not generic), `struct`s, `enum`s and `use` lines, but no `impl`, \
         `trait`, `mod`, `static` or `const` items. Not allowed: `unsafe`, `extern`, `async`, \
         raw or non-ASCII identifiers, attributes other than `doc`, `inline`, `must_use`, \
         `cold`, `allow` and the standard `derive`s, macros other than `assert!`, \
         `assert_eq!`, `assert_ne!`, the `debug_assert` forms, `panic!`, `unreachable!`, \
         `unimplemented!`, `todo!`, `vec!`, `format!`, `matches!`, `write!` and `writeln!`, \
         {paths}, and arrays of more than 4096 elements.{after}\n"
    )
}

/// The original text of every buggy function, as an answer block.
fn reference(varied: &Varied) -> String {
    let names: Vec<&str> = varied.bugs.iter().map(|b| b.function.as_str()).collect();
    let spans: Vec<(&str, std::ops::Range<usize>)> = varied
        .reference_functions
        .iter()
        .map(|f| (f.name.as_str(), f.span.clone()))
        .collect();
    block_of(&varied.reference, &spans, &names)
}

/// The named functions of `source` (full names, as `FnInfo::name`) as one ```rust answer block,
/// methods inside their `impl` blocks: the form the verifier reads.
pub fn answer_block(source: &str, functions: &[FnInfo], names: &[&str]) -> String {
    let spans: Vec<(&str, std::ops::Range<usize>)> = functions
        .iter()
        .map(|f| (f.name.as_str(), f.span.clone()))
        .collect();
    block_of(source, &spans, names)
}

/// [`answer_block`] from (name, item span) pairs.
fn block_of(source: &str, functions: &[(&str, std::ops::Range<usize>)], names: &[&str]) -> String {
    let mut code = String::new();
    for name in names {
        let Some((_, span)) = functions.iter().find(|(n, _)| n == name) else {
            continue;
        };
        let text = &source[span.clone()];
        match name.rsplit_once("::") {
            Some((ty, _)) => code.push_str(&format!("impl {ty} {{\n    {text}\n}}\n")),
            None => code.push_str(&format!("{text}\n")),
        }
    }
    format!("```rust\n{code}```")
}

#[cfg(test)]
mod tests {
    use super::*;
    use verigym_core::env::Generator;
    use verigym_core::params::EnvParams;

    /// The prompt states the answer policy a solver is held to: every allowed macro and `std`
    /// module is named in it (the numeric-type modules as a group).
    #[test]
    fn the_prompt_states_the_policy() {
        let g = Generator::new(&RepoFix, RepoFixParams::at_level(0.0), 1).unwrap();
        let prompt = g.problem(0).prompt;
        for m in answer::MACROS.iter().filter(|m| !m.starts_with("debug_")) {
            assert!(prompt.contains(&format!("`{m}!`")), "{m}");
        }
        for m in answer::STD_MODULES
            .iter()
            .filter(|m| !m.starts_with(['f', 'i', 'u']) || **m == "iter")
        {
            assert!(prompt.contains(&format!("`{m}")), "{m}");
        }
        assert!(prompt.contains(&answer::MAX_ARRAY_ELEMENTS.to_string()));
    }
}
