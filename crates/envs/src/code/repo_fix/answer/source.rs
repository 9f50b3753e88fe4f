//! The one place a `repo_fix` answer's code becomes tokens: the raw text is checked for what a
//! lexer or parser would drop or read differently, lexed once, checked at the token level, and
//! parsed from those same tokens. Every later step (the syntax-tree policy, the text spliced into
//! the library) derives from this, and `same_tokens` proves the spliced text lexes back to what
//! was checked.

use proc_macro2::{Delimiter, TokenStream, TokenTree};
use quote::ToTokens;

use super::allow::{Linked, MAX_CODE_BYTES};
use super::tokens;
use verigym_core::extract::Rejection;
use verigym_core::verdict::Reason;

/// The answer's code, lexed and parsed; `file`'s spans index `code` exactly.
pub struct Source<'a> {
    /// The ```rust block's text, unchanged.
    pub code: &'a str,
    /// The syntax tree, parsed from the checked tokens of `code`.
    pub file: syn::File,
}

impl<'a> Source<'a> {
    /// Checks, lexes and parses `code`; `Err` is the verdict rejecting it.
    pub fn new(code: &'a str, linked: Linked) -> Result<Self, Rejection> {
        raw_text(code).map_err(forbidden)?;
        let tokens: TokenStream = code.parse().map_err(|e: proc_macro2::LexError| {
            let at = e.span().start();
            unparsable(format!(
                "the ```rust block is not valid Rust ({}:{}): {e}",
                at.line,
                at.column + 1
            ))
        })?;
        tokens::check(&tokens, linked).map_err(forbidden)?;
        let file: syn::File = syn::parse2(tokens.clone()).map_err(|e| {
            let at = e.span().start();
            unparsable(format!(
                "the ```rust block is not valid Rust ({}:{}): {e}",
                at.line,
                at.column + 1
            ))
        })?;
        // syn keeps every token it parses; a difference means it dropped or rewrote one, and the
        // policy on the tree would then judge something other than what is compiled.
        if flat(&tokens) != flat(&file.to_token_stream()) {
            return Err(forbidden(
                "the ```rust block holds tokens the parser does not keep".to_owned(),
            ));
        }
        Ok(Source { code, file })
    }
}

/// What the lexers could disagree on, refused before lexing: a byte-order mark or a `#!` first
/// line (which `syn::parse_file` strips, shifting every span against the text), control
/// characters, a carriage return outside a line break, and invisible or direction-changing
/// characters anywhere (rustc and proc-macro2 classify some of them differently).
fn raw_text(code: &str) -> Result<(), String> {
    if code.len() > MAX_CODE_BYTES {
        return Err(format!(
            "the ```rust block is {} bytes; a fix may be at most {MAX_CODE_BYTES}",
            code.len()
        ));
    }
    if code.starts_with("#!") {
        return Err("a `#!` first line is not allowed in a fix".to_owned());
    }
    let mut chars = code.chars().peekable();
    while let Some(c) = chars.next() {
        let bad = match c {
            '\r' => chars.peek() != Some(&'\n'),
            '\t' | '\n' => false,
            c if c.is_control() => true,
            c if !c.is_ascii() => c.is_whitespace() || invisible(c),
            _ => false,
        };
        if bad {
            return Err(format!(
                "the character U+{:04X} is not allowed in a fix (control, invisible or \
                 direction-changing characters, a byte-order mark, non-ASCII whitespace)",
                c as u32
            ));
        }
    }
    Ok(())
}

/// Zero-width, joiner, direction-control, soft-hyphen and byte-order-mark characters.
fn invisible(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}'
        | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{206F}' | '\u{3164}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}'
        | '\u{FFA0}' | '\u{FFF0}'..='\u{FFFB}' | '\u{E0000}'..='\u{E0FFF}')
}

/// A token stream as a flat list of token texts with group brackets, spans and spacing left
/// out (spacing cannot change meaning between tokens that lex the same), invisible groups
/// flattened: two streams with equal lists are the same code.
pub fn flat(tokens: &TokenStream) -> Vec<String> {
    let mut out = Vec::new();
    push_flat(tokens, &mut out);
    out
}

fn push_flat(tokens: &TokenStream, out: &mut Vec<String>) {
    for tree in tokens.clone() {
        match tree {
            TokenTree::Ident(i) => out.push(format!("i {i}")),
            TokenTree::Punct(p) => out.push(format!("p {}", p.as_char())),
            TokenTree::Literal(l) => out.push(format!("l {l}")),
            TokenTree::Group(g) => {
                let (open, close) = match g.delimiter() {
                    Delimiter::Parenthesis => ("(", ")"),
                    Delimiter::Brace => ("{", "}"),
                    Delimiter::Bracket => ("[", "]"),
                    Delimiter::None => ("", ""),
                };
                if !open.is_empty() {
                    out.push(format!("g {open}"));
                }
                push_flat(&g.stream(), out);
                if !close.is_empty() {
                    out.push(format!("g {close}"));
                }
            }
        }
    }
}

/// Whether `text` lexes to exactly `expected` (see [`flat`]).
pub fn same_tokens(text: &str, expected: &[String]) -> bool {
    text.parse::<TokenStream>()
        .is_ok_and(|t| flat(&t) == expected)
}

pub fn forbidden(message: String) -> Rejection {
    Rejection::new(Reason::Forbidden, message)
}

pub fn unparsable(message: String) -> Rejection {
    Rejection::new(Reason::UnparsableAnswer, message)
}
