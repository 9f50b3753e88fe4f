//! The invariants of a `crt` record, checked before any answer is judged: a record that breaks one
//! is a verifier error, never the model's fault.

use super::CrtData;
use super::params::{CONGRUENCES_MAX, CONGRUENCES_MIN, MODULUS_LIMIT, PRODUCT_LIMIT};
use super::solve::{gcd, partials};

/// Sizes, moduli from 2 to the limit and pairwise coprime, their product at most 10^18, residues
/// in range, and the running solutions recomputed.
pub fn check_data(data: &CrtData) -> Result<(), String> {
    let n = data.moduli.len();
    if !(CONGRUENCES_MIN as usize..=CONGRUENCES_MAX as usize).contains(&n) {
        return Err(format!(
            "{n} moduli; allowed {CONGRUENCES_MIN} to {CONGRUENCES_MAX}"
        ));
    }
    if data.residues.len() != n || data.partials.len() != n {
        return Err(format!(
            "{n} moduli but {} residues and {} partials",
            data.residues.len(),
            data.partials.len()
        ));
    }
    for (i, &m) in data.moduli.iter().enumerate() {
        if !(2..=MODULUS_LIMIT).contains(&m) {
            return Err(format!("modulus {m} is not from 2 to {MODULUS_LIMIT}"));
        }
        if let Some(&c) = data.moduli[..i].iter().find(|&&c| gcd(c, m) != 1) {
            return Err(format!("moduli {c} and {m} are not coprime"));
        }
    }
    data.moduli
        .iter()
        .try_fold(1u64, |acc, &m| acc.checked_mul(m))
        .filter(|&p| p <= PRODUCT_LIMIT)
        .ok_or_else(|| format!("the product of the moduli exceeds {PRODUCT_LIMIT}"))?;
    if let Some((&r, &m)) = data
        .residues
        .iter()
        .zip(&data.moduli)
        .find(|&(&r, &m)| r >= m)
    {
        return Err(format!("residue {r} is not below its modulus {m}"));
    }
    let want = partials(&data.moduli, &data.residues).ok_or("the congruences do not combine")?;
    if data.partials != want {
        return Err(format!(
            "partials {:?} are not the running solutions {want:?}",
            data.partials
        ));
    }
    Ok(())
}
