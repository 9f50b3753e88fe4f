//! Probe answers for `water_jugs`: the reference plan in other layouts and spellings, and plans
//! that fail, overshoot or are longer than the optimum.

use super::WaterJugsData;
use super::solve::{Move, apply, name};
use verigym_core::env::ProbeAnswers;

fn spelled(plan: &[Move], separator: &str, spell: &dyn Fn(&Move) -> String) -> String {
    plan.iter().map(spell).collect::<Vec<_>>().join(separator)
}

fn verbose(m: &Move) -> String {
    match *m {
        Move::Fill(x) => format!("Fill jug {}", name(x)),
        Move::Empty(x) => format!("Empty jug {}", name(x)),
        Move::Pour(x, y) => format!("Pour from {} into {}", name(x), name(y)),
    }
}

fn arrows(m: &Move) -> String {
    match *m {
        Move::Pour(x, y) => format!("pour {} → {}", name(x), name(y)),
        other => other.to_string(),
    }
}

/// The plan one move per line, each followed by the state it leaves (`1. Fill A → (3, 0)`); the
/// state after move `wrong` (0-based), if any, has one litre more in jug A than it should.
fn annotated(data: &WaterJugsData, plan: &[Move], wrong: Option<usize>) -> String {
    let mut state = vec![0u32; data.capacities.len()];
    let mut lines = Vec::with_capacity(plan.len());
    for (i, &m) in plan.iter().enumerate() {
        apply(&data.capacities, &mut state, m);
        let mut shown = state.clone();
        if wrong == Some(i) {
            shown[0] += 1;
        }
        let shown: Vec<String> = shown.iter().map(u32::to_string).collect();
        lines.push(format!(
            "{}. {} → ({})",
            i + 1,
            verbose(&m),
            shown.join(", ")
        ));
    }
    lines.join("\n")
}

/// See [`verigym_core::Env::probe_answers`]. `plan` is the reference plan. No foreign answer is used: it
/// could work here too.
pub fn probe_answers(data: &WaterJugsData, plan: &[Move]) -> ProbeAnswers {
    let Some((&last, head)) = plan.split_last() else {
        return ProbeAnswers::default();
    };
    let jugs = data.capacities.len() as u8;
    let canonical = spelled(plan, ", ", &Move::to_string);
    // Filling jug A twice in a row at the start wastes a move: the same plan, one move longer.
    let padded = format!("fill A, {canonical}");
    let missing_jug = char::from(b'A' + jugs);
    let realistic = vec![
        ("numbered_verbose", {
            plan.iter()
                .enumerate()
                .map(|(i, m)| format!("{}. {}", i + 1, verbose(m)))
                .collect::<Vec<_>>()
                .join("\n")
        }),
        ("step_labels", {
            plan.iter()
                .enumerate()
                .map(|(i, m)| format!("Step {}: {m}", i + 1))
                .collect::<Vec<_>>()
                .join("\n")
        }),
        (
            "bullets_bold",
            spelled(plan, "\n", &|m| format!("- **{m}**")),
        ),
        ("arrows", spelled(plan, ", ", &arrows)),
        (
            "json_list",
            format!("[{}]", spelled(plan, ", ", &|m| format!("\"{m}\""))),
        ),
        ("upper_case", canonical.to_uppercase()),
        ("plan_label", format!("Plan: {canonical}")),
        ("states_annotated", annotated(data, plan, None)),
        ("oxford_and", {
            let head = spelled(head, ", ", &Move::to_string);
            if head.is_empty() {
                last.to_string()
            } else {
                format!("{head}, and {last}")
            }
        }),
    ];
    let mut near_miss = vec![
        ("last_move_dropped", spelled(head, ", ", &Move::to_string)),
        ("wasted_move_first", padded.clone()),
        ("unknown_jug", format!("fill {missing_jug}, {canonical}")),
        (
            "pour_into_itself",
            format!("{}, pour A A", spelled(head, ", ", &Move::to_string)),
        ),
        (
            "numbered_verbose_longer",
            format!("0. Fill jug A\n{}", spelled(plan, "\n", &verbose)),
        ),
        ("json_list_last_dropped", {
            format!("[{}]", spelled(head, ", ", &|m| format!("\"{m}\"")))
        }),
        ("amount_after_move", format!("{canonical} 1")),
        // The right plan, with the state after the last move misstated.
        (
            "state_misstated",
            annotated(data, plan, Some(plan.len() - 1)),
        ),
    ];
    // Emptying what the last move filled undoes the goal (unless that last move was a pour).
    if let Move::Fill(x) = last {
        near_miss.push((
            "goal_undone",
            format!(
                "{}, empty {}",
                spelled(head, ", ", &Move::to_string),
                name(x)
            ),
        ));
    }
    ProbeAnswers {
        equivalent: vec![
            ("one_per_line", spelled(plan, "\n", &Move::to_string)),
            ("semicolons", spelled(plan, "; ", &Move::to_string)),
            ("lower_case_jugs", canonical.to_lowercase()),
        ],
        realistic,
        near_miss,
    }
}
