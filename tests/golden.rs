//! Golden files: the exact records for fixed seeds, readable in review.
//!
//! Regenerate with `VERIGYM_BLESS=1 cargo test golden` only together with an env version bump.

use crate::support::{check_golden as check, jsonl};

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
