//! Determinants of square matrices: modulo a prime by Gaussian elimination (the reference), and
//! over the integers by the Chinese remainder theorem on two large primes (for the probes'
//! unreduced near miss).

/// `a·b mod p` for residues below p: in a u64 when p ≤ 2^32 (every level, and the record check's
/// limit), so the product cannot overflow, else in a u128 so no modulus overflows it.
fn mul(a: u64, b: u64, p: u64) -> u64 {
    if p <= 1 << 32 {
        a * b % p
    } else {
        (u128::from(a) * u128::from(b) % u128::from(p)) as u64
    }
}

/// `acc + a·b mod p` for residues below p.
pub fn add_mul(acc: u64, a: u64, b: u64, p: u64) -> u64 {
    ((u128::from(acc) + u128::from(a) * u128::from(b)) % u128::from(p)) as u64
}

/// `a^(p−2) mod p`: the inverse of a nonzero residue modulo a prime (Fermat).
fn inv(a: u64, p: u64) -> u64 {
    let (mut base, mut e, mut acc) = (a % p, p - 2, 1 % p);
    while e > 0 {
        if e & 1 == 1 {
            acc = mul(acc, base, p);
        }
        base = mul(base, base, p);
        e >>= 1;
    }
    acc
}

/// det(A) mod p for an n×n matrix of residues below the prime p: Gaussian elimination to upper
/// triangular form, a row swap flipping the sign, then the product of the diagonal: O(n³)
/// multiplications, none overflowing (see `mul`). Entries at or above p are reduced first, a ragged
/// matrix reads missing entries as 0 and p below 2 gives 0, so no input panics (the record check
/// rejects all three before an answer is judged).
pub fn det_mod(rows: &[Vec<u64>], p: u64) -> u64 {
    let n = rows.len();
    if p < 2 {
        return 0;
    }
    let mut m: Vec<Vec<u64>> = rows
        .iter()
        .map(|row| (0..n).map(|j| row.get(j).map_or(0, |&a| a % p)).collect())
        .collect();
    let mut det = 1 % p;
    for col in 0..n {
        let Some(pivot) = (col..n).find(|&r| m[r][col] != 0) else {
            return 0;
        };
        if pivot != col {
            m.swap(col, pivot);
            det = (p - det) % p;
        }
        det = mul(det, m[col][col], p);
        let inv = inv(m[col][col], p);
        let (done, below) = m.split_at_mut(col + 1);
        let pivot_row = &done[col];
        for row in below {
            let factor = mul(row[col], inv, p);
            if factor == 0 {
                continue;
            }
            for (cell, &top) in row[col..].iter_mut().zip(&pivot_row[col..]) {
                let t = mul(factor, top, p);
                *cell = if *cell >= t {
                    *cell - t
                } else {
                    *cell + (p - t)
                };
            }
        }
    }
    det
}

/// Two primes near 2^62 whose product M ≈ 2^123 bounds the integer determinants
/// [`det_integer`] reconstructs.
const CRT_PRIMES: [u64; 2] = [(1 << 61) - 1, (1 << 62) - 57];

/// det(A) over the integers, reconstructed by the Chinese remainder theorem from det(A) modulo
/// two primes near 2^62, or `None` when the matrix is not square or Hadamard's bound
/// n^⌈n/2⌉ · max^n does not prove |det(A)| < 2^122 < M/2 (it does for n ≤ 6 and entries below
/// 2^14, every level's range).
pub fn det_integer(rows: &[Vec<u64>]) -> Option<i128> {
    let n = rows.len();
    if rows.iter().any(|r| r.len() != n) {
        return None;
    }
    let max = rows.iter().flatten().copied().max().unwrap_or(0);
    let mut bound = 1u128;
    for _ in 0..n.div_ceil(2) {
        bound = bound.checked_mul(n as u128)?;
    }
    for _ in 0..n {
        bound = bound.checked_mul(u128::from(max))?;
    }
    if bound >= 1 << 122 {
        return None;
    }
    let [p1, p2] = CRT_PRIMES;
    let (a1, a2) = (det_mod(rows, p1), det_mod(rows, p2));
    // x = a1 + p1·k with k = (a2 − a1)·p1⁻¹ mod p2, so x ≡ a1 (mod p1), x ≡ a2 (mod p2), 0 ≤ x < M.
    let diff = (a2 + p2 - a1 % p2) % p2;
    let k = mul(diff, inv(p1 % p2, p2), p2);
    let x = u128::from(a1) + u128::from(p1) * u128::from(k);
    let m = u128::from(p1) * u128::from(p2);
    // The bound puts det(A) in (−M/2, M/2): a residue above M/2 is a negative determinant.
    Some(if x > m / 2 {
        -((m - x) as i128)
    } else {
        x as i128
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_determinants() {
        // 1·4 − 2·3 = −2 ≡ 5 (mod 7).
        assert_eq!(det_mod(&[vec![1, 2], vec![3, 4]], 7), 5);
        assert_eq!(det_integer(&[vec![1, 2], vec![3, 4]]), Some(-2));
        // A swap is needed: det [[0,1],[1,0]] = −1.
        assert_eq!(det_mod(&[vec![0, 1], vec![1, 0]], 5), 4);
        assert_eq!(det_integer(&[vec![0, 1], vec![1, 0]]), Some(-1));
        assert_eq!(det_mod(&[vec![1, 2], vec![3, 1]], 5), 0);
        let m = [vec![2, 0, 1], vec![1, 3, 2], vec![1, 1, 1]];
        // 2(3−2) − 0 + 1(1−3) = 0.
        assert_eq!(det_integer(&m), Some(0));
        let m = [vec![6, 1, 1], vec![4, 5, 0], vec![2, 8, 7]];
        // 6(35−0) − 1(28−0) + 1(32−10) = 210 − 28 + 22 = 204.
        assert_eq!(det_integer(&m), Some(204));
        assert_eq!(det_mod(&m, 101), 204 % 101);
        // Ragged or out-of-range input does not panic.
        assert_eq!(det_mod(&[vec![9], vec![1, 2]], 7), 4);
        assert_eq!(det_integer(&[vec![1], vec![1, 2]]), None);
        assert_eq!(det_integer(&[vec![u64::MAX; 2], vec![1, 2]]), None);
        // 6×6 at the top of the range: the bound still holds.
        let big = vec![vec![16_383; 6]; 6];
        assert_eq!(det_integer(&big), Some(0));
    }
}
