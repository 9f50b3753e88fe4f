//! The syntax-tree layer of the `repo_fix` policy: every node of the answer, the arguments of
//! the allowed macros parsed with each macro's grammar and checked like the rest, held to a
//! default-deny list of what a fix may contain. Independent of the token layer (`tokens.rs`).

use syn::parse::ParseStream;
use syn::punctuated::Punctuated;
use syn::visit::{self, Visit};
use syn::{Expr, Token};

use super::allow::{self, Linked, MACROS, MAX_DEPTH};

/// Checks the whole file; `Err` names the first thing a fix may not contain.
pub fn check(file: &syn::File, linked: Linked) -> Result<(), String> {
    if file.shebang.is_some() || file.frontmatter.is_some() || !file.attrs.is_empty() {
        return Err("inner attributes and `#!` lines are not allowed in a fix".to_owned());
    }
    let mut policy = Policy {
        problem: None,
        depth: 0,
        in_body: false,
        linked,
    };
    policy.visit_file(file);
    policy.problem.map_or(Ok(()), Err)
}

struct Policy {
    problem: Option<String>,
    depth: usize,
    /// Inside a function body, where items are the answer's own helpers.
    in_body: bool,
    /// What the library links, which decides where paths may start.
    linked: Linked,
}

impl Policy {
    fn deny(&mut self, message: impl Into<String>) {
        if self.problem.is_none() {
            self.problem = Some(message.into());
        }
    }

    /// Enters one level of nesting; false (and a problem) when the bound is passed or a problem
    /// is already found, so the walk stops early.
    fn enter(&mut self) -> bool {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            self.deny(format!(
                "the code nests deeper than {MAX_DEPTH}; a fix does not need that"
            ));
        }
        self.problem.is_none()
    }

    fn nested<F: FnOnce(&mut Self)>(&mut self, f: F) {
        if self.enter() {
            f(self);
        }
        self.depth -= 1;
    }

    fn size(&mut self, len: &Expr, what: &str) {
        let n = match len {
            Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Int(i),
                attrs,
            }) if attrs.is_empty() => i.base10_parse::<u64>().ok(),
            _ => None,
        };
        if let Err(e) = allow::size(n, what) {
            self.deny(e);
        }
    }

    fn use_tree(&mut self, tree: &syn::UseTree, prefix: &mut Vec<String>) {
        let linked = self.linked;
        let check = |prefix: &[String]| match prefix.first().map(String::as_str) {
            Some(root @ ("std" | "core" | "alloc")) => allow::std_path(root, &prefix[1..], linked),
            Some("self") => Err("`use self::…` is not allowed in a fix".to_owned()),
            _ => Ok(()),
        };
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.use_tree(&p.tree, prefix);
                prefix.pop();
            }
            syn::UseTree::Name(n) => {
                prefix.push(n.ident.to_string());
                if let Err(e) = check(prefix) {
                    self.deny(e);
                }
                prefix.pop();
            }
            syn::UseTree::Rename(r) => {
                prefix.push(r.ident.to_string());
                if let Err(e) = check(prefix) {
                    self.deny(e);
                }
                prefix.pop();
            }
            syn::UseTree::Glob(_) => {
                if prefix.is_empty() {
                    self.deny("a bare `use *` is not allowed in a fix");
                } else if let Err(e) = check(prefix) {
                    self.deny(e);
                }
            }
            syn::UseTree::Group(g) => {
                for t in &g.items {
                    self.use_tree(t, prefix);
                }
            }
        }
    }

    fn macro_call(&mut self, mac: &syn::Macro) {
        let name = mac
            .path
            .segments
            .last()
            .map(|s| s.ident.to_string())
            .unwrap_or_default();
        if !MACROS.contains(&name.as_str()) {
            return self.deny(format!(
                "the macro `{name}!` is not allowed in a fix; allowed: {}",
                MACROS.join(", ")
            ));
        }
        let segments: Vec<String> = mac
            .path
            .segments
            .iter()
            .map(|s| s.ident.to_string())
            .collect();
        let roots: Vec<&str> = segments.iter().map(String::as_str).collect();
        match roots.as_slice() {
            // `alloc::vec!`, `std::format!`: a root's macro, not a module path.
            [root @ ("std" | "core" | "alloc"), _] if mac.path.leading_colon.is_none() => {
                if let Err(e) = allow::macro_path(root, &name, self.linked) {
                    return self.deny(e);
                }
                for s in &mac.path.segments {
                    self.visit_ident(&s.ident);
                }
            }
            _ => self.visit_path(&mac.path),
        }
        let parsed = match name.as_str() {
            "vec" => mac.parse_body_with(vec_args),
            "matches" => mac.parse_body_with(matches_args).map(|(e, p, g)| {
                self.visit_pat(&p);
                g.into_iter().chain([e]).collect()
            }),
            _ => mac
                .parse_body_with(Punctuated::<Expr, Token![,]>::parse_terminated)
                .map(|p| p.into_iter().collect()),
        };
        match parsed {
            Ok(exprs) => {
                for e in &exprs {
                    self.visit_expr(e);
                }
            }
            Err(e) => self.deny(format!(
                "the arguments of `{name}!` are not plain expressions ({e}); a fix's macro \
                 arguments are held to the same policy as its code"
            )),
        }
    }
}

/// `vec![]`, `vec![a, b, …]` or `vec![x; n]`.
fn vec_args(input: ParseStream) -> syn::Result<Vec<Expr>> {
    let mut out = Vec::new();
    if input.is_empty() {
        return Ok(out);
    }
    out.push(input.parse()?);
    if input.peek(Token![;]) {
        input.parse::<Token![;]>()?;
        out.push(input.parse()?);
        return if input.is_empty() {
            Ok(out)
        } else {
            Err(input.error("unexpected tokens after `vec![x; n]`"))
        };
    }
    while !input.is_empty() {
        input.parse::<Token![,]>()?;
        if input.is_empty() {
            break;
        }
        out.push(input.parse()?);
    }
    Ok(out)
}

/// `matches!(expr, pattern)` with an optional `if guard` and trailing comma.
fn matches_args(input: ParseStream) -> syn::Result<(Expr, syn::Pat, Option<Expr>)> {
    let e = input.parse()?;
    input.parse::<Token![,]>()?;
    let p = syn::Pat::parse_multi_with_leading_vert(input)?;
    let guard = if input.peek(Token![if]) {
        input.parse::<Token![if]>()?;
        Some(input.parse()?)
    } else {
        None
    };
    if input.peek(Token![,]) {
        input.parse::<Token![,]>()?;
    }
    if input.is_empty() {
        Ok((e, p, guard))
    } else {
        Err(input.error("unexpected tokens after `matches!(x, pattern)`"))
    }
}

impl<'ast> Visit<'ast> for Policy {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        use syn::Item as I;
        let verdict = match item {
            I::Fn(_) | I::Struct(_) | I::Enum(_) | I::Type(_) | I::Use(_) => Ok(()),
            // Top level: an `impl Type { fn … }` block holds the fixed methods (which library
            // functions they replace is checked when reading the answer).
            I::Impl(_) if !self.in_body => Ok(()),
            I::Impl(_) => Err(
                "an `impl` block inside a function is not allowed in a fix: a \
                               trait or method it adds is seen by the whole crate",
            ),
            I::Const(_) => Err("a `const` item is not allowed in a fix: constant evaluation"),
            I::Static(_) => Err("a `static` is not allowed in a fix: it is global"),
            I::Mod(_) => Err("a `mod` is not allowed in a fix (`#[path]` reads any file)"),
            I::Trait(_) | I::TraitAlias(_) => Err("a trait is not allowed in a fix"),
            I::Macro(_) => {
                Err("a macro item (`macro_rules!`, an item macro) is not allowed in a fix")
            }
            I::ExternCrate(_) | I::ForeignMod(_) => Err("`extern` is not allowed in a fix"),
            I::Union(_) => Err("a `union` is not allowed in a fix"),
            _ => Err("this kind of item is not allowed in a fix"),
        };
        if let Err(e) = verdict {
            return self.deny(e);
        }
        if let I::Use(u) = item {
            self.use_tree(&u.tree, &mut Vec::new());
        }
        self.nested(|p| visit::visit_item(p, item));
    }

    fn visit_signature(&mut self, sig: &'ast syn::Signature) {
        if sig.constness.is_some()
            || sig.asyncness.is_some()
            || !matches!(sig.safety, syn::Safety::Default)
            || sig.abi.is_some()
            || sig.variadic.is_some()
        {
            return self.deny(
                "a `const`, `async`, `unsafe`, `safe` or `extern` fn is not allowed in a fix",
            );
        }
        // A generic helper can recurse on ever larger types (`f((x, x))`), which makes the
        // compiler's work explode; lifetime parameters are what the implied-bounds soundness
        // hole (rust-lang/rust#25860, "cve-rs") needs to extend a borrow in safe code, reading
        // freed memory. The library's own functions have neither, and elision covers a helper.
        if self.in_body && !sig.generics.params.is_empty() {
            return self
                .deny("a helper fn with generic or lifetime parameters is not allowed in a fix");
        }
        visit::visit_signature(self, sig);
    }

    fn visit_block(&mut self, block: &'ast syn::Block) {
        let outer = std::mem::replace(&mut self.in_body, true);
        self.nested(|p| visit::visit_block(p, block));
        self.in_body = outer;
    }

    fn visit_expr(&mut self, expr: &'ast Expr) {
        let verdict = match expr {
            Expr::Async(_) | Expr::Await(_) | Expr::Yield(_) => {
                Err("`async`, `.await` and `yield` are not allowed in a fix")
            }
            Expr::Const(_) => Err("a `const { … }` block is not allowed in a fix"),
            Expr::Unsafe(_) | Expr::RawAddr(_) => Err("`unsafe` is not allowed in a fix"),
            Expr::TryBlock(_) => Err("a `try` block is not allowed in a fix"),
            Expr::Verbatim(_) => Err("this expression is not allowed in a fix"),
            Expr::Closure(c) if c.constness.is_some() || c.asyncness.is_some() => {
                Err("a `const` or `async` closure is not allowed in a fix")
            }
            _ => Ok(()),
        };
        if let Err(e) = verdict {
            return self.deny(e);
        }
        if let Expr::Repeat(r) = expr {
            self.size(&r.len, "an array length");
        }
        self.nested(|p| visit::visit_expr(p, expr));
    }

    fn visit_type(&mut self, ty: &'ast syn::Type) {
        match ty {
            syn::Type::Macro(_) | syn::Type::Verbatim(_) => {
                return self.deny("this type is not allowed in a fix");
            }
            syn::Type::ImplTrait(_) if self.in_body => {
                return self
                    .deny("`impl Trait` in a helper is not allowed in a fix (it is generic)");
            }
            syn::Type::FnPtr(f) if f.abi.is_some() || f.unsafety.is_some() => {
                return self.deny("an `unsafe` or `extern` fn pointer is not allowed in a fix");
            }
            syn::Type::Array(a) => self.size(&a.len, "an array length"),
            _ => {}
        }
        self.nested(|p| visit::visit_type(p, ty));
    }

    fn visit_pat(&mut self, pat: &'ast syn::Pat) {
        if matches!(
            pat,
            syn::Pat::Macro(_) | syn::Pat::Verbatim(_) | syn::Pat::Const(_)
        ) {
            return self.deny("this pattern is not allowed in a fix");
        }
        self.nested(|p| visit::visit_pat(p, pat));
    }

    fn visit_bound_lifetimes(&mut self, bound: &'ast syn::BoundLifetimes) {
        if self.in_body {
            return self.deny("a `for<…>` binder is not allowed in a fix");
        }
        visit::visit_bound_lifetimes(self, bound);
    }

    fn visit_generic_argument(&mut self, arg: &'ast syn::GenericArgument) {
        match arg {
            syn::GenericArgument::Const(e) => self.size(e, "a const generic argument"),
            syn::GenericArgument::AssocConst(_) => {
                self.deny("an associated const argument is not allowed in a fix")
            }
            _ => {}
        }
        visit::visit_generic_argument(self, arg);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.macro_call(mac);
    }

    fn visit_attribute(&mut self, attr: &'ast syn::Attribute) {
        let name = attr
            .path()
            .get_ident()
            .map(ToString::to_string)
            .unwrap_or_default();
        let doc_ok = match (&*name, &attr.meta) {
            ("doc", syn::Meta::NameValue(nv)) => matches!(
                &nv.value,
                Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(_),
                    ..
                })
            ),
            ("doc", _) => false,
            _ => true,
        };
        if !matches!(attr.style, syn::AttrStyle::Outer)
            || !allow::ATTRIBUTES.contains(&name.as_str())
            || !doc_ok
        {
            self.deny(format!(
                "the attribute `#[{}]` is not allowed in a fix; allowed: {}",
                attr.path().to_token_stream_string(),
                allow::ATTRIBUTES.join(", ")
            ));
        }
        // The attribute's arguments are checked token by token (`tokens.rs`); the tree holds
        // them unparsed.
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        if path.leading_colon.is_some() {
            return self.deny("a path starting with `::` is not allowed in a fix");
        }
        let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        if let Some(root @ ("std" | "core" | "alloc")) = segments.first().map(String::as_str)
            && let Err(e) = allow::std_path(root, &segments[1..], self.linked)
        {
            return self.deny(e);
        }
        visit::visit_path(self, path);
    }

    fn visit_ident(&mut self, ident: &'ast proc_macro2::Ident) {
        if let Err(e) = allow::ident(&ident.to_string(), self.linked) {
            self.deny(e);
        }
    }

    fn visit_lifetime(&mut self, lifetime: &'ast syn::Lifetime) {
        // `'static` is a lifetime, not the `static` keyword; other names are checked as usual.
        if lifetime.ident != "static" {
            self.visit_ident(&lifetime.ident);
        }
    }

    fn visit_lit(&mut self, lit: &'ast syn::Lit) {
        if let syn::Lit::Verbatim(_) = lit {
            return self.deny("this literal is not allowed in a fix");
        }
        if lit
            .to_token_stream_string()
            .to_ascii_lowercase()
            .contains(allow::RUNTIME_PREFIX)
        {
            self.deny(format!(
                "a literal naming `{}` (the verifier's runtime) is not allowed in a fix",
                allow::RUNTIME_PREFIX
            ));
        }
    }
}

/// `to_token_stream().to_string()`, for messages.
trait TokenString {
    fn to_token_stream_string(&self) -> String;
}

impl<T: quote::ToTokens> TokenString for T {
    fn to_token_stream_string(&self) -> String {
        self.to_token_stream().to_string()
    }
}
