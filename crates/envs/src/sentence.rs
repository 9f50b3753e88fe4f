//! Feedback sentences built from a verifier's own reasons, for the envs whose reason reads only
//! the response and the puzzle's public part, or does once the hidden part is blinded.

use verigym_core::verdict::{Reason, Verdict};

/// `reason` with a capital first letter and a full stop.
pub fn sentence(reason: &str) -> String {
    let mut chars = reason.chars();
    match chars.next() {
        Some(first) => format!("{}{}.", first.to_uppercase(), chars.as_str()),
        None => String::new(),
    }
}

/// What a plan env's verifier says of a response judged against a blinded copy of the record,
/// whose recorded optimum is replaced by one no plan can reach (`u32::MAX`), so the hidden
/// optimum is never read: a wrong verdict is a broken public rule, said as a sentence; a
/// "shorter than the optimum" verifier error means the plan keeps every rule and reaches the
/// goal, so, the real verdict being wrong, it is only longer than needed: `valid_but`, with no
/// count. Anything else (unreadable, no answer) says nothing more.
pub fn from_blinded(verdict: &Verdict, valid_but: &str) -> Option<String> {
    match verdict.reason {
        Reason::WrongAnswer => Some(sentence(&verdict.message)),
        Reason::VerifierError => Some(valid_but.to_owned()),
        _ => None,
    }
}
