//! DAPO's dynamic-sampling filter: keep only groups with 0 < correct < G, and count the rest.
//!
//! It filters on raw accuracy (`Verdict.correct`), never on a shaped score: a group whose shaped
//! scores differ but whose answers are all wrong still teaches nothing about being right.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Counts of what the filter kept and dropped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DapoFilter {
    /// Groups with at least one right and one wrong answer.
    pub kept: u64,
    /// Groups where every answer was right.
    pub all_correct: u64,
    /// Groups where every answer was wrong (an empty group counts here: it has no right answer).
    pub all_wrong: u64,
    /// Samples in kept groups.
    pub kept_samples: u64,
    /// Samples in dropped groups.
    pub dropped_samples: u64,
}

impl DapoFilter {
    /// A filter with zero counts.
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether a group with these raw correctness flags is kept; counts it either way.
    pub fn keep(&mut self, correct: &[bool]) -> bool {
        let right = correct.iter().filter(|&&c| c).count();
        let n = correct.len() as u64;
        if right > 0 && right < correct.len() {
            self.kept += 1;
            self.kept_samples += n;
            return true;
        }
        if right > 0 {
            self.all_correct += 1;
        } else {
            self.all_wrong += 1;
        }
        self.dropped_samples += n;
        false
    }

    /// Keeps the informative groups of `groups`, where `correct` reads a group's flags.
    pub fn filter<T>(&mut self, groups: Vec<T>, correct: impl Fn(&T) -> &[bool]) -> Vec<T> {
        groups
            .into_iter()
            .filter(|g| self.keep(correct(g)))
            .collect()
    }

    /// Groups dropped so far.
    pub fn dropped(&self) -> u64 {
        self.all_correct + self.all_wrong
    }

    /// The fraction of samples dropped (0 before any group).
    pub fn wasted_fraction(&self) -> f64 {
        let total = self.kept_samples + self.dropped_samples;
        if total == 0 {
            0.0
        } else {
            self.dropped_samples as f64 / total as f64
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_mixed_groups_and_counts_the_rest() {
        let mut f = DapoFilter::new();
        let groups = vec![
            vec![true, false, true],
            vec![true, true, true],
            vec![false, false, false],
            vec![],
            vec![false, true],
        ];
        let kept = f.filter(groups, |g| g.as_slice());
        assert_eq!(kept, vec![vec![true, false, true], vec![false, true]]);
        assert_eq!(
            (f.kept, f.all_correct, f.all_wrong, f.dropped()),
            (2, 1, 2, 3)
        );
        assert_eq!((f.kept_samples, f.dropped_samples), (5, 6));
        assert!((f.wasted_fraction() - 6.0 / 11.0).abs() < 1e-12);
    }
}
