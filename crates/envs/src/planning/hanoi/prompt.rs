//! The prompt text of a `hanoi` problem and the canonical answer form.

use std::fmt::Write;

use super::HanoiData;
use super::solve::Move;

/// `Peg 1: 4, 2, 1` lines, bottom to top, for a configuration (1-based peg of each disk).
fn configuration(s: &mut String, pegs: u32, at: &[u8]) {
    for peg in 1..=pegs {
        let disks: Vec<String> = (0..at.len())
            .rev()
            .filter(|&d| u32::from(at[d]) == peg)
            .map(|d| (d + 1).to_string())
            .collect();
        let stack = if disks.is_empty() {
            "(empty)".to_owned()
        } else {
            disks.join(", ")
        };
        let _ = writeln!(s, "Peg {peg}: {stack}");
    }
}

/// Renders the full prompt, including every rule and the answer format.
pub fn render(data: &HanoiData) -> String {
    let (p, n) = (data.pegs, data.start.len());
    let mut s = String::with_capacity(900);
    let _ = writeln!(
        s,
        "Tower of Hanoi with {p} pegs, numbered 1 to {p}, and {n} disks, numbered 1 (the smallest) \
         to {n} (the largest). A move takes the top disk of one peg and puts it on top of another \
         peg; a disk may never be put on a smaller disk. Each peg is listed from bottom to top.\n\
         \nStart:"
    );
    configuration(&mut s, p, &data.start);
    s.push_str("\nGoal:\n");
    configuration(&mut s, p, &data.goal);
    let _ = write!(
        s,
        "\nMove the disks from the start to the goal configuration in as few moves as possible. \
         Only a shortest sequence is accepted: a legal sequence that uses more moves than \
         necessary is wrong.\nGive the moves in order as <answer>1 -> 3, 1 -> 2, …</answer>, \
         where `FROM -> TO` moves the top disk of peg FROM onto peg TO, the moves separated by \
         commas or new lines."
    );
    s
}

/// `1 -> 3, 1 -> 2`: a plan (0-based pegs) in the form the prompt asks for.
pub fn plan_text(plan: &[Move]) -> String {
    plan.iter()
        .map(|&(f, t)| format!("{} -> {}", f + 1, t + 1))
        .collect::<Vec<_>>()
        .join(", ")
}
