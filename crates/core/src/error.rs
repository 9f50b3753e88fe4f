//! The library's one error type. Messages name the field, the value and what is allowed.

use std::borrow::Cow;

/// Everything that can go wrong when building generators or reading records.
///
/// Verifying a response never returns an error: a bad response is a [`crate::Verdict`] with score 0.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A parameter is out of range or malformed.
    #[error("invalid value for `{field}`: {value}; allowed: {allowed}")]
    InvalidParam {
        /// The parameter's name, as written in params JSON.
        field: Cow<'static, str>,
        /// The offending value, rendered as given.
        value: String,
        /// What would have been accepted.
        allowed: Cow<'static, str>,
    },
    /// No env with this id is registered.
    #[error("unknown env `{id}`; registered envs: {known}")]
    UnknownEnv {
        /// The id asked for.
        id: String,
        /// The registered ids, comma-separated.
        known: String,
    },
    /// An env set already holds an env with this id.
    #[error("env `{id}` is already in the set; each id may appear once")]
    DuplicateEnv {
        /// The id added twice.
        id: String,
    },
    /// A record was made by a different version of an env than this build has.
    #[error("record `{id}` was made by {env} v{found}; this build has {env} v{expected}")]
    VersionMismatch {
        /// The record's id.
        id: String,
        /// The env id.
        env: String,
        /// The version in the record.
        found: u32,
        /// The version this build implements.
        expected: u32,
    },
    /// A line of an input file could not be used.
    #[error("{file} line {line}: {message}")]
    Input {
        /// The file, as named by the user.
        file: String,
        /// The 1-based line number.
        line: usize,
        /// What is wrong with the line.
        message: String,
    },
    /// A built suite on disk differs from a fresh build of its own manifest.
    #[error("the built suite does not match a fresh build: {details}")]
    SuiteMismatch {
        /// Each file that differs or is missing.
        details: String,
    },
    /// A record or params document does not have the expected shape.
    #[error("malformed {what}: {message}")]
    Malformed {
        /// What was being read, such as "problem record".
        what: &'static str,
        /// The parser's explanation.
        message: String,
    },
}

/// The library's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    /// Shorthand for [`Error::InvalidParam`].
    pub fn param(
        field: impl Into<Cow<'static, str>>,
        value: impl ToString,
        allowed: impl Into<Cow<'static, str>>,
    ) -> Self {
        Error::InvalidParam {
            field: field.into(),
            value: value.to_string(),
            allowed: allowed.into(),
        }
    }

    /// Shorthand for [`Error::Malformed`].
    pub fn malformed(what: &'static str, message: impl ToString) -> Self {
        Error::Malformed {
            what,
            message: message.to_string(),
        }
    }
}

/// Fails with [`Error::InvalidParam`] unless `lo <= value <= hi`: the check most
/// [`EnvParams::validate`](crate::EnvParams::validate) implementations need. The message names the
/// field, the value and the range.
///
/// ```
/// assert!(verigym_core::check_range("terms", 3, 2, 50).is_ok());
/// let err = verigym_core::check_range("terms", 99, 2, 50).unwrap_err();
/// assert_eq!(err.to_string(), "invalid value for `terms`: 99; allowed: 2 to 50");
/// ```
pub fn check_range<T: PartialOrd + std::fmt::Display>(
    field: &'static str,
    value: T,
    lo: T,
    hi: T,
) -> Result<()> {
    if value < lo || value > hi {
        return Err(Error::param(field, value, format!("{lo} to {hi}")));
    }
    Ok(())
}
