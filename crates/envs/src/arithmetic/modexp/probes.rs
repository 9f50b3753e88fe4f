//! `modexp` probe answers: equivalent forms, realistic forms, and the near misses that guard them.

use super::ModExpData;
use crate::modarith::field;
use verigym_core::env::ProbeAnswers;

/// Probe answers for one problem (see [`verigym_core::env::Env::probe_answers`]).
pub fn probe_answers(data: &ModExpData, answer: &str, foreign: &str) -> ProbeAnswers {
    let (a, e, p, v) = (data.base, data.exponent, data.modulus, data.value);
    let wrong = (v + 1) % p;
    let mut near_miss = vec![
        ("off_by_one_up", wrong.to_string()),
        ("off_by_one_down", ((v + p - 1) % p).to_string()),
        ("unreduced", (v + p).to_string()),
        ("negative_congruent", format!("-{}", p - v)),
        ("appended_digit", format!("{answer}1")),
        ("prefixed_digit", format!("1{answer}")),
        ("bold_off_by_one", format!("**{wrong}**")),
        ("other_modulus", format!("{answer} (mod {})", p + 2)),
        (
            "power_other_modulus",
            format!("{a}^{e} mod {} = {answer}", p + 2),
        ),
        (
            "power_wrong_value",
            format!("{a}^{{{e}}} \\equiv {wrong} \\pmod{{{p}}}"),
        ),
        ("other_power", format!("{a}^{} = {answer}", e + 1)),
        ("two_values", format!("x = {answer} or {wrong}")),
    ];
    // The usual slips, each a near miss only where it gives another value.
    let slips = [
        ("last_square", data.squares.last().copied().unwrap_or(v)),
        ("exponent_minus_one", field::pow(a, e - 1, p)),
        ("exponent_plus_one", field::mul(v, a, p)),
        ("base_times_exponent", field::mul(a, e % p, p)),
    ];
    for (family, slip) in slips {
        if slip != v {
            near_miss.push((family, slip.to_string()));
        }
    }
    if foreign.parse::<u64>().is_ok_and(|f| f != v) {
        near_miss.push(("other_problem", foreign.to_owned()));
    }
    ProbeAnswers {
        equivalent: vec![
            ("plus_sign", format!("+{answer}")),
            ("leading_zero", format!("0{answer}")),
            ("x_equals", format!("x = {answer}")),
        ],
        near_miss,
        realistic: vec![
            ("bold", format!("**{answer}**")),
            ("code_span", format!("`{answer}`")),
            ("trailing_period", format!("{answer}.")),
            ("mod_in_parentheses", format!("{answer} (mod {p})")),
            ("mod_bare", format!("{answer} mod {p}")),
            ("power_equals", format!("{a}^{e} = {answer}")),
            ("power_mod_equals", format!("{a}^{e} mod {p} = {answer}")),
            (
                "latex_power_congruence",
                format!("${a}^{{{e}}} \\equiv {answer} \\pmod{{{p}}}$"),
            ),
            ("math_dollars", format!("${answer}$")),
        ],
    }
}
