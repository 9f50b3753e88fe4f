//! The invariants of a `linear_mod` record, checked before any answer is judged: a record that
//! breaks one is a verifier error, never the model's fault.

use super::LinearModData;
use super::matrix::{dot, is_invertible};
use super::params::{UNKNOWNS_MAX, UNKNOWNS_MIN};
use crate::modarith::field::{MAX_PRIME, is_prime};

/// A prime modulus, a square system of 2 to 6 unknowns with residues in range, a matrix
/// invertible modulo p (so the solution is unique and the equation check is exact), and the
/// stored solution satisfying every equation.
pub fn check_data(data: &LinearModData) -> Result<(), String> {
    let p = data.modulus;
    if !(3..=MAX_PRIME).contains(&p) || !is_prime(p) {
        return Err(format!("modulus {p} is not a prime from 3 to {MAX_PRIME}"));
    }
    let n = data.coefficients.len();
    if !(UNKNOWNS_MIN as usize..=UNKNOWNS_MAX as usize).contains(&n) {
        return Err(format!(
            "{n} equations; allowed {UNKNOWNS_MIN} to {UNKNOWNS_MAX}"
        ));
    }
    if data.rhs.len() != n || data.solution.len() != n {
        return Err(format!(
            "{n} equations but {} right-hand sides and {} solution values",
            data.rhs.len(),
            data.solution.len()
        ));
    }
    for (i, row) in data.coefficients.iter().enumerate() {
        if row.len() != n {
            return Err(format!(
                "coefficient row {} has {} entries, not {n}",
                i + 1,
                row.len()
            ));
        }
    }
    for (what, found) in [
        (
            "coefficient",
            too_big(data.coefficients.iter().flatten(), p),
        ),
        ("right-hand side", too_big(&data.rhs, p)),
        ("solution value", too_big(&data.solution, p)),
    ] {
        if let Some(v) = found {
            return Err(format!("{what} {v} is not below the modulus {p}"));
        }
    }
    if !is_invertible(&data.coefficients, p) {
        return Err("the coefficient matrix is singular: the solution is not unique".to_owned());
    }
    for (i, (row, &b)) in data.coefficients.iter().zip(&data.rhs).enumerate() {
        if dot(row, &data.solution, p) != b {
            return Err(format!("the stored solution fails equation {}", i + 1));
        }
    }
    Ok(())
}

/// The first value that is not a residue modulo p.
fn too_big<'a>(values: impl IntoIterator<Item = &'a u64>, p: u64) -> Option<u64> {
    values.into_iter().find(|&&v| v >= p).copied()
}
