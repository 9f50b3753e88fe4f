// Weak suite for the strings repo: a few happy-path cases.

#[test]
fn capitalize_basic() {
    assert_eq!(capitalize_words("hello world"), "Hello World");
}

#[test]
fn reverse_words_basic() {
    assert_eq!(reverse_words("one two three"), "three two one");
}

#[test]
fn rle_basic() {
    assert_eq!(run_length_encode("aaab"), "a3b");
}

#[test]
fn anagram_basic() {
    assert!(is_anagram("listen", "silent"));
}

#[test]
fn truncate_long() {
    assert_eq!(truncate("hello world", 8), "hello...");
}

#[test]
fn caesar_basic() {
    assert_eq!(caesar("abc", 1), "bcd");
}
