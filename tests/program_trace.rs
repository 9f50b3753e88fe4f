//! `program_trace`: the stored output is re-derived by an independent interpreter that parses the
//! program's text from the prompt, the verifier accepts exactly that list in realistic layouts,
//! corruptions are rejected with the reason, and no input panics.

use std::collections::BTreeMap;

use proptest::prelude::*;
use verigym::envs::program_trace::{ProgramTrace, ProgramTraceData, ProgramTraceParams};
use verigym::{Env, Generator, Reason, Verdict};

use crate::support::{check_golden, check_hashes, jsonl, one_per_level};

fn params() -> impl Strategy<Value = ProgramTraceParams> {
    (0.0..=10.0f64).prop_map(<ProgramTraceParams as verigym::EnvParams>::at_level)
}

fn problem(
    params: &ProgramTraceParams,
    seed: u64,
    index: u64,
) -> (ProgramTraceData, String, String) {
    let p = Generator::new(&ProgramTrace, params.clone(), seed)
        .unwrap()
        .problem(index);
    (p.data, p.answer, p.prompt)
}

/// An independent interpreter over the program's *text*, as the prompt shows it: a line parser
/// with a block stack, sharing no code with the library's syntax tree.
fn interpret(prompt: &str, modulus: u64) -> Vec<u64> {
    let source = prompt.split("```\n").nth(1).unwrap();
    let lines: Vec<&str> = source.lines().map(str::trim).collect();
    let mut vars: BTreeMap<String, u64> = BTreeMap::new();
    let mut out = Vec::new();
    exec(&lines, &mut vars, &mut out, modulus);
    out
}

/// The index just past the block that opens at `lines[start - 1]`, and where its `else` is.
fn block_end(lines: &[&str], start: usize) -> (usize, Option<usize>) {
    let mut depth = 1;
    let mut i = start;
    let mut otherwise = None;
    while i < lines.len() {
        let l = lines[i];
        if l == "} else {" && depth == 1 {
            otherwise = Some(i);
        } else if l.ends_with('{') && l != "} else {" {
            depth += 1;
        } else if l == "}" {
            depth -= 1;
            if depth == 0 {
                return (i + 1, otherwise);
            }
        }
        i += 1;
    }
    panic!("unclosed block");
}

fn value(token: &str, vars: &BTreeMap<String, u64>) -> u64 {
    token.parse().unwrap_or_else(|_| vars[token])
}

fn exec(lines: &[&str], vars: &mut BTreeMap<String, u64>, out: &mut Vec<u64>, m: u64) {
    let mut i = 0;
    while i < lines.len() {
        let words: Vec<&str> = lines[i].split_whitespace().collect();
        match words.as_slice() {
            ["print", v] => {
                out.push(vars[*v]);
                i += 1;
            }
            ["if", l, cmp, r, "{"] => {
                let (end, otherwise) = block_end(lines, i + 1);
                let (l, r) = (value(l, vars), value(r, vars));
                let holds = match *cmp {
                    "<" => l < r,
                    "==" => l == r,
                    ">" => l > r,
                    other => panic!("comparison {other}"),
                };
                let then_end = otherwise.unwrap_or(end - 1);
                if holds {
                    exec(&lines[i + 1..then_end], vars, out, m);
                } else if let Some(e) = otherwise {
                    exec(&lines[e + 1..end - 1], vars, out, m);
                }
                i = end;
            }
            ["for", counter, "in", range, "{"] => {
                let (end, _) = block_end(lines, i + 1);
                let n: u64 = range.strip_prefix("0..").unwrap().parse().unwrap();
                for k in 0..n {
                    vars.insert((*counter).to_owned(), k);
                    exec(&lines[i + 1..end - 1], vars, out, m);
                }
                vars.remove(*counter);
                i = end;
            }
            [target, "=", a] => {
                let v = value(a, vars) % m;
                vars.insert((*target).to_owned(), v);
                i += 1;
            }
            [target, "=", a, op, b] => {
                let (a, b) = (value(a, vars) % m, value(b, vars) % m);
                let v = match *op {
                    "+" => (a + b) % m,
                    "-" => (a + m - b) % m,
                    "*" => a * b % m,
                    other => panic!("operator {other}"),
                };
                vars.insert((*target).to_owned(), v);
                i += 1;
            }
            other => panic!("unparsed line {other:?}"),
        }
    }
}

fn judge(data: &ProgramTraceData, answer: &str) -> Verdict {
    ProgramTrace.verify(data, &format!("<answer>{answer}</answer>"))
}

fn with_steps(data: &ProgramTraceData, answer: &str) -> String {
    let chain: Vec<String> = (1..)
        .zip(&data.output)
        .map(|(k, v)| format!("step {k}: {v}"))
        .collect();
    format!(
        "<think>{}</think><answer>{answer}</answer>",
        chain.join("\n")
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn output_matches_an_independent_interpreter_and_verifies(params in params(), seed: u64, index in 0u64..1 << 40) {
        let (data, answer, prompt) = problem(&params, seed, index);
        let printed: Vec<u64> = data.output.iter().map(|&v| u64::from(v)).collect();
        prop_assert_eq!(interpret(&prompt, u64::from(data.modulus)), printed);
        let v = ProgramTrace.verify(&data, &with_steps(&data, &answer));
        prop_assert!(v.correct && v.score == 1.0, "{:?}", v);
        prop_assert!(v.steps.unwrap().cot_correct);
    }

    #[test]
    fn any_changed_list_is_wrong(params in params(), seed: u64, which: prop::sample::Index, delta in 1u32..1000) {
        let (data, _, _) = problem(&params, seed, 0);
        let m = data.modulus;
        let mut values = data.output.clone();
        let j = which.index(values.len());
        values[j] = (values[j] + 1 + delta % (m - 1)) % m;
        prop_assume!(values != data.output);
        let text = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
        let v = judge(&data, &text(&values));
        prop_assert_eq!(v.reason, Reason::WrongAnswer);
        prop_assert!(v.message.contains(&format!("line {}", j + 1)), "{}", v.message);
        let v = judge(&data, &text(&data.output[..data.output.len() - 1]));
        prop_assert!(!v.correct && v.score == 0.0);
        let mut longer = data.output.clone();
        longer.push(0);
        prop_assert_eq!(judge(&data, &text(&longer)).reason, Reason::WrongAnswer);
    }

    #[test]
    fn arbitrary_text_never_panics(params in params(), text in ".{0,300}") {
        let (data, _, _) = problem(&params, 1, 0);
        let v = ProgramTrace.verify(&data, &text);
        prop_assert!((0.0..=1.0).contains(&v.score) && !v.message.is_empty());
        let v = ProgramTrace.verify(&data, &format!("<answer>{text}</answer>"));
        prop_assert!(v.score == 0.0 || v.correct);
    }

    #[test]
    fn adversarial_structure_never_panics(params in params(), parts in prop::collection::vec(
        prop::sample::select(vec!["<answer>", "</answer>", "<think>", "</think>", "\\boxed{", "}",
            "[", "]", "(", ")", "1", "2", "0", "99999999999999999999999", ",", ";", "\n", " ",
            "-", "step ", ":", "**", "`", "a", "é"]),
        0..60)) {
        let (data, _, _) = problem(&params, 2, 0);
        let v = ProgramTrace.verify(&data, &parts.concat());
        prop_assert!(v.format_ok || v.reason != Reason::Correct);
    }

    #[test]
    fn every_probe_form_is_judged_as_labelled(params in params(), seed: u64, index in 0u64..1 << 20) {
        let (data, answer, _) = problem(&params, seed, index);
        crate::support::probe_forms_are_judged_as_labelled(&ProgramTrace, &data, &answer)?;
    }
}

/// Every program terminates within the print limit by construction; at the hardest level the
/// programs do use loops and branches and print several lines.
#[test]
fn hard_programs_use_control_flow() {
    let g = Generator::at_level(&ProgramTrace, 10.0, &Default::default(), 4).unwrap();
    let (mut loops, mut ifs, mut lines) = (0, 0, 0);
    for i in 0..100 {
        let p = g.problem(i);
        loops += usize::from(p.prompt.contains("for i in"));
        ifs += usize::from(p.prompt.contains("\nif ") || p.prompt.contains(" if "));
        lines += p.data.output.len();
        assert!(!p.data.output.is_empty() && p.data.output.len() <= 64);
    }
    assert!(loops > 30 && ifs > 30, "loops {loops}, ifs {ifs}");
    assert!(lines > 300, "{lines}");
}

#[test]
fn golden_program_trace_defaults_seed_42() {
    check_golden(
        "program_trace-default-s42.jsonl",
        &jsonl("program_trace", None, &[], 42, 0, 3),
    );
}

#[test]
fn golden_program_trace_levels_seed_1() {
    check_golden(
        "program_trace-levels-s1.jsonl",
        &one_per_level("program_trace", 1),
    );
}

/// SHA-256 of the first 1,000 problems. A change means generated bytes changed: bump the version.
#[test]
fn pinned_hashes_of_first_thousand() {
    check_hashes(
        "program_trace",
        1000,
        &[
            (
                None,
                0,
                "3bf54a8103d39f8eda849b1056e909da98d7f470e5f61953d8216c18a0cf34af",
            ),
            (
                Some(0.0),
                7,
                "9b77a3dd64f0df3259f1974fdc5a5520828d2b41c2134308eb47c882a59f44c5",
            ),
            (
                Some(10.0),
                7,
                "07c5bdbf66967b5c56710ccdb23807161ac13c62c4b625207b18203babf66b39",
            ),
        ],
    );
}

/// A record whose data breaks an invariant is judged a verifier error.
#[test]
fn a_tampered_record_is_a_verifier_error() {
    for (pointer, needle) in [
        ("/data/output/0", "output"),
        ("/data/variables", "variables"),
    ] {
        let v = crate::support::verdict_on_tampered_record("program_trace", pointer);
        assert_eq!(v.reason, Reason::VerifierError, "{v:?}");
        assert!(v.message.contains(needle), "{}", v.message);
    }
}
