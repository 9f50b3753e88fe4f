//! The `zebra` verifier: the full grid, or the one value a question asks for.
//!
//! **Grid answer form.** After extraction, one line per house, in any line order:
//! `House K: V1, V2, …, VM`. `House` is matched in any case, whitespace around every token is
//! free, and values may be separated by commas or semicolons. Each line names exactly one value
//! of every attribute, in any order (no value name is shared between attributes, so a value says
//! which attribute it fills); a value may carry its attribute's label, as in `colour: red` or
//! `colour = red` (`color` is accepted too). Values are matched ignoring ASCII case. Blank lines
//! are ignored. A line in any other form, an unknown value, a house missing, listed twice or out
//! of range, or a line without exactly one value per attribute is unparsable. A grid that uses a
//! value in two houses is wrong. The score is 1 only for the exact solution; `detail` reports
//! per-cell agreement of a valid grid (`cells_correct` of `cells`), whose mean for a uniformly
//! random valid grid is 1/N.
//!
//! **Question answer form.** A value question is answered by the value alone (ASCII case ignored,
//! an optional leading `the`); a house question by the number alone or `house K`. Text that is
//! not a value of the puzzle, or not a number, is unparsable; a value of another attribute, or a
//! house number that is not the one, is wrong.

use serde_json::json;

use super::vocab::{KINDS, Kind, VALUES_PER_KIND};
use super::{Item, Question, ZebraData};
use crate::forms;
use verigym_core::extract::extract_agreed_answer;
use verigym_core::verdict::{Reason, Verdict};

/// The longest grid answer read: far above 7 lines of 7 values.
pub const MAX_GRID_BYTES: usize = 4096;
const UNSET: u8 = u8::MAX;

/// Judges a response against one problem.
pub fn verify(data: &ZebraData, response: &str) -> Verdict {
    let answer = match extract_agreed_answer(response, |r| verify(data, r)) {
        Ok(answer) => answer,
        Err(rejection) => return rejection.into(),
    };
    if let Err(why) = super::check::check_data(data) {
        return Verdict::rejected(Reason::VerifierError, format!("malformed record: {why}"));
    }
    match data.question {
        None => verify_grid(data, &answer),
        Some(q) => verify_question(data, q, &answer),
    }
}

fn unparsable(message: impl Into<std::borrow::Cow<'static, str>>) -> Verdict {
    Verdict::rejected(Reason::UnparsableAnswer, message)
}

/// A read grid: `cells[h][a]` is the index of house `h + 1`'s value of attribute `a`.
pub(super) type Cells = [[u8; KINDS]; VALUES_PER_KIND];

/// A grid being read: the cells filled so far and which houses have been opened.
struct Grid<'d> {
    data: &'d ZebraData,
    /// The stored solution, tried first when a value is looked up (a speed-up only: no value name
    /// is shared, so the lookup finds the same item without it). `None` when the reader must not
    /// touch the hidden solution, as feedback must not.
    hint: Option<&'d [Vec<u8>]>,
    cells: Cells,
    filled: [usize; VALUES_PER_KIND],
    opened: u8,
}

impl<'d> Grid<'d> {
    fn new(data: &'d ZebraData, hint: Option<&'d [Vec<u8>]>) -> Self {
        Grid {
            data,
            hint,
            cells: [[UNSET; KINDS]; VALUES_PER_KIND],
            filled: [0; VALUES_PER_KIND],
            opened: 0,
        }
    }

    /// Opens house `h` (1-based) for values: each house once.
    fn open(&mut self, h: usize) -> Result<usize, String> {
        if !(1..=usize::from(self.data.houses)).contains(&h) {
            return Err(format!("there is no house {h}"));
        }
        if self.opened & (1 << (h - 1)) != 0 {
            return Err(format!("house {h} is listed twice"));
        }
        self.opened |= 1 << (h - 1);
        Ok(h - 1)
    }

    /// Adds one value text (optionally `label: value`, or labelled by a table header) to house
    /// `h` (0-based).
    fn add(&mut self, h: usize, text: &str, header: Option<&str>) -> Result<(), String> {
        let text = value_text(text);
        if text.is_empty() {
            return Ok(());
        }
        let m = self.data.attributes.len();
        let position = self.filled[h].min(m - 1);
        let guess = Item {
            attribute: position as u8,
            value: self
                .hint
                .and_then(|rows| rows.get(h)?.get(position).copied())
                .unwrap_or(UNSET),
        };
        let item = lookup(self.data, text, guess)
            .filter(|item| header.is_none_or(|l| label_fits(self.data, l, item.attribute)))
            .ok_or_else(|| format!("`{}` is not a value of this puzzle", clip(text)))?;
        let cell = &mut self.cells[h][usize::from(item.attribute)];
        if *cell != UNSET {
            return Err(format!(
                "house {} has two values of {}",
                h + 1,
                self.data.attributes[usize::from(item.attribute)]
                    .kind
                    .name()
            ));
        }
        *cell = item.value;
        self.filled[h] += 1;
        Ok(())
    }

    /// Adds a list of values: separated by `,`, `;`, `|` or `/`, the last possibly after `and`.
    fn add_list(&mut self, h: usize, list: &str) -> Result<(), String> {
        for part in list.split([',', ';', '|', '/']) {
            let part = part.trim();
            let mut part = strip_word(part, "and").unwrap_or(part);
            // `Dane and bird`: a whole-word `and` separates two values.
            while let Some(i) = find_and(part) {
                self.add(h, &part[..i], None)?;
                part = part[i + 3..].trim_start();
            }
            self.add(h, part, None)?;
        }
        Ok(())
    }
}

/// Where a whole word `and` (any case, space before and after) starts in `text`.
fn find_and(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    (1..bytes.len().saturating_sub(3)).find(|&i| {
        bytes[i - 1].is_ascii_whitespace()
            && bytes[i..i + 3].eq_ignore_ascii_case(b"and")
            && bytes[i + 3].is_ascii_whitespace()
    })
}

/// A value as written, without emphasis, a trailing full stop, or a leading `the`.
fn value_text(text: &str) -> &str {
    let text = text.trim().trim_end_matches(['.', '!']).trim_end();
    strip_word(text, "the").unwrap_or(text)
}

/// `text` without a leading whole word `word` (any case) and the whitespace after it.
fn strip_word<'a>(text: &'a str, word: &str) -> Option<&'a str> {
    let head = text.get(..word.len())?;
    let rest = &text[word.len()..];
    (head.eq_ignore_ascii_case(word) && rest.starts_with(char::is_whitespace))
        .then(|| rest.trim_start())
}

/// At most 40 bytes of model text in a message, cut at a character boundary.
fn clip(text: &str) -> &str {
    let mut end = text.len().min(40);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// Reads a grid answer: `House K` lines (each with its values, or followed by lines of values),
/// or a Markdown table with a row per house or a column per house. See the module docs.
fn read_grid<'d>(
    data: &'d ZebraData,
    answer: &str,
    hint: Option<&'d [Vec<u8>]>,
) -> Result<Grid<'d>, String> {
    let mut grid = Grid::new(data, hint);
    let mut current: Option<usize> = None;
    // The open table: its header cells and, when its columns are houses, their 0-based numbers.
    let mut table: Option<(Vec<String>, Option<Vec<usize>>)> = None;
    for line in answer.lines() {
        if let Some(cells) = forms::table_cells(line) {
            current = None;
            if forms::is_separator_row(&cells) {
                continue;
            }
            let cells: Vec<String> = cells
                .iter()
                .map(|c| forms::strip_emphasis(c).trim().to_owned())
                .collect();
            let Some((header, columns)) = &table else {
                // The first row is a header unless it reads as a house's row.
                if house_cell(&cells[0]).is_none() {
                    let columns: Option<Vec<usize>> =
                        cells[1..].iter().map(|c| house_cell(c)).collect();
                    let columns = match columns {
                        Some(c) if !c.is_empty() => {
                            let mut opened = Vec::with_capacity(c.len());
                            for h in c {
                                opened.push(grid.open(h)?);
                            }
                            Some(opened)
                        }
                        _ => None,
                    };
                    table = Some((cells, columns));
                } else {
                    table = Some((Vec::new(), None));
                    let h = grid.open(house_cell(&cells[0]).unwrap_or(0))?;
                    for cell in &cells[1..] {
                        grid.add(h, cell, None)?;
                    }
                }
                continue;
            };
            match columns {
                // A row per attribute: cell j belongs to the house of column j.
                Some(houses) => {
                    if cells.len() != houses.len() + 1 {
                        return Err(format!(
                            "a table row has {} cells; the header has {}",
                            cells.len(),
                            houses.len() + 1
                        ));
                    }
                    let label = Some(cells[0].as_str()).filter(|l| !l.is_empty());
                    for (&h, cell) in houses.iter().zip(&cells[1..]) {
                        grid.add(h, cell, label)?;
                    }
                }
                // A row per house: the first cell is the house, the others its values.
                None => {
                    let Some(h) = house_cell(&cells[0]) else {
                        return Err(format!(
                            "a table row must start with a house number, not `{}`",
                            clip(&cells[0])
                        ));
                    };
                    let h = grid.open(h)?;
                    if !header.is_empty() && cells.len() != header.len() {
                        return Err(format!(
                            "a table row has {} cells; the header has {}",
                            cells.len(),
                            header.len()
                        ));
                    }
                    for (j, cell) in cells.iter().enumerate().skip(1) {
                        let label = header.get(j).map(String::as_str).filter(|l| !l.is_empty());
                        grid.add(h, cell, label)?;
                    }
                }
            }
            continue;
        }
        table = None;
        let line = forms::strip_list_marker(line);
        let line = forms::strip_emphasis(line);
        let line = line.trim().trim_end_matches([',', ';', '.']).trim_end();
        if line.is_empty() {
            continue;
        }
        if let Some((h, rest)) = house_line(line, usize::from(data.houses)) {
            let h = grid.open(h)?;
            current = Some(h);
            grid.add_list(h, rest)?;
        } else if let Some(h) = current {
            // A line of values under a `House K` line belongs to that house.
            grid.add_list(h, line)?;
        } else {
            return Err("every line must read `House K: value, value, …`".to_owned());
        }
    }
    Ok(grid)
}

/// Reads a complete grid answer: every house once, each with one value of every attribute.
/// `Err` says why it is unparsable. `hint` is the stored solution, or `None` to read without it
/// (the same result, a little slower).
pub(super) fn read_full_grid(
    data: &ZebraData,
    answer: &str,
    hint: Option<&[Vec<u8>]>,
) -> Result<Cells, String> {
    if answer.len() > MAX_GRID_BYTES {
        return Err("the answer is longer than 4096 bytes".to_owned());
    }
    let n = usize::from(data.houses);
    let m = data.attributes.len();
    let grid = read_grid(data, answer, hint)?;
    if let Some(h) = (0..n).find(|&h| grid.opened & (1 << h) == 0) {
        return Err(format!("house {} is missing", h + 1));
    }
    if let Some(h) = (0..n).find(|&h| grid.filled[h] != m) {
        return Err(format!(
            "house {} lists {} values; it needs one per attribute ({m})",
            h + 1,
            grid.filled[h]
        ));
    }
    Ok(grid.cells)
}

/// The first value (attributes in order, houses left to right) a read grid places in a second
/// house.
pub(super) fn repeated_value(data: &ZebraData, grid: &Cells) -> Option<Item> {
    let n = usize::from(data.houses);
    (0..data.attributes.len()).find_map(|a| {
        let mut used = 0u8;
        grid[..n].iter().find_map(|row| {
            let bit = 1 << row[a];
            let again = used & bit != 0;
            used |= bit;
            again.then_some(Item {
                attribute: a as u8,
                value: row[a],
            })
        })
    })
}

fn verify_grid(data: &ZebraData, answer: &str) -> Verdict {
    let n = usize::from(data.houses);
    let m = data.attributes.len();
    let grid = match read_full_grid(data, answer, Some(&data.solution)) {
        Ok(grid) => grid,
        Err(why) => return unparsable(why),
    };
    if let Some(item) = repeated_value(data, &grid) {
        return Verdict::wrong(format!("{} is placed in two houses", data.name(item)));
    }
    let mut correct = 0usize;
    for (row, truth) in grid[..n].iter().zip(&data.solution) {
        correct += row[..m].iter().zip(truth).filter(|(a, b)| a == b).count();
    }
    let cells = n * m;
    if correct == cells {
        return Verdict::correct();
    }
    Verdict::wrong(format!("{} of {cells} cells are wrong", cells - correct)).with_detail(json!({
        "cells_correct": correct,
        "cells": cells,
        "partial_credit": correct as f64 / cells as f64,
    }))
}

/// A table cell naming a house: `K`, `House K`, `#K` or `House #K`.
fn house_cell(cell: &str) -> Option<usize> {
    let cell = cell.trim();
    let rest = match cell.get(..5) {
        Some(head) if head.eq_ignore_ascii_case("house") => cell[5..].trim_start(),
        _ => cell,
    };
    let rest = rest.strip_prefix('#').unwrap_or(rest).trim_start();
    (!rest.is_empty() && rest.len() <= 3 && rest.bytes().all(|b| b.is_ascii_digit()))
        .then(|| rest.parse().ok())
        .flatten()
}

/// `House K <sep> rest` → (K, rest). The separator is `:`, `=`, `-`, `–`, `—`, `->` or `→`, or
/// nothing when no values follow on the line; `House K (values)` also reads, and a gloss on
/// the house's place (`House 1 (leftmost):`, see [`place_gloss`]) before the separator is read
/// through when it is true of house K.
fn house_line(line: &str, houses: usize) -> Option<(usize, &str)> {
    let head = line.get(..5)?;
    if !head.eq_ignore_ascii_case("house") {
        return None;
    }
    let rest = line[5..].trim_start();
    let rest = rest.strip_prefix('#').unwrap_or(rest).trim_start();
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 3 {
        return None;
    }
    let h = rest[..digits].parse().ok()?;
    let rest = rest[digits..].trim_start();
    let rest = place_gloss(rest, h, houses).unwrap_or(rest);
    if rest.is_empty() {
        return Some((h, rest));
    }
    if let Some(inner) = rest.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
        return Some((h, inner));
    }
    for sep in ["->", ":", "=", "-", "–", "—", "→"] {
        if let Some(after) = rest.strip_prefix(sep) {
            return Some((h, after));
        }
    }
    None
}

/// `rest` after a parenthesised gloss on house `h`'s place that is true of it: `(leftmost)`,
/// `(far left)`, `(first)` for house 1, `(rightmost)`, `(far right)`, `(last)` for the last,
/// `(middle)` for the middle one of an odd row. `None` for anything else, which then stays in
/// the line (a gloss that is wrong about the house is no gloss).
fn place_gloss(rest: &str, h: usize, houses: usize) -> Option<&str> {
    let inner_end = rest.strip_prefix('(')?.find(')')? + 1;
    let gloss = rest[1..inner_end].trim().to_ascii_lowercase();
    let true_of_h = match gloss.as_str() {
        "leftmost" | "far left" | "first" => h == 1,
        "rightmost" | "far right" | "last" => h == houses,
        "middle" => houses % 2 == 1 && h == houses / 2 + 1,
        _ => false,
    };
    let after = rest[inner_end + 1..].trim_start();
    // A gloss only stands before the separator: `House 1 (leftmost)` alone would be the values.
    (true_of_h && !after.is_empty()).then_some(after)
}

/// Whether a label (a table header or `label:` prefix) may stand over a value of `attribute`:
/// its attribute name, `color` for `colour`, or a header that names no attribute at all.
fn label_fits(data: &ZebraData, label: &str, attribute: u8) -> bool {
    let label = label.trim();
    let names = |a: &super::Attribute| {
        let name = a.kind.name();
        label.eq_ignore_ascii_case(name)
            || (name == "colour" && label.eq_ignore_ascii_case("color"))
    };
    match data.attributes.iter().position(names) {
        Some(a) => a == usize::from(attribute),
        None => !Kind::ALL.iter().any(|k| {
            label.eq_ignore_ascii_case(k.name())
                || (*k == Kind::Colour && label.eq_ignore_ascii_case("color"))
        }),
    }
}

/// The item a value text names, optionally labelled `attribute: value` or `attribute = value`.
/// `guess` is tried first, then the rest of its attribute, then the other attributes: answers
/// usually follow the prompt's order, and since no name is shared the order changes nothing but
/// speed.
fn lookup(data: &ZebraData, text: &str, guess: Item) -> Option<Item> {
    let text = text.trim();
    let (label, value) = match text.bytes().position(|b| b == b':' || b == b'=') {
        Some(i) => (Some(text[..i].trim()), value_text(&text[i + 1..])),
        None => (None, text),
    };
    let find = |a: usize| {
        data.attributes[a]
            .values
            .iter()
            .position(|name| name.eq_ignore_ascii_case(value))
            .map(|v| (a, v))
    };
    let m = data.attributes.len();
    let first = usize::from(guess.attribute).min(m.saturating_sub(1));
    let guessed = data.attributes[first]
        .values
        .get(usize::from(guess.value))
        .is_some_and(|name| name.eq_ignore_ascii_case(value));
    let (a, v) = if guessed {
        (first, usize::from(guess.value))
    } else {
        find(first).or_else(|| (0..m).filter(|&a| a != first).find_map(find))?
    };
    // A `label:` prefix must name this value's attribute exactly.
    let label_ok = label.is_none_or(|l| {
        let name = data.attributes[a].kind.name();
        l.eq_ignore_ascii_case(name) || (name == "colour" && l.eq_ignore_ascii_case("color"))
    });
    label_ok.then_some(Item {
        attribute: a as u8,
        value: v as u8,
    })
}

fn verify_question(data: &ZebraData, q: Question, answer: &str) -> Verdict {
    let Some(h) = data.house_of(q.about) else {
        return unparsable("the record's question names no house");
    };
    match q.attribute {
        None => match read_house(answer) {
            None => unparsable("the answer is not a house number"),
            Some(k) if k == h + 1 => Verdict::correct(),
            Some(_) => Verdict::wrong("wrong house"),
        },
        Some(a) => {
            let truth = Item {
                attribute: a,
                value: data.solution[h][usize::from(a)],
            };
            match read_value(data, a, answer, Some(truth.value)) {
                Err(why) => unparsable(why),
                Ok(item) if item == truth => Verdict::correct(),
                Ok(item) if item.attribute != a => {
                    Verdict::wrong("the answer is a value of another attribute")
                }
                Ok(_) => Verdict::wrong("wrong value"),
            }
        }
    }
}

/// The house number a house question's answer names, if it reads as one.
pub(super) fn read_house(answer: &str) -> Option<usize> {
    let text = forms::strip_emphasis(answer);
    house_number(forms::strip_full_stop(text.trim()))
}

/// The item a value question's answer names, asked for attribute `a`; `Err` says why it is
/// unparsable. `hint` is the stored value, tried first (a speed-up only), or `None` to read
/// without it.
pub(super) fn read_value(
    data: &ZebraData,
    a: u8,
    answer: &str,
    hint: Option<u8>,
) -> Result<Item, String> {
    let text = forms::strip_emphasis(answer);
    let text = forms::strip_full_stop(text.trim());
    let value = strip_word(text, "the").unwrap_or(text);
    // `drink: coffee`, `drink = coffee`, `the drink is coffee`: the label must be the
    // attribute asked for; `lookup` checks it names the value's attribute.
    let asked = data.attributes[usize::from(a)].kind.name();
    let labelled = strip_label(value, asked);
    let value = labelled.unwrap_or(value);
    if value.contains([':', '=', ',', ';']) {
        return Err("the answer is not a single value".to_owned());
    }
    let guess = Item {
        attribute: a,
        value: hint.unwrap_or(UNSET),
    };
    let Some(item) = lookup(data, value_text(value), guess) else {
        return Err(format!("`{}` is not a value of this puzzle", clip(value)));
    };
    if item.attribute != a && labelled.is_some() {
        return Err(format!("`{}` is not a {asked}", clip(value)));
    }
    Ok(item)
}

/// `text` after a leading `LABEL:`, `LABEL =` or `LABEL is` where LABEL names `attribute`
/// (`color` for `colour` too); `None` when there is no such label.
fn strip_label<'a>(text: &'a str, attribute: &str) -> Option<&'a str> {
    let end = text.bytes().position(|b| !b.is_ascii_alphabetic())?;
    let label = &text[..end];
    let fits = label.eq_ignore_ascii_case(attribute)
        || (attribute == "colour" && label.eq_ignore_ascii_case("color"));
    if !fits {
        return None;
    }
    let rest = text[end..].trim_start();
    let rest = match rest.strip_prefix([':', '=']) {
        Some(r) => r,
        None => strip_word(rest, "is")?,
    };
    let rest = rest.trim_start();
    Some(strip_word(rest, "the").unwrap_or(rest))
}

/// The house a house answer names: `2`, `house 2`, `House #2`, `house number 2`, `in house 2`,
/// `the second house`, `2nd`, `two`. Anything else, such as two numbers, is `None`.
fn house_number(text: &str) -> Option<usize> {
    const WORDS: [&str; 7] = ["one", "two", "three", "four", "five", "six", "seven"];
    const ORDINALS: [&str; 7] = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh",
    ];
    let mut number = None;
    let mut fillers = 0u8;
    for (i, token) in text
        .split(|c: char| c.is_whitespace() || matches!(c, ':' | '=' | '#'))
        .filter(|t| !t.is_empty())
        .enumerate()
    {
        let lower = token.to_ascii_lowercase();
        let filler = match lower.as_str() {
            "in" | "the" if i == 0 || (i == 1 && fillers == 1) => 1,
            "house" => 2,
            "number" | "no" => 4,
            _ => 0,
        };
        if filler != 0 {
            if fillers & filler != 0 && filler != 1 {
                return None;
            }
            fillers |= filler;
            continue;
        }
        if number.is_some() {
            return None;
        }
        let digits = lower.bytes().take_while(u8::is_ascii_digit).count();
        let value = if digits > 0 && digits <= 3 {
            let k: usize = lower[..digits].parse().ok()?;
            let suffix = &lower[digits..];
            let ordinal = match k % 100 {
                11..=13 => "th",
                _ => match k % 10 {
                    1 => "st",
                    2 => "nd",
                    3 => "rd",
                    _ => "th",
                },
            };
            (suffix.is_empty() || suffix == ordinal).then_some(k)?
        } else {
            let word = |list: &[&str]| list.iter().position(|w| *w == lower).map(|i| i + 1);
            word(&WORDS).or_else(|| word(&ORDINALS))?
        };
        number = Some(value);
    }
    number
}

#[cfg(test)]
mod tests {
    use super::super::vocab::Kind;
    use super::super::{Attribute, Item, Question};
    use super::*;

    /// House 1: red, Brit, dog; house 2: green, Swede, cat; house 3: blue, Dane, bird.
    fn data(question: Option<Question>) -> ZebraData {
        let attr = |kind: Kind, values: [&str; 3]| Attribute {
            kind,
            values: values.map(str::to_owned).to_vec(),
        };
        ZebraData {
            houses: 3,
            attributes: vec![
                attr(Kind::Colour, ["red", "green", "blue"]),
                attr(Kind::Nationality, ["Brit", "Swede", "Dane"]),
                attr(Kind::Pet, ["dog", "cat", "bird"]),
            ],
            clues: Vec::new(),
            solution: vec![vec![0, 0, 0], vec![1, 1, 1], vec![2, 2, 2]],
            question,
        }
    }

    fn judge(answer: &str) -> Verdict {
        verify(&data(None), &format!("<answer>{answer}</answer>"))
    }

    const RIGHT: &str =
        "House 1: red, Brit, dog\nHouse 2: green, Swede, cat\nHouse 3: blue, Dane, bird";

    #[test]
    fn the_grid_in_every_accepted_variant() {
        for form in [
            RIGHT,
            "Solution:\nHouse 1: red, Brit, dog\nHouse 2: green, Swede, cat\nHouse 3: blue, Dane, bird",
            "House 1 (leftmost): red, Brit, dog\nHouse 2 (middle): green, Swede, cat\nHouse 3 (rightmost): blue, Dane, bird",
            "\n  house 3 : BLUE ,dane, Bird \n\nHOUSE 1: dog; Brit; red\nHouse 2:cat,green,swede\n",
            "House 1: colour: red, nationality = Brit, pet: dog\nHouse 2: color=green, Swede, cat\n\
             House 3: blue, Dane, bird",
            "- House 1: red, Brit, dog\n- House 2: green, Swede, cat\n- House 3: blue, Dane, bird",
            "1. House 1 - red, Brit, dog.\n2. House 2 - green, Swede, cat.\n3. House 3 - blue, Dane, bird.",
            "**House 1**: red, Brit, dog,\n**House 2**: green, Swede, cat,\n**House 3**: blue, Dane, bird,",
            "House 1: red, the Brit, dog\nHouse #2 = green / Swede / cat\nHouse 3 (blue, Dane and bird)",
            "House 1:\n- colour: red\n- nationality: Brit\n- pet: dog\nHouse 2:\n- green\n- Swede\n- cat\n\nHouse 3: blue\n  Dane, bird",
            "| House | Colour | Nationality | Pet |\n|:---:|---|---|---|\n| 1 | red | Brit | dog |\n| 2 | green | Swede | cat |\n| House 3 | **blue** | Dane | bird |",
            "| 1 | red | Brit | dog |\n| 2 | green | Swede | cat |\n| 3 | blue | Dane | bird |",
            "| Attribute | House 1 | House 2 | House 3 |\n|---|---|---|---|\n| Color | red | green | blue |\n| Nationality | Brit | Swede | Dane |\n| Pet | dog | cat | bird |",
        ] {
            let v = judge(form);
            assert!(v.correct, "{form}: {v:?}");
        }
    }

    #[test]
    fn a_valid_wrong_grid_gets_partial_credit_only_in_detail() {
        let v =
            judge("House 1: green, Brit, dog\nHouse 2: red, Swede, cat\nHouse 3: blue, Dane, bird");
        assert_eq!((v.reason, v.score), (Reason::WrongAnswer, 0.0));
        let d = v.detail.unwrap();
        assert_eq!(
            (d["cells_correct"].as_u64(), d["cells"].as_u64()),
            (Some(7), Some(9))
        );
    }

    #[test]
    fn a_value_in_two_houses_is_wrong_without_credit() {
        let v =
            judge("House 1: red, Brit, dog\nHouse 2: red, Swede, cat\nHouse 3: blue, Dane, bird");
        assert_eq!(v.reason, Reason::WrongAnswer);
        assert!(v.detail.is_none() && v.message.contains("red"));
    }

    #[test]
    fn malformed_grids_are_unparsable() {
        for form in [
            "House 1: red, Brit, dog\nHouse 2: green, Swede, cat",
            "House 1: red, Brit, dog\nHouse 2: green, Swede, cat\nHouse 2: blue, Dane, bird",
            "House 1: red, Brit, dog\nHouse 2: green, Swede, cat\nHouse 4: blue, Dane, bird",
            "House 1: red, Brit\nHouse 2: green, Swede, cat, dog\nHouse 3: blue, Dane, bird",
            "House 1: red, Brit, dog, dog\nHouse 2: green, Swede, cat\nHouse 3: blue, Dane, bird",
            "House 1: red, green, dog\nHouse 2: Brit, Swede, cat\nHouse 3: blue, Dane, bird",
            "House 1: red, Brit, zebra\nHouse 2: green, Swede, cat\nHouse 3: blue, Dane, bird",
            "House 1: pet: red, Brit, dog\nHouse 2: green, Swede, cat\nHouse 3: blue, Dane, bird",
            "House 1: red or green, Brit, dog\nHouse 2: green, Swede, cat\nHouse 3: blue, Dane, bird",
            "1: red, Brit, dog\n2: green, Swede, cat\n3: blue, Dane, bird",
            "Solution:\nHouse 1: red, Brit, dog\nHouse 2: green, Swede, cat\nHouse 3: blue, Dane, bird\nOr: none",
            "House 1 (rightmost): red, Brit, dog\nHouse 2: green, Swede, cat\nHouse 3: blue, Dane, bird",
            "House 1 (maybe): red, Brit, dog\nHouse 2: green, Swede, cat\nHouse 3: blue, Dane, bird",
            "House 1 (leftmost)\nHouse 2: green, Swede, cat\nHouse 3: blue, Dane, bird",
            "House 1: red, Brit, dog\nHouse 2: green, Swede, cat\nHouse 3: blue, Dane",
            "House 1: red, Brit, dog\nHouse 2: green, Swede, cat\nHouse 3:\n- blue\n- Dane\n- bird\n- fish",
            "| House | colour | nationality | pet |\n|---|---|---|---|\n| 1 | red | Brit | dog |\n| 2 | green | Swede | cat |",
            "| House | pet | nationality | colour |\n|---|---|---|---|\n| 1 | red | Brit | dog |\n| 2 | green | Swede | cat |\n| 3 | blue | Dane | bird |",
            "| House | colour | nationality | pet |\n|---|---|---|---|\n| 1 | red | Brit | dog |\n| 2 | green | Swede | cat |\n| 3 | blue | Dane | bird |\n| 3 | blue | Dane | bird |",
            "| House | colour | nationality | pet |\n|---|---|---|---|\n| 1 | red | Brit | dog |\n| 2 | green | Swede | cat |\n| 3 | blue | Dane | bird | fish |",
            "| | House 1 | House 2 | House 3 |\n|---|---|---|---|\n| colour | red | green | blue |\n| pet | Brit | Swede | Dane |\n| pet | dog | cat | bird |",
            "House 1 - red, Brit, dog\nHouse 2 - green, Swede, cat\nHouse 3 - blue, Dane, bird, and fish",
            &format!("{RIGHT}\nThe zebra is nowhere."),
            "House 99999999999999999999: red, Brit, dog",
        ] {
            let v = judge(form);
            assert_eq!(v.reason, Reason::UnparsableAnswer, "{form}");
        }
    }

    #[test]
    fn questions_take_one_value_or_house_number() {
        let about = Item {
            attribute: 2,
            value: 1,
        };
        let nationality = data(Some(Question {
            about,
            attribute: Some(1),
        }));
        let ask = |d: &ZebraData, a: &str| verify(d, &format!("<answer>{a}</answer>")).reason;
        for right in ["Swede", "swede", "the Swede", " The SWEDE "] {
            assert_eq!(ask(&nationality, right), Reason::Correct, "{right}");
        }
        assert_eq!(ask(&nationality, "Dane"), Reason::WrongAnswer);
        assert_eq!(ask(&nationality, "green"), Reason::WrongAnswer);
        for right in [
            "the Swede.",
            "nationality: Swede",
            "**Nationality**: the Swede",
            "The nationality is Swede",
            "`Swede`",
        ] {
            assert_eq!(ask(&nationality, right), Reason::Correct, "{right}");
        }
        for bad in [
            "Swede, Dane",
            "Swede or Dane",
            "Swedish",
            "2",
            "pet: Swede",
            "nationality: green",
            "nationality: Swede, Dane",
        ] {
            assert_eq!(ask(&nationality, bad), Reason::UnparsableAnswer, "{bad}");
        }
        let house = data(Some(Question {
            about,
            attribute: None,
        }));
        for right in [
            "2",
            "house 2",
            "House  2",
            "House #2.",
            "in house 2",
            "the second house",
            "2nd",
            "two",
            "house number: 2",
        ] {
            assert_eq!(ask(&house, right), Reason::Correct, "{right}");
        }
        assert_eq!(ask(&house, "3"), Reason::WrongAnswer);
        assert_eq!(ask(&house, "third"), Reason::WrongAnswer);
        for bad in [
            "house",
            "-2",
            "cat",
            "2 or 3",
            "house 2, house 3",
            "2th",
            "house 2 house",
            "2.5",
        ] {
            assert_eq!(ask(&house, bad), Reason::UnparsableAnswer, "{bad}");
        }
    }

    #[test]
    fn a_malformed_record_is_a_verifier_error_not_a_panic() {
        type Break = fn(&mut ZebraData);
        let broken: [(Break, &str); 8] = [
            (|d| d.houses = 9, "houses is 9"),
            (|d| d.solution[0][0] = 7, "not a permutation"),
            (|d| d.solution[0][0] = 1, "not a permutation"),
            (
                |d| d.solution[2].pop().map(drop).unwrap_or(()),
                "solution[2]",
            ),
            (
                |d| d.attributes[2].values[0] = "Red".into(),
                "already a value",
            ),
            (
                |d| d.attributes[2].values[0] = "House".into(),
                "word of the answer",
            ),
            (
                |d| d.attributes[1].values.push("Finn".into()),
                "one per house",
            ),
            (
                |d| {
                    d.question = Some(Question {
                        about: Item {
                            attribute: 1,
                            value: 0,
                        },
                        attribute: Some(1),
                    })
                },
                "question.attribute",
            ),
        ];
        for (break_it, why) in broken {
            let mut d = data(None);
            break_it(&mut d);
            let v = verify(&d, &format!("<answer>{RIGHT}</answer>"));
            assert_eq!(v.reason, Reason::VerifierError, "{why}");
            assert!(v.message.contains(why), "{why}: {}", v.message);
        }
    }
}
