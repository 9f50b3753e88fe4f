//! Reading an answer that is a square grid of single digits (futoshiki, binairo): the sudoku
//! grammar of `crate::envs::sudoku::parse_grid`, with its errors worded for any grid env.

use crate::envs::sudoku::{ParseError, parse_grid};

/// Most cells a grid answer holds (a 9×9 grid).
pub const MAX_CELLS: usize = 81;

/// Reads an `n`×`n` grid of digits (row-major) in the sudoku grammar: rows on lines or in
/// brackets, digits separated by nothing, spaces, commas or bars, border lines, `Row K:` labels.
/// The digits are not range-checked. The error says where the text stops being a grid.
pub fn read_grid(answer: &str, n: usize) -> Result<[u8; MAX_CELLS], String> {
    let mut grid = [0u8; MAX_CELLS];
    parse_grid(answer, n, &mut grid).map_err(|e| match e {
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

/// The layouts people write a grid in (the shared grid probes' realistic forms), each the same
/// grid: bracketed rows, a nested list, `Row K:` labels, a Markdown table, a code fence, a full
/// stop after the last row.
pub fn realistic_layouts(grid: &[Vec<u8>]) -> crate::envs::forms::Forms {
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
    vec![
        ("bracketed_rows", bracketed.join(",\n")),
        ("nested_list", format!("[{}]", bracketed.join(","))),
        ("row_labels", labelled.join("\n")),
        ("markdown_table", table.join("\n")),
        ("code_fence", format!("```\n{}\n```", grid_text(grid, " "))),
        ("full_stop", format!("{}.", grid_text(grid, " "))),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_read_back_and_errors_name_the_place() {
        let grid = vec![vec![1, 2], vec![2, 1]];
        for (family, text) in realistic_layouts(&grid) {
            let g = read_grid(&text, 2).unwrap_or_else(|e| panic!("{family}: {e}"));
            assert_eq!(&g[..4], &[1, 2, 2, 1], "{family}");
        }
        assert_eq!(
            read_grid("12\n2", 2).unwrap_err(),
            "row 2 has 1 digits; expected 2"
        );
        assert_eq!(read_grid("12", 2).unwrap_err(), "1 rows; expected 2");
        assert!(read_grid("12\n2x", 2).unwrap_err().contains("'x'"));
    }
}
