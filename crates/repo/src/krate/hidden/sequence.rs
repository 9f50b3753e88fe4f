//! The sequence driver of a type: a value made by one of its constructors, then up to 16 calls
//! of its public methods, each drawn from the input's generator, with the arguments the
//! generator makes or, for a parameter of a type of the crate's (an arena's `Index`), a value an
//! earlier call returned. Everything each call returned is shown, and the value at the end: the
//! states a single call on a fresh value never reaches.

use quote::ToTokens;

use super::types::{Recv, param_of, recv};
use super::{Args, Ctor, Enums, elide_lifetimes, push_param, show};

/// How a method's result feeds a pool: the value itself, inside an `Option`, or as the first
/// field of a tuple (inside an `Option` or not).
#[derive(Clone, Copy)]
enum Feeds {
    Plain,
    Opt,
    First,
    OptFirst,
}

/// The most methods one sequence draws from.
const MOST_METHODS: usize = 24;

/// The driver's body and items for `type_name` (its inherent blocks among `impls`, type
/// parameters already chosen), or `None` when no method can be driven.
pub(super) fn driver(
    type_name: &str,
    impls: &[syn::ItemImpl],
    ctor: &Ctor,
    enums: &Enums,
) -> Option<(String, Vec<String>)> {
    let self_text = elide_lifetimes(&ctor.self_ty.to_token_stream().to_string());
    let methods: Vec<&syn::ImplItemFn> = super::inherent_fns(impls, type_name)
        .map(|(_, m)| m)
        .filter(|m| matches!(m.sig.receiver().map(recv), Some(Recv::Ref { .. })))
        .collect();
    // The crate types some method returns, and how: the pools arguments of those types come from.
    let ret_text = |m: &syn::ImplItemFn| match &m.sig.output {
        syn::ReturnType::Type(_, t) => t.to_token_stream().to_string(),
        syn::ReturnType::Default => String::new(),
    };
    let feeds = |ret: &str, pool: &str| -> Option<Feeds> {
        if ret == pool {
            Some(Feeds::Plain)
        } else if ret == format!("Option < {pool} >") {
            Some(Feeds::Opt)
        } else if ret.starts_with(&format!("({pool} ,")) {
            Some(Feeds::First)
        } else if ret.starts_with(&format!("Option < ({pool} ,")) {
            Some(Feeds::OptFirst)
        } else {
            None
        }
    };
    let mut pools: Vec<String> = Vec::new();
    let mut arms: Vec<String> = Vec::new();
    let mut items: Vec<String> = Vec::new();
    'methods: for m in &methods {
        let mut a = Args::default();
        let mut picks: Vec<String> = Vec::new();
        for (k, input) in m.sig.inputs.iter().enumerate() {
            let syn::FnArg::Typed(pt) = input else {
                continue;
            };
            let var = format!("__vg_a{k}");
            if let Some(p) = param_of(&pt.ty, &m.sig, Some(&ctor.self_ty), enums) {
                push_param(&mut a, &var, p, enums);
                continue;
            }
            // A parameter of one of the crate's types: from a pool an earlier call fed.
            let (by_ref, ty) = match &*pt.ty {
                syn::Type::Reference(r) if r.mutability.is_none() => (true, &*r.elem),
                t => (false, t),
            };
            let syn::Type::Path(tp) = ty else {
                continue 'methods;
            };
            if tp.qself.is_some()
                || tp.path.segments.len() != 1
                || !tp.path.segments[0].arguments.is_none()
            {
                continue 'methods;
            }
            let pool = tp.path.segments[0].ident.to_string();
            if !methods.iter().any(|n| feeds(&ret_text(n), &pool).is_some()) {
                continue 'methods;
            }
            let j = match pools.iter().position(|p| *p == pool) {
                Some(j) => j,
                None => {
                    pools.push(pool.clone());
                    pools.len() - 1
                }
            };
            picks.push(format!(
                "if __vg_pool{j}.is_empty() {{ continue; }} let {var} = __vg_pool{j}[g.below(__vg_pool{j}.len() as u64) as usize].clone();"
            ));
            a.pass.push(if by_ref { format!("&{var}") } else { var });
        }
        if a.formatter {
            continue;
        }
        let by = match m.sig.receiver().map(recv) {
            Some(Recv::Ref { mutable: true }) => "&mut __vg_s",
            _ => "&__vg_s",
        };
        let mut pass = vec![by.to_owned()];
        pass.extend(a.pass.iter().cloned());
        let mut arm = String::new();
        for l in a.lets.iter().chain(&picks) {
            arm.push_str(&format!("                    {l}\n"));
        }
        arm.push_str(&format!(
            "                    let mut __vg_r = <{self_text}>::{}({});\n",
            m.sig.ident,
            pass.join(", ")
        ));
        let ret = ret_text(m);
        for (j, pool) in pools.iter().enumerate() {
            let push = match feeds(&ret, pool) {
                Some(Feeds::Plain) => format!("__vg_pool{j}.push(__vg_r.clone());"),
                Some(Feeds::Opt) => {
                    format!("if let Some(v) = &__vg_r {{ __vg_pool{j}.push(v.clone()); }}")
                }
                Some(Feeds::First) => format!("__vg_pool{j}.push(__vg_r.0.clone());"),
                Some(Feeds::OptFirst) => {
                    format!("if let Some(v) = &__vg_r {{ __vg_pool{j}.push(v.0.clone()); }}")
                }
                None => continue,
            };
            arm.push_str(&format!("                    {push}\n"));
        }
        arm.push_str(&format!(
            "                    __vg_out.push_str(&{}); __vg_out.push('|');\n",
            show("__vg_r")
        ));
        for v in &a.after {
            arm.push_str(&format!(
                "                    __vg_out.push_str(&{}); __vg_out.push('|');\n",
                show(v)
            ));
        }
        items.extend(a.items);
        arms.push(arm);
        if arms.len() == MOST_METHODS {
            break;
        }
    }
    if arms.is_empty() {
        return None;
    }
    // A pool a method takes from but none of the kept methods feeds would leave it never run;
    // harmless (its arm `continue`s), so it is not pruned.
    let made = super::args(&ctor.sig, 100, Some(&ctor.self_ty), enums)?;
    items.extend(made.items.iter().cloned());
    let mut body = String::new();
    for l in &made.lets {
        body.push_str(&format!("        {l}\n"));
    }
    body.push_str(&format!(
        "        let mut __vg_s = {}({});\n",
        ctor.call,
        made.pass.join(", ")
    ));
    for (j, pool) in pools.iter().enumerate() {
        body.push_str(&format!(
            "        let mut __vg_pool{j}: __vg_std::vec::Vec<{pool}> = __vg_std::vec::Vec::new();\n"
        ));
    }
    body.push_str("        let mut __vg_out = __vg_std::string::String::new();\n");
    body.push_str("        for _ in 0..g.below(17) {\n");
    body.push_str(&format!("            match g.below({}) {{\n", arms.len()));
    for (k, arm) in arms.iter().enumerate() {
        body.push_str(&format!(
            "                {k} => {{\n{arm}                }}\n"
        ));
    }
    body.push_str("                _ => {}\n            }\n        }\n");
    body.push_str(&format!(
        "        __vg_out.push_str(&{});\n",
        show("__vg_s")
    ));
    body.push_str("        __vg_out\n");
    Some((
        format!("    fn __vg_dN(g: &mut Gen) -> __vg_std::string::String {{\n{body}    }}"),
        items,
    ))
}
