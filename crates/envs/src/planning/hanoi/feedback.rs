//! What a careful grader says about a wrong `hanoi` answer, from the puzzle and the response only
//! (never the recorded optimum): the verifier's own reason for the first move that breaks a rule,
//! or that the plan does not reach the goal, judged against a copy of the record whose optimum is
//! replaced by one no plan reaches. A plan that keeps every rule and reaches the goal, yet is
//! wrong, is longer than needed, and hears only that, never by how much.

use super::HanoiData;
use crate::sentence::from_blinded;

/// The sentence naming the first rule `response` breaks, or that it is legal but not shortest.
pub fn feedback(data: &HanoiData, response: &str) -> Option<String> {
    super::check::check_data(data).ok()?;
    let blinded = HanoiData {
        optimal: u32::MAX,
        ..data.clone()
    };
    let verdict = super::verify::verify(&blinded, response);
    from_blinded(
        &verdict,
        "The moves are legal and reach the goal, but they are not the fewest.",
    )
}

#[cfg(test)]
mod tests {
    use super::super::Hanoi;
    use crate::feedback_tests::{assert_public_only, problems, tagged};
    use verigym_core::env::Env;

    #[test]
    fn feedback_reads_only_the_pegs_and_the_response() {
        assert_public_only(&Hanoi, |d| d.optimal += 1);
    }

    #[test]
    fn an_illegal_move_is_named_and_a_long_plan_hears_only_not_fewest() {
        for (data, answer) in problems(&Hanoi) {
            let said = Hanoi.feedback(&data, &tagged("1 -> 1"));
            assert_eq!(said.as_deref(), Some("Move 1 moves from peg 1 to itself."));
            let first = answer.split(", ").next().unwrap();
            let (a, b) = first.split_once(" -> ").unwrap();
            let longer = format!("{first}, {b} -> {a}, {answer}");
            let said = Hanoi.feedback(&data, &tagged(&longer));
            assert_eq!(
                said.as_deref(),
                Some("The moves are legal and reach the goal, but they are not the fewest."),
                "{longer}"
            );
        }
    }
}
