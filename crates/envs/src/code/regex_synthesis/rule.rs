//! The hidden rule: a small regular-expression tree over the alphabet, drawn from a grammar
//! (concatenation, alternation, `*`, `+`, `?`, counted repetition, classes), rendered in the
//! `regex` crate's syntax, walked at random to sample its strings, and mutated one operator at a
//! time into the plausible wrong answers that hidden strings must refute.

use verigym_core::rng::ProblemRng;

/// A rule tree. Symbols are alphabet indices; a class is a bit mask of two or more of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rule {
    /// One symbol.
    Sym(u8),
    /// Any symbol of the mask (two or more bits).
    Class(u8),
    /// In order.
    Cat(Vec<Rule>),
    /// Either.
    Alt(Vec<Rule>),
    /// Zero or more.
    Star(Box<Rule>),
    /// One or more.
    Plus(Box<Rule>),
    /// Zero or one.
    Opt(Box<Rule>),
    /// From `min` to `max` times.
    Count(Box<Rule>, u32, u32),
}

impl Rule {
    /// The rule in the `regex` crate's syntax, with the fewest parentheses.
    pub fn render(&self, alphabet: &[u8]) -> String {
        let mut out = String::new();
        self.write(alphabet, &mut out);
        out
    }

    fn write(&self, alphabet: &[u8], out: &mut String) {
        match self {
            Rule::Sym(s) => out.push(char::from(alphabet[*s as usize])),
            Rule::Class(mask) => {
                out.push('[');
                for (i, &c) in alphabet.iter().enumerate() {
                    if mask & (1 << i) != 0 {
                        out.push(char::from(c));
                    }
                }
                out.push(']');
            }
            Rule::Cat(parts) => {
                for p in parts {
                    if matches!(p, Rule::Alt(_)) {
                        out.push('(');
                        p.write(alphabet, out);
                        out.push(')');
                    } else {
                        p.write(alphabet, out);
                    }
                }
            }
            Rule::Alt(parts) => {
                for (i, p) in parts.iter().enumerate() {
                    if i > 0 {
                        out.push('|');
                    }
                    p.write(alphabet, out);
                }
            }
            Rule::Star(sub) | Rule::Plus(sub) | Rule::Opt(sub) | Rule::Count(sub, ..) => {
                if matches!(**sub, Rule::Sym(_) | Rule::Class(_)) {
                    sub.write(alphabet, out);
                } else {
                    out.push('(');
                    sub.write(alphabet, out);
                    out.push(')');
                }
                match self {
                    Rule::Star(_) => out.push('*'),
                    Rule::Plus(_) => out.push('+'),
                    Rule::Opt(_) => out.push('?'),
                    Rule::Count(_, min, max) if min == max => out.push_str(&format!("{{{min}}}")),
                    Rule::Count(_, min, max) => out.push_str(&format!("{{{min},{max}}}")),
                    _ => {}
                }
            }
        }
    }
}

/// The grammar's knobs for one draw.
pub struct Grammar {
    /// Alphabet size (2 to 4).
    pub symbols: u8,
    /// How many symbols and classes the rule holds.
    pub leaves: u32,
    /// Whether `{m,n}` and classes may appear.
    pub counted: bool,
}

/// Draws a rule with exactly `grammar.leaves` leaves.
pub fn draw(grammar: &Grammar, rng: &mut ProblemRng) -> Rule {
    draw_node(grammar, grammar.leaves.max(1), false, rng)
}

fn draw_node(g: &Grammar, leaves: u32, under_postfix: bool, rng: &mut ProblemRng) -> Rule {
    // A postfix operator right on another (`(a*)?`) adds nothing a reader could see.
    let postfix_weight = if under_postfix { 0 } else { 3 };
    if leaves == 1 {
        let class_weight = if g.counted { 1 } else { 0 };
        return match rng.weighted(&[5, class_weight, postfix_weight]) {
            0 => Rule::Sym(rng.below(u64::from(g.symbols)) as u8),
            1 => draw_class(g, rng),
            _ => postfix(g, draw_node(g, 1, true, rng), rng),
        };
    }
    match rng.weighted(&[5, 2, postfix_weight]) {
        0 => {
            let left = rng.in_range(1, u64::from(leaves) - 1) as u32;
            let parts = [
                draw_node(g, left, false, rng),
                draw_node(g, leaves - left, false, rng),
            ];
            Rule::Cat(flatten(parts, |r| match r {
                Rule::Cat(inner) => Ok(inner),
                other => Err(other),
            }))
        }
        1 => {
            let left = rng.in_range(1, u64::from(leaves) - 1) as u32;
            let parts = [
                draw_node(g, left, false, rng),
                draw_node(g, leaves - left, false, rng),
            ];
            Rule::Alt(flatten(parts, |r| match r {
                Rule::Alt(inner) => Ok(inner),
                other => Err(other),
            }))
        }
        _ => postfix(g, draw_node(g, leaves, true, rng), rng),
    }
}

fn flatten(parts: [Rule; 2], open: impl Fn(Rule) -> Result<Vec<Rule>, Rule>) -> Vec<Rule> {
    let mut out = Vec::new();
    for p in parts {
        match open(p) {
            Ok(inner) => out.extend(inner),
            Err(p) => out.push(p),
        }
    }
    out
}

fn draw_class(g: &Grammar, rng: &mut ProblemRng) -> Rule {
    let full = (1u8 << g.symbols) - 1;
    loop {
        let mask = rng.below(u64::from(full) + 1) as u8;
        // Two or more symbols, not all (the full class is the same as `.` here, too easy a tell).
        if mask.count_ones() >= 2 && (mask != full || g.symbols == 2) {
            return Rule::Class(mask);
        }
    }
}

fn postfix(g: &Grammar, sub: Rule, rng: &mut ProblemRng) -> Rule {
    let count_weight = if g.counted { 2 } else { 0 };
    let sub = Box::new(sub);
    match rng.weighted(&[4, 3, 2, count_weight]) {
        0 => Rule::Star(sub),
        1 => Rule::Plus(sub),
        2 => Rule::Opt(sub),
        _ => {
            let min = rng.in_range(1, 3) as u32;
            let max = min + rng.below(3) as u32;
            Rule::Count(sub, min, max)
        }
    }
}

/// One string of the rule's language, as symbol indices: each `*`/`+` repeats up to `reps`
/// times, each choice is uniform. Walks past `cap` symbols stop early (the caller discards them).
pub fn walk(rule: &Rule, reps: u32, cap: usize, rng: &mut ProblemRng, out: &mut Vec<u8>) {
    if out.len() > cap {
        return;
    }
    match rule {
        Rule::Sym(s) => out.push(*s),
        Rule::Class(mask) => {
            let members: Vec<u8> = (0..8).filter(|i| mask & (1 << i) != 0).collect();
            out.push(*rng.choose(&members));
        }
        Rule::Cat(parts) => parts.iter().for_each(|p| walk(p, reps, cap, rng, out)),
        Rule::Alt(parts) => walk(rng.choose(parts), reps, cap, rng, out),
        Rule::Star(sub) => {
            for _ in 0..rng.below(u64::from(reps) + 1) {
                walk(sub, reps, cap, rng, out);
            }
        }
        Rule::Plus(sub) => {
            for _ in 0..rng.in_range(1, u64::from(reps.max(1))) {
                walk(sub, reps, cap, rng, out);
            }
        }
        Rule::Opt(sub) => {
            if rng.chance(1, 2) {
                walk(sub, reps, cap, rng, out);
            }
        }
        Rule::Count(sub, min, max) => {
            for _ in 0..rng.in_range(u64::from(*min), u64::from(*max)) {
                walk(sub, reps, cap, rng, out);
            }
        }
    }
}

/// The rule with one operator changed, each with a label: `*`↔`+`, an optional made required
/// or starred, a symbol swapped, a class narrowed or widened, a count moved by one, an
/// alternative dropped. Some may be equivalent to the rule; the caller filters those.
pub fn mutants(rule: &Rule, symbols: u8) -> Vec<(&'static str, Rule)> {
    let mut out = Vec::new();
    mutate(rule, symbols, &mut |label, r| out.push((label, r)));
    out
}

fn mutate(rule: &Rule, symbols: u8, emit: &mut dyn FnMut(&'static str, Rule)) {
    match rule {
        Rule::Sym(s) => {
            for t in 0..symbols {
                if t != *s {
                    emit("symbol_swapped", Rule::Sym(t));
                }
            }
        }
        Rule::Class(mask) => {
            for i in 0..symbols {
                let bit = 1u8 << i;
                if mask & bit != 0 {
                    let narrower = mask & !bit;
                    emit(
                        "class_narrowed",
                        if narrower.count_ones() == 1 {
                            Rule::Sym(narrower.trailing_zeros() as u8)
                        } else {
                            Rule::Class(narrower)
                        },
                    );
                } else {
                    emit("class_widened", Rule::Class(mask | bit));
                }
            }
        }
        Rule::Cat(parts) | Rule::Alt(parts) => {
            let is_cat = matches!(rule, Rule::Cat(_));
            let rebuild = |parts: Vec<Rule>| {
                if parts.len() == 1 {
                    parts.into_iter().next().unwrap_or(Rule::Cat(Vec::new()))
                } else if is_cat {
                    Rule::Cat(parts)
                } else {
                    Rule::Alt(parts)
                }
            };
            for (i, part) in parts.iter().enumerate() {
                if !is_cat && parts.len() > 1 {
                    let mut fewer = parts.clone();
                    fewer.remove(i);
                    emit("alternative_dropped", rebuild(fewer));
                }
                mutate(part, symbols, &mut |label, r| {
                    let mut changed = parts.clone();
                    changed[i] = r;
                    emit(label, rebuild(changed));
                });
            }
        }
        Rule::Star(sub) | Rule::Plus(sub) | Rule::Opt(sub) | Rule::Count(sub, ..) => {
            let boxed = || sub.clone();
            match rule {
                Rule::Star(_) => {
                    emit("star_to_plus", Rule::Plus(boxed()));
                    emit("star_to_optional", Rule::Opt(boxed()));
                }
                Rule::Plus(_) => {
                    emit("plus_to_star", Rule::Star(boxed()));
                    emit("plus_dropped", (**sub).clone());
                }
                Rule::Opt(_) => {
                    emit("optional_dropped", (**sub).clone());
                    emit("optional_to_star", Rule::Star(boxed()));
                }
                Rule::Count(_, min, max) => {
                    if *min > 0 {
                        emit("count_lowered", Rule::Count(boxed(), min - 1, *max));
                    }
                    emit("count_raised", Rule::Count(boxed(), *min, max + 1));
                    if min < max {
                        emit("count_narrowed", Rule::Count(boxed(), *min + 1, *max));
                    } else {
                        emit("count_shifted", Rule::Count(boxed(), min + 1, max + 1));
                    }
                }
                _ => {}
            }
            let wrap = |inner: Rule| match rule {
                Rule::Star(_) => Rule::Star(Box::new(inner)),
                Rule::Plus(_) => Rule::Plus(Box::new(inner)),
                Rule::Opt(_) => Rule::Opt(Box::new(inner)),
                Rule::Count(_, min, max) => Rule::Count(Box::new(inner), *min, *max),
                other => other.clone(),
            };
            mutate(sub, symbols, &mut |label, r| emit(label, wrap(r)));
        }
    }
}

/// Reads a rule back from its rendering (the grammar [`Rule::render`] writes: letters of the
/// alphabet, `[…]` classes, groups, `|`, and one postfix `*`, `+`, `?`, `{m}` or `{m,n}` per
/// atom). `None` for anything else.
pub fn parse(text: &str, alphabet: &[u8]) -> Option<Rule> {
    let mut p = Parser {
        text: text.as_bytes(),
        at: 0,
        alphabet,
        depth: 0,
    };
    let rule = p.alt()?;
    (p.at == p.text.len()).then_some(rule)
}

struct Parser<'a> {
    text: &'a [u8],
    at: usize,
    alphabet: &'a [u8],
    depth: u32,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    fn alt(&mut self) -> Option<Rule> {
        self.depth += 1;
        if self.depth > 64 {
            return None;
        }
        let mut parts = vec![self.cat()?];
        while self.peek() == Some(b'|') {
            self.at += 1;
            parts.push(self.cat()?);
        }
        self.depth -= 1;
        Some(if parts.len() == 1 {
            parts.pop()?
        } else {
            Rule::Alt(parts)
        })
    }

    fn cat(&mut self) -> Option<Rule> {
        let mut parts = Vec::new();
        while let Some(c) = self.peek()
            && c != b'|'
            && c != b')'
        {
            parts.push(self.postfix()?);
        }
        match parts.len() {
            0 => None,
            1 => parts.pop(),
            _ => Some(Rule::Cat(parts)),
        }
    }

    fn postfix(&mut self) -> Option<Rule> {
        let atom = Box::new(self.atom()?);
        Some(match self.peek() {
            Some(b'*') => {
                self.at += 1;
                Rule::Star(atom)
            }
            Some(b'+') => {
                self.at += 1;
                Rule::Plus(atom)
            }
            Some(b'?') => {
                self.at += 1;
                Rule::Opt(atom)
            }
            Some(b'{') => {
                self.at += 1;
                let min = self.number()?;
                let max = if self.peek() == Some(b',') {
                    self.at += 1;
                    self.number()?
                } else {
                    min
                };
                (self.peek() == Some(b'}') && min <= max).then_some(())?;
                self.at += 1;
                Rule::Count(atom, min, max)
            }
            _ => *atom,
        })
    }

    fn number(&mut self) -> Option<u32> {
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) && self.at - start < 3 {
            self.at += 1;
        }
        std::str::from_utf8(&self.text[start..self.at])
            .ok()?
            .parse()
            .ok()
    }

    fn symbol(&self, c: u8) -> Option<u8> {
        self.alphabet.iter().position(|&a| a == c).map(|i| i as u8)
    }

    fn atom(&mut self) -> Option<Rule> {
        let c = self.peek()?;
        self.at += 1;
        match c {
            b'(' => {
                let inner = self.alt()?;
                (self.peek() == Some(b')')).then_some(())?;
                self.at += 1;
                Some(inner)
            }
            b'[' => {
                let mut mask = 0u8;
                while let Some(c) = self.peek()
                    && c != b']'
                {
                    mask |= 1 << self.symbol(c)?;
                    self.at += 1;
                }
                self.at += 1;
                (mask.count_ones() >= 2).then_some(Rule::Class(mask))
            }
            c => self.symbol(c).map(Rule::Sym),
        }
    }
}
