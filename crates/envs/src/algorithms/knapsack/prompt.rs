//! The prompt text of a `knapsack` problem and the canonical answer form.

use std::fmt::Write;

use super::KnapsackData;

/// Renders the full prompt, including the answer-format instructions.
pub fn render(data: &KnapsackData) -> String {
    let n = data.weights.len();
    let mut s = String::with_capacity(560 + 32 * n);
    let _ = writeln!(
        s,
        "There are {n} items, numbered 1 to {n}, each with a weight and a value:"
    );
    for (i, (w, v)) in data.weights.iter().zip(&data.values).enumerate() {
        let _ = writeln!(s, "item {}: weight {w}, value {v}", i + 1);
    }
    let _ = write!(
        s,
        "Choose a set of items, each at most once, whose total weight is at most {} and whose \
         total value is as large as possible. Any set with the largest possible total value is \
         accepted. Give the item numbers separated by commas, as <answer>2, 5, 7</answer>. You \
         may add the total value and weight after a semicolon (`; value V; weight W`); if you do, \
         they must be right.",
        data.capacity
    );
    s
}

/// `2, 5, 7`.
pub fn answer_text(items: &[u32]) -> String {
    items
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}
