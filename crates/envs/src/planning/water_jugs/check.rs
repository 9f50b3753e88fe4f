//! The invariants of a `water_jugs` record, checked before any answer is judged: a record that
//! breaks one is a verifier error, never the model's fault.

use super::WaterJugsData;
use super::params::{MAX_CAPACITY, MAX_JUGS};

/// Checks the jug count, that capacities are distinct and in range, that the target fits in a
/// jug, and that the recorded optimum is at least one move. The optimum itself is proven at
/// generation by BFS and re-proven by an independent search in the tests; re-running the search
/// on every verify would cost milliseconds.
pub fn check_data(data: &WaterJugsData) -> Result<(), String> {
    let k = data.capacities.len() as u32;
    if !(2..=MAX_JUGS).contains(&k) {
        return Err(format!("there are {k} jugs; allowed 2 to {MAX_JUGS}"));
    }
    for (i, &c) in data.capacities.iter().enumerate() {
        if !(1..=MAX_CAPACITY).contains(&c) {
            return Err(format!(
                "capacities[{i}] is {c}; allowed 1 to {MAX_CAPACITY}"
            ));
        }
        if data.capacities[..i].contains(&c) {
            return Err(format!(
                "capacities[{i}] is {c} again; capacities are distinct"
            ));
        }
    }
    let top = data.capacities.iter().copied().max().unwrap_or(0);
    if !(1..=top).contains(&data.target) {
        return Err(format!(
            "target is {}; it must be 1 to the largest capacity ({top})",
            data.target
        ));
    }
    if data.optimal == 0 {
        return Err("optimal is 0; a plan needs at least one move".to_owned());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn jugs() -> WaterJugsData {
        WaterJugsData {
            capacities: vec![3, 5],
            target: 4,
            optimal: 6,
        }
    }

    type Break = fn(&mut WaterJugsData);

    #[test]
    fn each_broken_invariant_is_named() {
        assert_eq!(check_data(&jugs()), Ok(()));
        let cases: [(Break, &str); 6] = [
            (|d| d.capacities.truncate(1), "there are 1 jugs"),
            (|d| d.capacities[1] = 41, "capacities[1] is 41"),
            (|d| d.capacities[1] = 0, "capacities[1] is 0"),
            (|d| d.capacities[1] = 3, "capacities[1] is 3 again"),
            (|d| d.target = 6, "target is 6"),
            (|d| d.optimal = 0, "optimal is 0"),
        ];
        for (break_it, why) in cases {
            let mut d = jugs();
            break_it(&mut d);
            let err = check_data(&d).unwrap_err();
            assert!(err.contains(why), "{why}: {err}");
        }
    }
}
