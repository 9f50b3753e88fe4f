//! `regex_synthesis` probe answers: the rule written other ways (anchored, grouped, in a code
//! span or fence, lazy, as a JavaScript literal), and near misses: the plausible wrong answers
//! the hidden strings refute (one operator changed, `.*`, the shown strings listed), the
//! adversary's patterns (a substring match, anchors escaping the group, a catastrophic counted
//! repetition, deep nesting, a huge Unicode class, inline flags that change nothing) and another
//! problem's rule, each judged wrong by exact comparison before it is listed.

use super::RegexSynthesisData;
use super::verify::judge_pattern;
use verigym_core::env::ProbeAnswers;

/// Probe answers for one problem (see [`verigym_core::env::Env::probe_answers`]).
pub fn probe_answers(data: &RegexSynthesisData, answer: &str, foreign: &str) -> ProbeAnswers {
    let wrong = |p: &str| !judge_pattern(data, p).correct;
    let mut near_miss: Vec<(&'static str, String)> = Vec::new();
    for (label, pattern) in super::plausible_wrong_answers(data) {
        if wrong(&pattern) && near_miss.len() < 12 {
            near_miss.push((label, pattern));
        }
    }
    let first = data.shown_positive.iter().rev().find(|s| !s.is_empty());
    let letters = &data.alphabet;
    for (label, pattern) in [
        ("dot_star", ".*".to_owned()),
        ("any_letters", format!("[{letters}]*")),
        ("substring_only", format!(".*(?:{answer}).*")),
        ("anchor_escape", format!("{answer})|(.*")),
        ("anchors_inside", format!("^(?:{answer})$|^.*$")),
        ("catastrophic_count", "(a{1000}){1000}".to_owned()),
        (
            "deep_nesting",
            format!("{}{answer}{}", "(".repeat(60), ")".repeat(60)),
        ),
        ("huge_unicode_class", "\\w{1000}\\p{L}{1000}".to_owned()),
        ("empty_pattern", "()".to_owned()),
        ("case_insensitive_everything", format!("(?i)[{letters}]*")),
        ("verbose_comment", format!("(?x){answer}#|.*")),
        ("backreference", format!("({answer})\\1")),
        ("lookahead", format!("(?=a){answer}")),
    ] {
        if wrong(&pattern) {
            near_miss.push((label, pattern));
        }
    }
    if let Some(s) = first {
        let listed = format!("{s}|{}", data.shown_positive.join("|"));
        if wrong(&listed) {
            near_miss.push(("one_shown_string_twice", listed));
        }
    }
    if !foreign.is_empty() && foreign != answer && wrong(foreign) {
        near_miss.push(("other_problem", foreign.to_owned()));
    }
    let realistic: Vec<(&'static str, String)> = vec![
        ("anchored", format!("^(?:{answer})$")),
        ("anchored_plain", format!("^({answer})$")),
        ("code_span", format!("`{answer}`")),
        ("fenced_regex", format!("```regex\n{answer}\n```")),
        ("slashes", format!("/^({answer})$/")),
        ("the_regex_is", format!("The answer is `^({answer})$`.")),
    ];
    ProbeAnswers {
        equivalent: vec![
            ("grouped", format!("(?:{answer})")),
            ("captured", format!("({answer})")),
            ("doubled_alternative", format!("{answer}|{answer}")),
            ("start_anchor_only", format!("\\A(?:{answer})")),
            ("lazy_flag", format!("(?U){answer}")),
            ("end_anchor_only", format!("(?:{answer})\\z")),
        ],
        near_miss,
        realistic,
    }
}
