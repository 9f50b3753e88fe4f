//! The lecture's toy repository: eight small, independent functions.

/// Clamps `x` into the closed interval `[lo, hi]`.
///
/// Returns `lo` when `x < lo`, `hi` when `x > hi`, and `x` otherwise. The caller guarantees
/// `lo <= hi`.
pub fn clamp(x: i64, lo: i64, hi: i64) -> i64 {
    if x < lo {
        return lo;
    }
    if x > hi {
        return hi;
    }
    x
}

/// The median of `values`, or `None` for an empty slice.
///
/// The input need not be sorted and is not modified. For an odd length the median is the middle
/// element of the sorted values; for an even length it is the mean of the two middle elements,
/// which may be fractional (the median of `[1, 2]` is `1.5`).
pub fn median(values: &[i64]) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    let mut sorted = values.to_vec();
    sorted.sort();
    let n = sorted.len();
    let mid = n / 2;
    if n % 2 == 1 {
        Some(sorted[mid] as f64)
    } else {
        Some((sorted[mid - 1] + sorted[mid]) as f64 / 2.0)
    }
}

/// Whether `s` reads the same forwards and backwards, ignoring case and every character that is
/// not alphanumeric. Case is ignored by comparing lower-case mappings (`char::to_lowercase`; `'ß'`
/// stays `'ß'`). The empty string (and a string with no alphanumeric characters) is a palindrome.
pub fn is_palindrome(s: &str) -> bool {
    let chars: Vec<char> = s
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(|c| c.to_lowercase())
        .collect();
    let n = chars.len();
    for i in 0..n / 2 {
        if chars[i] != chars[n - 1 - i] {
            return false;
        }
    }
    true
}

/// The number of vowels in `s`: the letters a, e, i, o and u in either case. `y` is not a vowel.
pub fn count_vowels(s: &str) -> usize {
    let mut count = 0;
    for c in s.chars() {
        let lower = c.to_ascii_lowercase();
        if lower == 'a' || lower == 'e' || lower == 'i' || lower == 'o' || lower == 'u' {
            count += 1;
        }
    }
    count
}

/// The greatest common divisor of `a` and `b`, always non-negative.
///
/// `gcd(0, 0)` is `0`, `gcd(a, 0)` is `|a|`, and signs are ignored: `gcd(-12, 18)` is `6`.
pub fn gcd(a: i64, b: i64) -> i64 {
    let mut a = a.abs();
    let mut b = b.abs();
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

/// The FizzBuzz word for `n`: `"FizzBuzz"` when `n` is divisible by both 3 and 5, `"Fizz"` when
/// only by 3, `"Buzz"` when only by 5, and otherwise `n` in decimal. `0` is divisible by both.
pub fn fizzbuzz(n: u32) -> String {
    if n % 3 == 0 && n % 5 == 0 {
        "FizzBuzz".to_string()
    } else if n % 3 == 0 {
        "Fizz".to_string()
    } else if n % 5 == 0 {
        "Buzz".to_string()
    } else {
        n.to_string()
    }
}

/// The index of `target` in `sorted` (ascending order), or `None` when it is absent. When
/// `target` occurs more than once, any index holding it may be returned.
pub fn binary_search(sorted: &[i64], target: i64) -> Option<usize> {
    let mut lo = 0;
    let mut hi = sorted.len();
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if sorted[mid] == target {
            return Some(mid);
        } else if sorted[mid] < target {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    None
}

/// The running maximum of `values`: element `i` of the result is the largest of
/// `values[0..=i]`. The result has the same length as the input (empty for empty input).
pub fn running_max(values: &[i64]) -> Vec<i64> {
    let mut out = Vec::with_capacity(values.len());
    let mut best = i64::MIN;
    for &v in values {
        best = best.max(v);
        out.push(best);
    }
    out
}
