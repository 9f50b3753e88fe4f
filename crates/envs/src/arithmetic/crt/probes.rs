//! `crt` probe answers: equivalent forms, realistic forms, and the near misses that guard them.

use super::CrtData;
use verigym_core::env::ProbeAnswers;

/// Probe answers for one problem (see [`verigym_core::env::Env::probe_answers`]).
pub fn probe_answers(data: &CrtData, answer: &str, foreign: &str) -> ProbeAnswers {
    let (x, big) = (data.solution(), data.product());
    let wrong = (x + 1) % big;
    let first = data.moduli[0];
    let mut near_miss = vec![
        ("off_by_one_up", wrong.to_string()),
        ("off_by_one_down", ((x + big - 1) % big).to_string()),
        ("plus_product", (x + big).to_string()),
        ("negative_congruent", format!("-{}", big - x)),
        ("appended_digit", format!("{answer}1")),
        ("congruence_off_by_one", format!("x ≡ {wrong} (mod {big})")),
        ("first_modulus_only", format!("x ≡ {answer} (mod {first})")),
        ("other_modulus", format!("{answer} (mod {})", big + 1)),
        ("general_solution", format!("{answer} + {big}k")),
        ("two_values", format!("x = {answer} or {}", x + big)),
        ("bold_off_by_one", format!("**{wrong}**")),
    ];
    // The usual slips, each a near miss only where it gives another value in range.
    let n = data.partials.len();
    let slips = [
        ("all_but_last_congruence", data.partials[n - 2]),
        ("sum_of_residues", data.residues.iter().sum::<u64>() % big),
    ];
    for (family, slip) in slips {
        if slip != x {
            near_miss.push((family, slip.to_string()));
        }
    }
    if foreign.parse::<u64>().is_ok_and(|f| f != x) {
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
            (
                "congruence_mod_product",
                format!("x ≡ {answer} (mod {big})"),
            ),
            ("mod_bare", format!("{answer} mod {big}")),
            (
                "latex_pmod",
                format!("$x \\equiv {answer} \\pmod{{{big}}}$"),
            ),
            ("x_equals_bold", format!("x = **{answer}**")),
            ("math_dollars", format!("${answer}$")),
        ],
    }
}
