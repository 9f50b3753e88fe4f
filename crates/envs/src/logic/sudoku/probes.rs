//! Probe answers for `sudoku`: other layouts of the solved grid, and grids that break a rule.

use super::SudokuData;
use crate::forms::Forms;
use verigym_core::env::ProbeAnswers;

fn rows(grid: &[Vec<u8>], separator: &str) -> Vec<String> {
    grid.iter()
        .map(|row| {
            let digits: Vec<String> = row.iter().map(u8::to_string).collect();
            digits.join(separator)
        })
        .collect()
}

/// See [`verigym_core::Env::probe_answers`]. The solution is unique, so another puzzle's different grid
/// is certainly wrong here.
pub fn probe_answers(data: &SudokuData, answer: &str, foreign: &str) -> ProbeAnswers {
    let n = data.solution.len();
    if n < 2 {
        return ProbeAnswers::default();
    }
    let solved = &data.solution;
    // Swapping two cells of the first row keeps the row valid but breaks two columns.
    let mut swapped = solved.clone();
    swapped[0].swap(0, 1);
    // The blanks filled with 1: the givens kept, the rules broken.
    let ones: Vec<Vec<u8>> = data
        .givens
        .iter()
        .map(|row| row.iter().map(|&d| if d == 0 { 1 } else { d }).collect())
        .collect();
    // A given changed: the first given, replaced by a different digit.
    let mut changed = solved.clone();
    if let Some((r, c)) = (0..n * n)
        .map(|i| (i / n, i % n))
        .find(|&(r, c)| data.givens[r][c] != 0)
    {
        changed[r][c] = changed[r][c] % n as u8 + 1;
    }
    let mut near_miss = vec![
        ("two_cells_swapped", rows(&swapped, "").join("\n")),
        ("blanks_filled_with_one", rows(&ones, "").join("\n")),
        ("given_changed", rows(&changed, "").join("\n")),
        ("last_row_missing", rows(&solved[..n - 1], "").join("\n")),
        ("givens_only", rows(&data.givens, "").join("\n")),
    ];
    // With no blanks, or blanks that all hold 1, these two grids are the solution itself.
    let givens_solve = data.givens == *solved;
    let ones_solve = ones == *solved;
    near_miss.retain(|(family, _)| match *family {
        "givens_only" => !givens_solve,
        "blanks_filled_with_one" => !ones_solve,
        _ => true,
    });
    let (realistic, realistic_misses) = realistic(data);
    near_miss.extend(realistic_misses);
    if !foreign.is_empty() && foreign != answer {
        near_miss.push(("other_problem", foreign.to_owned()));
    }
    let equivalent = vec![
        ("spaced_digits", rows(solved, " ").join("\n")),
        ("comma_separated", rows(solved, ",").join("\n")),
        ("blank_lines_between_rows", rows(solved, "").join("\n\n")),
        ("pipe_separated", rows(solved, "|").join("\n")),
    ];
    ProbeAnswers {
        equivalent,
        near_miss,
        realistic,
    }
}

/// A row with box borders: `1 2 3 | 4 5 6` with `bar` between boxes.
fn boxed_row(row: &[u8], box_cols: usize, bar: &str) -> String {
    row.chunks(box_cols.max(1))
        .map(|c| c.iter().map(u8::to_string).collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join(&format!(" {bar} "))
}

/// A grid drawn with box borders: `bar` between boxes, a `rule` line between bands and `edge`
/// around each row (empty for none).
fn boxed(
    data: &SudokuData,
    grid: &[Vec<u8>],
    bar: &str,
    cross: &str,
    line: char,
    edge: &str,
) -> String {
    let (br, bc) = (
        usize::from(data.box_rows).max(1),
        usize::from(data.box_cols).max(1),
    );
    let n = grid.len();
    let segment = line.to_string().repeat(2 * bc + 1);
    let rule = vec![segment; n / bc].join(cross);
    let mut out = Vec::new();
    for (r, row) in grid.iter().enumerate() {
        if r > 0 && r % br == 0 {
            out.push(if edge.is_empty() {
                rule.clone()
            } else {
                format!("{cross}{rule}{cross}")
            });
        }
        let body = boxed_row(row, bc, bar);
        out.push(if edge.is_empty() {
            body
        } else {
            format!("{edge} {body} {edge}")
        });
    }
    out.join("\n")
}

fn bracketed(grid: &[Vec<u8>]) -> Vec<String> {
    grid.iter()
        .map(|row| {
            format!(
                "[{}]",
                row.iter().map(u8::to_string).collect::<Vec<_>>().join(", ")
            )
        })
        .collect()
}

/// The layouts people write a grid in, each with near misses that guard it: see the grammar in
/// `verify.rs`.
fn realistic(data: &SudokuData) -> (Forms, Forms) {
    let solved = &data.solution;
    let n = solved.len();
    let labelled = |grid: &[Vec<u8>], label: &dyn Fn(usize) -> usize| {
        grid.iter()
            .enumerate()
            .map(|(r, row)| {
                let digits: Vec<String> = row.iter().map(u8::to_string).collect();
                format!("Row {}: {}", label(r), digits.join(" "))
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    let table = |grid: &[Vec<u8>]| {
        let mut lines = Vec::new();
        for (r, row) in grid.iter().enumerate() {
            let cells: Vec<String> = row.iter().map(u8::to_string).collect();
            lines.push(format!("| {} |", cells.join(" | ")));
            if r == 0 {
                lines.push(format!("|{}", "---|".repeat(n)));
            }
        }
        lines.join("\n")
    };
    let realistic = vec![
        ("bracketed_rows", bracketed(solved).join(",\n")),
        ("nested_list", format!("[{}]", bracketed(solved).join(","))),
        ("row_labels", labelled(solved, &|r| r + 1)),
        ("ascii_boxes", boxed(data, solved, "|", "+", '-', "")),
        ("equals_borders", boxed(data, solved, "|", "+", '=', "")),
        ("box_drawing", boxed(data, solved, "│", "┼", '─', "│")),
        (
            "double_box_drawing",
            boxed(data, solved, "║", "╬", '═', "║"),
        ),
        ("markdown_table", table(solved)),
        ("full_stop", format!("{}.", rows(solved, " ").join("\n"))),
        (
            "code_fence",
            format!("```\n{}\n```", rows(solved, " ").join("\n")),
        ),
    ];
    let mut swapped_rows = solved.clone();
    swapped_rows.swap(0, 1);
    let mut swapped_cells = solved.clone();
    swapped_cells[0].swap(0, 1);
    let mut dotted = boxed(data, solved, "│", "┼", '─', "│");
    if let Some(i) = dotted.find(|c: char| c.is_ascii_digit()) {
        dotted.replace_range(i..i + 1, ".");
    }
    let mut short = bracketed(solved);
    if let Some(last) = short.last_mut() {
        *last = last
            .replacen(", ", ",", 1)
            .replacen(|c: char| c.is_ascii_digit(), "", 1);
    }
    let misses = vec![
        // The right rows, but two labelled row 1: the labels contradict the order.
        ("row_labels_repeated", labelled(solved, &|r| r.max(1))),
        (
            "row_labels_rows_swapped",
            labelled(&swapped_rows, &|r| r + 1),
        ),
        ("bracketed_last_row_short", short.join(",\n")),
        (
            "nested_list_cells_swapped",
            format!("[{}]", bracketed(&swapped_cells).join(",")),
        ),
        ("box_drawing_blank_left", dotted),
        ("markdown_table_row_missing", table(&solved[..n - 1])),
        (
            "ascii_boxes_cells_swapped",
            boxed(data, &swapped_cells, "|", "+", '-', ""),
        ),
    ];
    (realistic, misses)
}
