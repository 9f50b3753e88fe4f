//! What a careful grader says about a wrong `knapsack` answer, from the items, the capacity and
//! the response only (never the optimum or the reference set). The first of, in this order: an
//! item (in the order written) that does not exist or is chosen again; a total weight over the
//! capacity; a stated value, then a stated weight, other than the items' own. A set that keeps
//! every rule but is wrong is not the most valuable, and hears only that, never by how much.

use super::KnapsackData;
use super::verify::{SPEC, VALUE, WEIGHT};
use crate::algorithms::listing;
use verigym_core::extract::extract_agreed_answer;

/// The sentence naming the first rule `response` breaks, or that it is valid but not the best.
pub fn feedback(data: &KnapsackData, response: &str) -> Option<String> {
    let answer = extract_agreed_answer(response, |r| super::verify::verify(data, r)).ok()?;
    let listing = listing::parse(&answer, &SPEC).ok()?;
    let mut stated = [None; 2];
    for &(kind, number) in &listing.clauses {
        if stated.get_mut(usize::from(kind))?.replace(number).is_some() {
            return None;
        }
    }
    let n = data.weights.len().min(data.values.len()) as u64;
    let mut taken = vec![false; n as usize + 1];
    let (mut weight, mut value) = (0u64, 0u64);
    for &item in &listing.items {
        if !(1..=n).contains(&item) {
            return Some(format!("There is no item {item}; items are 1 to {n}."));
        }
        if std::mem::replace(&mut taken[item as usize], true) {
            return Some(format!("Item {item} is chosen more than once."));
        }
        weight += u64::from(data.weights[item as usize - 1]);
        value += u64::from(data.values[item as usize - 1]);
    }
    let capacity = data.capacity;
    Some(if weight > u64::from(capacity) {
        format!("The items weigh {weight}, over the capacity {capacity}.")
    } else if let Some(v) = stated[usize::from(VALUE)].filter(|&v| v != value) {
        format!("The stated value {v} is not the items' value {value}.")
    } else if let Some(w) = stated[usize::from(WEIGHT)].filter(|&w| w != weight) {
        format!("The stated weight {w} is not the items' weight {weight}.")
    } else {
        "The items fit within the capacity, but they are not the most valuable set.".to_owned()
    })
}

#[cfg(test)]
mod tests {
    use super::super::Knapsack;
    use crate::feedback_tests::{assert_public_only, problems, tagged};
    use verigym_core::env::Env;

    #[test]
    fn feedback_reads_only_the_items_and_the_response() {
        assert_public_only(&Knapsack, |d| {
            d.optimum += 1;
            d.chosen.clear();
        });
    }

    #[test]
    fn overweight_and_a_short_set_are_named_without_the_optimum() {
        for (data, _) in problems(&Knapsack) {
            let all: Vec<String> = (1..=data.weights.len()).map(|i| i.to_string()).collect();
            let weight: u64 = data.weights.iter().map(|&w| u64::from(w)).sum();
            let said = Knapsack.feedback(&data, &tagged(&all.join(", ")));
            if weight > u64::from(data.capacity) {
                let want = format!(
                    "The items weigh {weight}, over the capacity {}.",
                    data.capacity
                );
                assert_eq!(said.as_deref(), Some(want.as_str()));
            }
            let light = (1..=data.weights.len())
                .find(|&i| data.weights[i - 1] <= data.capacity)
                .unwrap();
            let said = Knapsack
                .feedback(&data, &tagged(&light.to_string()))
                .unwrap();
            assert!(
                !said.contains(&data.optimum.to_string()) || data.optimum < 10,
                "{said}"
            );
            assert_eq!(
                said,
                "The items fit within the capacity, but they are not the most valuable set."
            );
            let said = Knapsack.feedback(&data, &tagged(&format!("{light}, {light}")));
            assert_eq!(
                said,
                Some(format!("Item {light} is chosen more than once."))
            );
        }
    }
}
