//! The list language's syntax tree, its types, its builtins and its printer: the one shape the
//! parser builds, the interpreter runs, the generator draws and the mutator edits.

use std::fmt::Write as _;

/// A value's type. Lambda parameters are always integers, so the only list in scope is `xs`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Type {
    /// A 64-bit integer.
    Int,
    /// A truth value (comparisons, `and`, `or`, `not`); never a program's output.
    Bool,
    /// A list of integers.
    List,
}

impl Type {
    /// The word the prompt and the messages use.
    pub fn name(self) -> &'static str {
        match self {
            Type::Int => "an integer",
            Type::Bool => "a truth value",
            Type::List => "a list",
        }
    }
}

/// Binary operators, by the type they work on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    /// `+`.
    Add,
    /// `-`.
    Sub,
    /// `*`.
    Mul,
    /// `/ (floor)`.
    Div,
    /// `% (sign of the divisor)`.
    Mod,
    /// `==`.
    Eq,
    /// `!=`.
    Ne,
    /// `<`.
    Lt,
    /// `<=`.
    Le,
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
    /// `and`.
    And,
    /// `or`.
    Or,
}

/// The integer operators, in the order mutants try them.
pub const ARITH: [BinOp; 5] = [BinOp::Add, BinOp::Sub, BinOp::Mul, BinOp::Div, BinOp::Mod];
/// The comparisons, in the order mutants try them.
pub const COMPARE: [BinOp; 6] = [
    BinOp::Eq,
    BinOp::Ne,
    BinOp::Lt,
    BinOp::Le,
    BinOp::Gt,
    BinOp::Ge,
];

impl BinOp {
    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Mod => "%",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::And => "and",
            BinOp::Or => "or",
        }
    }

    /// Binding strength: `or` 1, `and` 2, comparisons 4, `+ -` 5, `* / %` 6 (`not` is 3).
    pub fn precedence(self) -> u8 {
        match self {
            BinOp::Or => 1,
            BinOp::And => 2,
            BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => 4,
            BinOp::Add | BinOp::Sub => 5,
            BinOp::Mul | BinOp::Div | BinOp::Mod => 6,
        }
    }

    /// Whether it compares two integers into a truth value.
    pub fn is_comparison(self) -> bool {
        self.precedence() == 4
    }
}

/// The named functions. Lambda arguments come first, as in `map(x -> x + 1, xs)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Builtin {
    /// `map`.
    Map,
    /// `filter`.
    Filter,
    /// `fold`.
    Fold,
    /// `zip_with`.
    ZipWith,
    /// `sort`.
    Sort,
    /// `reverse`.
    Reverse,
    /// `take`.
    Take,
    /// `drop`.
    Drop,
    /// `len`.
    Len,
    /// `sum`.
    Sum,
    /// `min`.
    Min,
    /// `max`.
    Max,
    /// `abs`.
    Abs,
    /// `if`.
    If,
}

/// Every builtin, for lookup by name.
pub const BUILTINS: [Builtin; 14] = [
    Builtin::Map,
    Builtin::Filter,
    Builtin::Fold,
    Builtin::ZipWith,
    Builtin::Sort,
    Builtin::Reverse,
    Builtin::Take,
    Builtin::Drop,
    Builtin::Len,
    Builtin::Sum,
    Builtin::Min,
    Builtin::Max,
    Builtin::Abs,
    Builtin::If,
];

impl Builtin {
    /// The name as written.
    pub fn name(self) -> &'static str {
        match self {
            Builtin::Map => "map",
            Builtin::Filter => "filter",
            Builtin::Fold => "fold",
            Builtin::ZipWith => "zip_with",
            Builtin::Sort => "sort",
            Builtin::Reverse => "reverse",
            Builtin::Take => "take",
            Builtin::Drop => "drop",
            Builtin::Len => "len",
            Builtin::Sum => "sum",
            Builtin::Min => "min",
            Builtin::Max => "max",
            Builtin::Abs => "abs",
            Builtin::If => "if",
        }
    }

    /// The builtin called `name`.
    pub fn by_name(name: &str) -> Option<Builtin> {
        BUILTINS.into_iter().find(|b| b.name() == name)
    }

    /// How many parameters its lambda binds (0: it takes no lambda).
    pub fn lambda_arity(self) -> usize {
        match self {
            Builtin::Map | Builtin::Filter => 1,
            Builtin::Fold | Builtin::ZipWith => 2,
            _ => 0,
        }
    }

    /// The argument types (a lambda's entry is its body's type), and the result; `If`'s branch
    /// types are checked apart (`None` here).
    pub fn signature(self) -> (&'static [Type], Option<Type>) {
        use Type::{Bool, Int, List};
        match self {
            Builtin::Map => (&[Int, List], Some(List)),
            Builtin::Filter => (&[Bool, List], Some(List)),
            Builtin::Fold => (&[Int, Int, List], Some(Int)),
            Builtin::ZipWith => (&[Int, List, List], Some(List)),
            Builtin::Sort | Builtin::Reverse => (&[List], Some(List)),
            Builtin::Take | Builtin::Drop => (&[Int, List], Some(List)),
            Builtin::Len | Builtin::Sum => (&[List], Some(Int)),
            Builtin::Min | Builtin::Max => (&[Int, Int], Some(Int)),
            Builtin::Abs => (&[Int], Some(Int)),
            Builtin::If => (&[Bool, Int, Int], None),
        }
    }
}

/// A typed, resolved expression. Variables are stack slots: a lambda at nesting depth `d` binds
/// slot `d` (and `d + 1` for two parameters), so evaluation needs no names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    /// An integer literal (the parser reads 0 to [`super::parse::MAX_LITERAL`]; a negative one
    /// only comes from a mutant and prints as `-n`).
    Num(i64),
    /// The input list.
    Xs,
    /// A lambda parameter, by slot.
    Var(u8),
    /// `-e`.
    Neg(Box<Expr>),
    /// `not e`.
    Not(Box<Expr>),
    /// `a op b`.
    Bin(BinOp, Box<Expr>, Box<Expr>),
    /// `f(args)`; for a builtin with a lambda, `args[0]` is the lambda's body.
    Call(Builtin, Vec<Expr>),
}

impl Expr {
    /// `a op b`.
    pub fn bin(op: BinOp, a: Expr, b: Expr) -> Expr {
        Expr::Bin(op, Box::new(a), Box::new(b))
    }

    /// How many nodes the tree has.
    pub fn size(&self) -> usize {
        1 + self.children().map(Expr::size).sum::<usize>()
    }

    /// The direct subexpressions, in order.
    pub fn children(&self) -> impl Iterator<Item = &Expr> {
        let (one, two, rest): (Option<&Expr>, Option<&Expr>, &[Expr]) = match self {
            Expr::Num(_) | Expr::Xs | Expr::Var(_) => (None, None, &[]),
            Expr::Neg(e) | Expr::Not(e) => (Some(e), None, &[]),
            Expr::Bin(_, a, b) => (Some(a), Some(b), &[]),
            Expr::Call(_, args) => (None, None, args),
        };
        one.into_iter().chain(two).chain(rest)
    }

    /// The program as text, with the fewest parentheses and conventional parameter names.
    pub fn render(&self) -> String {
        let mut out = String::new();
        write_expr(&mut out, self, 0, &mut Vec::new());
        out
    }
}

/// The parameter names the printer gives a lambda at nesting depth `depth`.
fn param_names(builtin: Builtin, depth: usize) -> [String; 2] {
    let suffix = if depth == 0 {
        String::new()
    } else {
        depth.to_string()
    };
    let (a, b) = match builtin {
        Builtin::Fold => ("acc", "x"),
        Builtin::ZipWith => ("a", "b"),
        _ => ("x", ""),
    };
    [format!("{a}{suffix}"), format!("{b}{suffix}")]
}

/// Writes `e` where the context binds at strength `min`: parenthesised if it binds looser.
fn write_expr(out: &mut String, e: &Expr, min: u8, names: &mut Vec<String>) {
    match e {
        Expr::Num(n) if *n < 0 && min > 7 => {
            let _ = write!(out, "({n})");
        }
        Expr::Num(n) => {
            let _ = write!(out, "{n}");
        }
        Expr::Xs => out.push_str("xs"),
        Expr::Var(slot) => out.push_str(names.get(usize::from(*slot)).map_or("?", String::as_str)),
        Expr::Neg(inner) => {
            let wrap = min > 7;
            out.push_str(if wrap { "(-" } else { "-" });
            write_expr(out, inner, 7, names);
            if wrap {
                out.push(')');
            }
        }
        Expr::Not(inner) => {
            let wrap = min > 3;
            out.push_str(if wrap { "(not " } else { "not " });
            write_expr(out, inner, 3, names);
            if wrap {
                out.push(')');
            }
        }
        Expr::Bin(op, a, b) => {
            let p = op.precedence();
            let wrap = min > p;
            if wrap {
                out.push('(');
            }
            // Left-associative; comparisons do not chain, so both sides bind tighter.
            let left = if op.is_comparison() { p + 1 } else { p };
            write_expr(out, a, left, names);
            let _ = write!(out, " {} ", op.symbol());
            write_expr(out, b, p + 1, names);
            if wrap {
                out.push(')');
            }
        }
        Expr::Call(f, args) => {
            out.push_str(f.name());
            out.push('(');
            let arity = f.lambda_arity();
            for (i, arg) in args.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                if i == 0 && arity > 0 {
                    let [a, b] = param_names(*f, names.len());
                    if arity == 1 {
                        let _ = write!(out, "{a} -> ");
                        names.push(a);
                    } else {
                        let _ = write!(out, "({a}, {b}) -> ");
                        names.push(a);
                        names.push(b);
                    }
                    write_expr(out, arg, 0, names);
                    names.truncate(names.len() - arity);
                } else {
                    write_expr(out, arg, 0, names);
                }
            }
            out.push(')');
        }
    }
}
