//! The invariants of a `knapsack` record, checked before any answer is judged: a record that
//! breaks one is a verifier error, never the model's fault.

use super::KnapsackData;
use super::params::{MAX_ITEMS, MAX_VALUE, MAX_WEIGHT};

/// Checks sizes and ranges, and that the reference set is ascending, distinct, fits and reaches
/// `optimum` (so an answer exists). That no set does better is the generator's DP, re-proven in
/// the tests; it is too costly to redo on every verify.
pub fn check_data(data: &KnapsackData) -> Result<(), String> {
    let n = data.weights.len();
    if !(1..=MAX_ITEMS as usize).contains(&n) {
        return Err(format!("there are {n} items; allowed 1 to {MAX_ITEMS}"));
    }
    if data.values.len() != n {
        return Err(format!(
            "values has {} entries; weights has {n}",
            data.values.len()
        ));
    }
    if let Some(i) = data
        .weights
        .iter()
        .position(|w| !(1..=MAX_WEIGHT).contains(w))
    {
        return Err(format!(
            "weights[{i}] is {}; weights are 1 to {MAX_WEIGHT}",
            data.weights[i]
        ));
    }
    if let Some(i) = data
        .values
        .iter()
        .position(|v| !(1..=MAX_VALUE).contains(v))
    {
        return Err(format!(
            "values[{i}] is {}; values are 1 to {MAX_VALUE}",
            data.values[i]
        ));
    }
    let (mut weight, mut value, mut previous) = (0u64, 0u64, 0u32);
    for &item in &data.chosen {
        if item <= previous || item as usize > n {
            return Err(format!(
                "chosen holds {item}; items are 1 to {n}, ascending, each once"
            ));
        }
        previous = item;
        weight += u64::from(data.weights[item as usize - 1]);
        value += u64::from(data.values[item as usize - 1]);
    }
    if weight > u64::from(data.capacity) {
        return Err(format!(
            "the reference set weighs {weight}, over the capacity {}",
            data.capacity
        ));
    }
    if value != data.optimum {
        return Err(format!(
            "the reference set is worth {value}, not the optimum {}",
            data.optimum
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn instance() -> KnapsackData {
        KnapsackData {
            weights: vec![6, 5, 5],
            values: vec![36, 25, 25],
            capacity: 10,
            optimum: 50,
            chosen: vec![2, 3],
        }
    }

    type Break = fn(&mut KnapsackData);

    #[test]
    fn each_broken_invariant_is_named() {
        assert_eq!(check_data(&instance()), Ok(()));
        let cases: [(Break, &str); 7] = [
            (|d| d.values.push(1), "values has 4"),
            (|d| d.weights[1] = 0, "weights[1] is 0"),
            (|d| d.values[2] = 100, "values[2] is 100"),
            (|d| d.chosen = vec![3, 2], "chosen holds 2"),
            (|d| d.chosen = vec![2, 4], "chosen holds 4"),
            (|d| d.capacity = 9, "over the capacity 9"),
            (|d| d.optimum = 51, "not the optimum 51"),
        ];
        for (break_it, why) in cases {
            let mut d = instance();
            break_it(&mut d);
            let err = check_data(&d).unwrap_err();
            assert!(err.contains(why), "{why}: {err}");
        }
    }
}
