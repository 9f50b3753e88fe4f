//! Reading an answer that is a square grid of single digits (futoshiki, binairo): the sudoku
//! grammar of `crate::sudoku::parse_grid`, with its errors worded for any grid env, and
//! rows written as a list: a bullet (`- 4 3 5 2 6 1`) or a number (`1. 4 3 5 2 6 1`) before every
//! row. Markers are peeled only when **every** line holding a digit has one, all of one kind;
//! numbers must count 1, 2, … in order, like `Row K:` labels, so a numbered row is never read
//! as a row of digits and numbering cannot reorder rows.

use std::borrow::Cow;

use crate::forms;
use crate::sudoku::{ParseError, parse_grid};

/// Most cells a grid answer holds (a 9×9 grid).
pub const MAX_CELLS: usize = 81;

/// `answer` without the list marker of each row, when every line holding a digit (fence lines
/// aside) starts with a bullet, or every one with an enumerator (`1.`, `2)`, `(3)`) numbering
/// the rows 1, 2, … in order; `answer` unchanged when not every row has a marker of one kind.
/// Numbering out of order is an error naming the row.
fn strip_row_markers(answer: &str) -> Result<Cow<'_, str>, String> {
    let is_row =
        |l: &str| !l.trim_start().starts_with("```") && l.bytes().any(|b| b.is_ascii_digit());
    let rows: Vec<&str> = answer.lines().filter(|l| is_row(l)).collect();
    if rows.is_empty() {
        return Ok(Cow::Borrowed(answer));
    }
    let bulleted = |l: &str| forms::strip_bullet(l).len() < l.trim_start().len();
    let numbered = |l: &str| forms::strip_enumerator(l).is_some();
    let (strip_bullets, strip_numbers) = (
        rows.iter().all(|l| bulleted(l)),
        rows.iter().all(|l| numbered(l)),
    );
    if !strip_bullets && !strip_numbers {
        return Ok(Cow::Borrowed(answer));
    }
    let mut out = String::with_capacity(answer.len());
    let mut row = 0u64;
    for line in answer.lines() {
        if !is_row(line) {
            out.push_str(line);
        } else if strip_bullets {
            out.push_str(forms::strip_bullet(line));
        } else {
            row += 1;
            let k: u64 = line
                .trim_start()
                .trim_start_matches('(')
                .bytes()
                .take_while(u8::is_ascii_digit)
                .fold(0, |k, b| k * 10 + u64::from(b - b'0'));
            if k != row {
                return Err(format!("row {row} is numbered {k}"));
            }
            out.push_str(forms::strip_enumerator(line).unwrap_or(line));
        }
        out.push('\n');
    }
    Ok(Cow::Owned(out))
}

/// Reads an `n`×`n` grid of digits (row-major) in the sudoku grammar: rows on lines or in
/// brackets, digits separated by nothing, spaces, commas or bars, border lines, `Row K:` labels,
/// a list marker before every row (see the module notes), and the frame
/// [`crate::logic::grid_frame`] peels (a table's header row and label column, one-line rows). The digits are not range-checked.
/// The error says where the text stops being a grid.
pub fn read_grid(answer: &str, n: usize) -> Result<[u8; MAX_CELLS], String> {
    let mut grid = [0u8; MAX_CELLS];
    let framed = crate::logic::grid_frame::peel_grid_frame(answer, n);
    let answer = strip_row_markers(&framed)?;
    parse_grid(&answer, n, &mut grid).map_err(|e| match e {
        ParseError::BadChar(c, line) => format!(
            "line {line} holds {c:?}; rows may hold only digits, spaces, commas, brackets and bars"
        ),
        ParseError::RowLength(row, found) => format!("row {row} has {found} digits; expected {n}"),
        ParseError::RowCount(found) if found > n => format!("more than {n} rows"),
        ParseError::RowCount(found) => format!("{found} rows; expected {n}"),
        ParseError::RowLabel(row, label) => format!("row {row} is labelled row {label}"),
    })?;
    Ok(grid)
}

/// A grid as text: one line per row, cells joined by `sep`.
pub fn grid_text(grid: &[Vec<u8>], sep: &str) -> String {
    grid.iter()
        .map(|row| row.iter().map(u8::to_string).collect::<Vec<_>>().join(sep))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `grid` one row per line, each after `marker(row)` (`- `, `1. `).
fn marked_rows(grid: &[Vec<u8>], marker: &dyn Fn(usize) -> String) -> String {
    grid.iter()
        .enumerate()
        .map(|(r, row)| {
            let cells: Vec<String> = row.iter().map(u8::to_string).collect();
            format!("{}{}", marker(r), cells.join(" "))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// `grid` as a numbered list whose first two rows trade numbers (`2.` then `1.`): the right
/// rows, numbered out of order (a near miss: numbering must count the rows in order).
pub fn misnumbered_rows(grid: &[Vec<u8>]) -> String {
    marked_rows(grid, &|r| {
        let k = match r {
            0 => 2,
            1 => 1,
            r => r + 1,
        };
        format!("{k}. ")
    })
}

/// The layouts people write a grid in (the shared grid probes' realistic forms), each the same
/// grid: bracketed rows, a nested list, `Row K:` labels, a Markdown table, a code fence, a full
/// stop after the last row, a bullet before each row, rows numbered `1.`, `2.`, …; and (issue 31)
/// a table with a header row and a label column, a `bmatrix`, a heading line, one line of rows.
pub fn realistic_layouts(grid: &[Vec<u8>]) -> crate::forms::Forms {
    let bracketed: Vec<String> = grid
        .iter()
        .map(|row| {
            let cells: Vec<String> = row.iter().map(u8::to_string).collect();
            format!("[{}]", cells.join(", "))
        })
        .collect();
    let labelled: Vec<String> = grid
        .iter()
        .enumerate()
        .map(|(r, row)| {
            let cells: Vec<String> = row.iter().map(u8::to_string).collect();
            format!("Row {}: {}", r + 1, cells.join(" "))
        })
        .collect();
    let mut table = Vec::new();
    for (r, row) in grid.iter().enumerate() {
        let cells: Vec<String> = row.iter().map(u8::to_string).collect();
        table.push(format!("| {} |", cells.join(" | ")));
        if r == 0 {
            table.push(format!("|{}", "---|".repeat(row.len())));
        }
    }
    let n = grid.len();
    let header: Vec<String> = (1..=n).map(|j| format!("C{j}")).collect();
    let mut header_table = vec![
        format!("| | {} |", header.join(" | ")),
        format!("|{}", "---|".repeat(n + 1)),
    ];
    for (r, row) in grid.iter().enumerate() {
        let cells: Vec<String> = row.iter().map(u8::to_string).collect();
        header_table.push(format!("| **R{}** | {} |", r + 1, cells.join(" | ")));
    }
    let matrix_rows: Vec<String> = grid
        .iter()
        .map(|row| {
            row.iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(" & ")
        })
        .collect();
    let one_line: Vec<String> = grid
        .iter()
        .map(|row| row.iter().map(u8::to_string).collect::<String>())
        .collect();
    vec![
        ("table_with_header_and_labels", header_table.join("\n")),
        (
            "bmatrix",
            format!(
                "$$\\begin{{bmatrix}}\n{}\n\\end{{bmatrix}}$$",
                matrix_rows.join(" \\\\\n")
            ),
        ),
        (
            "heading_completed_grid",
            format!("Completed grid:\n{}", grid_text(grid, " ")),
        ),
        ("one_line_slashes", one_line.join(" / ")),
        ("bracketed_rows", bracketed.join(",\n")),
        ("nested_list", format!("[{}]", bracketed.join(","))),
        ("row_labels", labelled.join("\n")),
        ("markdown_table", table.join("\n")),
        ("code_fence", format!("```\n{}\n```", grid_text(grid, " "))),
        ("full_stop", format!("{}.", grid_text(grid, " "))),
        ("bulleted_rows", marked_rows(grid, &|_| "- ".to_owned())),
        (
            "numbered_rows",
            marked_rows(grid, &|r| format!("{}. ", r + 1)),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_read_back_and_errors_name_the_place() {
        let grid = vec![vec![1, 2], vec![2, 1]];
        for (family, text) in realistic_layouts(&grid) {
            // Through the core's normalisation, as every answer is: it reads matrices and
            // heading lines.
            let text = verigym_core::normalize::normalize_answer(&text);
            let g = read_grid(&text, 2).unwrap_or_else(|e| panic!("{family}: {e}"));
            assert_eq!(&g[..4], &[1, 2, 2, 1], "{family}");
        }
        assert_eq!(
            read_grid("12\n2", 2).unwrap_err(),
            "row 2 has 1 digits; expected 2"
        );
        assert_eq!(read_grid("12", 2).unwrap_err(), "1 rows; expected 2");
        assert!(read_grid("12\n2x", 2).unwrap_err().contains("'x'"));
        assert_eq!(
            read_grid(&misnumbered_rows(&grid), 2).unwrap_err(),
            "row 1 is numbered 2"
        );
    }

    #[test]
    fn list_markers_are_peeled_only_on_every_row_and_in_order() {
        for text in [
            "- 1 2\n- 2 1",
            "* 1 2\n* 2 1",
            "• 12\n• 21",
            "1. 1 2\n2. 2 1",
            "1) 1 2\n2) 2 1",
            "(1) 12\n(2) 21",
            "```\n- 1 2\n- 2 1\n```",
            "- Row 1: 1 2\n- Row 2: 2 1",
        ] {
            let g = read_grid(text, 2).unwrap_or_else(|e| panic!("{text:?}: {e}"));
            assert_eq!(&g[..4], &[1, 2, 2, 1], "{text:?}");
        }
        // A numbered row whose marker is missing is read as digits, never half-peeled.
        assert_eq!(
            read_grid("1. 1 2\n2 1", 2).unwrap_err(),
            "line 1 holds '.'; rows may hold only digits, spaces, commas, brackets and bars"
        );
        assert!(read_grid("- 1 2\n2 1", 2).is_err());
        assert!(read_grid("- 1 2\n1. 2 1", 2).is_err());
        assert_eq!(
            read_grid("2. 2 1\n1. 1 2", 2).unwrap_err(),
            "row 1 is numbered 2"
        );
        assert_eq!(
            read_grid("1. 1 2\n1. 2 1", 2).unwrap_err(),
            "row 2 is numbered 1"
        );
        assert_eq!(
            read_grid("0. 1 2\n1. 2 1", 2).unwrap_err(),
            "row 1 is numbered 0"
        );
        // Without a space, `1.2` is no enumerator; a bullet without a space is a border mark.
        assert!(read_grid("1.12\n2.21", 2).is_err());
        assert!(read_grid("-12\n-21", 2).is_err());
        // Three numbered rows for a 2×2 grid are three rows.
        assert_eq!(
            read_grid("1. 1 2\n2. 2 1\n3. 1 2", 2).unwrap_err(),
            "more than 2 rows"
        );
    }
}
