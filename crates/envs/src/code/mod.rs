//! Code: fix the bugs in a Rust repository, judged by compiling and running hidden tests.

pub mod repo_fix;
