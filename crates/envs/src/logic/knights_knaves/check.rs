//! The invariants of a `knights_knaves` record, checked before any answer is judged: a record
//! that breaks one is a verifier error, never the model's fault.

use super::claim::{Claim, PEOPLE_MAX};
use super::params::{DEPTH_MAX, PEOPLE_MIN, WIDTH_MAX};
use super::{KnightsKnavesData, Role};

/// Words the answer grammar reads; a name equal to one would make answers ambiguous.
const RESERVED: [&str; 14] = [
    "and", "is", "are", "a", "an", "the", "both", "all", "none", "nobody", "knight", "knights",
    "knave", "knaves",
];

/// Checks sizes, names, claim indices and that the stored roles satisfy every statement.
/// Uniqueness is the generator's proof (re-proven in tests); re-proving it here would cost
/// 2^n evaluations per response.
pub fn check_data(data: &KnightsKnavesData) -> Result<(), String> {
    let n = data.names.len();
    if !(usize::from(PEOPLE_MIN)..=usize::from(PEOPLE_MAX)).contains(&n) {
        return Err(format!(
            "names has {n} entries; allowed {PEOPLE_MIN} to {PEOPLE_MAX}"
        ));
    }
    if data.statements.len() != n || data.roles.len() != n {
        return Err(format!(
            "names, statements and roles have {n}, {} and {} entries; they must be equal",
            data.statements.len(),
            data.roles.len()
        ));
    }
    for (i, name) in data.names.iter().enumerate() {
        if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphabetic()) {
            return Err(format!("names[{i}] is {name:?}; a name is one ASCII word"));
        }
        if RESERVED.iter().any(|w| w.eq_ignore_ascii_case(name)) {
            return Err(format!(
                "names[{i}] is {name:?}, a word of the answer grammar"
            ));
        }
        if data.names[..i].iter().any(|m| m.eq_ignore_ascii_case(name)) {
            return Err(format!(
                "names[{i}] is {name:?}, which is already a name (ignoring case)"
            ));
        }
    }
    for (i, claim) in data.statements.iter().enumerate() {
        well_formed(claim, n as u8, DEPTH_MAX + 1)
            .map_err(|why| format!("statements[{i}]: {why}"))?;
        let truth = holds(claim, &data.roles);
        if truth != (data.roles[i] == Role::Knight) {
            return Err(format!(
                "statements[{i}] is {truth} under the stored roles, but {} is a {}",
                data.names[i],
                data.roles[i].name()
            ));
        }
    }
    Ok(())
}

pub(super) fn well_formed(claim: &Claim, n: u8, depth: u8) -> Result<(), String> {
    if depth == 0 {
        return Err(format!("nested deeper than {DEPTH_MAX}"));
    }
    let person = |p: u8| {
        if p < n {
            Ok(())
        } else {
            Err(format!("person {p} is not one of the {n} inhabitants"))
        }
    };
    match claim {
        Claim::Knight { person: p } | Claim::Knave { person: p } => person(*p),
        Claim::Same { a, b } | Claim::Different { a, b } => {
            person(*a)?;
            person(*b)?;
            if a == b {
                return Err(format!("compares person {a} with themself"));
            }
            Ok(())
        }
        Claim::Exactly { knights } if *knights > n => {
            Err(format!("claims {knights} knights among {n} inhabitants"))
        }
        Claim::Exactly { .. } => Ok(()),
        Claim::Not { of } => well_formed(of, n, depth - 1),
        Claim::And { of } | Claim::Or { of } => {
            if !(2..=usize::from(WIDTH_MAX)).contains(&of.len()) {
                return Err(format!(
                    "joins {} parts; allowed 2 to {WIDTH_MAX}",
                    of.len()
                ));
            }
            of.iter().try_for_each(|c| well_formed(c, n, depth - 1))
        }
        Claim::Implies {
            premise,
            conclusion,
        } => {
            well_formed(premise, n, depth - 1)?;
            well_formed(conclusion, n, depth - 1)
        }
    }
}

/// The claim's truth under `roles`, read straight from the grammar (indices already checked).
pub(super) fn holds(claim: &Claim, roles: &[Role]) -> bool {
    let knight = |p: &u8| roles[usize::from(*p)] == Role::Knight;
    match claim {
        Claim::Knight { person } => knight(person),
        Claim::Knave { person } => !knight(person),
        Claim::Same { a, b } => knight(a) == knight(b),
        Claim::Different { a, b } => knight(a) != knight(b),
        Claim::Exactly { knights } => {
            roles.iter().filter(|&&r| r == Role::Knight).count() == usize::from(*knights)
        }
        Claim::Not { of } => !holds(of, roles),
        Claim::And { of } => of.iter().all(|c| holds(c, roles)),
        Claim::Or { of } => of.iter().any(|c| holds(c, roles)),
        Claim::Implies {
            premise,
            conclusion,
        } => !holds(premise, roles) || holds(conclusion, roles),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data() -> KnightsKnavesData {
        KnightsKnavesData {
            names: vec!["Alice".into(), "Bob".into(), "Carol".into()],
            statements: vec![
                Claim::Knave { person: 1 },
                Claim::Knave { person: 2 },
                Claim::Same { a: 0, b: 2 },
            ],
            roles: vec![Role::Knight, Role::Knave, Role::Knight],
        }
    }

    #[test]
    fn a_consistent_record_passes() {
        assert_eq!(check_data(&data()), Ok(()));
    }

    /// Breaks one invariant of a valid record.
    type Break = fn(&mut KnightsKnavesData);

    #[test]
    fn each_broken_invariant_is_named() {
        let cases: [(Break, &str); 9] = [
            (|d| d.roles.pop().map(drop).unwrap_or(()), "must be equal"),
            (|d| d.names[1] = "alice".into(), "already a name"),
            (|d| d.names[1] = "Bo b".into(), "one ASCII word"),
            (
                |d| d.names[1] = "Knave".into(),
                "a word of the answer grammar",
            ),
            (
                |d| d.statements[0] = Claim::Knight { person: 3 },
                "person 3",
            ),
            (|d| d.statements[2] = Claim::Same { a: 1, b: 1 }, "themself"),
            (
                |d| d.statements[0] = Claim::Exactly { knights: 4 },
                "4 knights",
            ),
            (|d| d.roles[1] = Role::Knight, "under the stored roles"),
            (
                |d| {
                    d.names.truncate(1);
                    d.statements.truncate(1);
                    d.roles.truncate(1);
                },
                "names has 1 entries",
            ),
        ];
        for (break_it, why) in cases {
            let mut d = data();
            break_it(&mut d);
            let err = check_data(&d).unwrap_err();
            assert!(err.contains(why), "{why}: {err}");
        }
    }
}
