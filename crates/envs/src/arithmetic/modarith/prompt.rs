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
            s.push_str("Start with x = ");
            push_u64(&mut s, data.start);
            s.push_str(". Then, in order:\n");
            for (i, step) in (1..).zip(&data.steps) {
                push_u64(&mut s, i);
                s.push_str(". x = ");
                symbols(&mut s, step);
                s.push('\n');
            }
            s.push_str("What is the final value of x?\n");
        }
        Style::Words => {
            s.push_str("Start with the number ");
            push_u64(&mut s, data.start);
            s.push_str(". Then, in order:\n");
            for (i, step) in (1..).zip(&data.steps) {
                push_u64(&mut s, i);
                s.push_str(". ");
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

// Rendering is on the generation hot path: integers go through `itoa`, not `fmt`.
fn push_u64(s: &mut String, n: u64) {
    s.push_str(itoa::Buffer::new().format(n));
}

fn symbols(s: &mut String, step: &Step) {
    let (before, after) = match step.op {
        Op::Add => ("x + ", ""),
        Op::Sub => ("x - ", ""),
        Op::Mul => ("x * ", ""),
        Op::Div => ("x / ", ""),
        Op::Neg => ("-x", ""),
        Op::Square => ("x^2", ""),
        Op::Cube => ("x^3", ""),
        Op::Recip => ("1 / x", ""),
    };
    push_operand_phrase(s, step, before, after);
}

fn words(s: &mut String, step: &Step) {
    let (before, after) = match step.op {
        Op::Add => ("Add ", "."),
        Op::Sub => ("Subtract ", "."),
        Op::Mul => ("Multiply by ", "."),
        Op::Div => ("Divide by ", "."),
        Op::Neg => ("Negate it.", ""),
        Op::Square => ("Square it.", ""),
        Op::Cube => ("Cube it.", ""),
        Op::Recip => ("Replace it by its inverse.", ""),
    };
    push_operand_phrase(s, step, before, after);
}

/// `before`, then the operand if the step has one, then `after`.
fn push_operand_phrase(s: &mut String, step: &Step, before: &str, after: &str) {
    s.push_str(before);
    if let Some(a) = step.operand {
        push_u64(s, a);
    }
    s.push_str(after);
}
