//! Making a cryptarithm: random addends of the drawn lengths, their sum, and a random letter for
//! each digit used; redrawn until the exact solver proves the letter sum has one solution.
//!
//! A draw allocates nothing until it is kept: the numbers live in arrays, and the solver reads
//! their digits directly as letter ids (digit d is "the letter for d"; which letter that is only
//! matters once the puzzle is kept). The random stream is consumed exactly as env version 1
//! always did, alphabet shuffle included on rejected draws, so every record is unchanged.

use super::params::{CryptarithmParams, MAX_ADDENDS};
use super::solve;
use verigym_core::rng::ProblemRng;

/// A generated word sum.
pub struct Made {
    /// The addend words and the result word, in capital letters.
    pub addends: Vec<String>,
    pub result: String,
    /// Each letter with its digit, in alphabetical order.
    pub solution: Vec<(char, u8)>,
    /// Draws made before a unique one was found (1 = the first).
    pub draws: u64,
    /// The solver's letter assignments on the kept puzzle.
    pub nodes: u64,
}

/// Redraws until unique. Every draw has a positive chance of being unique (some additions of
/// these lengths always are), so this ends; the tests measure the draws each level needs.
pub fn make(params: &CryptarithmParams, rng: &mut ProblemRng) -> Made {
    let mut draws = 0;
    loop {
        draws += 1;
        if let Some(mut made) = draw(params, rng) {
            made.draws = draws;
            return made;
        }
    }
}

fn draw(params: &CryptarithmParams, rng: &mut ProblemRng) -> Option<Made> {
    let mut values = [0u64; MAX_ADDENDS as usize];
    let values = &mut values[..usize::from(params.addends)];
    let total = numbers(params, rng, values);
    // Version 1 shuffled the alphabet before the proof; the proof draws nothing, so doing it
    // here on every draw, kept or not, leaves the stream as it was.
    let mut alphabet: [char; 26] = std::array::from_fn(|i| char::from(b'A' + i as u8));
    rng.shuffle(&mut alphabet);
    if has_a_second_solution(values, total) {
        return None;
    }
    let count = solve::count_digits(values, total, 2);
    if count.solutions != 1 {
        return None;
    }
    let letter_of = |d: u8| alphabet[usize::from(d)];
    let spell = |v: u64| {
        v.to_string()
            .bytes()
            .map(|b| letter_of(b - b'0'))
            .collect::<String>()
    };
    let mut used = 0u16;
    for mut v in values.iter().copied().chain([total]) {
        while v > 0 {
            used |= 1 << (v % 10);
            v /= 10;
        }
    }
    let mut solution: Vec<(char, u8)> = (0..10u8)
        .filter(|&d| used & (1 << d) != 0)
        .map(|d| (letter_of(d), d))
        .collect();
    solution.sort_unstable();
    Some(Made {
        addends: values.iter().map(|&v| spell(v)).collect(),
        result: spell(total),
        solution,
        draws: 0,
        nodes: count.nodes,
    })
}

/// Draws the addends into `values` and returns their total.
fn numbers(params: &CryptarithmParams, rng: &mut ProblemRng, values: &mut [u64]) -> u64 {
    // The addends' digits come from a pool of 5 to 8 digits: repeated letters are what make a
    // word sum unique, so uniformly random addends are redrawn far more often.
    let mut digits: [u64; 10] = std::array::from_fn(|d| d as u64);
    rng.shuffle(&mut digits);
    let pool = &digits[..rng.in_range(5, 8) as usize];
    let mut nonzero = [0u64; 8];
    let mut nonzero_len = 0;
    for &d in pool.iter().filter(|&&d| d != 0) {
        nonzero[nonzero_len] = d;
        nonzero_len += 1;
    }
    let nonzero = &nonzero[..nonzero_len];
    for v in values.iter_mut() {
        let len = rng.in_range(u64::from(params.min_length), u64::from(params.max_length));
        *v = *rng.choose(nonzero);
        for _ in 1..len {
            *v = *v * 10 + *rng.choose(pool);
        }
    }
    values.iter().sum()
}

/// A cheap certificate that the letter sum has another solution besides the digits it was
/// made from, found without a search. The sum holds exactly when `Σ weight(l) · digit(l) = 0`,
/// where a letter's weight is its place values in the addends less those in the result (0 for
/// a digit no letter stands for). Moving every letter l from digit l to digit π(l), for a
/// permutation π of the ten digits, keeps the letters distinct, so it is another solution when
/// some letter moves, no leading letter lands on 0 and `Σ weight(l) · (π(l) − l) = 0`. This
/// tries every π that moves at most three digits, and every pair of disjoint swaps (about a
/// thousand sums of small integers). `false` proves nothing: the solver decides.
pub(super) fn has_a_second_solution(values: &[u64], total: u64) -> bool {
    let mut weight = [0i64; 10];
    let (mut used, mut leading) = (0u16, 0u16);
    for (v, sign) in values.iter().map(|&v| (v, 1)).chain([(total, -1)]) {
        let (mut v, mut place) = (v, sign);
        while v > 0 {
            let d = (v % 10) as usize;
            weight[d] += place;
            used |= 1 << d;
            if v < 10 {
                leading |= 1 << d;
            }
            (v, place) = (v / 10, place * 10);
        }
    }
    // The change in the sum when letter a moves to digit b, or None when a leads and b is 0.
    let shift = |a: usize, b: usize| {
        (b != 0 || leading & (1 << a) == 0).then(|| weight[a] * (b as i64 - a as i64))
    };
    let moves_a_letter = |digits: u16| used & digits != 0;
    let mut swaps = [(0i64, 0u16); 45];
    let mut swaps_len = 0;
    for a in 0..10 {
        for b in a + 1..10 {
            let (Some(ab), Some(ba)) = (shift(a, b), shift(b, a)) else {
                continue;
            };
            let digits = 1 << a | 1 << b;
            if !moves_a_letter(digits) {
                continue;
            }
            if ab + ba == 0 {
                return true;
            }
            swaps[swaps_len] = (ab + ba, digits);
            swaps_len += 1;
            // The two 3-cycles through a and b whose smallest digit is a.
            for c in b + 1..10 {
                let forward = shift(b, c).zip(shift(c, a)).map(|(bc, ca)| ab + bc + ca);
                let backward = shift(a, c).zip(shift(c, b)).map(|(ac, cb)| ac + cb + ba);
                if forward == Some(0) || backward == Some(0) {
                    return true;
                }
            }
        }
    }
    let swaps = &swaps[..swaps_len];
    swaps.iter().enumerate().any(|(i, &(sum, digits))| {
        swaps[i + 1..]
            .iter()
            .any(|&(other, more)| digits & more == 0 && sum + other == 0)
    })
}

#[cfg(test)]
mod tests {
    use super::super::reference_solver as reference;
    use super::*;
    use verigym_core::params::EnvParams;

    /// The generator's draws at every level, proven by the reference solver (version 1's, on
    /// the words as version 1 coded them): the certificate only ever fires on sums with a
    /// second solution, and the fast proof gives the same verdict and, on kept sums, the same
    /// node count (the records' `difficulty`).
    #[test]
    fn every_draw_gets_version_1s_verdict_and_difficulty() {
        let mut seen = [0u32; 3]; // certified, searched and rejected, kept
        for level in 0..=10u8 {
            let params = CryptarithmParams::at_level(f64::from(level));
            let mut rng = ProblemRng::from_test_seed(u64::from(level));
            for _ in 0..100 {
                let mut values = [0u64; MAX_ADDENDS as usize];
                let values = &mut values[..usize::from(params.addends)];
                let total = numbers(&params, &mut rng, values);
                let mut order: Vec<u8> = Vec::new();
                let mut code = |v: u64| -> Vec<u8> {
                    v.to_string()
                        .bytes()
                        .map(|b| {
                            let d = b - b'0';
                            if !order.contains(&d) {
                                order.push(d);
                            }
                            order.iter().position(|&x| x == d).unwrap() as u8
                        })
                        .collect()
                };
                let addends: Vec<Vec<u8>> = values.iter().map(|&v| code(v)).collect();
                let result = code(total);
                let old = reference::count(
                    &reference::Sum {
                        addends: &addends,
                        result: &result,
                        letters: order.len(),
                    },
                    2,
                );
                let new = solve::count_digits(values, total, 2);
                let at = format!("level {level}: {values:?} = {total}");
                assert_eq!(new.solutions, old.solutions, "{at}");
                if has_a_second_solution(values, total) {
                    assert_eq!(old.solutions, 2, "{at}");
                    seen[0] += 1;
                } else if old.solutions == 2 {
                    seen[1] += 1;
                } else {
                    assert_eq!(old.solutions, 1, "{at}");
                    assert_eq!(new.nodes, old.nodes, "{at}");
                    seen[2] += 1;
                }
            }
        }
        assert!(seen.iter().all(|&n| n >= 50), "{seen:?}");
    }
}
