//! The invariants of a `topo_order` record, checked before any answer is judged: a record that
//! breaks one is a verifier error, never the model's fault.

use super::TopoOrderData;
use super::kahn;
use super::params::MAX_TASKS;

/// Checks sizes and ranges, that dependencies are sorted and distinct, and that `order` lists
/// every task once and respects every dependency (which proves the graph acyclic, so an answer
/// exists). In the lexicographic mode it also re-derives the smallest order, since that order is
/// then the one answer.
pub fn check_data(data: &TopoOrderData) -> Result<(), String> {
    let n = data.tasks;
    if !(1..=MAX_TASKS).contains(&n) {
        return Err(format!("tasks is {n}; allowed 1 to {MAX_TASKS}"));
    }
    if data.order.len() != n as usize {
        return Err(format!(
            "order has {} tasks; it needs all {n}",
            data.order.len()
        ));
    }
    let mut position = [usize::MAX; MAX_TASKS as usize + 1];
    for (i, &t) in data.order.iter().enumerate() {
        if !(1..=n).contains(&t) || position[t as usize] != usize::MAX {
            return Err(format!(
                "order holds {t}; it lists tasks 1 to {n}, each once"
            ));
        }
        position[t as usize] = i;
    }
    let mut previous = [0, 0];
    for (i, &[a, b]) in data.dependencies.iter().enumerate() {
        if !(1..=n).contains(&a) || !(1..=n).contains(&b) || a == b {
            return Err(format!(
                "dependencies[{i}] is [{a}, {b}]; tasks are 1 to {n}, distinct"
            ));
        }
        if [a, b] <= previous {
            return Err(format!(
                "dependencies[{i}] is not after the one before; they are sorted and distinct"
            ));
        }
        previous = [a, b];
        if position[a as usize] > position[b as usize] {
            return Err(format!(
                "the reference order puts {b} before {a}, against a dependency"
            ));
        }
    }
    if data.lexicographic && kahn::order(n, &data.dependencies, false).as_ref() != Some(&data.order)
    {
        return Err("the reference order is not the lexicographically smallest".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn instance() -> TopoOrderData {
        TopoOrderData {
            tasks: 4,
            dependencies: vec![[2, 1], [3, 1], [3, 4]],
            lexicographic: true,
            order: vec![2, 3, 1, 4],
        }
    }

    type Break = fn(&mut TopoOrderData);

    #[test]
    fn each_broken_invariant_is_named() {
        assert_eq!(check_data(&instance()), Ok(()));
        let cases: [(Break, &str); 7] = [
            (|d| d.tasks = 0, "tasks is 0"),
            (|d| d.order.pop().map(drop).unwrap_or(()), "order has 3"),
            (|d| d.order[3] = 2, "order holds 2"),
            (|d| d.dependencies[2] = [3, 3], "dependencies[2] is [3, 3]"),
            (|d| d.dependencies[2] = [2, 1], "sorted and distinct"),
            (|d| d.dependencies.push([4, 2]), "puts 2 before 4"),
            (|d| d.order = vec![3, 2, 1, 4], "lexicographically smallest"),
        ];
        for (break_it, why) in cases {
            let mut d = instance();
            break_it(&mut d);
            let err = check_data(&d).unwrap_err();
            assert!(err.contains(why), "{why}: {err}");
        }
        let mut any = instance();
        any.lexicographic = false;
        any.order = vec![3, 2, 1, 4];
        assert_eq!(check_data(&any), Ok(()));
    }
}
