//! The invariants of a `cryptarithm` record, checked before any answer is judged: a record that
//! breaks one is a verifier error, never the model's fault.

use super::CryptarithmData;
use super::params::{MAX_ADDENDS, MAX_LENGTH};

/// Checks the words (2 to 5 addends of 2 to 8 capital letters, a result no shorter than any
/// addend and at most 10 letters), that the solution gives exactly the puzzle's letters distinct
/// digits with no leading zero, and that the sum holds under it.
pub fn check_data(data: &CryptarithmData) -> Result<(), String> {
    let n = data.addends.len();
    if !(2..=usize::from(MAX_ADDENDS)).contains(&n) {
        return Err(format!("{n} addends; allowed 2 to {MAX_ADDENDS}"));
    }
    let longest = data.addends.iter().map(String::len).max().unwrap_or(0);
    for (i, w) in data.addends.iter().enumerate() {
        if !(2..=usize::from(MAX_LENGTH)).contains(&w.len()) {
            return Err(format!(
                "addends[{i}] has {} letters; allowed 2 to {MAX_LENGTH}",
                w.len()
            ));
        }
    }
    if !(longest..=10).contains(&data.result.len()) {
        return Err(format!(
            "result has {} letters; allowed {longest} to 10",
            data.result.len()
        ));
    }
    // Runs before every verify, so no allocation: the solution as a table by letter, the
    // puzzle's letters as a bit set.
    let mut used = 0u16;
    let mut table = [None::<u8>; 26];
    for (letter, &d) in &data.solution {
        if letter.len() != 1 || !letter.bytes().all(|b| b.is_ascii_uppercase()) {
            return Err(format!("solution key {letter:?} is not one capital letter"));
        }
        if d > 9 || used & (1 << d) != 0 {
            return Err(format!(
                "solution gives {letter} the digit {d}, out of range or taken"
            ));
        }
        used |= 1 << d;
        table[usize::from(letter.as_bytes()[0] - b'A')] = Some(d);
    }
    let (mut letters, mut sum, mut total) = (0u32, 0u64, 0u64);
    for (i, w) in data.addends.iter().chain([&data.result]).enumerate() {
        let mut v = 0u64;
        for (k, c) in w.chars().enumerate() {
            let slot = c
                .is_ascii_uppercase()
                .then(|| table[usize::from(c as u8 - b'A')])
                .flatten();
            let Some(d) = slot else {
                return Err(format!(
                    "the letter {c:?} of {w} has no digit in the solution"
                ));
            };
            if k == 0 && d == 0 {
                return Err(format!("{w} starts with 0 in the solution"));
            }
            letters |= 1 << (c as u8 - b'A');
            v = v * 10 + u64::from(d);
        }
        if i < n {
            sum += v;
        } else {
            total = v;
        }
    }
    if letters.count_ones() as usize != data.solution.len() {
        return Err(format!(
            "the solution has {} letters but the puzzle {}",
            data.solution.len(),
            letters.count_ones()
        ));
    }
    if sum != total {
        return Err("the sum does not hold under the solution".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data() -> CryptarithmData {
        CryptarithmData {
            addends: vec!["SEND".into(), "MORE".into()],
            result: "MONEY".into(),
            solution: [
                ("S", 9),
                ("E", 5),
                ("N", 6),
                ("D", 7),
                ("M", 1),
                ("O", 0),
                ("R", 8),
                ("Y", 2),
            ]
            .into_iter()
            .map(|(l, d)| (l.to_owned(), d))
            .collect(),
        }
    }

    #[test]
    fn each_broken_invariant_is_named() {
        check_data(&data()).unwrap();
        type Break = fn(&mut CryptarithmData);
        let cases: [(Break, &str); 7] = [
            (|d| d.addends.truncate(1), "1 addends"),
            (|d| d.addends[0] = "S".into(), "addends[0] has 1 letters"),
            (|d| d.result = "MON".into(), "result has 3 letters"),
            (|d| *d.solution.get_mut("E").unwrap() = 9, "taken"),
            (
                |d| {
                    d.solution.remove("Y");
                },
                "has no digit",
            ),
            (
                |d| d.solution.insert("Q".into(), 3).map_or((), drop),
                "has 9 letters",
            ),
            (|d| d.addends[1] = "MORD".into(), "does not hold"),
        ];
        for (break_it, why) in cases {
            let mut d = data();
            break_it(&mut d);
            let err = check_data(&d).unwrap_err();
            assert!(err.contains(why), "{why}: {err}");
        }
    }
}
