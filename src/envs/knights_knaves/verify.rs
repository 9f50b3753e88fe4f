//! The `knights_knaves` verifier: every inhabitant's role, exactly.
//!
//! **Answer form.** After extraction, the answer is a list of entries separated by commas,
//! semicolons or line breaks, in any order. Each entry is `NAME: ROLE`, `NAME = ROLE`,
//! `NAME - ROLE`, `NAME is ROLE` or `NAME is a ROLE`, where NAME is an inhabitant's name and ROLE
//! is `knight` or `knave`, both in any case, with any whitespace around the parts. An entry may
//! start with `and` and end with `.`, so `Alice is a knight, Bob is a knave, and Carol is a
//! knight.` reads. Empty entries (a trailing comma) are skipped.
//!
//! **Rejected as unparsable**, with the reason in the message: an entry in no such form, a name
//! that is not an inhabitant, an inhabitant named twice (with the same role or with both) or not
//! at all.
//! A response that names everyone once is judged: score 1 only when every role is right.
//!
//! **Detail.** `{"correct_roles": k, "people": n}` for a judged answer. It is not a reward: a
//! uniformly random guess gets n/2 right on average.

use serde_json::json;

use super::{KnightsKnavesData, Role};
use crate::core::extract::extract_answer;
use crate::core::verdict::{Reason, Verdict};

/// Reads an answer into one role per inhabitant, in the order of `names`, or says why it cannot.
pub fn parse_roles(answer: &str, names: &[String]) -> Result<Vec<Role>, String> {
    let mut roles: Vec<Option<Role>> = vec![None; names.len()];
    for entry in answer.split([',', ';', '\n']) {
        let entry = entry.trim();
        let entry = entry.strip_suffix('.').unwrap_or(entry).trim_end();
        let entry = strip_word(entry, "and").unwrap_or(entry);
        if entry.is_empty() {
            continue;
        }
        let (who, role) = parse_entry(entry).ok_or_else(|| {
            format!(
                "cannot read `{}` as NAME: knight or NAME: knave",
                clip(entry)
            )
        })?;
        let p = names
            .iter()
            .position(|n| n.eq_ignore_ascii_case(who))
            .ok_or_else(|| format!("`{}` is not one of the inhabitants", clip(who)))?;
        if let Some(before) = roles[p].replace(role) {
            return Err(if before == role {
                format!("{} is named more than once", names[p])
            } else {
                format!("{} is given both roles", names[p])
            });
        }
    }
    roles
        .iter()
        .zip(names)
        .map(|(r, n)| r.ok_or_else(|| format!("{n} is not given a role")))
        .collect()
}

/// `NAME <sep> ROLE` → (NAME, ROLE).
fn parse_entry(entry: &str) -> Option<(&str, Role)> {
    let name_end = entry
        .bytes()
        .position(|b| !b.is_ascii_alphabetic())
        .unwrap_or(entry.len());
    if name_end == 0 {
        return None;
    }
    let (who, rest) = entry.split_at(name_end);
    let rest = rest.trim_start();
    let rest = match rest.as_bytes().first()? {
        b':' | b'=' | b'-' => rest[1..].trim_start(),
        _ => {
            let after_is = strip_word(rest, "is")?;
            strip_word(after_is, "a").unwrap_or(after_is)
        }
    };
    let role = if rest.eq_ignore_ascii_case("knight") {
        Role::Knight
    } else if rest.eq_ignore_ascii_case("knave") {
        Role::Knave
    } else {
        return None;
    };
    Some((who, role))
}

/// `text` without a leading whole word `word` (any case) and the whitespace after it.
fn strip_word<'a>(text: &'a str, word: &str) -> Option<&'a str> {
    let head = text.get(..word.len())?;
    let rest = &text[word.len()..];
    (head.eq_ignore_ascii_case(word) && rest.starts_with(|c: char| c.is_whitespace()))
        .then(|| rest.trim_start())
}

/// At most 40 bytes of model text in a message, cut at a character boundary.
fn clip(text: &str) -> &str {
    let mut end = text.len().min(40);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// Judges a response: every role must be right.
pub fn verify(data: &KnightsKnavesData, response: &str) -> Verdict {
    let answer = match extract_answer(response) {
        Ok(answer) => answer,
        Err(rejection) => return rejection.into(),
    };
    if data.names.len() != data.roles.len() {
        return Verdict::rejected(
            Reason::UnparsableAnswer,
            "the record has a different number of names and roles",
        );
    }
    let given = match parse_roles(&answer, &data.names) {
        Ok(given) => given,
        Err(why) => return Verdict::rejected(Reason::UnparsableAnswer, why),
    };
    let right = given
        .iter()
        .zip(&data.roles)
        .filter(|(g, r)| g == r)
        .count();
    let n = data.roles.len();
    let verdict = if right == n {
        Verdict::correct()
    } else {
        Verdict::wrong(format!("{} of {n} roles are wrong", n - right))
    };
    verdict.with_detail(json!({ "correct_roles": right, "people": n }))
}

#[cfg(test)]
mod tests {
    use super::super::claim::Claim;
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

    fn judge(answer: &str) -> Verdict {
        verify(&data(), &format!("<answer>{answer}</answer>"))
    }

    #[test]
    fn equivalent_forms_are_judged_alike() {
        for form in [
            "Alice: knight, Bob: knave, Carol: knight",
            "carol: KNIGHT; alice: Knight; bob: knave",
            "Alice is a knight, Bob is a knave, and Carol is a knight.",
            "Alice is knight\nBob = knave\nCarol - knight\n",
            "  Alice :knight ,Bob:knave,Carol:knight, ",
            "\\boxed{Alice: knight, Bob: knave, Carol: knight}",
        ] {
            let v = judge(form);
            assert!(v.correct, "{form}: {v:?}");
            assert_eq!(v.detail.unwrap()["correct_roles"], 3);
        }
    }

    #[test]
    fn wrong_roles_score_zero_with_a_count_in_detail() {
        let v = judge("Alice: knight, Bob: knight, Carol: knave");
        assert_eq!((v.score, v.reason), (0.0, Reason::WrongAnswer));
        assert_eq!(v.detail.unwrap()["correct_roles"], 1);
        assert_eq!(v.message, "2 of 3 roles are wrong");
    }

    #[test]
    fn missing_duplicated_unknown_or_contradictory_people_are_rejected() {
        for (form, why) in [
            ("Alice: knight, Bob: knave", "Carol is not given a role"),
            (
                "Alice: knight, Bob: knave, Carol: knight, Alice: knight",
                "Alice is named more than once",
            ),
            (
                "Alice: knight, Bob: knave, Carol: knight, Alice: knave",
                "Alice is given both roles",
            ),
            (
                "Alice: knight, Bob: knave, Carol: knight, Dave: knave",
                "`Dave` is not one of the inhabitants",
            ),
            (
                "Alice: knight or knave, Bob: knave, Carol: knight",
                "cannot read `Alice: knight or knave`",
            ),
        ] {
            let v = judge(form);
            assert_eq!(v.reason, Reason::UnparsableAnswer, "{form}");
            assert!(v.message.contains(why), "{form}: {}", v.message);
            assert!(v.score == 0.0 && v.detail.is_none());
        }
    }

    #[test]
    fn looser_forms_are_unparsable() {
        for form in [
            "knight, knave, knight",
            "Alice knight, Bob knave, Carol knight",
            "Alice: truth-teller, Bob: liar, Carol: truth-teller",
            "Alice: knights, Bob: knave, Carol: knight",
            "Alice: 1, Bob: 0, Carol: 1",
            "Alicee: knight, Bob: knave, Carol: knight",
        ] {
            assert_eq!(judge(form).reason, Reason::UnparsableAnswer, "{form}");
        }
    }
}
