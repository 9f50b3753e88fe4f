//! What a careful grader says about a square grid answer (sudoku, futoshiki, binairo): the first
//! cell outside the allowed digits or changed from its given, and the first line holding a digit
//! twice. Every sentence is built from the givens, the stated rules and the response alone.

/// The first cell, in reading order, holding a digit outside `lo..=hi` or other than its given:
/// `given(r, c)` is the given at 0-based (r, c), `None` for a blank.
pub fn bad_cell(
    n: usize,
    grid: &[u8],
    (lo, hi): (u8, u8),
    given: impl Fn(usize, usize) -> Option<u8>,
) -> Option<String> {
    (0..n * n).find_map(|i| {
        let (r, c, d) = (i / n, i % n, *grid.get(i)?);
        if !(lo..=hi).contains(&d) {
            return Some(format!(
                "Row {}, column {} holds {d}; cells hold {lo} to {hi}.",
                r + 1,
                c + 1
            ));
        }
        match given(r, c) {
            Some(g) if g != d => Some(format!(
                "The given at row {}, column {} was changed from {g} to {d}.",
                r + 1,
                c + 1
            )),
            _ => None,
        }
    })
}

/// The first line (in the order `lines` lists them: a name, a number and its cells' indices)
/// that holds a digit twice, with the digit repeated.
pub fn repeated<'a>(
    grid: &[u8],
    lines: impl IntoIterator<Item = (&'static str, usize, &'a [usize])>,
) -> Option<String> {
    lines.into_iter().find_map(|(kind, k, cells)| {
        let mut seen = 0u64;
        cells.iter().find_map(|&i| {
            let d = *grid.get(i)?;
            let bit = 1u64 << (d % 64);
            let twice = seen & bit != 0;
            seen |= bit;
            twice.then(|| format!("{kind} {k} holds {d} twice."))
        })
    })
}

/// The rows then the columns of an `n`×`n` grid, as [`repeated`] reads them.
pub fn rows_and_columns(n: usize) -> Vec<(&'static str, usize, Vec<usize>)> {
    let rows = (0..n).map(|r| ("Row", r + 1, (0..n).map(|c| r * n + c).collect()));
    let cols = (0..n).map(|c| ("Column", c + 1, (0..n).map(|r| r * n + c).collect()));
    rows.chain(cols).collect()
}
