//! The frame around a grid answer that is not part of any row: a Markdown table's header row and
//! its row-label column, and the row separators of a grid written on one line (`1234 / 3412`,
//! `1 2; 2 1`). Peeled before the square-grid grammar reads the rows (sudoku, futoshiki,
//! binairo).
//!
//! A header row is dropped only when the table has exactly `n` rows below its separator, so the
//! header is never a row of the answer; a label column only when every row has `n + 1` cells
//! and the first cell of row K is `K`, `RK` or `Row K`, so labels cannot reorder rows.

use std::borrow::Cow;

use crate::forms;

/// `answer` with its table frame or one-line separators replaced by plain rows (one line per
/// row, cells separated by spaces); `answer` unchanged when it has neither.
pub fn peel_grid_frame(answer: &str, n: usize) -> Cow<'_, str> {
    let trimmed = answer.trim();
    if !trimmed.contains('\n') && trimmed.contains(['/', ';']) {
        return Cow::Owned(trimmed.replace(['/', ';'], "\n"));
    }
    match table_rows(trimmed, n) {
        Some(rows) => Cow::Owned(rows.join("\n")),
        None => Cow::Borrowed(answer),
    }
}

/// The rows of a Markdown table with a header row, `n` rows below its separator, each with its
/// row label dropped when every row has one; `None` when `text` is not such a table.
fn table_rows(text: &str, n: usize) -> Option<Vec<String>> {
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let rows: Vec<Vec<String>> = lines
        .iter()
        .map(|l| {
            let cells = forms::table_cells(&forms::strip_emphasis(l))?
                .into_iter()
                .map(str::to_owned)
                .collect();
            Some(cells)
        })
        .collect::<Option<_>>()?;
    let separator = |r: &Vec<String>| {
        let cells: Vec<&str> = r.iter().map(String::as_str).collect();
        forms::is_separator_row(&cells)
    };
    if rows.len() != n + 2 || !separator(&rows[1]) || rows[2..].iter().any(separator) {
        return None;
    }
    let body = &rows[2..];
    let labelled = body
        .iter()
        .enumerate()
        .all(|(k, cells)| cells.len() == n + 1 && is_row_label(&cells[0], k + 1));
    // The header names columns: a row of digits other than 1, 2, … in order could be a row of
    // some other grid, and a grid with a second first row is no answer.
    let names = &rows[0][usize::from(labelled && rows[0].len() == n + 1)..];
    if !names
        .iter()
        .enumerate()
        .all(|(j, cell)| is_column_name(cell, j + 1))
    {
        return None;
    }
    Some(
        body.iter()
            .map(|cells| cells[usize::from(labelled)..].join(" "))
            .collect(),
    )
}

/// Whether a header cell may name column `j`: text holding no digit (`""`, `Col`), or `j` itself
/// written as `j`, `Cj`, `Col j` or `Column j`.
fn is_column_name(cell: &str, j: usize) -> bool {
    if !cell.bytes().any(|b| b.is_ascii_digit()) {
        return true;
    }
    let lower = cell.to_ascii_lowercase();
    let number = ["column", "col", "c"]
        .iter()
        .find_map(|p| lower.strip_prefix(p))
        .unwrap_or(&lower)
        .trim();
    number.bytes().all(|b| b.is_ascii_digit()) && number.parse::<usize>().is_ok_and(|m| m == j)
}

/// Whether `cell` labels row `k`: `k`, `Rk`, `R k`, `Row k` (any case).
fn is_row_label(cell: &str, k: usize) -> bool {
    let lower = cell.to_ascii_lowercase();
    let number = lower
        .strip_prefix("row")
        .or_else(|| lower.strip_prefix('r'))
        .unwrap_or(&lower)
        .trim();
    number.parse::<usize>().is_ok_and(|m| m == k) && !number.starts_with('+')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_back(text: &str) -> Result<[u8; crate::logic::grid_answer::MAX_CELLS], String> {
        crate::logic::grid_answer::read_grid(text, 2)
    }

    #[test]
    fn headers_labels_and_one_line_rows_are_peeled() {
        let table = "| C1 | C2 |\n|---|:-:|\n| 1 | 2 |\n| 2 | 1 |";
        assert_eq!(peel_grid_frame(table, 2), "1 2\n2 1");
        let labelled = "| | C1 | C2 |\n|---|---|---|\n| **R1** | 1 | 2 |\n| R2 | 2 | 1 |";
        assert_eq!(peel_grid_frame(labelled, 2), "1 2\n2 1");
        let numbered = "| Row | 1 | 2 |\n|---|---|---|\n| 1 | 1 | 2 |\n| 2 | 2 | 1 |";
        assert_eq!(peel_grid_frame(numbered, 2), "1 2\n2 1");
        assert_eq!(peel_grid_frame("12 / 21", 2), "12 \n 21");
        assert_eq!(peel_grid_frame("1 2; 2 1", 2), "1 2\n 2 1");
    }

    #[test]
    fn a_header_that_may_be_a_row_or_labels_out_of_order_stay() {
        // n rows in all: the first row is a row of the answer, as before.
        let no_header = "| 1 | 2 |\n|---|---|\n| 2 | 1 |";
        assert_eq!(peel_grid_frame(no_header, 2), no_header);
        // A row too few or too many below the separator: not peeled, so the grammar refuses it.
        let short = "| C1 | C2 |\n|---|---|\n| 1 | 2 |";
        assert_eq!(peel_grid_frame(short, 2), short);
        // Labels out of order are no labels, so the table is not peeled and the grammar refuses
        // its header.
        let swapped = "| | C1 | C2 |\n|---|---|---|\n| R2 | 1 | 2 |\n| R1 | 2 | 1 |";
        assert_eq!(peel_grid_frame(swapped, 2), swapped);
        assert!(read_back(swapped).is_err());
        // A header of digits that are not the column numbers is a row of another grid.
        let two_first_rows = "| 2 | 1 |\n|---|---|\n| 1 | 2 |\n| 2 | 1 |";
        assert_eq!(peel_grid_frame(two_first_rows, 2), two_first_rows);
        assert_eq!(read_back(two_first_rows).unwrap_err(), "more than 2 rows");
        let column_numbers = "| 1 | 2 |\n|---|---|\n| 1 | 2 |\n| 2 | 1 |";
        assert_eq!(peel_grid_frame(column_numbers, 2), "1 2\n2 1");
        assert!(!is_row_label("+1", 1));
        assert!(!is_row_label("R12", 1));
    }
}
