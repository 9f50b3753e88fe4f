//! Probe answers for `knights_knaves`: other phrasings of the roles, and near misses.

use super::verify::parse_roles;
use super::{KnightsKnavesData, Role};
use crate::core::env::ProbeAnswers;

fn flip(role: Role) -> Role {
    match role {
        Role::Knight => Role::Knave,
        Role::Knave => Role::Knight,
    }
}

fn listing(entries: impl Iterator<Item = String>, separator: &str) -> String {
    entries.collect::<Vec<_>>().join(separator)
}

/// See [`crate::Env::probe_answers`].
pub fn probe_answers(data: &KnightsKnavesData, answer: &str, foreign: &str) -> ProbeAnswers {
    let people: Vec<(&str, Role)> = data
        .names
        .iter()
        .map(String::as_str)
        .zip(data.roles.iter().copied())
        .collect();
    let Some(&(first, first_role)) = people.first() else {
        return ProbeAnswers::default();
    };
    let colon = |(who, role): &(&str, Role)| format!("{who}: {}", role.name());
    let equivalent = vec![
        (
            "reversed_order",
            listing(people.iter().rev().map(colon), ", "),
        ),
        (
            "is_a_sentence",
            listing(
                people.iter().map(|(w, r)| format!("{w} is a {}", r.name())),
                ", ",
            ) + ".",
        ),
        ("upper_case", answer.to_uppercase()),
        ("semicolons", listing(people.iter().map(colon), "; ")),
        ("one_per_line", listing(people.iter().map(colon), "\n")),
        (
            "equals_sign",
            listing(
                people.iter().map(|(w, r)| format!("{w} = {}", r.name())),
                ", ",
            ),
        ),
    ];
    let with_roles = |roles: &dyn Fn(usize, Role) -> Role| {
        listing(
            people
                .iter()
                .enumerate()
                .map(|(i, (w, r))| format!("{w}: {}", roles(i, *r).name())),
            ", ",
        )
    };
    let last = people.len() - 1;
    let mut near_miss = vec![
        (
            "first_role_flipped",
            with_roles(&|i, r| if i == 0 { flip(r) } else { r }),
        ),
        (
            "last_role_flipped",
            with_roles(&|i, r| if i == last { flip(r) } else { r }),
        ),
        ("all_roles_flipped", with_roles(&|_, r| flip(r))),
        ("everyone_a_knight", with_roles(&|_, _| Role::Knight)),
        (
            "one_person_missing",
            listing(people[..last].iter().map(colon), ", "),
        ),
        (
            "contradictory_duplicate",
            format!("{answer}, {first}: {}", flip(first_role).name()),
        ),
        ("unknown_person", format!("{answer}, Nobody: knight")),
    ];
    near_miss
        .retain(|(_, text)| parse_roles(text, &data.names).ok().as_deref() != Some(&data.roles));
    // Another puzzle's answer is wrong here unless it names these people with these roles.
    if parse_roles(foreign, &data.names).ok().as_deref() != Some(&data.roles) && !foreign.is_empty()
    {
        near_miss.push(("other_problem", foreign.to_owned()));
    }
    ProbeAnswers {
        equivalent,
        near_miss,
        realistic: Vec::new(),
    }
}
