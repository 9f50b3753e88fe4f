//! The prompt text of a `cryptarithm` problem: the sum, written out and in column form, the
//! rules, and the answer format.

use std::fmt::Write;

/// Renders the full prompt.
pub fn render(addends: &[String], result: &str, solution: &[(char, u8)]) -> String {
    let width = result
        .len()
        .max(addends.iter().map(String::len).max().unwrap_or(0))
        + 2;
    let mut s = String::with_capacity(1000);
    let _ = write!(
        s,
        "Solve this cryptarithm: {} = {result}\n\nIn column form:\n\n",
        addends.join(" + ")
    );
    for (i, word) in addends.iter().enumerate() {
        let sign = if i + 1 == addends.len() { "+" } else { " " };
        let _ = writeln!(s, "{sign}{word:>w$}", w = width - 1);
    }
    let _ = writeln!(s, "{}", "-".repeat(width));
    let _ = writeln!(s, "{result:>width$}");
    let letters: Vec<String> = solution.iter().map(|(l, _)| l.to_string()).collect();
    let example: Vec<String> = solution
        .iter()
        .take(2)
        .map(|(l, _)| format!("{l}=…"))
        .collect();
    let _ = write!(
        s,
        "\nEach letter stands for one digit from 0 to 9: the same letter always for the same \
         digit, and different letters for different digits. No number starts with the digit 0. \
         With every letter replaced by its digit, the addition is correct. The puzzle has \
         exactly one solution. The letters are {} ({} of them).\n\nGive the digit of every \
         letter as <answer>…</answer>, as LETTER=DIGIT pairs separated by commas, in any order, \
         such as `<answer>{}, …</answer>`.",
        letters.join(", "),
        letters.len(),
        example.join(", "),
    );
    s
}
