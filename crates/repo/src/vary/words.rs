//! The vocabulary fresh names are drawn from: plain English words that are no Rust keyword, no
//! prelude or common `std` name, and no word the mini repos use, so a renamed identifier can never
//! capture or shadow anything.

/// Nouns: one is a local's or a parameter's name, two joined by `_` a function's or a field's.
pub const NOUNS: &[&str] = &[
    "acorn", "anvil", "arrow", "aspen", "badge", "basin", "beacon", "birch", "bison", "bluff",
    "bramble", "brook", "cabin", "canopy", "cedar", "chalk", "cinder", "clover", "comet", "coral",
    "cove", "crane", "crest", "dune", "ember", "fable", "falcon", "fern", "fjord", "flint",
    "gable", "garnet", "glade", "granite", "gull", "harbor", "hazel", "heron", "hollow", "ivory",
    "jasper", "juniper", "kestrel", "lagoon", "lantern", "larch", "ledge", "lichen", "lupin",
    "maple", "marsh", "meadow", "mesa", "moss", "nectar", "nutmeg", "oak", "onyx", "orchid",
    "otter", "pebble", "pine", "plume", "quartz", "quill", "raven", "reed", "ridge", "robin",
    "saffron", "sage", "sparrow", "spruce", "summit", "thistle", "thorn", "thrush", "tulip",
    "tundra", "umber", "vale", "violet", "walnut", "willow", "wren", "yarrow", "zephyr",
];

/// Adjectives: the first half of a two-word function name and of a type or variant name.
pub const ADJECTIVES: &[&str] = &[
    "amber", "ashen", "azure", "bold", "brisk", "calm", "crisp", "dusky", "eager", "fleet",
    "gentle", "gilded", "hardy", "hushed", "jolly", "keen", "lofty", "lucid", "mellow", "misty",
    "nimble", "noble", "olive", "pale", "plucky", "quiet", "rosy", "rustic", "sable", "silent",
    "sleek", "snowy", "sober", "stout", "sunny", "tawny", "tidy", "vivid", "wary", "windy",
];

/// Rust's keywords, strict, reserved and weak: never a name.
pub const KEYWORDS: &[&str] = &[
    "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern",
    "false", "fn", "for", "gen", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut",
    "pub", "ref", "return", "self", "Self", "static", "struct", "super", "trait", "true", "type",
    "unsafe", "use", "where", "while", "abstract", "become", "box", "do", "final", "macro",
    "override", "priv", "typeof", "unsized", "virtual", "yield", "try", "union", "raw", "safe",
];

/// Upper camel case: `amber` → `Amber`.
pub fn camel(word: &str) -> String {
    let mut c = word.chars();
    match c.next() {
        Some(first) => first.to_ascii_uppercase().to_string() + c.as_str(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_vocabulary_is_clean() {
        let all: Vec<&str> = NOUNS.iter().chain(ADJECTIVES).copied().collect();
        for w in &all {
            assert!(w.bytes().all(|b| b.is_ascii_lowercase()), "{w}");
            assert!(!KEYWORDS.contains(w), "{w}");
        }
        let mut sorted = all.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), all.len(), "a word is listed twice");
    }
}
