//! What a careful grader says about a wrong `maze` answer, from the puzzle and the response only
//! (never the recorded optimum): the verifier's own reason for the first move that breaks a rule,
//! or that the plan does not reach G, judged against a copy of the record whose optimum is
//! replaced by one no plan reaches. A plan that keeps every rule and reaches G, yet is
//! wrong, is longer than needed, and hears only that, never by how much.

use super::MazeData;
use crate::sentence::from_blinded;

/// The sentence naming the first rule `response` breaks, or that it is legal but not shortest.
pub fn feedback(data: &MazeData, response: &str) -> Option<String> {
    super::check::check_data(data).ok()?;
    let blinded = MazeData {
        optimal: u32::MAX,
        ..data.clone()
    };
    let verdict = super::verify::verify(&blinded, response);
    from_blinded(
        &verdict,
        "The path reaches G without crossing a wall, but it is not the shortest.",
    )
}

#[cfg(test)]
mod tests {
    use super::super::Maze;
    use crate::feedback_tests::{assert_public_only, problems, tagged};
    use verigym_core::env::Env;

    #[test]
    fn feedback_reads_only_the_grid_and_the_response() {
        assert_public_only(&Maze, |d| d.optimal += 1);
    }

    #[test]
    fn a_wall_is_named_and_a_long_path_hears_only_not_shortest() {
        for (data, answer) in problems(&Maze) {
            let back = |m: char| match m {
                'U' => 'D',
                'D' => 'U',
                'L' => 'R',
                _ => 'L',
            };
            let first = answer.chars().next().unwrap();
            let longer = format!("{first}{}{answer}", back(first));
            let said = Maze.feedback(&data, &tagged(&longer));
            assert_eq!(
                said.as_deref(),
                Some("The path reaches G without crossing a wall, but it is not the shortest."),
                "{longer}"
            );
            let said = Maze.feedback(&data, &tagged(&format!("{}{answer}", back(first))));
            let said = said.unwrap();
            assert!(
                said.starts_with("Move ") || said.starts_with("The path ends at ("),
                "{said}"
            );
        }
    }
}
