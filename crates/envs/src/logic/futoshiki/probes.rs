//! Probe answers for `futoshiki`: other layouts of the solved grid, and grids that break a rule.

use super::FutoshikiData;
use crate::logic::grid_answer::{grid_text, misnumbered_rows, realistic_layouts};
use verigym_core::env::ProbeAnswers;

/// See [`verigym_core::Env::probe_answers`]. The solution is unique, so every grid other than the
/// solution (and another puzzle's grid) is certainly wrong here.
pub fn probe_answers(data: &FutoshikiData, answer: &str, foreign: &str) -> ProbeAnswers {
    let solved = &data.solution;
    let n = solved.len();
    if n < 2 {
        return ProbeAnswers::default();
    }
    let mut swapped = solved.clone();
    swapped[0].swap(0, 1);
    let mut rows_swapped = solved.clone();
    rows_swapped.swap(0, 1);
    let transposed: Vec<Vec<u8>> = (0..n)
        .map(|c| (0..n).map(|r| solved[r][c]).collect())
        .collect();
    // Each digit d becomes n + 1 − d: a Latin square that keeps no inequality.
    let flipped: Vec<Vec<u8>> = solved
        .iter()
        .map(|row| row.iter().map(|&d| n as u8 + 1 - d).collect())
        .collect();
    let mut near_miss = vec![
        ("two_cells_swapped", grid_text(&swapped, "")),
        ("two_rows_swapped", grid_text(&rows_swapped, " ")),
        ("transposed", grid_text(&transposed, " ")),
        ("digits_reflected", grid_text(&flipped, " ")),
        ("givens_only", grid_text(&data.givens, " ")),
        ("last_row_missing", grid_text(&solved[..n - 1], " ")),
        ("signs_left_in", with_signs(data)),
    ];
    near_miss.retain(|(_, g)| g != &grid_text(solved, "") && g != &grid_text(solved, " "));
    for (family, form) in realistic_layouts(&swapped) {
        near_miss.push((
            match family {
                "bracketed_rows" => "bracketed_rows_cells_swapped",
                "nested_list" => "nested_list_cells_swapped",
                "row_labels" => "row_labels_cells_swapped",
                "markdown_table" => "markdown_table_cells_swapped",
                "code_fence" => "code_fence_cells_swapped",
                "bulleted_rows" => "bulleted_rows_cells_swapped",
                "numbered_rows" => "numbered_rows_cells_swapped",
                "table_with_header_and_labels" => "table_with_header_and_labels_cells_swapped",
                "bmatrix" => "bmatrix_cells_swapped",
                "heading_completed_grid" => "heading_completed_grid_cells_swapped",
                "one_line_slashes" => "one_line_slashes_cells_swapped",
                _ => "full_stop_cells_swapped",
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

/// The solved first row written with its `<`/`>` signs, as the puzzle draws it: unparsable.
fn with_signs(data: &FutoshikiData) -> String {
    let row: Vec<String> = data.solution[0].iter().map(u8::to_string).collect();
    let mut lines = vec![row.join(" < ")];
    lines.extend(
        data.solution[1..]
            .iter()
            .map(|r| r.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")),
    );
    lines.join("\n")
}
