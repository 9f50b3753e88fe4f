//! `linear_mod` probe answers: equivalent forms, realistic forms, and the near misses that guard
//! them.

use super::LinearModData;
use super::params::NAMES;
use super::verify::render_answer;
use verigym_core::env::ProbeAnswers;

/// Probe answers for one problem (see [`verigym_core::env::Env::probe_answers`]).
pub fn probe_answers(data: &LinearModData, answer: &str, foreign: &str) -> ProbeAnswers {
    let p = data.modulus;
    let s = &data.solution;
    let n = s.len();
    let names = &NAMES[..n];
    let pairs = |values: &[u64], sep: &str, fmt: &dyn Fn(&str, u64) -> String| {
        names
            .iter()
            .zip(values)
            .map(|(name, &v)| fmt(name, v))
            .collect::<Vec<_>>()
            .join(sep)
    };
    let eq = |name: &str, v: u64| format!("{name} = {v}");
    let tuple = |values: &[u64]| {
        let vs: Vec<String> = values.iter().map(u64::to_string).collect();
        format!("({}) = ({})", names.join(", "), vs.join(", "))
    };
    let mut bumped = s.clone();
    bumped[n - 1] = (bumped[n - 1] + 1) % p;
    let mut unreduced = s.clone();
    unreduced[0] += p;
    let mut near_miss = vec![
        ("last_value_off_by_one", render_answer(&bumped)),
        ("first_value_unreduced", render_answer(&unreduced)),
        ("tuple_off_by_one", tuple(&bumped)),
        ("missing_last_unknown", pairs(&s[..n - 1], ", ", &eq)),
        (
            "first_unknown_twice",
            format!("{answer}, {} = {}", names[0], (s[0] + 1) % p),
        ),
        ("extra_unknown", format!("{answer}, t = 0")),
        (
            "bare_values",
            s.iter().map(u64::to_string).collect::<Vec<_>>().join(", "),
        ),
        (
            "two_values_for_one",
            format!("{answer} or {}", (s[n - 1] + 1) % p),
        ),
        (
            "other_modulus",
            pairs(s, ", ", &|name, v| format!("{name} ≡ {v} (mod {})", p + 2)),
        ),
        (
            "bold_off_by_one",
            pairs(&bumped, ", ", &|name, v| format!("**{name}** = {v}")),
        ),
    ];
    if s[0] != s[1] {
        let mut swapped = s.clone();
        swapped.swap(0, 1);
        near_miss.push(("first_two_swapped", render_answer(&swapped)));
        near_miss.push(("tuple_swapped", tuple(&swapped)));
    }
    if !foreign.is_empty() && foreign != answer {
        // Another problem's solution satisfies this system only if it is this solution, which the
        // string comparison above excludes (both are canonical renderings).
        near_miss.push(("other_problem", foreign.to_owned()));
    }
    let mut reversed: Vec<String> = names.iter().zip(s).map(|(n, v)| eq(n, *v)).collect();
    reversed.reverse();
    let mut answers = ProbeAnswers {
        equivalent: vec![
            ("no_spaces", pairs(s, ",", &|name, v| format!("{name}={v}"))),
            ("reversed_order", reversed.join(", ")),
            ("semicolons", pairs(s, "; ", &eq)),
        ],
        near_miss,
        realistic: vec![
            ("lines", pairs(s, "\n", &eq)),
            (
                "bullets",
                pairs(s, "\n", &|name, v| format!("- {name} = {v}")),
            ),
            ("numbered", {
                let lines: Vec<String> = names
                    .iter()
                    .zip(s)
                    .enumerate()
                    .map(|(i, (name, v))| format!("{}. {name} = {v}", i + 1))
                    .collect();
                lines.join("\n")
            }),
            (
                "bold_names",
                pairs(s, ", ", &|name, v| format!("**{name}** = {v}")),
            ),
            (
                "upper_case",
                pairs(s, ", ", &|name, v| format!("{} = {v}", name.to_uppercase())),
            ),
            (
                "congruences",
                pairs(s, ", ", &|name, v| format!("{name} ≡ {v} (mod {p})")),
            ),
            (
                "latex_pmod",
                pairs(s, ", ", &|name, v| {
                    format!("{name} \\equiv {v} \\pmod{{{p}}}")
                }),
            ),
            ("math_dollars", format!("${answer}$")),
            ("tuple", tuple(s)),
            ("and_before_last", {
                let head = pairs(&s[..n - 1], ", ", &eq);
                format!("{head} and {} = {}", names[n - 1], s[n - 1])
            }),
            ("colons", pairs(s, ", ", &|name, v| format!("{name}: {v}"))),
            ("trailing_period", format!("{answer}.")),
        ],
    };
    // Issue 31: the assignment as a table with a header row.
    crate::forms::push_pairs_table(&mut answers, ["Unknown", "Value"], answer, " = ");
    answers
}
