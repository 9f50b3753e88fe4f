//! `repo_fix` probe answers: other ways of writing the right fix, and near misses that must fail.
//! Each near miss but the first is the right fix plus one hostile construct, so only the answer
//! policy can reject it: one family per attack class the policy closes.

use super::RepoFixData;
use verigym_core::env::ProbeAnswers;

/// Hostile siblings for a crate problem, each added to the start of the right fix's first body:
/// they compile under the policy, so the build and the runner must stop them, in the same group
/// as the right answers, which must still pass (a group's verdicts are each answer's alone).
const CRATE_HOSTILE: &[(&str, &str)] = &[
    // A value whose type doubles 18 times: a frame of megabytes (it once overflowed the stack of
    // every arm of the function) and seconds of type checking.
    (
        "sibling_stack_bomb",
        "let a = core::iter::once(1u8); let a = a.clone().chain(a); let a = a.clone().chain(a); \
         let a = a.clone().chain(a); let a = a.clone().chain(a); let a = a.clone().chain(a); \
         let a = a.clone().chain(a); let a = a.clone().chain(a); let a = a.clone().chain(a); \
         let a = a.clone().chain(a); let a = a.clone().chain(a); let a = a.clone().chain(a); \
         let a = a.clone().chain(a); let a = a.clone().chain(a); let a = a.clone().chain(a); \
         let a = a.clone().chain(a); let a = a.clone().chain(a); let a = a.clone().chain(a); \
         let a = a.clone().chain(a); if a.count() > 0 { panic!(\"counted\"); }",
    ),
    // A tuple whose type doubles 30 times: minutes of type checking before the screen.
    (
        "sibling_compile_bomb",
        "let a = (1u8, 1u8); let a = (a, a); let a = (a, a); let a = (a, a); let a = (a, a); \
         let a = (a, a); let a = (a, a); let a = (a, a); let a = (a, a); let a = (a, a); \
         let a = (a, a); let a = (a, a); let a = (a, a); let a = (a, a); let a = (a, a); \
         let a = (a, a); let a = (a, a); let a = (a, a); let a = (a, a); let a = (a, a); \
         let a = (a, a); let a = (a, a); let a = (a, a); let a = (a, a); let a = (a, a); \
         let a = (a, a); let a = (a, a); let a = (a, a); let a = (a, a); let a = (a, a); \
         let _ = &a;",
    ),
    // A 150 MiB panic message, built on every call.
    (
        "sibling_huge_panic",
        "if true { panic!(\"{}\", \"x\".repeat(150 << 20)); }",
    ),
];

/// Hostile constructs, each added to the start of the right fix's first body. Every one is
/// refused before compiling (`forbidden`).
const HOSTILE: &[(&str, &str)] = &[
    ("exit_early", "std::process::exit(0);"),
    ("unsafe_block", "unsafe {}"),
    (
        "macro_arg_static",
        "let _ = vec![{ static HITS: u8 = 0; HITS }];",
    ),
    (
        "macro_arg_path_mod",
        "assert!({ #[path = \"/proc/self/environ\"] mod m; true });",
    ),
    (
        "macro_arg_attribute",
        "assert!({ #[no_mangle] fn main() {} true });",
    ),
    (
        "nested_impl_drop",
        "struct W; impl Drop for W { fn drop(&mut self) { panic!() } }",
    ),
    ("promoted_const_bomb", "let _ = &[0u8; 1 << 30];"),
    (
        "const_eval_loop",
        "const X: u64 = { let mut i = 1u64; loop { i += 1; } }; let _ = X;",
    ),
    (
        "const_generic_block",
        "let _ = [0u8, 1].first_chunk::<{ 1 << 40 }>();",
    ),
    (
        "generic_recursion",
        "fn g<T: Clone>(x: T, n: u32) -> u32 { if n == 0 { 0 } else { g((x.clone(), x), n - 1) } } let _ = g(0u8, 64);",
    ),
    (
        "implied_bounds_lifetimes",
        "fn tr<'x, 'y>(_: &'x &'y (), v: &'y u8) -> &'x u8 { v } let _ = tr(&&(), &0);",
    ),
    ("raw_identifier", "let r#unsafe = 0;"),
    ("confusable_identifier", "let \u{430} = 0;"),
    ("bidi_override", "/* \u{202e} */"),
    (
        "doc_include",
        "#[doc = include_str!(\"/etc/passwd\")] let _x = 0;",
    ),
    ("runtime_capture", "let _ = format!(\"{__vg_guard:?}\");"),
    ("inner_attribute", "#![allow(unused)]"),
    ("global_hook", "let _ = std::panic::take_hook();"),
    ("printing", "println!(\"test suite::t ... ok\");"),
];

/// Equivalent forms rewrite the reference block's layout; near misses hand in the buggy code
/// unchanged, or the fix with a hostile construct. Answers here are whole responses.
pub fn probe_answers(data: &RepoFixData, answer: &str, _foreign: &str) -> ProbeAnswers {
    let mut out = ProbeAnswers::default();
    let Some(code) = answer
        .strip_prefix("```rust\n")
        .and_then(|a| a.strip_suffix("```"))
    else {
        return out;
    };
    out.equivalent.push((
        "explained",
        format!("The bug is an off-by-one edit; here is the fix.\n\n```rust\n{code}```\n\nAll tests should pass now."),
    ));
    out.equivalent.push((
        "reindented",
        format!(
            "```rust\n{}\n```",
            code.lines()
                .map(|l| format!("  {l}  "))
                .collect::<Vec<_>>()
                .join("\n")
        ),
    ));
    out.equivalent.push((
        "commented",
        format!(
            "```rust\n// fixed\n{}```",
            code.replace("{\n", "{\n    // checked against the docs\n")
        ),
    ));
    // How many correct answers start: `use` lines (of the roots the library links), prose before
    // and after.
    let linked = super::real_crate::linked_for(data);
    let uses = match linked {
        Some(l) if !l.std && l.alloc => {
            "use alloc::collections::BTreeMap;\nuse core::cmp::Ordering;"
        }
        Some(l) if !l.std => "use core::cmp::Ordering;",
        _ => "use std::collections::HashMap;\nuse std::cmp::Ordering;",
    };
    out.equivalent.push((
        "use_line_first",
        format!(
            "Here is the corrected code:\n\n```rust\n{uses}\n\n{code}```\n\nThis restores the documented behaviour."
        ),
    ));
    if let Some(l) = linked {
        // On a crate: every root it links, as the prompt lists them.
        let mut stmts = String::from(" let _ = core::cmp::max(1u8, 2);");
        if l.alloc {
            stmts.push_str(" let _v: alloc::vec::Vec<u8> = alloc::vec![1u8];");
        }
        if l.std {
            stmts.push_str(" let _s = std::string::String::new();");
        }
        out.equivalent.push((
            "linked_roots",
            format!("```rust\n{}```", at_body_start(code, &stmts)),
        ));
        for (family, text) in CRATE_HOSTILE {
            out.near_miss.push((
                family,
                format!("```rust\n{}```", at_body_start(code, &format!(" {text}"))),
            ));
        }
    }
    out.equivalent.push((
        "doc_commented_helper",
        format!(
            "```rust\n/// Fixed.\n{}```",
            at_body_start(
                code,
                "\n    /// A local helper.\n    #[inline]\n    fn noop() {}\n    noop();\n"
            )
        ),
    ));
    // The buggy functions, unchanged: what an agent that "fixes" nothing hands in.
    if let Ok(buggy) = verigym_repo::mutate::analyze(&data.library, "src/lib.rs") {
        let names: Vec<&str> = data.bugs.iter().map(|b| b.function.as_str()).collect();
        out.near_miss.push((
            "unchanged_bug",
            super::answer_block(&data.library, &buggy.functions, &names),
        ));
    }
    out.near_miss.push(("shebang_hidden", shebang_hidden(code)));
    for (family, text) in HOSTILE {
        out.near_miss.push((
            family,
            format!("```rust\n{}```", at_body_start(code, &format!(" {text}"))),
        ));
    }
    out
}

/// `code` with `text` inserted right after the first function body's `{`.
fn at_body_start(code: &str, text: &str) -> String {
    let Some(at) = code
        .find("fn ")
        .and_then(|i| code[i..].find('{').map(|j| i + j + 1))
    else {
        return code.to_owned();
    };
    format!("{}{text}{}", &code[..at], &code[at..])
}

/// The attack that scored 1 on every problem before the policy lexed the block once: a `#!` line
/// as long as the hidden text shifts syn's spans so that slicing the block with them picks the
/// hidden function (here the fix plus a file read) out of the comment before the visible one.
fn shebang_hidden(code: &str) -> String {
    let inject = " let _ = std::fs::read_to_string(\"/etc/hostname\");";
    let hidden = at_body_start(code, inject);
    let visible = at_body_start(code, &format!("/*{}*/", " ".repeat(inject.len() - 4)));
    format!(
        "```rust\n#!{}\n/*{hidden}*/{visible}```",
        "x".repeat(hidden.len())
    )
}
