//! Golden files: the exact records for fixed seeds, readable in review.
//!
//! Regenerate with `VERIGYM_BLESS=1 cargo test golden` only together with an env version bump.

use std::fs;
use std::path::Path;

use crate::support::jsonl;

fn check(name: &str, bytes: &[u8]) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name);
    if std::env::var_os("VERIGYM_BLESS").is_some() {
        fs::write(&path, bytes).unwrap();
        return;
    }
    let expected = fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert!(
        expected == bytes,
        "{} differs from what the generator now writes",
        path.display()
    );
}

#[test]
fn modarith_defaults_seed_42() {
    check(
        "modarith-default-s42.jsonl",
        &jsonl("modarith", None, &[], 42, 0, 3),
    );
}

#[test]
fn modarith_levels_seed_1() {
    let mut all = Vec::new();
    for level in [0.0, 2.5, 5.0, 7.5, 10.0] {
        all.extend(jsonl("modarith", Some(level), &[], 1, 0, 1));
    }
    check("modarith-levels-s1.jsonl", &all);
}

#[test]
fn modarith_words_every_op_seed_9() {
    let ops = r#"["add","sub","mul","div","neg","square","cube","recip"]"#;
    check(
        "modarith-words-s9.jsonl",
        &jsonl(
            "modarith",
            None,
            &[("style", "\"words\""), ("ops", ops)],
            9,
            0,
            2,
        ),
    );
}
