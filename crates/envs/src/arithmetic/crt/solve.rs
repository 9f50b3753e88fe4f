//! The Chinese-remainder arithmetic: gcd, inverses modulo a composite, and the one-at-a-time
//! combination whose running values are the checkable steps. Everything is below 10^18, and
//! products go through u128.

/// The greatest common divisor.
pub fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The inverse of `a` modulo `m` (extended Euclid), if gcd(a, m) = 1 and m ≥ 2.
pub fn inverse(a: u64, m: u64) -> Option<u64> {
    if m < 2 {
        return None;
    }
    let (mut old_r, mut r) = (i128::from(a % m), i128::from(m));
    let (mut old_s, mut s) = (1i128, 0i128);
    while r != 0 {
        let q = old_r / r;
        (old_r, r) = (r, old_r - q * r);
        (old_s, s) = (s, old_s - q * s);
    }
    (old_r == 1).then(|| old_s.rem_euclid(i128::from(m)) as u64)
}

/// The running solutions: entry k − 1 is the x in [0, m1⋯mk) with x ≡ r_i (mod m_i) for every
/// i ≤ k. The moduli must be pairwise coprime and their product below 2^63; `None` otherwise.
pub fn partials(moduli: &[u64], residues: &[u64]) -> Option<Vec<u64>> {
    let (&m1, &r1) = (moduli.first()?, residues.first()?);
    if moduli.len() != residues.len() || m1 < 2 || r1 >= m1 {
        return None;
    }
    let mut out = Vec::with_capacity(moduli.len());
    let (mut x, mut big) = (r1, m1);
    out.push(x);
    for (&m, &r) in moduli.iter().zip(residues).skip(1) {
        if m < 2 || r >= m {
            return None;
        }
        // x + big·t ≡ r (mod m)  ⇔  t ≡ (r − x)·big⁻¹ (mod m).
        let inv = inverse(big % m, m)?;
        let diff = (r + m - x % m) % m;
        let t = (u128::from(diff) * u128::from(inv) % u128::from(m)) as u64;
        let next_big = big.checked_mul(m).filter(|&b| b < 1 << 63)?;
        x = (u128::from(x) + u128::from(big) * u128::from(t)) as u64;
        big = next_big;
        out.push(x);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_textbook_example() {
        // Sunzi: x ≡ 2 (mod 3), x ≡ 3 (mod 5), x ≡ 2 (mod 7) → 23.
        assert_eq!(partials(&[3, 5, 7], &[2, 3, 2]), Some(vec![2, 8, 23]));
        assert_eq!(partials(&[4, 6], &[1, 1]), None, "not coprime");
        assert_eq!(partials(&[4, 5], &[4, 1]), None, "residue out of range");
    }

    #[test]
    fn inverses() {
        assert_eq!(inverse(3, 10), Some(7));
        assert_eq!(inverse(4, 10), None);
        assert_eq!(inverse(1, 2), Some(1));
        for m in 2..60u64 {
            for a in 0..m {
                match inverse(a, m) {
                    Some(i) => assert_eq!(a * i % m, 1),
                    None => assert_ne!(gcd(a, m), 1),
                }
            }
        }
    }
}
