//! The Rust that verigym writes into the code it builds (the mutant schemata's selector and fuel,
//! the sealed test harnesses) lives in `crates/repo/runtimes/` as real `.rs` files; this module
//! fills in their `@@NAME@@` holes. A test compiles each filled runtime on its own.

use std::fmt::Display;

/// `template` with each `@@NAME@@` replaced by its value's `Display` text.
///
/// Every hole must have a value and every value a hole: a runtime whose text and caller drift
/// apart fails the first build that uses it, and the tests below, rather than shipping a hole.
pub(crate) fn render(template: &str, values: &[(&str, &dyn Display)]) -> String {
    let mut out = String::with_capacity(template.len() + 256);
    let mut rest = template;
    while let Some(start) = rest.find("@@") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let end = after.find("@@").expect("a runtime's `@@` hole is closed");
        let name = &after[..end];
        let (_, value) = values
            .iter()
            .find(|(n, _)| *n == name)
            .unwrap_or_else(|| panic!("the runtime's hole `{name}` has a value"));
        out.push_str(&value.to_string());
        rest = &after[end + 2..];
    }
    out.push_str(rest);
    debug_assert!(
        values
            .iter()
            .all(|(n, _)| template.contains(&format!("@@{n}@@"))),
        "every value has a hole"
    );
    out
}

#[cfg(test)]
mod tests {
    use std::process::{Command, Stdio};

    use super::*;

    #[test]
    fn holes_are_filled_and_the_rest_is_kept() {
        let steps = 7u64;
        assert_eq!(
            render(
                "a @@steps@@ {b} @@name@@\n",
                &[("steps", &steps), ("name", &"x")]
            ),
            "a 7 {b} x\n"
        );
    }

    /// Each runtime, filled as a build fills it, compiles as a library of its own: `{}` and
    /// quoting mistakes show here, not as an unviable audit.
    #[test]
    fn every_runtime_compiles_on_its_own() {
        let dir = tempfile::tempdir().unwrap();
        use crate::krate::sealing::Root;
        let runtimes: [(&str, String); 5] = [
            ("schemata", crate::schemata::helpers(crate::Fuel::default())),
            ("seal", crate::seal::harness()),
            ("crate_schemata", crate::krate::inject::runtime()),
            ("crate_seal_lib", crate::krate::sealing::harness(Root::Lib)),
            (
                "crate_seal_test",
                crate::krate::sealing::harness(Root::Test),
            ),
        ];
        for (name, source) in runtimes {
            assert!(!source.contains("@@"), "{name}: an unfilled hole");
            let file = dir.path().join(format!("{name}.rs"));
            std::fs::write(&file, &source).unwrap();
            // `--cfg test`: the library-root harness exists only in the test build.
            let out = Command::new("rustc")
                .args([
                    "--edition",
                    "2024",
                    "--crate-type",
                    "lib",
                    "--emit",
                    "metadata",
                ])
                .args(["--cfg", "test"])
                .arg("--out-dir")
                .arg(dir.path())
                .arg(&file)
                .stdin(Stdio::null())
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "{name} does not compile alone:\n{}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
}
