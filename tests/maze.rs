//! `maze`: the recorded optimum is re-proven by an independent search (relaxation to a fixpoint,
//! not a queue), the verifier accepts exactly the paths of that length from S to G, including
//! ones the generator never wrote, and corruptions and junk never pass or panic.

use proptest::prelude::*;
use verigym::envs::maze::{Maze, MazeData, MazeParams};
use verigym::{Env, Generator, ProblemRng, Reason, Verdict};

use crate::support::{check_golden, check_hashes, jsonl, one_per_level};

fn params() -> impl Strategy<Value = MazeParams> {
    (2u32..=9, 2u32..=9, 0u32..=50).prop_map(|(width, height, loop_percent)| MazeParams {
        width,
        height,
        loop_percent,
    })
}

fn problem(params: &MazeParams, seed: u64, index: u64) -> (MazeData, String) {
    let p = Generator::new(&Maze, params.clone(), seed)
        .unwrap()
        .problem(index);
    (p.data, p.answer)
}

fn judge(data: &MazeData, answer: &str) -> Verdict {
    Maze.verify(data, &format!("<answer>{answer}</answer>"))
}

const STEPS: [(i64, i64, char); 4] = [(-1, 0, 'U'), (1, 0, 'D'), (0, -1, 'L'), (0, 1, 'R')];

fn open(data: &MazeData, r: i64, c: i64) -> bool {
    r >= 1
        && c >= 1
        && data
            .grid
            .get(r as usize - 1)
            .and_then(|row| row.as_bytes().get(c as usize - 1))
            .is_some_and(|&b| b != b'#')
}

/// An independent solver: distances from G relaxed over the whole grid until nothing changes,
/// then a random shortest path from S, each step to a random neighbour one closer to G.
fn independent_shortest(data: &MazeData, rng: &mut ProblemRng) -> (u32, String) {
    let (rows, cols) = (data.grid.len() as i64, data.grid[0].len() as i64);
    let mut dist = vec![vec![u32::MAX; cols as usize]; rows as usize];
    dist[data.goal[0] as usize - 1][data.goal[1] as usize - 1] = 0;
    let mut changed = true;
    while changed {
        changed = false;
        for r in 1..=rows {
            for c in 1..=cols {
                if !open(data, r, c) {
                    continue;
                }
                for (dr, dc, _) in STEPS {
                    if open(data, r + dr, c + dc) {
                        let n = dist[(r + dr) as usize - 1][(c + dc) as usize - 1];
                        let here = &mut dist[r as usize - 1][c as usize - 1];
                        if n != u32::MAX && n + 1 < *here {
                            *here = n + 1;
                            changed = true;
                        }
                    }
                }
            }
        }
    }
    let (mut r, mut c) = (i64::from(data.start[0]), i64::from(data.start[1]));
    let optimal = dist[r as usize - 1][c as usize - 1];
    let mut path = String::new();
    while dist[r as usize - 1][c as usize - 1] > 0 {
        let here = dist[r as usize - 1][c as usize - 1];
        let closer: Vec<(i64, i64, char)> = STEPS
            .into_iter()
            .filter(|&(dr, dc, _)| {
                open(data, r + dr, c + dc)
                    && dist[(r + dr) as usize - 1][(c + dc) as usize - 1] == here - 1
            })
            .collect();
        let (dr, dc, m) = closer[rng.index(closer.len())];
        path.push(m);
        (r, c) = (r + dr, c + dc);
    }
    (optimal, path)
}

/// The squares a move string steps on after S, as `(r, c)` pairs.
fn squares(data: &MazeData, moves: &str) -> String {
    let (mut r, mut c) = (i64::from(data.start[0]), i64::from(data.start[1]));
    moves
        .chars()
        .map(|m| {
            let &(dr, dc, _) = STEPS.iter().find(|s| s.2 == m).unwrap();
            (r, c) = (r + dr, c + dc);
            format!("({r}, {c})")
        })
        .collect::<Vec<_>>()
        .join(", ")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn optimum_is_reproven_and_any_shortest_path_verifies(params in params(), seed: u64, index in 0u64..1 << 30) {
        let (data, answer) = problem(&params, seed, index);
        let mut rng = ProblemRng::from_test_seed(seed);
        let (optimal, path) = independent_shortest(&data, &mut rng);
        prop_assert_eq!(data.optimal, optimal);
        prop_assert_eq!(answer.len() as u32, optimal);
        for form in [answer.clone(), path.clone(), squares(&data, &path)] {
            let v = judge(&data, &form);
            prop_assert!(v.correct && v.score == 1.0, "{}: {:?}", form, v);
        }
    }

    #[test]
    fn corruptions_are_rejected_with_the_reason(params in params(), seed: u64, which: prop::sample::Index, turn in 1usize..4) {
        let (data, answer) = problem(&params, seed, 0);
        // One move changed to another direction: a wall, a dead end or a longer way.
        let i = which.index(answer.len());
        let letters = ['U', 'D', 'L', 'R'];
        let old = answer.as_bytes()[i] as char;
        let new = letters[(letters.iter().position(|&l| l == old).unwrap() + turn) % 4];
        let mut changed = answer.clone().into_bytes();
        changed[i] = new as u8;
        let changed = String::from_utf8(changed).unwrap();
        let v = judge(&data, &changed);
        prop_assert_eq!(v.reason, Reason::WrongAnswer, "{}", changed);
        // Dropping a move ends off G; a step away and back is two moves too many.
        let v = judge(&data, &answer[..answer.len() - 1]);
        prop_assert!(!v.correct && v.score == 0.0);
        let first = &answer[..1];
        let back = match first { "U" => "D", "D" => "U", "L" => "R", _ => "L" };
        let v = judge(&data, &format!("{first}{back}{answer}"));
        prop_assert_eq!(v.reason, Reason::WrongAnswer);
        prop_assert!(v.message.contains("not shortest"), "{}", v.message);
    }

    #[test]
    fn arbitrary_text_never_panics(params in params(), text in ".{0,300}") {
        let (data, _) = problem(&params, 1, 0);
        let v = Maze.verify(&data, &text);
        prop_assert!((0.0..=1.0).contains(&v.score) && !v.message.is_empty());
    }

    #[test]
    fn adversarial_structure_never_panics(params in params(), parts in prop::collection::vec(
        prop::sample::select(vec!["<answer>", "</answer>", "<think>", "</think>", "\\boxed{", "}",
            "R", "D", "u", "l", "right", "down", "→", "↓", "->", "(", ")", "[", "]", ",", ";", "\n",
            " ", "1", "2", "0", "99999999999999999999999", "- ", "1. ", "Step 1:", "**", "é",
            "Mo", "move "]), 0..80)) {
        let (data, _) = problem(&params, 2, 0);
        let v = Maze.verify(&data, &parts.concat());
        prop_assert!((0.0..=1.0).contains(&v.score));
    }
}

/// On small mazes every move string of up to `optimal` moves is judged: exactly those of length
/// `optimal` that stay on the floor and end on G are accepted, and no shorter one reaches G.
#[test]
fn verifier_accepts_exactly_the_paths_of_optimal_length() {
    let mut checked = 0;
    for seed in 0..30 {
        let params = MazeParams {
            width: 2,
            height: 2,
            loop_percent: 50,
        };
        let (data, _) = problem(&params, seed, 0);
        if data.optimal > 6 {
            continue;
        }
        checked += 1;
        let mut accepted = 0;
        for len in 1..=data.optimal as usize {
            for code in 0..4usize.pow(len as u32) {
                let mut rest = code;
                let moves: String = (0..len)
                    .map(|_| {
                        let m = STEPS[rest % 4].2;
                        rest /= 4;
                        m
                    })
                    .collect();
                let (mut r, mut c) = (i64::from(data.start[0]), i64::from(data.start[1]));
                let mut legal = true;
                for m in moves.chars() {
                    let &(dr, dc, _) = STEPS.iter().find(|s| s.2 == m).unwrap();
                    legal &= open(&data, r + dr, c + dc);
                    (r, c) = (r + dr, c + dc);
                }
                let works = legal && [r, c] == [i64::from(data.goal[0]), i64::from(data.goal[1])];
                assert!(!works || len == data.optimal as usize, "{moves}");
                let v = judge(&data, &moves);
                assert_eq!(v.correct, works, "{moves}: {v:?}");
                accepted += u32::from(v.correct);
            }
        }
        assert!(accepted > 0);
    }
    assert!(checked >= 10, "{checked}");
}

#[test]
fn golden_maze_defaults_seed_42() {
    check_golden(
        "maze-default-s42.jsonl",
        &jsonl("maze", None, &[], 42, 0, 3),
    );
}

#[test]
fn golden_maze_levels_seed_1() {
    check_golden("maze-levels-s1.jsonl", &one_per_level("maze", 1));
}

/// SHA-256 of the first 200 problems. A change means generated bytes changed: bump the version.
#[test]
fn pinned_hashes_of_first_problems() {
    check_hashes(
        "maze",
        200,
        &[
            (
                None,
                0,
                "4e33a40c50dcb8972f6cc6969d0dc9cefe8c468493d18dcc2b7cad735af87345",
            ),
            (
                Some(0.0),
                7,
                "ffaa85eca804563325fbe5f680fa78374b108199e348b9ef2a67424c135096b2",
            ),
            (
                Some(10.0),
                7,
                "682402a5d495a7b06fce0615c8d405ce32987c141aa682eadd6140b1405d0f90",
            ),
        ],
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn every_probe_form_is_judged_as_labelled(params in params(), seed: u64, index in 0u64..1 << 20) {
        let p = Generator::new(&Maze, params, seed).unwrap().problem(index);
        crate::support::probe_forms_are_judged_as_labelled(&Maze, &p.data, &p.answer)?;
    }
}

#[test]
fn a_tampered_record_is_a_verifier_error() {
    let v = crate::support::verdict_on_tampered_record("maze", "/data/optimal");
    assert_eq!(v.reason, Reason::VerifierError, "{v:?}");
    assert!(v.message.contains("optimal is 99"), "{}", v.message);
}
