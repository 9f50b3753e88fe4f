//! The hidden differential suite of a crate's `repo_fix` problems: test code, generated from the
//! crate's own signatures, that calls the crate's functions on inputs drawn at run time from the
//! problem's seed, once with the reference (pristine) arms of the buggy functions selected and
//! once with the answer's, and fails when any result differs.
//!
//! Why: a crate's own tests are public (a model may have seen them in pretraining, and the
//! prompt shows their failures), so an answer that special-cases their inputs, or maps the wrong
//! values the prompt shows to the expected ones, passes them without fixing the bug. The inputs
//! here are made from the problem's seed, inside the test process, from pools of the literals
//! the crate and its tests use, recombined and mutated, plus edge cases: no answer can list them.
//!
//! The pieces:
//! - `drivers` finds, in one module file, the calls it can make: functions and methods whose
//!   parameters it can generate (`types.rs`), a receiver made by a constructor of the same file
//!   or given directly (`impl Trait for str`), each call rendered as a function of the generator
//!   that returns the `Debug` text of everything the call produced.
//! - [`module_text`] is the `#[cfg(test)] mod __vg_hidden` appended to a file: its drivers and
//!   one `#[test] differential`, sealed like every other test of the crate.
//! - `runtime::text` is the crate-wide part (the generator, the literal pools, the
//!   comparison), appended to the library's root file.
//!
//! Which drivers compile is decided once per crate by building them ([`survey`] in the catalog
//! code), never guessed at judging time: a driver that does not compile would fail every answer.

mod generics;
pub(crate) mod runtime;
mod sequence;
pub mod survey;
mod types;

use std::collections::BTreeSet;

use quote::ToTokens;
use syn::visit::Visit;

pub(crate) use generics::Context;
use types::{Param, Recv, param_of, recv, self_param};

/// The version of the generated suite: drivers, generator and comparison. A change that can
/// change which inputs are made or how results compare bumps it (and the crates' hidden
/// catalogs are surveyed again).
pub const HIDDEN_VERSION: u32 = 1;

/// The ordinal that selects every buggy function's pristine body: far above any group's
/// answers (ordinals count from 1).
pub const PRISTINE: u32 = 0x7fff_fff0;

/// The environment variable that carries a run's seed to the suite.
pub const SEED_ENV: &str = "VERIGYM_HIDDEN_SEED";
/// How many inputs each driver is called on.
pub const INPUTS_ENV: &str = "VERIGYM_HIDDEN_INPUTS";
/// Set when every input is to be compared and counted (a survey); otherwise the suite stops at
/// the first difference, so a looping answer costs one input's fuel, not all of them.
pub const COUNT_ALL_ENV: &str = "VERIGYM_HIDDEN_ALL";

/// The environment variable naming the file the suite notes each input in before it runs it,
/// `P id case` before the reference's call and `A id case` before the answer's: after a crash,
/// the last line says whose call it was.
pub const PROGRESS_ENV: &str = "VERIGYM_HIDDEN_PROGRESS";
/// Inputs to skip, `id case` a line: those the reference crashed on in an earlier run.
pub const SKIP_ENV: &str = "VERIGYM_HIDDEN_SKIP";
/// The most inputs skipped (runs repeated) for one answer: a reference that crashes on more is
/// judged as it is.
pub const MAX_SKIPS: usize = 16;

/// The input (`id case`) the reference was running when the process died, from the progress
/// file's text; `None` when the last call was the answer's (or none was made).
pub fn reference_crash(progress: &str) -> Option<String> {
    let last = progress.lines().rev().find(|l| !l.is_empty())?;
    last.strip_prefix("P ").map(str::to_owned)
}

/// Inputs per driver when judging an answer.
pub const INPUTS_PER_DRIVER: u32 = 64;

/// The hidden test's path inside a file's module.
pub const TEST_PATH: &str = "__vg_hidden::differential";

/// The start of the failure message of a hidden test that found a difference.
pub const DIFFERS: &str = "hidden differential suite:";

/// One call the suite can make: its id (`file#function`, unique in the crate) and the text of
/// the function that makes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Driver {
    /// `src/x.rs#name` or `src/x.rs#Type::name` (with `#k` when a name repeats in the file).
    pub id: String,
    /// `fn __vg_dN(g: &mut Gen) -> String { … }` with `N` filled in by [`module_text`].
    body: String,
    /// Helper items the driver needs (an `Arb` impl for a fieldless enum of the file).
    items: Vec<String>,
}

/// The label of the hidden test of the file whose module path is `module`.
pub fn label(module: &[String]) -> String {
    let mut path = module.join("::");
    if !path.is_empty() {
        path.push_str("::");
    }
    format!("[lib] {path}{TEST_PATH}")
}

/// The `#[cfg(test)] mod __vg_hidden { … }` to append to a file, with these drivers.
pub fn module_text(drivers: &[&Driver]) -> String {
    let mut items: BTreeSet<&str> = BTreeSet::new();
    let mut fns = String::new();
    let mut list = String::new();
    for (n, d) in drivers.iter().enumerate() {
        fns.push_str(&d.body.replacen("__vg_dN", &format!("__vg_d{n}"), 1));
        fns.push('\n');
        list.push_str(&format!(
            "        ({:?}, __vg_d{n} as fn(&mut crate::__vg_hidden_rt::Gen) -> __vg_std::string::String),\n",
            d.id
        ));
        items.extend(d.items.iter().map(String::as_str));
    }
    let items: String = items.into_iter().collect::<Vec<_>>().join("\n");
    format!(
        r#"

// ---- verigym hidden differential suite ----
#[cfg(test)]
#[doc(hidden)]
#[allow(warnings, unused, missing_docs, unreachable_pub, clippy::all, unused_qualifications)]
#[allow(missing_debug_implementations, unused_results, rust_2018_idioms, elided_lifetimes_in_paths)]
mod __vg_hidden {{
    extern crate std as __vg_std;
    use super::*;
    use crate::__vg_hidden_rt::{{Arb as _, Gen, ViaDebug as _, ViaIter as _, ViaNothing as _}};

{items}
{fns}
    #[test]
    fn differential() {{
        crate::__vg_hidden_rt::differential(&[
{list}        ]);
    }}
}}
"#
    )
}

/// One module file's part of the suite.
pub(crate) struct SuiteFile {
    /// The file's index among the library's module files.
    pub index: usize,
    /// The module to append to it ([`module_text`]).
    pub module: String,
    /// Its test's label ([`label`]).
    pub label: String,
}

/// The suite's part in each of `all` (the library's module files, the root first) that has
/// drivers among `allowed` (`None`: every driver). A file of test code has none.
pub(crate) fn suite_files(
    all: &[super::modules::ModuleFile],
    allowed: Option<&BTreeSet<String>>,
) -> Vec<SuiteFile> {
    let ctx = &Context::of(all.iter().map(|f| f.source.as_str()));
    let mut out = Vec::new();
    for (index, f) in all.iter().enumerate() {
        if f.excluded
            .iter()
            .any(|r| r.start == 0 && r.end >= f.source.len())
        {
            continue;
        }
        let found = drivers(&f.source, &f.rel, ctx);
        let kept: Vec<&Driver> = found
            .iter()
            .filter(|d| allowed.is_none_or(|a| a.contains(&d.id)))
            .collect();
        if !kept.is_empty() {
            out.push(SuiteFile {
                index,
                module: module_text(&kept),
                label: label(&f.module),
            });
        }
    }
    out
}

/// Reads a hidden test's failure message: (inputs that differ, inputs compared), when the suite
/// counted them all ([`COUNT_ALL_ENV`]); with the default stop at the first difference, (1, n).
pub fn read_message(message: &str) -> Option<(u64, u64)> {
    let rest = message.strip_prefix(DIFFERS)?.trim_start();
    let mut words = rest.split_whitespace();
    let differ = words.next()?.parse().ok()?;
    let _of = words.next()?;
    let total = words.next()?.parse().ok()?;
    Some((differ, total))
}

/// Every driver the file `rel` (its text `source`) offers, in source order.
pub(crate) fn drivers(source: &str, rel: &str, ctx: &Context) -> Vec<Driver> {
    let Ok(file) = syn::parse_file(source) else {
        return Vec::new();
    };
    let enums = Enums::of(&file);
    // Every impl block with its type parameters chosen (`impl<T> Arena<T>` as `Arena<u32>`);
    // constructors are looked up among the same blocks, so a value and its methods agree.
    let impls: Vec<syn::ItemImpl> = file
        .items
        .iter()
        .filter_map(|item| match item {
            syn::Item::Impl(imp) if !has_cfg(&imp.attrs) && imp.unsafety.is_none() => {
                let map = generics::instantiate(&imp.generics, ctx)?;
                generics::substitute(imp, &map)
            }
            _ => None,
        })
        .collect();
    let mut out: Vec<Driver> = Vec::new();
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut push = |name: String, body: String, items: Vec<String>| {
        let mut id = format!("{rel}#{name}");
        let mut k = 2;
        while !seen.insert(id.clone()) {
            id = format!("{rel}#{name}#{k}");
            k += 1;
        }
        out.push(Driver { id, body, items });
    };
    for item in &file.items {
        match item {
            syn::Item::Fn(f) if public(&f.vis) && callable(&f.attrs, &f.sig) => {
                let name = f.sig.ident.to_string();
                let call = format!("super::{name}");
                if let Some((body, items)) = free_call(&f.sig, &call, None, &enums) {
                    push(name, body, items);
                }
            }
            _ => {}
        }
    }
    for imp in &impls {
        impl_drivers(imp, &impls, &enums, &mut push);
    }
    // A value made by a constructor and driven through a random sequence of its methods: state
    // that one call on a fresh value never reaches (an arena after inserts and removals).
    let mut typed: BTreeSet<String> = BTreeSet::new();
    for imp in impls.iter().filter(|i| i.trait_.is_none()) {
        let syn::Type::Path(p) = &*imp.self_ty else {
            continue;
        };
        let Some(name) = p.path.segments.last().map(|s| s.ident.to_string()) else {
            continue;
        };
        if !typed.insert(name.clone()) {
            continue;
        }
        if let Some(ctor) = constructor(&impls, &name, &enums)
            && let Some((body, items)) = sequence::driver(&name, &impls, &ctor, &enums)
        {
            push(format!("{name}::<sequence>"), body, items);
        }
    }
    out
}

/// The drivers of one `impl` block's methods.
fn impl_drivers(
    imp: &syn::ItemImpl,
    impls: &[syn::ItemImpl],
    enums: &Enums,
    push: &mut impl FnMut(String, String, Vec<String>),
) {
    let self_ty = &*imp.self_ty;
    let self_text = elide_lifetimes(&self_ty.to_token_stream().to_string());
    let trait_text = imp
        .trait_
        .as_ref()
        .map(|(path, _)| elide_lifetimes(&path.to_token_stream().to_string()));
    // `<X as Trait>::f` for trait methods, `X::f` (inherent), the type as the file names it.
    let qualified = match &trait_text {
        Some(t) => format!("<{self_text} as {t}>"),
        None => format!("<{self_text}>"),
    };
    let type_name = match self_ty {
        syn::Type::Path(p) => p.path.segments.last().map(|s| s.ident.to_string()),
        _ => None,
    };
    for it in &imp.items {
        let syn::ImplItem::Fn(m) = it else { continue };
        // A trait's methods are as public as the trait; an inherent method must say `pub`.
        if !(imp.trait_.is_some() || public(&m.vis)) || !callable(&m.attrs, &m.sig) {
            continue;
        }
        let method = m.sig.ident.to_string();
        let name = match &type_name {
            Some(t) => format!("{t}::{method}"),
            None => format!("{self_text}::{method}"),
        };
        let call = format!("{qualified}::{method}");
        let receiver = m.sig.receiver();
        let made = match receiver {
            None => free_call(&m.sig, &call, Some(self_ty), enums),
            Some(r) => {
                // A receiver of a type the generator makes (`impl Trait for str`), else one made
                // by a constructor of the type in this file.
                let given = self_param(self_ty, r, enums);
                match given {
                    Some(p) => free_call_with_receiver(&m.sig, &call, p, self_ty, enums),
                    None => type_name
                        .as_deref()
                        .and_then(|t| constructor(impls, t, enums))
                        .and_then(|ctor| method_call(&m.sig, r, &call, &ctor, self_ty, enums)),
                }
            }
        };
        if let Some((body, items)) = made {
            push(name, body, items);
        }
    }
}

/// Whether a function can be called from the suite at all: no `unsafe`, `async`, `extern`, C
/// variadics, `#[cfg]` (it may not exist under the build's features) or test attributes, and
/// no type or const parameters (only lifetimes, and `impl Trait` arguments checked one by one).
fn callable(attrs: &[syn::Attribute], sig: &syn::Signature) -> bool {
    !matches!(sig.safety, syn::Safety::Unsafe(_))
        && sig.asyncness.is_none()
        && sig.abi.is_none()
        && sig.variadic.is_none()
        && !has_cfg(attrs)
        && !attrs.iter().any(|a| {
            let p = a.path();
            p.is_ident("test") || p.is_ident("should_panic") || p.is_ident("ignore")
        })
        && sig.generics.params.iter().all(|p| match p {
            syn::GenericParam::Lifetime(_) => true,
            syn::GenericParam::Type(t) => str_like_bounds(t, sig),
            syn::GenericParam::Const(_) => false,
        })
}

/// A type parameter every bound of which a `&str` meets by its name (`AsRef<str>`,
/// `Into<Cow<'a, str>>`, `Into<String>`): such a parameter is driven with a `&str`.
fn str_like_bounds(t: &syn::TypeParam, sig: &syn::Signature) -> bool {
    let mut bounds: Vec<String> = t
        .bounds
        .iter()
        .map(|b| b.to_token_stream().to_string())
        .collect();
    if let Some(w) = &sig.generics.where_clause {
        for p in &w.predicates {
            if let syn::WherePredicate::Type(pt) = p
                && t.ident == pt.bounded_ty.to_token_stream().to_string()
            {
                bounds.extend(pt.bounds.iter().map(|b| b.to_token_stream().to_string()));
            }
        }
    }
    !bounds.is_empty() && bounds.iter().all(|b| types::str_bound(b))
}

/// Only the public API is driven: its behaviour is defined on every input, while a private
/// helper may have preconditions its callers keep (shlex's `unquoted_ok` recurses forever on a
/// byte over 127), so a correct fix could differ from the reference, or the reference crash,
/// on inputs no caller ever passes.
fn public(vis: &syn::Visibility) -> bool {
    matches!(vis, syn::Visibility::Public(_))
}

fn has_cfg(attrs: &[syn::Attribute]) -> bool {
    attrs
        .iter()
        .any(|a| a.path().is_ident("cfg") || a.path().is_ident("cfg_attr"))
}

/// `'a` → `'_` in a type's text, so a type written with the impl's lifetimes can be named
/// outside it.
fn elide_lifetimes(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\'' {
            out.push_str("'_");
            while chars
                .peek()
                .is_some_and(|c| c.is_alphanumeric() || *c == '_')
            {
                chars.next();
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The fieldless enums of a file, by name: the generator picks one of their variants.
struct Enums(Vec<(String, Vec<String>)>);

impl Enums {
    fn of(file: &syn::File) -> Self {
        let mut out = Vec::new();
        for item in &file.items {
            if let syn::Item::Enum(e) = item
                && e.generics.params.is_empty()
                && !has_cfg(&e.attrs)
                && !e.variants.is_empty()
                && e.variants
                    .iter()
                    .all(|v| matches!(v.fields, syn::Fields::Unit) && !has_cfg(&v.attrs))
            {
                out.push((
                    e.ident.to_string(),
                    e.variants.iter().map(|v| v.ident.to_string()).collect(),
                ));
            }
        }
        Enums(out)
    }

    fn get(&self, name: &str) -> Option<&[String]> {
        self.0
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_slice())
    }

    /// The `Arb` impl that makes `name`'s values.
    fn arb_impl(&self, name: &str) -> Option<String> {
        let variants = self.get(name)?;
        let arms: String = variants
            .iter()
            .enumerate()
            .map(|(k, v)| {
                if k + 1 == variants.len() {
                    format!("_ => super::{name}::{v},")
                } else {
                    format!("{k} => super::{name}::{v}, ")
                }
            })
            .collect();
        Some(format!(
            "    impl crate::__vg_hidden_rt::Arb for super::{name} {{\n        fn arb(g: &mut Gen) -> Self {{ match g.below({}) {{ {arms} }} }}\n    }}",
            variants.len()
        ))
    }
}

/// The owned values a call's parameters are made from, and how each is passed.
#[derive(Default)]
struct Args {
    /// `let mut __vg_aK: T = …;` lines.
    lets: Vec<String>,
    /// The argument expressions, in order.
    pass: Vec<String>,
    /// Arguments the call may change, shown after it (`&mut` ones).
    after: Vec<String>,
    /// Helper items (enum impls).
    items: Vec<String>,
    /// Whether one parameter is a `fmt::Formatter` (the call is made inside a `Display`).
    formatter: bool,
}

/// The arguments of `sig`'s typed parameters (the receiver excluded), or `None` when one of
/// them cannot be made.
fn args(
    sig: &syn::Signature,
    first: usize,
    self_ty: Option<&syn::Type>,
    enums: &Enums,
) -> Option<Args> {
    let mut a = Args::default();
    for (k, input) in sig.inputs.iter().enumerate() {
        let syn::FnArg::Typed(pt) = input else {
            continue;
        };
        let var = format!("__vg_a{}", k + first);
        let p = param_of(&pt.ty, sig, self_ty, enums)?;
        push_param(&mut a, &var, p, enums);
    }
    Some(a)
}

fn push_param(a: &mut Args, var: &str, p: Param, enums: &Enums) {
    match p {
        Param::Formatter => {
            if a.formatter {
                // Two formatters cannot both be the one `Display` hands out.
                a.pass.push("__vg_unsupported".into());
            }
            a.formatter = true;
            a.pass.push("__vg_f".into());
        }
        Param::Value { owned, enums: e } => {
            a.lets.push(format!("let mut {var}: {owned} = g.arb();"));
            a.pass.push(var.to_owned());
            a.items.extend(e.iter().filter_map(|n| enums.arb_impl(n)));
        }
        Param::Ref {
            owned,
            slice,
            mutable,
            enums: e,
        } => {
            a.lets.push(format!("let mut {var}: {owned} = g.arb();"));
            let m = if mutable { "&mut " } else { "&" };
            let index = if slice { "[..]" } else { "" };
            a.pass.push(format!("{m}{var}{index}"));
            if mutable {
                a.after.push(var.to_owned());
            }
            a.items.extend(e.iter().filter_map(|n| enums.arb_impl(n)));
        }
    }
}

/// A driver that calls `call(args…)` directly (a free function, an associated function, or a
/// method with its receiver generated as the first argument).
fn free_call(
    sig: &syn::Signature,
    call: &str,
    self_ty: Option<&syn::Type>,
    enums: &Enums,
) -> Option<(String, Vec<String>)> {
    let a = args(sig, 0, self_ty, enums)?;
    Some(render(
        &a,
        &format!("{call}({})", a.pass.join(", ")),
        None,
        None,
    ))
}

/// A driver for a method whose receiver the generator makes itself (`&self` of `str`).
fn free_call_with_receiver(
    sig: &syn::Signature,
    call: &str,
    receiver: Param,
    self_ty: &syn::Type,
    enums: &Enums,
) -> Option<(String, Vec<String>)> {
    let mut a = Args::default();
    push_param(&mut a, "__vg_a0", receiver, enums);
    let rest = args(sig, 1, Some(self_ty), enums)?;
    a.lets.extend(rest.lets);
    a.pass.extend(rest.pass);
    a.after.extend(rest.after);
    a.items.extend(rest.items);
    a.formatter |= rest.formatter;
    let repeat = repeats(sig);
    Some(render(
        &a,
        &format!("{call}({})", a.pass.join(", ")),
        None,
        repeat,
    ))
}

/// `next(&mut self)` with no other parameter is called several times: an iterator's later items
/// are where its state shows.
fn repeats(sig: &syn::Signature) -> Option<usize> {
    (sig.ident == "next"
        && sig.inputs.len() == 1
        && matches!(sig.receiver().map(recv), Some(Recv::Ref { mutable: true })))
    .then_some(8)
}

/// A constructor of `type_name` in `file`: an inherent associated function without a receiver
/// that returns `Self` (or the type by name) from parameters the generator makes, `new` first.
struct Ctor {
    call: String,
    sig: syn::Signature,
    self_ty: syn::Type,
}

/// The public, callable methods and associated functions of `type_name`'s inherent `impl`
/// blocks among `impls`, each with its block.
fn inherent_fns<'a>(
    impls: &'a [syn::ItemImpl],
    type_name: &'a str,
) -> impl Iterator<Item = (&'a syn::ItemImpl, &'a syn::ImplItemFn)> + 'a {
    impls
        .iter()
        .filter(move |imp| {
            imp.trait_.is_none()
                && matches!(&*imp.self_ty, syn::Type::Path(p)
                    if p.path.segments.last().is_some_and(|s| s.ident == type_name))
        })
        .flat_map(|imp| {
            imp.items.iter().filter_map(move |it| match it {
                syn::ImplItem::Fn(m) if public(&m.vis) && callable(&m.attrs, &m.sig) => {
                    Some((imp, m))
                }
                _ => None,
            })
        })
}

fn constructor(impls: &[syn::ItemImpl], type_name: &str, enums: &Enums) -> Option<Ctor> {
    let mut found: Vec<Ctor> = Vec::new();
    for (imp, m) in inherent_fns(impls, type_name) {
        if m.sig.receiver().is_some() {
            continue;
        }
        let syn::ReturnType::Type(_, ret) = &m.sig.output else {
            continue;
        };
        let ret = ret.to_token_stream().to_string();
        if ret != "Self" && ret.split('<').next().map(str::trim) != Some(type_name) {
            continue;
        }
        if args(&m.sig, 100, Some(&imp.self_ty), enums).is_some_and(|a| !a.formatter) {
            found.push(Ctor {
                call: format!(
                    "<{}>::{}",
                    elide_lifetimes(&imp.self_ty.to_token_stream().to_string()),
                    m.sig.ident
                ),
                sig: m.sig.clone(),
                self_ty: (*imp.self_ty).clone(),
            });
        }
    }
    found.sort_by_key(|c| c.sig.ident != "new");
    found.into_iter().next()
}

/// A driver for a method of a type made by `ctor`: the value is made, the method called on it,
/// and the value shown afterwards too.
fn method_call(
    sig: &syn::Signature,
    receiver: &syn::Receiver,
    call: &str,
    ctor: &Ctor,
    self_ty: &syn::Type,
    enums: &Enums,
) -> Option<(String, Vec<String>)> {
    let (by, shows_self) = match recv(receiver) {
        // `self: Box<Self>` and other typed receivers are left out.
        Recv::Typed => return None,
        Recv::Ref { mutable: true } => ("&mut __vg_s", true),
        Recv::Ref { mutable: false } => ("&__vg_s", true),
        Recv::Value => ("__vg_s", false),
    };
    let made = args(&ctor.sig, 100, Some(self_ty), enums)?;
    let mut a = args(sig, 1, Some(self_ty), enums)?;
    let mut lets = made.lets;
    lets.push(format!(
        "let mut __vg_s = {}({});",
        ctor.call,
        made.pass.join(", ")
    ));
    lets.extend(a.lets);
    a.lets = lets;
    a.items.extend(made.items);
    let mut pass = vec![by.to_owned()];
    pass.extend(a.pass.iter().cloned());
    let expr = format!("{call}({})", pass.join(", "));
    Some(render(
        &a,
        &expr,
        shows_self.then_some("__vg_s"),
        repeats(sig),
    ))
}

/// The driver function: make the arguments, make the call (inside a `Display` when it takes a
/// formatter, `repeat` times for an iterator's `next`), and return the `Debug` text of the
/// result, of every `&mut` argument afterwards, and of `shown_self`.
fn render(
    a: &Args,
    expr: &str,
    shown_self: Option<&str>,
    repeat: Option<usize>,
) -> (String, Vec<String>) {
    let show = show;
    let call = if a.formatter {
        format!("crate::__vg_hidden_rt::formatted(|__vg_f| {expr})")
    } else {
        expr.to_owned()
    };
    let mut body = String::new();
    for l in &a.lets {
        body.push_str(&format!("        {l}\n"));
    }
    body.push_str("        let mut __vg_out = __vg_std::string::String::new();\n");
    match repeat {
        Some(n) => body.push_str(&format!(
            "        for _ in 0..{n} {{ let mut __vg_r = {call}; __vg_out.push_str(&{}); __vg_out.push('|'); }}\n",
            show("__vg_r")
        )),
        // In a block of its own: a result that borrows the value (and drops, a `Drain`) is gone
        // before the value is shown.
        None => body.push_str(&format!(
            "        {{ let mut __vg_r = {call};\n        __vg_out.push_str(&{}); }}\n",
            show("__vg_r")
        )),
    }
    for v in a.after.iter().map(String::as_str).chain(shown_self) {
        body.push_str(&format!(
            "        __vg_out.push('|'); __vg_out.push_str(&{});\n",
            show(v)
        ));
    }
    body.push_str("        __vg_out\n");
    (
        format!("    fn __vg_dN(g: &mut Gen) -> __vg_std::string::String {{\n{body}    }}"),
        a.items.clone(),
    )
}

/// The expression that shows the value of the mutable place `v`: the items of an iterator (the
/// first 16), else its `Debug` text, else `_` (the runtime's `Show`, by autoref
/// specialization).
pub(super) fn show(v: &str) -> String {
    format!("(&&crate::__vg_hidden_rt::Show(::core::cell::RefCell::new(&mut {v}))).__vg_show()")
}

/// Every module file's literals, for the runtime's pools ([`runtime::text`]): strings, byte strings, characters and
/// numbers anywhere in the text (tests included: the values the crate is tested on are the
/// neighbourhood its bugs show in).
pub(crate) struct Literals {
    pub strs: Vec<String>,
    pub bytes: Vec<Vec<u8>>,
    pub chars: Vec<char>,
    pub ints: Vec<i128>,
    pub floats: Vec<String>,
}

impl Literals {
    /// The literals of every file's text, in order, each once.
    pub fn of(texts: &[&str]) -> Literals {
        let mut l = LiteralWalk::default();
        for t in texts {
            if let Ok(f) = syn::parse_file(t) {
                l.visit_file(&f);
            }
        }
        l.done()
    }
}

#[derive(Default)]
struct LiteralWalk {
    strs: Vec<String>,
    bytes: Vec<Vec<u8>>,
    chars: Vec<char>,
    ints: Vec<i128>,
    floats: Vec<String>,
}

impl LiteralWalk {
    fn done(self) -> Literals {
        fn dedup<T: Ord + Clone>(v: Vec<T>) -> Vec<T> {
            let mut seen = BTreeSet::new();
            v.into_iter().filter(|x| seen.insert(x.clone())).collect()
        }
        Literals {
            strs: dedup(self.strs),
            bytes: dedup(self.bytes),
            chars: dedup(self.chars),
            ints: dedup(self.ints),
            floats: dedup(self.floats),
        }
    }

    fn token_literals(&mut self, tokens: proc_macro2::TokenStream) {
        for t in tokens {
            match t {
                proc_macro2::TokenTree::Group(g) => self.token_literals(g.stream()),
                proc_macro2::TokenTree::Literal(l) => self.lit(&syn::Lit::new(l)),
                _ => {}
            }
        }
    }

    fn lit(&mut self, lit: &syn::Lit) {
        match lit {
            syn::Lit::Str(s) => self.strs.push(s.value()),
            syn::Lit::ByteStr(b) => self.bytes.push(b.value()),
            syn::Lit::Char(c) => self.chars.push(c.value()),
            syn::Lit::Byte(b) => self.ints.push(i128::from(b.value())),
            syn::Lit::Int(i) => {
                if let Ok(v) = i.base10_parse::<i128>() {
                    self.ints.push(v);
                }
            }
            syn::Lit::Float(f) => {
                if let Ok(v) = f.base10_parse::<f64>()
                    && v.is_finite()
                {
                    self.floats.push(format!("{v:?}"));
                }
            }
            _ => {}
        }
    }
}

impl<'ast> Visit<'ast> for LiteralWalk {
    fn visit_lit(&mut self, lit: &'ast syn::Lit) {
        self.lit(lit);
    }

    // Macro arguments (`assert_eq!(f("a b"), …)`) are tokens to syn: their literals are read
    // from the tokens.
    fn visit_macro(&mut self, m: &'ast syn::Macro) {
        self.token_literals(m.tokens.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(src: &str) -> Vec<String> {
        drivers(src, "src/lib.rs", &Context::default())
            .into_iter()
            .map(|d| d.id)
            .collect()
    }

    #[test]
    fn drivers_are_found_for_the_signatures_the_generator_makes() {
        let src = r#"
pub fn a(x: u32, s: &str, v: &[i64]) -> u32 { x }
pub fn b(v: Vec<u8>, t: String, c: char, f: bool, o: Option<(u8, i16)>) -> usize { v.len() }
pub fn c(out: &mut Vec<u8>, x: f64) { }
pub fn d<T: Copy>(x: T) -> T { x }
pub fn d2<T: Ord>(x: T) -> T { x }
pub fn e<'a, T>(s: T) -> u8 where T: Into<Cow<'a, str>> { 0 }
pub fn f(s: &str, f: &mut fmt::Formatter) -> fmt::Result { Ok(()) }
#[cfg(feature = "x")]
fn g(x: u8) {}
unsafe fn h(x: u8) {}
#[derive(Clone, Copy, Debug)]
enum Mode { One, Two }
fn i(m: Mode, w: Wrapper) {}
pub fn j(m: Mode) -> u8 { 0 }
fn private_helper(x: u8) -> u8 { x }
impl<'a> P<'a> { fn private_method(&self) -> u8 { 0 } }
pub struct P<'a> { b: &'a [u8] }
impl<'a> P<'a> {
    pub fn new(b: &'a [u8]) -> Self { P { b } }
    pub fn step(&mut self, c: u8) -> Option<u8> { None }
}
impl<'a> Iterator for P<'a> { type Item = u8; fn next(&mut self) -> Option<u8> { None } }
pub trait Up { fn up(&self) -> String; }
impl Up for str { fn up(&self) -> String { self.to_uppercase() } }
struct Q;
impl Q { fn q(&self) -> u8 { 1 } }
#[cfg(test)]
mod tests { #[test] fn t() {} }
"#;
        assert_eq!(
            ids(src),
            [
                "src/lib.rs#a",
                "src/lib.rs#b",
                "src/lib.rs#c",
                // A `&str` is `Copy`; no bound of `d2`'s is met by name.
                "src/lib.rs#d",
                "src/lib.rs#e",
                "src/lib.rs#f",
                "src/lib.rs#j",
                "src/lib.rs#P::new",
                "src/lib.rs#P::step",
                "src/lib.rs#P::next",
                "src/lib.rs#str::up",
                // `P` has a constructor and a `&mut self` method: calls in random order.
                "src/lib.rs#P::<sequence>",
            ]
        );
        let ds = drivers(src, "src/lib.rs", &Context::default());
        let text = module_text(&ds.iter().collect::<Vec<_>>());
        assert!(
            text.contains("impl crate::__vg_hidden_rt::Arb for super::Mode"),
            "{text}"
        );
        assert!(text.contains("as Iterator>::next(&mut __vg_s)"), "{text}");
        assert!(
            text.contains("formatted(|__vg_f| super::f(&__vg_a0[..], __vg_f))"),
            "{text}"
        );
        assert!(text.contains("<str as Up>::up(&__vg_a0[..])"), "{text}");
        assert!(text.contains("super::e(&__vg_a0[..])"), "{text}");
        // The `&mut` argument is shown after the call.
        let c = &ds[2].body;
        assert!(
            c.contains("__vg_show()") && c.contains("new(&mut __vg_a0)"),
            "{c}"
        );
    }

    #[test]
    fn labels_and_messages_read_back() {
        assert_eq!(label(&[]), "[lib] __vg_hidden::differential");
        assert_eq!(
            label(&["a".into(), "b".into()]),
            "[lib] a::b::__vg_hidden::differential"
        );
        assert_eq!(
            read_message(&format!("{DIFFERS} 3 of 128 generated inputs differ")),
            Some((3, 128))
        );
        assert_eq!(read_message("assertion failed"), None);
    }

    #[test]
    fn literals_come_from_code_and_macro_arguments() {
        let l = Literals::of(&[
            "fn f() { let x = 'q'; let b = b\"ab\"; } #[test] fn t() { assert_eq!(g(\"Hi there\", 12), 1.5); }",
        ]);
        assert_eq!(l.strs, ["Hi there"]);
        assert_eq!(l.chars, ['q']);
        assert_eq!(l.bytes, [b"ab".to_vec()]);
        assert_eq!(l.ints, [12]);
        assert_eq!(l.floats, ["1.5"]);
    }
}
