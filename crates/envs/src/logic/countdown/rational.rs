//! Exact rational arithmetic on i128 with every operation overflow-checked.

use std::fmt;

/// A reduced fraction `num / den` with `den > 0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rational {
    num: i128,
    den: i128,
}

/// Why an exact evaluation stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArithError {
    /// A division whose divisor is zero.
    DivisionByZero,
    /// An intermediate value does not fit in i128 numerator and denominator.
    Overflow,
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Rational {
    /// The integer `n`.
    pub fn integer(n: i128) -> Self {
        Rational { num: n, den: 1 }
    }

    /// The value as an integer, when it is one.
    pub fn as_integer(self) -> Option<i128> {
        (self.den == 1).then_some(self.num)
    }

    fn reduced(num: i128, den: i128) -> Result<Self, ArithError> {
        debug_assert!(den != 0);
        let g = gcd(num.unsigned_abs(), den.unsigned_abs());
        // g ≥ 1 here since den ≠ 0, and g divides both, so the quotients fit.
        let g = i128::try_from(g).map_err(|_| ArithError::Overflow)?;
        let (mut num, mut den) = (num / g, den / g);
        if den < 0 {
            num = num.checked_neg().ok_or(ArithError::Overflow)?;
            den = den.checked_neg().ok_or(ArithError::Overflow)?;
        }
        Ok(Rational { num, den })
    }

    /// `self + other`.
    pub fn checked_add(self, other: Self) -> Result<Self, ArithError> {
        let num = mul(self.num, other.den)?
            .checked_add(mul(other.num, self.den)?)
            .ok_or(ArithError::Overflow)?;
        Self::reduced(num, mul(self.den, other.den)?)
    }

    /// `self - other`.
    pub fn checked_sub(self, other: Self) -> Result<Self, ArithError> {
        let neg = Rational {
            num: other.num.checked_neg().ok_or(ArithError::Overflow)?,
            den: other.den,
        };
        self.checked_add(neg)
    }

    /// `self * other`.
    pub fn checked_mul(self, other: Self) -> Result<Self, ArithError> {
        Self::reduced(mul(self.num, other.num)?, mul(self.den, other.den)?)
    }

    /// `self / other`.
    pub fn checked_div(self, other: Self) -> Result<Self, ArithError> {
        if other.num == 0 {
            return Err(ArithError::DivisionByZero);
        }
        Self::reduced(mul(self.num, other.den)?, mul(self.den, other.num)?)
    }
}

fn mul(a: i128, b: i128) -> Result<i128, ArithError> {
    a.checked_mul(b).ok_or(ArithError::Overflow)
}

impl fmt::Display for Rational {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: i128) -> Rational {
        Rational::integer(n)
    }

    #[test]
    fn exact_fractions_reduce() {
        let third = q(1).checked_div(q(3)).unwrap();
        let sum = third
            .checked_add(third)
            .unwrap()
            .checked_add(third)
            .unwrap();
        assert_eq!(sum, q(1));
        assert_eq!(q(2).checked_div(q(-4)).unwrap().to_string(), "-1/2");
        assert_eq!(q(7).checked_sub(q(9)).unwrap().as_integer(), Some(-2));
        assert_eq!(q(6).checked_div(q(4)).unwrap().as_integer(), None);
    }

    #[test]
    fn division_by_zero_and_overflow_are_errors() {
        assert_eq!(q(1).checked_div(q(0)), Err(ArithError::DivisionByZero));
        let big = q(i128::MAX / 2 + 1);
        assert_eq!(big.checked_add(big), Err(ArithError::Overflow));
        assert_eq!(big.checked_mul(q(3)), Err(ArithError::Overflow));
        assert_eq!(
            q(i128::MIN + 1).checked_sub(q(2)),
            Err(ArithError::Overflow)
        );
    }
}
