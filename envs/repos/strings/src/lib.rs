//! String processing: word case, reversal, run-length encoding, anagrams, prefixes, truncation
//! and a Caesar cipher. All functions work on Unicode scalar values (`char`s) unless a doc
//! comment says ASCII.

/// Capitalizes every word of `s`: the first character of each word is upper-cased and the rest
/// lower-cased. Words are maximal runs of non-whitespace; in the result they are joined by single
/// spaces, with no leading or trailing whitespace (`"  hELLO   wORLD "` → `"Hello World"`).
pub fn capitalize_words(s: &str) -> String {
    let mut words = Vec::new();
    for word in s.split_whitespace() {
        let mut chars = word.chars();
        let mut out = String::new();
        if let Some(first) = chars.next() {
            out.extend(first.to_uppercase());
        }
        out.push_str(&chars.as_str().to_lowercase());
        words.push(out);
    }
    words.join(" ")
}

/// The words of `s` (maximal runs of non-whitespace) in reverse order, joined by single spaces.
/// An empty or all-whitespace string gives an empty string.
pub fn reverse_words(s: &str) -> String {
    let mut words: Vec<&str> = s.split_whitespace().collect();
    words.reverse();
    words.join(" ")
}

/// Run-length encoding: each maximal run of one character becomes the character followed by the
/// run's length, except that runs of length 1 are written as the bare character
/// (`"aaabccdddd"` → `"a3bc2d4"`). The empty string encodes to the empty string.
pub fn run_length_encode(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let mut j = i + 1;
        while j < chars.len() && chars[j] == chars[i] {
            j += 1;
        }
        out.push(chars[i]);
        let run = j - i;
        if run > 1 {
            out.push_str(&run.to_string());
        }
        i = j;
    }
    out
}

/// Whether `a` and `b` are anagrams: the same multiset of alphabetic characters, ignoring case
/// and every non-alphabetic character (`"Dormitory"` and `"dirty room!"` are anagrams). Case is
/// ignored by comparing lower-case mappings (`char::to_lowercase`; `'ß'` stays `'ß'`, so `"ß"` and
/// `"ss"` are not anagrams). Two strings without letters are anagrams of each other.
pub fn is_anagram(a: &str, b: &str) -> bool {
    let key = |s: &str| {
        let mut letters: Vec<char> = s
            .chars()
            .filter(|c| c.is_alphabetic())
            .flat_map(|c| c.to_lowercase())
            .collect();
        letters.sort_unstable();
        letters
    };
    key(a) == key(b)
}

/// The longest string that every word in `words` starts with (compared character by character,
/// case-sensitively). The empty list has the empty string as its prefix.
pub fn longest_common_prefix(words: &[&str]) -> String {
    let Some(first) = words.first() else {
        return String::new();
    };
    let mut len = first.chars().count();
    for word in &words[1..] {
        let common = first
            .chars()
            .zip(word.chars())
            .take_while(|(x, y)| x == y)
            .count();
        len = len.min(common);
    }
    first.chars().take(len).collect()
}

/// Shortens `s` to at most `max` characters. A string of at most `max` characters is returned
/// unchanged. A longer one keeps its first `max - 3` characters followed by `"..."`, so the result
/// has exactly `max` characters; when `max < 3` there is no room for the dots and the result is
/// the first `max` characters.
pub fn truncate(s: &str, max: usize) -> String {
    let count = s.chars().count();
    if count <= max {
        return s.to_string();
    }
    if max < 3 {
        return s.chars().take(max).collect();
    }
    let mut out: String = s.chars().take(max - 3).collect();
    out.push_str("...");
    out
}

/// The Caesar cipher: every ASCII letter moves `shift` places along the alphabet, wrapping around
/// (`'z'` shifted by 1 is `'a'`) and keeping its case; `shift` may be negative or larger than 26.
/// Every other character is kept as it is.
pub fn caesar(s: &str, shift: i32) -> String {
    let k = shift.rem_euclid(26) as u8;
    s.chars()
        .map(|c| {
            if c.is_ascii_lowercase() {
                ((c as u8 - b'a' + k) % 26 + b'a') as char
            } else if c.is_ascii_uppercase() {
                ((c as u8 - b'A' + k) % 26 + b'A') as char
            } else {
                c
            }
        })
        .collect()
}

/// The number of times `needle` occurs in `haystack`, counting overlapping occurrences
/// (`"aa"` occurs 3 times in `"aaaa"`). An empty needle occurs 0 times.
pub fn count_occurrences(haystack: &str, needle: &str) -> usize {
    let h = haystack.as_bytes();
    let n = needle.as_bytes();
    if n.is_empty() || n.len() > h.len() {
        return 0;
    }
    let mut count = 0;
    for start in 0..=h.len() - n.len() {
        if &h[start..start + n.len()] == n {
            count += 1;
        }
    }
    count
}
