//! `parse_value` as it was before its bare-number and integer fast paths, kept only to test that
//! every text still reads as the same value.

use proptest::prelude::*;

use super::{Value, split_modulus, strip_relation};
use verigym_core::normalize::strip_emphasis;

fn parse_value(text: &str, modulus: u64) -> Option<Value> {
    let bare = text.trim();
    if !bare.is_empty() && bare.bytes().all(|b| b.is_ascii_digit()) {
        return parse_integer(bare, modulus);
    }
    let text = strip_emphasis(text);
    let mut t = text.trim();
    if let Some(rest) = t.strip_prefix(['x', 'X']) {
        t = strip_relation(rest.trim_start())?;
    } else if let Some(rest) = strip_relation(t) {
        if t.starts_with('=') {
            return None;
        }
        t = rest;
    }
    let (value, stated) = split_modulus(t)?;
    let value = parse_integer(value.trim_end(), modulus)?;
    match stated {
        Some(m) if m != Some(modulus) => Some(Value::WrongModulus),
        _ => Some(value),
    }
}

fn parse_integer(t: &str, modulus: u64) -> Option<Value> {
    let (negative, digits) = match t.as_bytes().first()? {
        b'+' => (false, &t[1..]),
        b'-' => (true, &t[1..]),
        _ => (false, t),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let magnitude = digits.trim_start_matches('0');
    if magnitude.is_empty() {
        return Some(Value::InRange(0));
    }
    if negative {
        return Some(Value::OutOfRange);
    }
    match magnitude.parse::<u64>() {
        Ok(v) if v < modulus => Some(Value::InRange(v)),
        _ => Some(Value::OutOfRange),
    }
}

/// Values around the edges: zero, u64's limit and past it, leading zeros and signs.
fn values() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<u64>().prop_map(|v| v.to_string()),
        (0u64..300).prop_map(|v| v.to_string()),
        prop::sample::select(vec![
            "0",
            "00",
            "-0",
            "+0",
            "-000",
            "18446744073709551615",
            "18446744073709551616",
            "000000000000000000000018446744073709551615",
            "99999999999999999999999",
            "-18446744073709551616",
            "-7",
            "+7",
            "",
            "+",
            "-",
            "1 2",
        ])
        .prop_map(str::to_owned),
    ]
}

/// Answers in and around the documented form, with blanks and marks a model writes.
fn answers() -> impl Strategy<Value = String> {
    let blank = prop::sample::select(vec![
        "", " ", "\t", "\n", "\r\n", "\u{b}", "\u{a0}", "\u{3000}",
    ]);
    let prefix = prop::sample::select(vec![
        "", "x = ", "X=", "x ≡ ", "≡ ", "\\equiv ", "= ", "**", "y = ",
    ]);
    let suffix = prop::sample::select(vec![
        "",
        " (mod 101)",
        " mod 101",
        " modulo 7",
        " \\pmod{101}",
        " \\bmod 2",
        " (mod)",
        "**",
        ".",
        " or 5",
    ]);
    prop_oneof![
        (blank.clone(), prefix, values(), suffix, blank)
            .prop_map(|(a, p, v, s, b)| format!("{a}{p}{v}{s}{b}")),
        "\\PC{0,24}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    #[test]
    fn values_read_as_before(text in answers(), modulus in prop_oneof![Just(0u64), Just(2), Just(101), Just(u64::MAX), any::<u64>()]) {
        prop_assert_eq!(super::parse_value(&text, modulus), parse_value(&text, modulus), "{:?} mod {}", text, modulus);
    }
}
