//! Reading a `repo_fix` answer: the last ```rust block, parsed with syn, held to the policy on
//! what a fix may contain, and matched to the library's functions by name.
//!
//! The policy is an allowlist where it can be (item kinds, attributes, macros) and a token-level
//! ban list for the rest, so nothing hides inside macro arguments: any `unsafe`, `extern`,
//! `std::process`/`fs`/`net`/`env`/`io`/`thread`, a panic catcher, or an identifier of the
//! schemata's own runtime (`__vg…`) rejects the whole answer before anything is compiled.

use std::collections::BTreeSet;

use proc_macro2::{TokenStream, TokenTree};
use quote::ToTokens;
use syn::spanned::Spanned;
use syn::visit::{self, Visit};

use crate::core::extract::{Rejection, extract_code_block};
use crate::core::verdict::Reason;
use crate::repo::catalog::short_name;
use crate::repo::mutate::{FnInfo, compact};

/// Identifiers no fix needs and a hostile one would: unsafe code, foreign code, the OS, threads,
/// catching the fuel panic, and reading files at compile time.
const BANNED_IDENTS: &[&str] = &[
    "unsafe",
    "extern",
    "process",
    "fs",
    "net",
    "env",
    "io",
    "os",
    "thread",
    "ffi",
    "arch",
    "intrinsics",
    "catch_unwind",
    "resume_unwind",
    "set_hook",
    "take_hook",
    "macro_rules",
];

/// Macros a fix may call; `include!`, `env!`, `asm!` and printing are not among them.
const ALLOWED_MACROS: &[&str] = &[
    "assert",
    "assert_eq",
    "assert_ne",
    "debug_assert",
    "debug_assert_eq",
    "debug_assert_ne",
    "panic",
    "unreachable",
    "unimplemented",
    "todo",
    "vec",
    "format",
    "matches",
    "write",
    "writeln",
];

/// Attributes a fix may carry.
const ALLOWED_ATTRIBUTES: &[&str] = &["doc", "inline", "allow", "must_use", "cold"];

/// The prefix of the schemata runtime's identifiers (selector, fuel); a fix may not touch them.
const RUNTIME_PREFIX: &str = "__vg";

/// One function of the answer: which library function it replaces, and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    /// The library function's full name (`name` or `Type::name`).
    pub function: String,
    /// The `fn` item as written (signature and body).
    pub item: String,
}

/// Reads the answer: the fixes it makes, sorted by function name, or the verdict rejecting it.
///
/// `library` is the source `functions` were found in: a fix that only renames parameters is
/// rewritten onto the library's own signature, with `let` bindings from the old names.
pub fn read(response: &str, library: &str, functions: &[FnInfo]) -> Result<Vec<Fix>, Rejection> {
    let code = extract_code_block(response, "rust")?;
    let file = syn::parse_file(&code).map_err(|e| {
        let at = e.span().start();
        Rejection::new(
            Reason::UnparsableAnswer,
            format!(
                "the ```rust block is not valid Rust ({}:{}): {e}",
                at.line,
                at.column + 1
            ),
        )
    })?;
    check_tokens(file.to_token_stream()).map_err(forbidden)?;
    let mut policy = Policy { problem: None };
    policy.visit_file(&file);
    if let Some(problem) = policy.problem {
        return Err(forbidden(problem));
    }
    let mut fixes = Vec::new();
    for item in &file.items {
        match item {
            syn::Item::Fn(f) => {
                let name = resolve(&f.sig.ident.to_string(), None, functions)?;
                fixes.push(fix(name, &code, &f.sig, &f.block, library, functions));
            }
            syn::Item::Impl(i) if i.trait_.is_none() => {
                let ty = compact(&i.self_ty);
                for it in &i.items {
                    match it {
                        syn::ImplItem::Fn(f) => {
                            let name = resolve(&f.sig.ident.to_string(), Some(&ty), functions)?;
                            fixes.push(fix(name, &code, &f.sig, &f.block, library, functions));
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
                    "the answer may hold only `fn` items and `impl Type {{ fn … }}` blocks; \
                     found {}",
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

fn fix(
    function: String,
    code: &str,
    sig: &syn::Signature,
    block: &syn::Block,
    library: &str,
    functions: &[FnInfo],
) -> Fix {
    let text = |span: proc_macro2::Span| code.get(span.byte_range()).unwrap_or_default();
    let start = sig.span().byte_range().start;
    let item = code
        .get(start..block.span().byte_range().end)
        .unwrap_or_default()
        .to_owned();
    let renamed = functions.iter().find(|f| f.name == function).and_then(|f| {
        let header = library.get(f.span.start..f.body.start)?;
        let original = syn::parse_str::<syn::ItemFn>(library.get(f.span.clone())?).ok()?;
        let bindings = renamings(&original.sig, sig)?;
        let open = text(block.brace_token.span.open());
        let close = text(block.brace_token.span.close());
        let inner = code.get(
            block.brace_token.span.open().byte_range().start + open.len()
                ..block.brace_token.span.close().byte_range().end - close.len(),
        )?;
        Some(format!("{header}{bindings}{inner}}}"))
    });
    Fix {
        function,
        item: renamed.unwrap_or(item),
    }
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

/// Scans every token, macro arguments included.
fn check_tokens(tokens: TokenStream) -> Result<(), String> {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    for (i, tree) in trees.iter().enumerate() {
        match tree {
            TokenTree::Ident(ident) => {
                let text = ident.to_string();
                let text = text.strip_prefix("r#").unwrap_or(&text);
                if BANNED_IDENTS.contains(&text) {
                    return Err(format!("`{text}` is not allowed in a fix"));
                }
                if text.starts_with(RUNTIME_PREFIX) || text.starts_with("__VG") {
                    return Err(format!("`{text}` belongs to the verifier's runtime"));
                }
                let is_macro_call = matches!(trees.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == '!')
                    && matches!(trees.get(i + 2), Some(TokenTree::Group(_)));
                if is_macro_call && !ALLOWED_MACROS.contains(&text) {
                    return Err(format!(
                        "the macro `{text}!` is not allowed in a fix; allowed: {}",
                        ALLOWED_MACROS.join(", ")
                    ));
                }
            }
            TokenTree::Group(g) => check_tokens(g.stream())?,
            _ => {}
        }
    }
    Ok(())
}

/// Item kinds and attributes, checked on the syntax tree.
struct Policy {
    problem: Option<String>,
}

impl<'ast> Visit<'ast> for Policy {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let allowed = matches!(
            item,
            syn::Item::Fn(_)
                | syn::Item::Impl(_)
                | syn::Item::Const(_)
                | syn::Item::Struct(_)
                | syn::Item::Enum(_)
                | syn::Item::Type(_)
                | syn::Item::Use(_)
        );
        if !allowed && self.problem.is_none() {
            self.problem = Some(format!(
                "{} is not allowed in a fix",
                describe(&item.to_token_stream())
            ));
        }
        visit::visit_item(self, item);
    }

    fn visit_attribute(&mut self, attr: &'ast syn::Attribute) {
        let name = attr
            .path()
            .get_ident()
            .map(ToString::to_string)
            .unwrap_or_default();
        if !ALLOWED_ATTRIBUTES.contains(&name.as_str()) && self.problem.is_none() {
            self.problem = Some(format!(
                "the attribute `#[{}]` is not allowed in a fix; allowed: {}",
                compact(attr.path()),
                ALLOWED_ATTRIBUTES.join(", ")
            ));
        }
    }
}

fn forbidden(message: String) -> Rejection {
    Rejection::new(Reason::Forbidden, message)
}

fn unparsable(message: String) -> Rejection {
    Rejection::new(Reason::UnparsableAnswer, message)
}

/// The first few tokens of an item, for messages.
fn describe(tokens: &TokenStream) -> String {
    let text: String = tokens.to_string().chars().take(40).collect();
    format!("`{text}…`")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repo::mutate::analyze;

    const LIB: &str = "pub fn add(a: i32, b: i32) -> i32 { a + b }\npub struct S;\nimpl S {\n    pub fn new() -> S { S }\n    pub fn get(&self) -> i32 { 1 }\n}\npub struct T;\nimpl T {\n    pub fn new() -> T { T }\n}\n";

    fn read_code(code: &str) -> Result<Vec<Fix>, (Reason, String)> {
        let functions = analyze(LIB, "src/lib.rs").unwrap().functions;
        read(&format!("Here:\n```rust\n{code}\n```\n"), LIB, &functions)
            .map_err(|r| (r.reason, r.message.into_owned()))
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
            ("const C: i32 = 1;", "only `fn` items"),
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
}
