//! Problem construction: draw numbers, combine a random subset into a random expression tree with
//! exact positive-integer intermediates, and take its value as the target.
//!
//! Solvability is by construction: the reference expression reaches the target. Every step of the
//! tree keeps the show's rules (a subtraction stays positive, a division is exact, no `* 1` or
//! `/ 1`), so the reference is also a solution under the stricter rules a reader may know.

use super::params::{CountdownParams, LARGE_CARDS, Pool};
use verigym_core::rng::ProblemRng;

/// How many draws are tried before falling back to the sum of the last draw.
pub const ATTEMPTS: u32 = 64;
/// Intermediates above this are not formed: they cannot return to a target without huge divisions.
const INTERMEDIATE_MAX: u64 = 1 << 40;

/// A constructed problem: the numbers (ascending), the target and one expression reaching it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Built {
    /// The drawn numbers, ascending.
    pub numbers: Vec<u64>,
    /// The target.
    pub target: u64,
    /// An expression over some (or, with `use_all`, all) of the numbers equal to the target.
    pub reference: String,
    /// How many operations the reference uses.
    pub operations: u32,
}

/// A subexpression: its value, its text, and the binding strength of its top operator
/// (`ATOM` for a number) so the renderer adds only the parentheses it needs.
struct Part {
    value: u64,
    text: String,
    prec: u8,
}

const SUM: u8 = 1;
const PRODUCT: u8 = 2;
const ATOM: u8 = 3;

/// Draws until the target is in range and is not itself a given number; after [`ATTEMPTS`]
/// misses (only with knobs that make the range nearly unreachable) the target is the sum of
/// every number of the last draw, which is never a given number.
pub fn build(params: &CountdownParams, rng: &mut ProblemRng) -> Built {
    let n = params.numbers as usize;
    let mut numbers = Vec::with_capacity(n);
    for _ in 0..ATTEMPTS {
        draw(params, rng, &mut numbers);
        let k = if params.use_all {
            n
        } else {
            rng.in_range(2, n as u64) as usize
        };
        let mut order: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut order);
        let parts: Vec<Part> = order[..k].iter().map(|&i| atom(numbers[i])).collect();
        let root = combine_randomly(parts, rng);
        let fits = (params.target_min..=params.target_max).contains(&root.value);
        if fits && !numbers.contains(&root.value) {
            numbers.sort_unstable();
            return Built {
                numbers,
                target: root.value,
                reference: root.text,
                operations: k as u32 - 1,
            };
        }
    }
    numbers.sort_unstable();
    let reference = numbers
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" + ");
    Built {
        target: numbers.iter().sum(),
        reference,
        operations: params.numbers - 1,
        numbers,
    }
}

fn draw(params: &CountdownParams, rng: &mut ProblemRng, out: &mut Vec<u64>) {
    out.clear();
    match params.pool {
        Pool::Show => {
            let mut large = LARGE_CARDS;
            rng.shuffle(&mut large);
            out.extend_from_slice(&large[..params.large as usize]);
            let mut small: [u64; 20] = std::array::from_fn(|i| i as u64 / 2 + 1);
            rng.shuffle(&mut small);
            out.extend_from_slice(&small[..(params.numbers - params.large) as usize]);
        }
        Pool::Range => {
            for _ in 0..params.numbers {
                out.push(rng.in_range(params.min, params.max));
            }
        }
    }
}

fn atom(value: u64) -> Part {
    Part {
        value,
        text: value.to_string(),
        prec: ATOM,
    }
}

/// Repeatedly replaces two random parts by a random valid operation on them.
fn combine_randomly(mut parts: Vec<Part>, rng: &mut ProblemRng) -> Part {
    while parts.len() > 1 {
        let i = rng.index(parts.len());
        let a = parts.swap_remove(i);
        let j = rng.index(parts.len());
        let b = parts.swap_remove(j);
        let (big, small) = if a.value >= b.value { (a, b) } else { (b, a) };
        let mut ops = [b'+'; 4];
        let mut count = 1;
        if small.value > 1 && big.value.saturating_mul(small.value) <= INTERMEDIATE_MAX {
            ops[count] = b'*';
            count += 1;
        }
        if big.value > small.value {
            ops[count] = b'-';
            count += 1;
        }
        if small.value > 1 && big.value % small.value == 0 {
            ops[count] = b'/';
            count += 1;
        }
        let op = *rng.choose(&ops[..count]);
        // Commutative operations are written in either order, so references do not always lead
        // with the larger operand.
        let swap = matches!(op, b'+' | b'*') && rng.chance(1, 2);
        let (left, right) = if swap { (small, big) } else { (big, small) };
        parts.push(apply(op, left, right));
    }
    parts.pop().expect("at least one part")
}

fn apply(op: u8, left: Part, right: Part) -> Part {
    let (value, prec, left_min, right_min) = match op {
        b'+' => (left.value + right.value, SUM, SUM, SUM),
        b'-' => (left.value - right.value, SUM, SUM, PRODUCT),
        b'*' => (left.value * right.value, PRODUCT, PRODUCT, PRODUCT),
        _ => (left.value / right.value, PRODUCT, PRODUCT, ATOM),
    };
    let wrap = |p: Part, min: u8| {
        if p.prec >= min {
            p.text
        } else {
            format!("({})", p.text)
        }
    };
    let text = format!(
        "{} {} {}",
        wrap(left, left_min),
        op as char,
        wrap(right, right_min)
    );
    Part { value, text, prec }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rendering_adds_only_needed_parentheses() {
        let sum = apply(b'+', atom(2), atom(3));
        let diff = apply(b'-', atom(9), atom(4));
        assert_eq!(apply(b'*', sum, atom(4)).text, "(2 + 3) * 4");
        let prod = apply(b'*', atom(6), atom(2));
        assert_eq!(apply(b'/', atom(24), prod).text, "24 / (6 * 2)");
        assert_eq!(apply(b'-', atom(20), diff).text, "20 - (9 - 4)");
        let sum = apply(b'+', atom(2), atom(3));
        assert_eq!(apply(b'+', atom(20), sum).text, "20 + 2 + 3");
    }

    #[test]
    fn fallback_is_the_sum_of_all_numbers() {
        // Only 1s can be drawn, so no tree reaches 100: the fallback must kick in.
        let params = CountdownParams {
            pool: Pool::Range,
            min: 1,
            max: 1,
            numbers: 3,
            ..Default::default()
        };
        let built = build(&params, &mut ProblemRng::from_test_seed(1));
        assert_eq!(built.numbers, vec![1, 1, 1]);
        assert_eq!((built.target, built.reference.as_str()), (3, "1 + 1 + 1"));
    }
}
