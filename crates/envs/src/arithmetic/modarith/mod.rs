//! `modarith`: the lecture's "reasoning world". A start value and k operations modulo a prime p,
//! with every intermediate value stored so each step of a response can be checked exactly.

pub(crate) mod field;
mod params;
mod prompt;
mod verify;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use self::field::MAX_PRIME;
pub use self::params::{ModArithParams, Op, STEPS_MAX, STEPS_MIN, Style};
pub use self::verify::{Value, parse_value};
use verigym_core::env::{Env, Generated, ProbeAnswers};
use verigym_core::rng::ProblemRng;
use verigym_core::verdict::Verdict;

/// The modular-arithmetic chain env.
#[derive(Clone, Copy, Debug, Default)]
pub struct ModArith;

/// What the `modarith` verifier needs: the chain and every intermediate value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ModArithData {
    /// The modulus p. Every value is in [0, p).
    pub modulus: u64,
    /// The start value x₀.
    pub start: u64,
    /// The operations in order, each with the value of x after it. The last value is the answer.
    pub steps: Vec<Step>,
}

/// One operation of the chain and its result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// The operation.
    pub op: Op,
    /// Its operand a, for `add`, `sub`, `mul` and `div`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub operand: Option<u64>,
    /// The value of x after this step.
    pub value: u64,
}

impl Env for ModArith {
    const ID: &'static str = "modarith";
    const VERSION: u32 = 2;
    // v2 only widened the accepted answer forms over the same data layout: v1 records are still
    // judged, by the v2 grammar.
    const COMPATIBLE_SINCE: u32 = 1;
    const SUMMARY: &'static str =
        "a chain of k operations modulo a prime, checkable step by step (process rewards)";
    type Params = ModArithParams;
    type Data = ModArithData;

    fn generate(&self, params: &ModArithParams, rng: &mut ProblemRng) -> Generated<ModArithData> {
        let p = params.modulus;
        let (lo, hi) = (params.operand_min, params.operand_max());
        // Starting away from 0 keeps `recip` applicable when it is the only op: the inverse of a
        // non-zero residue is non-zero.
        let mut x = rng.in_range(1, p - 1);
        let start = x;
        let mut steps = Vec::with_capacity(params.steps as usize);
        let mut usable = [Op::Add; Op::ALL.len()];
        for _ in 0..params.steps {
            let mut n = 0;
            for &op in &params.ops {
                if op.applies_to(x) {
                    usable[n] = op;
                    n += 1;
                }
            }
            let op = *rng.choose(&usable[..n]);
            let operand = op.has_operand().then(|| rng.in_range(lo, hi));
            x = apply(op, x, operand.unwrap_or(0), p);
            steps.push(Step {
                op,
                operand,
                value: x,
            });
        }
        let data = ModArithData {
            modulus: p,
            start,
            steps,
        };
        Generated {
            prompt: prompt::render(&data, params.style),
            answer: x.to_string(),
            difficulty: u64::from(params.steps),
            data,
        }
    }

    fn check_data(&self, data: &ModArithData) -> Result<(), String> {
        check_chain(data)
    }

    fn verify(&self, data: &ModArithData, response: &str) -> Verdict {
        verify::verify(data, response)
    }

    fn probe_answers(&self, data: &ModArithData, answer: &str, foreign: &str) -> ProbeAnswers {
        let p = data.modulus;
        let Some(a) = data.steps.last().map(|s| s.value) else {
            return ProbeAnswers::default();
        };
        let mut near_miss = vec![
            ("off_by_one_up", ((a + 1) % p).to_string()),
            ("off_by_one_down", ((a + p - 1) % p).to_string()),
            ("unreduced", (a + p).to_string()),
            ("negative_congruent", format!("-{}", p - a)),
            ("appended_digit", format!("{answer}1")),
            ("prefixed_digit", format!("1{answer}")),
        ];
        // Answers are canonical residues, so a different string is a different, wrong value.
        if foreign.parse::<u64>().is_ok_and(|f| f != a) {
            near_miss.push(("other_problem", foreign.to_owned()));
        }
        ProbeAnswers {
            equivalent: vec![
                ("plus_sign", format!("+{answer}")),
                ("leading_zero", format!("0{answer}")),
                ("x_equals", format!("x = {answer}")),
                ("x_equals_tight", format!("x={answer}")),
            ],
            near_miss: {
                let wrong = (a + 1) % p;
                near_miss.extend([
                    ("bold_off_by_one", format!("**{wrong}**")),
                    ("congruence_off_by_one", format!("x ≡ {wrong} (mod {p})")),
                    ("other_modulus", format!("{answer} (mod {})", p + 2)),
                    (
                        "pmod_other_modulus",
                        format!("{answer} \\pmod{{{}}}", p + 1),
                    ),
                    ("congruent_unreduced", format!("x ≡ {} (mod {p})", a + p)),
                    ("two_values", format!("x = {answer} or {wrong}")),
                ]);
                near_miss
            },
            realistic: vec![
                ("bold", format!("**{answer}**")),
                ("code_span", format!("`{answer}`")),
                ("trailing_period", format!("{answer}.")),
                ("upper_x_equals", format!("X = {answer}")),
                ("congruence", format!("x ≡ {answer}")),
                ("mod_in_parentheses", format!("{answer} (mod {p})")),
                ("mod_bare", format!("{answer} mod {p}")),
                ("congruent_mod", format!("≡ {answer} (mod {p})")),
                ("latex_pmod", format!("$x \\equiv {answer} \\pmod{{{p}}}$")),
                ("math_dollars", format!("${answer}$")),
                ("text_command", format!("\\text{{{answer}}}")),
                ("sentence", format!("x = **{answer}**.")),
            ],
        }
    }
}

/// A record's chain must be what `generate` could have written: a prime modulus, values in range,
/// operands where the op takes one, and every stored value the result of its step.
fn check_chain(data: &ModArithData) -> Result<(), String> {
    let p = data.modulus;
    if !(2..=MAX_PRIME).contains(&p) || !field::is_prime(p) {
        return Err(format!("modulus {p} is not a prime up to {MAX_PRIME}"));
    }
    if data.steps.is_empty() {
        return Err("the chain has no steps".to_owned());
    }
    if data.start >= p {
        return Err(format!("start {} is not below the modulus {p}", data.start));
    }
    let mut x = data.start;
    for (i, step) in (1..).zip(&data.steps) {
        let a = match (step.op.has_operand(), step.operand) {
            (true, Some(a)) if a < p && (step.op != Op::Div || a != 0) => a,
            (false, None) => 0,
            _ => {
                return Err(format!(
                    "step {i}: operand {:?} does not fit `{}`",
                    step.operand,
                    step.op.name()
                ));
            }
        };
        if !step.op.applies_to(x) {
            return Err(format!(
                "step {i}: `{}` is undefined at {x}",
                step.op.name()
            ));
        }
        x = apply(step.op, x, a, p);
        if step.value != x {
            return Err(format!(
                "step {i}: stored value {} but the op gives {x}",
                step.value
            ));
        }
    }
    Ok(())
}

/// Applies one operation to x.
pub fn apply(op: Op, x: u64, a: u64, p: u64) -> u64 {
    match op {
        Op::Add => field::add(x, a, p),
        Op::Sub => field::sub(x, a, p),
        Op::Mul => field::mul(x, a, p),
        Op::Div => field::mul(x, field::inv(a, p), p),
        Op::Neg => field::neg(x, p),
        Op::Square => field::mul(x, x, p),
        Op::Cube => field::mul(field::mul(x, x, p), x, p),
        Op::Recip => field::inv(x, p),
    }
}
