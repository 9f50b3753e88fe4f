//! Code: fix the bugs in a Rust repository, judged by compiling and running hidden tests
//! (`repo_fix`, cargo feature `repo_fix`); write a regular expression for a hidden rule, judged
//! by exact language equality (`regex_synthesis`); write a program in a small list language,
//! judged by the env's own interpreter on shown and hidden inputs (`program_synthesis`); write an
//! SQL query, judged by running it in a locked SQLite on the shown and hidden databases (`sql`).

pub mod program_synthesis;
pub mod regex_synthesis;
#[cfg(feature = "repo_fix")]
pub mod repo_fix;
pub mod sql;
