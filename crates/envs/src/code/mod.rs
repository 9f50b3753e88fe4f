//! Code: fix the bugs in a Rust repository, judged by compiling and running hidden tests
//! (`repo_fix`, cargo feature `repo_fix`); write an SQL query, judged by running it in a locked
//! SQLite on the shown and hidden databases (`sql`).

#[cfg(feature = "repo_fix")]
pub mod repo_fix;
pub mod sql;
