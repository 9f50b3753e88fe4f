//! The language's grammar: a tokenizer and a recursive-descent parser that type-checks as it
//! builds, with hard limits on length, tokens, nesting, literals and names checked before any
//! work grows with them, so no answer can make the parser slow or deep.

use super::lang::{BinOp, Builtin, Expr, Type};

/// The longest program read, in bytes (comments included).
pub const MAX_PROGRAM_BYTES: usize = 4_000;
/// The most tokens a program may have.
pub const MAX_TOKENS: usize = 600;
/// The deepest nesting of parentheses, calls, lambdas and unary operators.
pub const MAX_NESTING: usize = 40;
/// The deepest syntax tree (a long chain `1 + 1 + … + 1` is deep without nesting).
pub const MAX_TREE_DEPTH: usize = 120;
/// The largest integer literal.
pub const MAX_LITERAL: i64 = 1_000_000;
/// The most lambda parameters in scope at once.
pub const MAX_SCOPE: usize = 8;

/// Why a program was refused before it ran.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// Over a size limit: too long, too many tokens, too deep, a literal too large.
    Limit(String),
    /// Not a well-typed program of the language.
    Invalid(String),
}

impl ParseError {
    /// The explanation.
    pub fn message(&self) -> &str {
        match self {
            ParseError::Limit(m) | ParseError::Invalid(m) => m,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Num(i64),
    Ident(String),
    LParen,
    RParen,
    Comma,
    Arrow,
    Op(BinOp),
    Minus,
}

fn describe(t: Option<&Tok>) -> String {
    match t {
        None => "the end".to_owned(),
        Some(Tok::Num(n)) => format!("`{n}`"),
        Some(Tok::Ident(s)) => format!("`{s}`"),
        Some(Tok::LParen) => "`(`".to_owned(),
        Some(Tok::RParen) => "`)`".to_owned(),
        Some(Tok::Comma) => "`,`".to_owned(),
        Some(Tok::Arrow) => "`->`".to_owned(),
        Some(Tok::Op(op)) => format!("`{}`", op.symbol()),
        Some(Tok::Minus) => "`-`".to_owned(),
    }
}

fn invalid(message: impl Into<String>) -> ParseError {
    ParseError::Invalid(message.into())
}

/// Splits a program into tokens; `#` starts a comment to the end of the line.
fn tokenize(text: &str) -> Result<Vec<Tok>, ParseError> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if out.len() > MAX_TOKENS {
            return Err(ParseError::Limit(format!(
                "the program has more than {MAX_TOKENS} tokens"
            )));
        }
        let two = bytes.get(i..i + 2).unwrap_or(&[]);
        let (tok, width) = match c {
            b' ' | b'\t' | b'\n' | b'\r' => {
                i += 1;
                continue;
            }
            b'#' => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'0'..=b'9' => {
                let start = i;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
                let digits = &text[start..i];
                let value = digits
                    .parse::<i64>()
                    .ok()
                    .filter(|v| *v <= MAX_LITERAL)
                    .ok_or_else(|| {
                        ParseError::Limit(format!(
                            "the literal {} is above the largest allowed, {MAX_LITERAL}",
                            if digits.len() > 20 { "given" } else { digits }
                        ))
                    })?;
                if digits.len() > 1 && digits.starts_with('0') {
                    return Err(invalid(format!(
                        "the literal `{digits}` has a leading zero"
                    )));
                }
                out.push(Tok::Num(value));
                if bytes
                    .get(i)
                    .is_some_and(|b| b.is_ascii_alphabetic() || *b == b'_')
                {
                    return Err(invalid("a number runs into a name"));
                }
                continue;
            }
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                let start = i;
                while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                    i += 1;
                }
                if i - start > 16 {
                    return Err(ParseError::Limit(
                        "a name is longer than 16 characters".to_owned(),
                    ));
                }
                let word = &text[start..i];
                out.push(match word {
                    "and" => Tok::Op(BinOp::And),
                    "or" => Tok::Op(BinOp::Or),
                    _ => Tok::Ident(word.to_owned()),
                });
                continue;
            }
            _ => match two {
                b"->" => (Tok::Arrow, 2),
                b"==" => (Tok::Op(BinOp::Eq), 2),
                b"!=" => (Tok::Op(BinOp::Ne), 2),
                b"<=" => (Tok::Op(BinOp::Le), 2),
                b">=" => (Tok::Op(BinOp::Ge), 2),
                _ => match c {
                    b'(' => (Tok::LParen, 1),
                    b')' => (Tok::RParen, 1),
                    b',' => (Tok::Comma, 1),
                    b'+' => (Tok::Op(BinOp::Add), 1),
                    b'-' => (Tok::Minus, 1),
                    b'*' => (Tok::Op(BinOp::Mul), 1),
                    b'/' => (Tok::Op(BinOp::Div), 1),
                    b'%' => (Tok::Op(BinOp::Mod), 1),
                    b'<' => (Tok::Op(BinOp::Lt), 1),
                    b'>' => (Tok::Op(BinOp::Gt), 1),
                    _ => {
                        let ch = text[i..].chars().next().unwrap_or('?');
                        return Err(invalid(format!("unexpected character `{ch}`")));
                    }
                },
            },
        };
        out.push(tok);
        i += width;
    }
    Ok(out)
}

struct Parser {
    toks: Vec<Tok>,
    at: usize,
    /// Lambda parameter names in scope; a name's slot is its position (the innermost wins).
    scope: Vec<String>,
    nesting: usize,
}

/// Parses and type-checks a whole program: one expression.
pub fn parse(text: &str) -> Result<(Expr, Type), ParseError> {
    if text.len() > MAX_PROGRAM_BYTES {
        return Err(ParseError::Limit(format!(
            "the program is longer than {MAX_PROGRAM_BYTES} bytes"
        )));
    }
    let toks = tokenize(text)?;
    if toks.is_empty() {
        return Err(invalid("the program is empty"));
    }
    let mut p = Parser {
        toks,
        at: 0,
        scope: Vec::new(),
        nesting: 0,
    };
    let (e, t) = p.expr()?;
    if p.at != p.toks.len() {
        return Err(invalid(format!(
            "unexpected {} after a complete expression",
            describe(p.toks.get(p.at))
        )));
    }
    if depth(&e, 0) > MAX_TREE_DEPTH {
        return Err(ParseError::Limit(format!(
            "the program's syntax tree is deeper than {MAX_TREE_DEPTH}"
        )));
    }
    Ok((e, t))
}

/// The tree's depth, stopping once past the limit (the tree has at most `MAX_TOKENS` nodes).
fn depth(e: &Expr, at: usize) -> usize {
    if at > MAX_TREE_DEPTH {
        return at;
    }
    e.children().map(|c| depth(c, at + 1)).max().unwrap_or(at)
}

fn expect_type(got: Type, want: Type, what: &str) -> Result<(), ParseError> {
    if got == want {
        Ok(())
    } else {
        Err(invalid(format!(
            "{what} must be {}, not {}",
            want.name(),
            got.name()
        )))
    }
}

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.at)
    }

    fn bump(&mut self) -> Option<Tok> {
        let t = self.toks.get(self.at).cloned();
        self.at += 1;
        t
    }

    fn eat(&mut self, want: &Tok) -> Result<(), ParseError> {
        if self.peek() == Some(want) {
            self.at += 1;
            Ok(())
        } else {
            Err(invalid(format!(
                "expected {}, found {}",
                describe(Some(want)),
                describe(self.peek())
            )))
        }
    }

    fn enter(&mut self) -> Result<(), ParseError> {
        self.nesting += 1;
        if self.nesting > MAX_NESTING {
            return Err(ParseError::Limit(format!(
                "the program nests deeper than {MAX_NESTING}"
            )));
        }
        Ok(())
    }

    fn expr(&mut self) -> Result<(Expr, Type), ParseError> {
        self.binary(1)
    }

    /// Operators of strength `level` and above; `not` sits at 3, unary minus at 7.
    fn binary(&mut self, level: u8) -> Result<(Expr, Type), ParseError> {
        if level == 3 {
            if self.peek() == Some(&Tok::Ident("not".to_owned())) {
                self.at += 1;
                self.enter()?;
                let (e, t) = self.binary(3)?;
                self.nesting -= 1;
                expect_type(t, Type::Bool, "the operand of `not`")?;
                return Ok((Expr::Not(Box::new(e)), Type::Bool));
            }
            return self.binary(4);
        }
        if level == 7 {
            return self.unary();
        }
        let (mut left, mut left_type) = self.binary(level + 1)?;
        loop {
            let op = match self.peek() {
                Some(Tok::Op(op)) if op.precedence() == level => *op,
                Some(Tok::Minus) if level == 5 => BinOp::Sub,
                _ => return Ok((left, left_type)),
            };
            self.at += 1;
            let (right, right_type) = self.binary(level + 1)?;
            let operand = match op {
                BinOp::And | BinOp::Or => Type::Bool,
                _ => Type::Int,
            };
            let what = format!("each operand of `{}`", op.symbol());
            expect_type(left_type, operand, &what)?;
            expect_type(right_type, operand, &what)?;
            left = Expr::bin(op, left, right);
            left_type = if op.is_comparison() {
                Type::Bool
            } else {
                operand
            };
            if op.is_comparison() {
                if let Some(Tok::Op(next)) = self.peek()
                    && next.is_comparison()
                {
                    return Err(invalid("comparisons do not chain: write `a < b and b < c`"));
                }
                return Ok((left, left_type));
            }
        }
    }

    fn unary(&mut self) -> Result<(Expr, Type), ParseError> {
        if self.peek() == Some(&Tok::Minus) {
            self.at += 1;
            self.enter()?;
            let (e, t) = self.unary()?;
            self.nesting -= 1;
            expect_type(t, Type::Int, "the operand of `-`")?;
            return Ok((Expr::Neg(Box::new(e)), Type::Int));
        }
        self.atom()
    }

    fn atom(&mut self) -> Result<(Expr, Type), ParseError> {
        match self.bump() {
            Some(Tok::Num(n)) => Ok((Expr::Num(n), Type::Int)),
            Some(Tok::LParen) => {
                self.enter()?;
                let inner = self.expr()?;
                self.eat(&Tok::RParen)?;
                self.nesting -= 1;
                Ok(inner)
            }
            Some(Tok::Ident(name)) => {
                if self.peek() == Some(&Tok::LParen) {
                    let Some(f) = Builtin::by_name(&name) else {
                        return Err(invalid(format!("there is no function `{name}`")));
                    };
                    self.at += 1;
                    self.enter()?;
                    let call = self.call(f)?;
                    self.nesting -= 1;
                    return Ok(call);
                }
                if name == "xs" {
                    return Ok((Expr::Xs, Type::List));
                }
                match self.scope.iter().rposition(|n| *n == name) {
                    Some(slot) => Ok((Expr::Var(slot as u8), Type::Int)),
                    None if Builtin::by_name(&name).is_some() => Err(invalid(format!(
                        "`{name}` is a function: call it with arguments in parentheses"
                    ))),
                    None => Err(invalid(format!("`{name}` is not defined"))),
                }
            }
            other => Err(invalid(format!(
                "expected an expression, found {}",
                describe(other.as_ref())
            ))),
        }
    }

    /// A parameter name: not a keyword, a builtin or `xs`.
    fn param(&mut self) -> Result<String, ParseError> {
        match self.bump() {
            Some(Tok::Ident(name))
                if name != "xs" && name != "not" && Builtin::by_name(&name).is_none() =>
            {
                Ok(name)
            }
            other => Err(invalid(format!(
                "expected a parameter name, found {}",
                describe(other.as_ref())
            ))),
        }
    }

    /// A lambda's parameters and arrow: `x ->`, `(x) ->` or `(a, b) ->`; pushes them in scope.
    fn lambda_head(&mut self, arity: usize) -> Result<(), ParseError> {
        let mut names = Vec::with_capacity(2);
        if self.peek() == Some(&Tok::LParen) {
            self.at += 1;
            names.push(self.param()?);
            while self.peek() == Some(&Tok::Comma) {
                self.at += 1;
                names.push(self.param()?);
            }
            self.eat(&Tok::RParen)?;
        } else {
            names.push(self.param()?);
        }
        if names.len() != arity {
            return Err(invalid(format!(
                "this lambda takes {arity} parameter{}, not {}",
                if arity == 1 { "" } else { "s" },
                names.len()
            )));
        }
        if arity == 2 && names[0] == names[1] {
            return Err(invalid("a lambda's two parameters need different names"));
        }
        self.eat(&Tok::Arrow)?;
        if self.scope.len() + arity > MAX_SCOPE {
            return Err(ParseError::Limit(format!(
                "more than {MAX_SCOPE} lambda parameters in scope"
            )));
        }
        self.scope.extend(names);
        Ok(())
    }

    /// The arguments of `f` after its `(`, through the `)`.
    fn call(&mut self, f: Builtin) -> Result<(Expr, Type), ParseError> {
        let (params, result) = f.signature();
        let arity = f.lambda_arity();
        let mut args = Vec::with_capacity(params.len());
        let mut types = Vec::with_capacity(params.len());
        for i in 0..params.len() {
            if i > 0 {
                self.eat(&Tok::Comma)?;
            }
            if i == 0 && arity > 0 {
                self.lambda_head(arity)?;
                let body = self.expr();
                self.scope.truncate(self.scope.len() - arity);
                let (body, t) = body?;
                args.push(body);
                types.push(t);
            } else {
                let (arg, t) = self.expr()?;
                args.push(arg);
                types.push(t);
            }
        }
        if self.peek() == Some(&Tok::Comma) {
            return Err(invalid(format!(
                "`{}` takes {} arguments",
                f.name(),
                params.len()
            )));
        }
        self.eat(&Tok::RParen)?;
        let result = match f {
            Builtin::If => {
                expect_type(types[0], Type::Bool, "the condition of `if`")?;
                if types[1] != types[2] || types[1] == Type::Bool {
                    return Err(invalid(
                        "both branches of `if` must be integers or both lists",
                    ));
                }
                types[1]
            }
            _ => {
                for (i, (&got, &want)) in types.iter().zip(params).enumerate() {
                    let what = if i == 0 && arity > 0 {
                        format!("the lambda of `{}`", f.name())
                    } else {
                        format!("argument {} of `{}`", i + 1, f.name())
                    };
                    expect_type(got, want, &what)?;
                }
                result.unwrap_or(Type::Int)
            }
        };
        Ok((Expr::Call(f, args), result))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printing_then_parsing_gives_the_same_tree() {
        for text in [
            "map(x -> x * 2, filter(x -> x % 3 != 0, xs))",
            "fold((acc, x) -> acc + x, 0, xs)",
            "take(3, sort(xs))",
            "zip_with((a, b) -> a - b, xs, reverse(xs))",
            "len(filter(x -> not (x > 2 or x < -2) and x != 0, xs))",
            "map(x -> fold((acc1, x1) -> acc1 + x1 * x, 0, xs), xs)",
            "if(len(xs) > 3, drop(1, xs), take(1, xs))",
            "map(x -> -(x - 1) * -2, xs)",
            "sum(map(x -> min(x, 3) - max(abs(x), 1) / 2, xs))",
        ] {
            let (e, _) = parse(text).unwrap_or_else(|err| panic!("{text}: {err:?}"));
            assert_eq!(e.render(), text);
        }
    }

    #[test]
    fn the_limits_and_the_types_refuse() {
        let deep = format!("{}1{}", "(".repeat(200), ")".repeat(200));
        let long_chain = vec!["1"; 300].join("+");
        for (text, limit) in [
            ("", false),
            ("xs +", false),
            ("map(x -> x, 3)", false),
            ("filter(x -> x + 1, xs)", false),
            ("fold(x -> x, 0, xs)", false),
            ("map(xs -> 1, xs)", false),
            ("1 < 2 < 3", false),
            ("y", false),
            ("map", false),
            ("eval(xs)", false),
            ("if(1 > 0, xs, 1)", false),
            ("map(x -> x, xs) extra", false),
            ("007", false),
            ("1000001", true),
            ("99999999999999999999999999", true),
            (deep.as_str(), true),
            (long_chain.as_str(), true),
        ] {
            let err = parse(text).unwrap_err();
            assert_eq!(
                matches!(err, ParseError::Limit(_)),
                limit,
                "{text}: {err:?}"
            );
        }
    }
}
