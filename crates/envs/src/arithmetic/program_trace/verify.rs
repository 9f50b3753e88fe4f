//! The `program_trace` verifier: the printed values, in order, and each listed line as a step.
//!
//! **Answer form.** After extraction and the core's normalisation, Markdown emphasis and code
//! marks are dropped, a short label in front (`Output:`, `Printed values:`; one or two words of
//! two or more letters and a colon, see [`crate::forms::strip_label`], so a variable's
//! `a:` is no label) and one pair of enclosing brackets (`[…]` or `(…)`) are peeled, and the
//! answer is the printed values in order, separated by commas, semicolons, whitespace or newlines
//! (so a copy of the output, one value per line, reads as it should). Each value is ASCII digits.
//! A bulleted list (`- 7` on each line) is read as bullets only when it has two or more lines and
//! **every** line has a bullet followed by whitespace: values are never negative (they are
//! reduced modulo M), so there the bullet is the only reading that could be right. Otherwise a
//! `-` keeps its meaning: `-7` is the number −7 (out of range, so wrong), and a lone `- 7`, or a
//! `- ` on some lines only, is unparsable.
//! A list of the wrong length or with a wrong value is wrong, as is a value outside [0, M) (`-3`
//! or `105` for M = 100 are not reduced for the model); anything that is not a list of integers
//! (`3 or 4`, `a = 3`, `3.0`) is unparsable.
//!
//! **Steps.** `step N: V` lists the N-th printed value (the rules of [`crate::arithmetic::steps`]).

use super::ProgramTraceData;
use std::borrow::Cow;
use verigym_core::extract::extract_agreed_answer;
use verigym_core::verdict::{Reason, Verdict};

use crate::arithmetic::steps::step_report;
use crate::forms::{strip_bullet, strip_emphasis, strip_label};

/// The reference answer: `3, 7, 0`.
pub fn render_answer(output: &[u32]) -> String {
    let parts: Vec<String> = output.iter().map(u32::to_string).collect();
    parts.join(", ")
}

/// A listed value: in range, or a well-formed integer outside [0, M).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Listed {
    InRange(u32),
    OutOfRange,
}

/// Judges a response: the whole printed list, then each listed step.
pub fn verify(data: &ProgramTraceData, response: &str) -> Verdict {
    let answer = match extract_agreed_answer(response, |r| verify(data, r)) {
        Ok(answer) => answer,
        Err(rejection) => return rejection.into(),
    };
    // A table with a header row and a step column reads as the list of its values.
    let answer = match crate::forms::table_as_list(&answer, true, ", ", crate::forms::single_cell) {
        Some(list) => std::borrow::Cow::Owned(list),
        None => answer,
    };
    let Some(listed) = parse_list(&answer, data.modulus) else {
        return Verdict::rejected(
            Reason::UnparsableAnswer,
            "the answer is not a list of integers such as 3, 7, 0",
        );
    };
    let verdict = judge(data, &listed);
    let steps = step_report(
        response,
        data.output.len(),
        |_| u64::from(data.modulus),
        |i| u64::from(data.output[i]),
        verdict.correct,
    );
    verdict.with_steps(steps)
}

fn judge(data: &ProgramTraceData, listed: &[Listed]) -> Verdict {
    let want = &data.output;
    for (i, (l, &w)) in listed.iter().zip(want).enumerate() {
        match *l {
            Listed::InRange(v) if v == w => {}
            Listed::InRange(v) => {
                return Verdict::wrong(format!("printed line {}: {v} is wrong", i + 1));
            }
            Listed::OutOfRange => {
                return Verdict::wrong(format!(
                    "printed line {} is outside 0..={}; values are reduced modulo {}",
                    i + 1,
                    data.modulus - 1,
                    data.modulus
                ));
            }
        }
    }
    if listed.len() != want.len() {
        return Verdict::wrong(format!(
            "{} values listed; the program prints {} lines",
            listed.len(),
            want.len()
        ));
    }
    Verdict::correct()
}

/// `text` without a bullet on each line, when it has two or more lines and every one has a
/// bullet followed by whitespace (`- 7\n- 4`); otherwise `text` unchanged, so a lone `- 7` or
/// `-7` keeps its sign.
fn strip_bullets(text: &str) -> Cow<'_, str> {
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let bulleted = |l: &&str| strip_bullet(l).len() < l.trim_start().len();
    if lines.len() < 2 || !lines.iter().all(bulleted) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(
        lines
            .iter()
            .map(|l| strip_bullet(l))
            .collect::<Vec<_>>()
            .join("\n"),
    )
}

/// The values of a list answer, or `None` when it is not a list of integers.
fn parse_list(answer: &str, modulus: u32) -> Option<Vec<Listed>> {
    let text = strip_emphasis(answer);
    // The values are numbers, so any short label of words (`Output:`) is not content.
    let mut t = strip_label(&text, |_| false).trim();
    for (open, close) in [('[', ']'), ('(', ')')] {
        if let Some(inner) = t.strip_prefix(open).and_then(|r| r.strip_suffix(close)) {
            t = inner.trim();
            break;
        }
    }
    // A numbered list (`1. 7`) counting 1, 2, … in order: no value is written `1.`.
    let numbered = crate::forms::strip_numbering(t);
    let t = strip_bullets(numbered.as_deref().unwrap_or(t));
    let mut out = Vec::new();
    for token in t.split(|c: char| c == ',' || c == ';' || c.is_whitespace()) {
        if token.is_empty() {
            continue;
        }
        let (negative, digits) = match token.strip_prefix('-') {
            Some(d) => (true, d),
            None => (false, token),
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let magnitude = digits.trim_start_matches('0');
        out.push(match magnitude.parse::<u32>() {
            _ if magnitude.is_empty() => Listed::InRange(0),
            Ok(v) if !negative && v < modulus => Listed::InRange(v),
            _ => Listed::OutOfRange,
        });
    }
    (!out.is_empty()).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::super::ast::{Expr, Operand, Stmt};
    use super::*;

    /// a = 7; print a; for i in 0..2 { a = a + 5; print a } with M = 10: prints 7, 2, 7.
    fn data() -> ProgramTraceData {
        let add = Stmt::Assign {
            var: 0,
            expr: Expr {
                left: Operand::Var(0),
                right: Some((super::super::ast::BinOp::Add, Operand::Const(5))),
            },
        };
        let program = vec![
            Stmt::Assign {
                var: 0,
                expr: Expr {
                    left: Operand::Const(7),
                    right: None,
                },
            },
            Stmt::Print { var: 0 },
            Stmt::For {
                count: 2,
                body: vec![add, Stmt::Print { var: 0 }],
            },
        ];
        let output = super::super::ast::run(&program, 10, 64).unwrap();
        ProgramTraceData {
            modulus: 10,
            variables: 1,
            program,
            output,
        }
    }

    fn judge_text(answer: &str) -> Verdict {
        verify(&data(), &format!("<answer>{answer}</answer>"))
    }

    #[test]
    fn the_fixture_prints_what_the_comment_says() {
        assert_eq!(data().output, vec![7, 2, 7]);
        assert_eq!(super::super::check::check_data(&data()), Ok(()));
    }

    #[test]
    fn forms() {
        for form in [
            "7, 2, 7",
            "The program prints: 7, 2, 7",
            "1. 7\n2. 2\n3. 7",
            "| # | Printed |\n|---|---|\n| 1 | 7 |\n| 2 | 2 |\n| 3 | 7 |",
            "7,2,7",
            "7\n2\n7",
            "[7, 2, 7]",
            "(7, 2, 7)",
            "7 2 7",
            "**7, 2, 7**",
            "7; 2; 7",
            "07, 2, 7",
            "Output:\n7, 2, 7",
            "**Output:** 7, 2, 7",
            "Printed values: [7, 2, 7]",
            "- 7\n- 2\n- 7",
            "Output:\n- 7\n- 2\n- 7",
            "• 7\n• 2\n• 7",
            "- 7\n\n- 2\n- 7\n",
        ] {
            assert!(judge_text(form).correct, "{form}");
        }
        for form in [
            "7, 2",
            "7, 2, 7, 7",
            "7, 7, 2",
            "7, 12, 7",
            "7, -8, 7",
            "2, 7",
            // Bullets are read, then the values judged; a sign without a space stays a sign.
            "- 7\n- 2\n- 2",
            "- 7\n- 2",
            "-7\n-2\n-7",
            "Output: 7, 2",
        ] {
            assert_eq!(judge_text(form).reason, Reason::WrongAnswer, "{form}");
        }
        for form in [
            "7, 2 or 3, 7",
            "a = 7, 2, 7",
            "7.0, 2, 7",
            "[7, 2, 7",
            "7, 2, 7]",
            "seven",
            // Near misses of bullets and labels.
            "- 7\n2\n- 7",
            "- 7\n- 2\n-7",
            "- 7, 2, 7",
            "a: 7, 2, 7",
            "The program prints: 7, 2, 7 or 7, 2, 8",
            "The program prints maybe 7, 2, 7",
            "2. 7\n1. 2\n3. 7",
            "1. 7\n2. 2\n7",
            "Output: 7, 2, 7\nOutput: 7, 2, 7",
            "- - 7\n- 2\n- 7",
        ] {
            assert_eq!(judge_text(form).reason, Reason::UnparsableAnswer, "{form}");
        }
    }

    #[test]
    fn printed_lines_are_steps() {
        let v = verify(
            &data(),
            "<think>step 1: 7\nstep 2: 2\nstep 3: 7</think><answer>7, 2, 7</answer>",
        );
        let s = v.steps.unwrap();
        assert!(v.correct && s.cot_correct);
        let v = verify(&data(), "step 1: 7\nstep 2: 12\n<answer>7, 2, 7</answer>");
        let s = v.steps.unwrap();
        assert_eq!((s.listed, s.correct, s.first_wrong), (2, 1, Some(2)));
    }
}
