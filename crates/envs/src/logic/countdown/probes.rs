//! Probe answers for `countdown`: other spellings of the reference expression, and expressions
//! that are certainly wrong.

use super::CountdownData;
use verigym_core::env::ProbeAnswers;

/// See [`verigym_core::Env::probe_answers`]. No foreign answer is used: another problem's expression
/// could, by chance, be a valid solution here.
pub fn probe_answers(data: &CountdownData, answer: &str) -> ProbeAnswers {
    let t = data.target;
    let Some(&first) = data.numbers.first() else {
        return ProbeAnswers::default();
    };
    // A number that is not given: one past the largest.
    let absent = data.numbers.iter().max().map_or(1, |m| m + 1);
    ProbeAnswers {
        equivalent: vec![
            ("claims_target", format!("{answer} = {t}")),
            ("parenthesized", format!("({answer})")),
            (
                "unicode_operators",
                answer.replace('*', "×").replace('/', "÷"),
            ),
            ("no_spaces", answer.replace(' ', "")),
        ],
        near_miss: vec![
            ("claims_wrong_target", format!("{answer} = {}", t + 1)),
            ("bare_target", t.to_string()),
            (
                "number_not_given",
                format!("({answer}) * {absent} / {absent}"),
            ),
            // Adding a positive given number moves the value off the target, or overuses it.
            ("one_more_number", format!("({answer}) + {first}")),
            (
                "evaluates_wrong_claims_right",
                format!("({answer}) + {first} = {t}"),
            ),
            ("bold_wrong_claim", format!("**{answer} = {}**", t + 1)),
            (
                "latex_number_not_given",
                format!("$({answer}) \\times {absent} \\div {absent}$"),
            ),
            (
                "letter_x_number_not_given",
                format!("({answer}) x {absent} = {t}."),
            ),
        ],
        realistic: vec![
            ("bold", format!("**{answer}**")),
            ("code_span", format!("`{answer}`")),
            ("claims_target_period", format!("{answer} = {t}.")),
            ("letter_x", answer.replace('*', "x")),
            ("upper_x", answer.replace('*', "X")),
            (
                "latex_times_div",
                format!(
                    "${} = {t}$",
                    answer.replace('*', "\\times").replace('/', "\\div")
                ),
            ),
            ("latex_cdot", answer.replace('*', "\\cdot")),
            ("colon_division", answer.replace('/', ":")),
            ("latex_left_right", format!("\\left({answer}\\right)")),
        ],
    }
}
