//! The expression parser of the `countdown` verifier: a bounded recursive descent over a token
//! list, evaluated exactly as it parses. Model text is parsed, never executed.
//!
//! Grammar (whitespace between tokens is ignored):
//!
//! ```text
//! expr   := term (("+" | "-") term)*
//! term   := factor (("*" | "/") factor)*
//! factor := NUMBER | "(" expr ")"
//! NUMBER := "0" | [1-9][0-9]*        (ASCII digits, no leading zeros, no sign)
//! ```
//!
//! Other spellings of the same tokens: `x`, `X`, `×`, `·`, `⋅`, `∗`, `\times`, `\cdot` and `\ast`
//! are `*`; `÷`, `:`, `\div` are `/`; `−` (U+2212) and `–` (U+2013) are `-`; `\left(` and
//! `\right)` are parentheses, a brace group `{…}` and a square-bracket group `[…]` (each closed
//! only by its own kind) are parenthesised groups, and
//! `\frac{A}{B}` (also `\dfrac`, `\tfrac`) is `(A)/(B)`; the LaTeX spaces `\,` `\;` `\:` `\!`
//! and `\ ` are whitespace. No other letter or command is read. There is no
//! unary minus: the numbers are given as positive integers, and a negated number is not one of
//! them. Bounds: [`MAX_EXPR_BYTES`] bytes and [`MAX_DEPTH`] nested parentheses, so the recursion
//! is shallow and the work linear in the input.

use super::rational::{ArithError, Rational};

/// The longest expression read.
pub const MAX_EXPR_BYTES: usize = 1024;
/// The deepest nesting of parentheses read.
pub const MAX_DEPTH: usize = 32;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token {
    /// A literal; `None` when it has too many digits to be any given number.
    Num(Option<u64>),
    Plus,
    Minus,
    Times,
    Divide,
    Open,
    Close,
}

/// A parsed expression: its exact value (or why it has none) and its literals in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    /// The value, or the first arithmetic error met while evaluating.
    pub value: Result<Rational, ArithError>,
    /// Every literal, in the order written; `None` for one too long to be a given number.
    pub literals: Vec<Option<u64>>,
}

/// Parses and evaluates `text`, or says why it is not an expression of the grammar.
pub fn parse(text: &str) -> Result<Parsed, &'static str> {
    if text.len() > MAX_EXPR_BYTES {
        return Err("the expression is longer than 1024 bytes");
    }
    let tokens = tokenize(text)?;
    let mut parser = Parser {
        tokens: &tokens,
        pos: 0,
        depth: 0,
        literals: Vec::new(),
    };
    let value = parser.expr()?;
    if parser.pos != tokens.len() {
        return Err(match tokens[parser.pos] {
            Token::Close => "a closing parenthesis has no opening one",
            _ => "two numbers or expressions follow each other without an operator",
        });
    }
    Ok(Parsed {
        value,
        literals: parser.literals,
    })
}

/// What a `{` opened, so its `}` closes it correctly.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Brace {
    Group,
    /// `[`: a parenthesised group written with square brackets, closed only by `]`.
    Square,
    /// `(`: tracked only so that no other bracket closes it; an unclosed one is the parser's to
    /// report.
    Paren,
    Numerator,
    Denominator,
}

fn tokenize(text: &str) -> Result<Vec<Token>, &'static str> {
    let mut tokens = Vec::with_capacity(text.len() / 2 + 1);
    let mut braces: Vec<Brace> = Vec::new();
    // Set after a `\frac{…}`: the next non-space character must open the denominator.
    let mut expect_denominator = false;
    let mut chars = text.char_indices().peekable();
    while let Some((start, c)) = chars.next() {
        if expect_denominator && !c.is_whitespace() {
            if c != '{' {
                return Err("\\frac{A} is not followed by {B}");
            }
            expect_denominator = false;
            braces.push(Brace::Denominator);
            tokens.extend([Token::Divide, Token::Open]);
            continue;
        }
        let token = match c {
            c if c.is_whitespace() => continue,
            '0'..='9' => {
                let mut end = start + 1;
                while let Some(&(i, d)) = chars.peek() {
                    if !d.is_ascii_digit() {
                        break;
                    }
                    end = i + 1;
                    chars.next();
                }
                let digits = &text[start..end];
                if digits.len() > 1 && digits.starts_with('0') {
                    return Err("numbers are written without leading zeros");
                }
                Token::Num(digits.parse().ok())
            }
            '+' => Token::Plus,
            '-' | '\u{2212}' | '\u{2013}' => Token::Minus,
            '*' | '×' | '·' | '⋅' | '∗' | 'x' | 'X' => Token::Times,
            '/' | '÷' | ':' => Token::Divide,
            '(' => {
                braces.push(Brace::Paren);
                Token::Open
            }
            // A `)` closes only a `(`: crossed brackets are not a grouping anyone means. With
            // nothing open it is the parser's to report.
            ')' => match braces.last() {
                Some(Brace::Paren) | None => {
                    braces.pop();
                    Token::Close
                }
                Some(_) => return Err("a closing parenthesis closes another kind of bracket"),
            },
            '[' => {
                braces.push(Brace::Square);
                Token::Open
            }
            ']' => match braces.pop() {
                Some(Brace::Square) => Token::Close,
                _ => return Err("a closing square bracket has no opening one"),
            },
            '{' => {
                braces.push(Brace::Group);
                Token::Open
            }
            '}' => match braces.pop() {
                Some(Brace::Group) => Token::Close,
                Some(Brace::Numerator) => {
                    expect_denominator = true;
                    Token::Close
                }
                Some(Brace::Denominator) => {
                    tokens.push(Token::Close);
                    Token::Close
                }
                Some(Brace::Square | Brace::Paren) => {
                    return Err("a closing brace closes another kind of bracket");
                }
                None => return Err("a closing brace has no opening one"),
            },
            '\\' => {
                let rest = &text[start + 1..];
                let name_len = rest.bytes().take_while(u8::is_ascii_alphabetic).count();
                let (name, skip) = if name_len == 0 {
                    // A one-character command: a LaTeX space, or nothing we read.
                    match rest.chars().next() {
                        Some(c @ (',' | ';' | ':' | '!' | ' ')) => (c.to_string(), 1),
                        _ => {
                            return Err(
                                "the expression holds a LaTeX command other than \\times, \\cdot, \\div, \\frac, \\left, \\right",
                            );
                        }
                    }
                } else {
                    (rest[..name_len].to_owned(), name_len)
                };
                for _ in 0..rest[..skip].chars().count() {
                    chars.next();
                }
                match name.as_str() {
                    "," | ";" | ":" | "!" | " " => continue,
                    "times" | "cdot" | "ast" => Token::Times,
                    "div" => Token::Divide,
                    // `\left(` and `\right)` size the parenthesis that follows.
                    "left" | "right" => continue,
                    "frac" | "dfrac" | "tfrac" => {
                        while chars.next_if(|&(_, c)| c.is_whitespace()).is_some() {}
                        if chars.next_if(|&(_, c)| c == '{').is_none() {
                            return Err("\\frac is not followed by {A}{B}");
                        }
                        braces.push(Brace::Numerator);
                        tokens.push(Token::Open);
                        Token::Open
                    }
                    _ => {
                        return Err(
                            "the expression holds a LaTeX command other than \\times, \\cdot, \\div, \\frac, \\left, \\right",
                        );
                    }
                }
            }
            _ => return Err("the expression holds a character other than digits, + - * / ( )"),
        };
        tokens.push(token);
    }
    if expect_denominator {
        return Err("\\frac{A} is not followed by {B}");
    }
    if braces.iter().any(|b| *b != Brace::Paren) {
        return Err("an opening brace is never closed");
    }
    Ok(tokens)
}

type Value = Result<Rational, ArithError>;

/// Applies a binary operator; the first arithmetic error, left to right, is kept.
fn combine(op: Token, lhs: Value, rhs: Value) -> Value {
    let (a, b) = (lhs?, rhs?);
    match op {
        Token::Plus => a.checked_add(b),
        Token::Minus => a.checked_sub(b),
        Token::Times => a.checked_mul(b),
        _ => a.checked_div(b),
    }
}

struct Parser<'t> {
    tokens: &'t [Token],
    pos: usize,
    depth: usize,
    literals: Vec<Option<u64>>,
}

impl Parser<'_> {
    fn peek(&self) -> Option<Token> {
        self.tokens.get(self.pos).copied()
    }

    fn expr(&mut self) -> Result<Value, &'static str> {
        let mut acc = self.term()?;
        while let Some(op @ (Token::Plus | Token::Minus)) = self.peek() {
            self.pos += 1;
            acc = combine(op, acc, self.term()?);
        }
        Ok(acc)
    }

    fn term(&mut self) -> Result<Value, &'static str> {
        let mut acc = self.factor()?;
        while let Some(op @ (Token::Times | Token::Divide)) = self.peek() {
            self.pos += 1;
            acc = combine(op, acc, self.factor()?);
        }
        Ok(acc)
    }

    fn factor(&mut self) -> Result<Value, &'static str> {
        let token = self
            .peek()
            .ok_or("the expression ends where a number was expected")?;
        self.pos += 1;
        match token {
            Token::Num(n) => {
                self.literals.push(n);
                // A literal too long for u64 is not a given number; its value is irrelevant.
                Ok(Ok(Rational::integer(i128::from(n.unwrap_or(0)))))
            }
            Token::Open => {
                self.depth += 1;
                if self.depth > MAX_DEPTH {
                    return Err("parentheses are nested more than 32 deep");
                }
                let inner = self.expr()?;
                if self.peek() != Some(Token::Close) {
                    return Err("an opening parenthesis is never closed");
                }
                self.pos += 1;
                self.depth -= 1;
                Ok(inner)
            }
            Token::Minus => Err("there is no unary minus: every number is used as given"),
            _ => Err("an operator or parenthesis stands where a number was expected"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(text: &str) -> String {
        match parse(text).unwrap().value {
            Ok(v) => v.to_string(),
            Err(e) => format!("{e:?}"),
        }
    }

    #[test]
    fn precedence_and_associativity() {
        assert_eq!(value("2 + 3 * 4"), "14");
        assert_eq!(value("(2 + 3) * 4"), "20");
        assert_eq!(value("10 - 4 - 3"), "3");
        assert_eq!(value("100 / 5 / 2"), "10");
        assert_eq!(value("7 / 2"), "7/2");
        assert_eq!(value("(1 + 1/3) * 3"), "4");
        assert_eq!(value("3 × 4 ÷ 6 − 1"), "1");
        assert_eq!(value("((((8))))"), "8");
    }

    #[test]
    fn other_spellings_of_the_operators() {
        assert_eq!(value("3 x 4 X 2"), "24");
        assert_eq!(value("3x4"), "12");
        assert_eq!(value("3 \\times 4 \\cdot 2 ⋅ 1 ∗ 1"), "24");
        assert_eq!(value("12 \\div 4 : 3"), "1");
        assert_eq!(value("\\left(1 + 2\\right) \\times 3"), "9");
        assert_eq!(value("\\frac{6}{4} * 2"), "3");
        assert_eq!(value("\\dfrac{1 + 5}{2 + 1}"), "2");
        assert_eq!(value("2 + \\frac{6}{3} \\cdot 2"), "6");
        assert_eq!(value("{1 + 2} * 3"), "9");
        assert_eq!(value("1\\,+\\;2"), "3");
        // `\frac` groups its parts: 8 / (2 * 2), not 8 / 2 * 2.
        assert_eq!(value("\\frac{8}{2 \\times 2}"), "2");
    }

    #[test]
    fn square_brackets_group_and_close_only_their_own() {
        assert_eq!(value("[2 + 3] * 4"), "20");
        assert_eq!(value("[(2 + 3) * 4] - 1"), "19");
        assert_eq!(value("{[2 + 3]} * 4"), "20");
        for bad in [
            "[2 + 3) * 4",
            "(2 + 3] * 4",
            "[2 + 3} * 4",
            "{2 + 3] * 4",
            "[2 + 3",
            "2 + 3]",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn broken_spellings_are_rejected() {
        for bad in [
            "\\frac{6}",
            "\\frac{6} 4",
            "\\frac 6 4",
            "{1 + 2",
            "1 + 2}",
            "\\sqrt{4}",
            "2 \\pow 3",
            "3 xx 4",
            "x 3",
            "3 x",
            "\\",
            "3 \\% 4",
        ] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn literals_are_recorded_in_order() {
        let p = parse("(25 - 5) * 10 / 99999999999999999999").unwrap();
        assert_eq!(p.literals, vec![Some(25), Some(5), Some(10), None]);
    }

    #[test]
    fn arithmetic_errors_are_values_not_parse_errors() {
        assert_eq!(value("5 / (3 - 3)"), "DivisionByZero");
        let huge = ["10000"; 12].join(" * ");
        assert_eq!(value(&huge), "Overflow");
    }

    #[test]
    fn malformed_expressions_are_rejected() {
        for bad in [
            "",
            "1 +",
            "+1",
            "-1 + 2",
            "(1 + 2",
            "1 + 2)",
            "1 2",
            "2(3)",
            "1 ** 2",
            "07 + 1",
            "1.5 * 2",
            "x",
            "1 + 2 = 3",
            "1e3",
            "()",
            "٣ + 1",
        ] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn nesting_and_length_are_bounded() {
        let deep = format!("{}1{}", "(".repeat(33), ")".repeat(33));
        assert!(parse(&deep).is_err());
        let ok = format!("{}1{}", "(".repeat(32), ")".repeat(32));
        assert!(parse(&ok).is_ok());
        let unclosed = "(".repeat(100_000);
        assert!(parse(&unclosed).is_err());
        assert!(parse(&"1+".repeat(600)).is_err());
    }
}
