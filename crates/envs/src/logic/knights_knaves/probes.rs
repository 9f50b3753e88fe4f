//! Probe answers for `knights_knaves`: other phrasings of the roles, and near misses.

use super::verify::parse_roles;
use super::{KnightsKnavesData, Role};
use crate::forms::Forms;
use verigym_core::env::ProbeAnswers;

fn flip(role: Role) -> Role {
    match role {
        Role::Knight => Role::Knave,
        Role::Knave => Role::Knight,
    }
}

fn listing(entries: impl Iterator<Item = String>, separator: &str) -> String {
    entries.collect::<Vec<_>>().join(separator)
}

/// See [`verigym_core::Env::probe_answers`].
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
    let (realistic, realistic_misses) = realistic(&people);
    near_miss.extend(realistic_misses);
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
        realistic,
    }
}

/// `Alice, Bob and Carol`.
fn and_list(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

fn or_none(names: &[&str]) -> String {
    if names.is_empty() {
        "none".to_owned()
    } else {
        and_list(names)
    }
}

/// The grouped form `Knights: A, B; Knaves: C`, with `none` for an empty group.
fn grouped(knights: &[&str], knaves: &[&str], join: &str) -> String {
    let group = |names: &[&str]| {
        if names.is_empty() {
            "none".to_owned()
        } else {
            names.join(", ")
        }
    };
    format!("Knights: {}{join}Knaves: {}", group(knights), group(knaves))
}

/// The forms people write the roles in, each with the near misses that guard it: see the
/// grammar in `verify.rs`.
pub fn realistic(people: &[(&str, Role)]) -> (Forms, Forms) {
    let lines = |f: &dyn Fn(usize, &str, Role) -> String| {
        people
            .iter()
            .enumerate()
            .map(|(i, &(w, r))| f(i, w, r))
            .collect::<Vec<_>>()
    };
    let of = |role: Role| {
        people
            .iter()
            .filter(|p| p.1 == role)
            .map(|p| p.0)
            .collect::<Vec<_>>()
    };
    let (knights, knaves) = (of(Role::Knight), of(Role::Knave));
    let sentence = |names: &[&str], role: Role| match names {
        [] => None,
        [one] => Some(format!("{one} is a {}", role.name())),
        _ => Some(format!("{} are {}s", and_list(names), role.name())),
    };
    let plural: Vec<String> = [
        sentence(&knights, Role::Knight),
        sentence(&knaves, Role::Knave),
    ]
    .into_iter()
    .flatten()
    .collect();
    let table = {
        let mut t = String::from("| Name | Role |\n|---|---|");
        for (w, r) in people {
            t.push_str(&format!("\n| {w} | {} |", r.name()));
        }
        t
    };
    let and_joined = {
        let parts = lines(&|_, w, r| format!("{w} is a {}", r.name()));
        match parts.split_last() {
            Some((last, [])) => format!("{last}."),
            Some((last, init)) => format!("{} and {last}.", init.join(", ")),
            None => String::new(),
        }
    };
    let realistic = vec![
        (
            "bullets",
            lines(&|_, w, r| format!("- {w}: {}", r.name())).join("\n"),
        ),
        (
            "bold_names",
            lines(&|_, w, r| format!("* **{w}**: {}", r.name())).join("\n"),
        ),
        (
            "numbered_sentences",
            lines(&|i, w, r| format!("{}. {w} is a {}.", i + 1, r.name())).join("\n"),
        ),
        (
            "colon_article",
            lines(&|_, w, r| format!("{w}: a {}", r.name())).join("; "),
        ),
        ("and_joined", and_joined),
        ("grouped", grouped(&knights, &knaves, "; ")),
        (
            "grouped_lines_and",
            format!(
                "The knights are {}.\nThe knaves are {}.",
                or_none(&knights),
                or_none(&knaves)
            ),
        ),
        ("plural_sentences", plural.join(". ") + "."),
        ("table", table.clone()),
        (
            "parenthesised",
            lines(&|_, w, r| format!("{w} ({})", r.name())).join(", "),
        ),
        (
            "lower_case_arrows",
            lines(&|_, w, r| format!("{} -> {}", w.to_lowercase(), r.name())).join(", "),
        ),
    ];
    let flip_first = |f: &dyn Fn(usize, &str, Role) -> String| {
        people
            .iter()
            .enumerate()
            .map(|(i, &(w, r))| f(i, w, if i == 0 { flip(r) } else { r }))
            .collect::<Vec<_>>()
    };
    let last = people.len().saturating_sub(1);
    let last_name = people.get(last).map_or("", |p| p.0);
    let knights_but_last: Vec<&str> = knights
        .iter()
        .copied()
        .filter(|&n| n != last_name)
        .collect();
    let knaves_but_last: Vec<&str> = knaves.iter().copied().filter(|&n| n != last_name).collect();
    let first = people.first().map_or("", |p| p.0);
    let mut misses = vec![
        (
            "grouped_one_left_out",
            grouped(&knights_but_last, &knaves_but_last, "; "),
        ),
        (
            "grouped_someone_in_both",
            format!("{}, {first}", grouped(&knights, &knaves, "; ")),
        ),
        ("grouped_swapped", grouped(&knaves, &knights, "; ")),
        (
            "bullets_first_flipped",
            flip_first(&|_, w, r| format!("- {w}: {}", r.name())).join("\n"),
        ),
        (
            "bold_hedged",
            lines(&|i, w, r| {
                let role = if i == 0 { "knight or knave" } else { r.name() };
                format!("* **{w}**: {role}")
            })
            .join("\n"),
        ),
        (
            "plural_on_one_name",
            lines(&|_, w, r| format!("{w}: {}s", r.name())).join(", "),
        ),
        ("table_unknown_row", format!("{table}\n| Nobody | knight |")),
        (
            "and_joined_first_flipped",
            flip_first(&|_, w, r| format!("{w} is a {}", r.name())).join(" and "),
        ),
    ];
    misses.retain(|(_, t)| !t.is_empty());
    (realistic, misses)
}
