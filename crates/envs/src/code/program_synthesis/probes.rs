//! `program_synthesis` probe answers (whole responses, as for every code-block env): the reference
//! reformatted, commented, renamed and rewritten as an equivalent program; explanations around the
//! block as models write them; and near misses: mutants of the reference, a table of the shown
//! examples, the identity, a program of the wrong type and another problem's program, each kept
//! only when our own interpreter shows it wrong on the record's inputs.

use super::lang::{Builtin, Expr};
use super::mutate::mutants;
use super::parse::parse;
use super::prompt::render_value;
use super::verify::judge_program;
use super::{ProgramSynthesisData, Value, render_answer};
use verigym_core::env::ProbeAnswers;

/// Renames the lambda parameters the printer writes (`x`, `acc`, `a`, `b`, with a depth digit).
pub fn rename(program: &str) -> String {
    let mut out = String::with_capacity(program.len() + 16);
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        let stem = word.trim_end_matches(|c: char| c.is_ascii_digit());
        let digits = &word[stem.len()..];
        let new = match stem {
            "x" => Some("v"),
            "acc" => Some("total"),
            "a" => Some("left"),
            "b" => Some("right"),
            _ => None,
        };
        match new {
            Some(n) => {
                out.push_str(n);
                out.push_str(digits);
            }
            None => out.push_str(word),
        }
        word.clear();
    };
    for c in program.chars() {
        if c.is_ascii_alphanumeric() || c == '_' {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

/// A program equal to the reference on every input, written another way: `sum` as a `fold`,
/// `len` as a counting `fold`, a list wrapped in a `map` that adds 0.
fn rewritten(program: &Expr) -> String {
    let text = program.render();
    match program {
        Expr::Call(Builtin::Sum, args) => {
            format!("fold((s, v) -> s + v, 0, {})", args[0].render())
        }
        Expr::Call(Builtin::Len, args) => {
            format!("fold((n, v) -> n + 1, 0, {})", args[0].render())
        }
        Expr::Call(Builtin::Fold, _) => format!("0 + {text}"),
        _ => format!("map(v -> v + 0, {text})"),
    }
}

/// The shown examples as a table: an `if` chain on `len(xs)` and `sum(xs)` for an integer output,
/// an element lookup for a list the same length as its input. `None` when the examples do not
/// fit such a table.
pub fn table_of_examples(data: &ProgramSynthesisData) -> Option<String> {
    if !data.output_is_list() {
        let mut text = "0".to_owned();
        for ex in data.shown.iter().rev() {
            let Value::Int(out) = ex.output else {
                return None;
            };
            text = format!(
                "if(len(xs) == {} and sum(xs) == {}, {}, {text})",
                ex.xs.len(),
                ex.xs.iter().sum::<i64>(),
                out
            );
        }
        return Some(text);
    }
    let mut pairs: Vec<(i64, i64)> = Vec::new();
    for ex in &data.shown {
        let Value::List(out) = &ex.output else {
            return None;
        };
        if out.len() != ex.xs.len() {
            return None;
        }
        for (&x, &y) in ex.xs.iter().zip(out) {
            match pairs.iter().find(|p| p.0 == x) {
                Some(p) if p.1 != y => return None,
                Some(_) => {}
                None => pairs.push((x, y)),
            }
        }
    }
    let lit = |n: i64| {
        if n < 0 {
            format!("(-{})", -n)
        } else {
            n.to_string()
        }
    };
    let mut body = "0".to_owned();
    for &(x, y) in pairs.iter().rev() {
        body = format!("if(x == {}, {}, {body})", lit(x), lit(y));
    }
    Some(format!("map(x -> {body}, xs)"))
}

/// Probe answers for one problem (see [`verigym_core::env::Env::probe_answers`]).
pub fn probe_answers(data: &ProgramSynthesisData, answer: &str, foreign: &str) -> ProbeAnswers {
    let p = &data.program;
    let block = |code: &str| render_answer(code);
    let Ok((program, _)) = parse(p) else {
        return ProbeAnswers::default();
    };
    let first = &data.shown[0];
    let equivalent = vec![
        ("split_lines", block(&p.replace(", ", ",\n    "))),
        ("comment_line", block(&format!("# the rule\n{p}"))),
        ("renamed_parameters", block(&rename(p))),
        ("parenthesised", block(&format!("({p})"))),
        ("tight_commas", block(&p.replace(", ", ","))),
        (
            "spaced_parentheses",
            block(&p.replace('(', "( ").replace(')', " )")),
        ),
    ];
    let realistic = vec![
        (
            "explained",
            format!(
                "Looking at the examples, the output follows one rule for every input.\n\n\
                 Here is my program:\n\n{}\n\nOn the first example, xs = {:?}, it gives {}.",
                block(p),
                first.xs,
                render_value(&first.output)
            ),
        ),
        (
            "markdown_steps",
            format!(
                "## Approach\n\n1. Read the examples.\n2. Find the stages.\n3. Check every \
                 example.\n\n**Answer:**\n\n{}\n",
                block(&rename(p))
            ),
        ),
        (
            "trailing_comment",
            block(&format!("{p}  # matches all the examples")),
        ),
        ("equivalent_program", block(&rewritten(&program))),
        (
            "draft_then_final",
            format!(
                "A first idea:\n\n{}\n\nThat fails the first example, so instead:\n\n{}",
                block("xs"),
                block(p)
            ),
        ),
    ];
    let mut near_miss = Vec::new();
    let mut add_if_wrong = |family: &'static str, code: String| {
        if !judge_program(data, &code).correct {
            near_miss.push((family, block(&code)));
        }
    };
    for m in mutants(&program).iter().take(6) {
        add_if_wrong("mutant", m.render());
    }
    if let Some(table) = table_of_examples(data) {
        add_if_wrong("table_of_examples", table);
    }
    add_if_wrong("identity", "xs".to_owned());
    let wrong_type = if data.output_is_list() {
        format!("len({p})")
    } else {
        "sort(xs)".to_owned()
    };
    add_if_wrong("wrong_type", wrong_type);
    add_if_wrong("python", format!("lambda xs: {p}"));
    add_if_wrong("huge_literal", format!("{p} + {}", "9".repeat(30)));
    // The blow-ups: nesting past the limit, a program past the length limit, nested loops that
    // run out of fuel, arithmetic that overflows.
    let list = data.output_is_list();
    let wrap = if list { "reverse(" } else { "abs(" };
    add_if_wrong(
        "deep_nesting",
        format!("{}{p}{}", wrap.repeat(60), ")".repeat(60)),
    );
    add_if_wrong(
        "huge_program",
        format!("{p}\n{}", "# padding\n".repeat(500)),
    );
    let runaway = "sum(map(x -> sum(map(y -> sum(map(z -> sum(map(w -> sum(map(v -> v, xs)), \
                   xs)), xs)), xs)), xs))";
    let big = "1000000 * 1000000 * 1000000 * 1000000";
    if list {
        add_if_wrong("runaway_fuel", format!("take({runaway}, {p})"));
        add_if_wrong("overflow", format!("map(x -> x * {big}, {p})"));
    } else {
        add_if_wrong("runaway_fuel", format!("{p} + {runaway}"));
        add_if_wrong("overflow", format!("{p} + len(xs) * {big}"));
        add_if_wrong("constant_guess", render_value(&data.shown[0].output));
    }
    if let Some(code) = foreign
        .strip_prefix("```dsl\n")
        .and_then(|c| c.strip_suffix("\n```"))
        && foreign != answer
    {
        add_if_wrong("other_problem", code.to_owned());
    }
    ProbeAnswers {
        equivalent,
        near_miss,
        realistic,
    }
}
