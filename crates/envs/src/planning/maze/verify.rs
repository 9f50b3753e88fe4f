//! The `maze` verifier: the path is walked from S; it must never enter a wall or leave the grid,
//! must end on G, and must be as short as the recorded BFS optimum.
//!
//! **Coordinates.** A square is `(row, column)`: rows numbered from 1 at the top, columns from 1
//! at the left, so S in the second row and third column is `(2, 3)`.
//!
//! **Answer forms.** Either moves or squares, never both:
//! - *Moves*: `U`, `D`, `L`, `R` (any case), written together (`RRDDL`) or apart; the words
//!   `up`, `down`, `left`, `right`, `north`, `south`, `east`, `west` (any case; `move` and `go`
//!   may precede them); or the arrows `↑ ↓ ← →`, which may not be mixed with letters or words
//!   (`R→D` could be read either way). Between moves: spaces, commas, semicolons, new lines and
//!   `->`. A word of letters other than those (`RRX`, `rightt`), a number, or anything else makes
//!   the answer unparsable.
//! - *Squares*: `(row, column)` pairs (or `[row, column]`) visited after S in order, ending on G;
//!   S itself may be listed first. Between pairs: commas, semicolons, new lines, spaces and the
//!   arrows `->`, `=>`, `→`.
//!
//! List layout is peeled first (see `crate::planning::plans`: a short label such as `Moves:` or
//! `Path:` in front, bullets, `1.`, `Step 1:`, emphasis, quotes, outer brackets, an `and` before
//! the last entry). A word that could itself be moves (`Down:`, `RD:`) is never a label, so it is
//! refused rather than dropped. The path may end with its length in parentheses, `(6 moves)` or
//! `(6 steps)`: a count other than the number of moves given (squares walked, S not counted)
//! makes the answer wrong, so the count never stands in for the path.
//!
//! **Judgement**, first failure wins: a stated count that is not the path's length; then, in
//! path order, a move into a wall or off the grid, or a
//! square that is not next to the one before (or is a wall, or off the grid), is wrong, named by
//! its step. The path must end on G, else wrong; then it must have exactly the recorded optimum
//! of moves: a longer path is wrong ("not shortest"). A shorter one would refute the record and
//! is a verifier error. `detail` gives the path's length, the optimum and whether it reached G.

use serde_json::json;

use super::MazeData;
use crate::forms;
use crate::planning::plans;
use verigym_core::extract::extract_agreed_answer;
use verigym_core::verdict::{Reason, Verdict};

/// A path as read: moves (row delta, column delta) or squares (1-based, as written).
enum Path {
    Moves(Vec<(i64, i64)>),
    Squares(Vec<(u64, u64)>),
}

fn direction(word: &str) -> Option<(i64, i64)> {
    const WORDS: [(&str, (i64, i64)); 8] = [
        ("up", (-1, 0)),
        ("down", (1, 0)),
        ("left", (0, -1)),
        ("right", (0, 1)),
        ("north", (-1, 0)),
        ("south", (1, 0)),
        ("west", (0, -1)),
        ("east", (0, 1)),
    ];
    WORDS
        .iter()
        .find(|(w, _)| word.eq_ignore_ascii_case(w))
        .map(|&(_, d)| d)
}

fn letter(b: u8) -> Option<(i64, i64)> {
    match b.to_ascii_uppercase() {
        b'U' => Some((-1, 0)),
        b'D' => Some((1, 0)),
        b'L' => Some((0, -1)),
        b'R' => Some((0, 1)),
        _ => None,
    }
}

/// Reads move entries; `None` if any entry is not moves.
fn moves(entries: &[&str]) -> Option<Vec<(i64, i64)>> {
    let mut out = Vec::new();
    let (mut arrows, mut written) = (false, false);
    for entry in entries {
        let mut rest = *entry;
        while let Some(c) = rest.chars().next() {
            if c.is_whitespace() {
                rest = &rest[c.len_utf8()..];
            } else if let Some(after) = rest.strip_prefix("->") {
                rest = after;
            } else if let Some(d) = match c {
                '↑' => Some((-1, 0)),
                '↓' => Some((1, 0)),
                '←' => Some((0, -1)),
                '→' => Some((0, 1)),
                _ => None,
            } {
                arrows = true;
                out.push(d);
                rest = &rest[c.len_utf8()..];
            } else if c.is_ascii_alphabetic() {
                let len = rest.bytes().take_while(u8::is_ascii_alphabetic).count();
                let word = &rest[..len];
                rest = &rest[len..];
                written = true;
                if word.eq_ignore_ascii_case("move") || word.eq_ignore_ascii_case("go") {
                    continue;
                }
                if let Some(d) = direction(word) {
                    out.push(d);
                } else {
                    for b in word.bytes() {
                        out.push(letter(b)?);
                    }
                }
            } else {
                return None;
            }
        }
    }
    (!(arrows && written)).then_some(out)
}

/// Reads square entries (`(r, c)` pairs, chained by arrows or spaces); `None` if any entry is not
/// squares.
fn squares(entries: &[&str]) -> Option<Vec<(u64, u64)>> {
    let mut out = Vec::new();
    for entry in entries {
        let mut rest = entry.trim();
        while !rest.is_empty() {
            let close = match rest.as_bytes()[0] {
                b'(' => ')',
                b'[' => ']',
                _ => return None,
            };
            let end = rest.find(close)?;
            let (r, c) = rest[1..end].split_once(',')?;
            let number = |s: &str| {
                let s = s.trim();
                (!s.is_empty() && s.len() <= 6 && s.bytes().all(|b| b.is_ascii_digit()))
                    .then(|| s.parse::<u64>().ok())
                    .flatten()
            };
            out.push((number(r)?, number(c)?));
            rest = rest[end + 1..].trim_start();
            for sep in ["->", "=>", "→", ","] {
                if let Some(after) = rest.strip_prefix(sep) {
                    rest = after.trim_start();
                    break;
                }
            }
        }
    }
    Some(out)
}

/// Whether a word could be moves (`down`, `RRDD`, `lr`): such a word is never a label.
fn is_move_word(word: &str) -> bool {
    direction(word).is_some() || word.bytes().all(|b| letter(b).is_some())
}

/// A count after the path, `(6 moves)` or `(6 steps)` at the very end: the path's text and the
/// count. A text without one is returned whole with `None`.
fn split_count(text: &str) -> (&str, Option<u64>) {
    let whole = (text, None);
    let Some(body) = text.trim_end().strip_suffix(')') else {
        return whole;
    };
    let Some(open) = body.rfind('(') else {
        return whole;
    };
    let Some((number, word)) = body[open + 1..].trim().split_once(char::is_whitespace) else {
        return whole;
    };
    let counted = ["move", "moves", "step", "steps"]
        .iter()
        .any(|w| word.trim().eq_ignore_ascii_case(w));
    if !counted
        || number.is_empty()
        || number.len() > 6
        || !number.bytes().all(|b| b.is_ascii_digit())
    {
        return whole;
    }
    (&body[..open], number.parse().ok())
}

/// The path an answer gives, and the count stated after it, if any.
fn parse(answer: &str) -> Option<(Path, Option<u64>)> {
    let text = forms::strip_emphasis(answer);
    let (text, count) = split_count(&text);
    let cleaned = plans::clean(text, is_move_word);
    let entries = plans::entries(&cleaned);
    if entries.is_empty() {
        return None;
    }
    let path = if cleaned.contains(['(', '[']) {
        squares(&entries).map(Path::Squares)
    } else {
        moves(&entries).map(Path::Moves)
    };
    Some((path?, count))
}

/// Judges a response by walking its path.
pub fn verify(data: &MazeData, response: &str) -> Verdict {
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
    let Some((path, count)) = parse(&answer) else {
        return Verdict::rejected(
            Reason::UnparsableAnswer,
            "the answer is neither moves (U, D, L, R; up, down, left, right; arrows) nor a list \
             of (row, column) squares",
        );
    };
    let (rows, cols) = (data.grid.len() as i64, data.grid[0].len() as i64);
    let open = |r: i64, c: i64| {
        (1..=rows).contains(&r)
            && (1..=cols).contains(&c)
            && data.grid[r as usize - 1].as_bytes()[c as usize - 1] != b'#'
    };
    let (mut r, mut c) = (i64::from(data.start[0]), i64::from(data.start[1]));
    let start = (u64::from(data.start[0]), u64::from(data.start[1]));
    let skip = match &path {
        Path::Squares(list) => usize::from(list.first() == Some(&start)),
        Path::Moves(_) => 0,
    };
    let listed = match &path {
        Path::Moves(moves) => moves.len(),
        Path::Squares(list) => list.len() - skip,
    } as u64;
    if let Some(count) = count
        && count != listed
    {
        return Verdict::wrong(format!(
            "the answer says {count} moves but its path has {listed}"
        ));
    }
    let mut used = 0u64;
    match path {
        Path::Moves(moves) => {
            for (step, (dr, dc)) in moves.into_iter().enumerate() {
                let (nr, nc) = (r + dr, c + dc);
                if !open(nr, nc) {
                    return Verdict::wrong(format!(
                        "move {} goes from ({r}, {c}) into {} at ({nr}, {nc})",
                        step + 1,
                        if (1..=rows).contains(&nr) && (1..=cols).contains(&nc) {
                            "a wall"
                        } else {
                            "the outside"
                        }
                    ));
                }
                (r, c, used) = (nr, nc, used + 1);
            }
        }
        Path::Squares(list) => {
            for (step, &(nr, nc)) in list[skip..].iter().enumerate() {
                let (nr, nc) = (nr as i64, nc as i64);
                if (nr - r).abs() + (nc - c).abs() != 1 {
                    return Verdict::wrong(format!(
                        "step {} goes from ({r}, {c}) to ({nr}, {nc}), which is not a next square",
                        step + 1
                    ));
                }
                if !open(nr, nc) {
                    return Verdict::wrong(format!(
                        "step {} enters the wall at ({nr}, {nc})",
                        step + 1
                    ));
                }
                (r, c, used) = (nr, nc, used + 1);
            }
        }
    }
    let optimal = u64::from(data.optimal);
    let reached = [r, c] == [i64::from(data.goal[0]), i64::from(data.goal[1])];
    let detail = json!({"moves": used, "optimal": optimal, "reaches_goal": reached});
    let verdict = if !reached {
        Verdict::wrong(format!(
            "the path ends at ({r}, {c}), not at G ({}, {})",
            data.goal[0], data.goal[1]
        ))
    } else {
        plans::against_optimum(
            used,
            optimal,
            "the path reaches G but is not shortest",
            || format!("{used} moves reach G"),
        )
    };
    verdict.with_detail(detail)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two shortest paths around a pillar, S at (2, 2) and G at (4, 4).
    fn maze() -> MazeData {
        MazeData {
            grid: vec![
                "#####".into(),
                "#S..#".into(),
                "#.#.#".into(),
                "#..G#".into(),
                "#####".into(),
            ],
            start: [2, 2],
            goal: [4, 4],
            optimal: 4,
        }
    }

    fn judge(answer: &str) -> Verdict {
        verify(&maze(), &format!("<answer>{answer}</answer>"))
    }

    #[test]
    fn both_shortest_paths_in_every_accepted_form_are_correct() {
        for form in [
            "RRDD",
            "DDRR",
            "r r d d",
            "R, R, D, D",
            "right, right, down, down",
            "Down\nDown\nRight\nRight",
            "→ → ↓ ↓",
            "↓↓→→",
            "east east south south",
            "1. Move right\n2. Move right\n3. Go down\n4. Go down",
            "right -> right -> down -> down",
            "(2, 2), (2, 3), (2, 4), (3, 4), (4, 4)",
            "(2,3) -> (2,4) -> (3,4) -> (4,4)",
            "[(3, 2), (4, 2), (4, 3), (4, 4)]",
            "[[3, 2], [4, 2], [4, 3], [4, 4]]",
            "- (3, 2)\n- (4, 2)\n- (4, 3)\n- (4, 4)",
            "**RRDD**",
            "[\"R\", \"R\", \"D\", \"D\"]",
            "Moves: RRDD",
            "Path: DDRR",
            "**Path:**\n- down\n- down\n- right\n- right",
            "Final path: (2, 3), (2, 4), (3, 4), (4, 4)",
            "RRDD (4 moves)",
            "**RRDD** (4 Moves)",
            "Moves: R, R, D, D (4 steps)",
            "(2, 2), (2, 3), (2, 4), (3, 4), (4, 4) (4 moves)",
            "R, R, D, and D",
            "right, right, down, and down",
        ] {
            let v = judge(form);
            assert!(v.correct && v.score == 1.0, "{form}: {v:?}");
        }
    }

    #[test]
    fn blocked_short_and_long_paths_are_wrong_with_the_reason() {
        let cases = [
            ("RDDR", "move 2 goes from (2, 3) into a wall at (3, 3)"),
            ("U", "move 1 goes from (2, 2) into a wall at (1, 2)"),
            ("RRD", "ends at (3, 4), not at G (4, 4)"),
            ("RRLRDD", "not shortest: 6 moves, and the fewest is 4"),
            ("(2, 3), (3, 3)", "step 2 enters the wall at (3, 3)"),
            ("(2, 3), (4, 3)", "step 2 goes from (2, 3) to (4, 3)"),
            (
                "(2, 2), (2, 2), (2, 3)",
                "step 1 goes from (2, 2) to (2, 2)",
            ),
            ("(0, 2)", "step 1 goes from (2, 2) to (0, 2)"),
            // A count must be the path's length, whether the path is right or not.
            ("RRDD (5 moves)", "says 5 moves but its path has 4"),
            ("RRDD (3 moves)", "says 3 moves but its path has 4"),
            ("RRD (3 moves)", "ends at (3, 4), not at G (4, 4)"),
            (
                "(2, 2), (2, 3), (2, 4), (3, 4), (4, 4) (5 moves)",
                "says 5 moves but its path has 4",
            ),
            ("Moves: RDDR", "move 2 goes from (2, 3) into a wall"),
            ("R, R, L, R, D, and D", "not shortest: 6 moves"),
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
            "RRDD or DDRR",
            "R→D→D→R",
            "R2 D2",
            "rightt, down",
            "(2, 3), R",
            "(2, 3), (2, x)",
            "(2 3)",
            "(2, 3",
            "RRXD",
            "2R 2D",
            "(2, 3), (2, 4) and (3, 4)",
            // Near misses of labels, counts and `and`.
            "Down: RRDD",
            "RD: RRDD",
            "Moves RRDD",
            "Moves: RRDD\nPath: DDRR",
            "My four moves: RRDD",
            "RRDD (4)",
            "RRDD (four moves)",
            "RRDD (4 moves",
            "RRDD (4 moves) (4 moves)",
            "RRDD (4 moves or 5 moves)",
            "RRDD (4 jumps)",
            "R, and R, D, D",
            "R, R, D, and",
        ] {
            let v = judge(form);
            assert_eq!(v.reason, Reason::UnparsableAnswer, "{form}: {v:?}");
        }
    }

    #[test]
    fn a_path_shorter_than_the_record_says_is_a_verifier_error() {
        let mut d = maze();
        d.optimal = 5;
        let v = verify(&d, "<answer>RRDD</answer>");
        assert_eq!(v.reason, Reason::VerifierError);
    }
}
