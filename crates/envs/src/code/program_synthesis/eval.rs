//! The interpreter: a typed tree walk with checked 64-bit arithmetic and a fuel budget, so any
//! program that parsed finishes in bounded steps with a value or a fault, never a panic.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::lang::{BinOp, Builtin, Expr};

/// Steps one run may take: every node evaluated costs one, and `sort`, `reverse`, `take`, `drop`,
/// `len` and `sum` also one per element they touch. A reference program needs at most a quarter.
pub const FUEL: u32 = 20_000;

/// Why a run stopped without a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// An integer left the 64-bit range.
    Overflow,
    /// Division or remainder by zero.
    DivisionByZero,
    /// The run used up its fuel.
    OutOfFuel,
}

impl Fault {
    /// How the messages say it.
    pub fn describe(self) -> &'static str {
        match self {
            Fault::Overflow => "an integer overflows 64 bits",
            Fault::DivisionByZero => "division by zero",
            Fault::OutOfFuel => "it runs out of fuel",
        }
    }
}

/// A program's output: an integer, or a list of integers (written as a JSON number or array).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Value {
    /// An integer.
    Int(i64),
    /// A list.
    List(Vec<i64>),
}

type Run<T> = Result<T, Fault>;

struct Machine<'a> {
    xs: &'a [i64],
    vars: Vec<i64>,
    fuel: u32,
}

/// Runs a program whose output type is a list (`list`) or an integer on input `xs`; returns
/// the value and the fuel used.
pub fn run(program: &Expr, list: bool, xs: &[i64]) -> Run<(Value, u32)> {
    let mut m = Machine {
        xs,
        vars: Vec::with_capacity(8),
        fuel: FUEL,
    };
    let value = if list {
        Value::List(m.list(program)?)
    } else {
        Value::Int(m.int(program)?)
    };
    Ok((value, FUEL - m.fuel))
}

/// Floor division, as Python's `//`: the quotient rounded towards negative infinity.
pub fn floor_div(a: i64, b: i64) -> Run<i64> {
    if b == 0 {
        return Err(Fault::DivisionByZero);
    }
    let q = a.checked_div(b).ok_or(Fault::Overflow)?;
    Ok(if a % b != 0 && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    })
}

/// The remainder of [`floor_div`]: zero or the sign of the divisor, as Python's `%`.
pub fn floor_mod(a: i64, b: i64) -> Run<i64> {
    if b == 0 {
        return Err(Fault::DivisionByZero);
    }
    let r = a.checked_rem(b).ok_or(Fault::Overflow)?;
    Ok(if r != 0 && ((r < 0) != (b < 0)) {
        r + b
    } else {
        r
    })
}

impl Machine<'_> {
    fn tick(&mut self, cost: usize) -> Run<()> {
        let cost = u32::try_from(cost).unwrap_or(u32::MAX);
        self.fuel = self.fuel.checked_sub(cost).ok_or(Fault::OutOfFuel)?;
        Ok(())
    }

    fn int(&mut self, e: &Expr) -> Run<i64> {
        self.tick(1)?;
        match e {
            Expr::Num(n) => Ok(*n),
            Expr::Var(slot) => Ok(self.vars[usize::from(*slot)]),
            Expr::Neg(a) => self.int(a)?.checked_neg().ok_or(Fault::Overflow),
            Expr::Bin(op, a, b) => {
                let (a, b) = (self.int(a)?, self.int(b)?);
                match op {
                    BinOp::Add => a.checked_add(b).ok_or(Fault::Overflow),
                    BinOp::Sub => a.checked_sub(b).ok_or(Fault::Overflow),
                    BinOp::Mul => a.checked_mul(b).ok_or(Fault::Overflow),
                    BinOp::Div => floor_div(a, b),
                    BinOp::Mod => floor_mod(a, b),
                    _ => unreachable!("the parser types {op:?} as a truth value"),
                }
            }
            Expr::Call(f, args) => match f {
                Builtin::Fold => {
                    let mut acc = self.int(&args[1])?;
                    let list = self.list(&args[2])?;
                    let slot = self.vars.len();
                    self.vars.extend([0, 0]);
                    for x in list {
                        self.vars[slot] = acc;
                        self.vars[slot + 1] = x;
                        acc = match self.int(&args[0]) {
                            Ok(v) => v,
                            Err(fault) => {
                                self.vars.truncate(slot);
                                return Err(fault);
                            }
                        };
                    }
                    self.vars.truncate(slot);
                    Ok(acc)
                }
                Builtin::Len => {
                    let list = self.list(&args[0])?;
                    Ok(list.len() as i64)
                }
                Builtin::Sum => {
                    let list = self.list(&args[0])?;
                    self.tick(list.len())?;
                    list.iter()
                        .try_fold(0i64, |s, &x| s.checked_add(x))
                        .ok_or(Fault::Overflow)
                }
                Builtin::Min => Ok(self.int(&args[0])?.min(self.int(&args[1])?)),
                Builtin::Max => Ok(self.int(&args[0])?.max(self.int(&args[1])?)),
                Builtin::Abs => self.int(&args[0])?.checked_abs().ok_or(Fault::Overflow),
                Builtin::If => {
                    if self.bool(&args[0])? {
                        self.int(&args[1])
                    } else {
                        self.int(&args[2])
                    }
                }
                _ => unreachable!("the parser types {f:?} as a list"),
            },
            _ => unreachable!("the parser types {e:?} as no integer"),
        }
    }

    fn bool(&mut self, e: &Expr) -> Run<bool> {
        self.tick(1)?;
        match e {
            Expr::Not(a) => Ok(!self.bool(a)?),
            // `and` and `or` evaluate their right side only when it decides.
            Expr::Bin(BinOp::And, a, b) => Ok(self.bool(a)? && self.bool(b)?),
            Expr::Bin(BinOp::Or, a, b) => Ok(self.bool(a)? || self.bool(b)?),
            Expr::Bin(op, a, b) => {
                let (a, b) = (self.int(a)?, self.int(b)?);
                Ok(match op {
                    BinOp::Eq => a == b,
                    BinOp::Ne => a != b,
                    BinOp::Lt => a < b,
                    BinOp::Le => a <= b,
                    BinOp::Gt => a > b,
                    BinOp::Ge => a >= b,
                    _ => unreachable!("the parser types {op:?} as an integer"),
                })
            }
            _ => unreachable!("the parser types {e:?} as no truth value"),
        }
    }

    /// Runs a one-parameter lambda body on each element.
    fn each<T>(
        &mut self,
        body: &Expr,
        list: Vec<i64>,
        mut step: impl FnMut(&mut Self, &Expr, i64, &mut Vec<T>) -> Run<()>,
    ) -> Run<Vec<T>> {
        let slot = self.vars.len();
        self.vars.push(0);
        let mut out = Vec::with_capacity(list.len());
        for x in list {
            self.vars[slot] = x;
            if let Err(fault) = step(self, body, x, &mut out) {
                self.vars.truncate(slot);
                return Err(fault);
            }
        }
        self.vars.truncate(slot);
        Ok(out)
    }

    fn list(&mut self, e: &Expr) -> Run<Vec<i64>> {
        self.tick(1)?;
        match e {
            Expr::Xs => {
                self.tick(self.xs.len())?;
                Ok(self.xs.to_vec())
            }
            Expr::Call(f, args) => match f {
                Builtin::Map => {
                    let list = self.list(&args[1])?;
                    self.each(&args[0], list, |m, body, _, out| {
                        out.push(m.int(body)?);
                        Ok(())
                    })
                }
                Builtin::Filter => {
                    let list = self.list(&args[1])?;
                    self.each(&args[0], list, |m, body, x, out| {
                        if m.bool(body)? {
                            out.push(x);
                        }
                        Ok(())
                    })
                }
                Builtin::ZipWith => {
                    let left = self.list(&args[1])?;
                    let right = self.list(&args[2])?;
                    let slot = self.vars.len();
                    self.vars.extend([0, 0]);
                    let mut out = Vec::with_capacity(left.len().min(right.len()));
                    for (a, b) in left.into_iter().zip(right) {
                        self.vars[slot] = a;
                        self.vars[slot + 1] = b;
                        match self.int(&args[0]) {
                            Ok(v) => out.push(v),
                            Err(fault) => {
                                self.vars.truncate(slot);
                                return Err(fault);
                            }
                        }
                    }
                    self.vars.truncate(slot);
                    Ok(out)
                }
                Builtin::Sort => {
                    let mut list = self.list(&args[0])?;
                    self.tick(list.len())?;
                    list.sort_unstable();
                    Ok(list)
                }
                Builtin::Reverse => {
                    let mut list = self.list(&args[0])?;
                    self.tick(list.len())?;
                    list.reverse();
                    Ok(list)
                }
                Builtin::Take | Builtin::Drop => {
                    let n = self.int(&args[0])?;
                    let mut list = self.list(&args[1])?;
                    self.tick(list.len())?;
                    // A count below 0 counts as 0; above the length, as the length.
                    let n = usize::try_from(n.max(0))
                        .unwrap_or(usize::MAX)
                        .min(list.len());
                    if *f == Builtin::Take {
                        list.truncate(n);
                    } else {
                        list.drain(..n);
                    }
                    Ok(list)
                }
                Builtin::If => {
                    if self.bool(&args[0])? {
                        self.list(&args[1])
                    } else {
                        self.list(&args[2])
                    }
                }
                _ => unreachable!("the parser types {f:?} as an integer"),
            },
            _ => unreachable!("the parser types {e:?} as no list"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::parse::parse;
    use super::*;

    fn eval(text: &str, xs: &[i64]) -> Run<Value> {
        let (e, t) = parse(text).unwrap();
        run(&e, t == super::super::lang::Type::List, xs).map(|(v, _)| v)
    }

    #[test]
    fn the_stated_semantics() {
        let xs = [3, -7, 0, 5, 5];
        for (text, want) in [
            ("sort(xs)", Value::List(vec![-7, 0, 3, 5, 5])),
            ("take(9, xs)", Value::List(xs.to_vec())),
            ("take(-1, xs)", Value::List(vec![])),
            ("drop(2, xs)", Value::List(vec![0, 5, 5])),
            ("map(x -> x / 2, xs)", Value::List(vec![1, -4, 0, 2, 2])),
            ("map(x -> x % -2, xs)", Value::List(vec![-1, -1, 0, -1, -1])),
            ("map(x -> x % 3, xs)", Value::List(vec![0, 2, 0, 2, 2])),
            (
                "zip_with((a, b) -> a - b, xs, drop(1, xs))",
                Value::List(vec![10, -7, -5, 0]),
            ),
            ("fold((acc, x) -> acc * 2 + x, 1, xs)", Value::Int(39)),
            ("len(filter(x -> x > 0 and x != 5, xs))", Value::Int(1)),
            ("if(sum(xs) == 6, 1, 2)", Value::Int(1)),
            ("len(filter(x -> x == 0 or 10 / x > 0, xs))", Value::Int(4)),
        ] {
            assert_eq!(eval(text, &xs), Ok(want), "{text}");
        }
        assert_eq!(eval("map(x -> 1 / x, xs)", &xs), Err(Fault::DivisionByZero));
        assert_eq!(
            eval("fold((acc, x) -> acc * 1000000 + 1, 1, xs)", &[1; 5]),
            Err(Fault::Overflow)
        );
        assert_eq!(
            eval(
                "sum(map(x -> sum(map(y -> sum(map(z -> x + y + z, xs)), xs)), xs))",
                &[1; 30]
            ),
            Err(Fault::OutOfFuel)
        );
    }
}
