//! `hanoi` params: disks, pegs and the fewest moves a problem may need, their validation, and the
//! difficulty mapping.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use verigym_core::error::{Error, Result, check_range};
use verigym_core::params::EnvParams;

/// Most disks with three pegs (3^10 = 59,049 states for the BFS).
pub const MAX_DISKS_3: u32 = 10;
/// Most disks with four pegs (4^8 = 65,536 states).
pub const MAX_DISKS_4: u32 = 8;

/// For 1, 2, … disks on 3 pegs: the largest `min_moves` every start can meet, that is the
/// smallest over all starts of the distance to the start's farthest configuration (3·2^(n−2)
/// from 2 disks on). Computed by BFS from every configuration (the tests recompute the small ones; `farthest_tables_in_full` all).
pub const FARTHEST_3: [u32; MAX_DISKS_3 as usize] = [1, 3, 6, 12, 24, 48, 96, 192, 384, 768];
/// The same for 4 pegs.
pub const FARTHEST_4: [u32; MAX_DISKS_4 as usize] = [1, 3, 4, 7, 10, 13, 18, 24];

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
    /// The goal is drawn uniformly among the configurations at least this many moves from the
    /// start, so no problem has a shorter optimum. At most the distance every start has to its
    /// farthest configuration: 1 with 1 disk, 3·2^(disks−2) with 3 pegs (3 with 2 disks, 768
    /// with 10), and with 4 pegs 3, 4, 7, 10, 13, 18, 24 from 2 to 8 disks.
    #[schemars(range(min = 1, max = 768))]
    pub min_moves: u32,
}

impl Default for HanoiParams {
    fn default() -> Self {
        HanoiParams {
            disks: 4,
            pegs: 3,
            min_moves: 3,
        }
    }
}

/// The largest `min_moves` every start meets with these pegs and disks (both already valid).
pub fn farthest(pegs: u32, disks: u32) -> u32 {
    let table: &[u32] = if pegs == 3 { &FARTHEST_3 } else { &FARTHEST_4 };
    table[disks as usize - 1]
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
        let farthest = farthest(self.pegs, self.disks);
        if !(1..=farthest).contains(&self.min_moves) {
            return Err(Error::param(
                "min_moves",
                self.min_moves,
                format!(
                    "1 to {farthest} (with {} disks and {} pegs, some start has no configuration \
                     farther away)",
                    self.disks, self.pegs
                ),
            ));
        }
        Ok(())
    }

    /// | level | disks | pegs | min_moves |
    /// |---|---|---|---|
    /// | 0 ≤ L ≤ 10 | 3 + ⌊⌊L⌋/2⌋ (3 to 8) | 3 | 3 + ⌊L⌋ (3 to 13) |
    ///
    /// The level map keeps three pegs: a fourth peg shortens the optimal plans, so it would not
    /// be monotone in plan length; set `pegs` to 4 explicitly for the four-peg variant. Both
    /// `disks` and `min_moves` only grow, so no level poses a one- or two-move problem, and the
    /// levels that share a disk count differ in the shortest plan they allow.
    fn at_level(level: f64) -> Self {
        let step = level.floor() as u32;
        HanoiParams {
            disks: 3 + step / 2,
            pegs: 3,
            min_moves: 3 + step,
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
        let mut last = HanoiParams::at_level(LEVEL_MIN);
        while level <= LEVEL_MAX {
            let p = HanoiParams::at_level(level);
            p.validate().unwrap();
            assert!(p.disks >= last.disks && p.min_moves >= last.min_moves);
            assert!(p.min_moves >= 3, "level {level} allows a two-move problem");
            last = p;
            level += 0.05;
        }
    }

    /// The tables are the smallest eccentricity of each configuration graph, recomputed here by
    /// BFS from every configuration where that is quick (the rest: `farthest_tables_in_full`).
    fn smallest_eccentricity(pegs: u32, disks: u32) -> u32 {
        let size = (pegs as usize).pow(disks);
        (0..size)
            .map(|s| {
                let mut at = vec![0u8; disks as usize];
                let mut x = s;
                for p in at.iter_mut() {
                    *p = (x % pegs as usize) as u8;
                    x /= pegs as usize;
                }
                let reach = super::super::solve::Reach::from(pegs, &at);
                u32::from(*reach.distance.iter().max().unwrap())
            })
            .min()
            .unwrap()
    }

    #[test]
    fn farthest_tables_hold_for_small_towers() {
        for disks in 1..=5 {
            assert_eq!(
                farthest(3, disks),
                smallest_eccentricity(3, disks),
                "3 pegs {disks}"
            );
        }
        for disks in 1..=4 {
            assert_eq!(
                farthest(4, disks),
                smallest_eccentricity(4, disks),
                "4 pegs {disks}"
            );
        }
    }

    #[test]
    #[ignore = "minutes in release: cargo test --release -p verigym-envs -- --ignored farthest"]
    fn farthest_tables_in_full() {
        for disks in 1..=MAX_DISKS_3 {
            assert_eq!(
                farthest(3, disks),
                smallest_eccentricity(3, disks),
                "3 pegs {disks}"
            );
        }
        for disks in 1..=MAX_DISKS_4 {
            assert_eq!(
                farthest(4, disks),
                smallest_eccentricity(4, disks),
                "4 pegs {disks}"
            );
        }
    }

    #[test]
    fn min_moves_beyond_what_every_start_allows_is_refused() {
        let p = |disks, pegs, min_moves| HanoiParams {
            disks,
            pegs,
            min_moves,
        };
        p(4, 3, 12).validate().unwrap();
        let err = p(4, 3, 13).validate().unwrap_err().to_string();
        assert!(
            err.contains("min_moves") && err.contains("13") && err.contains("1 to 12"),
            "{err}"
        );
        let err = p(3, 4, 0).validate().unwrap_err().to_string();
        assert!(err.contains("min_moves") && err.contains("1 to 4"), "{err}");
        let err = p(1, 3, 3).validate().unwrap_err().to_string();
        assert!(err.contains("min_moves") && err.contains("1 to 1"), "{err}");
    }

    #[test]
    fn errors_name_the_field_and_the_peg_dependent_bound() {
        let err = HanoiParams {
            disks: 9,
            pegs: 4,
            min_moves: 1,
        }
        .validate()
        .unwrap_err()
        .to_string();
        assert!(
            err.contains("disks") && err.contains("1 to 8 (with 4 pegs)"),
            "{err}"
        );
        let err = HanoiParams {
            disks: 3,
            pegs: 5,
            min_moves: 1,
        }
        .validate()
        .unwrap_err()
        .to_string();
        assert!(err.contains("pegs"), "{err}");
        HanoiParams {
            disks: 10,
            pegs: 3,
            min_moves: 768,
        }
        .validate()
        .unwrap();
    }
}
