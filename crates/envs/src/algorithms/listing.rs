//! The answer grammar shared by the algorithm envs (`shortest_path`, `knapsack`, `topo_order`):
//! a list of numbered things (vertices, items, tasks) plus optional labelled numbers such as
//! `cost 23` or `total value: 55`. Each env supplies a [`Spec`] naming its words; this module
//! only reads, and each env judges what it read.
//!
//! **Layout peeled first**: Markdown emphasis and code marks, a bullet or an enumerator (`1. `,
//! `2) `) in front of a line, quotes, and one full stop at the end of a segment.
//!
//! **Segments** are the lines, and the parts between `;`. A segment holds list items, labelled
//! clauses, or list items followed by clauses:
//! - *list*: `[LIST-LABEL…] [: | = | is] [OPEN] ITEM (SEP ITEM)* [CLOSE]`, where an ITEM is a plain
//!   decimal number, optionally after one of the env's item words (`vertex 3`, `v3`, `item 2`);
//!   SEP is a comma, an arrow (`->`, `→`, `=>`, `-`, `–`, `—`) when the env allows arrows, the
//!   word `and` when it allows it (also after a comma, the Oxford comma `1, 4, and 7`, but never
//!   in a list that also uses arrows), or only spaces; OPEN/CLOSE a matching pair of `[]`, `()`,
//!   `{}`.
//! - *clause*: `FILLER* LABEL FILLER* [: | = | is | of] NUMBER`, where LABEL is one of the env's
//!   clause words (`cost`, `value`); clauses after a list start with `,`, `(` (closed at the end),
//!   `with` or `and`, and several clauses are joined by `,` or `and`. When the env allows sums,
//!   NUMBER may be a shown sum `TERM + TERM … = TOTAL` (`cost 1 + 14 + 20 = 35`): the clause's
//!   value is TOTAL, and a sum whose terms do not add up to it is reported in
//!   [`Listing::false_sum`] for the env to judge (a sum without its total is unparsable).
//!
//! Anything else (a word the env does not know, a decimal point, a sign, `or`) makes the answer
//! unparsable, so `1 -> 2 or 1 -> 3` and `cost 5 or 6` are never read as an answer.

use crate::forms;

/// The words one env's answers use.
pub struct Spec {
    /// Words that may label the list (`path`, `order`); any of them, in any order, before it.
    pub list_labels: &'static [&'static str],
    /// Words that may stand before one item (`vertex`, `v`).
    pub item_words: &'static [&'static str],
    /// Clause labels and the kind each one names (`("cost", 0)`).
    pub clause_words: &'static [(&'static str, u8)],
    /// Words that may accompany a clause label (`total`, `the`).
    pub clause_fillers: &'static [&'static str],
    /// Whether arrows separate items.
    pub arrows: bool,
    /// Whether `and` separates items (`1, 3 and 4`).
    pub and_separates: bool,
    /// Whether the list may continue over several segments (one item per line); otherwise a
    /// second segment holding items is a second candidate answer.
    pub multi_segment: bool,
    /// Whether a clause's number may be shown as a sum, `1 + 14 + 20 = 35`.
    pub sums: bool,
}

/// What an answer says: its items in order, and its clauses as (kind, value) in order.
#[derive(Debug, PartialEq, Eq)]
pub struct Listing {
    /// The list items, in the order written; a number too large saturates at `u64::MAX`.
    pub items: Vec<u64>,
    /// The labelled numbers: (kind from the spec, value).
    pub clauses: Vec<(u8, u64)>,
    /// The first clause shown as a sum whose terms do not add up to its total: (kind, the
    /// terms' sum, the total written).
    pub false_sum: Option<(u8, u128, u64)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok<'a> {
    Num(u64),
    Word(&'a str),
    Comma,
    Arrow,
    Colon,
    Equals,
    Plus,
    Open(u8),
    Close(u8),
    Period,
}

/// Splits one segment into tokens; `Err` names the first character no token reads.
fn tokens(text: &str) -> Result<Vec<Tok<'_>>, String> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b.is_ascii_whitespace() || b == b'"' || b == b'\'' {
            i += 1;
        } else if b.is_ascii_digit() {
            let mut value = 0u64;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                value = value
                    .saturating_mul(10)
                    .saturating_add(u64::from(bytes[i] - b'0'));
                i += 1;
            }
            out.push(Tok::Num(value));
        } else if b.is_ascii_alphabetic() {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_alphabetic() {
                i += 1;
            }
            out.push(Tok::Word(&text[start..i]));
        } else {
            let rest = &text[i..];
            let (tok, len) = if let Some(arrow) = ["->", "=>", "→", "⇒", "⟶", "–", "—", "-"]
                .iter()
                .find(|a| rest.starts_with(*a))
            {
                (Tok::Arrow, arrow.len())
            } else {
                let tok = match b {
                    b',' => Tok::Comma,
                    b':' => Tok::Colon,
                    b'=' => Tok::Equals,
                    b'+' => Tok::Plus,
                    b'.' => Tok::Period,
                    b'(' | b'[' | b'{' => Tok::Open(b),
                    b')' => Tok::Close(b'('),
                    b']' => Tok::Close(b'['),
                    b'}' => Tok::Close(b'{'),
                    _ => {
                        let c = rest.chars().next().unwrap_or('?');
                        return Err(format!("{c:?} has no meaning in an answer"));
                    }
                };
                (tok, 1)
            };
            out.push(tok);
            i += len;
        }
    }
    Ok(out)
}

fn is_word(tok: &Tok<'_>, list: &[&str]) -> bool {
    matches!(tok, Tok::Word(w) if list.iter().any(|l| w.eq_ignore_ascii_case(l)))
}

fn clause_kind(tok: &Tok<'_>, spec: &Spec) -> Option<u8> {
    match tok {
        Tok::Word(w) => spec
            .clause_words
            .iter()
            .find(|(l, _)| w.eq_ignore_ascii_case(l))
            .map(|&(_, kind)| kind),
        _ => None,
    }
}

/// Fillers that may stand before a clause label besides the env's own: articles and joiners.
const CLAUSE_LEAD: [&str; 5] = ["the", "a", "its", "with", "and"];

/// Reads an extracted answer with an env's spec.
pub fn parse(answer: &str, spec: &Spec) -> Result<Listing, String> {
    let answer = forms::strip_emphasis(answer);
    let mut listing = Listing {
        items: Vec::new(),
        clauses: Vec::new(),
        false_sum: None,
    };
    let mut list_segments = 0;
    for line in answer.lines() {
        let line = forms::strip_bullet(line);
        let line = forms::strip_enumerator(line).unwrap_or(line);
        for segment in line.split(';') {
            let mut toks = tokens(segment)?;
            if let Some(Tok::Period) = toks.last() {
                toks.pop();
            }
            if toks.is_empty() {
                continue;
            }
            // The first clause label splits the list part from the clause part.
            let split = toks
                .iter()
                .position(|t| clause_kind(t, spec).is_some())
                .unwrap_or(toks.len());
            let mut start = split;
            while start > 0 && is_clause_lead(&toks[start - 1], spec) {
                start -= 1;
            }
            let mut list = &toks[..start];
            let mut closer = None;
            match list.last() {
                Some(Tok::Comma) => list = &list[..list.len() - 1],
                Some(&Tok::Open(b)) => {
                    list = &list[..list.len() - 1];
                    closer = Some(b);
                }
                _ => {}
            }
            if start < toks.len() {
                if list.is_empty() && start != 0 {
                    return Err("a clause starts with a separator".into());
                }
                let mut rest = &toks[start..];
                if let Some(b) = closer {
                    match rest.last() {
                        Some(&Tok::Close(c)) if c == b => rest = &rest[..rest.len() - 1],
                        _ => return Err("an opening bracket is never closed".into()),
                    }
                }
                clauses(rest, spec, &mut listing)?;
            }
            if !list.is_empty() {
                list_segments += 1;
                if list_segments > 1 && !spec.multi_segment {
                    return Err("the answer holds more than one list".into());
                }
                items(list, spec, &mut listing.items)?;
            }
        }
    }
    Ok(listing)
}

fn is_clause_lead(tok: &Tok<'_>, spec: &Spec) -> bool {
    is_word(tok, &CLAUSE_LEAD) || is_word(tok, spec.clause_fillers)
}

/// Reads `clause (, | and) clause …` into `out`.
fn clauses(mut t: &[Tok<'_>], spec: &Spec, out: &mut Listing) -> Result<(), String> {
    loop {
        let mut kind = None;
        while let [tok, rest @ ..] = t {
            if let Some(k) = clause_kind(tok, spec) {
                if kind.replace(k).is_some_and(|old| old != k) {
                    return Err("a clause has two labels".into());
                }
            } else if !is_clause_lead(tok, spec) {
                break;
            }
            t = rest;
        }
        let Some(kind) = kind else {
            return Err("a clause has no label".into());
        };
        if let [Tok::Colon | Tok::Equals, rest @ ..] = t {
            t = rest;
        } else if let [tok, rest @ ..] = t
            && is_word(tok, &["is", "of"])
        {
            t = rest;
        }
        let [Tok::Num(value), rest @ ..] = t else {
            return Err("a label is not followed by a number".into());
        };
        let mut value = *value;
        t = rest;
        if spec.sums && matches!(t, [Tok::Plus, ..]) {
            // `TERM (+ TERM)+ = TOTAL`: the total is the clause's value.
            let mut sum = u128::from(value);
            while let [Tok::Plus, Tok::Num(term), rest @ ..] = t {
                sum += u128::from(*term);
                t = rest;
            }
            let [Tok::Equals, Tok::Num(total), rest @ ..] = t else {
                return Err("a sum is not followed by `=` and its total".into());
            };
            value = *total;
            t = rest;
            if sum != u128::from(value) && out.false_sum.is_none() {
                out.false_sum = Some((kind, sum, value));
            }
        }
        out.clauses.push((kind, value));
        match t {
            [] => return Ok(()),
            [Tok::Comma, rest @ ..] => t = rest,
            [tok, ..] if is_word(tok, &["and"]) => {}
            _ => return Err("a clause holds more than one number".into()),
        }
    }
}

/// Reads `[LABEL…] [: | = | is] [OPEN] ITEM (SEP ITEM)* [CLOSE]` into `out`.
fn items(mut t: &[Tok<'_>], spec: &Spec, out: &mut Vec<u64>) -> Result<(), String> {
    let mut labelled = false;
    while let [tok, rest @ ..] = t
        && is_word(tok, spec.list_labels)
    {
        t = rest;
        labelled = true;
    }
    if labelled {
        if let [Tok::Colon | Tok::Equals, rest @ ..] = t {
            t = rest;
        } else if let [tok, rest @ ..] = t
            && is_word(tok, &["is", "are"])
        {
            t = rest;
        }
    }
    if let ([Tok::Open(b), inner @ ..], Some(&Tok::Close(c))) = (t, t.last())
        && *b == c
    {
        t = &inner[..inner.len() - 1];
    }
    // What came last: 0 nothing or a separator, 1 an item word, 2 a number, 3 a comma.
    let mut last = 0u8;
    let (mut arrows, mut ands) = (false, false);
    for tok in t {
        last = match tok {
            // After a number, a bare space also separates: `1 2 3`.
            Tok::Num(n) => {
                out.push(*n);
                2
            }
            Tok::Word(_) if last != 1 && is_word(tok, spec.item_words) => 1,
            Tok::Comma if last == 2 => 3,
            Tok::Arrow if spec.arrows && last == 2 => {
                arrows = true;
                0
            }
            // `1 and 2`, and after a comma `1, 2, and 3`.
            Tok::Word(w)
                if spec.and_separates
                    && (last == 2 || last == 3)
                    && w.eq_ignore_ascii_case("and") =>
            {
                ands = true;
                0
            }
            _ => return Err(format!("{tok:?} is out of place in a list of numbers")),
        };
    }
    if last != 2 {
        return Err("the list ends with a separator or an item word".into());
    }
    if arrows && ands {
        return Err("a list mixes arrows and `and`".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const PATH: Spec = Spec {
        list_labels: &["shortest", "path", "the", "is"],
        item_words: &["vertex", "node", "v"],
        clause_words: &[("cost", 0), ("length", 0), ("distance", 0), ("total", 0)],
        clause_fillers: &["total", "path", "shortest", "minimum"],
        arrows: true,
        and_separates: false,
        multi_segment: false,
        sums: true,
    };

    /// A set of items joined by commas or `and`, with no arrows, and no sums.
    const SET: Spec = Spec {
        list_labels: &["items"],
        item_words: &["item"],
        clause_words: &[("value", 0)],
        clause_fillers: &["total"],
        arrows: false,
        and_separates: true,
        multi_segment: false,
        sums: false,
    };

    /// An order whose items may be joined by arrows or `and`.
    const ORDER: Spec = Spec {
        list_labels: &["order"],
        item_words: &["task"],
        clause_words: &[],
        clause_fillers: &[],
        arrows: true,
        and_separates: true,
        multi_segment: false,
        sums: false,
    };

    fn read(text: &str) -> Result<Listing, String> {
        parse(text, &PATH)
    }

    fn ok(items: &[u64], cost: u64) -> Result<Listing, String> {
        Ok(Listing {
            items: items.to_vec(),
            clauses: vec![(0, cost)],
            false_sum: None,
        })
    }

    #[test]
    fn paths_with_costs_read_in_many_layouts() {
        for text in [
            "1 -> 4 -> 7; cost 23",
            "1 → 4 → 7, cost: 23",
            "Path: 1 - 4 - 7\nCost: 23",
            "1, 4, 7 (total cost 23)",
            "[1, 4, 7]; total cost = 23",
            "The shortest path is 1 -> 4 -> 7 with a total cost of 23.",
            "**Path:** v1 -> v4 -> v7\n**Total cost:** 23",
            "cost 23; 1 4 7",
            "vertex 1 -> vertex 4 -> vertex 7 (length 23)",
            "1 -> 4 -> 7; cost 3 + 20 = 23",
            "1 -> 4 -> 7 (total cost: 1 + 2 + 20 = 23)",
            "Path: 1 -> 4 -> 7\nCost = 3+20 = 23",
        ] {
            assert_eq!(read(text), ok(&[1, 4, 7], 23), "{text}");
        }
    }

    #[test]
    fn junk_is_unparsable() {
        for text in [
            "1 -> 4 -> 7 or 1 -> 5 -> 7; cost 23",
            "1 -> 4 -> 7\n1 -> 5 -> 7\ncost 23",
            "1 -> 4 -> 7; cost 23 or 24",
            "1 -> 4 -> 7; cost 2.5",
            "1 -> -> 4; cost 3",
            "1 -> 4 ->; cost 3",
            "1 -> 4 (cost 3",
            "1 -> 4; cost",
            "1 -> 4; cost -3",
            "1 -> 4; cost 3 4",
            "1 -> x -> 4; cost 3",
            "1 -> 4 ≠ cost 3",
            // Sums need a total, one `=`, and numbers between the `+`.
            "1 -> 4 -> 7; cost 3 + 20",
            "1 -> 4 -> 7; cost 3 + + 20 = 23",
            "1 -> 4 -> 7; cost 3 + 20 = 23 = 23",
            "1 -> 4 -> 7; cost 3 + 20 = 23 or 24",
            "1 -> 4 -> 7; cost 3 + 20 =",
            "1 -> 4 -> 7; cost 23 = 3 + 20",
            "1 -> 4 -> 7; cost + 23",
            "1 + 4 + 7; cost 23",
        ] {
            assert!(read(text).is_err(), "{text}: {:?}", read(text));
        }
    }

    #[test]
    fn a_sum_that_does_not_add_up_is_reported() {
        let l = read("1 -> 4 -> 7; cost 3 + 20 = 24").unwrap();
        assert_eq!((l.clauses, l.false_sum), (vec![(0, 24)], Some((0, 23, 24))));
        let l = read("1 -> 4 -> 7; cost 18446744073709551615 + 1 = 0").unwrap();
        assert_eq!(l.false_sum, Some((0, 1 << 64, 0)));
        // Without sums in the spec, `+` is out of place.
        assert!(parse("1, 2; value 3 + 4 = 7", &SET).is_err());
    }

    #[test]
    fn and_separates_also_after_a_comma_but_not_beside_arrows() {
        for text in [
            "1, 4, and 7",
            "1, 4 and 7",
            "items 1 and 4 and 7",
            "1, 4, AND 7; value 5",
        ] {
            assert_eq!(parse(text, &SET).unwrap().items, [1, 4, 7], "{text}");
        }
        assert_eq!(
            parse("task 3, task 1, and task 2", &ORDER).unwrap().items,
            [3, 1, 2]
        );
        for text in [
            "1, 4, and, 7",
            "1, 4, and and 7",
            "1, 4 and, 7",
            "1, 4, 7, and",
            "and 1, 4",
            "1,, and 4",
            "1 and or 4",
        ] {
            assert!(parse(text, &SET).is_err(), "{text}");
        }
        assert!(parse("3 -> 1 and 2", &ORDER).is_err());
        assert!(parse("3 -> 1, and 2", &ORDER).is_err());
        // An env without `and` still refuses it.
        assert!(read("1, 4, and 7; cost 3").is_err());
    }

    #[test]
    fn two_clauses_and_no_clause_are_reported_not_judged() {
        assert_eq!(read("1 -> 4 -> 7").unwrap().clauses, vec![]);
        assert_eq!(
            read("1 -> 4 -> 7; cost 2; cost 3").unwrap().clauses,
            vec![(0, 2), (0, 3)]
        );
    }
}
