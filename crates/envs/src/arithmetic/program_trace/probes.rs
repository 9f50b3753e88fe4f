//! `program_trace` probe answers: equivalent forms, realistic forms, and the near misses that
//! guard them.

use super::ProgramTraceData;
use super::verify::render_answer;
use verigym_core::env::ProbeAnswers;

/// Probe answers for one problem (see [`verigym_core::env::Env::probe_answers`]).
pub fn probe_answers(data: &ProgramTraceData, answer: &str, foreign: &str) -> ProbeAnswers {
    let out = &data.output;
    let m = data.modulus;
    let n = out.len();
    let join = |values: &[u32], sep: &str| {
        values
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(sep)
    };
    let mut bumped = out.clone();
    bumped[n - 1] = (bumped[n - 1] + 1) % m;
    let mut near_miss = vec![
        ("last_off_by_one", render_answer(&bumped)),
        ("extra_value", format!("{answer}, {}", out[n - 1])),
        ("unreduced_last", {
            let mut v: Vec<String> = out.iter().map(u32::to_string).collect();
            v[n - 1] = (out[n - 1] + m).to_string();
            v.join(", ")
        }),
        (
            "two_candidates",
            format!("{answer} or {}", render_answer(&bumped)),
        ),
        ("named_values", format!("a = {answer}")),
        ("bold_off_by_one", format!("**{}**", render_answer(&bumped))),
    ];
    let mut realistic = vec![
        ("lines", join(out, "\n")),
        ("spaces", join(out, " ")),
        ("brackets", format!("[{answer}]")),
        ("parentheses", format!("({answer})")),
        ("bold", format!("**{answer}**")),
        ("code_block", format!("\n```\n{}\n```\n", join(out, "\n"))),
        ("trailing_period", format!("{answer}.")),
        ("output_label", format!("Output:\n{answer}")),
    ];
    let bullets = |values: &[u32]| {
        values
            .iter()
            .map(|v| format!("- {v}"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    if n > 1 {
        realistic.push(("bullets", bullets(out)));
        near_miss.push(("bullets_off_by_one", bullets(&bumped)));
        // The last bullet missing its space: a sign, so the list is not bulleted throughout.
        near_miss.push((
            "bullets_but_last",
            format!("{}\n{}", bullets(&out[..n - 1]), out[n - 1]),
        ));
        near_miss.push(("missing_last", render_answer(&out[..n - 1])));
        near_miss.push(("last_value_only", out[n - 1].to_string()));
        let mut reversed = out.clone();
        reversed.reverse();
        if reversed != *out {
            near_miss.push(("reversed", render_answer(&reversed)));
        }
    }
    if !foreign.is_empty() && foreign != answer {
        near_miss.push(("other_problem", foreign.to_owned()));
    }
    let mut answers = ProbeAnswers {
        equivalent: vec![
            ("no_spaces", join(out, ",")),
            ("semicolons", join(out, "; ")),
        ],
        near_miss,
        realistic,
    };
    // Issue 31: the output as a table with a header row and a line column.
    let items: Vec<String> = answer.split(", ").map(str::to_owned).collect();
    crate::forms::push_numbered_table(&mut answers, ["#", "Printed"], &items);
    answers
}
