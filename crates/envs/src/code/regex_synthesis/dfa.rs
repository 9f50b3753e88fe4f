//! Exact language comparison: a lazy subset construction of each NFA over the alphabet, and a
//! breadth-first walk of their product that stops at the first string on which they disagree
//! (so the counterexample is a shortest one, and the first in alphabet order among those).
//! Every walk is bounded by state caps, so a pattern whose DFA would explode is refused.

use std::collections::HashMap;
use std::collections::VecDeque;
use std::collections::hash_map::Entry;

use super::nfa::{Nfa, Scratch, State};

/// The most DFA states one pattern may reach during a comparison.
pub const MAX_DFA_STATES: usize = 3000;
/// The most NFA-state entries all of one DFA's state keys may hold together: a bound on memory
/// and hashing when each state is a large set (`(a?){1300}a{1300}`).
pub const MAX_KEY_ENTRIES: usize = 1 << 20;
/// The most state pairs one comparison may visit.
pub const MAX_PAIRS: usize = 20_000;

/// A comparison ran past [`MAX_DFA_STATES`] or [`MAX_PAIRS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooComplex;

const UNKNOWN: u32 = u32::MAX;

/// A DFA built on demand from an NFA: a state is the set of NFA states entered by the last
/// symbol read (before the closure of the next position), plus whether the position is the
/// start. States are keyed by that set, sorted, with [`START_MARK`] appended at the start.
pub struct LazyDfa<'n> {
    nfa: &'n Nfa,
    symbols: usize,
    ids: HashMap<Vec<u32>, u32>,
    states: Vec<DState>,
    scratch: Scratch,
    closed: Vec<u32>,
    key: Vec<u32>,
    key_entries: usize,
}

/// Appended to the key of the start state (no NFA state has this id).
const START_MARK: u32 = u32::MAX;

struct DState {
    key: Vec<u32>,
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
            scratch: Scratch::new(nfa.states.len()),
            closed: Vec::new(),
            key: vec![nfa.start, START_MARK],
            key_entries: 0,
        };
        dfa.intern_key(true);
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

    /// The id of the state whose key is in `self.key`, built if new.
    fn intern_key(&mut self, at_start: bool) -> u32 {
        if let Some(&id) = self.ids.get(self.key.as_slice()) {
            return id;
        }
        let core = &self.key[..self.key.len() - usize::from(at_start)];
        self.closed.clear();
        self.nfa
            .close(core, at_start, true, &mut self.scratch, &mut self.closed);
        let accepts = self
            .closed
            .iter()
            .any(|&s| self.nfa.states[s as usize] == State::Match);
        let id = self.states.len() as u32;
        self.key_entries += self.key.len();
        self.ids.insert(self.key.clone(), id);
        self.states.push(DState {
            key: self.key.clone(),
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
        let from = &self.states[state as usize];
        let at_start = from.at_start;
        let core = &from.key[..from.key.len() - usize::from(at_start)];
        self.closed.clear();
        self.nfa
            .close(core, at_start, false, &mut self.scratch, &mut self.closed);
        self.key.clear();
        let bit = 1u8 << symbol;
        for &s in &self.closed {
            if let State::Sym { mask, next } = self.nfa.states[s as usize]
                && mask & bit != 0
            {
                self.key.push(next);
            }
        }
        self.key.sort_unstable();
        self.key.dedup();
        if self.key_entries + self.key.len() > MAX_KEY_ENTRIES {
            return Err(TooComplex);
        }
        let id = self.intern_key(false);
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
            if let Entry::Vacant(slot) = index.entry(next) {
                if pairs.len() >= MAX_PAIRS {
                    return Err(TooComplex);
                }
                slot.insert(pairs.len() as u32);
                queue.push_back(pairs.len() as u32);
                pairs.push((next, at, symbol));
            }
        }
    }
    Ok(None)
}
