//! Probe answers for `binairo`: other layouts of the solved grid, and grids that break a rule.

use super::BinairoData;
use crate::logic::grid_answer::{grid_text, misnumbered_rows, realistic_layouts};
use verigym_core::env::ProbeAnswers;

/// See [`verigym_core::Env::probe_answers`]. The solution is unique, so every grid other than the
/// solution (and another puzzle's grid) is certainly wrong here.
pub fn probe_answers(data: &BinairoData, answer: &str, foreign: &str) -> ProbeAnswers {
    let solved = &data.solution;
    let n = solved.len();
    if n < 2 {
        return ProbeAnswers::default();
    }
    let mut flipped_cell = solved.clone();
    flipped_cell[0][0] = 1 - flipped_cell[0][0];
    let mut rows_swapped = solved.clone();
    rows_swapped.swap(0, 1);
    let complement: Vec<Vec<u8>> = solved
        .iter()
        .map(|row| row.iter().map(|&d| 1 - d).collect())
        .collect();
    let givens_zero: Vec<Vec<u8>> = data
        .givens
        .iter()
        .map(|row| row.iter().map(|d| d.unwrap_or(0)).collect())
        .collect();
    let dotted: Vec<String> = data
        .givens
        .iter()
        .map(|row| {
            row.iter()
                .map(|d| d.map_or(".".to_owned(), |d| d.to_string()))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let mut near_miss = vec![
        ("one_cell_flipped", grid_text(&flipped_cell, "")),
        ("two_rows_swapped", grid_text(&rows_swapped, " ")),
        ("complemented", grid_text(&complement, " ")),
        ("blanks_filled_with_zero", grid_text(&givens_zero, " ")),
        ("givens_with_dots", dotted.join("\n")),
        ("last_row_missing", grid_text(&solved[..n - 1], " ")),
    ];
    near_miss.retain(|(_, g)| g != &grid_text(solved, "") && g != &grid_text(solved, " "));
    for (family, form) in realistic_layouts(&flipped_cell) {
        near_miss.push((
            match family {
                "bracketed_rows" => "bracketed_rows_cell_flipped",
                "nested_list" => "nested_list_cell_flipped",
                "row_labels" => "row_labels_cell_flipped",
                "markdown_table" => "markdown_table_cell_flipped",
                "code_fence" => "code_fence_cell_flipped",
                "bulleted_rows" => "bulleted_rows_cell_flipped",
                "numbered_rows" => "numbered_rows_cell_flipped",
                "table_with_header_and_labels" => "table_with_header_and_labels_cell_flipped",
                "bmatrix" => "bmatrix_cell_flipped",
                "heading_completed_grid" => "heading_completed_grid_cell_flipped",
                "one_line_slashes" => "one_line_slashes_cell_flipped",
                _ => "full_stop_cell_flipped",
            },
            form,
        ));
    }
    // The right rows, numbered out of order: numbering must count the rows 1, 2, … in order.
    near_miss.push(("numbered_rows_out_of_order", misnumbered_rows(solved)));
    if !foreign.is_empty() && foreign != answer {
        near_miss.push(("other_problem", foreign.to_owned()));
    }
    ProbeAnswers {
        equivalent: vec![
            ("packed_digits", grid_text(solved, "")),
            ("comma_separated", grid_text(solved, ",")),
            (
                "blank_lines_between_rows",
                grid_text(solved, " ").replace('\n', "\n\n"),
            ),
            ("pipe_separated", grid_text(solved, "|")),
        ],
        near_miss,
        realistic: realistic_layouts(solved),
    }
}
