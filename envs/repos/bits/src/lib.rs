//! Bit tricks on unsigned integers, written out with loops and masks rather than the standard
//! library's intrinsics (which the tests use as the reference).

/// The number of 1 bits in `x` (Kernighan's trick: `x & (x - 1)` clears the lowest set bit).
pub fn popcount(x: u64) -> u32 {
    let mut x = x;
    let mut count = 0;
    while x != 0 {
        x &= x - 1;
        count += 1;
    }
    count
}

/// Whether `x` is a power of two (1, 2, 4, ...). Zero is not.
pub fn is_power_of_two(x: u64) -> bool {
    x != 0 && x & (x - 1) == 0
}

/// The smallest power of two `>= x`; 1 for `x <= 1`. Returns `None` when it does not fit in a
/// `u64` (`x > 2^63`).
pub fn next_power_of_two(x: u64) -> Option<u64> {
    let mut p: u64 = 1;
    while p < x {
        p = p.checked_mul(2)?;
    }
    Some(p)
}

/// The index of the lowest set bit of `x` (0 for the least significant bit), or `None` when
/// `x == 0`.
pub fn lowest_set_bit(x: u64) -> Option<u32> {
    if x == 0 {
        return None;
    }
    let mut i = 0;
    while (x >> i) & 1 == 0 {
        i += 1;
    }
    Some(i)
}

/// The bits of `x` in reverse order: bit 0 moves to bit 31, bit 31 to bit 0.
pub fn reverse_bits(x: u32) -> u32 {
    let mut out = 0;
    for i in 0..32 {
        if x & (1 << i) != 0 {
            out |= 1 << (31 - i);
        }
    }
    out
}

/// `x` rotated left by `k` bits (bits shifted out on the left come back on the right); `k` is
/// taken modulo 32.
pub fn rotate_left(x: u32, k: u32) -> u32 {
    let k = k % 32;
    if k == 0 {
        return x;
    }
    (x << k) | (x >> (32 - k))
}

/// The Hamming distance of `a` and `b`: the number of bit positions where they differ.
pub fn hamming_distance(a: u64, b: u64) -> u32 {
    popcount(a ^ b)
}

/// The reflected binary Gray code of `i`: consecutive integers map to codes that differ in
/// exactly one bit (0, 1, 3, 2, 6, 7, 5, 4, ...).
pub fn gray_code(i: u64) -> u64 {
    i ^ (i >> 1)
}

/// The inverse of [`gray_code`]: the integer whose Gray code is `g`.
pub fn gray_decode(g: u64) -> u64 {
    let mut x = g;
    let mut shift = 1;
    while shift < 64 {
        x ^= x >> shift;
        shift *= 2;
    }
    x
}

/// Extracts the field of `width` bits of `x` that starts at bit `start` (bit 0 is the least
/// significant): `(x >> start)` masked to its low `width` bits. `width` 0 gives 0; a field reaching
/// past bit 63 is cut off there; `start >= 64` gives 0.
pub fn extract_bits(x: u64, start: u32, width: u32) -> u64 {
    if start >= 64 || width == 0 {
        return 0;
    }
    let shifted = x >> start;
    if width >= 64 {
        return shifted;
    }
    shifted & ((1u64 << width) - 1)
}
