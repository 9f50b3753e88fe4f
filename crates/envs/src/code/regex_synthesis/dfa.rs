//! Exact language comparison: a lazy subset construction of each NFA over the alphabet, and a
//! breadth-first walk of their product that stops at the first string on which they disagree
//! (so the counterexample is a shortest one, and the first in alphabet order among those).
//! Every walk is bounded by state caps, so a pattern whose DFA would explode is refused.

use std::collections::HashMap;
use std::collections::VecDeque;

use super::nfa::{Nfa, State};

/// The most DFA states one pattern may reach during a comparison.
pub const MAX_DFA_STATES: usize = 3000;
/// The most state pairs one comparison may visit.
pub const MAX_PAIRS: usize = 20_000;

/// A comparison ran past [`MAX_DFA_STATES`] or [`MAX_PAIRS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooComplex;

const UNKNOWN: u32 = u32::MAX;

/// A DFA built on demand from an NFA: a state is the set of symbol-reading NFA states reached
/// (before the closure of the next position), plus whether the position is the start.
pub struct LazyDfa<'n> {
    nfa: &'n Nfa,
    symbols: usize,
    ids: HashMap<(Vec<u32>, bool), u32>,
    states: Vec<DState>,
    seen: Vec<bool>,
    scratch: Vec<u32>,
}

struct DState {
    core: Vec<u32>,
    at_start: bool,
    accepts: bool,
    next: [u32; 8],
}

impl<'n> LazyDfa<'n> {
    /// The DFA of `nfa` over `symbols` alphabet symbols (at most 8).
    pub fn new(nfa: &'n Nfa, symbols: usize) -> Self {
        let mut dfa = LazyDfa {
            nfa,
            symbols: symbols.min(8),
            ids: HashMap::new(),
            states: Vec::new(),
            seen: vec![false; nfa.states.len()],
            scratch: Vec::new(),
        };
        dfa.intern(vec![nfa.start], true);
        dfa
    }

    /// The start state.
    pub const START: u32 = 0;

    /// How many states have been built.
    pub fn state_count(&self) -> usize {
        self.states.len()
    }

    /// Whether the string that led to `state` matches.
    pub fn accepts(&self, state: u32) -> bool {
        self.states[state as usize].accepts
    }

    fn intern(&mut self, core: Vec<u32>, at_start: bool) -> u32 {
        if let Some(&id) = self.ids.get(&(core.clone(), at_start)) {
            return id;
        }
        self.scratch.clear();
        self.nfa
            .close(&core, at_start, true, &mut self.seen, &mut self.scratch);
        let accepts = self
            .scratch
            .iter()
            .any(|&s| self.nfa.states[s as usize] == State::Match);
        let id = self.states.len() as u32;
        self.ids.insert((core.clone(), at_start), id);
        self.states.push(DState {
            core,
            at_start,
            accepts,
            next: [UNKNOWN; 8],
        });
        id
    }

    /// The state after reading `symbol` in `state`.
    pub fn step(&mut self, state: u32, symbol: u8) -> Result<u32, TooComplex> {
        let known = self.states[state as usize].next[symbol as usize];
        if known != UNKNOWN {
            return Ok(known);
        }
        if self.states.len() >= MAX_DFA_STATES {
            return Err(TooComplex);
        }
        let (core, at_start) = {
            let s = &self.states[state as usize];
            (s.core.clone(), s.at_start)
        };
        self.scratch.clear();
        self.nfa
            .close(&core, at_start, false, &mut self.seen, &mut self.scratch);
        let mut next: Vec<u32> = self
            .scratch
            .iter()
            .filter_map(|&s| match self.nfa.states[s as usize] {
                State::Sym { mask, next } if mask & (1 << symbol) != 0 => Some(next),
                _ => None,
            })
            .collect();
        next.sort_unstable();
        next.dedup();
        let id = self.intern(next, false);
        self.states[state as usize].next[symbol as usize] = id;
        Ok(id)
    }

    /// Whether the whole of `text` (symbol indices) matches.
    pub fn matches(&mut self, text: &[u8]) -> Result<bool, TooComplex> {
        let mut state = Self::START;
        for &symbol in text {
            state = self.step(state, symbol)?;
        }
        Ok(self.accepts(state))
    }

    /// The number of alphabet symbols.
    pub fn symbols(&self) -> usize {
        self.symbols
    }
}

/// A shortest string (symbol indices) on which the two DFAs disagree, or `None` when their
/// languages over the alphabet are equal.
pub fn difference(a: &mut LazyDfa<'_>, b: &mut LazyDfa<'_>) -> Result<Option<Vec<u8>>, TooComplex> {
    let symbols = a.symbols().min(b.symbols()) as u8;
    // Each visited pair, with the pair and symbol it was reached from.
    let mut pairs: Vec<((u32, u32), u32, u8)> = vec![((LazyDfa::START, LazyDfa::START), 0, 0)];
    let mut index: HashMap<(u32, u32), u32> = HashMap::new();
    index.insert((LazyDfa::START, LazyDfa::START), 0);
    let mut queue = VecDeque::from([0u32]);
    while let Some(at) = queue.pop_front() {
        let ((sa, sb), _, _) = pairs[at as usize];
        if a.accepts(sa) != b.accepts(sb) {
            let mut text = Vec::new();
            let mut cur = at;
            while cur != 0 {
                let (_, from, symbol) = pairs[cur as usize];
                text.push(symbol);
                cur = from;
            }
            text.reverse();
            return Ok(Some(text));
        }
        for symbol in 0..symbols {
            let next = (a.step(sa, symbol)?, b.step(sb, symbol)?);
            if !index.contains_key(&next) {
                if pairs.len() >= MAX_PAIRS {
                    return Err(TooComplex);
                }
                index.insert(next, pairs.len() as u32);
                queue.push_back(pairs.len() as u32);
                pairs.push((next, at, symbol));
            }
        }
    }
    Ok(None)
}
