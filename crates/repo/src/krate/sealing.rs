//! The sealed harness for a real crate's own tests, used when `repo_fix` judges fixes of a
//! crate: every `#[test]` fn of the library's module files and of the integration test roots is
//! rewritten to report through `crate::__vg_seal`, a module appended to each test crate's root,
//! so a test counts as passed only on a record that carries the run's secret (see
//! [`crate::seal`], whose record format and reader this shares).
//!
//! Records are keyed by the test's libtest name (the name of the thread libtest runs it on, hex
//! encoded), so the judge needs no numbering of tests across files. The file the records go to
//! is named by an environment variable, because tests run in the package directory (they may
//! read their fixtures from there) and answers in parallel must not share one file.
//!
//! Tests the harness cannot judge from the body's outcome (`-> impl Termination` other than
//! `Result<(), E>`) are left as they are and not listed; the judge does not count them.
//!
//! Tests written by a `macro_rules!` (`#[test] fn $name() { … }` in its transcriber, invoked once
//! per case) are sealed in the transcriber. Their names exist only after expansion, so the file
//! lists the module the macro is defined in: a test named `module::ident` there is one of them.

use super::super::audit::MESSAGE_CAP;
use super::super::schemata::FUEL_EXHAUSTED;

/// The environment variable naming the file the sealed records are appended to.
pub const SEAL_PATH_ENV: &str = "VERIGYM_SEAL_FILE";

/// When set, the harness ends the test process at the first failing or timed-out test, with
/// [`FAIL_FAST_EXIT`], right after its record: the verdict is 0 from then on, and the rest of
/// the suite would only cost time (a fix building a 150 MiB panic message in each of heck's 119
/// tests ran into the 10 s CPU limit). Tests run on one thread in libtest's order, so where a
/// run stops is the same in a group as alone.
pub const FAIL_FAST_ENV: &str = "VERIGYM_FAIL_FAST";

/// The exit code of a run the harness stopped at its first failure.
pub const FAIL_FAST_EXIT: i32 = 86;

/// A file with its tests sealed.
#[derive(Clone, Debug)]
pub(crate) struct SealedFile {
    /// The rewritten text.
    pub text: String,
    /// The libtest names of the tests that report through the harness.
    pub tests: Vec<String>,
    /// Modules (`a::tests`, empty for a test crate's root) whose `macro_rules!` write sealed
    /// tests: their direct children that are tests report through the harness too.
    pub macro_modules: Vec<String>,
}

impl SealedFile {
    /// What it seals, labelled for `target` (`lib`, `tests/api`): `[target] path` for each
    /// test, and `[target] module::*` (or `[target] *`) for the tests its macros write.
    pub fn labels(&self, target: &str) -> impl Iterator<Item = String> + '_ {
        let target = target.to_owned();
        let t = target.clone();
        self.tests
            .iter()
            .map(move |name| format!("[{t}] {name}"))
            .chain(self.macro_modules.iter().map(move |m| {
                let sep = if m.is_empty() { "" } else { "::" };
                format!("[{target}] {m}{sep}*")
            }))
    }
}

/// Whether the test `name` (`[target] path`) is among `labels` ([`SealedFile::labels`]).
pub(crate) fn is_sealed(labels: &std::collections::BTreeSet<String>, name: &str) -> bool {
    if labels.contains(name) {
        return true;
    }
    let (parent, leaf) = match name.rsplit_once("::") {
        Some((parent, leaf)) => (format!("{parent}::*"), leaf),
        None => match name.split_once("] ") {
            Some((target, leaf)) => (format!("{target}] *"), leaf),
            None => return false,
        },
    };
    !leaf.is_empty() && labels.contains(&parent)
}

/// Seals every `#[test]` fn of `source`, a file whose module path is `module` (empty for a test
/// crate's root). `root` appends the harness module (under `#[cfg(test)]` when `lib`).
pub(crate) fn seal_file(
    source: &str,
    module: &[String],
    root: Option<Root>,
) -> Result<SealedFile, String> {
    let file = syn::parse_file(source).map_err(|e| format!("does not parse: {e}"))?;
    let mut edits: Vec<(usize, String)> = Vec::new();
    let mut tests = Vec::new();
    let mut macro_modules = Vec::new();
    walk(
        &file.items,
        module,
        &mut edits,
        &mut tests,
        &mut macro_modules,
    );
    edits.sort_by_key(|(at, _)| *at);
    let mut text = String::with_capacity(source.len() + 96 * tests.len() + 4096);
    let mut pos = 0;
    for (at, insert) in edits {
        text.push_str(&source[pos..at]);
        text.push_str(&insert);
        pos = at;
    }
    text.push_str(&source[pos..]);
    if let Some(root) = root {
        text.push_str(&harness(root));
    }
    Ok(SealedFile {
        text,
        tests,
        macro_modules,
    })
}

/// Which kind of crate root the harness is appended to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Root {
    /// The library: the harness exists only in its test build.
    Lib,
    /// An integration test target.
    Test,
}

fn walk(
    items: &[syn::Item],
    module: &[String],
    edits: &mut Vec<(usize, String)>,
    tests: &mut Vec<String>,
    macro_modules: &mut Vec<String>,
) {
    for item in items {
        match item {
            syn::Item::Fn(f) if f.attrs.iter().any(|a| a.path().is_ident("test")) => {
                if let Some(call) = wrapper(f) {
                    let open = f.block.brace_token.span.open().byte_range().end;
                    let close = f.block.brace_token.span.close().byte_range().start;
                    edits.push((open, format!(" {call} {{")));
                    edits.push((close, "}) ".to_owned()));
                    let mut name = module.join("::");
                    if !name.is_empty() {
                        name.push_str("::");
                    }
                    name.push_str(&f.sig.ident.to_string());
                    tests.push(name);
                }
            }
            syn::Item::Mod(m) => {
                if let Some((_, inner)) = &m.content {
                    let mut nested = module.to_vec();
                    nested.push(m.ident.to_string());
                    walk(inner, &nested, edits, tests, macro_modules);
                }
            }
            syn::Item::Macro(m) if m.mac.path.is_ident("macro_rules") => {
                let before = edits.len();
                seal_transcribed(m.mac.tokens.clone(), edits);
                if edits.len() > before {
                    macro_modules.push(module.join("::"));
                }
            }
            _ => {}
        }
    }
}

/// Seals `#[test] fn NAME() { … }` (NAME an identifier or a `$` fragment, returning `()`, no
/// `#[should_panic]`) wherever it appears in a macro's tokens, at any depth.
fn seal_transcribed(tokens: proc_macro2::TokenStream, edits: &mut Vec<(usize, String)>) {
    use proc_macro2::{Delimiter, TokenTree};
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    for (i, t) in tokens.iter().enumerate() {
        if let TokenTree::Group(g) = t {
            seal_transcribed(g.stream(), edits);
        }
        // `#` `[test]` …attributes… `fn` name `()` `{ body }`
        let is_test_attr = matches!(t, TokenTree::Punct(p) if p.as_char() == '#')
            && matches!(tokens.get(i + 1), Some(TokenTree::Group(g))
                if g.delimiter() == Delimiter::Bracket && g.stream().to_string() == "test");
        if !is_test_attr {
            continue;
        }
        let mut j = i + 2;
        let mut should_panic = false;
        while let (Some(TokenTree::Punct(p)), Some(TokenTree::Group(g))) =
            (tokens.get(j), tokens.get(j + 1))
        {
            if p.as_char() != '#' || g.delimiter() != Delimiter::Bracket {
                break;
            }
            should_panic |= g.stream().to_string().starts_with("should_panic");
            j += 2;
        }
        let fn_kw = matches!(tokens.get(j), Some(TokenTree::Ident(k)) if k == "fn");
        let rest = match (tokens.get(j + 1), tokens.get(j + 2)) {
            (Some(TokenTree::Ident(_)), _) => j + 2,
            (Some(TokenTree::Punct(d)), Some(TokenTree::Ident(_))) if d.as_char() == '$' => j + 3,
            _ => continue,
        };
        if !fn_kw || should_panic {
            continue;
        }
        let args_empty = matches!(tokens.get(rest), Some(TokenTree::Group(g))
            if g.delimiter() == Delimiter::Parenthesis && g.stream().is_empty());
        let Some(TokenTree::Group(body)) = tokens.get(rest + 1) else {
            continue;
        };
        if !args_empty || body.delimiter() != Delimiter::Brace {
            continue;
        }
        let open = body.span_open().byte_range().end;
        let close = body.span_close().byte_range().start;
        edits.push((open, " crate::__vg_seal::run(move || {".to_owned()));
        edits.push((close, "}) ".to_owned()));
    }
}

/// The call that opens a sealed body (the closure's `move || … {` included), or `None` when the
/// harness cannot judge this test.
fn wrapper(f: &syn::ItemFn) -> Option<String> {
    let should_panic = f.attrs.iter().find(|a| a.path().is_ident("should_panic"));
    match (&f.sig.output, should_panic) {
        (syn::ReturnType::Default, None) => Some("crate::__vg_seal::run(move ||".to_owned()),
        (syn::ReturnType::Default, Some(attr)) => {
            let expected = expected_message(attr)?;
            Some(format!(
                "crate::__vg_seal::should_panic({expected:?}, move ||"
            ))
        }
        (syn::ReturnType::Type(_, ty), None) if is_unit_result(ty) => {
            let ty = quote::ToTokens::to_token_stream(ty).to_string();
            Some(format!("crate::__vg_seal::run_result(move || -> {ty}"))
        }
        _ => None,
    }
}

/// `#[should_panic]` → `""`; `#[should_panic(expected = "m")]` → `"m"`; anything else → `None`.
fn expected_message(attr: &syn::Attribute) -> Option<String> {
    match &attr.meta {
        syn::Meta::Path(_) => Some(String::new()),
        syn::Meta::List(list) => {
            let nv: syn::MetaNameValue = syn::parse2(list.tokens.clone()).ok()?;
            if !nv.path.is_ident("expected") {
                return None;
            }
            match nv.value {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) => Some(s.value()),
                _ => None,
            }
        }
        syn::Meta::NameValue(nv) => match &nv.value {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) => Some(s.value()),
            _ => None,
        },
    }
}

/// Whether `ty` is `Result<(), E>` (by its last path segment: `Result`, `std::result::Result`, or
/// an alias the crate named `Result` with two arguments).
fn is_unit_result(ty: &syn::Type) -> bool {
    let syn::Type::Path(p) = ty else { return false };
    let Some(last) = p.path.segments.last() else {
        return false;
    };
    if last.ident != "Result" {
        return false;
    }
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
        return false;
    };
    matches!(
        args.args.first(),
        Some(syn::GenericArgument::Type(syn::Type::Tuple(t))) if t.elems.is_empty()
    ) && args.args.len() == 2
}

/// The harness module. It names `std` through its own `extern crate`, so it also builds in a
/// `no_std` library's test build.
pub(crate) fn harness(root: Root) -> String {
    let cfg = match root {
        Root::Lib => "#[cfg(test)]\n",
        Root::Test => "",
    };
    crate::runtime::render(
        include_str!("../../runtimes/crate_seal.rs"),
        &[
            ("cfg", &cfg),
            ("SEAL_PATH_ENV", &SEAL_PATH_ENV),
            ("MESSAGE_CAP", &MESSAGE_CAP),
            ("FAIL_FAST_ENV", &FAIL_FAST_ENV),
            ("FAIL_FAST_EXIT", &FAIL_FAST_EXIT),
            ("FUEL_EXHAUSTED", &FUEL_EXHAUSTED),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tests_in_nested_modules_are_wrapped_and_named_as_libtest_names_them() {
        let src = "pub fn f() -> u8 { 1 }\n#[cfg(test)]\nmod tests {\n    use super::*;\n    #[test]\n    fn a() { assert_eq!(f(), 1); }\n    mod inner {\n        #[test]\n        #[should_panic(expected = \"boom\")]\n        fn b() { panic!(\"boom\") }\n        #[test]\n        fn c() -> Result<(), String> { Ok(()) }\n        #[test]\n        fn d() -> std::process::ExitCode { std::process::ExitCode::SUCCESS }\n    }\n}\n";
        let sealed = seal_file(src, &["parse".to_owned()], Some(Root::Lib)).unwrap();
        assert_eq!(
            sealed.tests,
            [
                "parse::tests::a",
                "parse::tests::inner::b",
                "parse::tests::inner::c"
            ]
        );
        assert!(
            sealed
                .text
                .contains("fn a() { crate::__vg_seal::run(move || { assert_eq!(f(), 1); }) }"),
            "{}",
            sealed.text
        );
        assert!(
            sealed
                .text
                .contains("crate::__vg_seal::should_panic(\"boom\", move ||")
        );
        assert!(
            sealed
                .text
                .contains("crate::__vg_seal::run_result(move || -> Result < () , String >")
        );
        assert!(
            sealed
                .text
                .contains("fn d() -> std::process::ExitCode { std::process::ExitCode::SUCCESS }")
        );
        assert!(sealed.text.contains("#[cfg(test)]\n#[doc(hidden)]"));
        syn::parse_file(&sealed.text).unwrap();
    }

    #[test]
    fn tests_a_macro_writes_are_sealed_in_its_transcriber() {
        let src = "#[cfg(test)]\nmod tests {\n    macro_rules! t {\n        ($t:ident : $a:expr => $b:expr) => {\n            #[test]\n            fn $t() {\n                assert_eq!($a, $b)\n            }\n        };\n    }\n    t!(one: 1 => 1);\n    macro_rules! skip {\n        ($t:ident) => { #[test] #[should_panic] fn $t() { panic!() } };\n    }\n}\n";
        let sealed = seal_file(src, &["kebab".to_owned()], None).unwrap();
        assert!(sealed.tests.is_empty());
        assert_eq!(sealed.macro_modules, ["kebab::tests"]);
        assert!(
            sealed.text.contains(
                "fn $t() { crate::__vg_seal::run(move || {\n                assert_eq!($a, $b)\n            }) }"
            ),
            "{}",
            sealed.text
        );
        assert!(
            sealed.text.contains("fn $t() { panic!() }"),
            "should_panic is left alone"
        );
        syn::parse_file(&sealed.text).unwrap();
        let labels: std::collections::BTreeSet<String> = sealed.labels("lib").collect();
        assert!(is_sealed(&labels, "[lib] kebab::tests::one"));
        assert!(!is_sealed(&labels, "[lib] kebab::tests::inner::one"));
        assert!(!is_sealed(&labels, "[lib] kebab::one"));
        let root = seal_file(
            "macro_rules! m { ($n:ident) => { #[test] fn $n() {} } }\nm!(x);\n",
            &[],
            None,
        )
        .unwrap();
        let labels: std::collections::BTreeSet<String> = root.labels("tests/api").collect();
        assert!(is_sealed(&labels, "[tests/api] x"));
        assert!(!is_sealed(&labels, "[tests/api] m::x"));
    }

    #[test]
    fn an_integration_root_gets_the_harness_and_a_plain_file_none() {
        let src = "#[test]\nfn t() {}\n";
        let root = seal_file(src, &[], Some(Root::Test)).unwrap();
        assert_eq!(root.tests, ["t"]);
        assert!(root.text.contains("mod __vg_seal") && !root.text.contains("#[cfg(test)]"));
        let plain = seal_file(src, &["m".to_owned()], None).unwrap();
        assert_eq!(plain.tests, ["m::t"]);
        assert!(!plain.text.contains("mod __vg_seal"));
        assert!(seal_file("fn (", &[], None).is_err());
    }
}
