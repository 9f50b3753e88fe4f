//! Drawing a random program from the typed grammar: every variable read is one of the program's,
//! every counter read is bound by an enclosing loop, every constant is below M, and blocks nest no
//! deeper than the params allow.

use super::ast::{BinOp, Cmp, Cond, Expr, Operand, PRINTS, Stmt};
use super::params::ProgramTraceParams;
use verigym_core::rng::ProblemRng;

/// Where a statement is drawn: how deep in blocks, inside how many loops.
#[derive(Clone, Copy)]
struct Scope {
    depth: u32,
    loops: u8,
}

/// A program and what it prints: one assignment of a constant per variable, then `statements`
/// statements drawn from the grammar, then a `print`. Drawn programs that would print more than the limit are redrawn
/// (16 times); after that a program without loops is drawn, which prints at most one line per
/// statement, so generation always ends.
pub fn program(params: &ProgramTraceParams, rng: &mut ProblemRng) -> (Vec<Stmt>, Vec<u32>) {
    for attempt in 0..=16 {
        let loops = if attempt == 16 { 0 } else { params.loop_max };
        let mut budget = params.statements;
        // Every variable first gets a small constant, so no trace is all zeros.
        let mut program: Vec<Stmt> = (0..params.variables as u8)
            .map(|var| Stmt::Assign {
                var,
                expr: Expr {
                    left: Operand::Const(constant(params, rng)),
                    right: None,
                },
            })
            .collect();
        let top = Scope { depth: 0, loops: 0 };
        while budget > 0 {
            program.push(statement(params, loops, rng, &mut budget, top));
        }
        program.push(Stmt::Print {
            var: var(params, rng),
        });
        if let Some(output) = super::ast::run(&program, params.modulus, PRINTS) {
            return (program, output);
        }
    }
    unreachable!("a program without loops prints at most one line per statement")
}

fn statement(
    params: &ProgramTraceParams,
    loop_max: u32,
    rng: &mut ProblemRng,
    budget: &mut u32,
    scope: Scope,
) -> Stmt {
    *budget -= 1;
    let nest = scope.depth < params.depth && *budget > 0;
    let can_if = params.branches && nest;
    let can_for = loop_max >= 2 && nest && scope.loops < 3;
    // Weights: assign 5, print 3, if 2, for 2.
    let kind = rng.weighted(&[5, 3, u64::from(can_if) * 2, u64::from(can_for) * 2]);
    match kind {
        0 => Stmt::Assign {
            var: var(params, rng),
            expr: Expr {
                left: operand(params, rng, scope),
                right: rng.chance(3, 4).then(|| {
                    let op = *rng.choose(&[BinOp::Add, BinOp::Sub, BinOp::Mul]);
                    (op, operand(params, rng, scope))
                }),
            },
        },
        1 => Stmt::Print {
            var: var(params, rng),
        },
        2 => {
            let inner = Scope {
                depth: scope.depth + 1,
                loops: scope.loops,
            };
            let cond = Cond {
                left: Operand::Var(var(params, rng)),
                cmp: *rng.choose(&[Cmp::Lt, Cmp::Eq, Cmp::Gt]),
                right: operand(params, rng, scope),
            };
            let then = block(params, loop_max, rng, budget, inner);
            let otherwise = if rng.chance(1, 2) {
                block(params, loop_max, rng, budget, inner)
            } else {
                Vec::new()
            };
            Stmt::If {
                cond,
                then,
                otherwise,
            }
        }
        _ => {
            let count = rng.in_range(2, u64::from(loop_max)) as u8;
            let inner = Scope {
                depth: scope.depth + 1,
                loops: scope.loops + 1,
            };
            Stmt::For {
                count,
                body: block(params, loop_max, rng, budget, inner),
            }
        }
    }
}

/// One to three statements, as the budget allows (at least one: an empty block says nothing).
fn block(
    params: &ProgramTraceParams,
    loop_max: u32,
    rng: &mut ProblemRng,
    budget: &mut u32,
    scope: Scope,
) -> Vec<Stmt> {
    if *budget == 0 {
        return vec![Stmt::Print {
            var: var(params, rng),
        }];
    }
    let want = rng.in_range(1, 3).min(u64::from(*budget));
    (0..want)
        .map_while(|_| (*budget > 0).then(|| statement(params, loop_max, rng, budget, scope)))
        .collect()
}

fn var(params: &ProgramTraceParams, rng: &mut ProblemRng) -> u8 {
    rng.below(u64::from(params.variables)) as u8
}

/// A variable (half the time), a small constant below M, or an enclosing loop's counter.
fn operand(params: &ProgramTraceParams, rng: &mut ProblemRng, scope: Scope) -> Operand {
    let counter = u64::from(scope.loops > 0);
    match rng.weighted(&[4, 3, counter * 2]) {
        0 => Operand::Var(var(params, rng)),
        1 => Operand::Const(constant(params, rng)),
        _ => Operand::Counter(rng.below(u64::from(scope.loops)) as u8),
    }
}

/// A constant below M and below 20, so the arithmetic stays in the prompt's small numbers.
fn constant(params: &ProgramTraceParams, rng: &mut ProblemRng) -> u32 {
    rng.below(u64::from(params.modulus.min(20))) as u32
}
