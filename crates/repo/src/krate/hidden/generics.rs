//! Choosing concrete types for an `impl` block's type parameters, so its methods can be driven:
//! for each parameter, the first of a few generatable types that meets every bound by name (a
//! standard trait the type is known to implement, or a trait the crate implements for it), and
//! the block rewritten with the choice. A wrong guess only costs a driver: the survey builds
//! every driver and drops those that do not compile.

use std::collections::{BTreeMap, BTreeSet};

use quote::ToTokens;

/// What the crate implements, read from every module file: trait name → the types it is
/// implemented for (`Amounts` → `f32`, `f64`), as written.
#[derive(Debug, Default)]
pub(crate) struct Context {
    impls: BTreeMap<String, BTreeSet<String>>,
}

impl Context {
    /// The trait impls of every file in `texts`.
    pub(crate) fn of<'a>(texts: impl IntoIterator<Item = &'a str>) -> Context {
        let mut impls: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for text in texts {
            let Ok(file) = syn::parse_file(text) else {
                continue;
            };
            for item in &file.items {
                if let syn::Item::Impl(imp) = item
                    && let Some((path, _)) = &imp.trait_
                    && let Some(last) = path.segments.last()
                {
                    impls
                        .entry(last.ident.to_string())
                        .or_default()
                        .insert(imp.self_ty.to_token_stream().to_string());
                }
            }
        }
        Context { impls }
    }
}

/// The types tried for a type parameter, in order.
const CANDIDATES: [&str; 5] = ["u32", "i64", "f64", "u8", "String"];

/// Standard traits each candidate implements (by name, as bounds spell them).
fn std_traits(ty: &str) -> &'static [&'static str] {
    const INT: &[&str] = &[
        "Copy",
        "Clone",
        "Debug",
        "Display",
        "PartialEq",
        "Eq",
        "PartialOrd",
        "Ord",
        "Hash",
        "Default",
        "Send",
        "Sync",
        "Sized",
        "Unpin",
        "FromStr",
        "ToString",
        "Add",
        "Sub",
        "Mul",
        "Div",
        "Rem",
        "AddAssign",
        "SubAssign",
        "MulAssign",
        "DivAssign",
        "From",
        "Into",
    ];
    const FLOAT: &[&str] = &[
        "Copy",
        "Clone",
        "Debug",
        "Display",
        "PartialEq",
        "PartialOrd",
        "Default",
        "Send",
        "Sync",
        "Sized",
        "Unpin",
        "FromStr",
        "ToString",
        "Add",
        "Sub",
        "Mul",
        "Div",
        "Rem",
        "AddAssign",
        "SubAssign",
        "MulAssign",
        "DivAssign",
        "Neg",
    ];
    const STRING: &[&str] = &[
        "Clone",
        "Debug",
        "Display",
        "PartialEq",
        "Eq",
        "PartialOrd",
        "Ord",
        "Hash",
        "Default",
        "Send",
        "Sync",
        "Sized",
        "Unpin",
        "FromStr",
        "ToString",
        "AsRef",
        "Borrow",
    ];
    match ty {
        "f64" | "f32" => FLOAT,
        "String" => STRING,
        _ => INT,
    }
}

/// A concrete type for each of `generics`' type parameters, or `None` when one has no
/// candidate (a closure bound, a bound on an associated type, a const parameter).
pub(crate) fn instantiate(
    generics: &syn::Generics,
    ctx: &Context,
) -> Option<Vec<(String, String)>> {
    let mut out = Vec::new();
    for p in &generics.params {
        let t = match p {
            syn::GenericParam::Lifetime(_) => continue,
            syn::GenericParam::Const(_) => return None,
            syn::GenericParam::Type(t) => t,
        };
        let mut bounds: Vec<&syn::TypeParamBound> = t.bounds.iter().collect();
        if let Some(w) = &generics.where_clause {
            for pred in &w.predicates {
                if let syn::WherePredicate::Type(pt) = pred {
                    if t.ident == pt.bounded_ty.to_token_stream().to_string() {
                        bounds.extend(pt.bounds.iter());
                    } else if mentions(&pt.bounded_ty.to_token_stream().to_string(), &t.ident) {
                        // `T::Item: Debug` and the like: not decided by name.
                        return None;
                    }
                }
            }
        }
        let mut names: Vec<String> = Vec::new();
        for b in bounds {
            if let syn::TypeParamBound::Trait(tb) = b {
                let last = tb.path.segments.last()?;
                if matches!(last.arguments, syn::PathArguments::Parenthesized(_)) {
                    return None;
                }
                names.push(last.ident.to_string());
            }
        }
        let chosen = CANDIDATES.iter().find(|c| {
            names.iter().all(|n| {
                std_traits(c).contains(&n.as_str())
                    || ctx.impls.get(n).is_some_and(|tys| tys.contains(**c))
            })
        })?;
        out.push((t.ident.to_string(), (*chosen).to_owned()));
    }
    Some(out)
}

/// Whether `text` (tokens separated by spaces) has `ident` as a token.
fn mentions(text: &str, ident: &syn::Ident) -> bool {
    let name = ident.to_string();
    text.split_whitespace().any(|t| t == name)
}

/// `imp` with each chosen parameter replaced by its type, and its type parameters and where
/// clause removed (lifetimes kept), or `None` when it does not parse back.
pub(crate) fn substitute(imp: &syn::ItemImpl, map: &[(String, String)]) -> Option<syn::ItemImpl> {
    if map.is_empty() {
        return Some(imp.clone());
    }
    let mut bare = imp.clone();
    bare.generics.params = bare
        .generics
        .params
        .into_iter()
        .filter(|p| matches!(p, syn::GenericParam::Lifetime(_)))
        .collect();
    bare.generics.where_clause = None;
    syn::parse2(replace(bare.to_token_stream(), map)).ok()
}

/// `tokens` with every identifier that `map` names replaced by its type, in groups too.
fn replace(tokens: proc_macro2::TokenStream, map: &[(String, String)]) -> proc_macro2::TokenStream {
    tokens
        .into_iter()
        .flat_map(|t| -> Vec<proc_macro2::TokenTree> {
            match t {
                proc_macro2::TokenTree::Ident(i) => {
                    match map.iter().find(|(p, _)| i == p.as_str()) {
                        Some((_, c)) => c.parse::<proc_macro2::TokenStream>().map_or_else(
                            |_| vec![proc_macro2::TokenTree::Ident(i.clone())],
                            |ts| ts.into_iter().collect(),
                        ),
                        None => vec![proc_macro2::TokenTree::Ident(i)],
                    }
                }
                proc_macro2::TokenTree::Group(g) => {
                    let mut n = proc_macro2::Group::new(g.delimiter(), replace(g.stream(), map));
                    n.set_span(g.span());
                    vec![proc_macro2::TokenTree::Group(n)]
                }
                other => vec![other],
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_parameter_gets_the_first_type_that_meets_its_bounds() {
        let ctx =
            Context::of(["pub trait Amounts {} impl Amounts for f32 {} impl Amounts for f64 {}"]);
        let imp: syn::ItemImpl = syn::parse_str(
            "impl<F: Amounts, T> S<F, T> where T: Clone { fn f(&self, x: T) -> F { todo!() } }",
        )
        .unwrap();
        let map = instantiate(&imp.generics, &ctx).unwrap();
        assert_eq!(
            map,
            [("F".into(), "f64".into()), ("T".into(), "u32".into())]
        );
        let s = substitute(&imp, &map).unwrap();
        assert_eq!(
            s.to_token_stream().to_string(),
            "impl S < f64 , u32 > { fn f (& self , x : u32) -> f64 { todo ! () } }"
        );
        let closure: syn::ItemImpl = syn::parse_str("impl<F: FnMut(u8) -> bool> S<F> {}").unwrap();
        assert_eq!(instantiate(&closure.generics, &ctx), None);
    }
}
