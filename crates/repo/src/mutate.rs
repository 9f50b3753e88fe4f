//! The mutation engine: a syn `Visit` walker finds mutation sites in a library source, and each
//! mutant is a text edit at a byte span of the original, so diffs are minimal and lines stay true.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::ops::Range;

use proc_macro2::Span;
use quote::ToTokens;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use syn::spanned::Spanned;
use syn::visit::{self, Visit};
use syn::{BinOp, Expr, Lit, ReturnType, Stmt, Type, UnOp};

use super::RepoError;

/// The kind of change a mutant makes.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Operator {
    /// A relational operator moved across its boundary: `<` ↔ `<=`, `>` ↔ `>=`.
    RelationalBoundary,
    /// A relational operator negated: `<` → `>=`, `==` ↔ `!=`, ...
    RelationalNegation,
    /// A relational operator replaced by another: `<` → `==`, `<` → `>`, ...
    RelationalSwap,
    /// An arithmetic or bitwise operator swapped: `+` ↔ `-`, `*` ↔ `/`, `&` ↔ `|`, `<<` ↔ `>>`, ...
    ArithmeticSwap,
    /// `&&` ↔ `||`.
    LogicalSwap,
    /// A unary `!` or `-` removed.
    UnaryRemoval,
    /// An integer literal plus or minus one.
    IntLiteral,
    /// A boolean literal flipped.
    BoolLiteral,
    /// A range's `..` ↔ `..=`.
    RangeLimits,
    /// A statement removed (never a `let` or a block's tail expression).
    StatementRemoval,
    /// The `then` and `else` blocks of an `if` swapped.
    IfElseSwap,
    /// An `if` condition replaced with `true` or `false`.
    ConditionConstant,
    /// A function body replaced with a default value of its return type.
    ReturnDefault,
    /// A method swapped for its twin: `min` ↔ `max`, `first` ↔ `last`, `to_lowercase` ↔
    /// `to_uppercase`.
    MethodSwap,
    /// A `match` arm deleted (only when a wildcard arm catches what it matched).
    MatchArmRemoval,
    /// Not a mutation operator: a function body replaced by a given one (a candidate fix),
    /// added with [`Analysis::add_variant`].
    Variant,
}

/// Which values [`Operator::ReturnDefault`] mutants put in place of a function body.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReturnValues {
    /// The set the committed bug catalogs, `repo_fix` and the fix agent are built from, frozen
    /// so their bytes never move: numbers, `bool`, `String`, `&str`, `Vec` and `Option` of
    /// those, `Default::default()` for any other owned type, nothing for unit, references,
    /// `impl Trait` and `Self`.
    Classic,
    /// Type-aware, as cargo-mutants' `fnvalue.rs` (27.1): `Result<T, E>` → `Ok(<T value>)`
    /// (`Ok(())` for unit), `Option<T>` → `None`, `Some(<T value>)`, unit → `()`, tuples
    /// element-wise, `&mut T` → `Box::leak(Box::new(<T value>))`, `&T` → `&<literal>` or
    /// `Box::leak(..)`, `&[T]` → `Vec::leak(..)`, `Box`/`Rc`/`Arc<T>` → `Box::new(<T value>)`…,
    /// `impl Iterator<Item = T>` → `::std::iter::empty()`, `::std::iter::once(<T value>)`,
    /// `Cow` → `Cow::Borrowed(..)`, `Cow::Owned(..)`, `Vec` → `vec![]`, `vec![<T value>]`,
    /// `[T; N]` → `[<T value>; N]`, `String` → `String::new()`, `"xyzzy".into()`; numbers and
    /// `bool` as `Classic`; any other type `Default::default()`. The default for audits.
    #[default]
    TypeAware,
}

/// One mutant: a single text edit of the library source.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct Mutant {
    /// Stable id: a short hash of operator, byte span and replacement, then the ordinal.
    pub id: String,
    /// 1-based position in source order; the run-time selector of this mutant (0 is the original).
    pub ordinal: u32,
    /// The kind of change.
    pub operator: Operator,
    /// The enclosing function, as `name` or `Type::method`.
    pub function: String,
    /// 1-based line of the edit's start.
    pub line: usize,
    /// 1-based column (in characters) of the edit's start.
    pub column: usize,
    /// The original text at the edit span.
    pub original: String,
    /// The replacement text.
    pub replacement: String,
    /// A unified diff of the library, original to mutant.
    pub diff: String,
    /// The edited byte range of the original source.
    #[serde(skip)]
    #[schemars(skip)]
    pub span: Range<usize>,
    /// The byte range the schemata wraps: a whole expression or statement around the edit, so
    /// original and mutant alternatives are both complete and have the same type.
    #[serde(skip)]
    #[schemars(skip)]
    pub site: Range<usize>,
    /// The replacement as pieces, so the schemata can inject fuel into copied original text.
    #[serde(skip)]
    #[schemars(skip)]
    pub(crate) pieces: Vec<Piece>,
    /// Why the mutant is not built, when it is not: it sits in a const context (a `const fn`
    /// body, a const-generic argument), evaluated at compile time, where verigym's run-time
    /// selection cannot reach. Such mutants are reported as `skipped`, never `unviable`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub skip: Option<String>,
}

/// A part of a replacement: new text, or a byte range of the original copied verbatim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Piece {
    Text(String),
    Orig(Range<usize>),
}

/// A free or associated function of the library, for differential testing of survivors.
#[derive(Clone, Debug)]
pub struct FnInfo {
    /// `name` or `Type::method`.
    pub name: String,
    /// Whether it takes `self` (methods are not driven by differential testing).
    pub has_receiver: bool,
    /// Parameter types, rendered from tokens without spaces (`&[i64]`, `u32`, `&str`).
    pub params: Vec<String>,
    /// The return type rendered the same way, or `()`.
    pub ret: String,
    /// Whether it is generic (not driven by differential testing).
    pub generic: bool,
    /// The item's byte range, from its visibility (or `fn`) to its closing brace; doc comments
    /// and other attributes excluded.
    pub span: Range<usize>,
    /// The body's byte range, inside the braces.
    pub body: Range<usize>,
    /// The signature rendered from tokens without spaces, to compare a replacement's with.
    pub signature: String,
    /// Each parameter's name when it is a plain identifier (`x`, `mut x`), else `None`.
    pub param_names: Vec<Option<String>>,
    /// The conditions of the `assert!`-family statements (`assert!`, `assert_eq!`,
    /// `assert_ne!` and their `debug_` forms) that open the body, as Rust boolean expressions
    /// over the parameters: the function's stated preconditions. Differential testing drops
    /// inputs that violate them.
    pub preconditions: Vec<String>,
    /// Whether its doc comment has a `# Panics` section: then the inputs on which the original
    /// panics are the ones its documentation rules out, and differential testing drops them
    /// too (the prose cannot be read as code, but the original's own panic marks the case).
    pub panics_documented: bool,
}

/// The result of walking a library: its mutants in source order and what the schemata needs.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The source that was analysed.
    pub source: String,
    /// Every mutant that is built, in source order, ordinals 1..=n.
    pub mutants: Vec<Mutant>,
    /// Mutants found in const contexts, in source order, ordinals n+1..: never built, each with
    /// its `skip` reason.
    pub skipped: Vec<Mutant>,
    /// The library's functions, in source order.
    pub functions: Vec<FnInfo>,
    /// Byte offsets just inside the `{` of every loop body: where fuel is spent.
    pub(crate) loop_points: Vec<usize>,
    /// Byte offsets just inside the `{` of every fn body: where recursion depth is tracked.
    pub(crate) fn_points: Vec<usize>,
    /// Ranges of block-like expression statements with no `;` (wrapped without parentheses).
    pub(crate) stmt_positions: BTreeSet<(usize, usize)>,
    /// Ranges of `if` expressions that are another `if`'s `else` (wrapped in braces).
    pub(crate) else_positions: BTreeSet<(usize, usize)>,
}

/// Parses `source` (a library file) and lists its mutants in source order.
///
/// `path` only labels errors and diffs.
pub fn analyze(source: &str, path: &str) -> Result<Analysis, RepoError> {
    analyze_with(source, path, ReturnValues::Classic)
}

/// As [`analyze`], with the given set of return-value replacements.
pub fn analyze_with(
    source: &str,
    path: &str,
    return_values: ReturnValues,
) -> Result<Analysis, RepoError> {
    let file = syn::parse_file(source).map_err(|e| parse_error(path, &e))?;
    let mut finder = Finder {
        return_values,
        const_ctx: Vec::new(),
        fn_stack: Vec::new(),
        impl_ty: None,
        stmt_stack: Vec::new(),
        raw: Vec::new(),
        functions: Vec::new(),
        loop_points: Vec::new(),
        fn_points: Vec::new(),
        stmt_positions: BTreeSet::new(),
        else_positions: BTreeSet::new(),
        keep_statements: BTreeSet::new(),
    };
    finder.visit_file(&file);
    let Finder {
        mut raw,
        functions,
        mut loop_points,
        mut fn_points,
        stmt_positions,
        else_positions,
        ..
    } = finder;
    // Source order; the sort is stable so several mutants at one span keep the walker's order.
    raw.sort_by_key(|r| (r.span.start, r.span.end));
    let mut seen = BTreeSet::new();
    let mut mutants = Vec::with_capacity(raw.len());
    let mut skipped = Vec::new();
    // Built mutants take ordinals 1..=n first, so a const context never shifts their selectors.
    raw.sort_by_key(|r| r.skip.is_some());
    for r in raw {
        let replacement = render_pieces(source, &r.pieces);
        // Two walkers paths can propose the same edit (a condition that is also a literal).
        if !seen.insert((r.span.start, r.span.end, replacement.clone())) {
            continue;
        }
        let ordinal = (mutants.len() + skipped.len()) as u32 + 1;
        let (line, column) = line_col(source, r.span.start);
        let mutated = apply_edit(source, &r.span, &replacement);
        mutants.push(Mutant {
            id: format!(
                "{}-{ordinal}",
                short_hash(r.operator, &r.span, &replacement)
            ),
            ordinal,
            operator: r.operator,
            function: r.function,
            line,
            column,
            original: source[r.span.clone()].to_owned(),
            replacement,
            diff: unified_diff(path, source, &mutated, &r.span),
            span: r.span,
            site: r.site,
            pieces: r.pieces,
            skip: r
                .skip
                .map(|why| format!("const context: {why}; verigym selects mutants at run time")),
        });
        if mutants.last().is_some_and(|m: &Mutant| m.skip.is_some()) {
            skipped.extend(mutants.pop());
        }
    }
    loop_points.sort_unstable();
    fn_points.sort_unstable();
    Ok(Analysis {
        source: source.to_owned(),
        mutants,
        skipped,
        functions,
        loop_points,
        fn_points,
        stmt_positions,
        else_positions,
    })
}

/// A syn error as a [`RepoError::Parse`] naming the file, line and column.
pub(crate) fn parse_error(path: &str, e: &syn::Error) -> RepoError {
    let start = e.span().start();
    RepoError::Parse {
        path: path.to_owned(),
        line: start.line,
        column: start.column + 1,
        message: e.to_string(),
    }
}

impl Analysis {
    /// The function named `name` (`f` or `Type::f`), if the library has it.
    pub fn function(&self, name: &str) -> Option<&FnInfo> {
        self.functions.iter().find(|f| f.name == name)
    }

    /// Adds a variant that replaces the body of function `name` with the body of `text` (a
    /// whole `fn` item with the same signature), and returns its ordinal: the run-time
    /// selector, as for mutants. This is how a group of candidate fixes shares one compile: a
    /// candidate body that does not compile is screened out like an unviable mutant. Loops in
    /// the candidate get fuel like the library's own.
    ///
    /// Errors (as a reason) when there is no such function, `text` is not one `fn` item, or its
    /// signature differs from the original's.
    pub fn add_variant(&mut self, name: &str, text: &str) -> Result<u32, String> {
        self.add_variant_naming(name, text, "")
    }

    /// [`Analysis::add_variant`] for a schemata whose runtime is reached by the path `rt`
    /// (`crate::__vg_rt::` in a real crate), as the fuel calls in the variant name it.
    pub(crate) fn add_variant_naming(
        &mut self,
        name: &str,
        text: &str,
        rt: &str,
    ) -> Result<u32, String> {
        // After the skipped mutants' ordinals too, so every ordinal stays unique.
        let ordinal = (self.mutants.len() + self.skipped.len()) as u32 + 1;
        self.add_variant_at(name, text, rt, ordinal)?;
        Ok(ordinal)
    }

    /// [`Analysis::add_variant_naming`] under a given `ordinal`, which the caller keeps unique in
    /// this file: one answer that replaces functions of several files of a crate gives each of
    /// its arms the same ordinal, so selecting it at run time selects the whole answer.
    pub(crate) fn add_variant_at(
        &mut self,
        name: &str,
        text: &str,
        rt: &str,
        ordinal: u32,
    ) -> Result<(), String> {
        let f = self
            .function(name)
            .ok_or_else(|| format!("no function `{name}` in the library"))?;
        let (item, inner) = variant_body(text)?;
        if compact(&item.sig) != f.signature {
            return Err(format!(
                "the signature of `{name}` differs from the original `{}`",
                f.signature
            ));
        }
        let span = f.body.clone();
        let body = &text[inner.clone()];
        let mutated = apply_edit(&self.source, &span, body);
        let (line, column) = line_col(&self.source, span.start);
        self.mutants.push(Mutant {
            id: format!("{}-{ordinal}", short_hash(Operator::Variant, &span, body)),
            ordinal,
            operator: Operator::Variant,
            function: name.to_owned(),
            line,
            column,
            original: self.source[span.clone()].to_owned(),
            replacement: body.to_owned(),
            diff: unified_diff("src/lib.rs", &self.source, &mutated, &span),
            site: span.clone(),
            span,
            pieces: vec![Piece::Text(fueled(&item, text, inner, rt))],
            skip: None,
        });
        Ok(())
    }
}

/// A variant's `fn` item parsed from `text`, and the byte range of its body's inside: the exact
/// text [`Analysis::add_variant`] splices into the library (callers that vet that text, such as
/// `repo_fix`'s answer policy, read it through this same function).
pub fn variant_body(text: &str) -> Result<(syn::ItemFn, Range<usize>), String> {
    let item =
        syn::parse_str::<syn::ItemFn>(text).map_err(|e| format!("not a single `fn` item: {e}"))?;
    let inner = range_of(item.block.brace_token.span.open()).end
        ..range_of(item.block.brace_token.span.close()).start;
    Ok((item, inner))
}

/// The body of `item` (parsed from `text`, body at byte range `inner`) with fuel calls at its
/// loop and body entries.
fn fueled(item: &syn::ItemFn, text: &str, inner: Range<usize>, rt: &str) -> String {
    let mut finder = Finder {
        return_values: ReturnValues::Classic,
        const_ctx: Vec::new(),
        fn_stack: vec![FnCtx {
            name: String::new(),
            ret: None,
        }],
        impl_ty: None,
        stmt_stack: Vec::new(),
        raw: Vec::new(),
        functions: Vec::new(),
        loop_points: Vec::new(),
        fn_points: Vec::new(),
        stmt_positions: BTreeSet::new(),
        else_positions: BTreeSet::new(),
        keep_statements: BTreeSet::new(),
    };
    finder.visit_block(&item.block);
    let mut out = format!(" let __vg_guard = {rt}__vg_enter();");
    let mut pos = inner.start;
    for p in finder.loop_points {
        out.push_str(&text[pos..p]);
        out.push_str(&format!(" {rt}__vg_fuel();"));
        pos = p;
    }
    out.push_str(&text[pos..inner.end]);
    out
}

/// The library with one mutant applied.
pub fn apply(source: &str, mutant: &Mutant) -> String {
    apply_edit(source, &mutant.span, &mutant.replacement)
}

fn apply_edit(source: &str, span: &Range<usize>, replacement: &str) -> String {
    let mut out = String::with_capacity(source.len() + replacement.len());
    out.push_str(&source[..span.start]);
    out.push_str(replacement);
    out.push_str(&source[span.end..]);
    out
}

pub(crate) fn render_pieces(source: &str, pieces: &[Piece]) -> String {
    pieces
        .iter()
        .map(|p| match p {
            Piece::Text(t) => t.as_str(),
            Piece::Orig(r) => &source[r.clone()],
        })
        .collect()
}

fn short_hash(op: Operator, span: &Range<usize>, replacement: &str) -> String {
    let mut h = Sha256::new();
    h.update(format!("{op:?}\0{}\0{}\0", span.start, span.end));
    h.update(replacement.as_bytes());
    let digest = h.finalize();
    digest[..4].iter().fold(String::new(), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

/// 1-based line and 1-based character column of a byte offset.
pub fn line_col(source: &str, offset: usize) -> (usize, usize) {
    let before = &source[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, source[line_start..offset].chars().count() + 1)
}

/// A unified diff with three lines of context, for one edit at `span` of `old`.
pub fn unified_diff(path: &str, old: &str, new: &str, span: &Range<usize>) -> String {
    const CONTEXT: usize = 3;
    let old_lines: Vec<&str> = old.split_inclusive('\n').collect();
    let new_lines: Vec<&str> = new.split_inclusive('\n').collect();
    // Common prefix and suffix in lines; the edit lies between them.
    let first = old[..span.start].matches('\n').count();
    let mut suffix = 0;
    while suffix < old_lines.len() - first
        && suffix < new_lines.len().saturating_sub(first)
        && old_lines[old_lines.len() - 1 - suffix] == new_lines[new_lines.len() - 1 - suffix]
    {
        suffix += 1;
    }
    let old_end = old_lines.len() - suffix;
    let new_end = new_lines.len() - suffix;
    let lo = first.saturating_sub(CONTEXT);
    let old_hi = (old_end + CONTEXT).min(old_lines.len());
    let new_hi = new_end + (old_hi - old_end);
    let mut out = format!(
        "--- a/{path}\n+++ b/{path}\n@@ -{},{} +{},{} @@\n",
        lo + 1,
        old_hi - lo,
        lo + 1,
        new_hi - lo
    );
    let mut line = |prefix: char, text: &str| {
        out.push(prefix);
        out.push_str(text);
        if !text.ends_with('\n') {
            out.push_str("\n\\ No newline at end of file\n");
        }
    };
    for l in &old_lines[lo..first] {
        line(' ', l);
    }
    for l in &old_lines[first..old_end] {
        line('-', l);
    }
    for l in &new_lines[first..new_end] {
        line('+', l);
    }
    for l in &old_lines[old_end..old_hi] {
        line(' ', l);
    }
    out
}

struct Raw {
    operator: Operator,
    function: String,
    span: Range<usize>,
    site: Range<usize>,
    pieces: Vec<Piece>,
    /// The const context the edit sits in, if any.
    skip: Option<&'static str>,
}

struct FnCtx {
    name: String,
    ret: Option<Type>,
}

struct Finder {
    return_values: ReturnValues,
    /// Enclosing const contexts, innermost last.
    const_ctx: Vec<&'static str>,
    fn_stack: Vec<FnCtx>,
    impl_ty: Option<String>,
    /// The top expression of each enclosing statement, innermost last.
    stmt_stack: Vec<Range<usize>>,
    raw: Vec<Raw>,
    functions: Vec<FnInfo>,
    loop_points: Vec<usize>,
    fn_points: Vec<usize>,
    stmt_positions: BTreeSet<(usize, usize)>,
    else_positions: BTreeSet<(usize, usize)>,
    /// Blocks whose statements must not be removed: `let ... else` blocks must diverge.
    keep_statements: BTreeSet<(usize, usize)>,
}

fn range_of(span: Span) -> Range<usize> {
    span.byte_range()
}

fn node_range<T: Spanned>(node: &T) -> Range<usize> {
    range_of(node.span())
}

/// Renders tokens compactly: `& [i64]` becomes `&[i64]`.
pub fn compact(tokens: &impl ToTokens) -> String {
    tokens
        .to_token_stream()
        .to_string()
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect()
}

/// Binding strength of a binary operator's text, as in the Rust reference (higher binds
/// tighter); compound assignments, which never nest in an operand, are 0.
fn precedence(op: &str) -> u8 {
    match op {
        "*" | "/" | "%" => 10,
        "+" | "-" => 9,
        "<<" | ">>" => 8,
        "&" => 7,
        "^" => 6,
        "|" => 5,
        "==" | "!=" | "<" | ">" | "<=" | ">=" => 4,
        "&&" => 3,
        "||" => 2,
        _ => 0,
    }
}

fn precedence_of(op: &BinOp) -> u8 {
    precedence(&op.to_token_stream().to_string())
}

/// Whether an unparenthesized operand with operator precedence `child` must be parenthesized
/// under an operator of precedence `parent`: binary operators associate to the left, so a right
/// operand also needs them at equal precedence.
fn needs_parens(child: u8, parent: u8, right: bool) -> bool {
    child < parent || (right && child == parent)
}

impl Finder {
    fn push(&mut self, operator: Operator, span: Range<usize>, site: Range<usize>, text: &str) {
        self.push_pieces(operator, span, site, vec![Piece::Text(text.to_owned())]);
    }

    fn push_pieces(
        &mut self,
        operator: Operator,
        span: Range<usize>,
        site: Range<usize>,
        pieces: Vec<Piece>,
    ) {
        let Some(ctx) = self.fn_stack.last() else {
            return; // Outside a fn body (consts, statics): nothing to mutate.
        };
        // A span that is empty or not inside its site means the walker met code it cannot place.
        if span.start >= span.end || site.start > span.start || site.end < span.end {
            return;
        }
        self.raw.push(Raw {
            operator,
            function: ctx.name.clone(),
            span,
            site,
            pieces,
            skip: self.const_ctx.last().copied(),
        });
    }

    fn enter_fn(
        &mut self,
        name: String,
        attrs: &[syn::Attribute],
        vis: &syn::Visibility,
        sig: &syn::Signature,
        block: &syn::Block,
    ) {
        let has_receiver = sig.receiver().is_some();
        let start = match vis {
            syn::Visibility::Inherited => node_range(sig).start,
            v => node_range(v).start,
        };
        let param_names = sig
            .inputs
            .iter()
            .filter_map(|a| match a {
                syn::FnArg::Typed(t) => Some(match &*t.pat {
                    syn::Pat::Ident(i) if i.subpat.is_none() && i.by_ref.is_none() => {
                        Some(i.ident.to_string())
                    }
                    _ => None,
                }),
                syn::FnArg::Receiver(_) => None,
            })
            .collect();
        self.functions.push(FnInfo {
            param_names,
            preconditions: entry_assertions(block),
            panics_documented: documents_panics(attrs),
            span: start..node_range(block).end,
            body: range_of(block.brace_token.span.open()).end
                ..range_of(block.brace_token.span.close()).start,
            signature: compact(sig),
            name: name.clone(),
            has_receiver,
            params: sig
                .inputs
                .iter()
                .filter_map(|a| match a {
                    syn::FnArg::Typed(t) => Some(compact(&t.ty)),
                    syn::FnArg::Receiver(_) => None,
                })
                .collect(),
            ret: match &sig.output {
                ReturnType::Default => "()".to_owned(),
                ReturnType::Type(_, ty) => compact(ty),
            },
            generic: !sig.generics.params.is_empty(),
        });
        let ret = match &sig.output {
            ReturnType::Default => None,
            ReturnType::Type(_, ty) => Some((**ty).clone()),
        };
        // A `const fn` body is compiled for const evaluation: no fuel or selector may go in.
        let is_const = sig.constness.is_some();
        if is_const {
            self.const_ctx.push("a `const fn` body");
        } else if self.const_ctx.is_empty() {
            self.fn_points
                .push(range_of(block.brace_token.span.open()).end);
        }
        self.fn_stack.push(FnCtx { name, ret });
        self.return_defaults(block, sig.output == ReturnType::Default);
        self.visit_block(block);
        self.fn_stack.pop();
        if is_const {
            self.const_ctx.pop();
        }
    }

    fn return_defaults(&mut self, block: &syn::Block, unit: bool) {
        let (Some(first), Some(last)) = (block.stmts.first(), block.stmts.last()) else {
            return;
        };
        let body = node_range(first).start..node_range(last).end;
        let values = match (
            self.fn_stack.last().and_then(|c| c.ret.clone()),
            self.return_values,
        ) {
            (Some(ret), ReturnValues::Classic) => defaults_for(&ret),
            (Some(ret), ReturnValues::TypeAware) => typed_values(&ret, 0),
            (None, ReturnValues::TypeAware) if unit => vec!["()".to_owned()],
            (None, _) => Vec::new(),
        };
        for value in values {
            self.push(Operator::ReturnDefault, body.clone(), body.clone(), &value);
        }
    }

    fn binary(&mut self, e: &syn::ExprBinary) {
        use Operator::*;
        // A superset of cargo-mutants' table (so verdicts can be compared mutant by mutant),
        // plus the boundary and negation moves of each relational operator.
        let swaps: &[(Operator, &str)] = match e.op {
            BinOp::Lt(_) => &[
                (RelationalBoundary, "<="),
                (RelationalNegation, ">="),
                (RelationalSwap, "=="),
                (RelationalSwap, ">"),
            ],
            BinOp::Le(_) => &[(RelationalBoundary, "<"), (RelationalNegation, ">")],
            BinOp::Gt(_) => &[
                (RelationalBoundary, ">="),
                (RelationalNegation, "<="),
                (RelationalSwap, "=="),
                (RelationalSwap, "<"),
            ],
            BinOp::Ge(_) => &[(RelationalBoundary, ">"), (RelationalNegation, "<")],
            BinOp::Eq(_) => &[(RelationalNegation, "!=")],
            BinOp::Ne(_) => &[(RelationalNegation, "==")],
            BinOp::And(_) => &[(LogicalSwap, "||")],
            BinOp::Or(_) => &[(LogicalSwap, "&&")],
            BinOp::Add(_) => &[(ArithmeticSwap, "-"), (ArithmeticSwap, "*")],
            BinOp::Sub(_) => &[(ArithmeticSwap, "+"), (ArithmeticSwap, "/")],
            BinOp::Mul(_) => &[(ArithmeticSwap, "+"), (ArithmeticSwap, "/")],
            BinOp::Div(_) => &[(ArithmeticSwap, "*"), (ArithmeticSwap, "%")],
            BinOp::Rem(_) => &[(ArithmeticSwap, "/"), (ArithmeticSwap, "+")],
            BinOp::BitAnd(_) => &[(ArithmeticSwap, "|"), (ArithmeticSwap, "^")],
            BinOp::BitOr(_) => &[(ArithmeticSwap, "&"), (ArithmeticSwap, "^")],
            BinOp::BitXor(_) => &[(ArithmeticSwap, "|"), (ArithmeticSwap, "&")],
            BinOp::Shl(_) => &[(ArithmeticSwap, ">>")],
            BinOp::Shr(_) => &[(ArithmeticSwap, "<<")],
            BinOp::AddAssign(_) => &[(ArithmeticSwap, "-="), (ArithmeticSwap, "*=")],
            BinOp::SubAssign(_) => &[(ArithmeticSwap, "+="), (ArithmeticSwap, "/=")],
            BinOp::MulAssign(_) => &[(ArithmeticSwap, "+="), (ArithmeticSwap, "/=")],
            BinOp::DivAssign(_) => &[(ArithmeticSwap, "*="), (ArithmeticSwap, "%=")],
            BinOp::RemAssign(_) => &[(ArithmeticSwap, "/="), (ArithmeticSwap, "+=")],
            BinOp::BitAndAssign(_) => &[(ArithmeticSwap, "|="), (ArithmeticSwap, "^=")],
            BinOp::BitOrAssign(_) => &[(ArithmeticSwap, "&="), (ArithmeticSwap, "^=")],
            BinOp::BitXorAssign(_) => &[(ArithmeticSwap, "|="), (ArithmeticSwap, "&=")],
            BinOp::ShlAssign(_) => &[(ArithmeticSwap, ">>=")],
            BinOp::ShrAssign(_) => &[(ArithmeticSwap, "<<=")],
            _ => &[],
        };
        let op = node_range(&e.op);
        let site = node_range(e);
        for (operator, text) in swaps {
            let new = precedence(text);
            if new == precedence_of(&e.op) {
                self.push(*operator, op.clone(), site.clone(), text);
                continue;
            }
            // Swapping in an operator that binds differently would make the plain token edit
            // parse as another tree (`a && b && c` → `a || b && c` is `a || (b && c)`). The
            // mutant is the tree edit, so its text parenthesizes what the tree groups: the whole
            // expression, and an operand that would otherwise bind to the new operator.
            let operand = |child: &Expr, needs: bool| match child {
                Expr::Binary(b) if needs_parens(precedence_of(&b.op), new, needs) => vec![
                    Piece::Text("(".into()),
                    Piece::Orig(node_range(child)),
                    Piece::Text(")".into()),
                ],
                _ => vec![Piece::Orig(node_range(child))],
            };
            let mut pieces = vec![Piece::Text("(".into())];
            pieces.extend(operand(&e.left, false));
            pieces.push(Piece::Text(format!(" {text} ")));
            pieces.extend(operand(&e.right, true));
            pieces.push(Piece::Text(")".into()));
            self.push_pieces(*operator, site.clone(), site.clone(), pieces);
        }
    }

    fn literal(&mut self, e: &syn::ExprLit) {
        let span = node_range(e);
        match &e.lit {
            Lit::Int(lit) => {
                let Ok(value) = lit.base10_parse::<u128>() else {
                    return;
                };
                let suffix = lit.suffix();
                let mut candidates = vec![value.checked_add(1)];
                if value > 0 {
                    candidates.push(Some(value - 1));
                }
                for v in candidates.into_iter().flatten() {
                    let text = format!("{v}{suffix}");
                    self.push(Operator::IntLiteral, span.clone(), span.clone(), &text);
                }
            }
            Lit::Bool(b) => {
                let text = if b.value { "false" } else { "true" };
                self.push(Operator::BoolLiteral, span.clone(), span, text);
            }
            _ => {}
        }
    }

    fn if_expr(&mut self, e: &syn::ExprIf) {
        if let Some((_, else_expr)) = &e.else_branch
            && let Expr::If(inner) = &**else_expr
        {
            let r = node_range(inner);
            self.else_positions.insert((r.start, r.end));
        }
        if matches!(*e.cond, Expr::Let(_)) {
            return;
        }
        let cond = node_range(&*e.cond);
        // A literal condition is already covered by the literal flip.
        if !matches!(*e.cond, Expr::Lit(_)) {
            for text in ["true", "false"] {
                self.push(
                    Operator::ConditionConstant,
                    cond.clone(),
                    cond.clone(),
                    text,
                );
            }
        }
        if let Some((_, else_expr)) = &e.else_branch
            && let Expr::Block(else_block) = &**else_expr
        {
            let then_r = node_range(&e.then_branch);
            let else_r = node_range(else_block);
            self.push_pieces(
                Operator::IfElseSwap,
                then_r.start..else_r.end,
                node_range(e),
                vec![
                    Piece::Orig(else_r),
                    Piece::Text(" else ".to_owned()),
                    Piece::Orig(then_r),
                ],
            );
        }
    }

    fn method(&mut self, e: &syn::ExprMethodCall) {
        let name = e.method.to_string();
        let twin = match (name.as_str(), e.args.len()) {
            ("min", 1) => "max",
            ("max", 1) => "min",
            ("first", 0) => "last",
            ("last", 0) => "first",
            ("to_lowercase", 0) => "to_uppercase",
            ("to_uppercase", 0) => "to_lowercase",
            _ => return,
        };
        self.push(
            Operator::MethodSwap,
            range_of(e.method.span()),
            node_range(e),
            twin,
        );
    }

    fn range(&mut self, e: &syn::ExprRange) {
        if e.end.is_none() {
            return;
        }
        // `a..b` and `a..=b` have different types, so the schemata wraps the whole statement,
        // where the type difference no longer shows.
        let Some(site) = self.stmt_stack.last().cloned() else {
            return;
        };
        let (span, text) = match &e.limits {
            syn::RangeLimits::HalfOpen(t) => (node_range(t), "..="),
            syn::RangeLimits::Closed(t) => (node_range(t), ".."),
        };
        self.push(Operator::RangeLimits, span, site, text);
    }

    /// Deletes each arm of a `match` that has a wildcard arm, as cargo-mutants does.
    fn match_arms(&mut self, m: &syn::ExprMatch) {
        let wild = |p: &syn::Pat| matches!(p, syn::Pat::Wild(_));
        if !m.arms.iter().any(|a| wild(&a.pat)) {
            return;
        }
        let site = node_range(m);
        for arm in m.arms.iter().filter(|a| !wild(&a.pat)) {
            let r = node_range(arm);
            self.push(Operator::MatchArmRemoval, r.clone(), site.clone(), "");
        }
    }

    fn statement(&mut self, stmt: &Stmt, is_tail: bool) {
        if let Stmt::Expr(e, semi) = stmt {
            let r = node_range(e);
            match semi {
                Some(semi) => {
                    let site = r.start..node_range(semi).end;
                    self.push(Operator::StatementRemoval, site.clone(), site, "");
                }
                None if !is_tail => {
                    self.stmt_positions.insert((r.start, r.end));
                    self.push(Operator::StatementRemoval, r.clone(), r, "");
                }
                None => {}
            }
        }
    }
}

/// Type-appropriate default values for a return type; empty when there is none (unit, `Self`).
///
/// The same values cargo-mutants tries (`Vec::new()` where it writes `vec![]`), so verdicts can
/// be compared mutant by mutant.
fn defaults_for(ty: &Type) -> Vec<String> {
    values_for(&compact(ty))
}

fn values_for(text: &str) -> Vec<String> {
    const UNSIGNED: [&str; 6] = ["u8", "u16", "u32", "u64", "u128", "usize"];
    const SIGNED: [&str; 6] = ["i8", "i16", "i32", "i64", "i128", "isize"];
    let v = |xs: &[&str]| xs.iter().map(|x| (*x).to_owned()).collect();
    if UNSIGNED.contains(&text) {
        return v(&["0", "1"]);
    }
    if SIGNED.contains(&text) {
        return v(&["0", "1", "-1"]);
    }
    match text {
        "bool" => v(&["true", "false"]),
        "f32" | "f64" => v(&["0.0", "1.0", "-1.0"]),
        "String" => v(&["String::new()", "\"xyzzy\".into()"]),
        "&str" | "&'staticstr" => v(&["\"\"", "\"xyzzy\""]),
        _ => {
            let inner = |prefix: &str| {
                text.strip_prefix(prefix)
                    .and_then(|t| t.strip_suffix('>'))
                    .map(values_for)
            };
            if let Some(items) = inner("Vec<") {
                std::iter::once("Vec::new()".to_owned())
                    .chain(items.into_iter().map(|x| format!("vec![{x}]")))
                    .collect()
            } else if let Some(items) = inner("Option<") {
                std::iter::once("None".to_owned())
                    .chain(items.into_iter().map(|x| format!("Some({x})")))
                    .collect()
            } else if text == "()"
                || text.starts_with('&')
                || text.starts_with("impl")
                || text == "Self"
            {
                Vec::new()
            } else {
                // Any other type: its default, as cargo-mutants tries (screened out as unviable
                // when the type has none).
                vec!["Default::default()".to_owned()]
            }
        }
    }
}

/// The conditions of the `assert!`-family statements that open `block`, as Rust text.
/// Whether a doc comment (`///` lines or `#[doc = "…"]`) has a `# Panics` heading, as rustdoc's
/// convention names the inputs a function refuses.
fn documents_panics(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        let syn::Meta::NameValue(nv) = &a.meta else {
            return false;
        };
        let Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(text),
            ..
        }) = &nv.value
        else {
            return false;
        };
        nv.path.is_ident("doc") && text.value().lines().any(|l| l.trim() == "# Panics")
    })
}

fn entry_assertions(block: &syn::Block) -> Vec<String> {
    let mut out = Vec::new();
    for stmt in &block.stmts {
        let mac = match stmt {
            Stmt::Macro(m) => &m.mac,
            Stmt::Expr(Expr::Macro(m), _) => &m.mac,
            _ => break,
        };
        let Some(name) = mac.path.segments.last().map(|s| s.ident.to_string()) else {
            break;
        };
        let name = name.strip_prefix("debug_").unwrap_or(&name);
        let Ok(args) = mac
            .parse_body_with(syn::punctuated::Punctuated::<Expr, syn::Token![,]>::parse_terminated)
        else {
            break;
        };
        let text = |e: &Expr| e.to_token_stream().to_string();
        let args: Vec<&Expr> = args.iter().collect();
        match (name, args.as_slice()) {
            ("assert", [cond, ..]) => out.push(format!("({})", text(cond))),
            ("assert_eq", [a, b, ..]) => out.push(format!("({}) == ({})", text(a), text(b))),
            ("assert_ne", [a, b, ..]) => out.push(format!("({}) != ({})", text(a), text(b))),
            _ => break,
        }
    }
    out
}

/// The most replacement values one return type yields: a tuple's element-wise product is cut
/// here (cargo-mutants has no cap; a 4-tuple of `i64` would give 81).
const MAX_VALUES: usize = 16;

/// [`ReturnValues::TypeAware`] values for `ty`; `depth` bounds recursion through nested types.
fn typed_values(ty: &Type, depth: u32) -> Vec<String> {
    let v = |xs: &[&str]| xs.iter().map(|x| (*x).to_owned()).collect::<Vec<_>>();
    if depth > 4 {
        return v(&["Default::default()"]);
    }
    let inner = |t: &Type| typed_values(t, depth + 1);
    let mut out = match ty {
        Type::Paren(p) => inner(&p.elem),
        Type::Group(g) => inner(&g.elem),
        Type::Never(_) => Vec::new(),
        Type::Tuple(t) if t.elems.is_empty() => v(&["()"]),
        Type::Tuple(t) => {
            let mut acc: Vec<Vec<String>> = vec![Vec::new()];
            for elem in &t.elems {
                let values = inner(elem);
                acc = acc
                    .iter()
                    .flat_map(|prefix| {
                        values.iter().map(move |x| {
                            let mut p = prefix.clone();
                            p.push(x.clone());
                            p
                        })
                    })
                    .take(MAX_VALUES)
                    .collect();
            }
            let one = t.elems.len() == 1;
            acc.into_iter()
                .map(|xs| format!("({}{})", xs.join(", "), if one { "," } else { "" }))
                .collect()
        }
        Type::Array(a) => {
            let len = a.len.to_token_stream().to_string();
            inner(&a.elem)
                .into_iter()
                .map(|x| format!("[{x}; {len}]"))
                .collect()
        }
        Type::Reference(r) if r.mutability.is_some() => match &*r.elem {
            Type::Slice(s) => std::iter::once("Vec::leak(Vec::new())".to_owned())
                .chain(
                    inner(&s.elem)
                        .into_iter()
                        .map(|x| format!("Vec::leak(vec![{x}])")),
                )
                .collect(),
            elem => inner(elem)
                .into_iter()
                .map(|x| format!("Box::leak(Box::new({x}))"))
                .collect(),
        },
        Type::Reference(r) => match &*r.elem {
            Type::Path(p) if p.path.is_ident("str") => v(&["\"\"", "\"xyzzy\""]),
            Type::Slice(s) => std::iter::once("Vec::leak(Vec::new())".to_owned())
                .chain(
                    inner(&s.elem)
                        .into_iter()
                        .map(|x| format!("Vec::leak(vec![{x}])")),
                )
                .collect(),
            elem => inner(elem)
                .into_iter()
                .map(|x| {
                    if is_literal(&x) {
                        format!("&{x}")
                    } else {
                        format!("Box::leak(Box::new({x}))")
                    }
                })
                .collect(),
        },
        Type::ImplTrait(t) => {
            let iterator = t.bounds.iter().find_map(|b| match b {
                syn::TypeParamBound::Trait(tb) => tb
                    .path
                    .segments
                    .last()
                    .filter(|s| {
                        s.ident == "Iterator"
                            || s.ident == "DoubleEndedIterator"
                            || s.ident == "ExactSizeIterator"
                    })
                    .map(|s| item_type(&s.arguments)),
                _ => None,
            });
            match iterator {
                Some(item) => std::iter::once("::std::iter::empty()".to_owned())
                    .chain(
                        item.into_iter()
                            .flat_map(|t| inner(&t))
                            .map(|x| format!("::std::iter::once({x})")),
                    )
                    .collect(),
                None => Vec::new(),
            }
        }
        Type::Path(p) if p.qself.is_none() => path_values(&p.path, depth),
        _ => Vec::new(),
    };
    out.truncate(MAX_VALUES);
    out
}

/// Whether `x` is a literal whose reference is promoted to `'static` (`&0`, `&true`, `&""`).
fn is_literal(x: &str) -> bool {
    x == "true"
        || x == "false"
        || x.starts_with('"')
        || x.trim_start_matches('-')
            .starts_with(|c: char| c.is_ascii_digit())
}

/// `Item = T` of an `Iterator<Item = T>` bound.
fn item_type(args: &syn::PathArguments) -> Option<Type> {
    let syn::PathArguments::AngleBracketed(a) = args else {
        return None;
    };
    a.args.iter().find_map(|g| match g {
        syn::GenericArgument::AssocType(t) if t.ident == "Item" => Some(t.ty.clone()),
        _ => None,
    })
}

fn path_values(path: &syn::Path, depth: u32) -> Vec<String> {
    let Some(last) = path.segments.last() else {
        return Vec::new();
    };
    let name = last.ident.to_string();
    let types: Vec<&Type> = match &last.arguments {
        syn::PathArguments::AngleBracketed(a) => a
            .args
            .iter()
            .filter_map(|g| match g {
                syn::GenericArgument::Type(t) => Some(t),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    };
    // The path as written, without generic arguments: `Cow`, `std::borrow::Cow`.
    let written: String = path
        .segments
        .iter()
        .map(|s| s.ident.to_string())
        .collect::<Vec<_>>()
        .join("::");
    let written = if path.leading_colon.is_some() {
        format!("::{written}")
    } else {
        written
    };
    let inner = |t: &Type| typed_values(t, depth + 1);
    let first = types.first().copied();
    match (name.as_str(), first) {
        ("Self", _) => Vec::new(),
        ("String", None) => vec!["String::new()".into(), "\"xyzzy\".into()".into()],
        ("Vec", Some(t)) => std::iter::once("vec![]".to_owned())
            .chain(inner(t).into_iter().map(|x| format!("vec![{x}]")))
            .collect(),
        ("Option", Some(t)) => std::iter::once("None".to_owned())
            .chain(inner(t).into_iter().map(|x| format!("Some({x})")))
            .collect(),
        ("Result", Some(t)) => inner(t).into_iter().map(|x| format!("Ok({x})")).collect(),
        ("Box" | "Rc" | "Arc", Some(t)) => {
            let values = match t {
                // `Box<str>`, `Box<[T]>`: built from their owned forms.
                Type::Path(p) if p.path.is_ident("str") => {
                    return vec![
                        format!("{written}::from(\"\")"),
                        format!("{written}::from(\"xyzzy\")"),
                    ];
                }
                Type::Slice(s) => {
                    return std::iter::once(format!("{written}::from(Vec::new())"))
                        .chain(
                            inner(&s.elem)
                                .into_iter()
                                .map(|x| format!("{written}::from(vec![{x}])")),
                        )
                        .collect();
                }
                Type::TraitObject(_) => return Vec::new(),
                t => inner(t),
            };
            values
                .into_iter()
                .map(|x| format!("{written}::new({x})"))
                .collect()
        }
        ("Cow", Some(t)) => match t {
            Type::Path(p) if p.path.is_ident("str") => vec![
                format!("{written}::Borrowed(\"\")"),
                format!("{written}::Borrowed(\"xyzzy\")"),
                format!("{written}::Owned(String::new())"),
                format!("{written}::Owned(\"xyzzy\".to_owned())"),
            ],
            Type::Slice(s) => std::iter::once(format!("{written}::Borrowed(&[])"))
                .chain(std::iter::once(format!("{written}::Owned(vec![])")))
                .chain(
                    inner(&s.elem)
                        .into_iter()
                        .map(|x| format!("{written}::Owned(vec![{x}])")),
                )
                .collect(),
            t => inner(t)
                .into_iter()
                .map(|x| format!("{written}::Owned({x})"))
                .collect(),
        },
        _ => {
            let classic = values_for(&name);
            if types.is_empty() && !classic.is_empty() && classic[0] != "Default::default()" {
                classic // numbers, bool
            } else {
                vec!["Default::default()".to_owned()]
            }
        }
    }
}

impl<'ast> Visit<'ast> for Finder {
    fn visit_item_fn(&mut self, i: &'ast syn::ItemFn) {
        self.enter_fn(i.sig.ident.to_string(), &i.attrs, &i.vis, &i.sig, &i.block);
    }

    fn visit_item_impl(&mut self, i: &'ast syn::ItemImpl) {
        let outer = self.impl_ty.replace(compact(&i.self_ty));
        visit::visit_item_impl(self, i);
        self.impl_ty = outer;
    }

    fn visit_impl_item_fn(&mut self, i: &'ast syn::ImplItemFn) {
        let name = match &self.impl_ty {
            Some(ty) => format!("{ty}::{}", i.sig.ident),
            None => i.sig.ident.to_string(),
        };
        self.enter_fn(name, &i.attrs, &i.vis, &i.sig, &i.block);
    }

    fn visit_item_trait(&mut self, i: &'ast syn::ItemTrait) {
        let outer = self.impl_ty.replace(i.ident.to_string());
        visit::visit_item_trait(self, i);
        self.impl_ty = outer;
    }

    // A trait's default method is run-time code like any other (cargo-mutants mutates it too);
    // a declaration without a body has nothing to mutate.
    fn visit_trait_item_fn(&mut self, i: &'ast syn::TraitItemFn) {
        let Some(block) = &i.default else { return };
        let name = match &self.impl_ty {
            Some(ty) => format!("{ty}::{}", i.sig.ident),
            None => i.sig.ident.to_string(),
        };
        self.enter_fn(name, &i.attrs, &syn::Visibility::Inherited, &i.sig, block);
        // Generic over `Self`: the equivalence check cannot call it on its own.
        if let Some(f) = self.functions.last_mut() {
            f.generic = true;
        }
    }

    fn visit_trait_item_const(&mut self, _: &'ast syn::TraitItemConst) {}

    // Constants, statics, patterns, types and macros hold no run-time code to mutate (and a
    // selector call is not allowed in a const context).
    fn visit_item_const(&mut self, _: &'ast syn::ItemConst) {}
    fn visit_item_static(&mut self, _: &'ast syn::ItemStatic) {}
    fn visit_impl_item_const(&mut self, _: &'ast syn::ImplItemConst) {}
    fn visit_pat(&mut self, p: &'ast syn::Pat) {
        // A guard is run-time code; the rest of a pattern is not.
        if let syn::Pat::Guard(g) = p {
            let guard = node_range(&*g.guard);
            for text in ["true", "false"] {
                self.push(
                    Operator::ConditionConstant,
                    guard.clone(),
                    guard.clone(),
                    text,
                );
            }
            self.visit_expr(&g.guard);
        }
    }
    fn visit_type(&mut self, _: &'ast syn::Type) {}
    fn visit_generic_argument(&mut self, g: &'ast syn::GenericArgument) {
        // `f::<{ N + 1 }>()`: evaluated at compile time.
        if let syn::GenericArgument::Const(e) = g {
            self.const_ctx.push("a const-generic argument");
            self.visit_expr(e);
            self.const_ctx.pop();
        }
    }
    fn visit_macro(&mut self, _: &'ast syn::Macro) {}
    fn visit_expr_const(&mut self, _: &'ast syn::ExprConst) {}

    fn visit_expr_repeat(&mut self, i: &'ast syn::ExprRepeat) {
        self.visit_expr(&i.expr); // Not the length: it is a const context.
    }

    fn visit_local(&mut self, l: &'ast syn::Local) {
        if let Some(init) = &l.init
            && let Some((_, Expr::Block(b))) = init.diverge.as_ref().map(|(t, e)| (t, &**e))
        {
            let r = node_range(&b.block);
            self.keep_statements.insert((r.start, r.end));
        }
        visit::visit_local(self, l);
    }

    fn visit_block(&mut self, block: &'ast syn::Block) {
        let n = block.stmts.len();
        let r = node_range(block);
        let keep = self.keep_statements.contains(&(r.start, r.end));
        for (k, stmt) in block.stmts.iter().enumerate() {
            let is_tail = k + 1 == n;
            if !keep {
                self.statement(stmt, is_tail);
            }
            let top = match stmt {
                Stmt::Local(l) => l.init.as_ref().map(|init| node_range(&*init.expr)),
                Stmt::Expr(e, _) => Some(node_range(e)),
                _ => None,
            };
            if let Some(top) = top {
                if matches!(stmt, Stmt::Expr(_, None)) && !is_tail {
                    self.stmt_positions.insert((top.start, top.end));
                }
                self.stmt_stack.push(top);
                self.visit_stmt(stmt);
                self.stmt_stack.pop();
            } else {
                self.visit_stmt(stmt);
            }
        }
    }

    fn visit_expr(&mut self, e: &'ast Expr) {
        match e {
            Expr::Binary(b) => self.binary(b),
            Expr::Unary(u) if matches!(u.op, UnOp::Not(_) | UnOp::Neg(_)) => {
                self.push(Operator::UnaryRemoval, node_range(&u.op), node_range(u), "");
            }
            Expr::Lit(l) => self.literal(l),
            Expr::If(i) => self.if_expr(i),
            Expr::MethodCall(m) => self.method(m),
            Expr::Range(r) => self.range(r),
            Expr::Match(m) => self.match_arms(m),
            // Loops in const contexts get no fuel: the fuel counter is not const.
            Expr::ForLoop(f) if self.const_ctx.is_empty() => self
                .loop_points
                .push(range_of(f.body.brace_token.span.open()).end),
            Expr::While(w) if self.const_ctx.is_empty() => self
                .loop_points
                .push(range_of(w.body.brace_token.span.open()).end),
            Expr::Loop(l) if self.const_ctx.is_empty() => self
                .loop_points
                .push(range_of(l.body.brace_token.span.open()).end),
            _ => {}
        }
        visit::visit_expr(self, e);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mutants(src: &str) -> Vec<Mutant> {
        analyze(src, "src/lib.rs").unwrap().mutants
    }

    fn of(src: &str, op: Operator) -> Vec<String> {
        mutants(src)
            .into_iter()
            .filter(|m| m.operator == op)
            .map(|m| apply(src, &m))
            .collect()
    }

    #[test]
    fn swaps_that_bind_differently_parenthesize_the_tree_they_mean() {
        let src = "pub fn f(a: bool, b: bool, c: bool) -> bool { a && b && c }";
        let logical = of(src, Operator::LogicalSwap);
        assert!(
            logical.iter().any(|t| t.contains("{ (a || b) && c }")),
            "{logical:?}"
        );
        assert!(
            logical.iter().any(|t| t.contains("{ (a && b || c) }")),
            "{logical:?}"
        );
        let src = "pub fn g(a: i32, b: i32, c: i32) -> i32 { a - b * c }";
        let arith = of(src, Operator::ArithmeticSwap);
        assert!(
            arith.iter().any(|t| t.contains("{ a - (b + c) }")),
            "{arith:?}"
        );
        assert!(
            arith.iter().any(|t| t.contains("{ (a / (b * c)) }")),
            "{arith:?}"
        );
        // Same binding strength: still a one-token edit.
        assert!(
            arith.iter().any(|t| t.contains("{ a + b * c }")),
            "{arith:?}"
        );
        all_parse(src);
    }

    /// Every mutant of `src` must still parse as a file.
    fn all_parse(src: &str) {
        for m in mutants(src) {
            let text = apply(src, &m);
            assert!(syn::parse_file(&text).is_ok(), "{:?}: {text}", m.operator);
        }
    }

    #[test]
    fn relational_boundary_and_negation() {
        let src = "pub fn f(a: u32, b: u32) -> bool { a < b }";
        assert_eq!(
            of(src, Operator::RelationalBoundary),
            ["pub fn f(a: u32, b: u32) -> bool { a <= b }"]
        );
        assert_eq!(
            of(src, Operator::RelationalNegation),
            ["pub fn f(a: u32, b: u32) -> bool { a >= b }"]
        );
        assert_eq!(
            of(src, Operator::RelationalSwap),
            [
                "pub fn f(a: u32, b: u32) -> bool { a == b }",
                "pub fn f(a: u32, b: u32) -> bool { a > b }"
            ]
        );
        let eq = "fn g(a: u8) -> bool { a == 3 }";
        assert_eq!(
            of(eq, Operator::RelationalNegation),
            ["fn g(a: u8) -> bool { a != 3 }"]
        );
    }

    #[test]
    fn arithmetic_logical_and_unary() {
        let src =
            "fn f(a: i32, b: i32, c: bool) -> i32 { if !c && a > 0 { -a + b } else { a % b } }";
        let arith = of(src, Operator::ArithmeticSwap);
        assert!(arith.iter().any(|s| s.contains("-a - b")), "{arith:?}");
        assert!(arith.iter().any(|s| s.contains("-a * b")), "{arith:?}");
        assert!(arith.iter().any(|s| s.contains("a / b")), "{arith:?}");
        assert_eq!(of(src, Operator::LogicalSwap).len(), 1);
        assert!(of(src, Operator::LogicalSwap)[0].contains("!c || a > 0"));
        let unary = of(src, Operator::UnaryRemoval);
        assert_eq!(unary.len(), 2);
        assert!(unary[0].contains("if c && a"));
        assert!(unary[1].contains("{ a + b }"));
        let assign = "fn g(mut x: u32) -> u32 { x += 2; x }";
        assert!(of(assign, Operator::ArithmeticSwap)[0].contains("x -= 2;"));
    }

    #[test]
    fn literals_plus_minus_one_and_flip() {
        let src = "fn f() -> (u8, u32, bool) { (0, 7u32, true) }";
        let ints = of(src, Operator::IntLiteral);
        assert_eq!(ints.len(), 3, "0 only goes up: {ints:?}");
        assert!(ints[0].contains("(1, 7u32"));
        assert!(ints[1].contains("8u32"));
        assert!(ints[2].contains("6u32"));
        assert!(of(src, Operator::BoolLiteral)[0].contains("false)"));
    }

    #[test]
    fn range_limits_wrap_the_statement() {
        let src = "fn f(n: u32) -> u32 { let mut s = 0; for i in 0..n { s += i; } s }";
        let a = analyze(src, "lib.rs").unwrap();
        let m = a
            .mutants
            .iter()
            .find(|m| m.operator == Operator::RangeLimits)
            .unwrap();
        assert_eq!(m.replacement, "..=");
        assert!(apply(src, m).contains("0..=n"));
        assert!(
            src[m.site.clone()].starts_with("for i in"),
            "site wraps the loop"
        );
    }

    #[test]
    fn statement_removal_never_let_or_tail() {
        let src = "fn f(mut v: Vec<u8>) -> Vec<u8> { let n = 1; v.sort(); for _ in 0..n {} v }";
        let removed = of(src, Operator::StatementRemoval);
        assert_eq!(removed.len(), 2, "{removed:?}");
        assert!(removed[0].contains("let n = 1;  for"));
        assert!(removed[1].contains("v.sort();  v }"));
    }

    #[test]
    fn if_swap_and_constant_conditions() {
        let src = "fn f(a: i32) -> i32 { if a > 0 { 1 } else { 2 } }";
        assert_eq!(
            of(src, Operator::IfElseSwap),
            ["fn f(a: i32) -> i32 { if a > 0 { 2 } else { 1 } }"]
        );
        let consts = of(src, Operator::ConditionConstant);
        assert_eq!(consts.len(), 2);
        assert!(consts[0].contains("if true {") && consts[1].contains("if false {"));
        // `if let` has no condition to replace; `else if` chains are not swapped.
        let chain =
            "fn g(o: Option<u8>) -> u8 { if let Some(x) = o { x } else if true { 1 } else { 2 } }";
        assert_eq!(of(chain, Operator::ConditionConstant).len(), 0);
        assert_eq!(of(chain, Operator::IfElseSwap).len(), 1);
    }

    #[test]
    fn return_defaults_follow_the_type() {
        let cases = [
            ("fn f() -> u32 { 5 }", vec!["0", "1"]),
            ("fn f() -> i8 { 5 }", vec!["0", "1", "-1"]),
            ("fn f() -> bool { 1 < 2 }", vec!["true", "false"]),
            (
                "fn f() -> String { String::from(\"x\") }",
                vec!["String::new()", "\"xyzzy\".into()"],
            ),
            (
                "fn f() -> Vec<u8> { vec![1] }",
                vec!["Vec::new()", "vec![0]", "vec![1]"],
            ),
            (
                "fn f() -> Option<bool> { Some(true) }",
                vec!["None", "Some(true)", "Some(false)"],
            ),
            ("fn f() { let _x = 1; }", vec![]),
            (
                "fn f() -> Option<Vec<T>> { None }",
                vec!["None", "Some(Vec::new())", "Some(vec![Default::default()])"],
            ),
            ("fn f() -> &'static u8 { &1 }", vec![]),
        ];
        for (src, want) in cases {
            let got: Vec<String> = mutants(src)
                .into_iter()
                .filter(|m| m.operator == Operator::ReturnDefault)
                .map(|m| m.replacement)
                .collect();
            assert_eq!(got, want, "{src}");
        }
    }

    fn typed(src: &str) -> Vec<String> {
        analyze_with(src, "src/lib.rs", ReturnValues::TypeAware)
            .unwrap()
            .mutants
            .into_iter()
            .filter(|m| m.operator == Operator::ReturnDefault)
            .map(|m| m.replacement)
            .collect()
    }

    #[test]
    fn type_aware_return_values_follow_cargo_mutants() {
        let cases: [(&str, &[&str]); 16] = [
            ("fn f() -> Result<u8, E> { g() }", &["Ok(0)", "Ok(1)"]),
            ("fn f() -> Result<(), String> { g() }", &["Ok(())"]),
            (
                "fn f() -> Option<bool> { g() }",
                &["None", "Some(true)", "Some(false)"],
            ),
            ("fn f() { g(); }", &["()"]),
            (
                "fn f() -> (bool, u8) { g() }",
                &["(true, 0)", "(true, 1)", "(false, 0)", "(false, 1)"],
            ),
            (
                "fn f(x: &mut u8) -> &mut u8 { x }",
                &["Box::leak(Box::new(0))", "Box::leak(Box::new(1))"],
            ),
            (
                "fn f() -> Box<T> { g() }",
                &["Box::new(Default::default())"],
            ),
            (
                "fn f() -> impl Iterator<Item = u8> { g() }",
                &[
                    "::std::iter::empty()",
                    "::std::iter::once(0)",
                    "::std::iter::once(1)",
                ],
            ),
            (
                "fn f() -> Cow<'static, str> { g() }",
                &[
                    "Cow::Borrowed(\"\")",
                    "Cow::Borrowed(\"xyzzy\")",
                    "Cow::Owned(String::new())",
                    "Cow::Owned(\"xyzzy\".to_owned())",
                ],
            ),
            (
                "fn f() -> Vec<bool> { g() }",
                &["vec![]", "vec![true]", "vec![false]"],
            ),
            (
                "fn f() -> String { g() }",
                &["String::new()", "\"xyzzy\".into()"],
            ),
            ("fn f() -> Account { g() }", &["Default::default()"]),
            (
                "fn f() -> &'static [u8] { g() }",
                &[
                    "Vec::leak(Vec::new())",
                    "Vec::leak(vec![0])",
                    "Vec::leak(vec![1])",
                ],
            ),
            ("fn f() -> &'static u32 { g() }", &["&0", "&1"]),
            ("fn f() -> Self { g() }", &[]),
            ("fn f() -> ! { loop {} }", &[]),
        ];
        for (src, want) in cases {
            assert_eq!(typed(src), want, "{src}");
            for value in typed(src) {
                syn::parse_str::<Expr>(&value).unwrap_or_else(|e| panic!("{value}: {e}"));
            }
        }
        // A tuple's product is capped.
        assert_eq!(
            typed("fn f() -> (i64, i64, i64, i64) { g() }").len(),
            MAX_VALUES
        );
        // The classic set is untouched: the mini repos' catalogs depend on it.
        assert!(
            mutants("fn f() { g(); }")
                .iter()
                .all(|m| m.operator != Operator::ReturnDefault)
        );
        let classic: Vec<String> = mutants("fn f() -> (i64, u32) { g() }")
            .into_iter()
            .filter(|m| m.operator == Operator::ReturnDefault)
            .map(|m| m.replacement)
            .collect();
        assert_eq!(classic, ["Default::default()"]);
    }

    #[test]
    fn const_contexts_are_skipped_with_a_reason_and_get_no_fuel() {
        let src = "pub const fn c(a: u32) -> u32 { let mut i = 0; while i < a { i += 1; } i + 1 }\n\
                   pub fn r(a: u32) -> u32 { g::<{ 2 + 1 }>(a) + 1 }";
        let a = analyze_with(src, "src/lib.rs", ReturnValues::TypeAware).unwrap();
        // `r`'s own mutants are built, with ordinals 1..=n.
        assert!(
            a.mutants
                .iter()
                .all(|m| m.function == "r" && m.skip.is_none())
        );
        assert!(a.mutants.iter().any(|m| m.original == "+" && m.line == 2));
        let n = a.mutants.len() as u32;
        assert!(
            a.mutants
                .iter()
                .enumerate()
                .all(|(i, m)| m.ordinal as usize == i + 1)
        );
        // Everything in `c` and in the const argument is skipped, and says why.
        let in_c: Vec<&Mutant> = a.skipped.iter().filter(|m| m.function == "c").collect();
        assert!(
            in_c.iter()
                .any(|m| m.operator == Operator::RelationalBoundary)
        );
        assert!(in_c.iter().any(|m| m.operator == Operator::ReturnDefault));
        assert!(
            in_c.iter()
                .all(|m| m.skip.as_deref().unwrap().contains("`const fn` body"))
        );
        let generic: Vec<&Mutant> = a.skipped.iter().filter(|m| m.function == "r").collect();
        assert!(!generic.is_empty());
        assert!(generic.iter().all(|m| {
            m.skip
                .as_deref()
                .unwrap()
                .contains("const-generic argument")
        }));
        assert!(
            a.skipped
                .iter()
                .enumerate()
                .all(|(i, m)| m.ordinal == n + 1 + i as u32)
        );
        // No fuel in the const fn: only `r`'s body gets a function entry point, no loop point.
        assert_eq!(a.fn_points.len(), 1);
        assert!(a.loop_points.is_empty());
    }

    #[test]
    fn method_swaps_and_impl_names() {
        let src = "pub struct S; impl S { pub fn f(&self, a: u8, v: &[u8], s: &str) -> (u8, Option<&u8>, String) { (a.min(3), v.first(), s.to_lowercase()) } }";
        let ms: Vec<Mutant> = mutants(src)
            .into_iter()
            .filter(|m| m.operator == Operator::MethodSwap)
            .collect();
        let repl: Vec<&str> = ms.iter().map(|m| m.replacement.as_str()).collect();
        assert_eq!(repl, ["max", "last", "to_uppercase"]);
        assert!(ms.iter().all(|m| m.function == "S::f"));
    }

    #[test]
    fn ids_lines_order_and_diff() {
        let src = "/// Doc.\npub fn f(a: u32) -> u32 {\n    a + 1\n}\n";
        let ms = mutants(src);
        let starts: Vec<usize> = ms.iter().map(|m| m.span.start).collect();
        let mut sorted = starts.clone();
        sorted.sort();
        assert_eq!(starts, sorted, "source order");
        assert!(
            ms.iter()
                .enumerate()
                .all(|(i, m)| m.ordinal as usize == i + 1)
        );
        let plus = ms.iter().find(|m| m.replacement == "-").unwrap();
        assert_eq!((plus.line, plus.column), (3, 7));
        assert_eq!(
            plus.diff,
            "--- a/src/lib.rs\n+++ b/src/lib.rs\n@@ -1,4 +1,4 @@\n /// Doc.\n pub fn f(a: u32) -> u32 {\n-    a + 1\n+    a - 1\n }\n"
        );
        let again = mutants(src);
        assert_eq!(
            ms.iter().map(|m| &m.id).collect::<Vec<_>>(),
            again.iter().map(|m| &m.id).collect::<Vec<_>>()
        );
    }

    #[test]
    fn match_arms_and_guards() {
        let src = "fn f(x: u8) -> u8 { match x { 0 => 1, n if n > 9 => 2, _ => 3 } }";
        let arms = of(src, Operator::MatchArmRemoval);
        assert_eq!(arms.len(), 2);
        assert!(arms[0].contains("match x {  n if"), "{}", arms[0]);
        let guards = of(src, Operator::ConditionConstant);
        assert!(guards[0].contains("n if true =>"), "{guards:?}");
        assert!(of(src, Operator::RelationalBoundary)[0].contains("n >= 9"));
        // No wildcard, no deletion: the match would not be exhaustive.
        let exhaustive = "fn g(b: bool) -> u8 { match b { true => 1, false => 0 } }";
        assert!(of(exhaustive, Operator::MatchArmRemoval).is_empty());
    }

    #[test]
    fn let_else_blocks_keep_their_statements() {
        let src = "fn f(v: &[u8]) -> u8 { let Some(x) = v.first() else { return 0; }; *x }";
        assert!(of(src, Operator::StatementRemoval).is_empty());
    }

    #[test]
    fn no_mutants_in_consts_patterns_or_types() {
        let src =
            "const N: usize = 3; fn f(x: u8) -> [u8; 2] { match x { 1 => [0; 2], _ => [x; 2] } }";
        for m in mutants(src)
            .into_iter()
            .filter(|m| m.operator != Operator::ReturnDefault)
        {
            assert!(m.span.start > src.find("match").unwrap(), "{m:?}");
            assert_ne!(&src[m.span.clone()], "2", "{m:?}");
        }
    }

    #[test]
    fn every_mutant_parses() {
        all_parse(
            "pub fn g(v: &[i64], lo: i64, hi: i64) -> Vec<i64> {\n    let mut out = Vec::new();\n    for &x in v.iter() {\n        if x >= lo && x <= hi { out.push(x.max(lo) * 2); } else if !(x == 0) { continue; }\n    }\n    let mut i = 0;\n    while i < out.len() { i += 1; }\n    out[0..i].to_vec()\n}\n",
        );
    }
}
