//! The `hanoi` verifier: the moves are simulated from the start configuration; every move must be
//! legal, the last must leave the goal configuration, and the plan must be as short as the
//! recorded BFS optimum.
//!
//! **Answer form.** The moves in order, separated by commas, semicolons or new lines (see
//! `crate::planning::plans` for the list layout peeled: a short label such as `Moves:` in front,
//! bullets, `1.`, `Move 1:`, emphasis, quotes, outer brackets, an `and` before the last move; a
//! comma inside parentheses or brackets does not separate moves). A move names two pegs, source
//! then destination, each as a number (`1` to `4`) or a letter (`A` to `D`, any case), with
//! optionally an arrow (`->`, `=>`, `→`) between them and the words `move`, `from`, `to`, `onto`,
//! `of`, `peg`, `rod`, `the`, `top` around them; parentheses, commas and colons read as spaces,
//! and one pair of square brackets may enclose the whole move (a JSON pair, `[1, 3]`). So
//! `1 -> 3`, `1 3`, `A C`, `(1, 3)`, `[1, 3]`, `peg 1 to peg 3`, `Move the top disk of peg 1 onto
//! peg 3`, `Move the top disk from peg 1 to peg 3` and `Move disk 2 from A to C` are all one
//! move, and `[[1, 3], [1, 2]]` is two. `disk D` names the disk that moves, and it is checked
//! (`the top disk of peg 1` or `from peg 1` names none). Any other
//! word or mark (a bracket anywhere else in a move: `[1, 3`, `[1], 3`), or a move with other than
//! two pegs (`[1, 3, 2]`), makes the answer unparsable.
//!
//! **Judgement**, first failure wins, in move order: a peg outside 1..=pegs, a move from a peg to
//! itself, from an empty peg, onto a smaller disk, or naming a disk that is not on top of the
//! source peg is wrong (named by its move number). After the last move the configuration must be
//! the goal, else wrong; then the plan must have exactly the recorded optimum of moves: a longer
//! legal plan is wrong ("not shortest"). A shorter one would refute the record and is a verifier
//! error. `detail` gives the plan's length, the optimum, and whether the goal was reached.

use serde_json::json;

use super::HanoiData;
use crate::planning::plans;
use verigym_core::extract::extract_agreed_answer;
use verigym_core::verdict::{Reason, Verdict};

/// One parsed move: 1-based pegs as written (maybe out of range) and the disk named, if any.
struct Written {
    from: u64,
    to: u64,
    disk: Option<u64>,
}

fn number(bytes: &[u8], i: &mut usize) -> u64 {
    let mut value = 0u64;
    while *i < bytes.len() && bytes[*i].is_ascii_digit() {
        value = value
            .saturating_mul(10)
            .saturating_add(u64::from(bytes[*i] - b'0'));
        *i += 1;
    }
    value
}

/// Reads one entry as a move; `None` when it is not in the grammar.
fn parse_move(entry: &str) -> Option<Written> {
    // A JSON-style pair `[2, 1]`: one pair of brackets around the whole entry, none inside.
    let entry = match entry.strip_prefix('[').and_then(|e| e.strip_suffix(']')) {
        Some(inner) => inner,
        None => entry,
    };
    if entry.contains(['[', ']']) {
        return None;
    }
    let bytes = entry.as_bytes();
    let mut pegs = [0u64; 2];
    let mut count = 0;
    let mut disk = None;
    let mut expect_disk = false;
    let mut after_top = false;
    let mut i = 0;
    let mut push = |peg: u64, count: &mut usize| {
        if *count == 2 {
            return false;
        }
        pegs[*count] = peg;
        *count += 1;
        true
    };
    while i < bytes.len() {
        let b = bytes[i];
        if b.is_ascii_whitespace() || matches!(b, b'(' | b')' | b',' | b':') {
            i += 1;
        } else if let Some(len) = ["->", "=>", "→"]
            .iter()
            .find(|a| entry[i..].starts_with(**a))
            .map(|a| a.len())
        {
            i += len;
        } else if b.is_ascii_digit() {
            let value = number(bytes, &mut i);
            if expect_disk {
                disk = Some(value);
                expect_disk = false;
            } else if !push(value, &mut count) {
                return None;
            }
        } else if b.is_ascii_alphabetic() {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_alphabetic() {
                i += 1;
            }
            let word = entry[start..i].to_ascii_lowercase();
            if expect_disk {
                // `the top disk of peg 2` names no disk; any other word after `disk` is no move.
                if word != "of" {
                    return None;
                }
                expect_disk = false;
            }
            let follows_top = std::mem::replace(&mut after_top, word == "top");
            match word.as_str() {
                // `the top disk from peg 2` names no disk either: `top` already said which.
                "disk" if disk.is_none() && follows_top => {}
                "disk" if disk.is_none() => expect_disk = true,
                "move" | "from" | "to" | "onto" | "of" | "peg" | "rod" | "the" | "top" => {}
                w if w.len() == 1 => {
                    if !push(u64::from(w.as_bytes()[0] - b'a') + 1, &mut count) {
                        return None;
                    }
                }
                _ => return None,
            }
        } else {
            return None;
        }
    }
    (count == 2 && !expect_disk).then_some(Written {
        from: pegs[0],
        to: pegs[1],
        disk,
    })
}

/// Judges a response by simulating its moves.
pub fn verify(data: &HanoiData, response: &str) -> Verdict {
    let answer = match extract_agreed_answer(response, |r| verify(data, r)) {
        Ok(answer) => answer,
        Err(rejection) => return rejection.into(),
    };
    // A table with a header row (`| Move | From | To |`) reads as `FROM -> TO` moves.
    let answer = match crate::forms::table_as_list(&answer, true, ", ", |cells| match cells {
        [from, to] => Some(format!("{from} -> {to}")),
        _ => None,
    }) {
        Some(list) => std::borrow::Cow::Owned(list),
        None => answer,
    };
    if let Err(why) = super::check::check_data(data) {
        return Verdict::rejected(Reason::VerifierError, format!("malformed record: {why}"));
    }
    // Peg letters are single letters, which never make a label, and no other word is a move.
    let cleaned = plans::clean(&answer, |_| false);
    let entries = plans::entries(&cleaned);
    if entries.is_empty() {
        return Verdict::rejected(Reason::UnparsableAnswer, "the answer lists no moves");
    }
    let mut moves = Vec::with_capacity(entries.len());
    for entry in &entries {
        match parse_move(entry) {
            Some(m) => moves.push(m),
            None => {
                return Verdict::rejected(
                    Reason::UnparsableAnswer,
                    format!("{entry:?} is not a move (`FROM -> TO` with peg numbers)"),
                );
            }
        }
    }
    let p = u64::from(data.pegs);
    // Peg of each disk (1-based pegs), smallest disk first.
    let mut at: Vec<u8> = data.start.clone();
    for (step, m) in moves.iter().enumerate() {
        let step = step + 1;
        for peg in [m.from, m.to] {
            if !(1..=p).contains(&peg) {
                return Verdict::wrong(format!(
                    "move {step} uses peg {peg}; the pegs are 1 to {p}"
                ));
            }
        }
        if m.from == m.to {
            return Verdict::wrong(format!("move {step} moves from peg {} to itself", m.from));
        }
        let top_of = |peg: u64| at.iter().position(|&q| u64::from(q) == peg);
        let Some(disk) = top_of(m.from) else {
            return Verdict::wrong(format!(
                "move {step} takes from peg {}, which is empty",
                m.from
            ));
        };
        if let Some(named) = m.disk
            && named != disk as u64 + 1
        {
            return Verdict::wrong(format!(
                "move {step} names disk {named}, but the top disk of peg {} is disk {}",
                m.from,
                disk + 1
            ));
        }
        if let Some(below) = top_of(m.to)
            && below < disk
        {
            return Verdict::wrong(format!(
                "move {step} puts disk {} on the smaller disk {} on peg {}",
                disk + 1,
                below + 1,
                m.to
            ));
        }
        at[disk] = m.to as u8;
    }
    let (used, optimal) = (moves.len() as u64, u64::from(data.optimal));
    let reached = at == data.goal;
    let detail = json!({"moves": used, "optimal": optimal, "reaches_goal": reached});
    let verdict = if !reached {
        let off = at
            .iter()
            .zip(&data.goal)
            .position(|(a, g)| a != g)
            .unwrap_or(0);
        Verdict::wrong(format!(
            "after the {used} moves disk {} is on peg {}, not on peg {} as the goal requires",
            off + 1,
            at[off],
            data.goal[off]
        ))
    } else {
        plans::against_optimum(
            used,
            optimal,
            "the moves reach the goal but are not shortest",
            || format!("{used} moves reach the goal"),
        )
    };
    verdict.with_detail(detail)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three disks from peg 1 to peg 3.
    fn tower() -> HanoiData {
        HanoiData {
            pegs: 3,
            start: vec![1, 1, 1],
            goal: vec![3, 3, 3],
            optimal: 7,
        }
    }

    fn judge(answer: &str) -> Verdict {
        verify(&tower(), &format!("<answer>{answer}</answer>"))
    }

    #[test]
    fn the_shortest_plan_in_every_accepted_form_is_correct() {
        for form in [
            "1 -> 3, 1 -> 2, 3 -> 2, 1 -> 3, 2 -> 1, 2 -> 3, 1 -> 3",
            "1 3\n1 2\n3 2\n1 3\n2 1\n2 3\n1 3",
            "A C, A B, C B, A C, B A, B C, A C",
            "a→c; a→b; c→b; a→c; b→a; b→c; a→c",
            "[(1, 3), (1, 2), (3, 2), (1, 3), (2, 1), (2, 3), (1, 3)]",
            "1. Move disk 1 from peg 1 to peg 3\n2. Move disk 2 from peg 1 to peg 2\n\
             3. Move disk 1 from peg 3 to peg 2\n4. Move disk 3 from peg 1 to peg 3\n\
             5. Move disk 1 from peg 2 to peg 1\n6. Move disk 2 from peg 2 to peg 3\n\
             7. Move disk 1 from peg 1 to peg 3",
            "Move 1: 1 => 3\nMove 2: 1 => 2\nMove 3: 3 => 2\nMove 4: 1 => 3\nMove 5: 2 => 1\n\
             Move 6: 2 => 3\nMove 7: 1 => 3",
            "- **A → C**\n- **A → B**\n- C → B\n- A → C\n- B → A\n- B → C\n- A → C",
            "[[1, 3], [1, 2], [3, 2], [1, 3], [2, 1], [2, 3], [1, 3]]",
            "[1, 3], [1, 2], [3, 2], [1, 3], [2, 1], [2, 3], [1, 3]",
            "Move the top disk of peg 1 onto peg 3\nMove the top disk of peg 1 onto peg 2\n\
             Move the top disk of peg 3 onto peg 2\nMove the top disk of peg 1 onto peg 3\n\
             Move the top disk of peg 2 onto peg 1\nMove the top disk of peg 2 onto peg 3\n\
             Move the top disk of peg 1 onto peg 3",
            "1. Move the top disk from peg 1 to peg 3.\n2. Move the top disk from peg 1 to peg 2.\n\
             3. Move the top disk from peg 3 to peg 2.\n4. Move the top disk from peg 1 to peg 3.\n\
             5. Move the top disk from peg 2 to peg 1.\n6. Move the top disk from peg 2 to peg 3.\n\
             7. Move the top disk from peg 1 to peg 3.",
            "Moves: 1 -> 3, 1 -> 2, 3 -> 2, 1 -> 3, 2 -> 1, 2 -> 3, 1 -> 3",
            "**Solution:**\n1. 1 -> 3\n2. 1 -> 2\n3. 3 -> 2\n4. 1 -> 3\n5. 2 -> 1\n6. 2 -> 3\n\
             7. 1 -> 3",
            "1 -> 3, 1 -> 2, 3 -> 2, 1 -> 3, 2 -> 1, 2 -> 3, and 1 -> 3",
        ] {
            let v = judge(form);
            assert!(v.correct && v.score == 1.0, "{form}: {v:?}");
        }
    }

    #[test]
    fn illegal_failing_and_longer_plans_are_wrong_with_the_reason() {
        let cases = [
            (
                "1 -> 3, 1 -> 3",
                "move 2 puts disk 2 on the smaller disk 1 on peg 3",
            ),
            ("2 -> 3", "move 1 takes from peg 2, which is empty"),
            ("1 -> 1", "move 1 moves from peg 1 to itself"),
            ("1 -> 4", "move 1 uses peg 4"),
            ("D A", "move 1 uses peg 4"),
            (
                "move disk 2 from 1 to 3",
                "names disk 2, but the top disk of peg 1 is disk 1",
            ),
            ("1 -> 3, 1 -> 2", "disk 2 is on peg 2, not on peg 3"),
            // The new forms are simulated like any other.
            (
                "[[1, 3], [1, 3]]",
                "move 2 puts disk 2 on the smaller disk 1 on peg 3",
            ),
            (
                "Move the top disk of peg 2 onto peg 1",
                "move 1 takes from peg 2, which is empty",
            ),
            ("Moves: 1 -> 3, 1 -> 2", "disk 2 is on peg 2, not on peg 3"),
            (
                "1 -> 3, and 1 -> 3",
                "move 2 puts disk 2 on the smaller disk 1",
            ),
            (
                "1 -> 2, 2 -> 3, 1 -> 2, 3 -> 2, 1 -> 3, 2 -> 1, 2 -> 3, 1 -> 3",
                "not shortest: 8 moves, and the fewest is 7",
            ),
        ];
        for (answer, want) in cases {
            let v = judge(answer);
            assert_eq!(v.reason, Reason::WrongAnswer, "{answer}");
            assert!(v.message.contains(want), "{answer}: {}", v.message);
        }
    }

    #[test]
    fn other_forms_are_unparsable() {
        for form in [
            "1-3, 1-2",
            "1 -> 3 -> 2",
            "1",
            "1 -> 3 or 1 -> 2",
            "move disk from 1 to 3",
            "disk 1 disk 1 1 3",
            "1 → two",
            "1 -> 3, , 1 -> 2, left",
            // Near misses of the bracketed pairs, the `of` wording, labels and `and`.
            "[1, 3, 2]",
            "[[1, 3], [1]]",
            "[1, 3",
            "[1], 3",
            "[[1, 3]], [1, 2]",
            "Move the top disk of peg 1 onto peg 3 or peg 2",
            "Move the top disk from peg 1 to peg 3 or peg 2",
            "Move the top disk disk from peg 1 to peg 3",
            "Move the top disk of peg 1",
            "Moves 1 -> 3: 1 -> 2",
            "Moves: 1 -> 3\nAlternative: 1 -> 2",
            "My three moves: 1 -> 3",
            "1 -> 3, and, 1 -> 2",
            "1 -> 3, and 1 -> 2, 3 -> 2",
        ] {
            let v = judge(form);
            assert_eq!(v.reason, Reason::UnparsableAnswer, "{form}: {v:?}");
        }
    }

    #[test]
    fn a_plan_shorter_than_the_record_says_is_a_verifier_error() {
        let mut d = tower();
        d.optimal = 8;
        let v = verify(
            &d,
            "<answer>1 -> 3, 1 -> 2, 3 -> 2, 1 -> 3, 2 -> 1, 2 -> 3, 1 -> 3</answer>",
        );
        assert_eq!(v.reason, Reason::VerifierError);
    }
}
