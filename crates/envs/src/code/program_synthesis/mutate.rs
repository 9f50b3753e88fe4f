//! Mutants of a program: every well-typed one-edit change a near-miss solver plausibly makes (a
//! constant off by one, an operator or comparison swapped, a stage dropped or swapped, a
//! parameter swapped, `sum` for `len`). The generator adds hidden inputs until each mutant that
//! behaves differently somewhere in its pool is caught; the probes draw near misses from them.

use super::lang::{ARITH, BinOp, Builtin, COMPARE, Expr};

/// Every one-edit mutant of `program`, in a fixed order, without duplicates or the program itself.
pub fn mutants(program: &Expr) -> Vec<Expr> {
    let mut out = Vec::new();
    all(program, 0, &mut |m| {
        if m != *program && !out.contains(&m) {
            out.push(m);
        }
    });
    out
}

/// Calls `emit` with every tree that differs from `e` by one edit; `scope` counts the lambda
/// parameters in scope at `e`.
fn all(e: &Expr, scope: usize, emit: &mut dyn FnMut(Expr)) {
    for m in local(e, scope) {
        emit(m);
    }
    match e {
        Expr::Num(_) | Expr::Xs | Expr::Var(_) => {}
        Expr::Neg(a) => all(a, scope, &mut |m| emit(Expr::Neg(Box::new(m)))),
        Expr::Not(a) => all(a, scope, &mut |m| emit(Expr::Not(Box::new(m)))),
        Expr::Bin(op, a, b) => {
            all(a, scope, &mut |m| {
                emit(Expr::Bin(*op, Box::new(m), b.clone()))
            });
            all(b, scope, &mut |m| {
                emit(Expr::Bin(*op, a.clone(), Box::new(m)))
            });
        }
        Expr::Call(f, args) => {
            for i in 0..args.len() {
                let inner = if i == 0 {
                    scope + f.lambda_arity()
                } else {
                    scope
                };
                all(&args[i], inner, &mut |m| {
                    let mut args = args.clone();
                    args[i] = m;
                    emit(Expr::Call(*f, args));
                });
            }
        }
    }
}

/// The edits of the node `e` itself.
fn local(e: &Expr, scope: usize) -> Vec<Expr> {
    let call = |f: Builtin, args: Vec<Expr>| Expr::Call(f, args);
    match e {
        Expr::Num(n) => vec![Expr::Num(n + 1), Expr::Num(n - 1)],
        Expr::Xs => vec![
            call(Builtin::Sort, vec![Expr::Xs]),
            call(Builtin::Reverse, vec![Expr::Xs]),
        ],
        Expr::Var(slot) => (0..scope.min(8) as u8)
            .filter(|s| s != slot)
            .map(Expr::Var)
            .collect(),
        Expr::Neg(a) | Expr::Not(a) => vec![(**a).clone()],
        Expr::Bin(op, a, b) => {
            let family: &[BinOp] = match op {
                BinOp::And | BinOp::Or => &[BinOp::And, BinOp::Or],
                _ if op.is_comparison() => &COMPARE,
                _ => &ARITH,
            };
            let mut out: Vec<Expr> = family
                .iter()
                .filter(|o| *o != op)
                .map(|o| Expr::Bin(*o, a.clone(), b.clone()))
                .collect();
            if matches!(op, BinOp::And | BinOp::Or) {
                out.push((**a).clone());
                out.push((**b).clone());
            }
            out
        }
        Expr::Call(f, args) => {
            let mut out = Vec::new();
            let list_arg = args.last().cloned();
            match f {
                Builtin::Map | Builtin::Filter | Builtin::Take | Builtin::Drop => {
                    out.extend(list_arg);
                }
                Builtin::Sort | Builtin::Reverse => {
                    out.extend(list_arg.clone());
                    let other = if *f == Builtin::Sort {
                        Builtin::Reverse
                    } else {
                        Builtin::Sort
                    };
                    out.push(call(other, args.clone()));
                }
                _ => {}
            }
            let swap = match f {
                Builtin::Take => Some(Builtin::Drop),
                Builtin::Drop => Some(Builtin::Take),
                Builtin::Sum => Some(Builtin::Len),
                Builtin::Len => Some(Builtin::Sum),
                Builtin::Min => Some(Builtin::Max),
                Builtin::Max => Some(Builtin::Min),
                _ => None,
            };
            out.extend(swap.map(|g| call(g, args.clone())));
            match f {
                Builtin::Abs => out.push(args[0].clone()),
                Builtin::ZipWith => {
                    out.push(call(
                        Builtin::ZipWith,
                        vec![args[0].clone(), args[2].clone(), args[1].clone()],
                    ));
                }
                _ => {}
            }
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::parse::parse;
    use super::*;

    #[test]
    fn mutants_are_well_typed_one_edit_changes() {
        let (program, t) =
            parse("sum(map(x -> x * 2, filter(x -> x % 3 != 0, take(4, xs))))").unwrap();
        let found = mutants(&program);
        let texts: Vec<String> = found.iter().map(Expr::render).collect();
        for want in [
            "sum(map(x -> x * 3, filter(x -> x % 3 != 0, take(4, xs))))",
            "sum(map(x -> x * 2, filter(x -> x % 3 == 0, take(4, xs))))",
            "sum(filter(x -> x % 3 != 0, take(4, xs)))",
            "sum(map(x -> x * 2, filter(x -> x % 3 != 0, take(5, xs))))",
            "len(map(x -> x * 2, filter(x -> x % 3 != 0, take(4, xs))))",
            "sum(map(x -> x * 2, filter(x -> x % 3 != 0, drop(4, xs))))",
        ] {
            assert!(
                texts.iter().any(|t| t == want),
                "{want} missing from {texts:#?}"
            );
        }
        for text in &texts {
            let (reparsed, rt) = parse(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
            assert_eq!(rt, t, "{text}");
            assert_ne!(reparsed.render(), program.render());
        }
    }
}
