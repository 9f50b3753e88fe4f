//! `repo_fix` attacks, written as a hostile policy would with verigym's source at hand: each class
//! an adversarial review found, and our own red-team pass. Every hostile answer here leaves the
//! bug in place or carries code a fix may not contain, and must score 0 without reaching the
//! compiler; the realistic correct forms must still score 1. The policy's rules one by one are
//! unit tests in `crates/envs/src/code/repo_fix/answer/`; these run the whole verifier.

use verigym::envs::repo_fix::{RepoFix, RepoFixData, RepoFixParams};
use verigym::{Env, EnvParams, Generator, Problem, Reason};

fn problem(repo: &str, seed: u64) -> Problem<RepoFixParams, RepoFixData> {
    let params = RepoFixParams {
        repo: repo.to_owned(),
        ..RepoFixParams::at_level(0.0)
    };
    Generator::new(&RepoFix, params, seed).unwrap().problem(0)
}

/// The code inside a reference answer's fence.
fn code(answer: &str) -> &str {
    answer
        .strip_prefix("```rust\n")
        .and_then(|a| a.strip_suffix("```"))
        .expect("a reference is one ```rust block")
}

/// `code` with `text` inserted at the start of its first function's body.
fn at_body_start(code: &str, text: &str) -> String {
    let at = code
        .find("fn ")
        .and_then(|i| code[i..].find('{').map(|j| i + j + 1))
        .expect("the code has a function body");
    format!("{}{text}{}", &code[..at], &code[at..])
}

/// The buggy functions handed back unchanged, with `text` at the start of the first body.
fn unfixed_with(p: &Problem<RepoFixParams, RepoFixData>, text: &str) -> String {
    let analysis = verigym::repo::mutate::analyze(&p.data.library, "src/lib.rs").unwrap();
    let names: Vec<&str> = p.data.bugs.iter().map(|b| b.function.as_str()).collect();
    let block = verigym::envs::repo_fix::answer_block(&p.data.library, &analysis.functions, &names);
    format!("```rust\n{}```", at_body_start(code(&block), text))
}

/// The attack that scored 1 on 10 of 10 problems: `syn::parse_file` drops a `#!` first line,
/// so its spans pointed `len` bytes before the text they came from. The policy checked the
/// visible function; the old code sliced, and compiled, the hidden one in the comment before
/// it (here: the fix plus a file read). Now the block is lexed once and a `#!` is refused.
#[test]
fn a_shebang_line_cannot_hide_code_from_the_policy() {
    for (repo, seed) in [("toy", 1), ("ledger", 2), ("strings", 3)] {
        let p = problem(repo, seed);
        let reference = code(&p.answer);
        let inject = " let _ = std::fs::read_to_string(\"/etc/hostname\");";
        let hidden = at_body_start(reference, inject);
        let visible = at_body_start(reference, &format!("/*{}*/", " ".repeat(inject.len() - 4)));
        assert_eq!(hidden.len(), visible.len());
        // With `#!` + `len(hidden)` bytes on the first line, the hidden text starts exactly where
        // the old code looked for the visible one.
        let response = format!(
            "```rust\n#!{}\n/*{hidden}*/{visible}```",
            "x".repeat(hidden.len())
        );
        let v = RepoFix.verify(&p.data, &response);
        assert_eq!(v.reason, Reason::Forbidden, "{repo}: {}", v.message);
        assert_eq!(v.score, 0.0);
    }
}

/// Items and attributes inside macro arguments were never parsed as items, so none of the item
/// or attribute rules applied to them. `#[path = …] mod m;` made rustc read any file: the clean
/// library (a pass with the bug unfixed) or `/proc/self/environ` (copied into the verdict's
/// compile error). Each is refused before compiling, so no file content reaches a message.
#[test]
fn items_and_attributes_in_macro_arguments_never_reach_the_compiler() {
    let p = problem("toy", 4);
    let lib = concat!(env!("CARGO_MANIFEST_DIR"), "/envs/repos/toy/src/lib.rs");
    let hostile = [
        " let _ = vec![{ #[path = \"/proc/self/environ\"] mod m; 0 }];".to_owned(),
        format!(" assert!({{ #[path = \"{lib}\"] mod clean; true }});"),
        " let _ = vec![{ static HITS: u8 = 0; HITS }];".to_owned(),
        " assert!({ trait Sneaky {} true });".to_owned(),
        " assert!({ #[cfg(any())] fn gone() {} true });".to_owned(),
        " assert!({ #[no_mangle] fn main() {} true });".to_owned(),
        " let _ = vec![{ mod inner {} 0 }];".to_owned(),
        " let _ = vec![{ #[doc = include_str!(\"/proc/self/environ\")] fn d() {} 0 }];".to_owned(),
        " let _ = matches!(1, _ if { extern \"C\" { fn abort(); } true });".to_owned(),
    ];
    let responses: Vec<String> = hostile.iter().map(|h| unfixed_with(&p, h)).collect();
    let refs: Vec<&str> = responses.iter().map(String::as_str).collect();
    for (h, v) in hostile.iter().zip(RepoFix.verify_group(&p.data, &refs)) {
        assert_eq!(v.reason, Reason::Forbidden, "{h}: {}", v.message);
        assert!(
            !v.message.contains("PATH=") && !v.message.contains("HOME="),
            "{h}: {}",
            v.message
        );
    }
}

/// Compile-time bombs are refused before rustc sees them: a promoted 1 GiB constant (2.3 GB of
/// compiler memory, and it still scored 1), constant-evaluation loops (30 s per round), const
/// generic blocks, huge spelled-out arrays, and generic recursion on growing types.
#[test]
fn compile_time_bombs_are_refused_before_compiling() {
    let p = problem("bits", 5);
    let reference = code(&p.answer);
    let bombs = [
        " let _ = &[0u8; 1 << 30];",
        " const BIG: [u8; 1 << 30] = [0; 1 << 30]; let _ = BIG[0];",
        " let _ = const { let mut i = 1u64; while i != 0 { i = i.wrapping_add(1); } i };",
        " const X: u64 = { let mut i = 1u64; loop { i += 1; } }; let _ = X;",
        " let _ = [0u8, 1].first_chunk::<{ let mut i = 0usize; while i < usize::MAX { i += 1; } 2 }>();",
        " let _ = [[[0u64; 4096]; 4096]; 4096];",
        " fn grow<T: Clone>(x: T, n: u32) -> u32 { if n == 0 { 0 } else { grow((x.clone(), x), n - 1) } } let _ = grow(0u8, 64);",
        " fn grow(x: impl Clone, n: u32) -> u32 { if n == 0 { 0 } else { grow((x.clone(), x), n - 1) } } let _ = grow(0u8, 64);",
    ];
    let responses: Vec<String> = bombs
        .iter()
        .map(|b| format!("```rust\n{}```", at_body_start(reference, b)))
        .collect();
    let refs: Vec<&str> = responses.iter().map(String::as_str).collect();
    let started = std::time::Instant::now();
    for (b, v) in bombs.iter().zip(RepoFix.verify_group(&p.data, &refs)) {
        assert_eq!(v.reason, Reason::Forbidden, "{b}: {}", v.message);
    }
    // Refused without compiling: far below one compile (0.2 s), even on a loaded machine.
    assert!(started.elapsed().as_secs() < 5, "{:?}", started.elapsed());
}

/// One answer cannot change another's verdict. An `impl Drop for Account` written inside one
/// answer's body made every correct sibling score 0 (trait impls are global), and two correct
/// answers with the same nested helper or `impl Display` collided when grouped. Global items
/// are now refused, and what remains (nested helper fns and types) is scoped to its own arm:
/// same-named helpers of different types in two answers both pass. The realistic form, a `use`
/// line first and prose around the block, passes too.
#[test]
fn siblings_cannot_change_a_verdict() {
    let p = problem("ledger", 6);
    let reference = code(&p.answer);
    let with = |text: &str| format!("```rust\n{}```", at_body_start(reference, text));
    let group = [
        format!(
            "Here is the fix.\n\n```rust\nuse std::collections::BTreeMap;\n\n{reference}```\n\nThe bug was an off-by-one."
        ),
        with(" fn helper() -> i64 { 1 } struct Tmp; let _ = (helper(), Tmp);"),
        with(" fn helper() -> u8 { 2 } struct Tmp(u8); let _ = (helper(), Tmp(0));"),
        with(" impl Drop for Account { fn drop(&mut self) { panic!(\"dropped\") } }"),
        with(
            " impl std::fmt::Display for Account { fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { write!(f, \"a\") } }",
        ),
        with(" impl Account { fn helper(&self) {} }"),
    ];
    let refs: Vec<&str> = group.iter().map(String::as_str).collect();
    let together = RepoFix.verify_group(&p.data, &refs);
    let reasons: Vec<Reason> = together.iter().map(|v| v.reason).collect();
    assert_eq!(
        reasons,
        [
            Reason::Correct,
            Reason::Correct,
            Reason::Correct,
            Reason::Forbidden,
            Reason::Forbidden,
            Reason::Forbidden
        ],
        "{together:#?}"
    );
    let alone: Vec<_> = refs.iter().map(|r| RepoFix.verify(&p.data, r)).collect();
    assert_eq!(together, alone);
}
