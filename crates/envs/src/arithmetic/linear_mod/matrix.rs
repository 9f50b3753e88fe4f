//! Square matrices modulo a prime: the rank test that proves a system has exactly one solution,
//! and the product that gives its right-hand side.

use crate::modarith::field;

/// Whether the n×n matrix (rows of residues below the prime p) is invertible modulo p: Gaussian
/// elimination to row echelon form, with a pivot in every column.
pub fn is_invertible(rows: &[Vec<u64>], p: u64) -> bool {
    let n = rows.len();
    let mut m: Vec<Vec<u64>> = rows.to_vec();
    for col in 0..n {
        let Some(pivot) = (col..n).find(|&r| m[r][col] != 0) else {
            return false;
        };
        m.swap(col, pivot);
        let inv = field::inv(m[col][col], p);
        let (done, below) = m.split_at_mut(col + 1);
        let pivot_row = &done[col];
        for row in below {
            let factor = field::mul(row[col], inv, p);
            if factor == 0 {
                continue;
            }
            for (cell, &top) in row[col..].iter_mut().zip(&pivot_row[col..]) {
                *cell = field::sub(*cell, field::mul(factor, top, p), p);
            }
        }
    }
    true
}

/// The dot product of a row with a vector, modulo p.
pub fn dot(row: &[u64], x: &[u64], p: u64) -> u64 {
    row.iter()
        .zip(x)
        .fold(0, |acc, (&a, &v)| field::add(acc, field::mul(a, v, p), p))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank() {
        assert!(is_invertible(&[vec![1, 2], vec![3, 4]], 7));
        // det = 4 - 6 = -2 ≡ 0 (mod 2) only for p = 2; modulo 5, [[1,2],[3,1]] has det -5 ≡ 0.
        assert!(!is_invertible(&[vec![1, 2], vec![3, 1]], 5));
        assert!(!is_invertible(&[vec![0, 0], vec![1, 1]], 5));
        assert!(is_invertible(&[vec![0, 1], vec![1, 0]], 3));
        assert_eq!(dot(&[3, 5], &[4, 6], 7), (12 + 30) % 7);
    }
}
