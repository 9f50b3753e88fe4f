//! `program_synthesis`: a second interpreter, written apart from the env's (its own tokenizer,
//! a precedence-climbing parser to a tree of names, evaluation over i128 with a name-keyed
//! environment and the 64-bit range checked after each step, floor division by `rem_euclid`),
//! re-derives every stored output from the reference program's text on 1,100 problems across
//! levels 0–10; every generated mutant that the separation pool tells apart from the reference is
//! rejected; the verifier's verdict on a mutant is exactly what the second interpreter says of it
//! on the stored inputs; and the attacks (tables of the shown examples, deep nesting, huge
//! literals, overflow, runaway nested folds, huge programs) fail with their reasons.

use proptest::prelude::*;
use verigym::envs::program_synthesis::{
    Example, ProgramSynthesis, ProgramSynthesisData, ProgramSynthesisParams, Value, construct,
    mutate, parse,
};
use verigym::{Env, EnvParams, Generator, Reason, Verdict};

use crate::support::{check_golden, check_hashes, jsonl, one_per_level};

// ---------------------------------------------------------------------------------------------
// The second interpreter.

#[derive(Clone, Debug, PartialEq)]
enum T {
    Lit(i128),
    Name(String),
    Neg(Box<T>),
    Not(Box<T>),
    Bin(String, Box<T>, Box<T>),
    App(String, Vec<String>, Vec<T>),
}

#[derive(Clone, Debug, PartialEq)]
enum V {
    I(i128),
    B(bool),
    L(Vec<i128>),
}

fn lex(text: &str) -> Option<Vec<String>> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c == '#' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c.is_ascii_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(chars[start..i].iter().collect());
        } else {
            let pair: String = chars[i..(i + 2).min(chars.len())].iter().collect();
            if ["->", "==", "!=", "<=", ">="].contains(&pair.as_str()) {
                out.push(pair);
                i += 2;
            } else if "()+-*/%<>,".contains(c) {
                out.push(c.to_string());
                i += 1;
            } else {
                return None;
            }
        }
    }
    Some(out)
}

struct P {
    toks: Vec<String>,
    at: usize,
}

fn binding(op: &str) -> Option<u8> {
    Some(match op {
        "or" => 1,
        "and" => 2,
        "==" | "!=" | "<" | "<=" | ">" | ">=" => 4,
        "+" | "-" => 5,
        "*" | "/" | "%" => 6,
        _ => return None,
    })
}

impl P {
    fn peek(&self) -> &str {
        self.toks.get(self.at).map_or("", String::as_str)
    }
    fn next(&mut self) -> String {
        self.at += 1;
        self.toks.get(self.at - 1).cloned().unwrap_or_default()
    }
    /// Precedence climbing: operands, then operators binding at least `min`.
    fn expr(&mut self, min: u8) -> Option<T> {
        let mut left = if self.peek() == "not" && min <= 3 {
            self.next();
            T::Not(Box::new(self.expr(3)?))
        } else {
            self.operand()?
        };
        while let Some(b) = binding(self.peek()) {
            if b < min {
                break;
            }
            let op = self.next();
            let right = self.expr(b + 1)?;
            left = T::Bin(op, Box::new(left), Box::new(right));
        }
        Some(left)
    }
    fn operand(&mut self) -> Option<T> {
        let t = self.next();
        if t == "-" {
            return Some(T::Neg(Box::new(self.operand()?)));
        }
        if t == "(" {
            let e = self.expr(1)?;
            return (self.next() == ")").then_some(e);
        }
        if let Ok(n) = t.parse::<i128>() {
            return Some(T::Lit(n));
        }
        if self.peek() != "(" {
            return Some(T::Name(t));
        }
        self.next();
        let mut params = Vec::new();
        let mut args = Vec::new();
        if matches!(t.as_str(), "map" | "filter") {
            params.push(self.next());
            (self.next() == "->").then_some(())?;
        } else if matches!(t.as_str(), "fold" | "zip_with") {
            (self.next() == "(").then_some(())?;
            params.push(self.next());
            (self.next() == ",").then_some(())?;
            params.push(self.next());
            (self.next() == ")" && self.next() == "->").then_some(())?;
        }
        loop {
            args.push(self.expr(1)?);
            match self.next().as_str() {
                "," => continue,
                ")" => break,
                _ => return None,
            }
        }
        Some(T::App(t, params, args))
    }
}

fn parse2(text: &str) -> Option<T> {
    let mut p = P {
        toks: lex(text)?,
        at: 0,
    };
    let e = p.expr(1)?;
    (p.at == p.toks.len()).then_some(e)
}

fn fits(n: i128) -> Option<i128> {
    (i128::from(i64::MIN)..=i128::from(i64::MAX))
        .contains(&n)
        .then_some(n)
}

struct Ev<'a> {
    xs: &'a [i128],
    env: Vec<(String, i128)>,
}

impl Ev<'_> {
    fn int(&mut self, t: &T) -> Option<i128> {
        match self.go(t)? {
            V::I(n) => Some(n),
            _ => None,
        }
    }
    fn list(&mut self, t: &T) -> Option<Vec<i128>> {
        match self.go(t)? {
            V::L(l) => Some(l),
            _ => None,
        }
    }
    fn truth(&mut self, t: &T) -> Option<bool> {
        match self.go(t)? {
            V::B(b) => Some(b),
            _ => None,
        }
    }
    fn with<R>(&mut self, bind: &[(&String, i128)], f: impl FnOnce(&mut Self) -> R) -> R {
        let n = self.env.len();
        self.env
            .extend(bind.iter().map(|(name, v)| ((*name).clone(), *v)));
        let r = f(self);
        self.env.truncate(n);
        r
    }
    fn go(&mut self, t: &T) -> Option<V> {
        Some(match t {
            T::Lit(n) => V::I(*n),
            T::Name(n) if n == "xs" => V::L(self.xs.to_vec()),
            T::Name(n) => V::I(self.env.iter().rev().find(|(k, _)| k == n)?.1),
            T::Neg(a) => V::I(fits(-self.int(a)?)?),
            T::Not(a) => V::B(!self.truth(a)?),
            T::Bin(op, a, b) if op == "and" => V::B(self.truth(a)? && self.truth(b)?),
            T::Bin(op, a, b) if op == "or" => V::B(self.truth(a)? || self.truth(b)?),
            T::Bin(op, a, b) => {
                let (a, b) = (self.int(a)?, self.int(b)?);
                match op.as_str() {
                    "+" => V::I(fits(a + b)?),
                    "-" => V::I(fits(a - b)?),
                    "*" => V::I(fits(a.checked_mul(b)?)?),
                    "/" | "%" => {
                        if b == 0 {
                            return None;
                        }
                        // The remainder with the divisor's sign, then the exact quotient.
                        let mut r = a.rem_euclid(b.abs());
                        if b < 0 && r != 0 {
                            r -= b.abs();
                        }
                        if op == "%" {
                            V::I(r)
                        } else {
                            V::I(fits((a - r) / b)?)
                        }
                    }
                    "==" => V::B(a == b),
                    "!=" => V::B(a != b),
                    "<" => V::B(a < b),
                    "<=" => V::B(a <= b),
                    ">" => V::B(a > b),
                    ">=" => V::B(a >= b),
                    _ => return None,
                }
            }
            T::App(f, ps, args) => match (f.as_str(), args.as_slice()) {
                ("map", [body, l]) => {
                    let mut out = Vec::new();
                    for x in self.list(l)? {
                        out.push(self.with(&[(&ps[0], x)], |s| s.int(body))?);
                    }
                    V::L(out)
                }
                ("filter", [body, l]) => {
                    let mut out = Vec::new();
                    for x in self.list(l)? {
                        if self.with(&[(&ps[0], x)], |s| s.truth(body))? {
                            out.push(x);
                        }
                    }
                    V::L(out)
                }
                ("fold", [body, init, l]) => {
                    let mut acc = self.int(init)?;
                    for x in self.list(l)? {
                        acc = self.with(&[(&ps[0], acc), (&ps[1], x)], |s| s.int(body))?;
                    }
                    V::I(acc)
                }
                ("zip_with", [body, l1, l2]) => {
                    let (l1, l2) = (self.list(l1)?, self.list(l2)?);
                    let mut out = Vec::new();
                    for i in 0..l1.len().min(l2.len()) {
                        out.push(self.with(&[(&ps[0], l1[i]), (&ps[1], l2[i])], |s| s.int(body))?);
                    }
                    V::L(out)
                }
                ("sort", [l]) => {
                    let mut l = self.list(l)?;
                    l.sort();
                    V::L(l)
                }
                ("reverse", [l]) => V::L(self.list(l)?.into_iter().rev().collect()),
                ("take", [n, l]) => {
                    let n = self.int(n)?.clamp(0, 1000) as usize;
                    V::L(self.list(l)?.into_iter().take(n).collect())
                }
                ("drop", [n, l]) => {
                    let n = self.int(n)?.clamp(0, 1000) as usize;
                    V::L(self.list(l)?.into_iter().skip(n).collect())
                }
                ("len", [l]) => V::I(self.list(l)?.len() as i128),
                ("sum", [l]) => {
                    let mut s = 0i128;
                    for x in self.list(l)? {
                        s = fits(s + x)?;
                    }
                    V::I(s)
                }
                ("min", [a, b]) => V::I(self.int(a)?.min(self.int(b)?)),
                ("max", [a, b]) => V::I(self.int(a)?.max(self.int(b)?)),
                ("abs", [a]) => V::I(fits(self.int(a)?.abs())?),
                ("if", [c, a, b]) => {
                    if self.truth(c)? {
                        self.go(a)?
                    } else {
                        self.go(b)?
                    }
                }
                _ => return None,
            },
        })
    }
}

/// The second interpreter's output of `program` on `xs`, as the record writes outputs; `None`
/// for a fault.
fn run2(program: &T, xs: &[i64]) -> Option<Value> {
    let xs: Vec<i128> = xs.iter().map(|&x| i128::from(x)).collect();
    let mut ev = Ev {
        xs: &xs,
        env: Vec::new(),
    };
    Some(match ev.go(program)? {
        V::I(n) => Value::Int(n as i64),
        V::L(l) => Value::List(l.into_iter().map(|x| x as i64).collect()),
        V::B(_) => return None,
    })
}

/// Whether `program` gives every stored output, by the second interpreter.
fn matches_all(program: &T, examples: &[&Example]) -> bool {
    examples
        .iter()
        .all(|ex| run2(program, &ex.xs).as_ref() == Some(&ex.output))
}

// ---------------------------------------------------------------------------------------------

fn problem(
    level: f64,
    seed: u64,
    index: u64,
) -> (ProgramSynthesisParams, ProgramSynthesisData, String) {
    let params = ProgramSynthesisParams::at_level(level);
    let p = Generator::new(&ProgramSynthesis, params.clone(), seed)
        .unwrap()
        .problem(index);
    (params, p.data, p.answer)
}

fn block(code: &str) -> String {
    format!("```dsl\n{code}\n```")
}

fn judge(data: &ProgramSynthesisData, code: &str) -> Verdict {
    ProgramSynthesis.verify(data, &block(code))
}

fn all_examples(data: &ProgramSynthesisData) -> Vec<&Example> {
    data.examples().collect()
}

/// 100 problems at each level 0–10: the second interpreter re-derives every stored output from
/// the reference's text, the reference verifies, the edge cases are among the hidden inputs and
/// the shown outputs are not all alike.
#[test]
fn the_second_interpreter_rederives_every_stored_output() {
    let (mut problems, mut outputs) = (0, 0);
    for level in 0..=10 {
        for index in 0..100 {
            let (_, data, answer) = problem(f64::from(level), 30, index);
            let program = parse2(&data.program).unwrap_or_else(|| panic!("{}", data.program));
            for ex in data.examples() {
                assert_eq!(
                    run2(&program, &ex.xs).as_ref(),
                    Some(&ex.output),
                    "{} on {:?}",
                    data.program,
                    ex.xs
                );
                outputs += 1;
            }
            assert!(data.hidden.iter().any(|ex| ex.xs.is_empty()));
            assert!(
                data.shown
                    .iter()
                    .any(|ex| ex.output != data.shown[0].output)
            );
            let v = ProgramSynthesis.verify(&data, &answer);
            assert!(v.correct, "{answer}: {v:?}");
            problems += 1;
        }
    }
    println!("program_synthesis: {problems} problems, {outputs} outputs re-derived");
}

/// Every mutant the generator considers, where the second interpreter finds an input of the
/// separation pool on which it differs from the reference, is rejected by the verifier; and a
/// mutant's verdict is exactly whether it gives every stored output.
#[test]
fn every_mutant_the_pool_separates_is_rejected() {
    let (mut separated, mut equivalent) = (0, 0);
    for level in 0..=10 {
        for index in 0..12 {
            let (params, data, _) = problem(f64::from(level), 31, index);
            let reference = parse2(&data.program).unwrap();
            let pool = construct::pool(&params, data.pool_seed);
            let (tree, _) = parse::parse(&data.program).unwrap();
            for m in mutate::mutants(&tree) {
                let text = m.render();
                let mutant = parse2(&text).unwrap_or_else(|| panic!("{text}"));
                let differs = pool
                    .iter()
                    .any(|xs| run2(&mutant, xs) != run2(&reference, xs));
                let v = judge(&data, &text);
                if differs {
                    assert!(!v.correct, "{} vs {text}: {v:?}", data.program);
                    separated += 1;
                } else {
                    equivalent += 1;
                }
                assert_eq!(
                    v.correct,
                    matches_all(&mutant, &all_examples(&data)),
                    "{text}"
                );
            }
        }
    }
    assert!(separated > 1000, "{separated}");
    println!(
        "program_synthesis: {separated} separated mutants rejected, {equivalent} equivalent on the pool"
    );
}

/// Random inputs for the strong/weak measure, apart from the generator's pool.
fn fresh_inputs(params: &ProgramSynthesisParams, seed: u64) -> Vec<Vec<i64>> {
    let mut rng = verigym::ProblemRng::from_test_seed(seed);
    let vmax = u64::from(params.value_max);
    (0..200)
        .map(|i| {
            let len = rng.in_range(0, u64::from(params.max_len));
            let span = if i % 2 == 0 { vmax } else { 3 };
            (0..len)
                .map(|_| rng.in_range(0, 2 * span) as i64 - span as i64)
                .collect()
        })
        .collect()
}

/// Strong vs weak: plausible wrong answers (one- and two-edit mutants of the reference that give
/// a different output on some of 200 fresh random inputs), their pass rate on the shown examples
/// alone (what a weak checker would accept) and on shown and hidden (the verifier). Run with
/// `cargo nextest run --test main program_synthesis::strong_and_weak --no-capture`.
#[test]
fn strong_and_weak() {
    let (mut wrong, mut pass_shown, mut pass_all) = (0u64, 0u64, 0u64);
    for level in [0, 2, 4, 6, 8, 10] {
        for index in 0..10 {
            let (params, data, _) = problem(f64::from(level), 32, index);
            let reference = parse2(&data.program).unwrap();
            let fresh = fresh_inputs(&params, index);
            let (tree, _) = parse::parse(&data.program).unwrap();
            let first = mutate::mutants(&tree);
            let mut candidates: Vec<String> = first.iter().map(|m| m.render()).collect();
            for m in first.iter().step_by(3) {
                candidates.extend(mutate::mutants(m).iter().step_by(4).map(|m| m.render()));
            }
            candidates.sort();
            candidates.dedup();
            for text in candidates {
                let mutant = parse2(&text).unwrap();
                if fresh
                    .iter()
                    .all(|xs| run2(&mutant, xs) == run2(&reference, xs))
                {
                    continue;
                }
                wrong += 1;
                let shown: Vec<&Example> = data.shown.iter().collect();
                pass_shown += u64::from(matches_all(&mutant, &shown));
                pass_all += u64::from(judge(&data, &text).correct);
            }
        }
    }
    let pct = |n: u64| 100.0 * n as f64 / wrong as f64;
    println!(
        "program_synthesis strong/weak: {wrong} wrong candidates; pass the shown examples: {:.1}%; \
         pass shown + hidden (the verifier): {:.2}%",
        pct(pass_shown),
        pct(pass_all)
    );
    assert!(pass_all * 100 <= wrong, "{pass_all} of {wrong}");
    assert!(pass_shown > 5 * pass_all.max(1));
}

/// A table of the shown examples (an `if` chain on `len` and `sum` for an integer output, an
/// element lookup for a list): it fits every shown example, by the second interpreter, and the
/// hidden inputs reject it.
#[test]
fn a_table_of_the_shown_examples_fails_on_the_hidden_inputs() {
    let (mut tables, mut fitted) = (0, 0);
    for level in 0..=10 {
        for index in 0..40 {
            let (_, data, _) = problem(f64::from(level), 33, index);
            let Some(table) = table(&data) else {
                continue;
            };
            tables += 1;
            let t = parse2(&table).unwrap();
            let shown: Vec<&Example> = data.shown.iter().collect();
            if !matches_all(&t, &shown) {
                continue;
            }
            fitted += 1;
            let v = judge(&data, &table);
            assert_eq!(v.reason, Reason::WrongAnswer, "{table}: {v:?}");
            assert!(v.message.contains("hidden"), "{}", v.message);
        }
    }
    assert!(fitted > 100, "{fitted} of {tables}");
    println!("program_synthesis: {fitted} tables fit the shown examples, all rejected");
}

fn table(data: &ProgramSynthesisData) -> Option<String> {
    let lit = |n: i64| {
        if n < 0 {
            format!("(0 - {})", -n)
        } else {
            n.to_string()
        }
    };
    match &data.shown[0].output {
        Value::Int(_) => {
            let mut text = "0".to_owned();
            for ex in data.shown.iter().rev() {
                let Value::Int(out) = ex.output else {
                    return None;
                };
                let sum: i64 = ex.xs.iter().sum();
                text = format!(
                    "if(len(xs) == {} and sum(xs) == {}, {}, {text})",
                    ex.xs.len(),
                    lit(sum),
                    lit(out)
                );
            }
            Some(text)
        }
        Value::List(_) => {
            let mut seen: Vec<(i64, i64)> = Vec::new();
            for ex in &data.shown {
                let Value::List(out) = &ex.output else {
                    return None;
                };
                if out.len() != ex.xs.len() {
                    return None;
                }
                for (&x, &y) in ex.xs.iter().zip(out) {
                    if !seen.iter().any(|p| p.0 == x) {
                        seen.push((x, y));
                    }
                }
            }
            let body = seen.iter().rev().fold("x".to_owned(), |rest, (x, y)| {
                format!("if(x == {}, {}, {rest})", lit(*x), lit(*y))
            });
            Some(format!("map(x -> {body}, xs)"))
        }
    }
}

/// Each attack class, with the reason it gets.
#[test]
fn attacks_fail_with_their_reasons() {
    let (_, data, answer) = problem(5.0, 34, 0);
    let program = data.program.clone();
    let deep = format!("{}xs{}", "reverse(".repeat(60), ")".repeat(60));
    let parens = format!("{}1{}", "(".repeat(5000), ")".repeat(5000));
    let chain = vec!["1"; 2000].join(" + ");
    let runaway = "sum(map(x -> sum(map(y -> sum(map(z -> sum(map(w -> sum(map(v -> v, xs)), \
                   xs)), xs)), xs)), xs))";
    let runaway = if data.output_is_list() {
        format!("take({runaway}, xs)")
    } else {
        runaway.to_owned()
    };
    let overflow = if data.output_is_list() {
        "map(x -> x * 1000000 * 1000000 * 1000000 * 1000000, xs)".to_owned()
    } else {
        "fold((a, x) -> a * 1000000 + 1000000, 1000000, xs) + len(xs) * 1000000 * 1000000 * 1000000 * 1000000".to_owned()
    };
    let cases: Vec<(&str, String, Reason)> = vec![
        ("reference", answer.clone(), Reason::Correct),
        ("deep_nesting", block(&deep), Reason::Forbidden),
        ("deep_parens", block(&parens), Reason::Forbidden),
        ("long_chain", block(&chain), Reason::Forbidden),
        (
            "huge_literal",
            block(&format!("{program} + {}", "9".repeat(40))),
            Reason::Forbidden,
        ),
        (
            "just_over_literal",
            block("1000001 + len(xs)"),
            Reason::Forbidden,
        ),
        (
            "huge_program",
            block(&format!("{program}\n{}", "# pad\n".repeat(2000))),
            Reason::Forbidden,
        ),
        ("runaway_nesting", block(&runaway), Reason::Timeout),
        ("overflow", block(&overflow), Reason::WrongAnswer),
        (
            "division_by_zero",
            block(if data.output_is_list() {
                "map(x -> x / (x - x), xs)"
            } else {
                "len(xs) / 0"
            }),
            Reason::WrongAnswer,
        ),
        (
            "python",
            block(&format!("lambda xs: {program}")),
            Reason::CompileError,
        ),
        ("eval", block("eval(\"xs\")"), Reason::CompileError),
        (
            "wrong_type",
            block(if data.output_is_list() {
                "len(xs)"
            } else {
                "xs"
            }),
            Reason::CompileError,
        ),
        (
            "answer_tag_only",
            format!("<answer>{program}</answer>"),
            Reason::NoAnswer,
        ),
        (
            "other_language",
            format!("```python\n{program}\n```"),
            Reason::NoAnswer,
        ),
        (
            "only_in_think",
            format!("<think>{answer}</think>"),
            Reason::AnswerOnlyInThink,
        ),
        (
            "unclosed_think",
            format!("<think>{answer}"),
            Reason::AnswerOnlyInThink,
        ),
        (
            "empty_block",
            "```dsl\n\n```".to_owned(),
            Reason::EmptyAnswer,
        ),
        (
            "final_block_wrong",
            format!("{answer}\nor rather\n{}", block("reverse(xs)")),
            judge(&data, "reverse(xs)").reason,
        ),
        (
            "too_long",
            format!("{}{answer}", " ".repeat(1 << 20)),
            Reason::ResponseTooLong,
        ),
    ];
    for (name, response, want) in cases {
        let v = ProgramSynthesis.verify(&data, &response);
        assert_eq!(v.reason, want, "{name}: {v:?}");
        assert_eq!(v.correct, want == Reason::Correct, "{name}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn the_reference_verifies_in_every_probe_form(level in 0.0..=10.0f64, seed: u64, index in 0u64..1 << 20) {
        let (_, data, answer) = problem(level, seed, index);
        let probes = ProgramSynthesis.probe_answers(&data, &answer, "");
        prop_assert!(!probes.realistic.is_empty() && !probes.near_miss.is_empty());
        let examples = all_examples(&data);
        for (family, response) in probes.equivalent.iter().chain(&probes.realistic) {
            let v = ProgramSynthesis.verify(&data, response);
            prop_assert!(v.correct, "{}: {} -> {:?}", family, response, v);
        }
        for (family, response) in &probes.near_miss {
            let v = ProgramSynthesis.verify(&data, response);
            prop_assert!(!v.correct && v.score == 0.0, "{}: {} -> {:?}", family, response, v);
            // A near miss that runs is wrong by the second interpreter too.
            let code = response.trim_start_matches("```dsl\n").trim_end_matches("\n```");
            if v.reason == Reason::WrongAnswer {
                let t = parse2(code).unwrap();
                prop_assert!(!matches_all(&t, &examples), "{}", code);
            }
        }
    }

    #[test]
    fn a_corrupted_reference_is_judged_as_the_second_interpreter_says(level in 0.0..=10.0f64, seed: u64, pick: usize) {
        let (_, data, _) = problem(level, seed, 0);
        let (tree, _) = parse::parse(&data.program).unwrap();
        let ms = mutate::mutants(&tree);
        let text = ms[pick % ms.len()].render();
        let v = judge(&data, &text);
        prop_assert_eq!(v.correct, matches_all(&parse2(&text).unwrap(), &all_examples(&data)));
        if !v.correct {
            prop_assert!(matches!(v.reason, Reason::WrongAnswer | Reason::Timeout), "{:?}", v);
        }
    }

    #[test]
    fn arbitrary_text_never_panics(text in ".{0,300}") {
        let (_, data, _) = problem(3.0, 1, 0);
        for response in [text.clone(), block(&text)] {
            let v = ProgramSynthesis.verify(&data, &response);
            prop_assert!(v.score == 0.0 || v.correct);
            prop_assert!(!v.message.is_empty());
        }
    }

    #[test]
    fn token_soup_never_panics(tokens in proptest::collection::vec(prop::sample::select(vec![
        "xs", "x", "a", "b", "(", ")", ",", "->", "+", "-", "*", "/", "%", "==", "<", "and", "or",
        "not", "0", "7", "1000000", "map", "filter", "fold", "zip_with", "sort", "take", "len",
        "sum", "if", "abs", "min", "(a, b) ->", "x ->",
    ]), 0..80)) {
        let (_, data, _) = problem(7.0, 2, 0);
        let v = judge(&data, &tokens.join(" "));
        prop_assert!(v.score == 0.0 || v.correct);
    }
}

#[test]
fn golden_program_synthesis_defaults_seed_42() {
    check_golden(
        "program_synthesis-default-s42.jsonl",
        &jsonl("program_synthesis", None, &[], 42, 0, 3),
    );
}

#[test]
fn golden_program_synthesis_levels_seed_1() {
    check_golden(
        "program_synthesis-levels-s1.jsonl",
        &one_per_level("program_synthesis", 1),
    );
}

/// SHA-256 of the first 1,000 problems. A change means generated bytes changed: bump the version.
#[test]
fn pinned_hashes_of_first_thousand() {
    check_hashes(
        "program_synthesis",
        1000,
        &[
            (
                None,
                0,
                "4c2bc71e8263ca6fe8aaa2af999ad3f6e1256ef165988fddd3f1cf98c8e2b35b",
            ),
            (
                Some(0.0),
                7,
                "fd1cec1c21727fe90daffc1096baee845e556e32a883287a370e2cc8c87f07d6",
            ),
            (
                Some(10.0),
                7,
                "7bf8995e4be3a630b411c6808edd7a8de97839f621239160ecb5a89426d54397",
            ),
        ],
    );
}

/// A record whose data breaks an invariant is judged a verifier error.
#[test]
fn a_tampered_record_is_a_verifier_error() {
    for (pointer, needle) in [
        ("/data/hidden/0/output", "stored output"),
        ("/data/shown/0/output", "stored output"),
        ("/data/program", "does not parse"),
    ] {
        let v = crate::support::verdict_on_tampered_record("program_synthesis", pointer);
        assert_eq!(v.reason, Reason::VerifierError, "{pointer}: {v:?}");
        assert!(v.message.contains(needle), "{pointer}: {}", v.message);
    }
}

#[test]
fn level_params_are_valid() {
    for level in 0..=10 {
        ProgramSynthesisParams::at_level(f64::from(level))
            .validate()
            .unwrap();
    }
}
