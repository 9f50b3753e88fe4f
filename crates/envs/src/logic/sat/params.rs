//! `sat` params: the knobs, their validation, and the difficulty-level mapping.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use verigym_core::error::{Error, Result, check_range};
use verigym_core::params::EnvParams;

/// Fewest variables.
pub const VARIABLES_MIN: u32 = 2;
/// Most variables: an assignment fits in one `u64` mask.
pub const VARIABLES_MAX: u32 = 64;
/// Largest clause/variable ratio, in clauses per 100 variables.
pub const RATIO_MAX: u32 = 1000;

/// The knobs of a planted random k-CNF formula.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct SatParams {
    /// Number of variables, named x1 to xN.
    #[schemars(range(min = 2, max = 64))]
    pub variables: u32,
    /// Clauses per 100 variables: the clause count is variables × this / 100, rounded to the
    /// nearest integer (at least 1). Random 3-SAT is hardest near 426 (ratio 4.26); random 2-SAT
    /// near 100. Limited so that at most half of all satisfied clauses are used.
    #[schemars(range(min = 1, max = 1000))]
    pub clauses_per_100_vars: u32,
    /// Literals per clause (k), each on a different variable.
    #[schemars(range(min = 2, max = 3))]
    pub k: u32,
}

impl Default for SatParams {
    fn default() -> Self {
        SatParams {
            variables: 12,
            clauses_per_100_vars: 426,
            k: 3,
        }
    }
}

impl SatParams {
    /// The number of clauses.
    pub fn clauses(&self) -> u32 {
        ((self.variables * self.clauses_per_100_vars + 50) / 100).max(1)
    }

    /// How many distinct clauses (as sets of literals on distinct variables) a fixed assignment
    /// satisfies: C(variables, k) · (2^k − 1).
    pub fn satisfied_clause_count(&self) -> u64 {
        let n = u64::from(self.variables);
        let choose = match self.k {
            2 => n * (n - 1) / 2,
            _ => n * (n - 1) * (n - 2) / 6,
        };
        choose * ((1 << self.k) - 1)
    }
}

impl EnvParams for SatParams {
    fn validate(&self) -> Result<()> {
        check_range("k", self.k, 2, 3)?;
        check_range(
            "variables",
            self.variables,
            VARIABLES_MIN.max(self.k),
            VARIABLES_MAX,
        )?;
        check_range(
            "clauses_per_100_vars",
            self.clauses_per_100_vars,
            1,
            RATIO_MAX,
        )?;
        // Distinct clauses are drawn by rejection; using at most half of the pool keeps that
        // to about two draws per clause.
        let pool = self.satisfied_clause_count();
        if u64::from(self.clauses()) * 2 > pool {
            let most = (pool / 2 * 100 + 50) / u64::from(self.variables);
            return Err(Error::param(
                "clauses_per_100_vars",
                self.clauses_per_100_vars,
                format!(
                    "at most about {most} with {} variables and k = {}, so that clauses stay \
                     distinct",
                    self.variables, self.k
                ),
            ));
        }
        Ok(())
    }

    /// | level | k | variables | clauses per 100 variables |
    /// |---|---|---|---|
    /// | 0 ≤ L < 3 | 2 | 4 + ⌊4.6·L⌋ | 200 + ⌊22.6·L⌋ |
    /// | 3 ≤ L ≤ 10 | 3 | 〃 (up to 50) | 〃 (up to 426, the 3-SAT threshold) |
    ///
    /// Every knob only grows with L.
    fn at_level(level: f64) -> Self {
        SatParams {
            variables: 4 + (4.6 * level).floor() as u32,
            clauses_per_100_vars: 200 + (22.6 * level).floor() as u32,
            k: if level >= 3.0 { 3 } else { 2 },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use verigym_core::params::{LEVEL_MAX, LEVEL_MIN};

    #[test]
    fn defaults_and_every_level_are_valid() {
        SatParams::default().validate().unwrap();
        assert_eq!(SatParams::default().clauses(), 51);
        let mut level = LEVEL_MIN;
        while level <= LEVEL_MAX {
            SatParams::at_level(level).validate().unwrap();
            level += 0.05;
        }
    }

    #[test]
    fn level_mapping_is_monotone() {
        let mut prev = SatParams::at_level(LEVEL_MIN);
        for i in 1..=1000 {
            let next = SatParams::at_level(f64::from(i) / 100.0);
            assert!(next.variables >= prev.variables);
            assert!(next.clauses_per_100_vars >= prev.clauses_per_100_vars);
            assert!(next.k >= prev.k);
            assert!(next.clauses() >= prev.clauses());
            prev = next;
        }
        assert_eq!(
            SatParams::at_level(10.0),
            SatParams {
                variables: 50,
                clauses_per_100_vars: 426,
                k: 3
            }
        );
    }

    #[test]
    fn errors_name_field_value_and_range() {
        let p = SatParams {
            k: 4,
            ..Default::default()
        };
        assert_eq!(
            p.validate().unwrap_err().to_string(),
            "invalid value for `k`: 4; allowed: 2 to 3"
        );
        let p = SatParams {
            variables: 2,
            ..Default::default()
        };
        assert_eq!(
            p.validate().unwrap_err().to_string(),
            "invalid value for `variables`: 2; allowed: 3 to 64"
        );
        let p = SatParams {
            variables: 3,
            clauses_per_100_vars: 200,
            k: 3,
        };
        assert!(
            p.validate()
                .unwrap_err()
                .to_string()
                .starts_with("invalid value for `clauses_per_100_vars`: 200; allowed: at most")
        );
    }
}
