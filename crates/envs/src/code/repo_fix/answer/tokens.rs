//! The token layer of the `repo_fix` policy: every token of the answer, macro arguments and
//! attribute bodies included, checked before any parser interprets it. It is one of two
//! independent layers (the other is the syntax tree, `policy.rs`) that overlap on purpose:
//! keywords, identifiers, attributes, macros, `std` paths, `impl` in bodies and array sizes are
//! checked by both, so a gap in one is not a hole.

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};

use super::allow::{self, Linked, MACROS, MAX_DEPTH};

/// The literal proc-macro2's lexer makes of `(/*ERROR*/)`, which rustc reads as `()`: the two
/// lexers disagree on it, so it is refused.
const LEXER_ERROR_LITERAL: &str = "(/*ERROR*/)";

/// Checks every token of `tokens` (a whole ```rust block).
pub fn check(tokens: &TokenStream, linked: Linked) -> Result<(), String> {
    walk(tokens, 0, linked)?;
    array_elements(tokens, 0)?;
    Ok(())
}

fn walk(stream: &TokenStream, depth: usize, linked: Linked) -> Result<(), String> {
    if depth > MAX_DEPTH {
        return Err(format!(
            "brackets nest deeper than {MAX_DEPTH}; a fix does not need that"
        ));
    }
    let trees: Vec<TokenTree> = stream.clone().into_iter().collect();
    for (i, tree) in trees.iter().enumerate() {
        match tree {
            TokenTree::Ident(ident) => check_ident(&trees, i, &ident.to_string(), depth, linked)?,
            TokenTree::Punct(p) => check_punct(&trees, i, p.as_char())?,
            TokenTree::Literal(lit) => check_literal(&lit.to_string())?,
            TokenTree::Group(g) => {
                if g.delimiter() == Delimiter::Brace && is_punct(trees.get(i.wrapping_sub(1)), '<')
                {
                    return Err(
                        "a `{ … }` generic argument is constant evaluation, which a fix may not use"
                            .to_owned(),
                    );
                }
                walk(&g.stream(), depth + 1, linked)?;
            }
        }
    }
    Ok(())
}

fn is_punct(tree: Option<&TokenTree>, c: char) -> bool {
    matches!(tree, Some(TokenTree::Punct(p)) if p.as_char() == c)
}

fn ident_text(tree: Option<&TokenTree>) -> Option<String> {
    match tree {
        Some(TokenTree::Ident(i)) => Some(i.to_string()),
        _ => None,
    }
}

/// Whether `trees[i]` starts a `::` (a joint `:` followed by `:`).
fn is_path_sep(trees: &[TokenTree], i: usize) -> bool {
    matches!(trees.get(i), Some(TokenTree::Punct(p)) if p.as_char() == ':' && p.spacing() == Spacing::Joint)
        && is_punct(trees.get(i + 1), ':')
}

fn check_ident(
    trees: &[TokenTree],
    i: usize,
    text: &str,
    depth: usize,
    linked: Linked,
) -> Result<(), String> {
    // `'static` is a lifetime, not the `static` keyword.
    let lifetime = i > 0 && is_punct(trees.get(i - 1), '\'');
    if !(lifetime && text == "static") {
        allow::ident(text, linked)?;
    }
    let next = trees.get(i + 1);
    // `union` is a keyword only where an item starts: `union U { … }`; `a.union(&b)` is a method.
    if text == "union" && matches!(next, Some(TokenTree::Ident(_))) {
        return Err("a `union` is not allowed in a fix".to_owned());
    }
    // An `impl` block anywhere but the answer's top level adds a trait or an inherent method to
    // a type for the whole crate: the siblings of the answer in a group would see it.
    if text == "impl" && depth > 0 && at_item_start(trees, i) {
        return Err(
            "an `impl` block inside a function is not allowed in a fix: it is global".to_owned(),
        );
    }
    if matches!(text, "std" | "core" | "alloc") && is_path_sep(trees, i + 1) {
        std_path(trees, i + 3, text, Vec::new(), linked)?;
    }
    let is_macro = is_punct(next, '!')
        && matches!(trees.get(i + 2), Some(TokenTree::Group(_)))
        && !allow::KEYWORDS.contains(&text);
    if is_macro && !MACROS.contains(&text) {
        return Err(format!(
            "the macro `{text}!` is not allowed in a fix; allowed: {}",
            MACROS.join(", ")
        ));
    }
    Ok(())
}

/// Checks the path segments after `root::`, starting at `trees[j]`, through `{ … }` groups.
fn std_path(
    trees: &[TokenTree],
    j: usize,
    root: &str,
    mut rest: Vec<String>,
    linked: Linked,
) -> Result<(), String> {
    match trees.get(j) {
        Some(TokenTree::Ident(seg)) => {
            // `alloc::vec![…]`: a macro's path, not a module's.
            if rest.is_empty() && is_punct(trees.get(j + 1), '!') {
                return allow::macro_path(root, &seg.to_string(), linked);
            }
            rest.push(seg.to_string());
            // `std::mem::…` is checked one segment further; other modules at their first.
            if rest.len() < 2 && rest[0] == "mem" && is_path_sep(trees, j + 1) {
                return std_path(trees, j + 3, root, rest, linked);
            }
            allow::std_path(root, &rest, linked)
        }
        Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Brace => {
            let inner: Vec<TokenTree> = g.stream().into_iter().collect();
            let mut start = 0;
            while start < inner.len() {
                std_path(&inner, start, root, rest.clone(), linked)?;
                start = inner[start..]
                    .iter()
                    .position(|t| is_punct(Some(t), ','))
                    .map_or(inner.len(), |k| start + k + 1);
            }
            Ok(())
        }
        Some(TokenTree::Punct(p)) if p.as_char() == '*' => allow::std_path(root, &rest, linked),
        _ => Err(format!(
            "a `{root}::` path must name a module; found something else"
        )),
    }
}

/// Whether `trees[i]` is where an item or statement starts: the group's start, after `;`, after
/// a block, or after an attribute.
fn at_item_start(trees: &[TokenTree], i: usize) -> bool {
    match i.checked_sub(1).map(|p| &trees[p]) {
        None => true,
        Some(TokenTree::Punct(p)) => p.as_char() == ';',
        Some(TokenTree::Group(g)) => matches!(g.delimiter(), Delimiter::Brace | Delimiter::Bracket),
        Some(TokenTree::Ident(id)) => id == "pub",
        Some(TokenTree::Literal(_)) => false,
    }
}

fn check_punct(trees: &[TokenTree], i: usize, c: char) -> Result<(), String> {
    match c {
        '$' => Err("`$` is not allowed in a fix".to_owned()),
        '#' => match trees.get(i + 1) {
            Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Bracket => {
                attribute(&g.stream())
            }
            Some(TokenTree::Punct(p)) if p.as_char() == '!' => {
                Err("inner attributes (`#![…]`) and `#!` lines are not allowed in a fix".to_owned())
            }
            _ => Err("a `#` that does not start an attribute is not allowed in a fix".to_owned()),
        },
        // A path that starts with `::` names an extern crate root directly.
        ':' if is_path_sep(trees, i) && !after_path_segment(trees, i) => {
            Err("a path starting with `::` is not allowed in a fix".to_owned())
        }
        _ => Ok(()),
    }
}

/// Whether the `::` at `trees[i]` continues a path (`a::b`, `Vec::<u8>::new`, `<T as X>::f`).
fn after_path_segment(trees: &[TokenTree], i: usize) -> bool {
    match i.checked_sub(1).map(|p| &trees[p]) {
        Some(TokenTree::Ident(_)) => true,
        Some(TokenTree::Punct(p)) => p.as_char() == '>',
        _ => false,
    }
}

/// The body of `#[…]`: one allowed attribute, in its plain form.
fn attribute(stream: &TokenStream) -> Result<(), String> {
    let trees: Vec<TokenTree> = stream.clone().into_iter().collect();
    let name = ident_text(trees.first()).unwrap_or_default();
    let shape_ok = match (name.as_str(), &trees[..]) {
        // `#[doc = "…"]`, which is also what a `///` comment becomes.
        ("doc", [_, TokenTree::Punct(eq), TokenTree::Literal(lit)]) => {
            eq.as_char() == '=' && lit.to_string().starts_with(['"', 'r'])
        }
        ("inline" | "must_use" | "cold", [_]) => true,
        ("inline", [_, TokenTree::Group(g)]) => {
            matches!(&g.stream().into_iter().collect::<Vec<_>>()[..], [TokenTree::Ident(i)] if i == "always" || i == "never")
        }
        ("must_use", [_, TokenTree::Punct(eq), TokenTree::Literal(_)]) => eq.as_char() == '=',
        ("allow", [_, TokenTree::Group(g)]) => names(g, &[]),
        ("derive", [_, TokenTree::Group(g)]) => names(g, allow::DERIVES),
        _ => false,
    };
    if shape_ok && allow::ATTRIBUTES.contains(&name.as_str()) {
        Ok(())
    } else {
        Err(format!(
            "the attribute `#[{}]` is not allowed in a fix; allowed: {} (`#[doc = \"…\"]`, \
             `#[inline]`, `#[inline(always|never)]`, `#[must_use]`, `#[cold]`, \
             `#[allow(lint, …)]`, `#[derive({})]`)",
            stream.to_string().chars().take(40).collect::<String>(),
            allow::ATTRIBUTES.join(", "),
            allow::DERIVES.join(", ")
        ))
    }
}

/// Whether a `( … )` group is a comma list of plain names (lint paths such as `clippy::x` too),
/// each in `only` when it is not empty.
fn names(g: &proc_macro2::Group, only: &[&str]) -> bool {
    g.delimiter() == Delimiter::Parenthesis
        && g.stream().into_iter().all(|t| match t {
            TokenTree::Ident(i) => only.is_empty() || only.contains(&i.to_string().as_str()),
            TokenTree::Punct(p) => p.as_char() == ',' || (only.is_empty() && p.as_char() == ':'),
            _ => false,
        })
}

fn check_literal(text: &str) -> Result<(), String> {
    if text == LEXER_ERROR_LITERAL {
        return Err(format!("`{LEXER_ERROR_LITERAL}` is not allowed in a fix"));
    }
    // A format string's `{name}` captures a variable by name: the runtime's too.
    if text.to_ascii_lowercase().contains(allow::RUNTIME_PREFIX) {
        return Err(format!(
            "a literal naming `{}` (the verifier's runtime) is not allowed in a fix",
            allow::RUNTIME_PREFIX
        ));
    }
    Ok(())
}

/// The most elements any spelled-out array in `stream` has (`[x; N]` and `[T; N]`, nested
/// lengths multiplied); an error when one exceeds the bound or its length is not a literal.
/// `vec![x; n]` allocates at run time, so its `n` is not counted (its `x` is).
fn array_elements(stream: &TokenStream, depth: usize) -> Result<u64, String> {
    if depth > MAX_DEPTH {
        return Err(format!("brackets nest deeper than {MAX_DEPTH}"));
    }
    let trees: Vec<TokenTree> = stream.clone().into_iter().collect();
    let mut most = 1;
    for (i, tree) in trees.iter().enumerate() {
        let TokenTree::Group(g) = tree else { continue };
        let inner: Vec<TokenTree> = g.stream().into_iter().collect();
        let semi = inner.iter().position(|t| is_punct(Some(t), ';'));
        let is_vec = i >= 2
            && is_punct(trees.get(i - 1), '!')
            && ident_text(trees.get(i - 2)).as_deref() == Some("vec");
        let elements = match (g.delimiter(), semi) {
            (Delimiter::Bracket, Some(s)) => {
                let element: TokenStream = inner[..s].iter().cloned().collect();
                let each = array_elements(&element, depth + 1)?;
                let count = if is_vec {
                    array_elements(&inner[s + 1..].iter().cloned().collect(), depth + 1)?;
                    1
                } else {
                    let n = match &inner[s + 1..] {
                        [TokenTree::Literal(lit)] => allow::int_value(lit),
                        _ => None,
                    };
                    allow::size(n, "an array length")?
                };
                let total = each.saturating_mul(count);
                if total > allow::MAX_ARRAY_ELEMENTS {
                    return Err(format!(
                        "an array of {total} elements is too large; a fix may use at most {}",
                        allow::MAX_ARRAY_ELEMENTS
                    ));
                }
                total
            }
            _ => array_elements(&g.stream(), depth + 1)?,
        };
        most = most.max(elements);
    }
    Ok(most)
}
