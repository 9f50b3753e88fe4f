//! Probe answers for `maze`: the reference path as moves, words, arrows and squares, and paths
//! that hit walls, stop short or wander.

use super::MazeData;
use verigym_core::env::ProbeAnswers;

fn delta(m: u8) -> (i64, i64) {
    match m {
        b'U' => (-1, 0),
        b'D' => (1, 0),
        b'L' => (0, -1),
        _ => (0, 1),
    }
}

fn word(m: u8) -> &'static str {
    match m {
        b'U' => "up",
        b'D' => "down",
        b'L' => "left",
        _ => "right",
    }
}

fn arrow(m: u8) -> char {
    match m {
        b'U' => '↑',
        b'D' => '↓',
        b'L' => '←',
        _ => '→',
    }
}

fn opposite(m: u8) -> u8 {
    match m {
        b'U' => b'D',
        b'D' => b'U',
        b'L' => b'R',
        _ => b'L',
    }
}

/// The squares the moves step on after `start`.
fn squares(start: [u32; 2], moves: &[u8]) -> Vec<(i64, i64)> {
    let (mut r, mut c) = (i64::from(start[0]), i64::from(start[1]));
    moves
        .iter()
        .map(|&m| {
            let (dr, dc) = delta(m);
            (r, c) = (r + dr, c + dc);
            (r, c)
        })
        .collect()
}

fn pairs(list: &[(i64, i64)], separator: &str) -> String {
    list.iter()
        .map(|(r, c)| format!("({r}, {c})"))
        .collect::<Vec<_>>()
        .join(separator)
}

/// See [`verigym_core::Env::probe_answers`]. `answer` is the reference move string. No foreign answer is
/// used: another maze's path means nothing here.
pub fn probe_answers(data: &MazeData, answer: &str) -> ProbeAnswers {
    let moves = answer.as_bytes();
    let Some((&first, _)) = moves.split_first() else {
        return ProbeAnswers::default();
    };
    let steps = squares(data.start, moves);
    let words = |sep: &str| moves.iter().map(|&m| word(m)).collect::<Vec<_>>().join(sep);
    let start = (i64::from(data.start[0]), i64::from(data.start[1]));
    let with_start: Vec<(i64, i64)> = std::iter::once(start).chain(steps.clone()).collect();
    let realistic = vec![
        ("words", words(", ")),
        (
            "arrows",
            moves.iter().map(|&m| arrow(m)).collect::<String>(),
        ),
        (
            "lower_spaced",
            answer
                .to_lowercase()
                .split("")
                .collect::<Vec<_>>()
                .join(" ")
                .trim()
                .to_owned(),
        ),
        ("squares", pairs(&steps, ", ")),
        ("squares_from_start_arrows", pairs(&with_start, " -> ")),
        (
            "numbered_words",
            moves
                .iter()
                .enumerate()
                .map(|(i, &m)| format!("{}. Move {}", i + 1, word(m)))
                .collect::<Vec<_>>()
                .join("\n"),
        ),
        ("moves_label", format!("Moves: {answer}")),
        ("path_label_bold", format!("**Path:** {answer}")),
        ("counted", format!("{answer} ({} moves)", moves.len())),
    ];
    let (sr, sc) = steps[steps.len() - 1];
    // A detour: one step away and back before the path, two moves too many, if the first move
    // can be undone and redone (it can: its square is open).
    let detour = format!(
        "{}{}{answer}",
        char::from(first),
        char::from(opposite(first))
    );
    let mut near_miss = vec![
        ("last_move_dropped", answer[..answer.len() - 1].to_owned()),
        ("detour_first", detour),
        (
            "squares_last_dropped",
            pairs(&steps[..steps.len() - 1], ", "),
        ),
        ("squares_jump", pairs(&[(sr + 2, sc)], ", ")),
        ("counted_moves", format!("{}1", answer)),
        (
            "count_one_more",
            format!("{answer} ({} moves)", moves.len() + 1),
        ),
        // A label that could itself be moves is not dropped.
        ("move_word_label", format!("Down: {answer}")),
        (
            "mixed_letters_arrows",
            format!("{}{}", char::from(first), arrow(first)),
        ),
        (
            "words_hedged",
            format!("{} or {}", words(", "), words(", ")),
        ),
    ];
    // Walking into the outer wall from S: up from the top row is always off-limits or a wall.
    let up = "U".repeat(data.start[0] as usize);
    near_miss.push(("into_the_border", up));
    let mut answers = ProbeAnswers {
        equivalent: vec![
            ("lower_case", answer.to_lowercase()),
            (
                "commas",
                answer
                    .split("")
                    .filter(|s| !s.is_empty())
                    .collect::<Vec<_>>()
                    .join(", "),
            ),
            ("one_per_line_words", words("\n")),
        ],
        realistic,
        near_miss,
    };
    // Issue 31: the moves as a table with a header row and a step column (only for an answer of
    // move letters).
    if answer.bytes().all(|b| b"UDLR".contains(&b)) {
        let items: Vec<String> = answer.chars().map(String::from).collect();
        crate::forms::push_numbered_table(&mut answers, ["Step", "Move"], &items);
    }
    answers
}
