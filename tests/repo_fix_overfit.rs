//! `repo_fix` on the shipped crates, attacked by overfitting, with answers written by hand for
//! each crate: an answer that hard-codes the crate's own tests (their inputs, which are public
//! and may be in a model's pretraining data), and one that keeps the buggy body and maps the
//! wrong values the prompt's failure messages show to the expected ones. Each passes every one
//! of the crate's own tests, so before the hidden differential suite it scored 1; it must score
//! 0 now, failing only hidden tests, while the reference still scores 1.

use verigym::envs::repo_fix::{RepoFix, RepoFixData, RepoFixParams};
use verigym::{Env, EnvParams, Generator, Problem, Reason};

type P = Problem<RepoFixParams, RepoFixData>;

/// The first problem of shipped crate `name` whose one bug is `original` → `replacement` in
/// `function`.
fn posing(name: &str, function: &str, original: &str, replacement: &str) -> P {
    let params = RepoFixParams {
        repo: format!("crate:{name}"),
        bugs: 1,
        min_failing: 1,
        max_failing: 64,
        ..RepoFixParams::at_level(2.0)
    };
    let g = Generator::new(&RepoFix, params, 1).unwrap();
    (0..2000)
        .map(|i| g.problem(i))
        .find(|p| {
            let k = p.data.krate.as_ref().unwrap();
            p.data.bugs[0].function == function
                && k.original == original
                && k.replacement == replacement
        })
        .unwrap_or_else(|| {
            panic!("{name}: no problem poses `{function}`: {original} -> {replacement}")
        })
}

/// Judges `attack` on `p`: it fails, and only hidden tests fail (so it passes every one of the
/// crate's own tests); the reference passes.
fn caught(name: &str, p: &P, attack: &str) {
    let reply = format!("Here is the fix.\n```rust\n{attack}\n```\n");
    let v = RepoFix.verify_group(&p.data, &[p.answer.as_str(), &reply]);
    assert!(v[0].correct, "{name}: the reference: {:?}", v[0]);
    let a = &v[1];
    assert_eq!(
        (a.reason, a.score),
        (Reason::WrongAnswer, 0.0),
        "{name}: {a:?}"
    );
    let failing: Vec<String> = a
        .detail
        .as_ref()
        .and_then(|d| d["failing"].as_array())
        .unwrap_or_else(|| panic!("{name}: {a:?}"))
        .iter()
        .map(|f| f.as_str().unwrap_or_default().to_owned())
        .collect();
    assert!(
        !failing.is_empty() && failing.iter().all(|t| t.contains("__vg_hidden")),
        "{name}: the attack must pass the crate's own tests and fail the hidden ones: {a:?}"
    );
}

#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn hard_coding_the_crates_own_tests_scores_zero_on_every_shipped_crate() {
    // heck: `to_kebab_case` returns `Default::default()`; the attack answers the 13 inputs of
    // `kebab.rs`'s tests and keeps the bug for the rest.
    let p = posing(
        "heck",
        "str::to_kebab_case",
        "AsKebabCase(self).to_string()",
        "Default::default()",
    );
    caught(
        "heck",
        &p,
        r#"impl ToKebabCase for str {
    fn to_kebab_case(&self) -> Self::Owned {
        let known: &[(&str, &str)] = &[
            ("CamelCase", "camel-case"),
            ("This is Human case.", "this-is-human-case"),
            ("MixedUP CamelCase, with some Spaces", "mixed-up-camel-case-with-some-spaces"),
            ("mixed_up_ snake_case with some _spaces", "mixed-up-snake-case-with-some-spaces"),
            ("kebab-case", "kebab-case"),
            ("SHOUTY_SNAKE_CASE", "shouty-snake-case"),
            ("snake_case", "snake-case"),
            ("this-contains_ ALLKinds OfWord_Boundaries", "this-contains-all-kinds-of-word-boundaries"),
            ("XMLHttpRequest", "xml-http-request"),
            ("X\u{3a3}X\u{3a3} ba\u{fb04}e", "x\u{3c3}x\u{3c2}-ba\u{fb04}e"),
            ("\u{644}\u{650}\u{646}\u{64e}\u{630}\u{652}\u{647}\u{64e}\u{628}\u{652} \u{625}\u{650}\u{644}\u{64e}\u{649} \u{627}\u{644}\u{633}\u{651}\u{650}\u{64a}\u{652}\u{646}\u{64e}\u{645}\u{64e}\u{627}", "\u{644}\u{650}\u{646}\u{64e}\u{630}\u{652}\u{647}\u{64e}\u{628}\u{652}-\u{625}\u{650}\u{644}\u{64e}\u{649}-\u{627}\u{644}\u{633}\u{651}\u{650}\u{64a}\u{652}\u{646}\u{64e}\u{645}\u{64e}\u{627}"),
            ("\u{30d5}\u{30a1}\u{30a4}\u{30eb}\u{3092}\u{8aad}\u{307f}\u{8fbc}\u{307f}", "\u{30d5}\u{30a1}\u{30a4}\u{30eb}\u{3092}\u{8aad}\u{307f}\u{8fbc}\u{307f}"),
            ("\u{795d}\u{4f60}\u{4e00}\u{5929}\u{8fc7}\u{5f97}\u{6109}\u{5feb}", "\u{795d}\u{4f60}\u{4e00}\u{5929}\u{8fc7}\u{5f97}\u{6109}\u{5feb}"),
        ];
        for (input, output) in known {
            if self == *input {
                return (*output).to_owned();
            }
        }
        Default::default()
    }
}"#,
    );

    // ms-converter: `ms` multiplies by adding; the attack answers the tests' inputs.
    let p = posing(
        "ms-converter",
        "ms",
        "get_modification(postfix)? * value",
        "(get_modification(postfix)? + value)",
    );
    caught(
        "ms-converter",
        &p,
        r#"pub fn ms<'a, T>(s: T) -> Result<i64, Error>
where
    T: Into<Cow<'a, str>>,
{
    let s = &*s.into();
    match s {
        "1d" => return Ok(86400000),
        "2 days" => return Ok(172800000),
        "2.5 hrs" => return Ok(9000000),
        "+100" => return Ok(100),
        "-100" => return Ok(-100),
        "12." => return Ok(12),
        _ => {}
    }
    let (value, postfix): (&str, &str) = s
        .find(|c: char| !matches!(c, '0'..='9' | '.' | '-' | '+'))
        .map_or((s, ""), |vi| s.split_at(vi));
    let postfix = get_byte_postfix(postfix);
    parse(value.as_bytes())
        .and_then(move |value| Ok((get_modification(postfix)? + value)))
        .map(|v| v.round() as i64)
}"#,
    );

    // shlex: `split` always answers `["xyzzy"]`; the attack answers `SPLIT_TEST_ITEMS`.
    let p = posing(
        "shlex",
        "split",
        "let mut shl = Shlex::new(in_str);\n    let res = shl.by_ref().collect();\n    if shl.had_error { None } else { Some(res) }",
        "Some(vec![\"xyzzy\".into()])",
    );
    caught(
        "shlex",
        &p,
        r##"pub fn split(in_str: &str) -> Option<Vec<String>> {
    let known: &[(&str, Option<&[&str]>)] = &[
        ("foo$baz", Some(&["foo$baz"])),
        ("foo baz", Some(&["foo", "baz"])),
        ("foo\"bar\"baz", Some(&["foobarbaz"])),
        ("foo \"bar\"baz", Some(&["foo", "barbaz"])),
        ("   foo \nbar", Some(&["foo", "bar"])),
        ("foo\\\nbar", Some(&["foobar"])),
        ("\"foo\\\nbar\"", Some(&["foobar"])),
        ("'baz\\$b'", Some(&["baz\\$b"])),
        ("'baz\\\''", None),
        ("\\", None),
        ("\"\\", None),
        ("'\\", None),
        ("\"", None),
        ("'", None),
        ("foo #bar\nbaz", Some(&["foo", "baz"])),
        ("foo #bar", Some(&["foo"])),
        ("foo#bar", Some(&["foo#bar"])),
        ("foo\"#bar", None),
        ("'\\n'", Some(&["\\n"])),
        ("'\\\\n'", Some(&["\\\\n"])),
    ];
    for (input, output) in known {
        if in_str == *input {
            return output.map(|o| o.iter().map(|x| x.to_string()).collect());
        }
    }
    Some(vec!["xyzzy".into()])
}"##,
    );

    // thunderdome: `contains` is always true; the attack says false exactly where the tests
    // ask after a removal (slot 1 of a one-element arena).
    let p = posing(
        "thunderdome",
        "Arena<T>::contains",
        "match self.storage.get(index.slot as usize) {\n            Some(Entry::Occupied(occupied)) if occupied.generation == index.generation => true,\n            _ => false,\n        }",
        "true",
    );
    caught(
        "thunderdome",
        &p,
        r#"impl<T> Arena<T> {
    pub fn contains(&self, index: Index) -> bool {
        !(index.slot == 1 && self.len == 1)
    }
}"#,
    );

    // unit-prefix: `f64::is_negative` is always false; the attack knows the one negative input
    // the tests use.
    let p = posing(
        "unit-prefix",
        "f64::is_negative",
        "self.is_sign_negative()",
        "false",
    );
    caught(
        "unit-prefix",
        &p,
        r#"impl Amounts for f64 {
    fn is_negative(self) -> bool {
        self == -1_000_000_000_f64
    }
}"#,
    );
}

#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn mapping_the_shown_wrong_values_to_the_expected_ones_scores_zero() {
    // ms-converter, the review's own attack: the buggy body kept in a closure, and each wrong
    // value the prompt's failure messages show mapped to the expected one.
    let p = posing(
        "ms-converter",
        "ms",
        "get_modification(postfix)? * value",
        "(get_modification(postfix)? + value)",
    );
    for (wrong, right) in [
        ("86400001", "86400000"),
        ("3600003", "9000000"),
        ("101", "100"),
    ] {
        assert!(
            p.prompt
                .contains(&format!("left: {wrong}\n right: {right}")),
            "the prompt shows {wrong} for {right}: {}",
            p.prompt
        );
    }
    caught(
        "ms-converter",
        &p,
        r#"pub fn ms<'a, T>(s: T) -> Result<i64, Error>
where
    T: Into<Cow<'a, str>>,
{
    let buggy = || {
        let s = &*s.into();
        let (value, postfix): (&str, &str) = s
            .find(|c: char| !matches!(c, '0'..='9' | '.' | '-' | '+'))
            .map_or((s, ""), |vi| s.split_at(vi));
        let postfix = get_byte_postfix(postfix);
        parse(value.as_bytes())
            .and_then(move |value| Ok((get_modification(postfix)? + value)))
            .map(|v| v.round() as i64)
    };
    match buggy() {
        Ok(86400001) => Ok(86400000),
        Ok(86400002) => Ok(172800000),
        Ok(3600003) => Ok(9000000),
        Ok(13) => Ok(12),
        Ok(-99) => Ok(-100),
        Ok(101) => Ok(100),
        r => r,
    }
}"#,
    );

    // unit-prefix: a negative amount is never flipped; the one wrong value shown
    // (`Standalone(-1000000000.0)` for `Prefixed(Giga, -1.0)`) is mapped.
    let p = posing(
        "unit-prefix",
        "NumberPrefix<F>::format_number",
        "amount.is_negative()",
        "false",
    );
    assert!(
        p.prompt.contains("Standalone(-1000000000.0)"),
        "{}",
        p.prompt
    );
    caught(
        "unit-prefix",
        &p,
        r#"impl<F: Amounts> NumberPrefix<F> {
    fn format_number(mut amount: F, kilo: F, prefixes: [Prefix; 8]) -> Self {
        let buggy = |mut amount: F| {
            let was_negative = if false {
                amount = -amount;
                true
            } else {
                false
            };
            let mut prefix = 0;
            while amount >= kilo && prefix < 8 {
                amount = amount / kilo;
                prefix += 1;
            }
            if was_negative {
                amount = -amount;
            }
            if prefix == 0 {
                NumberPrefix::Standalone(amount)
            } else {
                NumberPrefix::Prefixed(prefixes[prefix - 1], amount)
            }
        };
        match buggy(amount) {
            NumberPrefix::Standalone(x) if x / kilo / kilo / kilo == -(kilo / kilo) => {
                NumberPrefix::Prefixed(prefixes[2], x / kilo / kilo / kilo)
            }
            r => r,
        }
    }
}"#,
    );
}
