//! Rule 3c of the normalisation: a LaTeX matrix that is the whole answer (`bmatrix`, `pmatrix`,
//! `vmatrix`, `Bmatrix`, `matrix`, or `array` with its column spec) reads as its rows: one line
//! per `\\`, cells separated by spaces instead of `&`, `\hline` dropped.
//!
//! Only the layout goes: every cell's text is kept as written, so a grid grammar sees the same
//! digits it would see typed as plain rows, and a matrix with a row too few is still a row short.

/// The environments read, each as `\begin{NAME}` … `\end{NAME}`.
const ENVIRONMENTS: [&str; 6] = [
    "bmatrix", "pmatrix", "vmatrix", "Bmatrix", "matrix", "array",
];

/// The rows of `text` when it is one matrix environment and nothing else; `None` otherwise.
pub(super) fn matrix_rows(text: &str) -> Option<String> {
    let t = text.trim();
    let rest = t.strip_prefix("\\begin{")?;
    let name = ENVIRONMENTS
        .iter()
        .find(|n| rest.starts_with(*n) && rest[n.len()..].starts_with('}'))?;
    let mut body = &rest[name.len() + 1..];
    body = body.strip_suffix(&format!("\\end{{{name}}}"))?;
    if *name == "array" {
        // The column spec: `{cccc}` or `{c|c|c}`, letters and bars only.
        let spec = body.trim_start().strip_prefix('{')?;
        let close = spec.find('}')?;
        if !spec[..close]
            .bytes()
            .all(|b| matches!(b, b'l' | b'c' | b'r' | b'|' | b' '))
        {
            return None;
        }
        body = &spec[close + 1..];
    }
    // One environment: a nested one would be a second matrix, not a row of this one.
    if body.contains("\\begin") || body.contains("\\end") {
        return None;
    }
    let rows: Vec<String> = body
        .split("\\\\")
        .map(|row| row.replace("\\hline", " ").replace('&', " "))
        .map(|row| row.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|row| !row.is_empty())
        .collect();
    (!rows.is_empty()).then(|| rows.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matrices_read_as_rows() {
        let rows = Some("1 2\n2 1".to_owned());
        assert_eq!(
            matrix_rows("\\begin{bmatrix} 1 & 2 \\\\ 2 & 1 \\end{bmatrix}"),
            rows
        );
        assert_eq!(
            matrix_rows("\\begin{pmatrix}\n1 & 2 \\\\\n2 & 1\n\\end{pmatrix}"),
            rows
        );
        assert_eq!(
            matrix_rows("\\begin{array}{c|c} \\hline 1 & 2 \\\\ 2 & 1 \\\\ \\hline \\end{array}"),
            rows
        );
    }

    #[test]
    fn anything_else_is_left_alone() {
        for text in [
            "1 2\n2 1",
            "\\begin{bmatrix} 1 & 2 \\end{pmatrix}",
            "\\begin{bmatrix} 1 & 2 \\\\ 2 & 1 \\end{bmatrix} or 3",
            "\\begin{bmatrix} \\begin{bmatrix} 1 \\end{bmatrix} \\end{bmatrix}",
            "\\begin{array}{x} 1 \\end{array}",
            "\\begin{array} 1 \\end{array}",
            "\\begin{bmatrix}\\end{bmatrix}",
            "\\begin{bmatrixx} 1 \\end{bmatrixx}",
            "\\begin{",
        ] {
            assert_eq!(matrix_rows(text), None, "{text:?}");
        }
    }
}
