// Strong suite for the toy repo: 36 tests, boundaries and both parities included.

#[test]
fn clamp_inside() {
    assert_eq!(clamp(5, 0, 10), 5);
}

#[test]
fn clamp_below() {
    assert_eq!(clamp(-3, 0, 10), 0);
}

#[test]
fn clamp_above() {
    assert_eq!(clamp(42, 0, 10), 10);
}

#[test]
fn clamp_at_bounds() {
    assert_eq!(clamp(0, 0, 10), 0);
    assert_eq!(clamp(10, 0, 10), 10);
}

#[test]
fn clamp_just_outside() {
    assert_eq!(clamp(-1, 0, 10), 0);
    assert_eq!(clamp(11, 0, 10), 10);
}

#[test]
fn clamp_degenerate_interval() {
    assert_eq!(clamp(7, 3, 3), 3);
    assert_eq!(clamp(-7, -2, -1), -2);
}

#[test]
fn median_empty() {
    assert_eq!(median(&[]), None);
}

#[test]
fn median_single() {
    assert_eq!(median(&[7]), Some(7.0));
}

#[test]
fn median_odd_unsorted() {
    assert_eq!(median(&[9, 1, 5]), Some(5.0));
    assert_eq!(median(&[4, 8, 1, 3, 2]), Some(3.0));
}

#[test]
fn median_even_fractional() {
    assert_eq!(median(&[1, 2]), Some(1.5));
    assert_eq!(median(&[4, 1, 3, 2]), Some(2.5));
}

#[test]
fn median_even_negative() {
    assert_eq!(median(&[-10, 4, -2, 0, 8, 6]), Some(2.0));
}

#[test]
fn median_does_not_modify_input() {
    let v = vec![3, 1, 2];
    assert_eq!(median(&v), Some(2.0));
    assert_eq!(v, vec![3, 1, 2]);
}

#[test]
fn palindrome_simple() {
    assert!(is_palindrome("racecar"));
    assert!(is_palindrome("abba"));
}

#[test]
fn palindrome_rejects() {
    assert!(!is_palindrome("abca"));
    assert!(!is_palindrome("ab"));
    assert!(!is_palindrome("abc"));
    assert!(!is_palindrome("sß"));
}

#[test]
fn palindrome_ignores_case_and_punctuation() {
    assert!(is_palindrome("A man, a plan, a canal: Panama!"));
    assert!(is_palindrome("No 'x' in Nixon"));
}

#[test]
fn palindrome_empty_and_symbols() {
    assert!(is_palindrome(""));
    assert!(is_palindrome("?!"));
    assert!(is_palindrome("x"));
}

#[test]
fn palindrome_digits_count() {
    assert!(is_palindrome("12a21"));
    assert!(!is_palindrome("12a31"));
}

#[test]
fn vowels_basic() {
    assert_eq!(count_vowels("education"), 5);
}

#[test]
fn vowels_uppercase() {
    assert_eq!(count_vowels("AEIOU aeiou"), 10);
}

#[test]
fn vowels_none_and_y() {
    assert_eq!(count_vowels(""), 0);
    assert_eq!(count_vowels("rhythm by xyz"), 0);
}

#[test]
fn vowels_each_letter() {
    assert_eq!(count_vowels("a"), 1);
    assert_eq!(count_vowels("e"), 1);
    assert_eq!(count_vowels("i"), 1);
    assert_eq!(count_vowels("o"), 1);
    assert_eq!(count_vowels("u"), 1);
    assert_eq!(count_vowels("b"), 0);
}

#[test]
fn gcd_basic() {
    assert_eq!(gcd(12, 18), 6);
    assert_eq!(gcd(18, 12), 6);
}

#[test]
fn gcd_coprime() {
    assert_eq!(gcd(17, 5), 1);
}

#[test]
fn gcd_zero() {
    assert_eq!(gcd(0, 0), 0);
    assert_eq!(gcd(0, 9), 9);
    assert_eq!(gcd(9, 0), 9);
}

#[test]
fn gcd_negative() {
    assert_eq!(gcd(-12, 18), 6);
    assert_eq!(gcd(12, -18), 6);
    assert_eq!(gcd(-7, 0), 7);
}

#[test]
fn fizzbuzz_plain() {
    assert_eq!(fizzbuzz(1), "1");
    assert_eq!(fizzbuzz(7), "7");
}

#[test]
fn fizzbuzz_fizz() {
    assert_eq!(fizzbuzz(3), "Fizz");
    assert_eq!(fizzbuzz(9), "Fizz");
}

#[test]
fn fizzbuzz_buzz() {
    assert_eq!(fizzbuzz(5), "Buzz");
    assert_eq!(fizzbuzz(10), "Buzz");
}

#[test]
fn fizzbuzz_both() {
    assert_eq!(fizzbuzz(15), "FizzBuzz");
    assert_eq!(fizzbuzz(0), "FizzBuzz");
}

#[test]
fn binary_search_found() {
    let v = [1, 3, 5, 7, 9, 11];
    assert_eq!(binary_search(&v, 1), Some(0));
    assert_eq!(binary_search(&v, 7), Some(3));
    assert_eq!(binary_search(&v, 11), Some(5));
}

#[test]
fn binary_search_absent() {
    let v = [1, 3, 5, 7, 9, 11];
    assert_eq!(binary_search(&v, 0), None);
    assert_eq!(binary_search(&v, 4), None);
    assert_eq!(binary_search(&v, 12), None);
}

#[test]
fn binary_search_empty_and_single() {
    assert_eq!(binary_search(&[], 3), None);
    assert_eq!(binary_search(&[3], 3), Some(0));
    assert_eq!(binary_search(&[3], 4), None);
}

#[test]
fn binary_search_every_element() {
    let v: Vec<i64> = (0..20).map(|x| x * 2).collect();
    for (i, &x) in v.iter().enumerate() {
        assert_eq!(binary_search(&v, x), Some(i));
        assert_eq!(binary_search(&v, x + 1), None);
    }
}

#[test]
fn running_max_basic() {
    assert_eq!(running_max(&[1, 3, 2, 5, 4]), vec![1, 3, 3, 5, 5]);
}

#[test]
fn running_max_empty() {
    assert_eq!(running_max(&[]), Vec::<i64>::new());
}

#[test]
fn running_max_negative_and_decreasing() {
    assert_eq!(running_max(&[-5, -7, -1, -9]), vec![-5, -5, -1, -1]);
    assert_eq!(running_max(&[i64::MIN]), vec![i64::MIN]);
}
