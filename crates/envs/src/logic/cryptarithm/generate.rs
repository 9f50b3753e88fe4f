//! Making a cryptarithm: random addends of the drawn lengths, their sum, and a random letter for
//! each digit used; redrawn until the exact solver proves the letter sum has one solution.

use super::params::CryptarithmParams;
use super::solve::{self, Sum};
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
    // The addends' digits come from a pool of 5 to 8 digits: repeated letters are what make a
    // word sum unique, so uniformly random addends are redrawn far more often.
    let mut digits: Vec<u64> = (0..10).collect();
    rng.shuffle(&mut digits);
    let pool = &digits[..rng.in_range(5, 8) as usize];
    let nonzero: Vec<u64> = pool.iter().copied().filter(|&d| d != 0).collect();
    let mut values = Vec::with_capacity(usize::from(params.addends));
    for _ in 0..params.addends {
        let len = rng.in_range(u64::from(params.min_length), u64::from(params.max_length));
        let mut v = *rng.choose(&nonzero);
        for _ in 1..len {
            v = v * 10 + *rng.choose(pool);
        }
        values.push(v);
    }
    let total: u64 = values.iter().sum();
    let mut alphabet: Vec<char> = ('A'..='Z').collect();
    rng.shuffle(&mut alphabet);
    let letter_of = |d: u8| alphabet[usize::from(d)];
    let spell = |v: u64| {
        v.to_string()
            .bytes()
            .map(|b| letter_of(b - b'0'))
            .collect::<String>()
    };
    // Letter indices in order of first appearance, for the solver.
    let mut order: Vec<u8> = Vec::new();
    let mut code = |v: u64| -> Vec<u8> {
        v.to_string()
            .bytes()
            .map(|b| {
                let d = b - b'0';
                let i = order.iter().position(|&x| x == d).unwrap_or_else(|| {
                    order.push(d);
                    order.len() - 1
                });
                i as u8
            })
            .collect()
    };
    let coded: Vec<Vec<u8>> = values.iter().map(|&v| code(v)).collect();
    let result = code(total);
    let count = solve::count(
        &Sum {
            addends: &coded,
            result: &result,
            letters: order.len(),
        },
        2,
    );
    if count.solutions != 1 {
        return None;
    }
    let mut solution: Vec<(char, u8)> = order.iter().map(|&d| (letter_of(d), d)).collect();
    solution.sort_unstable();
    Some(Made {
        addends: values.iter().map(|&v| spell(v)).collect(),
        result: spell(total),
        solution,
        draws: 0,
        nodes: count.nodes,
    })
}
