//! The invariants of a `maze` record, checked before any answer is judged: a record that breaks
//! one is a verifier error, never the model's fault.

use super::MazeData;
use super::params::MAX_CELLS;

/// Checks that the grid is a rectangle of `#`, `.`, `S` and `G` within the size limit, with one
/// `S` at `start` and one `G` at `goal`, and that the optimum is at least one move. The optimum
/// itself is proven by BFS at generation and re-proven by an independent search in the tests.
pub fn check_data(data: &MazeData) -> Result<(), String> {
    let most = 2 * MAX_CELLS as usize + 1;
    let rows = data.grid.len();
    if !(3..=most).contains(&rows) {
        return Err(format!("grid has {rows} rows; allowed 3 to {most}"));
    }
    let cols = data.grid[0].len();
    if !(3..=most).contains(&cols) {
        return Err(format!(
            "grid row 1 has {cols} squares; allowed 3 to {most}"
        ));
    }
    let (mut starts, mut goals) = (0, 0);
    for (r, row) in data.grid.iter().enumerate() {
        if row.len() != cols {
            return Err(format!(
                "grid row {} has {} squares and row 1 has {cols}; rows are equal",
                r + 1,
                row.len()
            ));
        }
        for b in row.bytes() {
            match b {
                b'#' | b'.' => {}
                b'S' => starts += 1,
                b'G' => goals += 1,
                _ => {
                    return Err(format!(
                        "grid row {} holds {:?}; squares are #, ., S or G",
                        r + 1,
                        char::from(b)
                    ));
                }
            }
        }
    }
    if starts != 1 || goals != 1 {
        return Err(format!(
            "the grid has {starts} S and {goals} G squares; it needs one of each"
        ));
    }
    for (name, [r, c], want) in [("start", data.start, b'S'), ("goal", data.goal, b'G')] {
        let at = (r as usize)
            .checked_sub(1)
            .and_then(|r| data.grid.get(r))
            .and_then(|row| {
                (c as usize)
                    .checked_sub(1)
                    .and_then(|c| row.as_bytes().get(c))
            });
        if at != Some(&want) {
            return Err(format!(
                "{name} is ({r}, {c}), which is not the {} square",
                char::from(want)
            ));
        }
    }
    if data.optimal == 0 {
        return Err("optimal is 0; S and G differ, so a path needs a move".to_owned());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn maze() -> MazeData {
        MazeData {
            grid: vec!["#####".into(), "#S.G#".into(), "#####".into()],
            start: [2, 2],
            goal: [2, 4],
            optimal: 2,
        }
    }

    type Break = fn(&mut MazeData);

    #[test]
    fn each_broken_invariant_is_named() {
        assert_eq!(check_data(&maze()), Ok(()));
        let cases: [(Break, &str); 7] = [
            (|d| d.grid.truncate(2), "grid has 2 rows"),
            (|d| d.grid[2].push('#'), "grid row 3 has 6 squares"),
            (|d| d.grid[1] = "#S?G#".into(), "holds '?'"),
            (|d| d.grid[1] = "#SGG#".into(), "1 S and 2 G"),
            (|d| d.start = [2, 3], "start is (2, 3)"),
            (|d| d.goal = [9, 9], "goal is (9, 9)"),
            (|d| d.optimal = 0, "optimal is 0"),
        ];
        for (break_it, why) in cases {
            let mut d = maze();
            break_it(&mut d);
            let err = check_data(&d).unwrap_err();
            assert!(err.contains(why), "{why}: {err}");
        }
    }
}
