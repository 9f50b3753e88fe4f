//! Clues: their structured form, their truth in an assignment, and their English rendering.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Attribute, Item};

/// One clue. Items name an attribute value; "left" means a lower house number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Clue {
    /// `a` and `b` are in the same house.
    Same {
        /// The first item.
        a: Item,
        /// The second item, of another attribute.
        b: Item,
    },
    /// `a` and `b` are in different houses.
    NotSame {
        /// The first item.
        a: Item,
        /// The second item, of another attribute.
        b: Item,
    },
    /// `a`'s house number is lower than `b`'s.
    LeftOf {
        /// The item further left.
        a: Item,
        /// The item further right.
        b: Item,
    },
    /// `a`'s house number is exactly one lower than `b`'s.
    DirectlyLeft {
        /// The item on the left.
        a: Item,
        /// The item on the right.
        b: Item,
    },
    /// The house numbers of `a` and `b` differ by exactly one.
    NextTo {
        /// One item.
        a: Item,
        /// The other item.
        b: Item,
    },
    /// `a` is in house `house` (1-based).
    Position {
        /// The item.
        a: Item,
        /// Its house number, from 1.
        house: u8,
    },
}

/// The kinds of clue, for weights and counting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClueKind {
    /// [`Clue::Same`]
    Same,
    /// [`Clue::NotSame`]
    NotSame,
    /// [`Clue::LeftOf`]
    LeftOf,
    /// [`Clue::DirectlyLeft`]
    DirectlyLeft,
    /// [`Clue::NextTo`]
    NextTo,
    /// [`Clue::Position`]
    Position,
}

impl ClueKind {
    /// Every kind, in the order of the weights in the params.
    pub const ALL: [ClueKind; 6] = [
        ClueKind::Same,
        ClueKind::NotSame,
        ClueKind::LeftOf,
        ClueKind::DirectlyLeft,
        ClueKind::NextTo,
        ClueKind::Position,
    ];
}

impl Clue {
    /// Whether the clue holds when `house_of(item)` is the 0-based house of each item.
    pub fn holds(&self, house_of: impl Fn(Item) -> u8) -> bool {
        match *self {
            Clue::Same { a, b } => house_of(a) == house_of(b),
            Clue::NotSame { a, b } => house_of(a) != house_of(b),
            Clue::LeftOf { a, b } => house_of(a) < house_of(b),
            Clue::DirectlyLeft { a, b } => house_of(a) + 1 == house_of(b),
            Clue::NextTo { a, b } => house_of(a).abs_diff(house_of(b)) == 1,
            Clue::Position { a, house } => house_of(a) + 1 == house,
        }
    }

    /// The clue as an English sentence.
    pub fn render(&self, attributes: &[Attribute]) -> String {
        let name = |item: Item| {
            let attr = &attributes[usize::from(item.attribute)];
            attr.kind.phrase(&attr.values[usize::from(item.value)])
        };
        let sentence = match *self {
            Clue::Same { a, b } => format!("{} is {}.", name(a), name(b)),
            Clue::NotSame { a, b } => format!("{} is not {}.", name(a), name(b)),
            Clue::LeftOf { a, b } => {
                format!("{} lives somewhere to the left of {}.", name(a), name(b))
            }
            Clue::DirectlyLeft { a, b } => {
                format!("{} lives directly to the left of {}.", name(a), name(b))
            }
            Clue::NextTo { a, b } => format!("{} lives next to {}.", name(a), name(b)),
            Clue::Position { a, house } => format!("{} lives in house {house}.", name(a)),
        };
        capitalize(sentence)
    }
}

fn capitalize(mut s: String) -> String {
    if let Some(first) = s.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    s
}
