//! What a careful grader says about a wrong `cryptarithm` answer, from the words and the response
//! only (never the solution: the puzzle's letters are read from the words). The first of, in
//! this order: an entry (in the order written) naming a letter not in the puzzle, a digit above
//! 9, or a letter listed again; the first letter (alphabetically) without a digit; two letters
//! sharing a digit; a word that would start with 0; the sum, with the numbers the answer makes,
//! which the model could compute itself. The puzzle has one solution, so nothing else is said.

use std::collections::BTreeSet;

use super::CryptarithmData;
use super::verify::{entries, pair};
use verigym_core::extract::extract_agreed_answer;

/// The sentence naming the first rule `response` breaks, if it is a list of pairs at all.
pub fn feedback(data: &CryptarithmData, response: &str) -> Option<String> {
    let answer = extract_agreed_answer(response, |r| super::verify::verify(data, r)).ok()?;
    let words: Vec<&[u8]> = data
        .addends
        .iter()
        .chain([&data.result])
        .map(|w| w.as_bytes())
        .collect();
    if words
        .iter()
        .any(|w| w.is_empty() || !w.iter().all(u8::is_ascii_uppercase))
    {
        return None;
    }
    let letters: BTreeSet<u8> = words.iter().flat_map(|w| w.iter().copied()).collect();
    let mut digit = [None::<u64>; 26];
    let mut first = None;
    for entry in entries(&answer) {
        let Some((l, d)) = pair(&entry).ok()? else {
            continue;
        };
        if first.is_some() {
            continue;
        }
        let (name, slot) = (
            char::from(l),
            digit.get_mut(usize::from(l.checked_sub(b'A')?))?,
        );
        first = if !letters.contains(&l) {
            Some(format!("There is no letter {name} in the puzzle."))
        } else if d > 9 {
            Some(format!("{name} is given {d}; digits are 0 to 9."))
        } else if slot.is_some() {
            Some(format!("{name} is listed more than once."))
        } else {
            *slot = Some(d);
            None
        };
    }
    if first.is_some() {
        return first;
    }
    let of = |l: u8| *digit.get(usize::from(l.checked_sub(b'A')?))?;
    if let Some(&l) = letters.iter().find(|&&l| of(l).is_none()) {
        return Some(format!("{} has no digit.", char::from(l)));
    }
    let mut owner = [None::<u8>; 10];
    for &l in &letters {
        let d = of(l)? as usize;
        if let Some(other) = owner[d] {
            let (a, b) = (char::from(other), char::from(l));
            return Some(format!("{a} and {b} share the digit {d}."));
        }
        owner[d] = Some(l);
    }
    if let Some(w) = words.iter().find(|w| of(w[0]) == Some(0)) {
        return Some(format!(
            "{} would start with 0.",
            String::from_utf8_lossy(w)
        ));
    }
    let value = |w: &[u8]| {
        w.iter()
            .try_fold(0u64, |v, &c| v.checked_mul(10)?.checked_add(of(c)?))
    };
    let (result, addends) = words.split_last()?;
    let terms: Vec<u64> = addends.iter().map(|w| value(w)).collect::<Option<_>>()?;
    let total = terms.iter().try_fold(0u64, |t, &v| t.checked_add(v))?;
    let result = value(result)?;
    let shown: Vec<String> = terms.iter().map(u64::to_string).collect();
    (total != result).then(|| {
        format!(
            "The sum does not hold: {} = {total}, not {result}.",
            shown.join(" + ")
        )
    })
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::super::Cryptarithm;
    use crate::feedback_tests::{assert_public_only, problems, tagged};
    use verigym_core::env::Env;

    fn text(digits: &BTreeMap<String, u8>) -> String {
        let pairs: Vec<String> = digits.iter().map(|(l, d)| format!("{l}={d}")).collect();
        tagged(&pairs.join(", "))
    }

    #[test]
    fn feedback_reads_only_the_words_and_the_response() {
        assert_public_only(&Cryptarithm, |d| d.solution.clear());
    }

    #[test]
    fn a_shared_digit_and_a_sum_that_fails_are_named() {
        for (data, _) in problems(&Cryptarithm) {
            let mut digits = data.solution.clone();
            let letters: Vec<String> = digits.keys().cloned().collect();
            let d = digits[&letters[0]];
            digits.insert(letters[1].clone(), d);
            let want = format!("{} and {} share the digit {d}.", letters[0], letters[1]);
            assert_eq!(
                Cryptarithm.feedback(&data, &text(&digits)).as_deref(),
                Some(want.as_str())
            );

            let mut digits = data.solution.clone();
            let (a, b) = (digits[&letters[0]], digits[&letters[1]]);
            digits.insert(letters[0].clone(), b);
            digits.insert(letters[1].clone(), a);
            let said = Cryptarithm.feedback(&data, &text(&digits)).unwrap();
            assert!(
                said.starts_with("The sum does not hold: ")
                    || said.ends_with(" would start with 0."),
                "{said}"
            );
        }
    }

    #[test]
    fn a_right_or_unreadable_answer_hears_nothing_more() {
        for (data, answer) in problems(&Cryptarithm) {
            assert_eq!(Cryptarithm.feedback(&data, &tagged(&answer)), None);
            assert_eq!(Cryptarithm.feedback(&data, &tagged("SEND = 9567")), None);
        }
    }
}
