//! The invariants of a `det_mod` record, checked before any answer is judged: a record that
//! breaks one is a verifier error, never the model's fault.

use super::DetModData;
use super::matrix::det_mod;
use super::params::{SIZE_MAX, SIZE_MIN};
use crate::modarith::field::{MAX_PRIME, is_prime};

/// A prime modulus, a square matrix of 2 to 6 rows with residues in range, and the stored
/// determinant equal to the one recomputed from the matrix and nonzero.
pub fn check_data(data: &DetModData) -> Result<(), String> {
    let p = data.modulus;
    if !(3..=MAX_PRIME).contains(&p) || !is_prime(p) {
        return Err(format!("modulus {p} is not a prime from 3 to {MAX_PRIME}"));
    }
    let n = data.matrix.len();
    if !(SIZE_MIN as usize..=SIZE_MAX as usize).contains(&n) {
        return Err(format!("{n} rows; allowed {SIZE_MIN} to {SIZE_MAX}"));
    }
    for (i, row) in data.matrix.iter().enumerate() {
        if row.len() != n {
            return Err(format!(
                "matrix row {} has {} entries, not {n}",
                i + 1,
                row.len()
            ));
        }
    }
    if let Some(v) = data.matrix.iter().flatten().find(|&&v| v >= p) {
        return Err(format!("matrix entry {v} is not below the modulus {p}"));
    }
    let det = det_mod(&data.matrix, p);
    if data.determinant != det {
        return Err(format!(
            "stored determinant {} but the matrix's determinant modulo {p} is {det}",
            data.determinant
        ));
    }
    if det == 0 {
        return Err("the matrix is singular modulo p: the determinant is 0".to_owned());
    }
    Ok(())
}
