//! What a careful grader says about a wrong `knights_knaves` answer, from the statements and the
//! response only (never the recorded roles): the first inhabitant, in the prompt's order, whose
//! role in the answer contradicts the truth of their own statement under that answer. The
//! puzzle has one consistent assignment, so an answer without a contradiction is right.

use super::check::{holds, well_formed};
use super::params::DEPTH_MAX;
use super::verify::parse_roles;
use super::{KnightsKnavesData, Role};
use verigym_core::extract::extract_agreed_answer;

/// The sentence naming the first contradicted statement, if the answer reads as roles at all.
pub fn feedback(data: &KnightsKnavesData, response: &str) -> Option<String> {
    let answer = extract_agreed_answer(response, |r| super::verify::verify(data, r)).ok()?;
    let roles = parse_roles(&answer, &data.names).ok()?;
    let n = u8::try_from(roles.len()).ok()?;
    for claim in &data.statements {
        well_formed(claim, n, DEPTH_MAX + 1).ok()?;
    }
    data.names.iter().zip(&data.statements).zip(&roles).find_map(|((name, claim), &role)| {
        let true_said = holds(claim, &roles);
        (true_said != (role == Role::Knight)).then(|| {
            let (kind, truth) = match role {
                Role::Knight => ("knight", "false"),
                Role::Knave => ("knave", "true"),
            };
            format!("{name} is said to be a {kind}, but {name}'s statement is {truth} under this answer.")
        })
    })
}

#[cfg(test)]
mod tests {
    use super::super::{KnightsKnaves, Role};
    use crate::feedback_tests::{assert_public_only, problems, tagged};
    use verigym_core::env::Env;

    #[test]
    fn feedback_reads_only_the_statements_and_the_response() {
        assert_public_only(&KnightsKnaves, |d| {
            d.roles.iter_mut().for_each(|r| {
                *r = match r {
                    Role::Knight => Role::Knave,
                    Role::Knave => Role::Knight,
                }
            })
        });
    }

    #[test]
    fn every_wrong_assignment_names_a_contradicted_statement() {
        for (data, _) in problems(&KnightsKnaves) {
            for flip in 0..data.names.len() {
                let text: Vec<String> = data
                    .names
                    .iter()
                    .zip(&data.roles)
                    .enumerate()
                    .map(|(i, (name, &role))| {
                        let knight = (role == Role::Knight) != (i == flip);
                        format!("{name}: {}", if knight { "knight" } else { "knave" })
                    })
                    .collect();
                let said = KnightsKnaves.feedback(&data, &tagged(&text.join(", ")));
                let said = said.expect("a wrong assignment contradicts some statement");
                assert!(said.contains(" is said to be a "), "{said}");
            }
        }
    }
}
