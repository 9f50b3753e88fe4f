//! `program_trace` params: program size, variables, modulus, control flow; validation and the
//! level map.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use verigym_core::error::{Error, Result, check_range};
use verigym_core::params::EnvParams;

/// The most statements in a program.
pub const STATEMENTS_MAX: u32 = 40;
/// The largest modulus.
pub const MODULUS_MAX: u32 = 1000;
/// The most iterations of one loop.
pub const LOOP_MAX: u32 = 5;
/// The deepest nesting of blocks.
pub const DEPTH_MAX: u32 = 3;

/// The knobs of a program to trace.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct ProgramTraceParams {
    /// Statements in the program, counting those inside blocks. One assignment per variable
    /// comes first and a final `print` last; neither counts.
    #[schemars(range(min = 2, max = 40))]
    pub statements: u32,
    /// How many variables (a, b, c, d) the program uses.
    #[schemars(range(min = 1, max = 4))]
    pub variables: u32,
    /// Every arithmetic result is reduced modulo this number.
    #[schemars(range(min = 2, max = 1000))]
    pub modulus: u32,
    /// Whether `if`/`else` may appear.
    pub branches: bool,
    /// The most iterations of a `for` loop; 0 means no loops, otherwise 2 to 5 and at most
    /// `modulus`, so a loop counter (0 to `loop_max` − 1) is always a value below the modulus.
    #[schemars(range(max = 5))]
    pub loop_max: u32,
    /// The deepest nesting of `if` and `for` blocks (1 to 3).
    #[schemars(range(min = 1, max = 3))]
    pub depth: u32,
}

impl Default for ProgramTraceParams {
    fn default() -> Self {
        Self::at_level(4.0)
    }
}

impl EnvParams for ProgramTraceParams {
    fn validate(&self) -> Result<()> {
        check_range("statements", self.statements, 2, STATEMENTS_MAX)?;
        check_range("variables", self.variables, 1, 4)?;
        check_range("modulus", self.modulus, 2, MODULUS_MAX)?;
        if self.loop_max == 1 || self.loop_max > LOOP_MAX {
            return Err(Error::param(
                "loop_max",
                self.loop_max,
                format!("0 (no loops) or 2 to {LOOP_MAX}"),
            ));
        }
        // A counter at or above the modulus would be read raw in comparisons but reduced when
        // copied into a variable, a rule the prompt ("every value is an integer from 0 to M −
        // 1") does not state; refusing such params keeps that sentence true of every program.
        if self.loop_max > self.modulus {
            return Err(Error::param(
                "loop_max",
                self.loop_max,
                format!(
                    "0 (no loops) or 2 to {} (at most modulus {}, so a loop counter stays below it)",
                    self.modulus.min(LOOP_MAX),
                    self.modulus
                ),
            ));
        }
        check_range("depth", self.depth, 1, DEPTH_MAX)
    }

    /// | level | statements | variables | modulus | branches | loop_max | depth |
    /// |---|---|---|---|---|---|---|
    /// | 0 ≤ L < 2 | 3 + ⌊1.2·L⌋ | 2 + ⌊L/5⌋ | 10 | no | 0 | 1 |
    /// | 2 ≤ L < 3 | 〃 | 〃 | 10 | yes | 0 | 1 |
    /// | 3 ≤ L < 5 | 〃 | 〃 | 10 | yes | 3 | 1 |
    /// | 5 ≤ L < 7 | 〃 | 〃 | 100 | yes | 3 | 2 |
    /// | 7 ≤ L < 9 | 〃 | 〃 | 100 | yes | 4 | 2 |
    /// | 9 ≤ L ≤ 10 | 〃 (up to 15) | 〃 (up to 4) | 1000 | yes | 5 | 3 |
    ///
    /// Every knob only grows with L.
    fn at_level(level: f64) -> Self {
        let step = |at: f64, lo: u32, hi: u32| if level >= at { hi } else { lo };
        ProgramTraceParams {
            statements: 3 + (1.2 * level).floor() as u32,
            variables: 2 + (level / 5.0).floor() as u32,
            modulus: if level >= 9.0 {
                1000
            } else {
                step(5.0, 10, 100)
            },
            branches: level >= 2.0,
            loop_max: if level >= 9.0 {
                5
            } else if level >= 7.0 {
                4
            } else {
                step(3.0, 0, 3)
            },
            depth: if level >= 9.0 { 3 } else { step(5.0, 1, 2) },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_every_level_are_valid_and_monotone() {
        ProgramTraceParams::default().validate().unwrap();
        let mut prev = ProgramTraceParams::at_level(0.0);
        for i in 0..=1000 {
            let next = ProgramTraceParams::at_level(f64::from(i) / 100.0);
            next.validate().unwrap();
            assert!(next.statements >= prev.statements && next.variables >= prev.variables);
            assert!(next.modulus >= prev.modulus && next.loop_max >= prev.loop_max);
            assert!(next.depth >= prev.depth && next.branches >= prev.branches);
            prev = next;
        }
        let top = ProgramTraceParams::at_level(10.0);
        assert_eq!((top.statements, top.variables), (15, 4));
    }

    #[test]
    fn errors_name_field_value_and_range() {
        let err = |p: ProgramTraceParams| p.validate().unwrap_err().to_string();
        let base = ProgramTraceParams::default();
        assert_eq!(
            err(ProgramTraceParams {
                loop_max: 1,
                ..base.clone()
            }),
            "invalid value for `loop_max`: 1; allowed: 0 (no loops) or 2 to 5"
        );
        assert_eq!(
            err(ProgramTraceParams {
                modulus: 1,
                ..base.clone()
            }),
            "invalid value for `modulus`: 1; allowed: 2 to 1000"
        );
        // Issue 29: a counter of 3 or 4 under modulus 3 was raw in comparisons, reduced on copy.
        assert_eq!(
            err(ProgramTraceParams {
                modulus: 3,
                loop_max: 5,
                ..base.clone()
            }),
            "invalid value for `loop_max`: 5; allowed: 0 (no loops) or 2 to 3 (at most modulus 3, \
             so a loop counter stays below it)"
        );
        for (modulus, loop_max) in [(3, 3), (2, 2), (2, 0), (5, 5)] {
            ProgramTraceParams {
                modulus,
                loop_max,
                ..base.clone()
            }
            .validate()
            .unwrap();
        }
    }
}
