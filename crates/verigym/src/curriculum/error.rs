//! The curriculum's error type: feedback that cannot be used, and states that do not fit a config.

/// What can go wrong when feeding back rewards or restoring a curriculum.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CurriculumError {
    /// Feedback named a problem this curriculum did not issue, already recorded, or expired.
    #[error(
        "unknown problem id `{id}`: not issued by this curriculum, already recorded, or expired"
    )]
    UnknownId {
        /// The id as given.
        id: String,
    },
    /// A reward was not a finite number in [0, 1].
    #[error(
        "invalid reward {value} at position {position} for problem `{id}`; allowed: a number from 0 to 1"
    )]
    InvalidReward {
        /// The problem the rewards were for.
        id: String,
        /// The 0-based position of the reward in the group.
        position: usize,
        /// The offending value.
        value: f64,
    },
    /// The config or a saved state is inconsistent.
    #[error("invalid curriculum {what}: {message}")]
    Invalid {
        /// "config" or "state".
        what: &'static str,
        /// What is wrong.
        message: String,
    },
    /// An env id or its params override was rejected by the core.
    #[error(transparent)]
    Env(#[from] crate::Error),
}

impl CurriculumError {
    pub(crate) fn config(message: impl ToString) -> Self {
        CurriculumError::Invalid {
            what: "config",
            message: message.to_string(),
        }
    }

    pub(crate) fn state(message: impl ToString) -> Self {
        CurriculumError::Invalid {
            what: "state",
            message: message.to_string(),
        }
    }

    /// A saved state whose `field` holds `value`, which is not `allowed`: what a
    /// [`SavedController::check_restored`](super::SavedController::check_restored) of your own
    /// returns for an impossible value.
    pub fn state_field(
        field: impl std::fmt::Display,
        value: impl std::fmt::Display,
        allowed: impl std::fmt::Display,
    ) -> Self {
        Self::state(format!("`{field}` = {value}; allowed: {allowed}"))
    }
}
