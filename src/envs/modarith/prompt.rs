//! The prompt text of a `modarith` problem, in symbols or in words.

use std::fmt::Write;

use super::params::{Op, Style};
use super::{ModArithData, Step};

/// Renders the full prompt, including the answer-format instructions.
pub fn render(data: &ModArithData, style: Style) -> String {
    let p = data.modulus;
    let mut s = String::with_capacity(320 + 24 * data.steps.len());
    // `write!` to a String cannot fail.
    let _ = write!(
        s,
        "Work modulo {p}: every value is an integer from 0 to {top}, and you reduce modulo {p} \
         after every operation.",
        top = p - 1
    );
    if data
        .steps
        .iter()
        .any(|st| matches!(st.op, Op::Div | Op::Recip))
    {
        let _ = write!(
            s,
            " Dividing by a means multiplying by the inverse of a modulo {p}, and the inverse \
             of x is the value y with x * y = 1 modulo {p}."
        );
    }
    s.push('\n');
    match style {
        Style::Symbols => {
            let _ = writeln!(s, "Start with x = {}. Then, in order:", data.start);
            for (i, step) in data.steps.iter().enumerate() {
                let _ = write!(s, "{}. x = ", i + 1);
                symbols(&mut s, step);
                s.push('\n');
            }
            s.push_str("What is the final value of x?\n");
        }
        Style::Words => {
            let _ = writeln!(s, "Start with the number {}. Then, in order:", data.start);
            for (i, step) in data.steps.iter().enumerate() {
                let _ = write!(s, "{}. ", i + 1);
                words(&mut s, step);
                s.push('\n');
            }
            s.push_str("What number do you end with?\n");
        }
    }
    let _ = write!(
        s,
        "You may show your work by writing the value after each operation on its own line as \
         `step 1: VALUE`, `step 2: VALUE`, and so on; listed steps are checked. Give the final \
         value, an integer from 0 to {top}, as <answer>VALUE</answer>.",
        top = p - 1
    );
    s
}

fn symbols(s: &mut String, step: &Step) {
    let a = step.operand.unwrap_or(0);
    let _ = match step.op {
        Op::Add => write!(s, "x + {a}"),
        Op::Sub => write!(s, "x - {a}"),
        Op::Mul => write!(s, "x * {a}"),
        Op::Div => write!(s, "x / {a}"),
        Op::Neg => write!(s, "-x"),
        Op::Square => write!(s, "x^2"),
        Op::Cube => write!(s, "x^3"),
        Op::Recip => write!(s, "1 / x"),
    };
}

fn words(s: &mut String, step: &Step) {
    let a = step.operand.unwrap_or(0);
    let _ = match step.op {
        Op::Add => write!(s, "Add {a}."),
        Op::Sub => write!(s, "Subtract {a}."),
        Op::Mul => write!(s, "Multiply by {a}."),
        Op::Div => write!(s, "Divide by {a}."),
        Op::Neg => write!(s, "Negate it."),
        Op::Square => write!(s, "Square it."),
        Op::Cube => write!(s, "Cube it."),
        Op::Recip => write!(s, "Replace it by its inverse."),
    };
}
