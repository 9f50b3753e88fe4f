//! The invariants of a `program_trace` record, checked before any answer is judged: a record that
//! breaks one is a verifier error, never the model's fault.

use super::ProgramTraceData;
use super::ast::{Cond, Expr, Operand, PRINTS, Stmt, run};
use super::params::{DEPTH_MAX, LOOP_MAX, MODULUS_MAX};

/// The modulus and variable count in range; every statement well-typed (variables the program
/// has, counters of enclosing loops, constants below M, loop counts 2 to 5, nesting at most 3);
/// and the stored output what the program prints.
pub fn check_data(data: &ProgramTraceData) -> Result<(), String> {
    if !(2..=MODULUS_MAX).contains(&data.modulus) {
        return Err(format!(
            "modulus {} is not from 2 to {MODULUS_MAX}",
            data.modulus
        ));
    }
    if !(1..=4).contains(&data.variables) {
        return Err(format!("variables is {}; allowed 1 to 4", data.variables));
    }
    block(data, &data.program, 0, 0)?;
    let output = run(&data.program, data.modulus, PRINTS)
        .ok_or_else(|| format!("the program prints more than {PRINTS} lines"))?;
    if output != data.output {
        return Err(format!(
            "stored output {:?} but the program prints {output:?}",
            data.output
        ));
    }
    Ok(())
}

fn block(data: &ProgramTraceData, stmts: &[Stmt], depth: u32, loops: u8) -> Result<(), String> {
    if depth > DEPTH_MAX {
        return Err(format!("blocks nest deeper than {DEPTH_MAX}"));
    }
    for s in stmts {
        match s {
            Stmt::Assign { var, expr } => {
                variable(data, *var)?;
                let Expr { left, right } = expr;
                operand(data, *left, loops)?;
                if let Some((_, r)) = right {
                    operand(data, *r, loops)?;
                }
            }
            Stmt::Print { var } => variable(data, *var)?,
            Stmt::If {
                cond: Cond { left, right, .. },
                then,
                otherwise,
            } => {
                operand(data, *left, loops)?;
                operand(data, *right, loops)?;
                block(data, then, depth + 1, loops)?;
                block(data, otherwise, depth + 1, loops)?;
            }
            Stmt::For { count, body } => {
                if !(2..=LOOP_MAX).contains(&u32::from(*count)) {
                    return Err(format!(
                        "a loop runs {count} times; allowed 2 to {LOOP_MAX}"
                    ));
                }
                block(data, body, depth + 1, loops + 1)?;
            }
        }
    }
    Ok(())
}

fn variable(data: &ProgramTraceData, var: u8) -> Result<(), String> {
    if u32::from(var) < data.variables {
        Ok(())
    } else {
        Err(format!(
            "variable {var} is not one of the program's {}",
            data.variables
        ))
    }
}

fn operand(data: &ProgramTraceData, o: Operand, loops: u8) -> Result<(), String> {
    match o {
        Operand::Var(v) => variable(data, v),
        Operand::Const(c) if c < data.modulus => Ok(()),
        Operand::Const(c) => Err(format!("constant {c} is not below the modulus")),
        Operand::Counter(d) if d < loops => Ok(()),
        Operand::Counter(d) => Err(format!("counter {d} is not bound by an enclosing loop")),
    }
}
