//! The tool grammar of agentic episodes: what a `<query>` may ask, read without touching the
//! repo, so that every malformed call is refused before anything is built or run.
//!
//! ````text
//! <query>list_files</query>
//! <query>read_file src/lib.rs</query>
//! <query>run_tests</query>
//! <query>replace_function
//! ```rust
//! fn name(…) -> … { … }
//! ```
//! </query>
//! <answer>submit</answer>            (or an <answer> carrying a ```rust block: applied, then submitted)
//! ````

use verigym_core::extract::code_blocks;

/// One tool call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tool<'a> {
    /// Lists the visible files.
    ListFiles,
    /// Reads one visible file.
    ReadFile(&'a str),
    /// Runs the visible tests on the current state.
    RunTests,
    /// Replaces one library function; the text holds exactly one ```rust block.
    ReplaceFunction(&'a str),
}

/// What a refused call is told: every tool and its form.
pub const USAGE: &str = "the tools are `list_files`, `read_file PATH`, `run_tests` and \
    `replace_function` followed by one ```rust block holding one `fn`; submit with \
    <answer>submit</answer>";

/// Reads a query's text (between the tags, trimmed) as a tool call, or says why it is not one.
pub fn parse(query: &str) -> Result<Tool<'_>, String> {
    let query = query.trim();
    let (name, rest) = match query.find(char::is_whitespace) {
        Some(at) => (&query[..at], query[at..].trim()),
        None => (query, ""),
    };
    let no_argument = |tool: Tool<'static>| {
        if rest.is_empty() {
            Ok(tool)
        } else {
            Err(format!("`{name}` takes no argument"))
        }
    };
    match name {
        "list_files" => no_argument(Tool::ListFiles),
        "run_tests" => no_argument(Tool::RunTests),
        "read_file" => {
            if rest.is_empty() || rest.contains(char::is_whitespace) {
                Err("`read_file` takes one path, as `list_files` lists it".to_owned())
            } else {
                Ok(Tool::ReadFile(rest))
            }
        }
        "replace_function" => match code_blocks(rest, "rust").len() {
            1 => Ok(Tool::ReplaceFunction(rest)),
            0 => Err("`replace_function` needs a ```rust block holding one `fn`".to_owned()),
            n => Err(format!(
                "`replace_function` takes one ```rust block; the call holds {n}"
            )),
        },
        _ => {
            let shown: String = name.chars().take(40).collect();
            Err(format!("no tool `{shown}`; {USAGE}"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tool_and_its_refusals() {
        assert_eq!(parse("list_files"), Ok(Tool::ListFiles));
        assert_eq!(parse("  run_tests \n"), Ok(Tool::RunTests));
        assert_eq!(
            parse("read_file src/lib.rs"),
            Ok(Tool::ReadFile("src/lib.rs"))
        );
        let block = "replace_function\n```rust\nfn f() {}\n```";
        assert!(matches!(parse(block), Ok(Tool::ReplaceFunction(t)) if t.contains("fn f")));
        for (call, needle) in [
            ("list_files src", "no argument"),
            ("run_tests --all", "no argument"),
            ("read_file", "one path"),
            ("read_file a b", "one path"),
            ("replace_function fn f() {}", "needs a ```rust block"),
            (
                "replace_function\n```rust\nfn f() {}\n```\n```rust\nfn g() {}\n```",
                "holds 2",
            ),
            ("submit", "no tool `submit`"),
            ("RUN_TESTS", "no tool"),
            ("cat tests/strong.rs", "no tool `cat`"),
        ] {
            let err = parse(call).unwrap_err();
            assert!(err.contains(needle), "{call}: {err}");
        }
        // A name is echoed short, whatever its length.
        let long = "x".repeat(10_000);
        assert!(parse(&long).unwrap_err().len() < 400);
    }
}
