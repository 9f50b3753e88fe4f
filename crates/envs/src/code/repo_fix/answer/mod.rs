//! Reading a `repo_fix` answer: the last ```rust block, held to the policy on what a fix may
//! contain, and matched to the library's functions by name.
//!
//! Defence in depth, each layer default-deny and independent of the others:
//! 1. `source`: the raw text (no byte-order mark, `#!` line, control or invisible characters),
//!    lexed once; the syntax tree is parsed from those tokens and must print back to them.
//! 2. `tokens`: every token, macro arguments and attribute bodies included (keywords, names,
//!    `#`, macros, `std::` paths, array sizes).
//! 3. `policy`: every syntax-tree node, with allowed macros' arguments parsed and walked too.
//! 4. The text spliced into the library for each fix is lexed again and must equal, token for
//!    token, what layers 2 and 3 checked: nothing can sit between the check and the compiler.
//!
//! What is allowed is written down once, in `allow`.

mod allow;
mod policy;
mod source;
mod tokens;

use std::collections::BTreeSet;

use quote::ToTokens;
use syn::spanned::Spanned;

pub use self::allow::Linked;
#[cfg(test)]
pub(super) use self::allow::{BANNED_KEYWORDS, BANNED_NAMES};
#[cfg(test)]
pub(super) use self::allow::{MACROS, MAX_ARRAY_ELEMENTS, STD_MODULES};
use self::source::{Source, flat, forbidden, same_tokens, unparsable};
use verigym_core::extract::{Rejection, extract_code_block};
use verigym_core::verdict::Reason;
use verigym_repo::catalog::short_name;
use verigym_repo::mutate::{FnInfo, compact, variant_body};

/// The stack the policy runs on (reserved, not committed, until used). Parsing is recursive;
/// the block is capped at `allow::MAX_CODE_BYTES`, so this bounds even a block that is one long
/// nesting (the nesting bound itself is checked on the tree, after parsing). 16 KiB of `!` needs
/// more than 32 MiB in a debug build; `deep_nesting_and_huge_blocks_are_refused` holds the bound.
const POLICY_STACK_BYTES: usize = 256 << 20;

/// One function of the answer: which library function it replaces, and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    /// The library function's full name (`name` or `Type::name`).
    pub function: String,
    /// The `fn` item to splice in (signature and body). The body holds the answer's top-level
    /// `use` lines first, then `let` bindings for renamed parameters, then the answer's body.
    pub item: String,
}

/// Reads the answer: the fixes it makes, sorted by function name, or the verdict rejecting it.
///
/// `library` is the source `functions` were found in: a fix that only renames parameters is
/// rewritten onto the library's own signature, with `let` bindings from the old names.
pub fn read(
    response: &str,
    library: &str,
    functions: &[FnInfo],
    linked: Linked,
) -> Result<Vec<Fix>, Rejection> {
    read_block(
        &extract_code_block(response, "rust")?,
        library,
        functions,
        linked,
    )
}

/// [`read`] of one block's code.
fn read_block(
    code: &str,
    library: &str,
    functions: &[FnInfo],
    linked: Linked,
) -> Result<Vec<Fix>, Rejection> {
    // On its own thread: a hostile block's nesting must not reach the caller's stack.
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .name("repo_fix-policy".to_owned())
            .stack_size(POLICY_STACK_BYTES)
            .spawn_scoped(s, || read_code(code, library, functions, linked))
            .map_err(|e| {
                Rejection::new(
                    Reason::VerifierError,
                    format!("could not start the answer policy: {e}"),
                )
            })?
            .join()
            .unwrap_or_else(|_| {
                Err(Rejection::new(
                    Reason::VerifierError,
                    "the answer policy panicked",
                ))
            })
    })
}

/// [`read`] for a problem whose bugs are in the functions `buggy`: each of them the last block
/// leaves out is taken from the latest earlier ```rust block that gives it and reads, for a reply
/// that puts each fix in a block of its own (as a prompt showing several files invites). Nothing
/// is gained that one block could not give: a quoted buggy function taken this way is still
/// buggy, and the fixes the last block gives always win.
pub fn read_spread(
    response: &str,
    library: &str,
    functions: &[FnInfo],
    buggy: &[&str],
    linked: Linked,
) -> Result<Vec<Fix>, Rejection> {
    let mut fixes = read(response, library, functions, linked)?;
    let missing = |fixes: &[Fix]| {
        buggy
            .iter()
            .any(|b| !fixes.iter().any(|f| f.function == *b))
    };
    if buggy.len() < 2 || !missing(&fixes) {
        return Ok(fixes);
    }
    let blocks = verigym_core::extract::code_blocks(response, "rust");
    for code in blocks.iter().rev().skip(1) {
        let Ok(more) = read_block(code, library, functions, linked) else {
            continue;
        };
        for f in more {
            if buggy.contains(&f.function.as_str())
                && !fixes.iter().any(|g| g.function == f.function)
            {
                fixes.push(f);
            }
        }
        if !missing(&fixes) {
            break;
        }
    }
    fixes.sort_by(|a, b| a.function.cmp(&b.function));
    Ok(fixes)
}

fn read_code(
    code: &str,
    library: &str,
    functions: &[FnInfo],
    linked: Linked,
) -> Result<Vec<Fix>, Rejection> {
    let Source { code, file } = Source::new(code, linked)?;
    policy::check(&file, linked).map_err(forbidden)?;
    // Top-level `use` lines go into every fixed body, where they are in scope for it alone.
    let uses: Vec<&syn::ItemUse> = file
        .items
        .iter()
        .filter_map(|i| match i {
            syn::Item::Use(u) => Some(u),
            _ => None,
        })
        .collect();
    let mut fixes = Vec::new();
    for item in &file.items {
        match item {
            syn::Item::Use(_) => {}
            syn::Item::Fn(f) => {
                let name = resolve(&f.sig.ident.to_string(), None, functions)?;
                fixes.push(fix(
                    name, code, &uses, &f.sig, &f.block, library, functions,
                )?);
            }
            // A method given inside its trait impl, as the prompt shows it: only its body is
            // spliced into the library's own method, so the block is read as `impl Type`, and
            // the impl's associated types and constants (the library's stay) are passed over.
            syn::Item::Impl(i) => {
                let ty = compact(&i.self_ty);
                let of_trait = i.trait_.is_some();
                for it in &i.items {
                    match it {
                        syn::ImplItem::Type(_) | syn::ImplItem::Const(_) if of_trait => {}
                        syn::ImplItem::Fn(f) => {
                            let name = resolve(&f.sig.ident.to_string(), Some(&ty), functions)?;
                            fixes.push(fix(
                                name, code, &uses, &f.sig, &f.block, library, functions,
                            )?);
                        }
                        other => {
                            return Err(unparsable(format!(
                                "an impl block may hold only `fn` items; found {}",
                                describe(&other.to_token_stream())
                            )));
                        }
                    }
                }
            }
            other => {
                return Err(unparsable(format!(
                    "the answer may hold only `fn` items, `impl Type {{ fn … }}` blocks and \
                     `use` lines; found {}",
                    describe(&other.to_token_stream())
                )));
            }
        }
    }
    if fixes.is_empty() {
        return Err(unparsable(
            "the ```rust block holds no `fn` item".to_owned(),
        ));
    }
    let mut seen = BTreeSet::new();
    for f in &fixes {
        if !seen.insert(f.function.as_str()) {
            return Err(unparsable(format!("`{}` is given twice", f.function)));
        }
    }
    fixes.sort_by(|a, b| a.function.cmp(&b.function));
    Ok(fixes)
}

/// The fix for one answer function: its header (or the library's, when only parameter names
/// differ), the `use` lines, the renaming bindings and the answer's body, sliced from `code`.
/// The body the schemata will compile is lexed again and must equal the checked tokens.
fn fix(
    function: String,
    code: &str,
    uses: &[&syn::ItemUse],
    sig: &syn::Signature,
    block: &syn::Block,
    library: &str,
    functions: &[FnInfo],
) -> Result<Fix, Rejection> {
    let slice = |r: std::ops::Range<usize>| code.get(r).unwrap_or_default();
    let open = block.brace_token.span.open().byte_range();
    let close = block.brace_token.span.close().byte_range();
    let inner = slice(open.end..close.start);
    let use_text: String = uses
        .iter()
        .map(|u| format!(" {}", slice(u.span().byte_range())))
        .collect();
    let renamed = functions.iter().find(|f| f.name == function).and_then(|f| {
        let header = library.get(f.span.start..f.body.start)?;
        let original = syn::parse_str::<syn::ItemFn>(library.get(f.span.clone())?).ok()?;
        let bindings = renamings(&original.sig, sig)?;
        Some((header.to_owned(), bindings))
    });
    let (header, bindings) = renamed.unwrap_or_else(|| {
        (
            slice(sig.span().byte_range().start..open.end).to_owned(),
            String::new(),
        )
    });
    let item = format!("{header}{use_text}{bindings}{inner}}}");
    // What was checked: the `use` lines, the bindings (built from checked patterns and the
    // library's names) and the body, as tokens.
    let mut expected = Vec::new();
    for u in uses {
        expected.extend(flat(&u.to_token_stream()));
    }
    expected.extend(
        bindings
            .parse::<proc_macro2::TokenStream>()
            .map(|t| flat(&t))
            .unwrap_or_default(),
    );
    let body: proc_macro2::TokenStream = block.stmts.iter().map(|s| s.to_token_stream()).collect();
    expected.extend(flat(&body));
    let spliced = variant_body(&item).map(|(_, range)| item[range].to_owned());
    if !spliced.is_ok_and(|text| same_tokens(&text, &expected)) {
        return Err(forbidden(format!(
            "the text of `{function}` that would be compiled does not lex to the code that was \
             checked"
        )));
    }
    Ok(Fix { function, item })
}

/// When `answer` differs from `original` only in the names (patterns) of typed parameters, and
/// every original parameter is a plain name: the `let` statements that bind the answer's names
/// from the original's. `None` when nothing or something else differs.
fn renamings(original: &syn::Signature, answer: &syn::Signature) -> Option<String> {
    let strip = |sig: &syn::Signature| {
        let mut sig = sig.clone();
        for arg in &mut sig.inputs {
            if let syn::FnArg::Typed(t) = arg {
                *t.pat = syn::parse_quote!(_);
            }
        }
        compact(&sig)
    };
    if strip(original) != strip(answer) {
        return None;
    }
    let mut bindings = String::new();
    for (o, a) in original.inputs.iter().zip(&answer.inputs) {
        let (syn::FnArg::Typed(o), syn::FnArg::Typed(a)) = (o, a) else {
            continue;
        };
        if compact(&o.pat) == compact(&a.pat) {
            continue;
        }
        let syn::Pat::Ident(name) = &*o.pat else {
            return None;
        };
        if name.by_ref.is_some() || name.subpat.is_some() {
            return None;
        }
        bindings.push_str(&format!(
            " let {} = {};",
            a.pat.to_token_stream(),
            name.ident
        ));
    }
    (!bindings.is_empty()).then_some(bindings)
}

/// The library function an answer's `fn name` (inside `impl ty`, if any) replaces.
fn resolve(name: &str, ty: Option<&str>, functions: &[FnInfo]) -> Result<String, Rejection> {
    if let Some(ty) = ty {
        let full = format!("{ty}::{name}");
        return if functions.iter().any(|f| f.name == full) {
            Ok(full)
        } else {
            Err(unparsable(format!("the library has no method `{full}`")))
        };
    }
    let matches: Vec<&str> = functions
        .iter()
        .map(|f| f.name.as_str())
        .filter(|f| *f == name || short_name(f) == name)
        .collect();
    match matches.as_slice() {
        [] => Err(unparsable(format!("the library has no function `{name}`"))),
        [one] => Ok((*one).to_owned()),
        many if many.contains(&name) => Ok(name.to_owned()),
        many => Err(unparsable(format!(
            "`{name}` is ambiguous ({}); put it inside its `impl Type {{ … }}` block",
            many.join(", ")
        ))),
    }
}

/// The first few tokens of an item, for messages.
fn describe(tokens: &proc_macro2::TokenStream) -> String {
    let text: String = tokens.to_string().chars().take(40).collect();
    format!("`{text}…`")
}

#[cfg(test)]
mod tests {
    use super::*;
    use verigym_repo::mutate::analyze;

    const LIB: &str = "pub fn add(a: i32, b: i32) -> i32 { a + b }\npub struct S;\nimpl S {\n    pub fn new() -> S { S }\n    pub fn get(&self) -> i32 { 1 }\n}\npub struct T;\nimpl T {\n    pub fn new() -> T { T }\n}\n";

    fn read_code(code: &str) -> Result<Vec<Fix>, (Reason, String)> {
        read_linked(code, Linked::MINI)
    }

    fn read_linked(code: &str, linked: Linked) -> Result<Vec<Fix>, (Reason, String)> {
        let functions = analyze(LIB, "src/lib.rs").unwrap().functions;
        read(
            &format!("Here:\n```rust\n{code}\n```\n"),
            LIB,
            &functions,
            linked,
        )
        .map_err(|r| (r.reason, r.message.into_owned()))
    }

    /// A `no_std` crate that links `alloc` (heck): paths are held to what resolves there, and the
    /// spelling of the macros its prelude lacks is accepted; a std-only mini repo keeps refusing
    /// `alloc`. Both layers (tokens and tree) agree, since each check runs through `read`.
    #[test]
    fn paths_are_held_to_what_the_crate_links() {
        let heck = Linked {
            std: false,
            alloc: true,
            std_prelude: false,
            exact: true,
        };
        let body = |b: &str| format!("fn add(a: i32, b: i32) -> i32 {{ {b} a + b }}");
        for ok in [
            "use alloc::vec::Vec; let _v: Vec<u8> = Vec::new();",
            "let _ = alloc::vec![1u8]; let _ = alloc::format!(\"{}\", 1);",
            "let _ = core::cmp::max(1, 2); let _ = alloc::string::String::new();",
            "use alloc::{borrow::ToOwned, string::ToString}; let _ = \"a\".to_owned();",
        ] {
            assert!(read_linked(&body(ok), heck).is_ok(), "{ok}");
        }
        for (bad, says) in [
            ("use std::vec::Vec;", "`std` is not linked by this crate"),
            (
                "let _ = std::cmp::max(1, 2);",
                "`std` is not linked by this crate",
            ),
            (
                "let _ = core::vec::Vec::<u8>::new();",
                "`core::vec` is not allowed",
            ),
            (
                "let _ = alloc::alloc::Layout::new::<u8>();",
                "`alloc::alloc` is not allowed",
            ),
            (
                "let _ = alloc::sync::Arc::new(1);",
                "`alloc::sync` is not allowed",
            ),
            (
                "let _ = alloc::concat!(\"a\");",
                "the macro `alloc::concat!`",
            ),
            (
                "let _ = core::mem::forget(1);",
                "`core::mem::forget` is not allowed",
            ),
        ] {
            let (reason, message) = read_linked(&body(bad), heck).unwrap_err();
            assert_eq!(reason, Reason::Forbidden, "{bad}");
            assert!(message.contains(says), "{bad}: {message}");
        }
        // A mini repo is std-only: `alloc` stays refused, and macros are named alone, as before.
        for bad in ["use alloc::vec::Vec;", "let _ = std::format!(\"{}\", 1);"] {
            let (reason, _) = read_code(&body(bad)).unwrap_err();
            assert_eq!(reason, Reason::Forbidden, "{bad}");
        }
    }

    /// Fixes spread over blocks: a buggy function the last block leaves out comes from the latest
    /// earlier block that gives it; the last block's own fixes win; a problem with one bug, or
    /// a last block giving every buggy function, reads the last block alone.
    #[test]
    fn buggy_functions_the_last_block_leaves_out_come_from_earlier_blocks() {
        let functions = analyze(LIB, "src/lib.rs").unwrap().functions;
        let add = |n: i32| format!("pub fn add(a: i32, b: i32) -> i32 {{ a + b + {n} }}");
        let get = |n: i32| format!("impl S {{ pub fn get(&self) -> i32 {{ {n} }} }}");
        let reply = format!(
            "```rust\n{}\n{}\n```\n```rust\n{}\n```\nthen\n```rust\n{}\n```\n",
            add(1),
            get(1),
            add(2),
            get(3)
        );
        let spread = |buggy: &[&str]| {
            read_spread(&reply, LIB, &functions, buggy, Linked::MINI)
                .unwrap()
                .into_iter()
                .map(|f| f.item)
                .collect::<Vec<_>>()
        };
        assert_eq!(
            spread(&["add", "S::get"]),
            [
                "fn get(&self) -> i32 { 3 }",
                "fn add(a: i32, b: i32) -> i32 { a + b + 2 }"
            ]
        );
        assert_eq!(spread(&["S::get"]), ["fn get(&self) -> i32 { 3 }"]);
        assert_eq!(
            spread(&["S::get", "T::new"]),
            ["fn get(&self) -> i32 { 3 }"]
        );
    }

    /// What a policy might try through blocks spread over the reply: a fix hidden in a think
    /// block is not read, and an earlier block adds no function that is not buggy (it can only
    /// fill in a buggy function the last block left out).
    #[test]
    fn earlier_blocks_add_only_missing_buggy_functions_from_visible_text() {
        let functions = analyze(LIB, "src/lib.rs").unwrap().functions;
        let names = |r: &str, buggy: &[&str]| {
            read_spread(r, LIB, &functions, buggy, Linked::MINI)
                .unwrap()
                .into_iter()
                .map(|f| f.function)
                .collect::<Vec<_>>()
        };
        let get = "impl S { pub fn get(&self) -> i32 { 2 } }";
        let add = "pub fn add(a: i32, b: i32) -> i32 { a - b }";
        let thought = format!("<think>```rust\n{get}\n```</think>\n```rust\n{add}\n```\n");
        assert_eq!(names(&thought, &["add", "S::get"]), ["add"]);
        let extra = format!(
            "```rust\n{get}\nimpl T {{ pub fn new() -> T {{ T }} }}\n```\n```rust\n{add}\n```\n"
        );
        assert_eq!(names(&extra, &["add", "S::get"]), ["S::get", "add"]);
    }

    #[test]
    fn free_functions_and_methods_are_matched_by_name() {
        let fixes = read_code(
            "pub fn add(a: i32, b: i32) -> i32 { a - b }\nimpl S { pub fn get(&self) -> i32 { 2 } }",
        )
        .unwrap();
        let names: Vec<&str> = fixes.iter().map(|f| f.function.as_str()).collect();
        assert_eq!(names, ["S::get", "add"]);
        assert_eq!(fixes[0].item, "fn get(&self) -> i32 { 2 }");
        // A method on its own is found by its short name when that is unique.
        assert_eq!(
            read_code("fn get(&self) -> i32 { 3 }").unwrap()[0].function,
            "S::get"
        );
    }

    #[test]
    fn renamed_parameters_are_bound_from_the_original_names() {
        let fixes = read_code("fn add(x: i32, mut y: i32) -> i32 { y += 1; x + y - 1 }").unwrap();
        assert_eq!(
            fixes[0].item,
            "pub fn add(a: i32, b: i32) -> i32 { let x = a; let mut y = b; y += 1; x + y - 1 }"
        );
        // A changed type is not a rename: the item is kept and the signature check rejects it.
        let fixes = read_code("fn add(a: i64, b: i32) -> i32 { b }").unwrap();
        assert_eq!(fixes[0].item, "fn add(a: i64, b: i32) -> i32 { b }");
    }

    #[test]
    fn unknown_ambiguous_and_repeated_functions_are_unparsable() {
        for (code, needle) in [
            ("fn nope() {}", "no function `nope`"),
            ("fn new() -> S { S }", "ambiguous (S::new, T::new)"),
            ("impl S { fn add() {} }", "no method `S::add`"),
            (
                "fn add(a: i32, b: i32) -> i32 { a }\nfn add(a: i32, b: i32) -> i32 { b }",
                "given twice",
            ),
            ("struct X;", "only `fn` items"),
            ("type C = i32;", "only `fn` items"),
            ("fn add(", "not valid Rust"),
        ] {
            let (reason, message) = read_code(code).unwrap_err();
            assert_eq!(reason, Reason::UnparsableAnswer, "{code}");
            assert!(message.contains(needle), "{code}: {message}");
        }
    }

    #[test]
    fn hostile_code_is_forbidden_even_inside_macros() {
        for code in [
            "fn add(a: i32, b: i32) -> i32 { unsafe { a + b } }",
            "unsafe fn add(a: i32, b: i32) -> i32 { a + b }",
            "fn add(a: i32, b: i32) -> i32 { std::process::exit(0) }",
            "fn add(a: i32, b: i32) -> i32 { vec![std::process::exit(0)]; 0 }",
            "fn add(a: i32, b: i32) -> i32 { let _ = std::fs::write(\"x\", \"y\"); a + b }",
            "fn add(a: i32, b: i32) -> i32 { use std::net::TcpStream; a + b }",
            "fn add(a: i32, b: i32) -> i32 { std::env::var(\"X\").map_or(a, |_| b) }",
            "fn add(a: i32, b: i32) -> i32 { include!(\"/etc/passwd\") }",
            "fn add(a: i32, b: i32) -> i32 { println!(\"test suite::x ... ok\"); a + b }",
            "fn add(a: i32, b: i32) -> i32 { std::panic::catch_unwind(|| loop {}).unwrap_or(a) }",
            "fn add(a: i32, b: i32) -> i32 { __vg_refuel(); a + b }",
            "fn add(a: i32, b: i32) -> i32 { extern \"C\" { fn abort(); } a }",
            "#[no_mangle]\nfn add(a: i32, b: i32) -> i32 { a + b }",
            "fn add(a: i32, b: i32) -> i32 { mod m {} a + b }",
            "fn add(a: i32, b: i32) -> i32 { static mut N: i32 = 0; a + b }",
            "fn add(a: i32, b: i32) -> i32 { macro_rules! m { () => {} } a + b }",
            "fn add(a: i32, b: i32) -> i32 { std::thread::spawn(|| ()); a + b }",
        ] {
            let (reason, _) = read_code(code).unwrap_err();
            assert_eq!(reason, Reason::Forbidden, "{code}");
        }
        // Allowed macros, attributes and nested helpers pass.
        read_code("/// Sum.\n#[inline]\nfn add(a: i32, b: i32) -> i32 { fn twice(x: i32) -> i32 { x * 2 } assert!(a >= 0 || b >= 0 || true); vec![a, b].iter().sum::<i32>() + twice(0) }").unwrap();
    }

    /// Reads `code` as an answer for `add` and says whether it is accepted; rejections must be
    /// `forbidden`.
    fn forbidden_reason(code: &str) -> Option<String> {
        match read_code(code) {
            Ok(_) => None,
            Err((Reason::Forbidden, m)) => Some(m),
            Err((r, m)) => panic!("{code}: expected forbidden or accepted, got {r:?}: {m}"),
        }
    }

    fn body(code: &str) -> String {
        format!("fn add(a: i32, b: i32) -> i32 {{ {code} a + b }}")
    }

    /// Every rule, one accept case and the reject cases that guard it (the rule's own message
    /// names it).
    #[test]
    fn each_rule_accepts_what_a_fix_needs_and_rejects_the_rest() {
        let rules: &[(&str, &[&str], &[&str])] = &[
            (
                "keywords",
                &["let mut t = a; t += 0; let _ = [t].iter().any(|x| *x > 0);"],
                &[
                    "static N: i32 = 0;",
                    "mod m {}",
                    "trait T {}",
                    "const N: i32 = 0;",
                    "let _ = const { 1 };",
                    "let _ = async { 1 };",
                    "union U { a: u8 }",
                    "unsafe { }",
                    "extern \"C\" { fn abort(); }",
                    "macro_rules! m { () => {} }",
                ],
            ),
            (
                "impl blocks inside bodies",
                &["struct Local(i32); let _ = Local(a).0;"],
                &[
                    "struct W; impl Drop for W { fn drop(&mut self) {} }",
                    "impl std::fmt::Display for S { fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result { Ok(()) } }",
                    "impl S { fn extra() {} }",
                    "vec![{ impl S { fn extra() {} } 0 }];",
                ],
            ),
            (
                "helpers",
                &["fn twice(x: i32) -> i32 { x * 2 } let _ = twice(a);"],
                &[
                    "fn grow<T: Clone>(x: T, n: u32) { if n > 0 { grow((x.clone(), x), n - 1) } }",
                    // The implied-bounds hole (rust-lang/rust#25860) that extends a borrow in
                    // safe code: it needs named lifetimes on a helper, or a `for<…>` binder.
                    "fn tr<'x, 'y>(_: &'x &'y (), v: &'y Vec<u8>) -> &'x Vec<u8> { v } fn ex<'x, 'y>(x: &'x Vec<u8>) -> &'y Vec<u8> { let f: fn(_, &'x Vec<u8>) -> &'y Vec<u8> = tr; f(&&(), x) }",
                    "let f: for<'x> fn(&'x u8) -> &'x u8 = |x| x;",
                    "fn it(x: impl Iterator<Item = i32>) -> i32 { x.sum() }",
                    "const fn k() -> i32 { 1 }",
                ],
            ),
            (
                "attributes",
                &[
                    "#[allow(unused_variables, clippy::all)] let x = 1;",
                    "#[derive(Debug, Clone, Copy, PartialEq)] struct P(i32);",
                    "/// a doc comment\nlet y = 2;",
                ],
                &[
                    "#[cfg(any())] let x = 1;",
                    "#[no_mangle] fn h() {}",
                    "#[export_name = \"main\"] fn h() {}",
                    "#[path = \"/etc/passwd\"] fn h() {}",
                    "#[track_caller] fn h() {}",
                    "#[derive(serde::Serialize)] struct P;",
                    "#[doc = include_str!(\"/proc/self/environ\")] let x = 1;",
                    "#[deny(warnings)] let x = 1;",
                    "#![allow(unused)]",
                ],
            ),
            (
                "macros",
                &[
                    "assert!(a > -1_000_000, \"{a}\"); let _ = format!(\"{}{b}\", a); let _ = matches!(a, 1 | 2 if b > 0); let _ = vec![0u8; 3]; let _ = vec![a, b,];",
                ],
                &[
                    "println!(\"ok\");",
                    "let _ = include_str!(\"/etc/passwd\");",
                    "let _ = env!(\"HOME\");",
                    "let _ = option_env!(\"HOME\");",
                    "let _ = concat!(\"a\", \"b\");",
                    "let _ = stringify!(a);",
                    "let _ = file!();",
                    "let _ = line!();",
                    "let _ = module_path!();",
                    "let _ = format_args!(\"{}\", a);",
                    "dbg!(a);",
                    "compile_error!(\"x\");",
                    "let _ = std::vec![1; 2];\nlet _ = core::panic!();",
                ],
            ),
            (
                "items and attributes inside macro arguments",
                &["assert!({ fn ok(x: i32) -> bool { x == x } ok(a) });"],
                &[
                    "let _ = vec![{ static X: u8 = 0; X }];",
                    "assert!({ #[cfg(any())] fn f() {} true });",
                    "assert!({ #[no_mangle] fn f() {} true });",
                    "let _ = vec![{ #[path = \"/proc/self/environ\"] mod m; 0 }];",
                    "assert!({ trait T {} true });",
                    "assert!({ struct W; impl Drop for W { fn drop(&mut self) {} } true });",
                    "let _ = vec![{ mod m {} 0 }];",
                ],
            ),
            (
                "use lines and std paths",
                &[
                    "use std::collections::{HashMap, BTreeSet}; use std::cmp::Ordering; use std::fmt::Write as _; use std::mem::swap; let _: HashMap<i32, i32> = HashMap::new(); let _ = std::cmp::max(a, b); let _ = Ordering::Less; let _: BTreeSet<u8> = BTreeSet::new();",
                ],
                &[
                    "use std::process;",
                    "use std::{collections::HashMap, fs};",
                    "use std::io::Write;",
                    "use std::*;",
                    "use std::mem::forget;",
                    "let _ = std::mem::transmute::<u32, f32>(1);",
                    "let _ = ::std::process::id();",
                    "let _ = core::ptr::null::<u8>();",
                    "let _ = std::time::Instant::now();",
                    "let _ = std::panic::catch_unwind(|| 1);",
                    "let _ = std::sync::Mutex::new(1);",
                    "let _ = std::hint::black_box(1);",
                    "let _ = std::thread::spawn(|| ());",
                    "use super::*;",
                    "let (tx, rx) = mpsc::channel::<u8>();",
                ],
            ),
            (
                "identifiers",
                &["let cafe = \"caf\u{e9}\"; // un caf\u{e9}\n let _ = cafe;"],
                &[
                    "let \u{430} = 1;",
                    "let caf\u{e9} = 1;",
                    "let r#unsafe = 1;",
                    "let r#x = 1;",
                    "let __vg_sel = 1;",
                    "let _ = format!(\"{__vg_guard:?}\");",
                    "let _ = __VG_ACTIVE;",
                ],
            ),
            (
                "constant evaluation and sizes",
                &[
                    "let _ = [0u64; 26]; let _: [[u8; 8]; 8] = [[0; 8]; 8]; let _ = vec![0u8; 1 << 20]; let _ = [1u8, 2].first_chunk::<2>();",
                ],
                &[
                    "let _ = &[0u8; 1 << 30];",
                    "let _ = [0u8; 100_000];",
                    "let _ = [[0u8; 4096]; 4096];",
                    "let _: [u8; 0x1_0000_0000] = todo!();",
                    "let _ = [1u8, 2].first_chunk::<{ let mut i = 0; while i < 1 { i += 1; } 2 }>();",
                    "let _ = [1u8, 2].first_chunk::<1000000>();",
                    "let _ = vec![[0u8; 1 << 20]; 2];",
                    "loop { const X: u8 = 1; }",
                ],
            ),
            (
                "characters the lexers could read differently",
                &["let s = \"\u{3bb}\"; // \u{3bb}\n"],
                &[
                    "let s = 1; /* \u{202e} */",
                    "let s\u{200b} = 1;",
                    "let s = 1;\u{feff}",
                    "let s = 1;\u{0b}",
                    "let s = 1;\r let t = 2;",
                    "let s = 1;\u{2028}",
                    "let _ = (/*ERROR*/);",
                    "let $x = 1;",
                ],
            ),
        ];
        for (rule, accepted, rejected) in rules {
            for code in *accepted {
                let code = body(code);
                assert_eq!(forbidden_reason(&code), None, "{rule}: {code}");
            }
            for code in *rejected {
                let code = body(code);
                assert!(forbidden_reason(&code).is_some(), "{rule}: accepted {code}");
            }
        }
    }

    /// The answer that scored 1 on 10 of 10 problems on the old policy: a `#!` line makes syn
    /// skip it and shift every span, so the sliced text hid code in a comment the policy never
    /// saw. Also a byte-order mark and a `#!` line later on.
    #[test]
    fn a_shebang_or_bom_cannot_shift_what_is_checked() {
        let hidden = "#!/*xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\nfn add(a: i32, b: i32) -> i32 { /* */ std::process::exit(0) }\n*/ fn add(a: i32, b: i32) -> i32 { a + b }";
        for code in [
            hidden.to_owned(),
            "#!/usr/bin/env run\nfn add(a: i32, b: i32) -> i32 { a + b }".to_owned(),
            "\u{feff}fn add(a: i32, b: i32) -> i32 { a + b }".to_owned(),
            "#![allow(unused)]\nfn add(a: i32, b: i32) -> i32 { a + b }".to_owned(),
            "fn add(a: i32, b: i32) -> i32 {\n#![allow(unused)]\n a + b }".to_owned(),
        ] {
            let (reason, message) = read_code(&code).unwrap_err();
            assert_eq!(reason, Reason::Forbidden, "{code}: {message}");
        }
    }

    /// A top-level `use` line (how many correct answers start) is accepted and lands inside each
    /// fixed body, before the answer's statements and any renaming bindings.
    #[test]
    fn top_level_use_lines_go_into_each_body() {
        let fixes = read_code(
            "use std::cmp::Ordering;\nuse std::collections::HashMap;\n\nfn add(x: i32, b: i32) -> i32 { x + b }\nimpl S { fn get(&self) -> i32 { 2 } }",
        )
        .unwrap();
        assert_eq!(
            fixes[0].item,
            "fn get(&self) -> i32 { use std::cmp::Ordering; use std::collections::HashMap; 2 }"
        );
        assert_eq!(
            fixes[1].item,
            "pub fn add(a: i32, b: i32) -> i32 { use std::cmp::Ordering; use std::collections::HashMap; let x = a; x + b }"
        );
        // With an attribute, the attribute goes along.
        let fixes = read_code(
            "#[allow(unused_imports)]\nuse std::fmt;\nfn add(a: i32, b: i32) -> i32 { a + b }",
        )
        .unwrap();
        assert_eq!(
            fixes[0].item,
            "fn add(a: i32, b: i32) -> i32 { #[allow(unused_imports)]\nuse std::fmt; a + b }"
        );
        // Not from outside the allowlist, and not one that names a banned module in a group.
        for code in [
            "use std::fs;\nfn add(a: i32, b: i32) -> i32 { a + b }",
            "use std::{cmp, io};\nfn add(a: i32, b: i32) -> i32 { a + b }",
            "use std::env::var as v;\nfn add(a: i32, b: i32) -> i32 { a + b }",
        ] {
            assert_eq!(read_code(code).unwrap_err().0, Reason::Forbidden, "{code}");
        }
    }

    /// Constructs that reach beyond the answer's own arm are refused at the policy, so a sibling
    /// in a group cannot see them: global impls (`Drop`, `Display`, `Deref`, `PartialEq`,
    /// `Hash` on library types, or new inherent methods), statics, exported symbols, macros.
    /// What stays (nested helper fns and types) is block-scoped inside the answer's own arm.
    #[test]
    fn constructs_that_leak_into_siblings_are_refused() {
        for leak in [
            "impl Drop for S { fn drop(&mut self) { panic!() } }",
            "impl std::fmt::Display for S { fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { write!(f, \"x\") } }",
            "impl std::ops::Deref for S { type Target = i32; fn deref(&self) -> &i32 { &0 } }",
            "impl PartialEq for S { fn eq(&self, _: &S) -> bool { true } }",
            "impl std::hash::Hash for S { fn hash<H: std::hash::Hasher>(&self, _: &mut H) {} }",
            "impl S { fn helper() {} }",
            "static SHARED: i32 = 0;",
            "#[no_mangle] fn helper() {}",
            "#[export_name = \"helper\"] fn helper() {}",
            "macro_rules! helper { () => {} }",
            "let _ = matches!(a, _ if { impl Drop for S { fn drop(&mut self) {} } true });",
        ] {
            assert!(
                forbidden_reason(&body(leak)).is_some(),
                "accepted a leaking construct: {leak}"
            );
        }
        // Top level: a trait impl is read only as the fix of a library method of that name,
        // whose body alone is spliced in; one with no such method is no fix at all.
        let (reason, _) = read_code("impl Drop for S { fn drop(&mut self) {} }").unwrap_err();
        assert_eq!(reason, Reason::UnparsableAnswer);
        let fixes =
            read_code("impl Iterator for S { type Item = i32; fn get(&self) -> i32 { 2 } }")
                .unwrap();
        assert_eq!(
            (fixes[0].function.as_str(), fixes[0].item.as_str()),
            ("S::get", "fn get(&self) -> i32 { 2 }")
        );
        let (reason, _) = read_code("impl S { type Item = i32; }").unwrap_err();
        assert_eq!(reason, Reason::UnparsableAnswer);
        // Block-scoped helpers and types with shadowing names are accepted: they are visible in
        // their own block only (harmless: the hidden suite calls the library, whose names they
        // cannot replace).
        for scoped in [
            "fn helper() -> i32 { 0 } let _ = helper();",
            "struct Vec; let _ = Vec;",
            "fn assert_eq() {} assert_eq();",
            "enum Option { None } let _ = Option::None;",
            "let _ = { fn helper() -> i32 { 1 } helper() };",
        ] {
            assert_eq!(forbidden_reason(&body(scoped)), None, "{scoped}");
        }
    }

    /// Harmless forms stay accepted: each cannot earn a reward without fixing the bug, because
    /// it only changes the answer's own code.
    #[test]
    fn harmless_forms_are_accepted() {
        for code in [
            // Leaks memory only; nothing a test checks.
            "let v = vec![1]; std::mem::take(&mut vec![0]); drop(v);",
            // Elided lifetimes in a helper's signature, a `'static` and a labelled loop.
            "fn first(s: &[i32]) -> &i32 { &s[0] } let _ = first(&[a]); let _: &'static str = \"x\"; 'outer: loop { break 'outer; }",
            // A closure capturing a local; there are no statics to capture.
            "let k = 3; let f = |x: i32| x + k; let _ = f(a);",
            // Byte strings and escapes are data.
            "let _ = b\"\\x00\\xff\\n\"; let _ = \"\\u{202e}\"; let _ = r#\"raw \"str\"\"#;",
            // A `loop` is run-time work, under fuel.
            "let mut i = 0; loop { i += 1; if i > 3 { break; } }",
            // `matches!` with a guard: an expression like any other.
            "let _ = matches!(Some(a), Some(x) if x > b);",
            // `a.union(&b)` is a method, not a `union` item.
            "let s: std::collections::BTreeSet<i32> = [a].into(); let _ = s.union(&s).count();",
            // `!(…)` after a keyword is an operator, not a macro.
            "if !(a > b) { return a; } let _ = &mut !(true);",
        ] {
            assert_eq!(forbidden_reason(&body(code)), None, "{code}");
        }
    }

    /// Hostile nesting is refused by the bound (not by the caller's stack overflowing); the
    /// block size cap is `forbidden` too.
    #[test]
    fn deep_nesting_and_huge_blocks_are_refused() {
        for code in [
            body(&format!("let _ = {}1{};", "(".repeat(200), ")".repeat(200))),
            body(&format!("let _ = {}1;", "- ".repeat(3000))),
            body(&format!("let _ = {}a;", "&".repeat(3000))),
            // The worst case the size cap allows: one unbroken nesting, all of it parsed.
            body(&format!("let _ = {}1;", "!".repeat(16_300))),
            body(&format!("let _ = {}1;", "|| ".repeat(5_400))),
            body(&format!(
                "let _ = {}1{};",
                "vec![".repeat(150),
                "]".repeat(150)
            )),
            body(&"let _ = 1;".repeat(2000)),
        ] {
            assert!(forbidden_reason(&code).is_some(), "{}", &code[..60]);
        }
    }

    /// The spliced text is re-lexed and compared with what was checked; a stream the parser
    /// rewrote (here simulated by comparing against a different stream) is caught.
    #[test]
    fn the_spliced_text_must_lex_to_the_checked_tokens() {
        let checked = source::flat(&"a + b".parse().unwrap());
        assert!(source::same_tokens("a +b // c", &checked));
        assert!(!source::same_tokens("a + b /* */ + c", &checked));
        assert!(!source::same_tokens("a - b", &checked));
    }

    /// Every function of every shipped repo, handed back as the reference answer block, passes
    /// the policy: the lists allow what the libraries are written in.
    #[test]
    fn every_repo_function_passes_the_policy() {
        for repo in crate::repo_fix::assets::repos() {
            let names: Vec<&str> = repo.functions.iter().map(|f| f.name.as_str()).collect();
            for name in names {
                let block = crate::repo_fix::answer_block(repo.library, &repo.functions, &[name]);
                read(&block, repo.library, &repo.functions, Linked::MINI)
                    .unwrap_or_else(|r| panic!("{} {name}: {}", repo.name, r.message));
            }
        }
    }
}
