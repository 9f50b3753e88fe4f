// Strong suite for the bits repo; the standard library's intrinsics are the reference.

const SAMPLES: [u64; 10] = [
    0,
    1,
    2,
    3,
    0b1011_0000,
    0x8000_0000_0000_0000,
    0xFFFF_FFFF_FFFF_FFFF,
    0x0123_4567_89AB_CDEF,
    1 << 40,
    (1 << 40) - 1,
];

#[test]
fn popcount_matches_count_ones() {
    for x in SAMPLES {
        assert_eq!(popcount(x), x.count_ones(), "{x:#x}");
    }
}

#[test]
fn power_of_two_cases() {
    assert!(is_power_of_two(1));
    assert!(is_power_of_two(2));
    assert!(is_power_of_two(64));
    assert!(is_power_of_two(1 << 63));
    assert!(!is_power_of_two(0));
    assert!(!is_power_of_two(3));
    assert!(!is_power_of_two(6));
    assert!(!is_power_of_two(u64::MAX));
}

#[test]
fn next_power_of_two_cases() {
    assert_eq!(next_power_of_two(0), Some(1));
    assert_eq!(next_power_of_two(1), Some(1));
    assert_eq!(next_power_of_two(2), Some(2));
    assert_eq!(next_power_of_two(3), Some(4));
    assert_eq!(next_power_of_two(17), Some(32));
    assert_eq!(next_power_of_two(64), Some(64));
    assert_eq!(next_power_of_two(1 << 63), Some(1 << 63));
    assert_eq!(next_power_of_two((1 << 63) + 1), None);
}

#[test]
fn lowest_set_bit_matches_trailing_zeros() {
    assert_eq!(lowest_set_bit(0), None);
    for x in SAMPLES.into_iter().filter(|&x| x != 0) {
        assert_eq!(lowest_set_bit(x), Some(x.trailing_zeros()), "{x:#x}");
    }
}

#[test]
fn reverse_bits_matches_std() {
    for x in SAMPLES {
        let x = x as u32;
        assert_eq!(reverse_bits(x), x.reverse_bits(), "{x:#x}");
    }
    assert_eq!(reverse_bits(1), 0x8000_0000);
    assert_eq!(reverse_bits(0x8000_0000), 1);
}

#[test]
fn rotate_left_matches_std() {
    for x in [0x8000_0001u32, 0x1234_5678, 1, 0xF000_000F] {
        for k in [0, 1, 4, 31, 32, 33, 100] {
            assert_eq!(rotate_left(x, k), x.rotate_left(k), "{x:#x} by {k}");
        }
    }
}

#[test]
fn hamming_cases() {
    assert_eq!(hamming_distance(0, 0), 0);
    assert_eq!(hamming_distance(0b1011, 0b1001), 1);
    assert_eq!(hamming_distance(0, u64::MAX), 64);
    assert_eq!(hamming_distance(0b1100, 0b0011), 4);
}

#[test]
fn gray_code_values() {
    let expected = [0, 1, 3, 2, 6, 7, 5, 4];
    for (i, &g) in expected.iter().enumerate() {
        assert_eq!(gray_code(i as u64), g);
    }
}

#[test]
fn gray_code_neighbours_differ_in_one_bit() {
    for i in 0..200u64 {
        assert_eq!((gray_code(i) ^ gray_code(i + 1)).count_ones(), 1, "{i}");
    }
}

#[test]
fn gray_decode_inverts() {
    for x in SAMPLES {
        assert_eq!(gray_decode(gray_code(x)), x, "{x:#x}");
    }
    for i in 0..300u64 {
        assert_eq!(gray_decode(gray_code(i)), i);
    }
}

#[test]
fn extract_bits_cases() {
    let x = 0xABCD_u64;
    assert_eq!(extract_bits(x, 0, 4), 0xD);
    assert_eq!(extract_bits(x, 4, 8), 0xBC);
    assert_eq!(extract_bits(x, 12, 4), 0xA);
    assert_eq!(extract_bits(x, 0, 1), 1);
    assert_eq!(extract_bits(x, 1, 1), 0);
    assert_eq!(extract_bits(x, 3, 0), 0);
}

#[test]
fn extract_bits_wide_and_out_of_range() {
    let x = 0xF000_0000_0000_000F_u64;
    assert_eq!(extract_bits(x, 0, 64), x);
    assert_eq!(extract_bits(x, 0, 100), x);
    assert_eq!(extract_bits(x, 60, 8), 0xF);
    assert_eq!(extract_bits(x, 63, 1), 1);
    assert_eq!(extract_bits(x, 64, 4), 0);
    assert_eq!(extract_bits(x, 0, 63), 0x7000_0000_0000_000F);
    assert_eq!(extract_bits(u64::MAX, 4, 63), u64::MAX >> 4);
}
