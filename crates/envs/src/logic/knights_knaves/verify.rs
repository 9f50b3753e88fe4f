//! The `knights_knaves` verifier: every inhabitant's role, exactly.
//!
//! **Answer grammar.** After extraction the answer is read as *statements*, each giving one role
//! to one or more inhabitants. Layout first: a line may start with a bullet (`-`, `*`, `•`) or an
//! enumerator (`1.`, `2)`); Markdown emphasis and code marks (`**`, `__`, `` ` ``) are ignored; a
//! Markdown table row `| NAME | ROLE |` reads as `NAME: ROLE` (its separator row and a header row
//! naming no inhabitant are skipped). Lines, `;` and `.` end a sentence; within a sentence,
//! statements are joined by `,`, `and` or `, and`. A statement is one of:
//!
//! - `NAMES LINK ROLE`, where LINK is `:`, `=`, `-`, `–`, `—`, `->`, `=>` or `→` (each optionally
//!   followed by `a`/`an`), `is` / `is a` / `is an`, or `are` (optionally `are both` / `are all`);
//!   or `NAMES (ROLE)`;
//! - a group, `ROLES LINK NAMES` as in `Knights: Alice, Bob`, `The knaves are Carol and Dave`,
//!   with `none` / `nobody` for an empty group.
//!
//! NAMES is one name or several joined by `,`, `and`, `&`; ROLE is `knight` or `knave`, or their
//! plurals. The number must agree: one name takes the singular (`is`, `a`), several names take
//! the plural (`are`); a group header may be either. Names and roles are matched in any case.
//!
//! **Rejected as unparsable**, with the reason in the message: a sentence in no such form (so any
//! hedge, such as `knight or knave`, or a role word that is not `knight`/`knave`), a name that is
//! not an inhabitant, an inhabitant named twice (with the same role or with both) or not at all,
//! and a number that disagrees (`Alice: knights`, `Alice and Bob is a knight`).
//! A response that names everyone once is judged: score 1 only when every role is right.
//!
//! **Detail.** `{"correct_roles": k, "people": n}` for a judged answer. It is not a reward: a
//! uniformly random guess gets n/2 right on average.

use serde_json::json;

use super::{KnightsKnavesData, Role};
use crate::forms;
use verigym_core::extract::extract_agreed_answer;
use verigym_core::verdict::{Reason, Verdict};

/// Glosses a grader reads as saying again what the role before them says, each with that role.
const ROLE_GLOSSES: [(&str, &str); 8] = [
    ("knight", "(truth-teller)"),
    ("knight", "(truthteller)"),
    ("knight", "(tells the truth)"),
    ("knight", "(always tells the truth)"),
    ("knave", "(liar)"),
    ("knave", "(lies)"),
    ("knave", "(always lies)"),
    ("knave", "(always lying)"),
];

/// `answer` without the glosses of [`ROLE_GLOSSES`] right after the role they agree with
/// (`knight (truth-teller)`); a gloss after the other role (`knave (truth-teller)`) or alone is
/// kept, and the grammar refuses it.
fn strip_role_glosses(answer: &str) -> std::borrow::Cow<'_, str> {
    if !answer.contains('(') {
        return std::borrow::Cow::Borrowed(answer);
    }
    let lower = answer.to_ascii_lowercase();
    let mut out = String::with_capacity(answer.len());
    let mut i = 0;
    'scan: while i < answer.len() {
        for (role, gloss) in ROLE_GLOSSES {
            let after_role = i + role.len();
            if lower[i..].starts_with(role) {
                let spaced = lower[after_role..].trim_start_matches([' ', '\t']);
                if spaced.starts_with(gloss) {
                    out.push_str(&answer[i..after_role]);
                    i = lower.len() - spaced.len() + gloss.len();
                    continue 'scan;
                }
            }
        }
        let c = answer[i..].chars().next().unwrap_or(' ');
        out.push(c);
        i += c.len_utf8();
    }
    std::borrow::Cow::Owned(out)
}

/// Reads an answer into one role per inhabitant, in the order of `names`, or says why it cannot.
pub fn parse_roles(answer: &str, names: &[String]) -> Result<Vec<Role>, String> {
    let answer = strip_role_glosses(answer);
    let answer = answer.as_ref();
    let mut roles: Vec<Option<Role>> = vec![None; names.len()];
    let mut table_row = 0usize;
    for line in answer.lines() {
        if let Some(cells) = forms::table_cells(line) {
            table_row += 1;
            if forms::is_separator_row(&cells) {
                continue;
            }
            let cells: Vec<String> = cells
                .iter()
                .map(|c| forms::strip_emphasis(c).into_owned())
                .collect();
            let names_someone = cells.iter().any(|c| {
                c.split(|ch: char| !ch.is_ascii_alphabetic())
                    .any(|w| names.iter().any(|n| n.eq_ignore_ascii_case(w)))
            });
            if table_row == 1 && !names_someone {
                continue;
            }
            let [who, role] = cells.as_slice() else {
                return Err(format!(
                    "a table row must hold a name and a role, not `{}`",
                    clip(line.trim())
                ));
            };
            sentence(&format!("{who}: {role}"), names, &mut roles)?;
            continue;
        }
        table_row = 0;
        let line = forms::strip_list_marker(line);
        let line = forms::strip_emphasis(line);
        for part in line.split([';', '.']) {
            sentence(part, names, &mut roles)?;
        }
    }
    roles
        .iter()
        .zip(names)
        .map(|(r, n)| r.ok_or_else(|| format!("{n} is not given a role")))
        .collect()
}

/// One token of a sentence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token<'a> {
    Word(&'a str),
    Comma,
    And,
    Link,
    Open,
    Close,
}

fn tokens(text: &str) -> Result<Vec<Token<'_>>, String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        let step = c.len_utf8();
        let token = match c {
            c if c.is_whitespace() => None,
            'a'..='z' | 'A'..='Z' => {
                let end = rest
                    .bytes()
                    .position(|b| !b.is_ascii_alphabetic())
                    .unwrap_or(rest.len());
                let word = &rest[..end];
                rest = &rest[end..];
                out.push(if word.eq_ignore_ascii_case("and") {
                    Token::And
                } else {
                    Token::Word(word)
                });
                continue;
            }
            ',' => Some(Token::Comma),
            '&' => Some(Token::And),
            ':' | '–' | '—' | '→' => Some(Token::Link),
            '-' | '=' => {
                // `->` and `=>` are one link.
                let arrow = rest[1..].starts_with('>');
                rest = &rest[if arrow { 2 } else { 1 }..];
                out.push(Token::Link);
                continue;
            }
            '(' => Some(Token::Open),
            ')' => Some(Token::Close),
            _ => {
                return Err(format!(
                    "cannot read `{}` as NAME: knight or NAME: knave",
                    clip(text.trim())
                ));
            }
        };
        out.extend(token);
        rest = &rest[step..];
    }
    Ok(out)
}

/// Words the grammar gives a meaning besides role words; no inhabitant has one of these names.
const GRAMMAR_WORDS: [&str; 9] = [
    "is", "are", "a", "an", "the", "both", "all", "none", "nobody",
];

/// A role word and whether it is plural.
fn role_word(token: Option<&Token>) -> Option<(Role, bool)> {
    let Some(Token::Word(w)) = token else {
        return None;
    };
    let w = w.to_ascii_lowercase();
    match w.as_str() {
        "knight" => Some((Role::Knight, false)),
        "knights" => Some((Role::Knight, true)),
        "knave" => Some((Role::Knave, false)),
        "knaves" => Some((Role::Knave, true)),
        _ => None,
    }
}

fn is_word(token: Option<&Token>, words: &[&str]) -> bool {
    matches!(token, Some(Token::Word(w)) if words.iter().any(|x| w.eq_ignore_ascii_case(x)))
}

/// Reads one sentence (a line, or a part between `;` or `.`) into `roles`.
fn sentence(text: &str, names: &[String], roles: &mut [Option<Role>]) -> Result<(), String> {
    let all = tokens(text)?;
    // A sentence may open with `and`, continuing the one before: `…knight.\nand Bob: knave`.
    let toks = match all.as_slice() {
        [Token::And, rest @ ..] => rest,
        toks => toks,
    };
    if toks.is_empty() {
        return Ok(());
    }
    let unreadable = || {
        format!(
            "cannot read `{}` as NAME: knight or NAME: knave",
            clip(text.trim())
        )
    };
    let mut i = 0;
    let mut assign = |who: &[usize], role: Role| -> Result<(), String> {
        for &p in who {
            if let Some(before) = roles[p].replace(role) {
                return Err(if before == role {
                    format!("{} is named more than once", names[p])
                } else {
                    format!("{} is given both roles", names[p])
                });
            }
        }
        Ok(())
    };
    // A group: `[the] ROLES LINK NAMES`, possibly several joined by `,` / `and`.
    let at_group = |i: usize| {
        let j = i + usize::from(is_word(toks.get(i), &["the"]));
        role_word(toks.get(j)).map(|r| (j, r))
    };
    if at_group(0).is_some() {
        while let Some((j, (role, _))) = at_group(i) {
            i = j + 1;
            match toks.get(i) {
                Some(Token::Link) => i += 1,
                Some(Token::Word(w)) if ["are", "is"].iter().any(|x| w.eq_ignore_ascii_case(x)) => {
                    i += 1
                }
                _ => return Err(unreadable()),
            }
            if is_word(toks.get(i), &["none", "nobody"]) {
                i += 1;
            } else {
                let who = name_list(toks, &mut i, names)?;
                assign(&who, role)?;
            }
            if i == toks.len() || (i + 1 == toks.len() && toks[i] == Token::Comma) {
                return Ok(());
            }
            // `, the knaves are …` or `and knaves: …`
            let mut k = i;
            if toks.get(k) == Some(&Token::Comma) {
                k += 1;
            }
            if toks.get(k) == Some(&Token::And) {
                k += 1;
            }
            if k == i || at_group(k).is_none() {
                return Err(unreadable());
            }
            i = k;
        }
        return Err(unreadable());
    }
    loop {
        let who = name_list(toks, &mut i, names)?;
        let several = who.len() > 1;
        // The link; `is` demands one name, `are` several, `a`/`an` a singular role.
        let (mut paren, mut is, mut are, mut article) = (false, false, false, false);
        match toks.get(i) {
            Some(Token::Link) => {
                i += 1;
                article = is_word(toks.get(i), &["a", "an"]);
            }
            Some(Token::Open) => {
                i += 1;
                paren = true;
            }
            Some(Token::Word(w)) if w.eq_ignore_ascii_case("is") => {
                i += 1;
                is = true;
                article = is_word(toks.get(i), &["a", "an"]);
            }
            Some(Token::Word(w)) if w.eq_ignore_ascii_case("are") => {
                i += 1;
                are = true;
                i += usize::from(is_word(toks.get(i), &["both", "all"]));
            }
            _ => return Err(unreadable()),
        }
        i += usize::from(article);
        let Some((role, plural)) = role_word(toks.get(i)) else {
            return Err(unreadable());
        };
        i += 1;
        if paren {
            if toks.get(i) != Some(&Token::Close) {
                return Err(unreadable());
            }
            i += 1;
        }
        if several != plural || (is && several) || (are && !several) || (article && plural) {
            return Err(format!(
                "`{}`: one name takes `knight`/`knave`, several take `knights`/`knaves`",
                clip(text.trim())
            ));
        }
        assign(&who, role)?;
        match toks.get(i) {
            None => return Ok(()),
            // A trailing comma ends the sentence too.
            Some(Token::Comma) if i + 1 == toks.len() => return Ok(()),
            Some(Token::Comma) => {
                i += 1;
                if toks.get(i) == Some(&Token::And) {
                    i += 1;
                }
            }
            Some(Token::And) => i += 1,
            _ => return Err(unreadable()),
        }
    }
}

/// `NAME ((, | and | , and | &) NAME)*` as inhabitant indices; stops before anything else.
fn name_list(toks: &[Token], i: &mut usize, names: &[String]) -> Result<Vec<usize>, String> {
    let mut who = Vec::new();
    loop {
        let Some(Token::Word(w)) = toks.get(*i) else {
            return Err(match toks.get(*i) {
                None => "a statement ends without a role".to_owned(),
                Some(_) => "a statement must start with a name".to_owned(),
            });
        };
        let p = names
            .iter()
            .position(|n| n.eq_ignore_ascii_case(w))
            .ok_or_else(|| format!("`{}` is not one of the inhabitants", clip(w)))?;
        who.push(p);
        *i += 1;
        // Continue only when a separator is followed by another name.
        let mut k = *i;
        if toks.get(k) == Some(&Token::Comma) {
            k += 1;
        }
        if toks.get(k) == Some(&Token::And) {
            k += 1;
        }
        // Any word but the grammar's own continues the list, so an unknown name is named.
        let next_is_name = matches!(toks.get(k), Some(t @ Token::Word(w))
            if role_word(Some(t)).is_none() && !GRAMMAR_WORDS.iter().any(|g| w.eq_ignore_ascii_case(g)));
        if k == *i || !next_is_name {
            return Ok(who);
        }
        *i = k;
    }
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
    let answer = match extract_agreed_answer(response, |r| verify(data, r)) {
        Ok(answer) => answer,
        Err(rejection) => return rejection.into(),
    };
    if let Err(why) = super::check::check_data(data) {
        return Verdict::rejected(Reason::VerifierError, format!("malformed record: {why}"));
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
    fn list_table_phrase_and_group_forms_are_read() {
        for form in [
            "- Alice: knight\n- Bob: knave\n- Carol: knight",
            "* **Alice**: knight\n* **Bob**: knave\n* **Carol**: knight",
            "1. Alice is a knight.\n2. Bob is a knave.\n3. Carol is a knight.",
            "Alice: a knight; Bob: a knave; Carol: a knight",
            "Alice: knight\nand Bob: knave\nand Carol: knight",
            "Alice is a knight and Bob is a knave and Carol is a knight",
            "Knights: Alice, Carol; Knaves: Bob",
            "Knights: Alice and Carol\nKnave: Bob",
            "The knights are Alice and Carol, and the knave is Bob.",
            "Alice and Carol are knights, Bob is a knave.",
            "Alice and Carol are both knights. Bob is a knave.",
            "alice, CAROL: Knights; bob: KNAVE",
            "Alice (knight), Bob (knave), Carol (knight)",
            "- Alice: knight (truth-teller)\n- Bob: knave (liar)\n- Carol: knight (always tells the truth)",
            "Alice → knight, Bob -> knave, Carol — knight",
            "`Alice`: `knight`, `Bob`: `knave`, `Carol`: `knight`",
            "| Name | Role |\n|---|---|\n| Alice | knight |\n| Bob | knave |\n| Carol | knight |",
            "Knights: Alice, Bob, Carol",
        ] {
            let v = judge(form);
            let want = !form.ends_with("Bob, Carol");
            assert!(v.reason.format_ok(), "{form}: {v:?}");
            assert_eq!(v.correct, want, "{form}: {v:?}");
        }
        let all_knights = |form: &str| {
            let mut d = data();
            d.roles = vec![Role::Knight; 3];
            d.statements[0] = Claim::Knight { person: 1 };
            d.statements[1] = Claim::Knight { person: 2 };
            verify(&d, &format!("<answer>{form}</answer>")).correct
        };
        assert!(all_knights("Knights: Alice, Bob, Carol; Knaves: none"));
        assert!(all_knights("Alice, Bob and Carol are all knights"));
    }

    #[test]
    fn near_misses_of_the_new_forms_stay_rejected() {
        for (form, why) in [
            // A group that leaves someone out does not imply the rest.
            ("Knights: Alice, Carol", "Bob is not given a role"),
            // Someone in both groups.
            (
                "Knights: Alice, Carol; Knaves: Bob, Alice",
                "Alice is given both roles",
            ),
            ("Knights: Alice, Carol, Dave; Knaves: Bob", "`Dave` is not"),
            (
                "Alice and Carol is a knight, Bob is a knave",
                "several take",
            ),
            (
                "Alice: knights, Bob: knave, Carol: knight",
                "one name takes",
            ),
            ("Alice is a knights, Bob: knave, Carol: knight", "one name"),
            ("Alice, Carol: knight; Bob: knave", "several take"),
            (
                "- Alice: knight\n- Bob: knave or knight\n- Carol: knight",
                "cannot read",
            ),
            (
                "Alice: knight, Bob: knave, Carol: knight (probably)",
                "cannot read",
            ),
            (
                "Alice: knight, Bob: knave (truth-teller), Carol: knight",
                "cannot read",
            ),
            (
                "Alice: knight (liar), Bob: knave, Carol: knight",
                "cannot read",
            ),
            (
                "Alice: knight (truth-teller) (liar), Bob: knave, Carol: knight",
                "cannot read",
            ),
            ("Alice: knight, Bob, Carol: knave", "several take"),
            (
                "| Alice | knight | knave |\n| Bob | knave |\n| Carol | knight |",
                "a table row",
            ),
            ("Knights: Alice, Carol and Knaves", "cannot read"),
            ("Knaves: none", "Alice is not given a role"),
            (
                "Alice is not a knight, Bob: knave, Carol: knight",
                "cannot read",
            ),
        ] {
            let v = judge(form);
            assert_eq!(v.reason, Reason::UnparsableAnswer, "{form}: {v:?}");
            assert!(v.message.contains(why), "{form}: {}", v.message);
        }
        // A wrong role in a new form is wrong, not unparsable.
        let v = judge("Knights: Alice, Bob; Knaves: Carol");
        assert_eq!(v.reason, Reason::WrongAnswer);
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
                "cannot read `Alice: knight or knave",
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
