//! The generator: a random well-typed reference program of the level's size, shown examples that
//! say something, and hidden inputs (edge cases, random ones, then one per mutant that the inputs
//! so far cannot tell from the reference but the separation pool can).

use super::eval::{FUEL, Value, run};
use super::lang::{BinOp, Builtin, Expr};
use super::mutate::mutants;
use super::params::ProgramSynthesisParams;
use verigym_core::rng::{ProblemRng, derive_key};

/// Random inputs in a separation pool, beside its edge cases.
pub const POOL_RANDOM: usize = 48;
/// Hidden inputs drawn at random from the pool before separation.
const HIDDEN_RANDOM: usize = 2;
/// The most hidden inputs a problem gets; a program needing more is drawn again.
pub const HIDDEN_MAX: usize = 40;

/// A drawn problem: the reference, whether it outputs a list, and the inputs.
pub struct Drawn {
    /// The reference program.
    pub program: Expr,
    /// Whether it returns a list (else an integer).
    pub list: bool,
    /// The shown inputs and outputs.
    pub shown: Vec<(Vec<i64>, Value)>,
    /// The hidden inputs and outputs.
    pub hidden: Vec<(Vec<i64>, Value)>,
    /// The separation pool's seed.
    pub pool_seed: u64,
}

/// The separation pool of a problem: its edge cases (empty, one element, zeros, duplicates, all
/// negative, the longest list), then [`POOL_RANDOM`] random lists, half of them over a narrow
/// range so that equalities and duplicates occur. A pure function of the params and the seed
/// stored in the record, so anyone can rebuild it.
pub fn pool(params: &ProgramSynthesisParams, pool_seed: u64) -> Vec<Vec<i64>> {
    let mut rng = ProblemRng::new(derive_key("program_synthesis/pool", 1, pool_seed), 0);
    let vmax = u64::from(params.value_max);
    let max_len = u64::from(params.max_len);
    let value = |rng: &mut ProblemRng, span: u64| rng.in_range(0, 2 * span) as i64 - span as i64;
    let a = value(&mut rng, vmax);
    let b = value(&mut rng, vmax);
    let mut out = vec![
        Vec::new(),
        vec![value(&mut rng, vmax)],
        vec![0, 0, 0],
        vec![a, a, b, b, a],
        (0..max_len / 2)
            .map(|_| -(rng.in_range(1, vmax) as i64))
            .collect(),
        (0..max_len).map(|_| value(&mut rng, vmax)).collect(),
    ];
    for i in 0..POOL_RANDOM {
        let span = if i % 2 == 0 { vmax } else { 3 };
        let len = rng.in_range(0, max_len);
        out.push((0..len).map(|_| value(&mut rng, span)).collect());
    }
    out
}

/// Runs the reference where it must succeed within a quarter of the fuel.
fn reference_output(program: &Expr, list: bool, xs: &[i64]) -> Option<Value> {
    match run(program, list, xs) {
        Ok((v, used)) if used <= FUEL / 4 => Some(v),
        _ => None,
    }
}

/// Draws a problem; redraws whatever fails a check, so it always returns.
pub fn draw(params: &ProgramSynthesisParams, rng: &mut ProblemRng) -> Drawn {
    loop {
        let (program, list) = random_program(params, rng);
        let pool_seed = rng.next_u64();
        let pool = pool(params, pool_seed);
        let Some(outputs) = pool
            .iter()
            .map(|xs| reference_output(&program, list, xs))
            .collect::<Option<Vec<Value>>>()
        else {
            continue;
        };
        // Trivial behaviour: nearly always one output, or nearly always the input itself (a
        // guessed constant, or a table of the shown examples with that default, would pass).
        let most_common = outputs
            .iter()
            .map(|o| outputs.iter().filter(|p| *p == o).count())
            .max()
            .unwrap_or(0);
        let unchanged = pool
            .iter()
            .zip(&outputs)
            .filter(|(xs, o)| matches!(o, Value::List(l) if l == *xs))
            .count();
        if 4 * most_common.max(unchanged) > 3 * pool.len() {
            continue;
        }
        let Some(shown) = shown_examples(params, &program, list, rng) else {
            continue;
        };
        if let Some(hidden) = hidden_inputs(&program, list, &shown, &pool, &outputs) {
            return Drawn {
                program,
                list,
                shown,
                hidden,
                pool_seed,
            };
        }
    }
}

/// Shown examples with distinct inputs of 2 to `max_len` elements; their outputs must not all be
/// equal, and a list output must be non-empty somewhere.
fn shown_examples(
    params: &ProgramSynthesisParams,
    program: &Expr,
    list: bool,
    rng: &mut ProblemRng,
) -> Option<Vec<(Vec<i64>, Value)>> {
    let vmax = u64::from(params.value_max);
    for _ in 0..8 {
        let mut shown: Vec<(Vec<i64>, Value)> = Vec::new();
        while shown.len() < params.shown as usize {
            let len = rng.in_range(2, u64::from(params.max_len));
            let xs: Vec<i64> = (0..len)
                .map(|_| rng.in_range(0, 2 * vmax) as i64 - vmax as i64)
                .collect();
            if shown.iter().any(|(s, _)| *s == xs) {
                continue;
            }
            let out = reference_output(program, list, &xs)?;
            shown.push((xs, out));
        }
        let varied = shown.iter().any(|(_, o)| *o != shown[0].1);
        let nonempty = shown
            .iter()
            .any(|(_, o)| !matches!(o, Value::List(l) if l.is_empty()));
        if varied && nonempty {
            return Some(shown);
        }
    }
    None
}

/// Whether `candidate` gives `want` on `xs` (a fault or running out of fuel is a difference).
fn agrees(candidate: &Expr, list: bool, xs: &[i64], want: &Value) -> bool {
    matches!(run(candidate, list, xs), Ok((ref v, _)) if v == want)
}

/// The hidden inputs: the pool's edge cases and a few random ones, then, for each mutant the
/// inputs so far cannot tell from the reference, the first pool input that can. `None` when that
/// takes more than [`HIDDEN_MAX`] inputs.
fn hidden_inputs(
    program: &Expr,
    list: bool,
    shown: &[(Vec<i64>, Value)],
    pool: &[Vec<i64>],
    outputs: &[Value],
) -> Option<Vec<(Vec<i64>, Value)>> {
    let edge = pool.len() - POOL_RANDOM;
    let mut chosen: Vec<usize> = (0..edge + HIDDEN_RANDOM).collect();
    for m in mutants(program) {
        let caught = shown.iter().any(|(xs, o)| !agrees(&m, list, xs, o))
            || chosen
                .iter()
                .any(|&i| !agrees(&m, list, &pool[i], &outputs[i]));
        if caught {
            continue;
        }
        if let Some(i) = (0..pool.len()).find(|&i| !agrees(&m, list, &pool[i], &outputs[i])) {
            chosen.push(i);
            if chosen.len() > HIDDEN_MAX {
                return None;
            }
        }
    }
    // At least three distinct hidden outputs (the pool has more, as the check above keeps no
    // near-constant program), so no table of the shown examples with a constant default passes.
    for i in 0..pool.len() {
        let mut distinct: Vec<&Value> = chosen.iter().map(|&c| &outputs[c]).collect();
        distinct.sort_by_key(|v| format!("{v:?}"));
        distinct.dedup();
        if distinct.len() >= 3 {
            break;
        }
        if !distinct.contains(&&outputs[i]) {
            chosen.push(i);
        }
    }
    Some(
        chosen
            .into_iter()
            .map(|i| (pool[i].clone(), outputs[i].clone()))
            .collect(),
    )
}

/// A small constant in `lo..=hi`.
fn constant(rng: &mut ProblemRng, lo: i64, hi: i64) -> Expr {
    let v = lo + rng.below((hi - lo + 1) as u64) as i64;
    if v < 0 {
        Expr::Neg(Box::new(Expr::Num(-v)))
    } else {
        Expr::Num(v)
    }
}

/// An integer body over the parameters `vars` (slots) with 1 to `ops` operators, using every
/// parameter. Divisors are non-zero constants, so a body never divides by zero.
fn int_body(rng: &mut ProblemRng, vars: &[u8], ops: u32) -> Expr {
    let mut e = Expr::Var(vars[0]);
    let mut ops = 1 + rng.below(u64::from(ops)) as u32;
    if let Some(&b) = vars.get(1) {
        let op = *rng.choose(&[BinOp::Add, BinOp::Sub, BinOp::Mul]);
        e = match rng.below(5) {
            0 => Expr::Call(Builtin::Max, vec![e, Expr::Var(b)]),
            1 => Expr::Call(Builtin::Min, vec![e, Expr::Var(b)]),
            _ => Expr::bin(op, e, Expr::Var(b)),
        };
        ops -= 1;
    }
    for _ in 0..ops {
        e = match rng.below(9) {
            0 | 1 => Expr::bin(BinOp::Add, e, constant(rng, 1, 9)),
            2 => Expr::bin(BinOp::Sub, e, constant(rng, 1, 9)),
            3 => Expr::bin(BinOp::Mul, e, constant(rng, 2, 4)),
            4 => Expr::bin(BinOp::Div, e, constant(rng, 2, 4)),
            5 => Expr::bin(BinOp::Mod, e, constant(rng, 2, 7)),
            6 => Expr::bin(BinOp::Sub, constant(rng, 0, 9), e),
            7 => Expr::Call(Builtin::Abs, vec![e]),
            _ => {
                let f = if rng.chance(1, 2) {
                    Builtin::Max
                } else {
                    Builtin::Min
                };
                Expr::Call(f, vec![e, constant(rng, -5, 5)])
            }
        };
    }
    e
}

/// One comparison of the parameter in slot 0 (`x > 3`, `x % 3 == 1`, `x * 2 - 1 <= 4`).
fn comparison(rng: &mut ProblemRng, vmax: i64) -> Expr {
    let x = Expr::Var(0);
    match rng.below(3) {
        0 => {
            let m = 2 + rng.below(4) as i64;
            let op = if rng.chance(1, 2) {
                BinOp::Eq
            } else {
                BinOp::Ne
            };
            Expr::bin(
                op,
                Expr::bin(BinOp::Mod, x, Expr::Num(m)),
                Expr::Num(rng.below(m as u64) as i64),
            )
        }
        1 => {
            let op = *rng.choose(&[BinOp::Lt, BinOp::Le, BinOp::Gt, BinOp::Ge]);
            Expr::bin(op, x, constant(rng, -vmax / 2, vmax / 2))
        }
        _ => {
            let op = *rng.choose(&[BinOp::Lt, BinOp::Gt, BinOp::Ne]);
            Expr::bin(
                op,
                Expr::bin(BinOp::Mul, x, Expr::Num(2 + rng.below(2) as i64)),
                constant(rng, -vmax, vmax),
            )
        }
    }
}

/// A predicate with up to `ops` comparisons joined by `and`/`or`, sometimes negated.
fn predicate(rng: &mut ProblemRng, ops: u32, vmax: i64) -> Expr {
    let mut e = comparison(rng, vmax);
    if ops >= 2 && rng.chance(1, 2) {
        let op = if rng.chance(1, 2) {
            BinOp::And
        } else {
            BinOp::Or
        };
        e = Expr::bin(op, e, comparison(rng, vmax));
    }
    if ops >= 3 && rng.chance(1, 4) {
        e = Expr::Not(Box::new(e));
    }
    e
}

/// A reference program: `stages` list stages on `xs`, then, one time in three, a reduction to an
/// integer (`sum`, `fold`, or `len` after a `filter`). Returns it and whether it outputs a list.
fn random_program(params: &ProgramSynthesisParams, rng: &mut ProblemRng) -> (Expr, bool) {
    const MAP: usize = 0;
    const FILTER: usize = 1;
    const ZIP: usize = 6;
    let vmax = i64::from(params.value_max);
    let mut e = Expr::Xs;
    let mut previous = usize::MAX;
    let mut filtered = false;
    for _ in 0..params.stages {
        // map, filter, sort, reverse, take, drop, zip_with; only map and filter may repeat.
        let kind = loop {
            let k = rng.weighted(&[3, 3, 1, 1, 1, 1, 2]);
            if k != previous || k == MAP || k == FILTER {
                break k;
            }
        };
        previous = kind;
        let count =
            |rng: &mut ProblemRng| Expr::Num(1 + rng.below(u64::from(params.max_len / 2)) as i64);
        e = match kind {
            MAP => Expr::Call(Builtin::Map, vec![int_body(rng, &[0], params.body_ops), e]),
            FILTER => {
                filtered = true;
                Expr::Call(
                    Builtin::Filter,
                    vec![predicate(rng, params.body_ops, vmax), e],
                )
            }
            2 => Expr::Call(Builtin::Sort, vec![e]),
            3 => Expr::Call(Builtin::Reverse, vec![e]),
            4 => Expr::Call(Builtin::Take, vec![count(rng), e]),
            5 => Expr::Call(Builtin::Drop, vec![count(rng), e]),
            ZIP => {
                let other = match rng.below(4) {
                    0 => Expr::Xs,
                    1 => Expr::Call(Builtin::Reverse, vec![Expr::Xs]),
                    2 => Expr::Call(Builtin::Sort, vec![Expr::Xs]),
                    _ => Expr::Call(Builtin::Drop, vec![Expr::Num(1), Expr::Xs]),
                };
                let body = int_body(rng, &[0, 1], params.body_ops + 1);
                Expr::Call(Builtin::ZipWith, vec![body, e, other])
            }
            _ => unreachable!("seven weights"),
        };
    }
    if !rng.chance(1, 3) {
        return (e, true);
    }
    let reduced = match rng.weighted(&[3, 3, if filtered { 2 } else { 0 }]) {
        0 => Expr::Call(Builtin::Sum, vec![e]),
        1 => {
            let body = int_body(rng, &[0, 1], params.body_ops);
            Expr::Call(Builtin::Fold, vec![body, Expr::Num(rng.below(2) as i64), e])
        }
        _ => Expr::Call(Builtin::Len, vec![e]),
    };
    (reduced, false)
}
