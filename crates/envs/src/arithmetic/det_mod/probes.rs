//! `det_mod` probe answers: equivalent forms, realistic forms, and the near misses that guard
//! them (the usual slips: off by one, the negative residue, the unreduced integer determinant, a
//! wrong sign, the diagonal product).

use super::DetModData;
use super::matrix::{add_mul, det_integer};
use verigym_core::env::ProbeAnswers;

/// Probe answers for one problem (see [`verigym_core::env::Env::probe_answers`]).
pub fn probe_answers(data: &DetModData, answer: &str, foreign: &str) -> ProbeAnswers {
    let (p, v) = (data.modulus, data.determinant);
    let wrong = (v + 1) % p;
    let mut near_miss = vec![
        ("off_by_one_up", wrong.to_string()),
        ("off_by_one_down", ((v + p - 1) % p).to_string()),
        ("unreduced", (v + p).to_string()),
        ("negative_congruent", format!("-{}", p - v)),
        ("appended_digit", format!("{answer}1")),
        ("bold_off_by_one", format!("**{wrong}**")),
        ("other_modulus", format!("{answer} (mod {})", p + 2)),
        (
            "det_other_modulus",
            format!("det(A) mod {} = {answer}", p + 2),
        ),
        (
            "det_wrong_value",
            format!("\\det(A) \\equiv {wrong} \\pmod{{{p}}}"),
        ),
        ("two_values", format!("{answer} or {wrong}")),
    ];
    // The usual slips, each a near miss only where it gives another value.
    let integer = det_integer(&data.matrix)
        .filter(|&d| d != i128::from(v))
        .map(|d| d.to_string());
    let diagonal =
        (0..data.matrix.len()).fold(1 % p, |acc, i| add_mul(0, acc, data.matrix[i][i], p));
    let slips = [
        ("wrong_sign", Some((p - v) % p)),
        ("diagonal_product", Some(diagonal)),
    ];
    for (family, slip) in slips {
        if let Some(slip) = slip.filter(|&s| s != v) {
            near_miss.push((family, slip.to_string()));
        }
    }
    if let Some(integer) = integer {
        near_miss.push(("integer_determinant_unreduced", integer));
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
            ("det_equals", format!("det(A) = {answer}")),
            ("det_bars", format!("|A| = {answer}")),
            ("det_congruence", format!("det(A) ≡ {answer} (mod {p})")),
            (
                "latex_det_congruence",
                format!("$\\det(A) \\equiv {answer} \\pmod{{{p}}}$"),
            ),
            ("math_dollars", format!("${answer}$")),
        ],
    }
}
