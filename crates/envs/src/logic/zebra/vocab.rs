//! The fixed vocabularies of `zebra`: seven attribute kinds of seven values each, and how a value
//! is named in clues and questions. No value name is shared between kinds, so a value alone says
//! which attribute it belongs to.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// How many attribute kinds there are (and so most attributes a puzzle has).
pub const KINDS: usize = 7;
/// Most values an attribute has (and so most houses).
pub const VALUES_PER_KIND: usize = 7;

/// One attribute kind.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// The colour of the house.
    Colour,
    /// The nationality of its resident.
    Nationality,
    /// The resident's pet.
    Pet,
    /// The resident's drink.
    Drink,
    /// The resident's hobby.
    Hobby,
    /// The resident's job.
    Job,
    /// The resident's sport.
    Sport,
}

impl Kind {
    /// Every kind, in the order attributes are listed.
    pub const ALL: [Kind; KINDS] = [
        Kind::Colour,
        Kind::Nationality,
        Kind::Pet,
        Kind::Drink,
        Kind::Hobby,
        Kind::Job,
        Kind::Sport,
    ];

    /// The attribute's name in prompts and answer labels.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Colour => "colour",
            Kind::Nationality => "nationality",
            Kind::Pet => "pet",
            Kind::Drink => "drink",
            Kind::Hobby => "hobby",
            Kind::Job => "job",
            Kind::Sport => "sport",
        }
    }

    /// The vocabulary, in listing order.
    pub fn values(self) -> &'static [&'static str; VALUES_PER_KIND] {
        match self {
            Kind::Colour => &[
                "red", "green", "blue", "yellow", "white", "purple", "orange",
            ],
            Kind::Nationality => &[
                "Brit",
                "Swede",
                "Dane",
                "German",
                "Norwegian",
                "Japanese",
                "Spaniard",
            ],
            Kind::Pet => &["dog", "cat", "bird", "fish", "horse", "zebra", "rabbit"],
            Kind::Drink => &[
                "tea", "coffee", "milk", "water", "juice", "beer", "lemonade",
            ],
            Kind::Hobby => &[
                "chess",
                "painting",
                "reading",
                "gardening",
                "cooking",
                "hiking",
                "dancing",
            ],
            Kind::Job => &[
                "doctor", "teacher", "engineer", "artist", "lawyer", "pilot", "chef",
            ],
            Kind::Sport => &[
                "football", "tennis", "golf", "swimming", "cycling", "rugby", "boxing",
            ],
        }
    }

    /// How a clue names the resident with this value: "the Brit", "the tea drinker".
    pub fn phrase(self, value: &str) -> String {
        match self {
            Kind::Colour => format!("the person in the {value} house"),
            Kind::Nationality | Kind::Job => format!("the {value}"),
            Kind::Pet => format!("the {value} owner"),
            Kind::Drink => format!("the {value} drinker"),
            Kind::Hobby => format!("the person who enjoys {value}"),
            Kind::Sport => format!("the person who plays {value}"),
        }
    }

    /// The question asking for this attribute of the resident named by `who`.
    pub fn question(self, who: &str) -> String {
        match self {
            Kind::Colour => format!("What colour is the house of {who}?"),
            Kind::Nationality => format!("What is the nationality of {who}?"),
            Kind::Pet => format!("Which pet does {who} own?"),
            Kind::Drink => format!("What does {who} drink?"),
            Kind::Hobby => format!("What is the hobby of {who}?"),
            Kind::Job => format!("What is the job of {who}?"),
            Kind::Sport => format!("Which sport does {who} play?"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_value_name_is_shared_even_ignoring_case() {
        let mut all: Vec<String> = Kind::ALL
            .iter()
            .flat_map(|k| k.values().iter().map(|v| v.to_ascii_lowercase()))
            .collect();
        all.sort();
        let n = all.len();
        all.dedup();
        assert_eq!(all.len(), n);
        assert!(
            Kind::ALL
                .iter()
                .all(|k| !all.contains(&k.name().to_owned()))
        );
    }
}
