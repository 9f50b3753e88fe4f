//! `modarith` params: the knobs, their validation, and the difficulty-level mapping.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::field::{MAX_PRIME, is_prime};
use verigym_core::error::{Error, Result, check_range};
use verigym_core::params::EnvParams;

/// Fewest operations in a chain.
pub const STEPS_MIN: u32 = 1;
/// Most operations in a chain.
pub const STEPS_MAX: u32 = 256;

/// The knobs of a modular-arithmetic chain.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct ModArithParams {
    /// Number of operations in the chain (k).
    #[schemars(range(min = 1, max = 256))]
    pub steps: u32,
    /// The modulus p; must be prime.
    #[schemars(range(min = 3, max = 4_294_967_291u64))]
    pub modulus: u64,
    /// The operations a step may use. Each step picks uniformly among those that apply to the
    /// current value (`recip` does not apply to 0). The order is part of the params and so of the
    /// random stream.
    #[schemars(length(min = 1))]
    pub ops: Vec<Op>,
    /// Smallest operand of `add`, `sub`, `mul` and `div`.
    #[schemars(range(min = 1))]
    pub operand_min: u64,
    /// Largest operand of `add`, `sub`, `mul` and `div`; null means modulus − 1.
    pub operand_max: Option<u64>,
    /// How the chain is written in the prompt.
    pub style: Style,
}

/// One operation of the chain, applied to the running value x modulo p.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Op {
    /// x + a
    Add,
    /// x − a
    Sub,
    /// x · a
    Mul,
    /// x · a⁻¹, multiplication by the inverse of a
    Div,
    /// −x
    Neg,
    /// x²
    Square,
    /// x³
    Cube,
    /// x⁻¹, the inverse of x (never applied to 0)
    Recip,
}

impl Op {
    /// Every operation, in canonical order.
    pub const ALL: [Op; 8] = [
        Op::Add,
        Op::Sub,
        Op::Mul,
        Op::Div,
        Op::Neg,
        Op::Square,
        Op::Cube,
        Op::Recip,
    ];

    /// Whether the operation takes an operand a.
    pub fn has_operand(self) -> bool {
        matches!(self, Op::Add | Op::Sub | Op::Mul | Op::Div)
    }

    /// Whether the operation is defined at x.
    pub fn applies_to(self, x: u64) -> bool {
        self != Op::Recip || x != 0
    }

    /// The name used in params and records.
    pub fn name(self) -> &'static str {
        match self {
            Op::Add => "add",
            Op::Sub => "sub",
            Op::Mul => "mul",
            Op::Div => "div",
            Op::Neg => "neg",
            Op::Square => "square",
            Op::Cube => "cube",
            Op::Recip => "recip",
        }
    }
}

/// How the chain is written in the prompt.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Style {
    /// `x = x * 3`, `x = x^2`, `x = 1 / x`.
    Symbols,
    /// "Multiply by 3.", "Square it.", "Replace it by its inverse."
    Words,
}

impl Default for ModArithParams {
    fn default() -> Self {
        ModArithParams {
            steps: 8,
            modulus: 101,
            ops: vec![Op::Add, Op::Sub, Op::Mul],
            operand_min: 1,
            operand_max: None,
            style: Style::Symbols,
        }
    }
}

impl ModArithParams {
    /// The largest operand, with null resolved to modulus − 1.
    pub fn operand_max(&self) -> u64 {
        self.operand_max.unwrap_or(self.modulus.saturating_sub(1))
    }
}

impl EnvParams for ModArithParams {
    fn validate(&self) -> Result<()> {
        check_range("steps", self.steps, STEPS_MIN, STEPS_MAX)?;
        if !(3..=MAX_PRIME).contains(&self.modulus) || !is_prime(self.modulus) {
            return Err(Error::param(
                "modulus",
                self.modulus,
                format!("a prime from 3 to {MAX_PRIME}"),
            ));
        }
        if self.ops.is_empty() {
            return Err(Error::param("ops", "[]", op_list_help()));
        }
        for (i, op) in self.ops.iter().enumerate() {
            if self.ops[..i].contains(op) {
                return Err(Error::param(
                    "ops",
                    format!("{} listed twice", op.name()),
                    op_list_help(),
                ));
            }
        }
        let top = self.modulus - 1;
        check_range("operand_min", self.operand_min, 1, top)?;
        if let Some(max) = self.operand_max {
            check_range("operand_max", max, self.operand_min, top)?;
        }
        Ok(())
    }

    /// | level | steps | ops | modulus |
    /// |---|---|---|---|
    /// | 0 ≤ L < 2 | 1 + ⌊3.1·L⌋ | add, sub | 101 |
    /// | 2 ≤ L < 4 | 〃 | + mul | 101 |
    /// | 4 ≤ L < 5 | 〃 | + neg, square | 101 |
    /// | 5 ≤ L < 6 | 〃 | 〃 | 1009 |
    /// | 6 ≤ L < 8 | 〃 | + div | 1009 |
    /// | 8 ≤ L ≤ 10 | 〃 (up to 32) | + cube, recip | 10007 |
    ///
    /// Operands span 1 to modulus − 1 and the style is symbols. Every knob only grows with L.
    fn at_level(level: f64) -> Self {
        let steps = 1 + (3.1 * level).floor() as u32;
        let mut ops = vec![Op::Add, Op::Sub];
        if level >= 2.0 {
            ops.push(Op::Mul);
        }
        if level >= 4.0 {
            ops.extend([Op::Neg, Op::Square]);
        }
        if level >= 6.0 {
            ops.push(Op::Div);
        }
        if level >= 8.0 {
            ops.extend([Op::Cube, Op::Recip]);
        }
        let modulus = if level >= 8.0 {
            10_007
        } else if level >= 5.0 {
            1_009
        } else {
            101
        };
        ModArithParams {
            steps,
            modulus,
            ops,
            operand_min: 1,
            operand_max: None,
            style: Style::Symbols,
        }
    }
}

fn op_list_help() -> String {
    let names: Vec<&str> = Op::ALL.iter().map(|op| op.name()).collect();
    format!("a non-empty list of distinct ops from {}", names.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use verigym_core::params::{LEVEL_MAX, LEVEL_MIN};

    #[test]
    fn defaults_and_every_level_are_valid() {
        ModArithParams::default().validate().unwrap();
        let mut level = LEVEL_MIN;
        while level <= LEVEL_MAX {
            ModArithParams::at_level(level).validate().unwrap();
            level += 0.05;
        }
    }

    #[test]
    fn level_mapping_is_monotone() {
        let mut prev = ModArithParams::at_level(LEVEL_MIN);
        for i in 1..=1000 {
            let next = ModArithParams::at_level(f64::from(i) / 100.0);
            assert!(next.steps >= prev.steps);
            assert!(next.modulus >= prev.modulus);
            assert!(prev.ops.iter().all(|op| next.ops.contains(op)));
            prev = next;
        }
        assert_eq!(ModArithParams::at_level(0.0).steps, 1);
        assert_eq!(ModArithParams::at_level(10.0).steps, 32);
    }

    #[test]
    fn errors_name_field_value_and_range() {
        let p = ModArithParams {
            steps: 0,
            ..Default::default()
        };
        assert_eq!(
            p.validate().unwrap_err().to_string(),
            "invalid value for `steps`: 0; allowed: 1 to 256"
        );
        let p = ModArithParams {
            modulus: 100,
            ..Default::default()
        };
        assert!(
            p.validate()
                .unwrap_err()
                .to_string()
                .contains("`modulus`: 100; allowed: a prime")
        );
        let p = ModArithParams {
            operand_max: Some(101),
            ..Default::default()
        };
        assert_eq!(
            p.validate().unwrap_err().to_string(),
            "invalid value for `operand_max`: 101; allowed: 1 to 100"
        );
        let p = ModArithParams {
            ops: vec![Op::Add, Op::Add],
            ..Default::default()
        };
        assert!(
            p.validate()
                .unwrap_err()
                .to_string()
                .contains("add listed twice")
        );
    }
}
