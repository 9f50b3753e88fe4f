//! Arithmetic modulo a prime below 2^32: products of two residues fit in a `u64`.

/// The largest prime below 2^32, the largest modulus allowed.
pub const MAX_PRIME: u64 = 4_294_967_291;

/// Whether `n` is prime. Trial division: at most 2^16 steps for `n` below 2^32, run once per
/// generator, and obviously correct.
pub fn is_prime(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    if n.is_multiple_of(2) {
        return n == 2;
    }
    let mut d = 3;
    while d * d <= n {
        if n.is_multiple_of(d) {
            return false;
        }
        d += 2;
    }
    true
}

/// `a + b mod p` for residues `a, b < p`.
#[inline]
pub fn add(a: u64, b: u64, p: u64) -> u64 {
    (a + b) % p
}

/// `a - b mod p` for residues `a, b < p`.
#[inline]
pub fn sub(a: u64, b: u64, p: u64) -> u64 {
    (a + p - b) % p
}

/// `a * b mod p` for residues `a, b < p < 2^32`.
#[inline]
pub fn mul(a: u64, b: u64, p: u64) -> u64 {
    a * b % p
}

/// `-a mod p`.
#[inline]
pub fn neg(a: u64, p: u64) -> u64 {
    (p - a) % p
}

/// `a^e mod p` by square-and-multiply.
pub fn pow(mut a: u64, mut e: u64, p: u64) -> u64 {
    let mut acc = 1 % p;
    a %= p;
    while e > 0 {
        if e & 1 == 1 {
            acc = mul(acc, a, p);
        }
        a = mul(a, a, p);
        e >>= 1;
    }
    acc
}

/// The inverse of a non-zero residue modulo a prime (Fermat: `a^(p-2)`).
#[inline]
pub fn inv(a: u64, p: u64) -> u64 {
    debug_assert!(!a.is_multiple_of(p), "zero has no inverse");
    pow(a, p - 2, p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn primes() {
        let small: Vec<u64> = (0..30).filter(|&n| is_prime(n)).collect();
        assert_eq!(small, vec![2, 3, 5, 7, 11, 13, 17, 19, 23, 29]);
        assert!(is_prime(MAX_PRIME));
        assert!(!is_prime(MAX_PRIME + 2)); // 2^32 - 3 = 4294967293 = 9241 * 464773
        assert!(!is_prime(65_537 * 65_521));
    }

    #[test]
    fn inverse_times_value_is_one() {
        for p in [3, 101, 1009, MAX_PRIME] {
            for a in [1, 2, p - 1, p / 2] {
                assert_eq!(mul(a, inv(a, p), p), 1, "a={a} p={p}");
            }
        }
    }

    #[test]
    fn no_overflow_at_the_largest_modulus() {
        let p = MAX_PRIME;
        assert_eq!(mul(p - 1, p - 1, p), 1);
        assert_eq!(add(p - 1, p - 1, p), p - 2);
        assert_eq!(sub(0, p - 1, p), 1);
        assert_eq!(neg(0, p), 0);
    }
}
