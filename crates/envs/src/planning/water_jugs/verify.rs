//! The `water_jugs` verifier: the plan is simulated from all jugs empty; it must end with some
//! jug holding the target and be as short as the recorded BFS optimum.
//!
//! **Answer form.** The moves in order, separated by commas, semicolons or new lines (see
//! `crate::planning::plans` for the list layout peeled: a short label such as `Plan:` in front (never
//! one holding `fill`, `empty` or `pour`), bullets, `1.`, `Step 1:`, emphasis, quotes, outer
//! brackets, an `and` before the last move). A move is `fill X`, `empty X` or `pour X Y`, with X
//! and Y jug letters; words and letters in any case. Around them, `jug`, `the`, `from`, `into`,
//! `in`, `onto`, `to` and an arrow (`->`, `=>`, `→`) may appear, and parentheses or a comma
//! between the two jugs of a pour are read as spaces: `Fill jug A`, `pour from A into B`,
//! `pour A -> B`, `pour(A, B)`. A bare `A -> B` (an arrow and no verb) is a pour. Any other word,
//! a number, or a move with the wrong number of jugs makes the answer unparsable. A letter that
//! names no jug is wrong.
//!
//! **Stated states.** A move may end with the jugs' contents after it, in parentheses, one plain
//! number per jug in order, all separated by `,` or all by `/`, optionally after `→`, `->`, `=>`,
//! `:` or `=`: `Fill A → (13, 0, 0)`, `fill A (13/0/0)`, `Fill A: (13, 0, 0)`. A stated state is
//! checked against the simulation: one that differs makes the answer wrong ("move 3 leaves …, not
//! the stated …"), so a state is never a hedge. Parentheses holding anything else (`(5 litres)`,
//! two numbers for three jugs) are not a state, and the entry is unparsable.
//!
//! **Judgement**, first failure wins: a move naming a jug that does not exist, or pouring a jug
//! into itself, or a stated state the move does not leave, is wrong (named by its step); filling a full jug or pouring from an empty one is
//! legal but wasted. After the last move some jug must hold exactly the target, else wrong; then
//! the plan must have exactly the recorded optimum of moves: a longer working plan is wrong
//! ("not shortest"). A shorter working plan would refute the record's optimum and is reported as
//! a verifier error. `detail` gives the plan's length, the optimum and whether it worked.

use serde_json::json;

use super::WaterJugsData;
use super::solve::{Move, apply, name};
use crate::planning::plans;
use verigym_core::extract::extract_agreed_answer;
use verigym_core::verdict::{Reason, Verdict};

/// Why an entry is not a move.
enum Bad {
    /// Not in the grammar.
    Unparsable,
    /// A well-formed move naming this letter, which is no jug here.
    NoSuchJug(char),
}

/// Splits a state written after a move (`fill A (3/0)`, `fill A → (3, 0)`, `fill A: (3, 0)`) off
/// an entry: the move's text and the amounts, one per jug in order. An entry without one, or
/// whose last parentheses hold anything but `jugs` plain numbers separated all by `,` or all by
/// `/`, is returned whole with `None` (and then fails as a move if it held numbers).
fn split_state(entry: &str, jugs: usize) -> (&str, Option<Vec<u64>>) {
    let whole = (entry, None);
    let Some(body) = entry.trim_end().strip_suffix(')') else {
        return whole;
    };
    let Some(open) = body.rfind('(') else {
        return whole;
    };
    let inner = &body[open + 1..];
    let sep = if inner.contains('/') { '/' } else { ',' };
    let mut amounts = Vec::with_capacity(jugs);
    for piece in inner.split(sep) {
        let piece = piece.trim();
        if piece.is_empty() || piece.len() > 9 || !piece.bytes().all(|b| b.is_ascii_digit()) {
            return whole;
        }
        amounts.push(piece.parse().unwrap_or(u64::MAX));
    }
    if amounts.len() != jugs {
        return whole;
    }
    let head = body[..open].trim_end();
    let head = ["->", "=>", "→", ":", "="]
        .iter()
        .find_map(|l| head.strip_suffix(l))
        .unwrap_or(head);
    (head.trim_end(), Some(amounts))
}

/// Reads one entry as a move on `jugs` jugs.
fn parse_move(entry: &str, jugs: usize) -> Result<Move, Bad> {
    let mut verb = None;
    let mut names: [u8; 3] = [0; 3];
    let mut count = 0;
    let mut arrow = false;
    let bytes = entry.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b.is_ascii_whitespace() || b == b'(' || b == b')' || b == b',' {
            i += 1;
            continue;
        }
        if let Some(len) = ["->", "=>", "→"]
            .iter()
            .find(|a| entry[i..].starts_with(**a))
            .map(|a| a.len())
        {
            arrow = true;
            i += len;
            continue;
        }
        if !b.is_ascii_alphabetic() {
            return Err(Bad::Unparsable);
        }
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_alphabetic() {
            i += 1;
        }
        let word = &entry[start..i];
        if word.len() == 1 {
            if count == 2 {
                return Err(Bad::Unparsable);
            }
            names[count] = word.as_bytes()[0].to_ascii_uppercase();
            count += 1;
            continue;
        }
        let lower = word.to_ascii_lowercase();
        match lower.as_str() {
            "fill" | "empty" | "pour" if verb.is_none() && count == 0 => verb = Some(lower),
            "jug" | "the" | "from" | "into" | "in" | "onto" | "to" => {}
            _ => return Err(Bad::Unparsable),
        }
    }
    let jug = |letter: u8| {
        let index = letter - b'A';
        if usize::from(index) < jugs {
            Ok(index)
        } else {
            Err(Bad::NoSuchJug(char::from(letter)))
        }
    };
    match (verb.as_deref(), count, arrow) {
        (Some("fill"), 1, false) => Ok(Move::Fill(jug(names[0])?)),
        (Some("empty"), 1, false) => Ok(Move::Empty(jug(names[0])?)),
        (Some("pour"), 2, _) | (None, 2, true) => Ok(Move::Pour(jug(names[0])?, jug(names[1])?)),
        _ => Err(Bad::Unparsable),
    }
}

/// The jugs' contents as `A: 3, B: 0`.
fn contents(state: &[u32]) -> String {
    state
        .iter()
        .enumerate()
        .map(|(i, v)| format!("{}: {v}", name(i as u8)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Judges a response by simulating its plan.
pub fn verify(data: &WaterJugsData, response: &str) -> Verdict {
    let answer = match extract_agreed_answer(response, |r| verify(data, r)) {
        Ok(answer) => answer,
        Err(rejection) => return rejection.into(),
    };
    // A table with a header row and a step column reads as the list of its moves.
    let answer = match crate::forms::table_as_list(&answer, true, ", ", crate::forms::single_cell) {
        Some(list) => std::borrow::Cow::Owned(list),
        None => answer,
    };
    if let Err(why) = super::check::check_data(data) {
        return Verdict::rejected(Reason::VerifierError, format!("malformed record: {why}"));
    }
    // A verb is never a label: `Fill A: (3, 0)` is a move with its state.
    let verb = |w: &str| {
        ["fill", "empty", "pour"]
            .iter()
            .any(|v| w.eq_ignore_ascii_case(v))
    };
    let cleaned = plans::clean(&answer, verb);
    let entries = plans::entries(&cleaned);
    if entries.is_empty() {
        return Verdict::rejected(Reason::UnparsableAnswer, "the answer lists no moves");
    }
    let jugs = data.capacities.len();
    let mut moves = Vec::with_capacity(entries.len());
    let mut stated = Vec::with_capacity(entries.len());
    let mut unknown = None;
    for (step, entry) in entries.iter().enumerate() {
        let (text, state) = split_state(entry, jugs);
        stated.push(state);
        match parse_move(text, jugs) {
            Ok(m) => moves.push(m),
            Err(Bad::NoSuchJug(letter)) => {
                unknown.get_or_insert((step + 1, letter));
                moves.push(Move::Fill(0));
            }
            Err(Bad::Unparsable) => {
                return Verdict::rejected(
                    Reason::UnparsableAnswer,
                    format!(
                        "{entry:?} is not a move (`fill X`, `empty X` or `pour X Y` with jug \
                         letters)"
                    ),
                );
            }
        }
    }
    if let Some((step, letter)) = unknown {
        return Verdict::wrong(format!(
            "move {step} names jug {letter}; the jugs are A to {}",
            name(jugs as u8 - 1)
        ));
    }
    let mut state = [0u32; 3];
    let state = &mut state[..jugs];
    for (step, &m) in moves.iter().enumerate() {
        if let Move::Pour(x, y) = m
            && x == y
        {
            return Verdict::wrong(format!(
                "move {} pours jug {} into itself",
                step + 1,
                name(x)
            ));
        }
        apply(&data.capacities, state, m);
        if let Some(said) = &stated[step]
            && !said
                .iter()
                .zip(state.iter())
                .all(|(&s, &v)| s == u64::from(v))
        {
            let said: Vec<String> = said.iter().map(u64::to_string).collect();
            return Verdict::wrong(format!(
                "move {} leaves {}, not the stated ({})",
                step + 1,
                contents(state),
                said.join(", ")
            ));
        }
    }
    let (used, optimal) = (moves.len() as u64, u64::from(data.optimal));
    let reached = state.contains(&data.target);
    let detail = json!({"moves": used, "optimal": optimal, "reaches_target": reached});
    let verdict = if !reached {
        Verdict::wrong(format!(
            "after the {used} moves no jug holds {} litres ({})",
            data.target,
            contents(state)
        ))
    } else {
        plans::against_optimum(used, optimal, "the plan works but is not shortest", || {
            format!("a {used}-move plan reaches the target")
        })
    };
    verdict.with_detail(detail)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn die_hard() -> WaterJugsData {
        WaterJugsData {
            capacities: vec![3, 5],
            target: 4,
            optimal: 6,
        }
    }

    fn judge(answer: &str) -> Verdict {
        verify(&die_hard(), &format!("<answer>{answer}</answer>"))
    }

    #[test]
    fn both_shortest_plans_in_every_accepted_form_are_correct() {
        for form in [
            "fill B, pour B A, empty A, pour B A, fill B, pour B A",
            "FILL b\nPour B a\nempty A\npour B A\nfill B\npour B A",
            "1. Fill jug B\n2. Pour from B into A\n3. Empty jug A\n4. Pour B -> A\n5. Fill B\n\
             6. Pour B → A",
            "Step 1: fill B; Step 2: pour B A; Step 3: empty A; Step 4: pour B A; Step 5: fill B; \
             Step 6: pour B A.",
            "[\"fill B\", \"pour(B, A)\", \"empty A\", \"pour B to A\", \"fill B\", \"B -> A\"]",
            "- **fill B**\n- **pour B A**\n- empty the A\n- pour B onto A\n- fill B\n- pour B in A",
            "Plan: fill B, pour B A, empty A, pour B A, fill B, pour B A",
            "**Moves:**\n1. fill B\n2. pour B A\n3. empty A\n4. pour B A\n5. fill B\n6. pour B A",
            "fill B, pour B A, empty A, pour B A, fill B, and pour B A",
            "1. Fill B → (0, 5)\n2. Pour B A → (3, 2)\n3. Empty A → (0, 2)\n4. Pour B A → (2, 0)\n\
             5. Fill B → (2, 5)\n6. Pour B A → (3, 4)",
            "fill B (0/5), pour B A (3/2), empty A (0/2), pour B A (2/0), fill B (2/5), \
             pour B A (3/4)",
            "Fill B: (0, 5)\nPour B A: (3, 2)\nEmpty A: (0, 2)\nPour B A: (2, 0)\nFill B: (2, 5)\n\
             Pour B A: (3, 4)",
            // A state may be stated for some moves only.
            "fill B, pour B A -> (3, 2), empty A, pour B A, fill B, pour(B, A) = (3, 4)",
        ] {
            let v = judge(form);
            assert!(v.correct && v.score == 1.0, "{form}: {v:?}");
        }
    }

    #[test]
    fn failing_and_longer_plans_are_wrong_with_the_reason() {
        let cases = [
            (
                "fill B, pour B A, empty A",
                "no jug holds 4 litres (A: 0, B: 2)",
            ),
            (
                "fill A, pour A B, fill A, pour A B, empty B, pour A B, fill A, pour A B",
                "not shortest: 8 moves, and the fewest is 6",
            ),
            ("fill C, pour B A", "move 1 names jug C"),
            ("fill B, pour B B", "move 2 pours jug B into itself"),
            // A stated state is checked, even when the plan itself works.
            (
                "fill B (0/5), pour B A (3/2), empty A (0/2), pour B A (2/0), fill B (2/5), \
                 pour B A (3/5)",
                "move 6 leaves A: 3, B: 4, not the stated (3, 5)",
            ),
            (
                "Fill B → (5, 0), pour B A, empty A, pour B A, fill B, pour B A",
                "move 1 leaves A: 0, B: 5, not the stated (5, 0)",
            ),
            (
                "Plan: fill B, pour B A, empty A",
                "no jug holds 4 litres (A: 0, B: 2)",
            ),
            (
                "fill B, pour B A, empty A, pour B A, fill B, and pour B B",
                "move 6 pours jug B into itself",
            ),
        ];
        for (answer, want) in cases {
            let v = judge(answer);
            assert_eq!(v.reason, Reason::WrongAnswer, "{answer}");
            assert!(v.message.contains(want), "{answer}: {}", v.message);
        }
        let v = judge("fill B, pour B A, empty A");
        assert_eq!(v.detail.unwrap()["reaches_target"], false);
    }

    #[test]
    fn other_forms_are_unparsable() {
        for form in [
            "fill B, pour B A or empty A",
            "fill B 5",
            "fill, pour B A",
            "fill A B",
            "pour A",
            "A B",
            "fill B, pour B A, empty A, pour B A, fill B, pour B A, drink A",
            "fill the jug",
            "fill AB",
            "- ",
            "fill B; pour B A; 4",
            // Near misses of labels, `and` and stated states.
            "Fill: B, pour B A",
            "Plan: Plan: fill B",
            "My whole plan: fill B",
            "fill B, and pour B A, empty A",
            "fill B (5)",
            "fill B (0, 5, 0)",
            "fill B (0/5, 0)",
            "fill B (5 litres)",
            "fill B (0, 5) (0, 5)",
            "fill B → (0, x)",
            "fill B (0, -5)",
            "fill B (0, 5",
            "(0, 5)",
            "fill B → → (0, 5)",
        ] {
            let v = judge(form);
            assert_eq!(v.reason, Reason::UnparsableAnswer, "{form}: {v:?}");
        }
    }

    #[test]
    fn a_plan_shorter_than_the_record_says_is_a_verifier_error() {
        let mut d = die_hard();
        d.optimal = 7;
        let v = verify(
            &d,
            "<answer>fill B, pour B A, empty A, pour B A, fill B, pour B A</answer>",
        );
        assert_eq!(v.reason, Reason::VerifierError);
    }
}
