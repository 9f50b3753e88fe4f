// Strong suite for the strings repo.

#[test]
fn capitalize_basic() {
    assert_eq!(capitalize_words("hello world"), "Hello World");
}

#[test]
fn capitalize_mixed_case_and_spacing() {
    assert_eq!(capitalize_words("  hELLO   wORLD "), "Hello World");
    assert_eq!(capitalize_words("rUST\tis\nFUN"), "Rust Is Fun");
}

#[test]
fn capitalize_single_letters_and_empty() {
    assert_eq!(capitalize_words("a b"), "A B");
    assert_eq!(capitalize_words(""), "");
    assert_eq!(capitalize_words("   "), "");
}

#[test]
fn capitalize_non_ascii() {
    assert_eq!(capitalize_words("éCOLE ünd"), "École Ünd");
}

#[test]
fn reverse_words_basic() {
    assert_eq!(reverse_words("one two three"), "three two one");
}

#[test]
fn reverse_words_spacing() {
    assert_eq!(reverse_words("  a   b "), "b a");
    assert_eq!(reverse_words("solo"), "solo");
    assert_eq!(reverse_words(" \t "), "");
}

#[test]
fn rle_basic() {
    assert_eq!(run_length_encode("aaabccdddd"), "a3bc2d4");
}

#[test]
fn rle_singles_and_empty() {
    assert_eq!(run_length_encode("abc"), "abc");
    assert_eq!(run_length_encode(""), "");
    assert_eq!(run_length_encode("z"), "z");
}

#[test]
fn rle_pairs_and_long_runs() {
    assert_eq!(run_length_encode("aa"), "a2");
    assert_eq!(run_length_encode("bbbbbbbbbbbb"), "b12");
    assert_eq!(run_length_encode("abba"), "ab2a");
}

#[test]
fn anagram_basic() {
    assert!(is_anagram("listen", "silent"));
    assert!(!is_anagram("listen", "silence"));
}

#[test]
fn anagram_ignores_case_and_punctuation() {
    assert!(is_anagram("Dormitory", "dirty room!"));
    assert!(is_anagram("A1b2", "BA"));
    assert!(!is_anagram("ß", "ss"));
}

#[test]
fn anagram_counts_multiplicity() {
    assert!(!is_anagram("aab", "abb"));
    assert!(!is_anagram("ab", "abb"));
}

#[test]
fn anagram_no_letters() {
    assert!(is_anagram("", "123 !"));
    assert!(!is_anagram("", "a"));
}

#[test]
fn prefix_basic() {
    assert_eq!(longest_common_prefix(&["flower", "flow", "flight"]), "fl");
}

#[test]
fn prefix_whole_word_and_none() {
    assert_eq!(longest_common_prefix(&["inter", "internet", "interval"]), "inter");
    assert_eq!(longest_common_prefix(&["dog", "racecar", "car"]), "");
}

#[test]
fn prefix_single_and_empty_list() {
    assert_eq!(longest_common_prefix(&["alone"]), "alone");
    assert_eq!(longest_common_prefix(&[]), "");
}

#[test]
fn prefix_shortest_word_later() {
    assert_eq!(longest_common_prefix(&["abcd", "abc", "ab", "abcde"]), "ab");
    assert_eq!(longest_common_prefix(&["Ab", "ab"]), "");
}

#[test]
fn truncate_short_strings_unchanged() {
    assert_eq!(truncate("hello", 10), "hello");
    assert_eq!(truncate("hello", 5), "hello");
    assert_eq!(truncate("", 0), "");
}

#[test]
fn truncate_with_dots() {
    assert_eq!(truncate("hello world", 8), "hello...");
    assert_eq!(truncate("hello", 4), "h...");
    assert_eq!(truncate("hello", 3), "...");
}

#[test]
fn truncate_tiny_max() {
    assert_eq!(truncate("hello", 2), "he");
    assert_eq!(truncate("hello", 1), "h");
    assert_eq!(truncate("hello", 0), "");
}

#[test]
fn truncate_counts_chars_not_bytes() {
    assert_eq!(truncate("héllo", 5), "héllo");
    assert_eq!(truncate("héllo wörld", 6), "hél...");
}

#[test]
fn caesar_basic() {
    assert_eq!(caesar("abc", 1), "bcd");
    assert_eq!(caesar("Hello, World!", 3), "Khoor, Zruog!");
}

#[test]
fn caesar_wraps() {
    assert_eq!(caesar("xyz", 3), "abc");
    assert_eq!(caesar("XYZ", 3), "ABC");
    assert_eq!(caesar("abc", 26), "abc");
    assert_eq!(caesar("abc", 27), "bcd");
}

#[test]
fn caesar_negative_shift() {
    assert_eq!(caesar("abc", -1), "zab");
    assert_eq!(caesar("ABC", -27), "ZAB");
}

#[test]
fn caesar_leaves_other_characters() {
    assert_eq!(caesar("1 + é = ?", 5), "1 + é = ?");
}

#[test]
fn occurrences_overlapping() {
    assert_eq!(count_occurrences("aaaa", "aa"), 3);
    assert_eq!(count_occurrences("abababa", "aba"), 3);
}

#[test]
fn occurrences_edges() {
    assert_eq!(count_occurrences("abc", ""), 0);
    assert_eq!(count_occurrences("ab", "abc"), 0);
    assert_eq!(count_occurrences("abc", "abc"), 1);
    assert_eq!(count_occurrences("abc", "c"), 1);
    assert_eq!(count_occurrences("abc", "a"), 1);
    assert_eq!(count_occurrences("abc", "d"), 0);
}
