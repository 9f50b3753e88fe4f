//! The invariants of a `modexp` record, checked before any answer is judged: a record that breaks
//! one is a verifier error, never the model's fault.

use super::params::MODULUS_LIMIT;
use super::{ModExpData, squares};
use crate::modarith::field::{is_prime, pow};

/// A prime modulus up to the limit, a base from 2 to p − 2, an exponent of at least 2, and the
/// stored squares and value recomputed.
pub fn check_data(data: &ModExpData) -> Result<(), String> {
    let p = data.modulus;
    if !(5..=MODULUS_LIMIT).contains(&p) || !is_prime(p) {
        return Err(format!(
            "modulus {p} is not a prime from 5 to {MODULUS_LIMIT}"
        ));
    }
    if !(2..=p - 2).contains(&data.base) {
        return Err(format!("base {} is not from 2 to {}", data.base, p - 2));
    }
    if data.exponent < 2 {
        return Err(format!("exponent {} is below 2", data.exponent));
    }
    let want = squares(data.base, data.exponent, p);
    if data.squares != want {
        return Err(format!(
            "squares {:?} are not the chain a^(2^i) mod p ({want:?})",
            data.squares
        ));
    }
    let value = pow(data.base, data.exponent, p);
    if data.value != value {
        return Err(format!(
            "stored value {} but a^e mod p is {value}",
            data.value
        ));
    }
    Ok(())
}
