//! A tiny calculator: a tokenizer, a recursive-descent evaluator for integer arithmetic with
//! `+ - * /`, unary minus and parentheses, a parenthesis checker and a reverse-Polish evaluator.

/// One token of an arithmetic expression.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Token {
    /// A non-negative integer literal.
    Num(i64),
    /// `+`
    Plus,
    /// `-`
    Minus,
    /// `*`
    Star,
    /// `/`
    Slash,
    /// `(`
    LParen,
    /// `)`
    RParen,
}

/// Splits `s` into tokens. Whitespace separates tokens and is otherwise ignored; a maximal run of
/// ASCII digits is one `Num` (so `"12 3"` is two numbers). Returns `None` when `s` holds any
/// other character or a number that does not fit in an `i64`.
pub fn tokenize(s: &str) -> Option<Vec<Token>> {
    let chars: Vec<char> = s.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_ascii_digit() {
            let mut value: i64 = 0;
            while i < chars.len() && chars[i].is_ascii_digit() {
                let digit = chars[i] as i64 - '0' as i64;
                value = value.checked_mul(10)?.checked_add(digit)?;
                i += 1;
            }
            tokens.push(Token::Num(value));
            continue;
        }
        let token = match c {
            '+' => Token::Plus,
            '-' => Token::Minus,
            '*' => Token::Star,
            '/' => Token::Slash,
            '(' => Token::LParen,
            ')' => Token::RParen,
            c if c.is_whitespace() => {
                i += 1;
                continue;
            }
            _ => return None,
        };
        tokens.push(token);
        i += 1;
    }
    Some(tokens)
}

/// Evaluates an integer expression with the usual precedence (`*` and `/` bind tighter than `+`
/// and `-`; operators of equal precedence associate to the left), unary minus (`-3`, `--3`,
/// `2*-3`) and parentheses. Division truncates toward zero (`-7/2` is `-3`). Returns `None` for a
/// syntax error (including an empty input or tokens left over), division by zero, or overflow.
pub fn eval(s: &str) -> Option<i64> {
    let tokens = tokenize(s)?;
    let mut pos = 0;
    let value = expr(&tokens, &mut pos)?;
    if pos == tokens.len() {
        Some(value)
    } else {
        None
    }
}

/// expr := term (('+' | '-') term)*
fn expr(tokens: &[Token], pos: &mut usize) -> Option<i64> {
    let mut value = term(tokens, pos)?;
    while let Some(&op) = tokens.get(*pos) {
        if op != Token::Plus && op != Token::Minus {
            break;
        }
        *pos += 1;
        let rhs = term(tokens, pos)?;
        value = if op == Token::Plus {
            value.checked_add(rhs)?
        } else {
            value.checked_sub(rhs)?
        };
    }
    Some(value)
}

/// term := factor (('*' | '/') factor)*
fn term(tokens: &[Token], pos: &mut usize) -> Option<i64> {
    let mut value = factor(tokens, pos)?;
    while let Some(&op) = tokens.get(*pos) {
        if op != Token::Star && op != Token::Slash {
            break;
        }
        *pos += 1;
        let rhs = factor(tokens, pos)?;
        value = if op == Token::Star {
            value.checked_mul(rhs)?
        } else {
            value.checked_div(rhs)?
        };
    }
    Some(value)
}

/// factor := '-' factor | number | '(' expr ')'
fn factor(tokens: &[Token], pos: &mut usize) -> Option<i64> {
    let token = *tokens.get(*pos)?;
    *pos += 1;
    match token {
        Token::Num(n) => Some(n),
        Token::Minus => factor(tokens, pos)?.checked_neg(),
        Token::LParen => {
            let value = expr(tokens, pos)?;
            if tokens.get(*pos) != Some(&Token::RParen) {
                return None;
            }
            *pos += 1;
            Some(value)
        }
        _ => None,
    }
}

/// Whether the parentheses in `s` are balanced: every `)` closes an earlier unclosed `(` and none
/// is left open. Other characters are ignored.
pub fn is_balanced(s: &str) -> bool {
    let mut depth: i64 = 0;
    for c in s.chars() {
        if c == '(' {
            depth += 1;
        } else if c == ')' {
            depth -= 1;
            if depth < 0 {
                return false;
            }
        }
    }
    depth == 0
}

/// Evaluates a reverse-Polish expression of whitespace-separated integers (optionally signed,
/// like `-4`) and the operators `+ - * /` (`"3 4 + 2 *"` is 14). Division truncates toward zero.
/// Returns `None` for an unknown word, a missing operand, division by zero, overflow, or when the
/// stack does not end with exactly one value.
pub fn eval_rpn(s: &str) -> Option<i64> {
    let mut stack: Vec<i64> = Vec::new();
    for word in s.split_whitespace() {
        if let Ok(n) = word.parse::<i64>() {
            stack.push(n);
            continue;
        }
        let b = stack.pop()?;
        let a = stack.pop()?;
        let value = match word {
            "+" => a.checked_add(b)?,
            "-" => a.checked_sub(b)?,
            "*" => a.checked_mul(b)?,
            "/" => a.checked_div(b)?,
            _ => return None,
        };
        stack.push(value);
    }
    if stack.len() == 1 {
        stack.pop()
    } else {
        None
    }
}
