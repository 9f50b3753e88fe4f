//! Reading the whole numbers in a model's query or answer, written the ways models write them.

/// Every maximal run of ASCII digits in `text`, in order, as numbers; `None` for a run too long
/// for a `u64`. A sign is not read: no env here takes a negative number, so `-3` is `3` and
/// stays out of range where it matters.
pub fn integers(text: &str) -> Vec<Option<u64>> {
    let mut out = Vec::new();
    let mut run = String::new();
    for c in text.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_digit() {
            run.push(c);
        } else if !run.is_empty() {
            out.push(run.parse().ok());
            run.clear();
        }
    }
    out
}

/// The one number in `text` (`coin 7`, `#7`, `It is 7.`), or `None` when there are none or
/// several.
pub fn single(text: &str) -> Option<u64> {
    match integers(text).as_slice() {
        [Some(n)] => Some(*n),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_read_as_written() {
        assert_eq!(integers("1, 2 and 30"), vec![Some(1), Some(2), Some(30)]);
        assert_eq!(integers("99999999999999999999999"), vec![None]);
        assert_eq!(single("coin #7."), Some(7));
        assert_eq!(single("7 or 8"), None);
        assert_eq!(single("none"), None);
    }
}
