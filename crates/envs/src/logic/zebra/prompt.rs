//! The prompt and reference-answer text of a `zebra` problem.

use std::fmt::Write;

use super::{Question, ZebraData};

/// The full prompt, including the answer-format instructions.
pub fn render(data: &ZebraData) -> String {
    let n = data.houses;
    let mut s = String::with_capacity(600 + 60 * data.clues.len());
    let _ = writeln!(
        s,
        "There are {n} houses in a row, numbered 1 to {n} from left to right. Each house has one \
         value of each attribute below, and each value belongs to exactly one house:"
    );
    for attr in &data.attributes {
        let _ = writeln!(s, "- {}: {}", attr.kind.name(), attr.values.join(", "));
    }
    s.push_str(
        "\"Left\" means a lower house number, \"directly to the left\" means exactly one lower, \
         and \"next to\" means the house numbers differ by exactly one.\nClues:\n",
    );
    for (i, clue) in data.clues.iter().enumerate() {
        let _ = writeln!(s, "{}. {}", i + 1, clue.render(&data.attributes));
    }
    match data.question {
        None => {
            let labels: Vec<String> = data
                .attributes
                .iter()
                .map(|a| a.kind.name().to_ascii_uppercase())
                .collect();
            let row = labels.join(", ");
            s.push_str(
                "Find the value of every attribute in every house. Answer with one line per \
                 house, listing its values in the attribute order above, separated by commas:\n\
                 <answer>\n",
            );
            let _ = writeln!(s, "House 1: {row}");
            if n > 2 {
                s.push_str("...\n");
            }
            let _ = write!(s, "House {n}: {row}\n</answer>");
        }
        Some(q) => {
            let _ = write!(s, "{} ", question_text(data, q));
            if q.attribute.is_some() {
                s.push_str("Answer with the value alone, as <answer>VALUE</answer>.");
            } else {
                let _ = write!(
                    s,
                    "Answer with the house number alone, from 1 to {n}, as <answer>NUMBER</answer>."
                );
            }
        }
    }
    s
}

fn question_text(data: &ZebraData, q: Question) -> String {
    let about = &data.attributes[usize::from(q.about.attribute)];
    let who = about.kind.phrase(data.name(q.about));
    match q.attribute {
        None => format!("In which house does {who} live?"),
        Some(a) => data.attributes[usize::from(a)].kind.question(&who),
    }
}

/// The reference answer, exactly as the prompt asks for it.
pub fn answer(data: &ZebraData) -> String {
    match data.question {
        None => {
            let mut s = String::new();
            for (h, row) in data.solution.iter().enumerate() {
                let values: Vec<&str> = row
                    .iter()
                    .zip(&data.attributes)
                    .map(|(&v, attr)| attr.values[usize::from(v)].as_str())
                    .collect();
                let sep = if h == 0 { "" } else { "\n" };
                let _ = write!(s, "{sep}House {}: {}", h + 1, values.join(", "));
            }
            s
        }
        Some(q) => {
            let h = data.house_of(q.about).unwrap_or(0);
            match q.attribute {
                None => (h + 1).to_string(),
                Some(a) => {
                    let v = data.solution[h][usize::from(a)];
                    data.attributes[usize::from(a)].values[usize::from(v)].clone()
                }
            }
        }
    }
}
