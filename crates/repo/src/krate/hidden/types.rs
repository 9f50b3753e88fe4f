//! Which parameter types the hidden suite's generator makes, and how each is passed: the owned
//! value it makes (`String` for a `&str`, `Vec<T>` for a `&[T]`) and the borrow handed to the
//! call. Everything else leaves its function without a driver.

use quote::ToTokens;

use super::Enums;

/// How one parameter is made and passed.
pub(super) enum Param {
    /// A `&mut fmt::Formatter`: the call is made inside a `Display` impl that hands it out.
    Formatter,
    /// Made as `owned` and passed by value.
    Value { owned: String, enums: Vec<String> },
    /// Made as `owned` and passed as a borrow, of the whole (`&v`) or a slice of it (`&v[..]`:
    /// a `&str` of a `String`, a `&[T]` of a `Vec<T>`).
    Ref {
        owned: String,
        slice: bool,
        mutable: bool,
        enums: Vec<String>,
    },
}

const PRIMITIVES: [&str; 17] = [
    "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize", "f32",
    "f64", "bool", "char", "String",
];

/// The owned type the generator makes for `ty` (paths spelled so they resolve in a `no_std`
/// crate too), and the file's enums it needs, or `None`.
fn owned(ty: &syn::Type, enums: &Enums) -> Option<(String, Vec<String>)> {
    match ty {
        syn::Type::Paren(p) => owned(&p.elem, enums),
        syn::Type::Group(g) => owned(&g.elem, enums),
        syn::Type::Tuple(t) if !t.elems.is_empty() && t.elems.len() <= 4 => {
            let mut parts = Vec::new();
            let mut need = Vec::new();
            for e in &t.elems {
                let (o, n) = owned(e, enums)?;
                parts.push(o);
                need.extend(n);
            }
            let trailing = if parts.len() == 1 { "," } else { "" };
            Some((format!("({}{trailing})", parts.join(", ")), need))
        }
        syn::Type::Array(a) => {
            let syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Int(n),
                ..
            }) = &a.len
            else {
                return None;
            };
            let n: usize = n.base10_parse().ok()?;
            if n > 32 {
                return None;
            }
            let (o, need) = owned(&a.elem, enums)?;
            Some((format!("[{o}; {n}]"), need))
        }
        syn::Type::Path(p) if p.qself.is_none() => {
            let last = p.path.segments.last()?;
            let name = last.ident.to_string();
            let one_arg = || match &last.arguments {
                syn::PathArguments::AngleBracketed(a) if a.args.len() == 1 => match &a.args[0] {
                    syn::GenericArgument::Type(t) => Some(t),
                    _ => None,
                },
                _ => None,
            };
            match name.as_str() {
                "String" if last.arguments.is_none() => {
                    Some(("__vg_std::string::String".into(), Vec::new()))
                }
                "Vec" => {
                    let (o, n) = owned(one_arg()?, enums)?;
                    Some((format!("__vg_std::vec::Vec<{o}>"), n))
                }
                "Option" => {
                    let (o, n) = owned(one_arg()?, enums)?;
                    Some((format!("__vg_std::option::Option<{o}>"), n))
                }
                _ if last.arguments.is_none()
                    && p.path.segments.len() == 1
                    && PRIMITIVES.contains(&name.as_str()) =>
                {
                    Some((name, Vec::new()))
                }
                _ if last.arguments.is_none()
                    && p.path.segments.len() == 1
                    && enums.get(&name).is_some() =>
                {
                    Some((format!("super::{name}"), vec![name]))
                }
                _ => None,
            }
        }
        _ => None,
    }
}

/// How the parameter of type `ty` (in `sig`) is made, or `None`.
pub(super) fn param_of(
    ty: &syn::Type,
    sig: &syn::Signature,
    _self_ty: Option<&syn::Type>,
    enums: &Enums,
) -> Option<Param> {
    let str_ref = || Param::Ref {
        owned: "__vg_std::string::String".into(),
        slice: true,
        mutable: false,
        enums: Vec::new(),
    };
    match ty {
        syn::Type::Reference(r) => {
            let mutable = r.mutability.is_some();
            match &*r.elem {
                syn::Type::Path(p) if p.path.is_ident("str") => (!mutable).then(str_ref),
                syn::Type::Slice(s) => {
                    let (o, n) = owned(&s.elem, enums)?;
                    Some(Param::Ref {
                        owned: format!("__vg_std::vec::Vec<{o}>"),
                        slice: true,
                        mutable,
                        enums: n,
                    })
                }
                syn::Type::Path(p)
                    if mutable
                        && p.path
                            .segments
                            .last()
                            .is_some_and(|s| s.ident == "Formatter") =>
                {
                    Some(Param::Formatter)
                }
                other => {
                    let (o, n) = owned(other, enums)?;
                    Some(Param::Ref {
                        owned: o,
                        slice: false,
                        mutable,
                        enums: n,
                    })
                }
            }
        }
        syn::Type::ImplTrait(it) => it
            .bounds
            .iter()
            .all(|b| str_bound(&b.to_token_stream().to_string()))
            .then(str_ref),
        syn::Type::Path(p) if p.qself.is_none() && is_type_param(sig, p) => Some(str_ref()),
        other => {
            let (o, n) = owned(other, enums)?;
            Some(Param::Value { owned: o, enums: n })
        }
    }
}

/// Whether `p` names one of `sig`'s type parameters (only `&str`-like ones pass
/// `super::callable`, so such a parameter is made as a `&str`).
fn is_type_param(sig: &syn::Signature, p: &syn::TypePath) -> bool {
    sig.generics.params.iter().any(|g| match g {
        syn::GenericParam::Type(t) => p.path.is_ident(&t.ident),
        _ => false,
    })
}

/// The receiver of a method of `self_ty` when the generator makes `self_ty` itself (`impl
/// Trait for str`, for `u64`, for `[u8]`), else `None`.
pub(super) fn self_param(self_ty: &syn::Type, r: &syn::Receiver, enums: &Enums) -> Option<Param> {
    let mutable = match recv(r) {
        Recv::Typed => return None,
        Recv::Value => {
            let (o, n) = owned(self_ty, enums)?;
            return Some(Param::Value { owned: o, enums: n });
        }
        Recv::Ref { mutable } => mutable,
    };
    match self_ty {
        syn::Type::Path(p) if p.path.is_ident("str") => (!mutable).then(|| Param::Ref {
            owned: "__vg_std::string::String".into(),
            slice: true,
            mutable: false,
            enums: Vec::new(),
        }),
        syn::Type::Slice(s) => {
            let (o, n) = owned(&s.elem, enums)?;
            Some(Param::Ref {
                owned: format!("__vg_std::vec::Vec<{o}>"),
                slice: true,
                mutable,
                enums: n,
            })
        }
        other => {
            let (o, n) = owned(other, enums)?;
            Some(Param::Ref {
                owned: o,
                slice: false,
                mutable,
                enums: n,
            })
        }
    }
}

/// Whether a `&str` meets the bound `bound` (tokens as text) by its name alone.
pub(super) fn str_bound(bound: &str) -> bool {
    let b: String = bound.chars().filter(|c| !c.is_whitespace()).collect();
    let b = b.trim_start_matches("::");
    let b = ["core::", "std::", "alloc::"]
        .iter()
        .fold(b, |b, root| b.strip_prefix(root).unwrap_or(b));
    let b = ["fmt::", "convert::", "borrow::", "marker::", "clone::"]
        .iter()
        .fold(b, |b, m| b.strip_prefix(m).unwrap_or(b));
    matches!(
        b,
        "AsRef<str>"
            | "AsRef<[u8]>"
            | "Into<String>"
            | "Borrow<str>"
            | "Display"
            | "Debug"
            | "Copy"
            | "Clone"
    ) || (b.starts_with("Into<Cow<") && b.ends_with("str>>"))
        || (b.starts_with("Into<&") && b.ends_with("str>"))
}

/// How a method takes `self`.
pub(super) enum Recv {
    /// `self`, `mut self`.
    Value,
    /// `&self`, `&mut self`.
    Ref { mutable: bool },
    /// `self: Box<Self>` and the like: not driven.
    Typed,
}

pub(super) fn recv(r: &syn::Receiver) -> Recv {
    match &r.kind {
        syn::ReceiverKind::Value => Recv::Value,
        syn::ReceiverKind::Reference(_, _, m) => Recv::Ref {
            mutable: m.is_some(),
        },
        _ => Recv::Typed,
    }
}
