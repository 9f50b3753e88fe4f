//! The verifier: the last ```` ```dsl ```` block, parsed by the env's grammar (limits first), its
//! type checked against the task's, then run by the env's interpreter on every shown and hidden
//! input with fuel. Right iff every output equals the reference's.

use serde_json::json;

use super::eval::{Fault, run};
use super::parse::{ParseError, parse};
use super::prompt::render_value;
use super::{LANG, ProgramSynthesisData};
use verigym_core::extract::extract_code_block;
use verigym_core::verdict::{Reason, Verdict};

/// Judges a response: the last ```` ```dsl ```` block outside think blocks.
pub fn verify(data: &ProgramSynthesisData, response: &str) -> Verdict {
    match extract_code_block(response, LANG) {
        Ok(code) => judge_program(data, &code),
        Err(rejection) => rejection.into(),
    }
}

/// Judges a program's text against every example of the record.
pub fn judge_program(data: &ProgramSynthesisData, code: &str) -> Verdict {
    let (program, ty) = match parse(code) {
        Ok(parsed) => parsed,
        Err(ParseError::Limit(m)) => {
            return Verdict::rejected(Reason::Forbidden, format!("over a limit: {m}"));
        }
        Err(ParseError::Invalid(m)) => {
            return Verdict::with(
                Reason::CompileError,
                format!("not a program of the language: {m}"),
            );
        }
    };
    let list = data.output_is_list();
    if (ty == super::lang::Type::List) != list {
        return Verdict::with(
            Reason::CompileError,
            format!(
                "the program returns {}; the task asks for {}",
                ty.name(),
                if list { "a list" } else { "an integer" }
            ),
        );
    }
    let mut passed = [0usize; 2];
    let mut first_failure: Option<String> = None;
    for (hidden, examples) in [(false, &data.shown), (true, &data.hidden)] {
        for (i, ex) in examples.iter().enumerate() {
            let place = if hidden {
                "a hidden input".to_owned()
            } else {
                format!("shown example {}", i + 1)
            };
            match run(&program, list, &ex.xs) {
                Ok((v, _)) if v == ex.output => passed[usize::from(hidden)] += 1,
                Ok((v, _)) => {
                    first_failure.get_or_insert_with(|| {
                        if hidden {
                            format!("the output differs from the expected one on {place}")
                        } else {
                            format!(
                                "on {place} the program gives {}, not {}",
                                render_value(&v),
                                render_value(&ex.output)
                            )
                        }
                    });
                }
                Err(Fault::OutOfFuel) => {
                    return Verdict::with(
                        Reason::Timeout,
                        format!("on {place} the program runs out of fuel"),
                    );
                }
                Err(fault) => {
                    first_failure.get_or_insert_with(|| format!("on {place} {}", fault.describe()));
                }
            }
        }
    }
    let detail = json!({
        "shown_passed": passed[0],
        "shown": data.shown.len(),
        "hidden_passed": passed[1],
        "hidden": data.hidden.len(),
    });
    match first_failure {
        None => Verdict::correct().with_detail(detail),
        Some(why) => Verdict::wrong(why).with_detail(detail),
    }
}
