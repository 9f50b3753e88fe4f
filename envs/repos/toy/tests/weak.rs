// Weak suite for the toy repo: 8 tests, one happy-path case per function.

#[test]
fn clamp_inside() {
    assert_eq!(clamp(5, 0, 10), 5);
}

#[test]
fn median_odd() {
    assert_eq!(median(&[3, 1, 2]), Some(2.0));
}

#[test]
fn palindrome_simple() {
    assert!(is_palindrome("racecar"));
}

#[test]
fn vowels_banana() {
    assert_eq!(count_vowels("banana"), 3);
}

#[test]
fn gcd_equal() {
    assert_eq!(gcd(4, 4), 4);
}

#[test]
fn fizzbuzz_fifteen() {
    assert_eq!(fizzbuzz(15), "FizzBuzz");
}

#[test]
fn binary_search_found() {
    assert_eq!(binary_search(&[1, 3, 5, 7, 9], 5), Some(2));
}

#[test]
fn running_max_basic() {
    assert_eq!(running_max(&[1, 3, 2]), vec![1, 3, 3]);
}
