//! The `topo_order` verifier: any order that lists every task once and puts every dependency
//! first is correct; in the lexicographic mode it must also be the smallest such order.
//!
//! **Answer form** (the grammar of [`crate::algorithms::listing`]): the task numbers in order,
//! separated by commas, arrows (`->`, `→`, `=>`, `-`), spaces or `and` (also after a comma:
//! `3, 1, and 2`; never in a list that uses arrows, where `3 -> 1 and 2` could mean "1 and 2 in
//! either order"), each optionally after `task`
//! or `t` (`T3`), optionally in `[…]` and after a label (`Order:`, `Topological order:`,
//! `The order is`), or one per line (bullets and numbering such as `1. 3` are peeled, so the
//! enumerator is not read as a task). Two orders (`… or …`), a decimal, an unknown word or an
//! empty list is unparsable.
//!
//! **Judgement**, first failure wins: a task outside 1..=n; a task listed twice; a task left out;
//! then every dependency is checked and the first one broken is named; in the lexicographic mode
//! a valid order that is not the smallest is wrong, naming the first position that could hold a
//! smaller task. `detail` counts the broken dependencies of a complete order. Random guessing
//! has no reward floor: a random permutation satisfies every dependency rarely (measured in
//! `tests/topo_order.rs`), and only such an order scores.

use serde_json::json;

use super::TopoOrderData;
use super::params::MAX_TASKS;
use crate::algorithms::listing::{self, Spec};
use verigym_core::extract::extract_agreed_answer;
use verigym_core::verdict::{Reason, Verdict};

/// The words a `topo_order` answer uses.
pub(super) const SPEC: Spec = Spec {
    list_labels: &[
        "the",
        "a",
        "valid",
        "topological",
        "order",
        "ordering",
        "sequence",
        "schedule",
        "task",
        "tasks",
        "is",
        "smallest",
        "lexicographically",
        "final",
    ],
    item_words: &["task", "t"],
    clause_words: &[],
    clause_fillers: &[],
    arrows: true,
    and_separates: true,
    multi_segment: true,
    sums: false,
};

/// Judges a response: a permutation of the tasks that respects every dependency.
pub fn verify(data: &TopoOrderData, response: &str) -> Verdict {
    let answer = match extract_agreed_answer(response, |r| verify(data, r)) {
        Ok(answer) => answer,
        Err(rejection) => return rejection.into(),
    };
    // A table with a header row and a position column reads as the list of its tasks.
    let answer = match crate::forms::table_as_list(&answer, true, ", ", crate::forms::single_cell) {
        Some(list) => std::borrow::Cow::Owned(list),
        None => answer,
    };
    if let Err(why) = super::check::check_data(data) {
        return Verdict::rejected(Reason::VerifierError, format!("malformed record: {why}"));
    }
    let order = match listing::parse(&answer, &SPEC) {
        Ok(listing) => listing.items,
        Err(why) => {
            return Verdict::rejected(
                Reason::UnparsableAnswer,
                format!("not an order of tasks: {why}"),
            );
        }
    };
    if order.is_empty() {
        return Verdict::rejected(Reason::UnparsableAnswer, "no task is listed");
    }
    let n = u64::from(data.tasks);
    let mut position = [usize::MAX; MAX_TASKS as usize + 1];
    for (i, &t) in order.iter().enumerate() {
        if !(1..=n).contains(&t) {
            return Verdict::wrong(format!("there is no task {t}; tasks are 1 to {n}"));
        }
        if position[t as usize] != usize::MAX {
            return Verdict::wrong(format!("task {t} is listed more than once"));
        }
        position[t as usize] = i;
    }
    if let Some(t) = (1..=n as usize).find(|&t| position[t] == usize::MAX) {
        return Verdict::wrong(format!("task {t} is missing"));
    }
    let mut broken = 0u32;
    let mut first = None;
    for &[a, b] in &data.dependencies {
        if position[a as usize] > position[b as usize] {
            broken += 1;
            first.get_or_insert((a, b));
        }
    }
    let detail = json!({ "dependencies": data.dependencies.len(), "broken": broken });
    let verdict = if let Some((a, b)) = first {
        Verdict::wrong(format!(
            "task {b} comes before task {a}, but {a} must come first"
        ))
    } else if data.lexicographic
        && let Some(i) = (0..order.len()).find(|&i| order[i] != u64::from(data.order[i]))
    {
        Verdict::wrong(format!(
            "a valid order, but not the smallest: position {} can hold a smaller task",
            i + 1
        ))
    } else {
        Verdict::correct()
    };
    verdict.with_detail(detail)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2 and 3 before 1, 3 before 4: valid orders include 2 3 1 4 (the smallest), 3 2 1 4,
    /// 3 4 2 1, 3 2 4 1.
    fn instance(lexicographic: bool) -> TopoOrderData {
        TopoOrderData {
            tasks: 4,
            dependencies: vec![[2, 1], [3, 1], [3, 4]],
            lexicographic,
            order: vec![2, 3, 1, 4],
        }
    }

    fn judge(answer: &str) -> Verdict {
        verify(&instance(false), &format!("<answer>{answer}</answer>"))
    }

    #[test]
    fn every_valid_order_in_any_accepted_form_is_correct() {
        for form in [
            "2, 3, 1, 4",
            "3, 4, 2, 1",
            "3 2 4 1",
            "3 -> 2 -> 1 -> 4",
            "[2, 3, 1, 4]",
            "Order: 3 → 4 → 2 → 1",
            "T2, T3, T1, T4",
            "Task 3, Task 2, Task 1, Task 4",
            "1. 2\n2. 3\n3. 1\n4. 4",
            "- 3\n- 4\n- 2\n- 1",
            "The topological order is 2, 3, 1, 4.",
            "**Order:** 2, 3, 1, 4",
            "2, 3, 1, and 4",
            "Order: task 3, task 4, task 2 and task 1",
        ] {
            let v = judge(form);
            assert!(v.correct && v.score == 1.0, "{form}: {v:?}");
        }
    }

    #[test]
    fn wrong_orders_name_the_problem() {
        for (answer, want) in [
            (
                "1, 2, 3, 4",
                "task 1 comes before task 2, but 2 must come first",
            ),
            ("2, 3, 1", "task 4 is missing"),
            ("2, 3, 1, 4, 2", "task 2 is listed more than once"),
            ("2, 3, 1, 4, 5", "there is no task 5"),
            ("0, 2, 3, 1, 4", "there is no task 0"),
            ("4, 1, 3, 2", "task 1 comes before task 2"),
            ("1, 2, 3, and 4", "task 1 comes before task 2"),
            ("2, 3, and 1", "task 4 is missing"),
        ] {
            let v = judge(answer);
            assert_eq!(v.reason, Reason::WrongAnswer, "{answer}");
            assert!(v.message.contains(want), "{answer}: {}", v.message);
        }
        assert_eq!(judge("4, 1, 3, 2").detail.unwrap()["broken"], 3);
    }

    #[test]
    fn the_lexicographic_mode_accepts_only_the_smallest() {
        let data = instance(true);
        assert!(verify(&data, "<answer>2, 3, 1, 4</answer>").correct);
        let v = verify(&data, "<answer>3, 2, 1, 4</answer>");
        assert_eq!(v.reason, Reason::WrongAnswer);
        assert!(
            v.message.contains("position 1 can hold a smaller task"),
            "{}",
            v.message
        );
    }

    #[test]
    fn junk_is_unparsable() {
        for form in [
            "2, 3, 1, 4 or 3, 2, 1, 4",
            "2, 3, 1.5, 4",
            "two, 3, 1, 4",
            "2, 3,, 1, 4",
            "Order:",
            "2, 3, 1, and, 4",
            "2, 3, 1, 4, and",
            "2 -> 3 -> 1 and 4",
            "2 -> 3 -> 1, and 4",
            "2, 3, 1 or and 4",
        ] {
            let v = judge(form);
            assert_eq!(v.reason, Reason::UnparsableAnswer, "{form}: {v:?}");
        }
    }
}
