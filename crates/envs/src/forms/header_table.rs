//! An answer written as one Markdown table with a header row (`| Step | Move |`, `|---|---|`,
//! then a row per item), read as the plain list its rows mean. The header only names columns, so
//! it is dropped; each env says what one row means (a value, `name = value`, `from -> to`).
//!
//! A table is read only when it is the whole answer, its second line is the separator, every row
//! has the header's cell count, and no other separator follows; a column of step numbers is
//! dropped only when it counts 1, 2, … in order, so numbering cannot reorder the rows.

use verigym_core::env::ProbeAnswers;

use super::{is_separator_row, strip_emphasis, table_cells};

/// The body rows' cells (emphasis dropped, trimmed) of a table with a header row that is the
/// whole of `text`; `None` when `text` is not one.
pub fn header_table(text: &str) -> Option<Vec<Vec<String>>> {
    let mut rows = Vec::new();
    let mut width = None;
    for (i, line) in text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .enumerate()
    {
        let line = strip_emphasis(line);
        let cells = table_cells(&line)?;
        if *width.get_or_insert(cells.len()) != cells.len() {
            return None;
        }
        if is_separator_row(&cells) != (i == 1) {
            return None;
        }
        if i >= 2 {
            rows.push(cells.into_iter().map(str::to_owned).collect());
        }
    }
    (!rows.is_empty()).then_some(rows)
}

/// The rows without their first cell, when that cell counts the rows 1, 2, … in order.
pub fn without_numbering(rows: Vec<Vec<String>>) -> Option<Vec<Vec<String>>> {
    rows.into_iter()
        .enumerate()
        .map(|(k, mut cells)| {
            let n = cells.first()?.trim_end_matches('.');
            (n.bytes().all(|b| b.is_ascii_digit()) && n.parse::<usize>().ok()? == k + 1)
                .then(|| cells.split_off(1))
        })
        .collect()
}

/// `text` as the list its table means: each body row (step numbers dropped when `numbered`)
/// through `row`, joined by `sep`. `None` when `text` is not such a table, or a row means
/// nothing to `row`.
pub fn table_as_list(
    text: &str,
    numbered: bool,
    sep: &str,
    row: impl Fn(&[String]) -> Option<String>,
) -> Option<String> {
    let mut rows = header_table(text)?;
    if numbered {
        rows = without_numbering(rows)?;
    }
    let items: Vec<String> = rows.iter().map(|r| row(r)).collect::<Option<_>>()?;
    Some(items.join(sep))
}

/// A row of exactly one cell, as it is: the `row` of [`table_as_list`] for a list of values.
pub fn single_cell(cells: &[String]) -> Option<String> {
    match cells {
        [cell] => Some(cell.clone()),
        _ => None,
    }
}

/// A row of exactly two cells as `name = value`: the `row` of [`table_as_list`] for an
/// assignment.
pub fn name_value(cells: &[String]) -> Option<String> {
    match cells {
        [name, value] => Some(format!("{name} = {value}")),
        _ => None,
    }
}

/// A Markdown table with `header` and a row per item (probe forms): cells joined by ` | `.
pub fn markdown_table(header: &[&str], rows: &[Vec<String>]) -> String {
    let mut lines = vec![
        format!("| {} |", header.join(" | ")),
        format!("|{}", "---|".repeat(header.len())),
    ];
    lines.extend(rows.iter().map(|r| format!("| {} |", r.join(" | "))));
    lines.join("\n")
}

/// Adds the probe forms of a list answer (`items`, in order) to `answers`: the list as a table
/// with `header` and a step column (realistic), and that table with its first two rows trading
/// numbers (a near miss: numbering must count the rows in order).
pub fn push_numbered_table(answers: &mut ProbeAnswers, header: [&str; 2], items: &[String]) {
    let rows = |swap: bool| -> Vec<Vec<String>> {
        items
            .iter()
            .enumerate()
            .map(|(k, item)| {
                let k = match (swap, k) {
                    (true, 0) => 1,
                    (true, 1) => 0,
                    _ => k,
                };
                vec![(k + 1).to_string(), item.clone()]
            })
            .collect()
    };
    answers
        .realistic
        .push(("table_with_header", markdown_table(&header, &rows(false))));
    if items.len() > 1 {
        answers
            .near_miss
            .push(("table_misnumbered", markdown_table(&header, &rows(true))));
    }
}

/// Adds the probe forms of an assignment answer (`name SEP value` pairs joined by `, `) to
/// `answers`: a table with `header` and a row per pair (realistic), and that table a row short
/// (a near miss).
pub fn push_pairs_table(answers: &mut ProbeAnswers, header: [&str; 2], answer: &str, sep: &str) {
    let rows: Vec<Vec<String>> = answer
        .split(", ")
        .filter_map(|pair| pair.split_once(sep))
        .map(|(name, value)| vec![name.to_owned(), value.to_owned()])
        .collect();
    answers
        .realistic
        .push(("table_with_header", markdown_table(&header, &rows)));
    if rows.len() > 1 {
        answers.near_miss.push((
            "table_row_missing",
            markdown_table(&header, &rows[..rows.len() - 1]),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_header_table_reads_as_its_rows() {
        let t = "| Step | Move |\n|---|:---:|\n| 1 | **R** |\n| 2 | D |";
        assert_eq!(
            table_as_list(t, true, ", ", single_cell),
            Some("R, D".into())
        );
        let t = "| Unknown | Value |\n|---|---|\n| x | 4 |\n| y | 2 |";
        assert_eq!(
            table_as_list(t, false, ", ", name_value),
            Some("x = 4, y = 2".into())
        );
    }

    #[test]
    fn probe_tables_read_back_and_their_near_misses_do_not() {
        let mut answers = ProbeAnswers::default();
        push_numbered_table(&mut answers, ["Step", "Move"], &["R".into(), "D".into()]);
        push_pairs_table(&mut answers, ["Name", "Value"], "x = 1, y = 2", " = ");
        let steps = |t: &str| table_as_list(t, true, ", ", single_cell);
        let pairs = |t: &str| table_as_list(t, false, ", ", name_value);
        let (real, near) = (&answers.realistic, &answers.near_miss);
        assert_eq!(steps(&real[0].1), Some("R, D".into()));
        assert_eq!(steps(&near[0].1), None);
        assert_eq!(pairs(&real[1].1), Some("x = 1, y = 2".into()));
        assert_eq!(pairs(&near[1].1), Some("x = 1".into()));
    }

    #[test]
    fn other_tables_are_not_read() {
        let out_of_order = "| Step | Move |\n|---|---|\n| 2 | R |\n| 1 | D |";
        assert_eq!(table_as_list(out_of_order, true, ", ", single_cell), None);
        let no_header = "| 1 | R |\n| 2 | D |";
        assert_eq!(table_as_list(no_header, true, ", ", single_cell), None);
        let ragged = "| Step | Move |\n|---|---|\n| 1 | R | D |";
        assert_eq!(table_as_list(ragged, true, ", ", single_cell), None);
        let two_tables = "| Step | Move |\n|---|---|\n| 1 | R |\n|---|---|\n| 2 | D |";
        assert_eq!(table_as_list(two_tables, true, ", ", single_cell), None);
        let prose_after = "| Step | Move |\n|---|---|\n| 1 | R |\nor D";
        assert_eq!(table_as_list(prose_after, true, ", ", single_cell), None);
        let header_only = "| Step | Move |\n|---|---|";
        assert_eq!(table_as_list(header_only, true, ", ", single_cell), None);
        let three = "| a | b | c |\n|---|---|---|\n| x | 1 | 2 |";
        assert_eq!(table_as_list(three, false, ", ", name_value), None);
    }
}
