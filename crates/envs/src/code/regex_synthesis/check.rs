//! `regex_synthesis` record invariants: the alphabet is one the env draws, the rule compiles
//! within the limits, every stored string is over the alphabet, appears once, and carries the
//! label the rule gives it (checked by a plain NFA simulation, not the DFA the verdict uses).

use std::collections::BTreeSet;

use super::RegexSynthesisData;
use super::nfa;
use super::params::LETTERS;
use super::verify::{MAX_PATTERN_CHARS, symbols};

/// The longest stored string: twice the largest `max_len`.
const MAX_STRING_LEN: usize = 48;
/// The most strings in one list.
const MAX_LIST: usize = 1000;

/// Checks a record's data (see the module notes).
pub fn check_data(data: &RegexSynthesisData) -> Result<(), String> {
    let n = data.alphabet.len();
    if !(2..=4).contains(&n) || !LETTERS.starts_with(&data.alphabet) {
        return Err(format!(
            "the alphabet {:?} is not the first 2 to 4 of {LETTERS:?}",
            data.alphabet
        ));
    }
    let alphabet = data.alphabet.as_bytes();
    if data.target.chars().count() > MAX_PATTERN_CHARS {
        return Err("the stored rule is longer than any answer may be".to_owned());
    }
    let rule = nfa::compile(&data.target, alphabet)
        .map_err(|e| format!("the stored rule {:?} does not compile: {e:?}", data.target))?;
    if data.shown_positive.is_empty() || data.shown_negative.is_empty() {
        return Err("the shown lists must both hold strings".to_owned());
    }
    let mut seen = BTreeSet::new();
    for (name, list, label) in [
        ("shown_positive", &data.shown_positive, true),
        ("shown_negative", &data.shown_negative, false),
        ("hidden_positive", &data.hidden_positive, true),
        ("hidden_negative", &data.hidden_negative, false),
    ] {
        if list.len() > MAX_LIST {
            return Err(format!(
                "{name} holds {} strings; at most {MAX_LIST}",
                list.len()
            ));
        }
        for text in list {
            let Some(s) = symbols(text, alphabet).filter(|s| s.len() <= MAX_STRING_LEN) else {
                return Err(format!(
                    "{name} holds {text:?}, not a string over {:?} of at most {MAX_STRING_LEN}",
                    data.alphabet
                ));
            };
            if !seen.insert(text.as_str()) {
                return Err(format!("{text:?} is stored twice"));
            }
            if rule.matches(&s) != label {
                return Err(format!(
                    "{name} holds {text:?}, which the stored rule {} match",
                    if label { "does not" } else { "does" }
                ));
            }
        }
    }
    Ok(())
}
