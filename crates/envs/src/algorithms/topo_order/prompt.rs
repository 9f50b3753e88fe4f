//! The prompt text of a `topo_order` problem and the canonical answer form.

use std::fmt::Write;

use super::TopoOrderData;

/// Renders the full prompt, including the answer-format instructions.
pub fn render(data: &TopoOrderData) -> String {
    let (n, m) = (data.tasks, data.dependencies.len());
    let mut s = String::with_capacity(720 + 12 * m);
    let _ = writeln!(
        s,
        "There are {n} tasks, numbered 1 to {n}. Some must be done before others: `a before b` \
         means task a must come before task b in the order. These are the {m} constraints:"
    );
    for (i, &[a, b]) in data.dependencies.iter().enumerate() {
        if i > 0 {
            s.push_str(", ");
        }
        let _ = write!(s, "{a} before {b}");
    }
    let _ = write!(
        s,
        "\nGive an order of all {n} tasks, each exactly once, that satisfies every constraint. "
    );
    if data.lexicographic {
        s.push_str(
            "Among all such orders, give the smallest in dictionary order: its first task is as \
             small as possible, then its second task, and so on. Only that order is accepted. ",
        );
    } else {
        s.push_str("Any order that satisfies every constraint is accepted. ");
    }
    let _ = write!(
        s,
        "Give it as <answer>T1, T2, …, T{n}</answer>: the task numbers in order, separated by \
         commas."
    );
    s
}

/// `3, 1, 2`.
pub fn answer_text(order: &[u32]) -> String {
    order
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}
