//! What a careful grader says about a wrong `sat` answer, from the clauses and the response only
//! (never the planted assignment): the first clause, in the prompt's numbering, that the
//! assignment leaves false. Any satisfying assignment is right, so nothing else is ever said.

use super::SatData;
use super::verify::{literal_holds, parse_assignment};
use verigym_core::extract::extract_agreed_answer;

/// The sentence naming the first clause `response` leaves false, if it is an assignment at all.
pub fn feedback(data: &SatData, response: &str) -> Option<String> {
    let answer = extract_agreed_answer(response, |r| super::verify::verify(data, r)).ok()?;
    let truth = parse_assignment(&answer, data.variables).ok()?;
    let i = data
        .clauses
        .iter()
        .position(|clause| !clause.iter().any(|&lit| literal_holds(lit, truth)))?;
    Some(format!("Clause {} is not satisfied.", i + 1))
}

#[cfg(test)]
mod tests {
    use super::super::Sat;
    use crate::feedback_tests::{assert_public_only, problems, tagged};
    use verigym_core::env::Env;

    fn text(values: &[bool]) -> String {
        let pairs: Vec<String> = values
            .iter()
            .enumerate()
            .map(|(i, &v)| format!("x{}={}", i + 1, u8::from(v)))
            .collect();
        tagged(&pairs.join(", "))
    }

    #[test]
    fn feedback_reads_only_the_clauses_and_the_response() {
        assert_public_only(&Sat, |d| d.planted.iter_mut().for_each(|v| *v = !*v));
    }

    #[test]
    fn the_first_false_clause_is_named() {
        for (data, _) in problems(&Sat) {
            let mut values = data.planted.clone();
            for &lit in &data.clauses[0] {
                values[lit.unsigned_abs() as usize - 1] = lit < 0;
            }
            let said = Sat.feedback(&data, &text(&values));
            assert_eq!(said.as_deref(), Some("Clause 1 is not satisfied."));
        }
    }

    #[test]
    fn a_satisfying_or_unreadable_assignment_hears_nothing_more() {
        for (data, answer) in problems(&Sat) {
            assert_eq!(Sat.feedback(&data, &tagged(&answer)), None);
            assert_eq!(Sat.feedback(&data, &tagged("x1 = maybe")), None);
        }
    }
}
