//! A pattern in the `regex` crate's syntax, parsed by the crate's own parser (`regex-syntax`) and
//! compiled into a Thompson NFA over the problem's small alphabet only: every class, literal and
//! flag is resolved by the parser, so this file only has to say which alphabet symbols each
//! resolved piece can match. Size is bounded before anything is built.
//!
//! Whole-string semantics: a string matches when the NFA reaches its match state having read the
//! whole string, which is what `^(?:PATTERN)$` means in the `regex` crate. Strings are over the
//! alphabet (ASCII word characters), so every look-around assertion the crate has reduces to two
//! facts about a position: whether it is the start and whether it is the end.

use regex_syntax::ParserBuilder;
use regex_syntax::hir::{Class, Hir, HirKind, Look};

/// Groups, classes and repetitions nest at most this deep (the parser's `nest_limit`).
pub const NEST_LIMIT: u32 = 32;
/// The most NFA states a pattern may expand to, counted before building (`(a{1000}){1000}` is
/// refused here, never built).
pub const MAX_NFA_STATES: usize = 4000;

/// One NFA state. Ids index [`Nfa::states`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    /// Reads one symbol in `mask` (bit i is alphabet symbol i), then goes to the next state.
    Sym { mask: u8, next: u32 },
    /// Either way, reading nothing.
    Split(u32, u32),
    /// On, reading nothing, when the assertion holds at this position.
    Look { cond: Cond, next: u32 },
    /// The whole pattern matched.
    Match,
}

/// An assertion, reduced to the start/end facts of a position in a string over word characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cond {
    /// `^`, `\A` (also in multi-line mode: no string holds a line break).
    Start,
    /// `$`, `\z`.
    End,
    /// `\b`: one side a word character, the other not; true at the start or the end of a
    /// non-empty string, never inside one.
    Word,
    /// `\B`.
    NotWord,
    /// `\b{start}`, `\<`.
    WordStart,
    /// `\b{end}`, `\>`.
    WordEnd,
}

impl Cond {
    /// Whether the assertion holds at a position that is (or is not) the start and the end.
    pub fn holds(self, at_start: bool, at_end: bool) -> bool {
        match self {
            Cond::Start => at_start,
            Cond::End => at_end,
            Cond::Word => at_start != at_end,
            Cond::NotWord => at_start == at_end,
            Cond::WordStart => at_start && !at_end,
            Cond::WordEnd => at_end && !at_start,
        }
    }
}

/// A compiled pattern.
#[derive(Clone, Debug)]
pub struct Nfa {
    /// The states; the last pushed is not necessarily the start.
    pub states: Vec<State>,
    /// Where matching begins.
    pub start: u32,
}

/// Why a pattern has no NFA.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BuildError {
    /// The `regex` crate's parser refuses it (the first line of its message).
    Syntax(String),
    /// It would expand past [`MAX_NFA_STATES`].
    TooLarge,
}

/// Parses `pattern` as the `regex` crate would (Unicode on, the default flags) with
/// [`NEST_LIMIT`], and compiles it over `alphabet` (at most 8 ASCII symbols).
pub fn compile(pattern: &str, alphabet: &[u8]) -> Result<Nfa, BuildError> {
    let hir = ParserBuilder::new()
        .nest_limit(NEST_LIMIT)
        .build()
        .parse(pattern)
        .map_err(|e| {
            let text = e.to_string();
            // The parser's message draws the pattern and a caret; its last line says why.
            let why = text
                .lines()
                .rev()
                .find(|l| !l.trim().is_empty())
                .unwrap_or("invalid pattern");
            BuildError::Syntax(why.trim().trim_start_matches("error: ").to_owned())
        })?;
    if size(&hir).saturating_add(1) > MAX_NFA_STATES {
        return Err(BuildError::TooLarge);
    }
    let mut builder = Builder {
        states: vec![State::Match],
        alphabet,
    };
    let start = builder.build(&hir, 0);
    Ok(Nfa {
        states: builder.states,
        start,
    })
}

/// How many states `hir` compiles to (saturating): a repetition costs its body once per copy.
fn size(hir: &Hir) -> usize {
    match hir.kind() {
        HirKind::Empty => 0,
        HirKind::Literal(lit) => lit.0.len(),
        HirKind::Class(_) | HirKind::Look(_) => 1,
        HirKind::Capture(cap) => size(&cap.sub),
        HirKind::Concat(subs) => subs.iter().fold(0, |n, s| n.saturating_add(size(s))),
        HirKind::Alternation(subs) => subs
            .iter()
            .fold(subs.len(), |n, s| n.saturating_add(size(s))),
        HirKind::Repetition(rep) => {
            let body = size(&rep.sub).max(1);
            let copies = match rep.max {
                None => rep.min as usize + 1,
                Some(max) => max as usize,
            };
            body.saturating_add(1).saturating_mul(copies.max(1))
        }
    }
}

struct Builder<'a> {
    states: Vec<State>,
    alphabet: &'a [u8],
}

impl Builder<'_> {
    fn push(&mut self, state: State) -> u32 {
        self.states.push(state);
        (self.states.len() - 1) as u32
    }

    /// Compiles `hir` backwards: the returned state matches `hir` and then continues at `next`,
    /// so no state is ever patched.
    fn build(&mut self, hir: &Hir, next: u32) -> u32 {
        match hir.kind() {
            HirKind::Empty => next,
            HirKind::Literal(lit) => lit.0.iter().rev().fold(next, |next, &byte| {
                let mask = self.byte_mask(byte);
                self.push(State::Sym { mask, next })
            }),
            HirKind::Class(class) => {
                let mask = self.class_mask(class);
                self.push(State::Sym { mask, next })
            }
            HirKind::Look(look) => match cond(*look) {
                Some(cond) => self.push(State::Look { cond, next }),
                None => next,
            },
            HirKind::Capture(cap) => self.build(&cap.sub, next),
            HirKind::Concat(subs) => subs.iter().rev().fold(next, |next, s| self.build(s, next)),
            HirKind::Alternation(subs) => {
                let mut entries: Vec<u32> = subs.iter().map(|s| self.build(s, next)).collect();
                let mut entry = entries.pop().unwrap_or(next);
                while let Some(other) = entries.pop() {
                    entry = self.push(State::Split(other, entry));
                }
                entry
            }
            HirKind::Repetition(rep) => {
                let mut entry = match rep.max {
                    None => {
                        // A loop: the split's first arm is patched once, right after the body
                        // that returns to it is built (the only patch, in a fresh state).
                        let split = self.push(State::Split(next, next));
                        let body = self.build(&rep.sub, split);
                        self.states[split as usize] = State::Split(body, next);
                        split
                    }
                    Some(max) => {
                        let mut entry = next;
                        for _ in rep.min..max {
                            let body = self.build(&rep.sub, entry);
                            entry = self.push(State::Split(body, next));
                        }
                        entry
                    }
                };
                for _ in 0..rep.min {
                    entry = self.build(&rep.sub, entry);
                }
                entry
            }
        }
    }

    fn byte_mask(&self, byte: u8) -> u8 {
        self.alphabet
            .iter()
            .enumerate()
            .filter(|&(_, &s)| s == byte)
            .fold(0, |m, (i, _)| m | 1 << i)
    }

    fn class_mask(&self, class: &Class) -> u8 {
        let mut mask = 0u8;
        for (i, &symbol) in self.alphabet.iter().enumerate() {
            let inside = match class {
                Class::Unicode(c) => c
                    .ranges()
                    .iter()
                    .any(|r| r.start() <= char::from(symbol) && char::from(symbol) <= r.end()),
                Class::Bytes(c) => c
                    .ranges()
                    .iter()
                    .any(|r| r.start() <= symbol && symbol <= r.end()),
            };
            if inside {
                mask |= 1 << i;
            }
        }
        mask
    }
}

/// The assertion a look-around reduces to over word characters; `None` when it always holds.
fn cond(look: Look) -> Option<Cond> {
    Some(match look {
        Look::Start | Look::StartLF | Look::StartCRLF | Look::WordStartHalfAscii => Cond::Start,
        Look::WordStartHalfUnicode => Cond::Start,
        Look::End | Look::EndLF | Look::EndCRLF | Look::WordEndHalfAscii => Cond::End,
        Look::WordEndHalfUnicode => Cond::End,
        Look::WordAscii | Look::WordUnicode => Cond::Word,
        Look::WordAsciiNegate | Look::WordUnicodeNegate => Cond::NotWord,
        Look::WordStartAscii | Look::WordStartUnicode => Cond::WordStart,
        Look::WordEndAscii | Look::WordEndUnicode => Cond::WordEnd,
    })
}

/// Reusable buffers for [`Nfa::close`], so a DFA built state by state allocates nothing per step.
#[derive(Debug, Default)]
pub struct Scratch {
    seen: Vec<bool>,
    stack: Vec<u32>,
    touched: Vec<u32>,
}

impl Scratch {
    /// Buffers for an NFA of `states` states.
    pub fn new(states: usize) -> Self {
        Scratch {
            seen: vec![false; states],
            stack: Vec::new(),
            touched: Vec::new(),
        }
    }
}

impl Nfa {
    /// Adds to `out` the symbol-reading states and the match state reachable from `from`
    /// without reading, at a position with these facts (in no particular order).
    pub fn close(
        &self,
        from: &[u32],
        at_start: bool,
        at_end: bool,
        scratch: &mut Scratch,
        out: &mut Vec<u32>,
    ) {
        let Scratch {
            seen,
            stack,
            touched,
        } = scratch;
        stack.clear();
        stack.extend_from_slice(from);
        touched.clear();
        while let Some(id) = stack.pop() {
            if std::mem::replace(&mut seen[id as usize], true) {
                continue;
            }
            touched.push(id);
            match self.states[id as usize] {
                State::Sym { .. } | State::Match => out.push(id),
                State::Split(a, b) => {
                    stack.push(b);
                    stack.push(a);
                }
                State::Look { cond, next } => {
                    if cond.holds(at_start, at_end) {
                        stack.push(next);
                    }
                }
            }
        }
        for &id in touched.iter() {
            seen[id as usize] = false;
        }
    }

    /// Whether the whole of `text` (symbol indices) matches: a plain set simulation.
    pub fn matches(&self, text: &[u8]) -> bool {
        let mut scratch = Scratch::new(self.states.len());
        let mut core = vec![self.start];
        let mut closed = Vec::new();
        for (pos, &symbol) in text.iter().enumerate() {
            closed.clear();
            self.close(&core, pos == 0, false, &mut scratch, &mut closed);
            core.clear();
            for &id in &closed {
                if let State::Sym { mask, next } = self.states[id as usize]
                    && mask & (1 << symbol) != 0
                {
                    core.push(next);
                }
            }
            core.sort_unstable();
            core.dedup();
        }
        closed.clear();
        self.close(&core, text.is_empty(), true, &mut scratch, &mut closed);
        closed
            .iter()
            .any(|&id| self.states[id as usize] == State::Match)
    }
}
