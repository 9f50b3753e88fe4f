//! `regex_synthesis`: strings over a small alphabet that a hidden regular expression matches and
//! does not match; the answer is a regular expression in the `regex` crate's syntax whose
//! language over the alphabet is exactly the hidden rule's. The verifier parses the pattern with
//! the crate's own parser (bounded nesting and size), compiles it over the alphabet and compares
//! the two languages exactly by a product of lazily built DFAs; the hidden strings stored in the
//! record are witnesses (each refutes a plausible wrong answer), not the judge.

mod check;
mod dfa;
mod nfa;
mod params;
mod probes;
mod rule;
mod sample;
mod verify;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use self::dfa::LazyDfa;
pub use self::params::{LETTERS, RegexSynthesisParams};
use self::rule::{Grammar, Rule};
use self::sample::Examples;
pub use self::verify::{MAX_PATTERN_CHARS, normalize_pattern};
use verigym_core::env::{Env, Generated, ProbeAnswers};
use verigym_core::rng::ProblemRng;
use verigym_core::verdict::Verdict;

/// The regex-synthesis env.
#[derive(Clone, Copy, Debug, Default)]
pub struct RegexSynthesis;

/// What the `regex_synthesis` verifier needs: the alphabet, the hidden rule and the examples.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RegexSynthesisData {
    /// The alphabet, one letter per symbol (`ab`, `abc`).
    pub alphabet: String,
    /// The hidden rule, in the `regex` crate's syntax: the reference answer. Any pattern with
    /// the same language over the alphabet is accepted.
    pub target: String,
    /// Shown strings the rule matches, shortest first (`""` is the empty string).
    pub shown_positive: Vec<String>,
    /// Shown strings the rule does not match.
    pub shown_negative: Vec<String>,
    /// Hidden strings the rule matches: longer samples and refutations of plausible wrong
    /// answers. Witnesses for readers and tests; the verdict compares languages exactly.
    pub hidden_positive: Vec<String>,
    /// Hidden strings the rule does not match.
    pub hidden_negative: Vec<String>,
}

impl Env for RegexSynthesis {
    const ID: &'static str = "regex_synthesis";
    const VERSION: u32 = 1;
    const SUMMARY: &'static str = "A regular expression matching exactly a hidden rule's strings over a small alphabet, \
         judged by exact language equality";
    type Params = RegexSynthesisParams;
    type Data = RegexSynthesisData;

    /// The intrinsic difficulty is the number of states of the rule's DFA over the alphabet.
    fn generate(
        &self,
        params: &RegexSynthesisParams,
        rng: &mut ProblemRng,
    ) -> Generated<RegexSynthesisData> {
        let alphabet = &LETTERS.as_bytes()[..params.symbols as usize];
        let symbols = alphabet.len();
        let max_len = params.max_len as usize;
        let grammar = Grammar {
            symbols: symbols as u8,
            leaves: params.leaves,
            counted: params.counted,
        };
        let (rule, target, mut shown) = draw_shown(&grammar, alphabet, params, rng);
        let nfa = nfa::compile(&target, alphabet).expect("a drawn rule compiles");
        let mut dfa = LazyDfa::new(&nfa, symbols);

        let mut hidden = Examples::excluding(&shown);
        let long = 2 * max_len;
        sample::add_walks(&rule, &mut dfa, &mut hidden, (params.hidden, 6, long), rng);
        sample::add_negatives(&mut dfa, &mut hidden, (params.hidden, long), rng);
        let wrong = sample::plausible_wrong(&rule, alphabet, &shown.positive);
        sample::add_witnesses(&mut dfa, &wrong, alphabet, &shown, &mut hidden);
        shown.sort();
        hidden.sort();

        let text = |list: &[Vec<u8>]| -> Vec<String> {
            list.iter()
                .map(|s| {
                    s.iter()
                        .map(|&c| char::from(alphabet[c as usize]))
                        .collect()
                })
                .collect()
        };
        let data = RegexSynthesisData {
            alphabet: String::from_utf8_lossy(alphabet).into_owned(),
            target: target.clone(),
            shown_positive: text(&shown.positive),
            shown_negative: text(&shown.negative),
            hidden_positive: text(&hidden.positive),
            hidden_negative: text(&hidden.negative),
        };
        Generated {
            prompt: prompt(&data, &grammar),
            answer: target,
            difficulty: dfa.state_count() as u64,
            data,
        }
    }

    fn check_data(&self, data: &RegexSynthesisData) -> Result<(), String> {
        check::check_data(data)
    }

    fn verify(&self, data: &RegexSynthesisData, response: &str) -> Verdict {
        verify::verify(data, response)
    }

    fn probe_answers(
        &self,
        data: &RegexSynthesisData,
        answer: &str,
        foreign: &str,
    ) -> ProbeAnswers {
        probes::probe_answers(data, answer, foreign)
    }
}

/// The plausible wrong answers to a record's rule, each with a label: the rule with one operator
/// changed (`*`↔`+`, an optional dropped, a letter swapped, a class narrowed or widened, a count
/// moved, an alternative dropped), `.*`, and the shown matching strings listed as an alternation.
/// Some may be equivalent to the rule. The generator adds a shortest refutation of each one that
/// is not to the hidden strings; the probes and tests use them as near misses.
pub fn plausible_wrong_answers(data: &RegexSynthesisData) -> Vec<(&'static str, String)> {
    let alphabet = data.alphabet.as_bytes();
    let Some(rule) = rule::parse(&data.target, alphabet) else {
        return Vec::new();
    };
    let shown: Vec<Vec<u8>> = data
        .shown_positive
        .iter()
        .filter_map(|s| verify::symbols(s, alphabet))
        .collect();
    sample::plausible_wrong(&rule, alphabet, &shown)
}

/// Draws rules until one is neither too small nor too large a language ([`acceptable`]) and its
/// shown strings hold more than half the wanted matching and non-matching samples; returns the
/// rule as read back from its text (as every later reader of the record sees it), the text and
/// the shown strings. A fixed rule stands in if 200 draws fail (no level reaches it in practice).
fn draw_shown(
    grammar: &Grammar,
    alphabet: &[u8],
    params: &RegexSynthesisParams,
    rng: &mut ProblemRng,
) -> (Rule, String, Examples) {
    let max_len = params.max_len as usize;
    let half = params.shown as usize / 2 + 1;
    for _ in 0..200 {
        let rule = rule::draw(grammar, rng);
        if !acceptable(&rule, alphabet, max_len, params.shown) {
            continue;
        }
        let target = rule.render(alphabet);
        let rule = rule::parse(&target, alphabet).unwrap_or(rule);
        let shown = sample_shown(&rule, &target, alphabet, params, rng);
        if shown.positive.len() >= half && shown.negative.len() >= half {
            return (rule, target, shown);
        }
    }
    let rule = Rule::Cat(vec![
        Rule::Sym(0),
        Rule::Star(Box::new(Rule::Cat(vec![Rule::Sym(1), Rule::Sym(0)]))),
    ]);
    let target = rule.render(alphabet);
    let shown = sample_shown(&rule, &target, alphabet, params, rng);
    (rule, target, shown)
}

/// The shown strings: every string up to [`sample::short_len`], labelled, then sampled matching
/// strings (walks) and non-matching ones (one-edit mutations, random strings).
fn sample_shown(
    rule: &Rule,
    target: &str,
    alphabet: &[u8],
    params: &RegexSynthesisParams,
    rng: &mut ProblemRng,
) -> Examples {
    let symbols = alphabet.len();
    let max_len = params.max_len as usize;
    let mut shown = Examples::default();
    let Ok(nfa) = nfa::compile(target, alphabet) else {
        return shown;
    };
    let mut dfa = LazyDfa::new(&nfa, symbols);
    for len in 0..=sample::short_len(symbols) {
        for text in sample::all_of_length(symbols, len) {
            let label = dfa.matches(&text) == Ok(true);
            shown.add(text, label);
        }
    }
    sample::add_walks(rule, &mut dfa, &mut shown, (params.shown, 3, max_len), rng);
    sample::add_negatives(&mut dfa, &mut shown, (params.shown, max_len), rng);
    shown
}

/// The most DFA states a drawn rule may have: far below the verifier's bound, so the reference
/// answer and every plausible wrong answer compare with it well within that bound.
const MAX_RULE_DFA_STATES: usize = 300;

fn acceptable(rule: &Rule, alphabet: &[u8], max_len: usize, shown: u32) -> bool {
    let Ok(nfa) = nfa::compile(&rule.render(alphabet), alphabet) else {
        return false;
    };
    let mut dfa = LazyDfa::new(&nfa, alphabet.len());
    // Strings per DFA state at each length: a dynamic programme, never an enumeration.
    let mut counts: Vec<(u32, u64)> = vec![(LazyDfa::START, 1)];
    let (mut matched, mut rejected, mut long_match, mut short_reject) = (0u64, 0u64, false, false);
    for len in 0..=max_len {
        let here: u64 = counts
            .iter()
            .filter(|&&(s, _)| dfa.accepts(s))
            .map(|&(_, n)| n)
            .sum();
        let total: u64 = counts.iter().map(|&(_, n)| n).sum();
        matched += here;
        rejected += total - here;
        long_match |= len >= 5 && here > 0;
        short_reject |= len <= 4 && here < total;
        let mut next: Vec<(u32, u64)> = Vec::new();
        for &(s, n) in &counts {
            for symbol in 0..alphabet.len() as u8 {
                let Ok(t) = dfa.step(s, symbol) else {
                    return false;
                };
                match next.iter_mut().find(|(u, _)| *u == t) {
                    Some((_, m)) => *m += n,
                    None => next.push((t, n)),
                }
            }
        }
        counts = next;
    }
    let enough = u64::from(shown) + 4;
    long_match
        && short_reject
        && matched >= enough
        && rejected >= enough
        && small_dfa(&mut dfa)
        && mutants_compare(rule, alphabet, &mut dfa)
}

/// Whether the rule's whole DFA has at most [`MAX_RULE_DFA_STATES`] states.
fn small_dfa(dfa: &mut LazyDfa<'_>) -> bool {
    let mut next = 0u32;
    while (next as usize) < dfa.state_count() {
        if dfa.state_count() > MAX_RULE_DFA_STATES {
            return false;
        }
        for symbol in 0..dfa.symbols() as u8 {
            if dfa.step(next, symbol).is_err() {
                return false;
            }
        }
        next += 1;
    }
    dfa.state_count() <= MAX_RULE_DFA_STATES
}

/// Whether every one-operator mutant compiles and compares with the rule within the bounds, and
/// no alternative of the rule is redundant (`b*|b`: the rule would equal a shorter one, and a
/// hedge writing only the other alternatives would be right).
fn mutants_compare(rule: &Rule, alphabet: &[u8], dfa: &mut LazyDfa<'_>) -> bool {
    rule::mutants(rule, alphabet.len() as u8)
        .into_iter()
        .all(|(label, mutant)| {
            let Ok(nfa) = nfa::compile(&mutant.render(alphabet), alphabet) else {
                return false;
            };
            let mut other = LazyDfa::new(&nfa, alphabet.len());
            match dfa::difference(dfa, &mut other) {
                Ok(Some(_)) => true,
                Ok(None) => label != "alternative_dropped",
                Err(_) => false,
            }
        })
}

/// The prompt: the alphabet, the examples, the matching rule, the syntax and the answer form.
fn prompt(data: &RegexSynthesisData, grammar: &Grammar) -> String {
    let letters: Vec<String> = data.alphabet.chars().map(String::from).collect();
    let alphabet = format!("{{{}}}", letters.join(", "));
    let list = |strings: &[String]| -> String {
        strings
            .iter()
            .map(|s| format!("\"{s}\""))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let operators = if grammar.counted {
        "concatenation, alternation `|`, `*`, `+`, `?`, counted repetition such as `{2}` or \
         `{1,3}`, and classes such as `[ab]`"
    } else {
        "concatenation, alternation `|`, `*`, `+` and `?`"
    };
    format!(
        "A hidden rule decides which strings over the alphabet {alphabet} it matches. Write a \
         regular expression that matches exactly the same strings over {alphabet}.\n\n\
         Strings the rule matches (\"\" is the empty string):\n{}\n\n\
         Strings the rule does not match:\n{}\n\n\
         Your pattern is judged on every string over {alphabet}, of any length, not only on \
         these examples: its language must equal the rule's (the verifier compares the two \
         exactly). A string counts as matched only when the pattern matches all of it, as \
         `^(?:PATTERN)$` would, so anchors are not needed. The rule itself is a regular \
         expression with {} letters or classes, using {operators}. Use the syntax of Rust's `regex` crate \
         (no backreferences or lookaround), at most {} characters and no spaces; a `.` right at the end of \
         your answer is read as a full stop, not as part of the pattern. Give the pattern alone, \
         as <answer>(ab|b)*a</answer> or in a final ```regex code block.",
        list(&data.shown_positive),
        list(&data.shown_negative),
        grammar.leaves,
        MAX_PATTERN_CHARS,
    )
}

#[cfg(test)]
mod tests;
