//! What a careful grader says about a wrong `water_jugs` answer, from the puzzle and the response only
//! (never the recorded optimum): the verifier's own reason for the first move that breaks a rule,
//! or that the plan does not reach the target, judged against a copy of the record whose optimum is
//! replaced by one no plan reaches. A plan that keeps every rule and reaches the target, yet is
//! wrong, is longer than needed, and hears only that, never by how much.

use super::WaterJugsData;
use crate::sentence::from_blinded;

/// The sentence naming the first rule `response` breaks, or that it is legal but not shortest.
pub fn feedback(data: &WaterJugsData, response: &str) -> Option<String> {
    super::check::check_data(data).ok()?;
    let blinded = WaterJugsData {
        optimal: u32::MAX,
        ..data.clone()
    };
    let verdict = super::verify::verify(&blinded, response);
    from_blinded(
        &verdict,
        "The plan is legal and reaches the target, but it is not the shortest.",
    )
}

#[cfg(test)]
mod tests {
    use super::super::WaterJugs;
    use crate::feedback_tests::{assert_public_only, problems, tagged};
    use verigym_core::env::Env;

    #[test]
    fn feedback_reads_only_the_jugs_and_the_response() {
        assert_public_only(&WaterJugs, |d| d.optimal += 1);
    }

    #[test]
    fn an_illegal_move_is_named_and_a_long_plan_hears_only_not_shortest() {
        for (data, answer) in problems(&WaterJugs) {
            let said = WaterJugs.feedback(&data, &tagged("pour A A"));
            assert_eq!(said.as_deref(), Some("Move 1 pours jug A into itself."));
            let longer = format!("fill A, empty A, {answer}");
            let said = WaterJugs.feedback(&data, &tagged(&longer));
            assert_eq!(
                said.as_deref(),
                Some("The plan is legal and reaches the target, but it is not the shortest."),
                "{longer}"
            );
        }
    }
}
