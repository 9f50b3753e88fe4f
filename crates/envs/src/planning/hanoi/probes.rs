//! Probe answers for `hanoi`: the reference plan in other notations, and plans that are illegal,
//! stop short, or waste moves.

use super::HanoiData;
use super::solve::Move;
use verigym_core::env::ProbeAnswers;

fn spelled(plan: &[Move], separator: &str, spell: &dyn Fn(usize, u8, u8) -> String) -> String {
    plan.iter()
        .enumerate()
        .map(|(i, &(f, t))| spell(i, f + 1, t + 1))
        .collect::<Vec<_>>()
        .join(separator)
}

fn letter(peg: u8) -> char {
    char::from(b'A' + peg - 1)
}

/// The disk each move of `plan` carries, from the start configuration.
fn disks_moved(data: &HanoiData, plan: &[Move]) -> Vec<usize> {
    let mut at: Vec<u8> = data.start.iter().map(|&p| p - 1).collect();
    plan.iter()
        .map(|&(f, t)| {
            let disk = at.iter().position(|&q| q == f).unwrap_or(0);
            at[disk] = t;
            disk + 1
        })
        .collect()
}

/// See [`verigym_core::Env::probe_answers`]. `plan` is the reference plan (0-based pegs). No foreign
/// answer is used.
pub fn probe_answers(data: &HanoiData, plan: &[Move]) -> ProbeAnswers {
    let Some((&(f0, t0), _)) = plan.split_first() else {
        return ProbeAnswers::default();
    };
    let disks = disks_moved(data, plan);
    let arrows = |plan: &[Move]| spelled(plan, ", ", &|_, f, t| format!("{f} -> {t}"));
    let canonical = arrows(plan);
    let verbose = |disk_shift: usize| {
        spelled(plan, "\n", &|i, f, t| {
            let shift = if i == 0 { disk_shift } else { 0 };
            format!(
                "{}. Move disk {} from peg {f} to peg {t}",
                i + 1,
                disks[i] + shift
            )
        })
    };
    let realistic = vec![
        (
            "letters",
            spelled(plan, ", ", &|_, f, t| {
                format!("{} {}", letter(f), letter(t))
            }),
        ),
        (
            "unicode_arrows",
            spelled(plan, "\n", &|_, f, t| format!("{f} → {t}")),
        ),
        (
            "tuples",
            format!(
                "[{}]",
                spelled(plan, ", ", &|_, f, t| format!("({f}, {t})"))
            ),
        ),
        ("verbose_with_disks", verbose(0)),
        (
            "move_labels",
            spelled(plan, "\n", &|i, f, t| {
                format!("Move {}: peg {f} to peg {t}", i + 1)
            }),
        ),
        (
            "bold_letter_arrows",
            spelled(plan, "\n", &|_, f, t| {
                format!("- **{} → {}**", letter(f), letter(t))
            }),
        ),
        (
            "json_pairs",
            format!(
                "[{}]",
                spelled(plan, ", ", &|_, f, t| format!("[{f}, {t}]"))
            ),
        ),
        (
            "top_disk_of_peg",
            spelled(plan, "\n", &|_, f, t| {
                format!("Move the top disk of peg {f} onto peg {t}")
            }),
        ),
        ("moves_label", format!("Moves: {canonical}")),
    ];
    let (f, t) = (f0 + 1, t0 + 1);
    let near_miss = vec![
        ("last_move_dropped", arrows(&plan[..plan.len() - 1])),
        // A move and its undo first: legal, back where it started, two moves too many.
        (
            "move_and_undo_first",
            format!("{f} -> {t}, {t} -> {f}, {canonical}"),
        ),
        ("wrong_disk_named", verbose(1)),
        (
            "peg_out_of_range",
            format!("{canonical}, 1 -> {}", data.pegs + 1),
        ),
        (
            "dash_pairs",
            spelled(plan, ", ", &|_, f, t| format!("{f}-{t}")),
        ),
        (
            "hedged_first_move",
            format!("{f} -> {t} or {t} -> {f}, {canonical}"),
        ),
        (
            "json_pairs_last_dropped",
            format!(
                "[{}]",
                spelled(&plan[..plan.len() - 1], ", ", &|_, f, t| format!(
                    "[{f}, {t}]"
                ))
            ),
        ),
        // Three pegs in a JSON entry is no move.
        (
            "json_triple_first",
            format!(
                "[[{f}, {t}, {f}], {}]",
                spelled(&plan[1..], ", ", &|_, f, t| format!("[{f}, {t}]"))
            ),
        ),
        (
            "moves_label_twice",
            format!("Moves: {canonical}\nMoves: {canonical}"),
        ),
        (
            "tuples_last_dropped",
            format!(
                "[{}]",
                spelled(&plan[..plan.len() - 1], ", ", &|_, f, t| format!(
                    "({f}, {t})"
                ))
            ),
        ),
    ];
    ProbeAnswers {
        equivalent: vec![
            (
                "one_per_line",
                spelled(plan, "\n", &|_, f, t| format!("{f} -> {t}")),
            ),
            ("spaces", spelled(plan, "; ", &|_, f, t| format!("{f} {t}"))),
            (
                "fat_arrows",
                spelled(plan, ", ", &|_, f, t| format!("{f}=>{t}")),
            ),
        ],
        realistic,
        near_miss,
    }
}
