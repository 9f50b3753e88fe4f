//! The `knapsack` verifier: any set of distinct items that fits the capacity and reaches the
//! proven optimum is correct.
//!
//! **Answer form** (the grammar of [`crate::algorithms::listing`]): the item numbers in any order,
//! separated by commas, spaces or `and` (also after a comma: `1, 4, and 7`), each optionally after `item` (`item 3`), optionally in
//! `[…]` or `{…}`, after a label (`Items:`, `Selected items:`, `Take items`), or one per line
//! (bullets and numbering are peeled). Optionally **one** value clause (`value 55`,
//! `total value: 55`, `profit = 55`) and **one** weight clause (`weight 40`,
//! `total weight: 40`), on their own lines, after `;` or a comma, or in parentheses; a stated
//! value or weight must be right. Two value clauses, a hedged clause (`value 55 or 56`), a
//! decimal, an unknown word, or no item at all is unparsable. Per-item annotations
//! (`item 1 (weight 5, value 10)`) read as several weight clauses and are unparsable too.
//!
//! **Judgement**, first failure wins: an item outside 1..=n; an item chosen twice; a set heavier
//! than the capacity; a stated value or weight that is not the set's; a set worth less than the
//! optimum. `detail` holds the set's value and weight and the optimum once the items are valid.
//! Random guessing has no reward floor: a random subset is rarely within the capacity and
//! optimal at once (see the README for the measured rate).

use serde_json::json;

use super::KnapsackData;
use crate::algorithms::listing::{self, Spec};
use verigym_core::extract::extract_agreed_answer;
use verigym_core::verdict::{Reason, Verdict};

pub(super) const VALUE: u8 = 0;
pub(super) const WEIGHT: u8 = 1;

/// The words a `knapsack` answer uses.
pub(super) const SPEC: Spec = Spec {
    list_labels: &[
        "the",
        "items",
        "item",
        "selected",
        "chosen",
        "choose",
        "take",
        "pick",
        "optimal",
        "set",
        "subset",
        "selection",
        "is",
        "are",
    ],
    item_words: &["item"],
    clause_words: &[
        ("value", VALUE),
        ("profit", VALUE),
        ("worth", VALUE),
        ("weight", WEIGHT),
    ],
    clause_fillers: &["total", "maximum", "max", "optimal"],
    arrows: false,
    and_separates: true,
    multi_segment: true,
    sums: false,
};

/// Judges a response: distinct items in range, within capacity, stated totals right, optimal.
pub fn verify(data: &KnapsackData, response: &str) -> Verdict {
    let answer = match extract_agreed_answer(response, |r| verify(data, r)) {
        Ok(answer) => answer,
        Err(rejection) => return rejection.into(),
    };
    // A table with a header row (`| Item | Weight | Value |`) reads as its item numbers, but
    // only when every row's other two cells are that item's weight and value: a column that
    // said anything else would be a second answer dropped unread.
    let answer =
        match crate::forms::table_as_list(&answer, false, ", ", |cells| item_row(data, cells)) {
            Some(list) => std::borrow::Cow::Owned(list),
            None => answer,
        };
    if let Err(why) = super::check::check_data(data) {
        return Verdict::rejected(Reason::VerifierError, format!("malformed record: {why}"));
    }
    let listing = match listing::parse(&answer, &SPEC) {
        Ok(listing) => listing,
        Err(why) => {
            return Verdict::rejected(
                Reason::UnparsableAnswer,
                format!("not a list of items: {why}"),
            );
        }
    };
    if listing.items.is_empty() {
        return Verdict::rejected(Reason::UnparsableAnswer, "no item is chosen");
    }
    let mut stated = [None; 2];
    for &(kind, number) in &listing.clauses {
        if stated[kind as usize].replace(number).is_some() {
            let what = if kind == VALUE { "value" } else { "weight" };
            return Verdict::rejected(
                Reason::UnparsableAnswer,
                format!("the total {what} is given more than once"),
            );
        }
    }
    let n = data.weights.len() as u64;
    let mut taken = [false; super::MAX_ITEMS as usize + 1];
    let (mut weight, mut value) = (0u64, 0u64);
    for &item in &listing.items {
        if !(1..=n).contains(&item) {
            return Verdict::wrong(format!("there is no item {item}; items are 1 to {n}"));
        }
        if std::mem::replace(&mut taken[item as usize], true) {
            return Verdict::wrong(format!("item {item} is chosen more than once"));
        }
        weight += u64::from(data.weights[item as usize - 1]);
        value += u64::from(data.values[item as usize - 1]);
    }
    let detail = json!({ "value": value, "weight": weight, "optimum": data.optimum });
    let verdict = if weight > u64::from(data.capacity) {
        Verdict::wrong(format!(
            "the items weigh {weight}, over the capacity {}",
            data.capacity
        ))
    } else if let Some(v) = stated[VALUE as usize].filter(|&v| v != value) {
        Verdict::wrong(format!(
            "the stated value {v} is not the items' value {value}"
        ))
    } else if let Some(w) = stated[WEIGHT as usize].filter(|&w| w != weight) {
        Verdict::wrong(format!(
            "the stated weight {w} is not the items' weight {weight}"
        ))
    } else if value < data.optimum {
        Verdict::wrong(format!(
            "the items are worth {value}; a more valuable set fits"
        ))
    } else {
        Verdict::correct()
    };
    verdict.with_detail(detail)
}

/// A table row `item | weight | value` (or `item | value | weight`) naming an item by its
/// true weight and value → the item number; `None` for any other row.
fn item_row(data: &KnapsackData, cells: &[String]) -> Option<String> {
    let [item, a, b] = cells else { return None };
    let i: usize = item.parse().ok()?;
    let (w, v) = (
        data.weights.get(i.checked_sub(1)?)?,
        data.values.get(i - 1)?,
    );
    let (a, b): (u64, u64) = (a.parse().ok()?, b.parse().ok()?);
    let matches =
        (a == u64::from(*w) && b == u64::from(*v)) || (a == u64::from(*v) && b == u64::from(*w));
    matches.then(|| item.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Capacity 10: items 2 and 3 (value 50) beat item 1 (36), and so do 2 and 4 (value 50).
    fn instance() -> KnapsackData {
        KnapsackData {
            weights: vec![6, 5, 5, 5],
            values: vec![36, 25, 25, 25],
            capacity: 10,
            optimum: 50,
            chosen: vec![2, 3],
        }
    }

    fn judge(answer: &str) -> Verdict {
        verify(&instance(), &format!("<answer>{answer}</answer>"))
    }

    #[test]
    fn every_optimal_set_in_any_accepted_form_is_correct() {
        for form in [
            "2, 3",
            "3, 2",
            "2, 4",
            "2 3",
            "[2, 3]",
            "{3, 4}",
            "Items 2 and 3",
            "Selected items: 2, 3; total value: 50",
            "item 2, item 4 (total value 50, total weight 10)",
            "- Item 2\n- Item 3\n\nTotal value: 50\nTotal weight: 10",
            "1. item 3\n2. item 4",
            "2, 3; value 50; weight 10",
            "**Items:** 2, 3\n**Value:** 50",
            "Take items 2, 3 with a total value of 50.",
        ] {
            let v = judge(form);
            assert!(v.correct && v.score == 1.0, "{form}: {v:?}");
        }
    }

    #[test]
    fn wrong_sets_name_the_problem() {
        for (answer, want) in [
            ("1", "worth 36; a more valuable set fits"),
            ("2", "worth 25"),
            ("1, 2", "weigh 11, over the capacity 10"),
            ("2, 3, 4", "weigh 15"),
            // The Oxford comma reads like any other separator, and is judged the same.
            ("2, 3, and 4", "weigh 15"),
            ("items 1, 2, and 3; value 61", "weigh 16"),
            ("2, 2", "item 2 is chosen more than once"),
            ("2, 5", "there is no item 5"),
            ("0, 2", "there is no item 0"),
            ("2, 3; value 51", "the stated value 51"),
            ("2, 3; weight 11", "the stated weight 11"),
            ("2, 99999999999999999999999", "there is no item"),
        ] {
            let v = judge(answer);
            assert_eq!(v.reason, Reason::WrongAnswer, "{answer}");
            assert!(v.message.contains(want), "{answer}: {}", v.message);
        }
    }

    #[test]
    fn hedges_and_junk_are_unparsable() {
        for form in [
            "2, 3 or 2, 4",
            "2, 3; value 50 or 51",
            "2, 3; value 50; value 50",
            "value 50",
            "none",
            "{}",
            "2, 3; value 50.5",
            "item 2 (weight 5, value 25)\nitem 3 (weight 5, value 25)",
            "2 -> 3",
            "items 2, three",
            "2, 3, and, 4",
            "2, and",
            "2, or 3",
            "2, 3; value 25 + 25 = 50",
        ] {
            let v = judge(form);
            assert_eq!(v.reason, Reason::UnparsableAnswer, "{form}: {v:?}");
        }
    }
}
