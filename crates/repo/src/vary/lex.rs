//! A small Rust lexer that splits source text into identifiers, comments, string-like literals
//! and everything else, with byte ranges: what renaming needs to touch identifiers (and the names
//! doc comments and format strings mention) while leaving the rest of the text byte-for-byte.

use std::ops::Range;

/// What a piece of source text is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An identifier or keyword (raw identifiers `r#x` are `Other`: never renamed).
    Ident,
    /// A comment, doc or not, delimiters included.
    Comment,
    /// A string, byte-string or raw-string literal, quotes included.
    Str,
    /// A char or byte literal, a lifetime, a number, punctuation or whitespace.
    Other,
}

/// One piece of source text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// What it is.
    pub kind: Kind,
    /// Where it is.
    pub range: Range<usize>,
}

fn is_ident_start(b: u8) -> bool {
    b == b'_' || b.is_ascii_alphabetic()
}

fn is_ident_continue(b: u8) -> bool {
    b == b'_' || b.is_ascii_alphanumeric()
}

/// Splits `src` into pieces covering it exactly, in order. Whitespace and punctuation come one
/// byte (or one UTF-8 character) at a time; identifiers, comments and literals whole.
pub fn lex(src: &str) -> Vec<Token> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let push = |out: &mut Vec<Token>, kind, range| out.push(Token { kind, range });
    while i < b.len() {
        let start = i;
        let c = b[i];
        if c == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            push(&mut out, Kind::Comment, start..i);
        } else if c == b'/' && b.get(i + 1) == Some(&b'*') {
            let mut depth = 0usize;
            while i < b.len() {
                if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
                    depth += 1;
                    i += 2;
                } else if b[i] == b'*' && b.get(i + 1) == Some(&b'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            push(&mut out, Kind::Comment, start..i.min(b.len()));
        } else if let Some(end) = raw_string_end(b, i) {
            i = end;
            push(&mut out, Kind::Str, start..i);
        } else if c == b'"' || (c == b'b' && b.get(i + 1) == Some(&b'"')) {
            i += if c == b'b' { 2 } else { 1 };
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i = (i + 1).min(b.len());
            push(&mut out, Kind::Str, start..i);
        } else if c == b'r'
            && b.get(i + 1) == Some(&b'#')
            && b.get(i + 2).is_some_and(|&x| is_ident_start(x))
        {
            i += 2;
            while i < b.len() && is_ident_continue(b[i]) {
                i += 1;
            }
            push(&mut out, Kind::Other, start..i);
        } else if c == b'\'' || (c == b'b' && b.get(i + 1) == Some(&b'\'')) {
            i = char_or_lifetime_end(src, i);
            push(&mut out, Kind::Other, start..i);
        } else if is_ident_start(c) {
            while i < b.len() && is_ident_continue(b[i]) {
                i += 1;
            }
            push(&mut out, Kind::Ident, start..i);
        } else if c.is_ascii_digit() {
            // Digits, suffixes and hex letters; a `.` only when a digit follows (`1..2`, `x.0`).
            while i < b.len()
                && (is_ident_continue(b[i])
                    || (b[i] == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit)))
            {
                i += 1;
            }
            push(&mut out, Kind::Other, start..i);
        } else {
            let width = src[i..].chars().next().map_or(1, char::len_utf8);
            i += width;
            push(&mut out, Kind::Other, start..i);
        }
    }
    out
}

/// The end of a raw (byte) string starting at `i`, if one does.
fn raw_string_end(b: &[u8], i: usize) -> Option<usize> {
    let mut j = i;
    if b.get(j) == Some(&b'b') {
        j += 1;
    }
    if b.get(j) != Some(&b'r') {
        return None;
    }
    j += 1;
    let hashes = b[j..].iter().take_while(|&&x| x == b'#').count();
    j += hashes;
    if b.get(j) != Some(&b'"') {
        return None;
    }
    j += 1;
    while j < b.len() {
        if b[j] == b'"'
            && b[j + 1..]
                .iter()
                .take(hashes)
                .filter(|&&x| x == b'#')
                .count()
                == hashes
        {
            return Some((j + 1 + hashes).min(b.len()));
        }
        j += 1;
    }
    Some(b.len())
}

/// The end of a char literal (`'x'`, `'\n'`, `b'x'`) or a lifetime (`'a`) starting at `i`.
fn char_or_lifetime_end(src: &str, i: usize) -> usize {
    let b = src.as_bytes();
    let q = if b[i] == b'b' { i + 1 } else { i };
    let after = q + 1;
    if b.get(after) == Some(&b'\\') {
        let mut j = after + 2;
        while j < b.len() && b[j] != b'\'' {
            j += 1;
        }
        return (j + 1).min(b.len());
    }
    let Some(ch) = src.get(after..).and_then(|s| s.chars().next()) else {
        return b.len();
    };
    let next = after + ch.len_utf8();
    if b.get(next) == Some(&b'\'') {
        return next + 1;
    }
    // A lifetime or label: the quote and the identifier after it.
    let mut j = after;
    while j < b.len() && is_ident_continue(b[j]) {
        j += 1;
    }
    j.max(after)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<(Kind, &str)> {
        lex(src)
            .into_iter()
            .filter(|t| !src[t.range.clone()].trim().is_empty())
            .map(|t| (t.kind, &src[t.range]))
            .collect()
    }

    #[test]
    fn pieces_cover_the_text_and_classify_literals() {
        let src = "/// Doc `x`.\nfn f<'a>(x: &'a str) -> char { let s = r#\"a\"b\"#; /* c /* d */ */ 'q' } // e\nb\"y\" 1..2 t.0 '\\n' r#type";
        let pieces = lex(src);
        let joined: String = pieces.iter().map(|t| &src[t.range.clone()]).collect();
        assert_eq!(joined, src);
        let k = kinds(src);
        assert_eq!(k[0], (Kind::Comment, "/// Doc `x`."));
        assert!(k.contains(&(Kind::Other, "'a")));
        assert!(k.contains(&(Kind::Str, "r#\"a\"b\"#")));
        assert!(k.contains(&(Kind::Comment, "/* c /* d */ */")));
        assert!(k.contains(&(Kind::Other, "'q'")));
        assert!(k.contains(&(Kind::Str, "b\"y\"")));
        assert!(k.contains(&(Kind::Other, "1")));
        assert!(k.contains(&(Kind::Other, "0")));
        assert!(k.contains(&(Kind::Other, "'\\n'")));
        assert!(k.contains(&(Kind::Other, "r#type")));
        assert!(k.contains(&(Kind::Ident, "str")));
    }
}
