//! Semantics-preserving rewrites of a library's expressions and control flow, found once per
//! repo as sites with byte ranges, and the renderer that applies chosen sites and bug edits to
//! the text together.
//!
//! A site is a template over the byte ranges of its children (`L < R` becomes `R > L`), so sites
//! nest and a bug inside a child moves with it. Every rewrite keeps evaluation order and panics:
//! - `L op R` → `R op' R` for `<`, `<=`, `>`, `>=`, only when both sides are side-effect-free and
//!   cannot panic (a path, a literal, a field, `.len()`), so their order is unobservable and both
//!   sides have the same type (no `PartialOrd<Other>` impl is needed the other way round);
//! - `if c { x } else { y }` → `if !(c) { y } else { x }` (no `if let`; `else if` chains are
//!   rewritten at their last `if`);
//! - `v += e` → `v = v + (e)` (and `-=`, `*=`) for a plain local `v`: a primitive compound
//!   assignment evaluates `e`, then applies the same checked operation.

use std::ops::Range;

use syn::spanned::Spanned;
use syn::visit::{self, Visit};

/// One piece of a site's replacement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    /// Literal text.
    Text(String),
    /// A child range of the original, rendered with any edits inside it.
    Child(Range<usize>),
}

/// A rewrite that may be applied at one place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Site {
    /// The original range it replaces.
    pub range: Range<usize>,
    /// What replaces it.
    pub pieces: Vec<Piece>,
}

impl Site {
    /// Whether a bug at `bug` leaves this site valid: disjoint from it, or inside one child.
    pub fn compatible(&self, bug: &Range<usize>) -> bool {
        let disjoint = bug.end <= self.range.start || bug.start >= self.range.end;
        disjoint
            || self.pieces.iter().any(|p| match p {
                Piece::Child(c) => c.start <= bug.start && bug.end <= c.end && c != &self.range,
                Piece::Text(_) => false,
            })
    }
}

/// One edit the renderer applies: a site, or a bug's replacement text.
#[derive(Clone, Copy, Debug)]
pub enum Edit<'a> {
    /// A rewrite.
    Site(&'a Site),
    /// `range` replaced by this text.
    Leaf(&'a Range<usize>, &'a str),
}

impl Edit<'_> {
    fn range(&self) -> &Range<usize> {
        match self {
            Edit::Site(s) => &s.range,
            Edit::Leaf(r, _) => r,
        }
    }
}

/// Renders `src[range]` with `edits` applied; edits must nest or be disjoint, and be sorted by
/// start, then by end descending (outer first).
pub fn render(src: &str, range: Range<usize>, edits: &[Edit<'_>], out: &mut String) {
    let mut at = range.start;
    for (i, e) in edits.iter().enumerate() {
        let r = e.range();
        if r.start < at || r.end > range.end || r.start < range.start {
            continue;
        }
        // Rendering an edit's children only looks at the edits after it.
        let inner = &edits[i + 1..];
        out.push_str(&src[at..r.start]);
        match e {
            Edit::Leaf(_, text) => out.push_str(text),
            Edit::Site(site) => {
                for p in &site.pieces {
                    match p {
                        Piece::Text(t) => out.push_str(t),
                        Piece::Child(c) => render(src, c.clone(), inner, out),
                    }
                }
            }
        }
        at = r.end;
    }
    out.push_str(&src[at..range.end]);
}

/// Sorts edits the way [`render`] needs them.
pub fn sort_edits(edits: &mut [Edit<'_>]) {
    edits.sort_by(|a, b| {
        let (a, b) = (a.range(), b.range());
        a.start.cmp(&b.start).then(b.end.cmp(&a.end))
    });
}

/// Every rewrite site of `library`, in source order.
pub fn sites(library: &str) -> Result<Vec<Site>, String> {
    let file = syn::parse_file(library).map_err(|e| format!("the library does not parse: {e}"))?;
    let mut finder = Finder {
        src: library,
        sites: Vec::new(),
    };
    finder.visit_file(&file);
    let mut sites = finder.sites;
    sites.sort_by(|a, b| {
        a.range
            .start
            .cmp(&b.range.start)
            .then(b.range.end.cmp(&a.range.end))
    });
    Ok(sites)
}

/// The byte ranges of `library`'s top-level items, attributes and doc comments included.
pub fn items(source: &str) -> Result<Vec<Range<usize>>, String> {
    let file = syn::parse_file(source).map_err(|e| format!("the source does not parse: {e}"))?;
    Ok(file
        .items
        .iter()
        .map(|item| {
            let r = item.span().byte_range();
            let start = attrs(item)
                .iter()
                .map(|a| a.span().byte_range().start)
                .min()
                .unwrap_or(r.start)
                .min(r.start);
            start..r.end
        })
        .collect())
}

fn attrs(item: &syn::Item) -> &[syn::Attribute] {
    match item {
        syn::Item::Fn(i) => &i.attrs,
        syn::Item::Struct(i) => &i.attrs,
        syn::Item::Enum(i) => &i.attrs,
        syn::Item::Impl(i) => &i.attrs,
        syn::Item::Use(i) => &i.attrs,
        syn::Item::Const(i) => &i.attrs,
        syn::Item::Static(i) => &i.attrs,
        syn::Item::Type(i) => &i.attrs,
        syn::Item::Mod(i) => &i.attrs,
        syn::Item::Trait(i) => &i.attrs,
        _ => &[],
    }
}

struct Finder<'a> {
    src: &'a str,
    sites: Vec<Site>,
}

fn range<T: Spanned>(node: &T) -> Range<usize> {
    node.span().byte_range()
}

/// Side-effect-free and panic-free: its evaluation order is unobservable.
fn pure(e: &syn::Expr) -> bool {
    match e {
        syn::Expr::Path(p) => p.qself.is_none(),
        syn::Expr::Lit(_) => true,
        syn::Expr::Field(f) => pure(&f.base),
        syn::Expr::Reference(r) => r.mutability.is_none() && pure(&r.expr),
        syn::Expr::MethodCall(m) => m.method == "len" && m.args.is_empty() && pure(&m.receiver),
        _ => false,
    }
}

/// Binds tighter than a prefix `!`, so `!e` needs no parentheses.
fn postfix(e: &syn::Expr) -> bool {
    matches!(
        e,
        syn::Expr::Path(_)
            | syn::Expr::Lit(_)
            | syn::Expr::Field(_)
            | syn::Expr::MethodCall(_)
            | syn::Expr::Call(_)
            | syn::Expr::Index(_)
            | syn::Expr::Paren(_)
            | syn::Expr::Try(_)
    )
}

fn text(s: &str) -> Piece {
    Piece::Text(s.to_owned())
}

impl<'ast> Visit<'ast> for Finder<'_> {
    fn visit_expr_binary(&mut self, b: &'ast syn::ExprBinary) {
        use syn::BinOp;
        let flipped = match b.op {
            BinOp::Lt(_) => Some(" > "),
            BinOp::Le(_) => Some(" >= "),
            BinOp::Gt(_) => Some(" < "),
            BinOp::Ge(_) => Some(" <= "),
            _ => None,
        };
        if let Some(op) = flipped
            && pure(&b.left)
            && pure(&b.right)
        {
            self.sites.push(Site {
                range: range(b),
                pieces: vec![
                    Piece::Child(range(&b.right)),
                    text(op),
                    Piece::Child(range(&b.left)),
                ],
            });
        }
        let op = match b.op {
            BinOp::AddAssign(_) => Some("+"),
            BinOp::SubAssign(_) => Some("-"),
            BinOp::MulAssign(_) => Some("*"),
            _ => None,
        };
        if let Some(op) = op
            && let syn::Expr::Path(p) = &*b.left
            && p.qself.is_none()
            && p.path.get_ident().is_some()
            && b.attrs.is_empty()
        {
            let var = &self.src[range(&b.left)];
            let (open, close) = if postfix(&b.right) {
                ("", "")
            } else {
                ("(", ")")
            };
            self.sites.push(Site {
                range: range(b),
                pieces: vec![
                    text(&format!("{var} = {var} {op} {open}")),
                    Piece::Child(range(&b.right)),
                    text(close),
                ],
            });
        }
        visit::visit_expr_binary(self, b);
    }

    fn visit_expr_if(&mut self, e: &'ast syn::ExprIf) {
        let plain_cond = !matches!(&*e.cond, syn::Expr::Let(_)) && !contains_let(&e.cond);
        if let Some((_, else_branch)) = &e.else_branch
            && let syn::Expr::Block(block) = &**else_branch
            && block.attrs.is_empty()
            && block.label.is_none()
            && plain_cond
            && e.attrs.is_empty()
        {
            let (open, close) = if postfix(&e.cond) {
                ("!", "")
            } else {
                ("!(", ")")
            };
            self.sites.push(Site {
                range: range(e),
                pieces: vec![
                    text(&format!("if {open}")),
                    Piece::Child(range(&*e.cond)),
                    text(&format!("{close} ")),
                    Piece::Child(range(&block.block)),
                    text(" else "),
                    Piece::Child(range(&e.then_branch)),
                ],
            });
        }
        visit::visit_expr_if(self, e);
    }
}

/// Whether a condition holds a `let` (a let chain).
fn contains_let(e: &syn::Expr) -> bool {
    match e {
        syn::Expr::Let(_) => true,
        syn::Expr::Binary(b) => contains_let(&b.left) || contains_let(&b.right),
        syn::Expr::Paren(p) => contains_let(&p.expr),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(src: &str) -> String {
        let sites = sites(src).unwrap();
        let mut edits: Vec<Edit<'_>> = sites.iter().map(Edit::Site).collect();
        sort_edits(&mut edits);
        let mut out = String::new();
        render(src, 0..src.len(), &edits, &mut out);
        out
    }

    #[test]
    fn every_site_rewrites_and_sites_nest() {
        let src = "fn f(a: i64, b: i64, v: &[i64]) -> i64 {\n    let mut n = 0;\n    if a < b { n += 1; } else if v.len() >= 2 { n -= a * b; } else { n *= 2; }\n    if n > 0 && a < 3 { 1 } else { n }\n}\n";
        let out = all(src);
        assert_eq!(
            out,
            "fn f(a: i64, b: i64, v: &[i64]) -> i64 {\n    let mut n = 0;\n    if b > a { n = n + 1; } else if !(2 <= v.len()) { n = n * 2; } else { n = n - (a * b); }\n    if !(0 < n && 3 > a) { n } else { 1 }\n}\n"
        );
        syn::parse_file(&out).unwrap();
    }

    #[test]
    fn impure_operands_and_let_conditions_are_left_alone() {
        let src = "fn f(it: &mut std::slice::Iter<i64>, o: Option<i64>) -> bool {\n    if let Some(x) = o { x < 1 } else { it.next() < it.next() }\n}\n";
        assert_eq!(
            all(src),
            "fn f(it: &mut std::slice::Iter<i64>, o: Option<i64>) -> bool {\n    if let Some(x) = o { 1 > x } else { it.next() < it.next() }\n}\n"
        );
    }

    #[test]
    fn a_bug_in_a_child_moves_with_it_and_one_elsewhere_drops_the_site() {
        let src = "fn f(a: i64, b: i64) -> i64 { if a < b { a } else { b } }";
        let sites = sites(src).unwrap();
        let op = src.find('<').unwrap();
        let bug = op..op + 1;
        let ok: Vec<&Site> = sites.iter().filter(|s| s.compatible(&bug)).collect();
        // The comparison site (its operator is the bug) is dropped; the if-else keeps it.
        assert_eq!(ok.len(), 1);
        let mut edits: Vec<Edit<'_>> = ok.into_iter().map(Edit::Site).collect();
        edits.push(Edit::Leaf(&bug, "<="));
        sort_edits(&mut edits);
        let mut out = String::new();
        render(src, 0..src.len(), &edits, &mut out);
        assert_eq!(
            out,
            "fn f(a: i64, b: i64) -> i64 { if !(a <= b) { b } else { a } }"
        );
    }

    #[test]
    fn items_include_their_docs() {
        let src = "//! Crate.\n\n/// A.\n#[inline]\npub fn a() {}\n\n// note\nfn b() {}\n";
        let r = items(src).unwrap();
        assert_eq!(&src[r[0].clone()], "/// A.\n#[inline]\npub fn a() {}");
        assert_eq!(&src[r[1].clone()], "fn b() {}");
    }
}
