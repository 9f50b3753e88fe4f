//! `hanoi` params: disks and pegs, their validation, and the difficulty mapping.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use verigym_core::error::{Error, Result, check_range};
use verigym_core::params::EnvParams;

/// Most disks with three pegs (3^10 = 59,049 states for the BFS).
pub const MAX_DISKS_3: u32 = 10;
/// Most disks with four pegs (4^8 = 65,536 states).
pub const MAX_DISKS_4: u32 = 8;

/// The knobs of a Tower of Hanoi puzzle between two random configurations.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct HanoiParams {
    /// Number of disks, numbered 1 (smallest) to n. At most 10 with 3 pegs, 8 with 4.
    #[schemars(range(min = 1, max = 10))]
    pub disks: u32,
    /// Number of pegs, 3 or 4, numbered 1 to 4 (or A to D).
    #[schemars(range(min = 3, max = 4))]
    pub pegs: u32,
}

impl Default for HanoiParams {
    fn default() -> Self {
        HanoiParams { disks: 4, pegs: 3 }
    }
}

impl EnvParams for HanoiParams {
    fn validate(&self) -> Result<()> {
        check_range("pegs", self.pegs, 3, 4)?;
        let most = if self.pegs == 3 {
            MAX_DISKS_3
        } else {
            MAX_DISKS_4
        };
        if !(1..=most).contains(&self.disks) {
            return Err(Error::param(
                "disks",
                self.disks,
                format!("1 to {most} (with {} pegs)", self.pegs),
            ));
        }
        Ok(())
    }

    /// | level | disks | pegs |
    /// |---|---|---|
    /// | 0 ≤ L ≤ 10 | 3 + ⌊⌊L⌋/2⌋ (3 to 8) | 3 |
    ///
    /// The level map keeps three pegs: a fourth peg shortens the optimal plans, so it would not
    /// be monotone in plan length; set `pegs` to 4 explicitly for the four-peg variant.
    fn at_level(level: f64) -> Self {
        let step = level.floor() as u32;
        HanoiParams {
            disks: 3 + step / 2,
            pegs: 3,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use verigym_core::params::{LEVEL_MAX, LEVEL_MIN};

    #[test]
    fn defaults_and_every_level_are_valid_and_monotone() {
        HanoiParams::default().validate().unwrap();
        let mut level = LEVEL_MIN;
        let mut last = 0;
        while level <= LEVEL_MAX {
            let p = HanoiParams::at_level(level);
            p.validate().unwrap();
            assert!(p.disks >= last);
            last = p.disks;
            level += 0.05;
        }
    }

    #[test]
    fn errors_name_the_field_and_the_peg_dependent_bound() {
        let err = HanoiParams { disks: 9, pegs: 4 }
            .validate()
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("disks") && err.contains("1 to 8 (with 4 pegs)"),
            "{err}"
        );
        let err = HanoiParams { disks: 3, pegs: 5 }
            .validate()
            .unwrap_err()
            .to_string();
        assert!(err.contains("pegs"), "{err}");
        HanoiParams { disks: 10, pegs: 3 }.validate().unwrap();
    }
}
