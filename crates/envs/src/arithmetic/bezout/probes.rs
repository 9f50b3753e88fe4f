//! `bezout` probe answers: forms of the reference pair, the other valid pairs where they exist,
//! and near misses (the equation off by a sign or a factor, x and y swapped, a pair outside the
//! bounds), each checked against the equation and bounds so none is mislabelled.

use super::BezoutData;
use super::verify::{judge, render_answer};
use verigym_core::env::ProbeAnswers;

/// 0 for `x`, 1 for `y`.
pub(super) fn slot(name: &str) -> Option<usize> {
    match name {
        "x" => Some(0),
        "y" => Some(1),
        _ => None,
    }
}

/// Probe answers for one problem (see [`verigym_core::env::Env::probe_answers`]).
pub fn probe_answers(data: &BezoutData, answer: &str, foreign: &str) -> ProbeAnswers {
    let (x, y) = (data.x, data.y);
    let (a, b, g) = (data.a as i64, data.b as i64, data.gcd.max(1) as i64);
    let valid = |x: i64, y: i64| judge(data, i128::from(x), i128::from(y)).is_ok();
    let mut near_miss = Vec::new();
    for (label, (nx, ny)) in [
        ("signs_flipped", (-x, -y)),
        ("swapped", (y, x)),
        ("doubled", (2 * x, 2 * y)),
        ("x_off_by_one", (x + 1, y)),
        ("shifted_past_the_bound", (x + 2 * (b / g), y - 2 * (a / g))),
    ] {
        if !valid(nx, ny) {
            near_miss.push((label, render_answer(nx, ny)));
        }
    }
    near_miss.push(("bare_pair", format!("{x}, {y}")));
    near_miss.push(("x_only", format!("x = {x}")));
    near_miss.push(("gcd_only", g.to_string()));
    near_miss.push(("two_values", format!("x = {x} or {}, y = {y}", x + 1)));
    if !foreign.is_empty() && foreign != answer {
        let other = super::verify::parse_pair(foreign);
        if other.is_some_and(|(fx, fy)| judge(data, fx, fy).is_err()) {
            near_miss.push(("other_problem", foreign.to_owned()));
        }
    }
    let mut realistic = vec![
        ("reversed", format!("y = {y}, x = {x}")),
        ("tuple", format!("(x, y) = ({x}, {y})")),
        ("unicode_minus", answer.replace('-', "−")),
        ("bold", format!("**x = {x}**, **y = {y}**")),
        ("lines", format!("x = {x}\ny = {y}")),
        ("and", format!("x = {x} and y = {y}")),
    ];
    // The other pairs within the bounds: (x ± B/d, y ∓ A/d).
    for (label, (ox, oy)) in [
        ("another_pair_up", (x + b / g, y - a / g)),
        ("another_pair_down", (x - b / g, y + a / g)),
    ] {
        if valid(ox, oy) {
            realistic.push((label, render_answer(ox, oy)));
        }
    }
    ProbeAnswers {
        equivalent: vec![
            ("no_spaces", format!("x={x},y={y}")),
            ("semicolon", format!("x = {x}; y = {y}")),
            ("upper_case", answer.to_uppercase()),
        ],
        near_miss,
        realistic,
    }
}
