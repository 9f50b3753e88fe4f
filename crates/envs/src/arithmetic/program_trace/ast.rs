//! The tiny language of `program_trace`: its syntax tree, its interpreter and its rendering.
//! Values are integers modulo M (every result is reduced), loops have constant bounds, and there
//! is no recursion or jump, so every program terminates by construction.

use std::fmt::Write;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Variable names, in order.
pub const VARS: [&str; 4] = ["a", "b", "c", "d"];
/// Loop counter names, outermost first.
pub const COUNTERS: [&str; 3] = ["i", "j", "k"];
/// The most lines a program may print; a drawn program that would print more is redrawn.
pub const PRINTS: usize = 64;

/// A statement.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Stmt {
    /// `VAR = EXPR`.
    Assign {
        /// The variable assigned (0 = a, 1 = b, …).
        var: u8,
        /// The value, reduced modulo M.
        expr: Expr,
    },
    /// `print VAR`: one output line.
    Print {
        /// The variable printed.
        var: u8,
    },
    /// `if COND { … } else { … }`.
    If {
        /// The condition.
        cond: Cond,
        /// Run when the condition holds.
        then: Vec<Stmt>,
        /// Run otherwise (may be empty).
        otherwise: Vec<Stmt>,
    },
    /// `for COUNTER in 0..COUNT { … }`: the body runs COUNT times, the counter 0 to COUNT − 1.
    For {
        /// How many times the body runs.
        count: u8,
        /// The body.
        body: Vec<Stmt>,
    },
}

/// `OPERAND [OP OPERAND]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Expr {
    /// The first operand.
    pub left: Operand,
    /// The operator and the second operand, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub right: Option<(BinOp, Operand)>,
}

/// A value in an expression or condition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Operand {
    /// A variable (0 = a, 1 = b, …).
    Var(u8),
    /// A constant, below M.
    Const(u32),
    /// A loop counter by depth (0 = i, the outermost).
    Counter(u8),
}

/// An arithmetic operator; every result is reduced modulo M.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum BinOp {
    /// `+`
    Add,
    /// `-` (the result is taken modulo M, so it is never negative)
    Sub,
    /// `*`
    Mul,
}

/// A comparison of two operands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Cond {
    /// The left operand.
    pub left: Operand,
    /// The comparison.
    pub cmp: Cmp,
    /// The right operand.
    pub right: Operand,
}

/// A comparison operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Cmp {
    /// `<`
    Lt,
    /// `==`
    Eq,
    /// `>`
    Gt,
}

/// The interpreter's state: variables and loop counters.
struct Machine {
    vars: [u32; 4],
    counters: [u32; 3],
    modulus: u32,
    output: Vec<u32>,
}

/// Runs a program with every variable starting at 0, and returns what it prints. `limit` bounds
/// the printed lines; `None` when a run would print more (the generator then redraws).
pub fn run(program: &[Stmt], modulus: u32, limit: usize) -> Option<Vec<u32>> {
    let mut m = Machine {
        vars: [0; 4],
        counters: [0; 3],
        modulus,
        output: Vec::new(),
    };
    m.block(program, 0, limit)?;
    Some(m.output)
}

impl Machine {
    /// Runs a block inside `depth` enclosing loops.
    fn block(&mut self, stmts: &[Stmt], depth: usize, limit: usize) -> Option<()> {
        for s in stmts {
            match s {
                Stmt::Assign { var, expr } => {
                    self.vars[usize::from(*var)] = self.expr(expr);
                }
                Stmt::Print { var } => {
                    if self.output.len() == limit {
                        return None;
                    }
                    self.output.push(self.vars[usize::from(*var)]);
                }
                Stmt::If {
                    cond,
                    then,
                    otherwise,
                } => {
                    let (l, r) = (self.operand(cond.left), self.operand(cond.right));
                    let holds = match cond.cmp {
                        Cmp::Lt => l < r,
                        Cmp::Eq => l == r,
                        Cmp::Gt => l > r,
                    };
                    self.block(if holds { then } else { otherwise }, depth, limit)?;
                }
                Stmt::For { count, body } => {
                    for i in 0..u32::from(*count) {
                        self.counters[depth] = i;
                        self.block(body, depth + 1, limit)?;
                    }
                }
            }
        }
        Some(())
    }

    fn operand(&self, o: Operand) -> u32 {
        match o {
            Operand::Var(v) => self.vars[usize::from(v)],
            Operand::Const(c) => c,
            Operand::Counter(d) => self.counters[usize::from(d)],
        }
    }

    fn expr(&self, e: &Expr) -> u32 {
        let m = u64::from(self.modulus);
        let l = u64::from(self.operand(e.left)) % m;
        let v = match e.right {
            None => l,
            Some((op, r)) => {
                let r = u64::from(self.operand(r)) % m;
                match op {
                    BinOp::Add => (l + r) % m,
                    BinOp::Sub => (l + m - r) % m,
                    BinOp::Mul => l * r % m,
                }
            }
        };
        v as u32
    }
}

/// The program's source text, indented by four spaces per level.
pub fn render(program: &[Stmt]) -> String {
    let mut s = String::new();
    render_block(&mut s, program, 0, 0);
    s
}

/// Renders a block at an indentation level, inside `loops` enclosing loops.
fn render_block(s: &mut String, stmts: &[Stmt], depth: usize, loops: usize) {
    let pad = "    ".repeat(depth);
    for st in stmts {
        // `write!` to a String cannot fail.
        match st {
            Stmt::Assign { var, expr } => {
                let _ = write!(
                    s,
                    "{pad}{} = {}",
                    VARS[usize::from(*var)],
                    operand(expr.left)
                );
                if let Some((op, r)) = expr.right {
                    let sym = match op {
                        BinOp::Add => "+",
                        BinOp::Sub => "-",
                        BinOp::Mul => "*",
                    };
                    let _ = write!(s, " {sym} {}", operand(r));
                }
                s.push('\n');
            }
            Stmt::Print { var } => {
                let _ = writeln!(s, "{pad}print {}", VARS[usize::from(*var)]);
            }
            Stmt::If {
                cond,
                then,
                otherwise,
            } => {
                let cmp = match cond.cmp {
                    Cmp::Lt => "<",
                    Cmp::Eq => "==",
                    Cmp::Gt => ">",
                };
                let _ = writeln!(
                    s,
                    "{pad}if {} {cmp} {} {{",
                    operand(cond.left),
                    operand(cond.right)
                );
                render_block(s, then, depth + 1, loops);
                if otherwise.is_empty() {
                    let _ = writeln!(s, "{pad}}}");
                } else {
                    let _ = writeln!(s, "{pad}}} else {{");
                    render_block(s, otherwise, depth + 1, loops);
                    let _ = writeln!(s, "{pad}}}");
                }
            }
            Stmt::For { count, body } => {
                let _ = writeln!(s, "{pad}for {} in 0..{count} {{", COUNTERS[loops]);
                render_block(s, body, depth + 1, loops + 1);
                let _ = writeln!(s, "{pad}}}");
            }
        }
    }
}

fn operand(o: Operand) -> String {
    match o {
        Operand::Var(v) => VARS[usize::from(v)].to_owned(),
        Operand::Const(c) => c.to_string(),
        Operand::Counter(d) => COUNTERS[usize::from(d)].to_owned(),
    }
}
