//! The example strings: every string of the shortest lengths, random walks of the rule
//! (matching), one-edit mutations of those and random strings (not matching), and for the hidden
//! set also longer walks and a shortest string refuting each plausible wrong answer.

use std::collections::BTreeSet;

use super::dfa::{LazyDfa, difference};
use super::nfa::compile;
use super::rule::{Rule, mutants, walk};
use verigym_core::rng::ProblemRng;

/// Every string of length `short_len` or less is shown, labelled: the shortest cases (the empty
/// string among them) are where `*` and `+` differ.
pub fn short_len(symbols: usize) -> usize {
    match symbols {
        2 => 3,
        3 => 2,
        _ => 1,
    }
}

/// Labelled strings, as symbol indices, kept apart by label and free of repeats.
#[derive(Default)]
pub struct Examples {
    pub positive: Vec<Vec<u8>>,
    pub negative: Vec<Vec<u8>>,
    all: BTreeSet<Vec<u8>>,
}

impl Examples {
    /// Adds `text` under `label`; false when it is already there (under either label).
    pub fn add(&mut self, text: Vec<u8>, label: bool) -> bool {
        if !self.all.insert(text.clone()) {
            return false;
        }
        if label {
            self.positive.push(text);
        } else {
            self.negative.push(text);
        }
        true
    }

    /// An empty set that refuses every string of `shown`: the hidden strings are never shown.
    pub fn excluding(shown: &Examples) -> Self {
        Examples {
            all: shown.all.clone(),
            ..Examples::default()
        }
    }

    /// Whether `text` is there.
    pub fn contains(&self, text: &[u8]) -> bool {
        self.all.contains(text)
    }

    /// Both lists in (length, text) order.
    pub fn sort(&mut self) {
        for list in [&mut self.positive, &mut self.negative] {
            list.sort_by(|a, b| (a.len(), a).cmp(&(b.len(), b)));
        }
    }
}

/// Every string of length `len` over `symbols` symbols, in order.
pub fn all_of_length(symbols: usize, len: usize) -> Vec<Vec<u8>> {
    let mut out = vec![Vec::new()];
    for _ in 0..len {
        out = out
            .into_iter()
            .flat_map(|s| {
                (0..symbols as u8).map(move |c| {
                    let mut t = s.clone();
                    t.push(c);
                    t
                })
            })
            .collect();
    }
    out
}

/// Matching strings by random walks (`reps` repeats at most per star) up to `max_len`, until
/// `want` new ones are added or the attempts run out.
pub fn add_walks(
    rule: &Rule,
    dfa: &mut LazyDfa<'_>,
    into: &mut Examples,
    (want, reps, max_len): (u32, u32, usize),
    rng: &mut ProblemRng,
) {
    let mut added = 0;
    for _ in 0..want * 30 {
        if added == want {
            break;
        }
        let mut text = Vec::new();
        walk(rule, reps, max_len, rng, &mut text);
        // The walk follows the rule, so it matches; the DFA check guards the walk itself.
        if text.len() <= max_len && dfa.matches(&text) == Ok(true) && into.add(text, true) {
            added += 1;
        }
    }
}

/// Non-matching strings: one edit (insert, delete, substitute) of a matching string, or every
/// third try a random string, up to `max_len`, until `want` are added or the attempts run out.
pub fn add_negatives(
    dfa: &mut LazyDfa<'_>,
    into: &mut Examples,
    (want, max_len): (u32, usize),
    rng: &mut ProblemRng,
) {
    let symbols = dfa.symbols() as u64;
    let mut added = 0;
    for attempt in 0..want * 40 {
        if added == want {
            break;
        }
        let text = if attempt % 3 == 2 || into.positive.is_empty() {
            let len = rng.in_range(1, max_len as u64) as usize;
            (0..len).map(|_| rng.below(symbols) as u8).collect()
        } else {
            let mut text = rng.choose(&into.positive).clone();
            let at = rng.index(text.len() + 1);
            match rng.below(3) {
                0 => text.insert(at, rng.below(symbols) as u8),
                1 if at < text.len() => {
                    text.remove(at);
                }
                _ if at < text.len() => text[at] = rng.below(symbols) as u8,
                _ => text.push(rng.below(symbols) as u8),
            }
            text
        };
        if text.len() <= max_len && dfa.matches(&text) == Ok(false) && into.add(text, false) {
            added += 1;
        }
    }
}

/// The plausible wrong answers to a rule, as patterns: each one-operator mutant, `.*`, and the
/// alternation of the shown matching strings. Equivalent ones are not filtered here.
pub fn plausible_wrong(
    rule: &Rule,
    alphabet: &[u8],
    shown_positive: &[Vec<u8>],
) -> Vec<(&'static str, String)> {
    let target = rule.render(alphabet);
    let mut out: Vec<(&'static str, String)> = Vec::new();
    for (label, mutant) in mutants(rule, alphabet.len() as u8) {
        let text = mutant.render(alphabet);
        if text != target && !out.iter().any(|(_, t)| *t == text) {
            out.push((label, text));
        }
    }
    out.push(("dot_star", ".*".to_owned()));
    let listed: Vec<String> = shown_positive
        .iter()
        .map(|s| {
            s.iter()
                .map(|&c| char::from(alphabet[c as usize]))
                .collect()
        })
        .collect();
    if listed.iter().any(|s| !s.is_empty()) {
        out.push(("shown_strings_listed", listed.join("|")));
    }
    out
}

/// For each plausible wrong answer, its shortest disagreement with the rule: added to `hidden`
/// unless shown. Returns how many of the answers were refuted (the rest are equivalent, or too
/// large to compare, which the generator's small rules never are).
pub fn add_witnesses(
    target: &mut LazyDfa<'_>,
    wrong: &[(&'static str, String)],
    alphabet: &[u8],
    shown: &Examples,
    hidden: &mut Examples,
) -> usize {
    let mut refuted = 0;
    for (_, pattern) in wrong {
        let Ok(nfa) = compile(pattern, alphabet) else {
            continue;
        };
        let mut other = LazyDfa::new(&nfa, alphabet.len());
        if let Ok(Some(witness)) = difference(target, &mut other) {
            refuted += 1;
            if !shown.contains(&witness) {
                let label = target.matches(&witness) == Ok(true);
                hidden.add(witness, label);
            }
        }
    }
    refuted
}
