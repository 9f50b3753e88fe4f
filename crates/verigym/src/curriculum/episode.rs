//! An env's episode schedule: the feedback-episode options its served problems must be played
//! with, moved along the controller's level so the turn budget is part of the difficulty.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::error::CurriculumError;
use verigym_core::params::{LEVEL_MAX, LEVEL_MIN};
use verigym_episodes::{FeedbackOptions, RewardMode};

/// How an env's problems are played as episodes. Absent: as single-turn problems.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EpisodeSchedule {
    /// Feedback episodes: a wrong answer hears the feedback and may try again, within the budget.
    pub feedback: FeedbackSchedule,
}

/// A feedback episode's options as a function of the level.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FeedbackSchedule {
    /// `[at level 0, at level 10]`: the answers allowed at the easy and the hard end, 1 to 16
    /// each (usually the first larger). Between them the budget moves linearly with the level
    /// and is rounded to the nearest whole turn, so the controller that raises the level also
    /// takes turns away.
    pub max_turns: [u32; 2],
    /// How the reward is paid (default `solved`).
    #[serde(default)]
    pub reward: RewardMode,
}

impl EpisodeSchedule {
    /// Checks every field; errors name the env, the field, the value and what is allowed.
    pub fn validate(&self, env: &str) -> Result<(), CurriculumError> {
        for (i, &turns) in self.feedback.max_turns.iter().enumerate() {
            let options = FeedbackOptions {
                max_turns: turns,
                reward: self.feedback.reward,
            };
            options.validate().map_err(|e| {
                CurriculumError::config(format!(
                    "env `{env}`: `episode.feedback.max_turns[{i}]` or `reward`: {e}"
                ))
            })?;
        }
        Ok(())
    }

    /// The options a problem at `level` is played with. Basic IEEE operations on the quantized
    /// level only, so every platform serves the same budget.
    pub fn options_at(&self, level: f64) -> FeedbackOptions {
        let [easy, hard] = self.feedback.max_turns.map(f64::from);
        let level = if level.is_nan() {
            LEVEL_MIN
        } else {
            level.clamp(LEVEL_MIN, LEVEL_MAX)
        };
        let t = (level - LEVEL_MIN) / (LEVEL_MAX - LEVEL_MIN);
        let turns = (easy + (hard - easy) * t).round();
        FeedbackOptions {
            max_turns: turns as u32,
            reward: self.feedback.reward,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn schedule(max_turns: [u32; 2]) -> EpisodeSchedule {
        EpisodeSchedule {
            feedback: FeedbackSchedule {
                max_turns,
                reward: RewardMode::Solved,
            },
        }
    }

    #[test]
    fn the_budget_moves_from_the_easy_end_to_the_hard_end() {
        let s = schedule([4, 1]);
        let turns: Vec<u32> = [0.0, 1.6, 1.7, 5.0, 8.3, 8.4, 10.0, 12.0, -1.0, f64::NAN]
            .iter()
            .map(|&l| s.options_at(l).max_turns)
            .collect();
        assert_eq!(turns, [4, 4, 3, 3, 2, 1, 1, 1, 4, 4]);
        assert_eq!(schedule([2, 2]).options_at(7.35).max_turns, 2);
    }

    #[test]
    fn errors_name_the_env_field_value_and_range() {
        for (bad, field, value) in [([0, 1], "[0]", "0"), ([4, 17], "[1]", "17")] {
            let err = schedule(bad).validate("sudoku").unwrap_err().to_string();
            for part in ["sudoku", field, value, "1 to 16"] {
                assert!(err.contains(part), "{err} lacks {part}");
            }
        }
        schedule([16, 1]).validate("sudoku").unwrap();
    }
}
