//! Turns a verifier's lower-case reason about the answer itself into a feedback sentence, for the
//! envs whose reason reads only the response and the puzzle's public part.

/// `reason` with a capital first letter and a full stop.
pub fn sentence(reason: &str) -> String {
    let mut chars = reason.chars();
    match chars.next() {
        Some(first) => format!("{}{}.", first.to_uppercase(), chars.as_str()),
        None => String::new(),
    }
}
