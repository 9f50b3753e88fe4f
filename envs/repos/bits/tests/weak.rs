// Weak suite for the bits repo: small inputs only.

#[test]
fn popcount_small() {
    assert_eq!(popcount(0b1011), 3);
}

#[test]
fn power_of_two_small() {
    assert!(is_power_of_two(8));
}

#[test]
fn next_power_of_two_small() {
    assert_eq!(next_power_of_two(5), Some(8));
}

#[test]
fn gray_code_small() {
    assert_eq!(gray_code(2), 3);
}

#[test]
fn extract_bits_small() {
    assert_eq!(extract_bits(0xAB, 4, 4), 0xA);
}

#[test]
fn lowest_set_bit_small() {
    assert_eq!(lowest_set_bit(12), Some(2));
}

#[test]
fn gray_decode_small() {
    assert_eq!(gray_decode(3), 2);
}
