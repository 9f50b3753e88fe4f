//! The prompt text of a `knights_knaves` puzzle and the names its inhabitants are drawn from.

use std::fmt::Write;

use super::claim::Claim;
use super::{KnightsKnavesData, Role};

/// The names inhabitants are drawn from: distinct, single ASCII words, none of them a word the
/// answer grammar uses ("is", "a", "and", "knight", "knave").
pub const NAMES: [&str; 24] = [
    "Alice", "Bob", "Carol", "Dave", "Eve", "Frank", "Grace", "Heidi", "Ivan", "Judy", "Kevin",
    "Laura", "Mallory", "Nora", "Oscar", "Peggy", "Quinn", "Rupert", "Sybil", "Trent", "Uma",
    "Victor", "Wendy", "Zoe",
];

/// Renders the full prompt, including the answer-format instructions.
pub fn render(data: &KnightsKnavesData) -> String {
    let names = &data.names;
    let n = names.len();
    let mut s = String::with_capacity(600 + 120 * n);
    // `write!` to a String cannot fail.
    let _ = write!(
        s,
        "On an island every inhabitant is either a knight, who always tells the truth, or a \
         knave, who always lies. You meet {n} inhabitants: {}. Each makes one statement. In the \
         statements, \"I\" and \"me\" mean the speaker, \"us\" means all {n} inhabitants, the \
         speaker included, \"of the same kind\" means both knights or both knaves, \"or\" is \
         inclusive (at least one part is true), \"if A then B\" is false only when A is true and \
         B is false (so it is true whenever A is false), and parentheses group the parts of a \
         statement.\n\n",
        list(names)
    );
    for (speaker, claim) in data.statements.iter().enumerate() {
        let _ = write!(s, "{} says: \"", name(names, speaker as u8));
        let start = s.len();
        write_claim(&mut s, claim, names, speaker as u8);
        // Capitalize the sentence: every claim starts with an ASCII letter or digit.
        s[start..start + 1].make_ascii_uppercase();
        s.push_str(".\"\n");
    }
    s.push_str(
        "\nExactly one assignment of roles is consistent with all the statements. Who is a \
         knight and who is a knave? Give every inhabitant's role, separated by commas, as \
         <answer>",
    );
    for (i, who) in names.iter().enumerate() {
        if i > 0 {
            s.push_str(", ");
        }
        let _ = write!(s, "{who}: ROLE");
    }
    s.push_str("</answer>, with each ROLE replaced by knight or knave.");
    s
}

/// The reference answer: `Alice: knight, Bob: knave, …` in the order of `names`.
pub fn answer(names: &[String], roles: &[Role]) -> String {
    let mut s = String::with_capacity(16 * names.len());
    for (i, (who, role)) in names.iter().zip(roles).enumerate() {
        if i > 0 {
            s.push_str(", ");
        }
        s.push_str(who);
        s.push_str(": ");
        s.push_str(role.name());
    }
    s
}

fn list(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

fn name(names: &[String], p: u8) -> &str {
    names.get(usize::from(p)).map_or("someone", String::as_str)
}

fn write_claim(s: &mut String, claim: &Claim, names: &[String], speaker: u8) {
    let who = |p: u8| if p == speaker { "I" } else { name(names, p) };
    let be = |p: u8| if p == speaker { "am" } else { "is" };
    // Put the speaker first so the sentence reads "I am of the same kind as Bob".
    let pair = |a: u8, b: u8| if b == speaker { (b, a) } else { (a, b) };
    let _ = match claim {
        Claim::Knight { person } => write!(s, "{} {} a knight", who(*person), be(*person)),
        Claim::Knave { person } => write!(s, "{} {} a knave", who(*person), be(*person)),
        Claim::Same { a, b } | Claim::Different { a, b } => {
            let (a, b) = pair(*a, *b);
            let relation = if matches!(claim, Claim::Same { .. }) {
                "of the same kind as"
            } else {
                "of a different kind from"
            };
            let other = object(names, b, speaker);
            write!(s, "{} {} {relation} {other}", who(a), be(a))
        }
        Claim::Exactly { knights: 1 } => write!(s, "exactly 1 of us is a knight"),
        Claim::Exactly { knights } => write!(s, "exactly {knights} of us are knights"),
        Claim::Not { of } => {
            s.push_str("it is not the case that ");
            operand(s, of, names, speaker);
            Ok(())
        }
        Claim::And { of } | Claim::Or { of } => {
            let join = if matches!(claim, Claim::And { .. }) {
                " and "
            } else {
                " or "
            };
            for (i, c) in of.iter().enumerate() {
                if i > 0 {
                    s.push_str(join);
                }
                operand(s, c, names, speaker);
            }
            Ok(())
        }
        Claim::Implies {
            premise,
            conclusion,
        } => {
            s.push_str("if ");
            operand(s, premise, names, speaker);
            s.push_str(" then ");
            operand(s, conclusion, names, speaker);
            Ok(())
        }
    };
}

fn object(names: &[String], p: u8, speaker: u8) -> &str {
    if p == speaker { "me" } else { name(names, p) }
}

fn operand(s: &mut String, claim: &Claim, names: &[String], speaker: u8) {
    if claim.is_compound() {
        s.push('(');
        write_claim(s, claim, names, speaker);
        s.push(')');
    } else {
        write_claim(s, claim, names, speaker);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data(statements: Vec<Claim>) -> KnightsKnavesData {
        KnightsKnavesData {
            names: vec!["Alice".into(), "Bob".into(), "Carol".into()],
            statements,
            roles: vec![Role::Knight, Role::Knave, Role::Knight],
        }
    }

    #[test]
    fn statements_read_naturally_and_group_with_parentheses() {
        let k = |p| Claim::Knight { person: p };
        let text = render(&data(vec![
            Claim::Same { a: 0, b: 2 },
            Claim::Implies {
                premise: Box::new(Claim::Knave { person: 1 }),
                conclusion: Box::new(Claim::Or {
                    of: vec![k(0), Claim::Exactly { knights: 1 }],
                }),
            },
            Claim::Not {
                of: Box::new(Claim::And {
                    of: vec![Claim::Different { a: 1, b: 2 }, k(0)],
                }),
            },
        ]));
        assert!(text.contains("Alice says: \"I am of the same kind as Carol.\""));
        assert!(text.contains(
            "Bob says: \"If I am a knave then (Alice is a knight or exactly 1 of us is a knight).\""
        ));
        assert!(text.contains(
            "Carol says: \"It is not the case that (I am of a different kind from Bob and Alice is a knight).\""
        ));
        assert!(text.contains("3 inhabitants: Alice, Bob and Carol."));
        assert!(text.ends_with(
            "<answer>Alice: ROLE, Bob: ROLE, Carol: ROLE</answer>, with each ROLE replaced by knight or knave."
        ));
    }

    #[test]
    fn names_are_distinct_single_words() {
        for (i, n) in NAMES.iter().enumerate() {
            assert!(n.bytes().all(|b| b.is_ascii_alphabetic()));
            assert!(NAMES[..i].iter().all(|m| !m.eq_ignore_ascii_case(n)));
        }
    }
}
