//! Unit tests of the `regex_synthesis` pieces: the pattern compiler against hand-worked
//! languages, every attack class the verifier must refuse or bound, and generation at every level.

use super::*;
use verigym_core::env::Generator;
use verigym_core::params::EnvParams;
use verigym_core::verdict::Reason;

fn data(target: &str, pos: &[&str], neg: &[&str]) -> RegexSynthesisData {
    RegexSynthesisData {
        alphabet: "ab".to_owned(),
        target: target.to_owned(),
        shown_positive: pos.iter().map(|s| (*s).to_owned()).collect(),
        shown_negative: neg.iter().map(|s| (*s).to_owned()).collect(),
        hidden_positive: Vec::new(),
        hidden_negative: Vec::new(),
    }
}

fn judge(d: &RegexSynthesisData, answer: &str) -> Verdict {
    RegexSynthesis.verify(d, &format!("<answer>{answer}</answer>"))
}

fn matches(pattern: &str, text: &str) -> bool {
    let nfa = nfa::compile(pattern, b"ab").unwrap();
    let s = verify::symbols(text, b"ab").unwrap();
    let by_dfa = LazyDfa::new(&nfa, 2).matches(&s).unwrap();
    assert_eq!(by_dfa, nfa.matches(&s), "{pattern} on {text:?}");
    by_dfa
}

#[test]
fn the_compiler_reads_the_crates_syntax_over_the_alphabet() {
    for (pattern, yes, no) in [
        ("(ab)*", &["", "ab", "abab"][..], &["a", "aba", "b"][..]),
        ("a|ab", &["a", "ab"], &["", "b", "abb"]),
        ("a{2,3}b?", &["aa", "aab", "aaa"], &["a", "aaaa", "b"]),
        ("[^b]+", &["a", "aaa"], &["", "ab"]),
        ("(?i)A+", &["a", "aa"], &["", "b"]),
        ("^a+$", &["a"], &["", "ab"]),
        ("a$b", &[], &["ab", "a", "b"]),
        ("(?m)^a$", &["a"], &["", "aa"]),
        (".*b", &["b", "ab"], &["", "a"]),
        ("\\w\\b", &["a"], &["", "aa"]),
        ("\\Ba", &[], &["a", "aa"]),
        ("(?x) a b # comment", &["ab"], &["a"]),
        ("\\d*a", &["a"], &["", "aa"]),
        ("(a*)*b", &["b", "aab"], &["", "a"]),
        ("", &[""], &["a"]),
    ] {
        for t in yes {
            assert!(matches(pattern, t), "{pattern} should match {t:?}");
        }
        for t in no {
            assert!(!matches(pattern, t), "{pattern} should not match {t:?}");
        }
    }
}

#[test]
fn equivalent_patterns_are_correct_and_others_get_a_shortest_counterexample() {
    let d = data("(ab)*", &["", "ab"], &["a", "b"]);
    for right in [
        "(ab)*",
        "(?:ab)*",
        "^(ab)*$",
        "(ab)*|abab",
        "(?:(ab)+)?",
        "(a(ba)*b)?",
        "\\A(ab)*\\z",
    ] {
        let v = judge(&d, right);
        assert!(v.correct, "{right}: {v:?}");
    }
    let v = judge(&d, "(ab)*|aba");
    assert_eq!(v.reason, Reason::WrongAnswer);
    assert_eq!(v.detail.unwrap()["string"], "aba");
    let v = judge(&d, "(ab)+");
    assert!(v.message.contains("shown"), "{v:?}");
}

#[test]
fn every_attack_class_is_refused_or_bounded() {
    let d = data("(ab)*", &["", "ab"], &["a", "b"]);
    for (attack, reason) in [
        (".*", Reason::WrongAnswer),
        ("|ab", Reason::WrongAnswer),
        ("[ab]*", Reason::WrongAnswer),
        (".*(ab)*.*", Reason::WrongAnswer),
        ("(ab)*)|(.*", Reason::UnparsableAnswer),
        ("(a{1000}){1000}", Reason::Forbidden),
        ("a{4294967295}", Reason::Forbidden),
        ("(?:\\p{L}{100}){100}", Reason::Forbidden),
        ("\\w{5000}", Reason::Forbidden),
        (
            &format!("{}a{}", "(".repeat(40), ")".repeat(40)),
            Reason::UnparsableAnswer,
        ),
        (&"a".repeat(300), Reason::Forbidden),
        ("(ab)\\1", Reason::UnparsableAnswer),
        ("(?=a)ab", Reason::UnparsableAnswer),
        ("(?x)(ab)*#|.*", Reason::Correct),
        ("(?i)(AB)*", Reason::Correct),
        ("(?s).|(ab)*", Reason::WrongAnswer),
        // A final `.` is a full stop (the prompt says so): this is `(ab)*|`, which is right.
        ("(ab)*|.", Reason::Correct),
        ("^.*$|(ab)*", Reason::WrongAnswer),
        ("(ab)*$|a", Reason::WrongAnswer),
        // The DFA of "an a nine from the end" needs 2^10 states: within the bound, and wrong.
        ("[ab]*a[ab]{9}", Reason::WrongAnswer),
        // 2^13 subsets: past the DFA bound, refused rather than explored.
        ("(ab)*|[ab]*a[ab]{12}", Reason::Forbidden),
        // Few DFA states, but each a set of thousands of NFA states: bounded by the key budget.
        ("(ab)*|(a?){1300}a{1300}", Reason::Forbidden),
    ] {
        let v = judge(&d, attack);
        assert_eq!(v.reason, reason, "{attack}: {v:?}");
    }
    // The empty answer and a pattern that is only presentation are no answer at all.
    assert_eq!(judge(&d, "").reason, Reason::EmptyAnswer);
    assert_eq!(judge(&d, "``").reason, Reason::WrongAnswer);
}

#[test]
fn the_answer_forms_around_the_pattern() {
    let d = data("(ab)*", &["", "ab"], &["a", "b"]);
    for response in [
        "<answer>(ab)*</answer>",
        "<answer>`^(ab)*$`</answer>",
        "<answer>(ab)*.</answer>",
        "So \\boxed{(ab)*}",
        "Here it is:\n```regex\n^(?:ab)*$\n```\nIt repeats ab.",
        "<answer>\n```regex\n(ab)*\n```\n</answer>",
        "<answer>The answer is /(ab)*/.</answer>",
    ] {
        let v = RegexSynthesis.verify(&d, response);
        assert!(v.correct, "{response}: {v:?}");
    }
    for (response, reason) in [
        ("(ab)*", Reason::NoAnswer),
        ("```\n(ab)*\n```", Reason::NoAnswer),
        (
            "<think>```regex\n(ab)*\n```</think>",
            Reason::AnswerOnlyInThink,
        ),
        (
            "<answer>(ab)*</answer><answer>(ab)+</answer>",
            Reason::ConflictingAnswers,
        ),
        (
            "<answer>(ab)*</answer><answer>(?:ab)*</answer>",
            Reason::Correct,
        ),
        (
            "```regex\n(ab)+\n```\n<answer>(ab)*</answer>",
            Reason::Correct,
        ),
    ] {
        assert_eq!(
            RegexSynthesis.verify(&d, response).reason,
            reason,
            "{response}"
        );
    }
}

#[test]
fn generation_at_every_level_is_consistent_and_the_reference_verifies() {
    for level in 0..=10 {
        let params = RegexSynthesisParams::at_level(f64::from(level));
        let generator = Generator::new(&RegexSynthesis, params, 7).unwrap();
        for index in 0..12 {
            let p = generator.problem(index);
            RegexSynthesis.check_data(&p.data).unwrap();
            let v = RegexSynthesis.verify(&p.data, &format!("<answer>{}</answer>", p.answer));
            assert!(v.correct, "level {level}: {v:?} {:?}", p.data);
            for (label, wrong) in plausible_wrong_answers(&p.data) {
                let v = verify::judge_pattern(&p.data, &wrong);
                let nfa = nfa::compile(&wrong, p.data.alphabet.as_bytes()).unwrap();
                let symbols = |s: &String| verify::symbols(s, p.data.alphabet.as_bytes()).unwrap();
                let refuted = [
                    (&p.data.shown_positive, true),
                    (&p.data.shown_negative, false),
                    (&p.data.hidden_positive, true),
                    (&p.data.hidden_negative, false),
                ]
                .iter()
                .any(|(list, want)| list.iter().any(|s| nfa.matches(&symbols(s)) != *want));
                assert_eq!(refuted, !v.correct, "{label} {wrong} vs {}", p.data.target);
            }
        }
    }
}
