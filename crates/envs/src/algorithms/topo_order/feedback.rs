//! What a careful grader says about a wrong `topo_order` answer, from the tasks, the constraints
//! and the response only (never the reference order). The first of, in this order: a task (in
//! the order written) that does not exist or is listed again; the lowest task missing; the first
//! constraint, in the prompt's order, that the order breaks. An order keeping every constraint
//! is wrong only when the smallest is asked for, and hears only that it is not the smallest,
//! never where it departs from it.

use super::TopoOrderData;
use super::params::MAX_TASKS;
use super::verify::SPEC;
use crate::algorithms::listing;
use verigym_core::extract::extract_agreed_answer;

/// The sentence naming the first rule `response` breaks, or that it is valid but not smallest.
pub fn feedback(data: &TopoOrderData, response: &str) -> Option<String> {
    let answer = extract_agreed_answer(response, |r| super::verify::verify(data, r)).ok()?;
    let order = listing::parse(&answer, &SPEC).ok()?.items;
    let n = u64::from(data.tasks);
    if order.is_empty() || n > u64::from(MAX_TASKS) {
        return None;
    }
    let mut position = vec![usize::MAX; n as usize + 1];
    for (i, &t) in order.iter().enumerate() {
        if !(1..=n).contains(&t) {
            return Some(format!("There is no task {t}; tasks are 1 to {n}."));
        }
        if std::mem::replace(&mut position[t as usize], i) != usize::MAX {
            return Some(format!("Task {t} is listed more than once."));
        }
    }
    if let Some(t) = (1..position.len()).find(|&t| position[t] == usize::MAX) {
        return Some(format!("Task {t} is missing."));
    }
    let at = |t: u32| position.get(t as usize).copied();
    for &[a, b] in &data.dependencies {
        if at(a)? > at(b)? {
            return Some(format!(
                "Task {b} comes before task {a}, but {a} must come first."
            ));
        }
    }
    data.lexicographic.then(|| {
        "The order keeps every constraint, but it is not the smallest such order.".to_owned()
    })
}

#[cfg(test)]
mod tests {
    use super::super::{TopoOrder, TopoOrderData};
    use crate::feedback_tests::{assert_public_only, problems, tagged};
    use verigym_core::env::Env;

    #[test]
    fn feedback_reads_only_the_constraints_and_the_response() {
        assert_public_only(&TopoOrder, |d| d.order.reverse());
    }

    #[test]
    fn a_reversed_constraint_and_a_missing_task_are_named() {
        for (data, answer) in problems(&TopoOrder) {
            let Some(&[a, b]) = data.dependencies.first() else {
                continue;
            };
            let mut order = data.order.clone();
            let (i, j) = (
                order.iter().position(|&t| t == a).unwrap(),
                order.iter().position(|&t| t == b).unwrap(),
            );
            order.swap(i, j);
            let text: Vec<String> = order.iter().map(u32::to_string).collect();
            let said = TopoOrder
                .feedback(&data, &tagged(&text.join(", ")))
                .unwrap();
            assert!(
                said.starts_with("Task ") && said.contains(", but "),
                "{said}"
            );
            let last = answer.rsplit_once(", ").unwrap().0;
            let said = TopoOrder.feedback(&data, &tagged(last)).unwrap();
            assert!(said.ends_with(" is missing."), "{said}");
        }
    }

    #[test]
    fn a_valid_order_that_is_not_the_smallest_hears_only_that() {
        let data = TopoOrderData {
            tasks: 4,
            dependencies: vec![[2, 1], [3, 1], [3, 4]],
            lexicographic: true,
            order: vec![2, 3, 1, 4],
        };
        let said = TopoOrder.feedback(&data, &tagged("3, 2, 1, 4"));
        assert_eq!(
            said.as_deref(),
            Some("The order keeps every constraint, but it is not the smallest such order.")
        );
        let said = TopoOrder.feedback(&data, &tagged("2, 1, 3, 4"));
        assert_eq!(
            said.as_deref(),
            Some("Task 1 comes before task 3, but 3 must come first.")
        );
    }
}
