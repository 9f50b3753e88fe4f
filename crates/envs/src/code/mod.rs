//! Code: fix the bugs in a Rust repository, judged by compiling and running hidden tests
//! (`repo_fix`, feature `repo_fix`), and write a program in a small list language, judged by the
//! env's own interpreter on shown and hidden inputs (`program_synthesis`).

pub mod program_synthesis;
#[cfg(feature = "repo_fix")]
pub mod repo_fix;
